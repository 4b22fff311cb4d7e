/// One parameter of an operation, as an associated value of its case.
struct ParameterModel: Hashable {
    /// The associated value's label.
    let label: String
    /// The name on the wire.
    let key: String
    /// Optional when the parameter is.
    let type: TypeRef
    /// Whether the value is a `String`-backed enum, written by its raw value.
    let isStringEnum: Bool
}

/// How a request body is sent.
enum BodyKind: Hashable {
    /// An `Encodable` model as JSON.
    case json
    /// A form, from these properties of the model.
    case form([ModelProperty])
    /// A `MultipartFormData` the caller builds.
    case multipart
    /// Raw bytes with this content type.
    case data(contentType: String)
}

/// The body of an operation.
struct BodyModel: Hashable {
    let type: TypeRef
    let kind: BodyKind
}

/// One operation, as one case of the enum.
struct OperationModel: Hashable {
    let caseName: String
    /// The operation's first tag, which names its enum when there is one enum per tag.
    let tag: String?
    let doc: String?
    let method: String
    let path: String
    let pathParameters: [ParameterModel]
    let queryParameters: [ParameterModel]
    let headerParameters: [ParameterModel]
    let body: BodyModel?
    /// The explicit success statuses, or `nil` for every 2xx.
    let acceptableStatusCodes: [Int]?
    /// Whether the document lets the operation go without credentials (`security: []`) where others need them.
    let isPublic: Bool
    /// The JSON of the first success response's example, for `sampleData`.
    let sampleJSON: String?

    /// The associated values in order: path, then required, then optional ones.
    var associatedValues: [(label: String, type: TypeRef)] {
        var values = pathParameters.map { (label: $0.label, type: $0.type) }
        let others = (queryParameters + headerParameters).map { (label: $0.label, type: $0.type) }
        let bodyValue = body.map { [(label: "body", type: $0.type)] } ?? []
        values += (others + bodyValue).filter { !$0.type.isOptional }
        values += (others + bodyValue).filter { $0.type.isOptional }
        return values
    }
}
