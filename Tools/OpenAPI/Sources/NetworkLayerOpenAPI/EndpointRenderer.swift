/// Writes the `EndPointType` enum from the operations.
struct EndpointRenderer {
    let name: String
    let doc: String?
    let baseURL: String
    let operations: [OperationModel]
    let access: String

    /// The enum in a file of its own, after `header` and the imports.
    func render(header: String) -> String {
        var writer = Self.fileStart(header: header)
        render(into: &writer)
        return writer.text
    }

    /// `header` and the imports every file of endpoints starts with.
    static func fileStart(header: String) -> SwiftWriter {
        var writer = SwiftWriter()
        writer.line(header)
        writer.line("")
        writer.line("import Foundation")
        writer.line("import NetworkLayer")
        return writer
    }

    /// The enum, after an empty line.
    func render(into writer: inout SwiftWriter) {
        writer.line("")
        writer.doc(doc)
        writer.block("\(access)enum \(name): EndPointType {") { body in
            for operation in operations {
                body.doc(operation.doc)
                let values = operation.associatedValues.map {
                    "\($0.label): \($0.type.swift)\($0.type.isOptional ? " = nil" : "")"
                }
                if values.isEmpty {
                    body.line("case \(operation.caseName)")
                } else {
                    body.list("case \(operation.caseName)", values, "")
                }
            }
            body.line("")
            body.line("/// `\(baseURL)`, checked when this file was generated.")
            body.line("\(access)var baseURL: URL { URL(string: \(swiftLiteral(baseURL)))! }")
            renderPath(into: &body)
            renderMethod(into: &body)
            renderTask(into: &body)
            renderHeaders(into: &body)
            renderStatusCodes(into: &body)
            renderAuthentication(into: &body)
            renderSampleData(into: &body)
            if usesSegments { renderSegment(into: &body) }
            if usesQueryItems { renderQueryItems(into: &body) }
        }
    }

    /// `case .name(let a, _, let c)`, binding only `used` labels.
    private func pattern(_ operation: OperationModel, binding used: Set<String>) -> String {
        let values = operation.associatedValues
        guard values.contains(where: { used.contains($0.label) }) else { return ".\(operation.caseName)" }
        let bindings = values.map { used.contains($0.label) ? "let \($0.label)" : "_" }
        return ".\(operation.caseName)(\(bindings.joined(separator: ", ")))"
    }

    private func renderPath(into body: inout SwiftWriter) {
        body.line("")
        body.block("\(access)var path: String {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in operations {
                    var path = operation.path
                    for parameter in operation.pathParameters {
                        let value =
                            parameter.isStringEnum
                            ? "\(parameter.label).rawValue"
                            : parameter.type == .named("String") ? "Self.segment(\(parameter.label))" : parameter.label
                        path = path.replacingOccurrences(of: "{\(parameter.key)}", with: "\\(\(value))")
                    }
                    let literal = swiftLiteral(path).replacingOccurrences(of: "\\\\(", with: "\\(")
                    let used = Set(operation.pathParameters.map(\.label))
                    cases.line("case \(pattern(operation, binding: used)): \(literal)")
                }
            }
        }
    }

    private func renderMethod(into body: inout SwiftWriter) {
        body.line("")
        body.block("\(access)var httpMethod: HTTPMethod {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in operations {
                    let known = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
                    let method =
                        known.contains(operation.method)
                        ? "." + operation.method.lowercased()
                        : "HTTPMethod(rawValue: \(swiftLiteral(operation.method)))"
                    cases.line("case .\(operation.caseName): \(method)")
                }
            }
        }
    }

    private var usesSegments: Bool {
        operations.contains { $0.pathParameters.contains { $0.type == .named("String") } }
    }

    private func renderSegment(into body: inout SwiftWriter) {
        body.line("")
        body.line(
            "/// `value` as one path segment: a `/`, `?`, `#` or `%` in it is percent-encoded, so it adds no segment.")
        body.block("private static func segment(_ value: String) -> String {") { code in
            code.line("value.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? value")
        }
        body.line("")
        body.line(
            "private static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: \"/\"))"
        )
    }

    private var usesQueryItems: Bool {
        operations.contains { operation in
            guard !operation.queryParameters.isEmpty else { return false }
            if case .json = operation.body?.kind { return true }
            return operation.body == nil
        }
    }

    private func renderTask(into body: inout SwiftWriter) {
        body.line("")
        body.block("\(access)var task: HTTPTask {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in operations {
                    var used = Set(operation.queryParameters.map(\.label))
                    if operation.body != nil { used.insert("body") }
                    cases.line("case \(pattern(operation, binding: used)):")
                    cases.line("    " + task(for: operation))
                }
            }
        }
    }

    private func task(for operation: OperationModel) -> String {
        let query = operation.queryParameters
        let parameters = query.isEmpty ? "nil" : dictionary(query.map { ($0.key, $0.label, $0.type.isOptional) })
        switch operation.body?.kind {
        case nil:
            return query.isEmpty ? ".request" : ".requestEncodable(body: nil, query: \(queryItems(query)))"
        case .json:
            return query.isEmpty
                ? ".requestEncodable(body: body)" : ".requestEncodable(body: body, query: \(queryItems(query)))"
        case .form(let fields):
            let optionalBody = operation.body?.type.isOptional == true
            let source = optionalBody ? "$0" : "body"
            let form = dictionary(fields.map { ($0.key, "\(source).\($0.name)", $0.type.isOptional) })
            let bodyParameters = optionalBody ? "body.map { \(form) }" : form
            return
                ".requestParameters(bodyParameters: \(bodyParameters), bodyEncoding: .urlEncoding, urlParameters: \(parameters))"
        case .multipart:
            return ".uploadMultipart(body, urlParameters: \(parameters))"
        case .data(let contentType):
            return ".requestData(body, contentType: \(swiftLiteral(contentType)), urlParameters: \(parameters))"
        }
    }

    /// A `Parameters` literal; optional values are passed as they are, `nil` dropping the key.
    private func dictionary(_ entries: [(key: String, value: String, optional: Bool)]) -> String {
        guard !entries.isEmpty else { return "[:]" }
        let pairs = entries.map { "\(swiftLiteral($0.key)): \($0.value)\($0.optional ? " as any Sendable" : "")" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }

    private func queryItems(_ query: [ParameterModel]) -> String {
        "QueryItems([" + query.map { "(\(swiftLiteral($0.key)), \($0.label))" }.joined(separator: ", ") + "])"
    }

    private func renderHeaders(into body: inout SwiftWriter) {
        let withHeaders = operations.filter { !$0.headerParameters.isEmpty }
        guard !withHeaders.isEmpty else { return }
        body.line("")
        body.block("\(access)var headers: HTTPHeaders? {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in withHeaders {
                    cases.line("case \(pattern(operation, binding: Set(operation.headerParameters.map(\.label)))):")
                    cases.line("    var fields: [String: String] = [:]")
                    for parameter in operation.headerParameters {
                        let text = headerText(parameter)
                        if parameter.type.isOptional {
                            cases.line(
                                "    if let \(parameter.label) { fields[\(swiftLiteral(parameter.key))] = \(text) }")
                        } else {
                            cases.line("    fields[\(swiftLiteral(parameter.key))] = \(text)")
                        }
                    }
                    cases.line("    return fields.isEmpty ? nil : HTTPHeaders(fields)")
                }
                if withHeaders.count < operations.count {
                    cases.line("default:")
                    cases.line("    return nil")
                }
            }
        }
    }

    private func headerText(_ parameter: ParameterModel) -> String {
        if parameter.isStringEnum { return "\(parameter.label).rawValue" }
        if parameter.type.unwrapped == .named("String") { return parameter.label }
        return "String(\(parameter.label))"
    }

    private func renderStatusCodes(into body: inout SwiftWriter) {
        let explicit = operations.filter { $0.acceptableStatusCodes != nil }
        guard !explicit.isEmpty else { return }
        body.line("")
        body.line("/// The statuses the document lists as success, where it lists them.")
        body.block("\(access)var acceptableStatusCodes: Set<Int> {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in explicit {
                    let codes = (operation.acceptableStatusCodes ?? []).map(String.init).joined(separator: ", ")
                    cases.line("case .\(operation.caseName): [\(codes)]")
                }
                if explicit.count < operations.count { cases.line("default: Set(200..<300)") }
            }
        }
    }

    private func renderAuthentication(into body: inout SwiftWriter) {
        let open = operations.filter(\.isPublic)
        guard !open.isEmpty else { return }
        body.line("")
        body.line("/// `false` for the operations the document lets go without credentials (`security: []`).")
        body.block("\(access)var requiresAuthentication: Bool {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in open { cases.line("case .\(operation.caseName): false") }
                if open.count < operations.count { cases.line("default: true") }
            }
        }
    }

    private func renderSampleData(into body: inout SwiftWriter) {
        let withSamples = operations.filter { $0.sampleJSON != nil }
        guard !withSamples.isEmpty else { return }
        body.line("")
        body.line("/// The document's example of each success response, for stubs; empty where it has none.")
        body.block("\(access)var sampleData: Data {") { code in
            code.switchBlock("switch self {") { cases in
                for operation in withSamples {
                    cases.line("case .\(operation.caseName): Data(\(rawLiteral(operation.sampleJSON ?? "")).utf8)")
                }
                if withSamples.count < operations.count { cases.line("default: Data()") }
            }
        }
    }

    /// `text` as a raw string literal (`#"..."#`), with enough `#` that nothing inside ends or escapes it.
    private func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes + "\"" + text + "\"" + hashes
    }

    private func renderQueryItems(into body: inout SwiftWriter) {
        body.line("")
        body.line("/// Query parameters as one `Encodable` value, so that the router's URL encoder writes them;")
        body.line("/// `nil` values are left out.")
        body.block("private struct QueryItems: Encodable, Sendable {") { code in
            code.line("let items: [(String, (any Encodable & Sendable)?)]")
            code.line("")
            code.block("init(_ items: [(String, (any Encodable & Sendable)?)]) {") { $0.line("self.items = items") }
            code.line("")
            code.block("func encode(to encoder: any Encoder) throws {") { encode in
                encode.line("var container = encoder.container(keyedBy: Key.self)")
                encode.block("for (name, value) in items {") { loop in
                    loop.line("if let value { try container.encode(value, forKey: Key(stringValue: name)) }")
                }
            }
            code.line("")
            code.block("private struct Key: CodingKey {") { key in
                key.line("let stringValue: String")
                key.line("var intValue: Int? { nil }")
                key.line("init(stringValue: String) { self.stringValue = stringValue }")
                key.line("init?(intValue: Int) { nil }")
            }
        }
    }
}
