import Foundation
import OpenAPIKit

/// Gathers the operations of a document into cases, declaring the models their parameters and bodies use.
struct OperationBuilder {
    let document: OpenAPI.Document
    let options: GeneratorOptions

    /// The operations the filters keep, in document order.
    func operations(models: inout ModelBuilder) throws(GeneratorError) -> [OperationModel] {
        var result: [OperationModel] = []
        var usedNames: Set<String> = []
        for (path, item) in document.paths {
            let pathPath = "paths.\(path.rawValue)"
            guard let pathItem = document.components[item] else {
                throw .unresolvedReference(path: pathPath, reference: item.a?.absoluteString ?? "")
            }
            if !options.paths.isEmpty, !options.paths.contains(path.rawValue) { continue }
            for endpoint in pathItem.endpoints {
                let operation = endpoint.operation
                let tags = operation.tags ?? []
                if !options.tags.isEmpty, !tags.contains(where: options.tags.contains) { continue }
                if !options.operationIDs.isEmpty, !options.operationIDs.contains(operation.operationId ?? "") {
                    continue
                }
                let method = endpoint.method.rawValue
                var name = SwiftNames.identifier(
                    operation.operationId ?? (method.lowercased() + " " + path.rawValue), fallback: "operation")
                while usedNames.contains(name) { name = SwiftNames.bare(name) + "_" }
                usedNames.insert(name)
                result.append(
                    try build(
                        operation, named: name, tag: tags.first, method: method, path: path.rawValue,
                        pathItem: pathItem,
                        at: "\(pathPath).\(method.lowercased())", models: &models))
            }
        }
        guard !result.isEmpty else { throw .noOperations }
        return result
    }

    private func build(
        _ operation: OpenAPI.Operation, named name: String, tag: String?, method: String, path: String,
        pathItem: OpenAPI.PathItem, at jsonPath: String, models: inout ModelBuilder
    ) throws(GeneratorError) -> OperationModel {
        let typePrefix = SwiftNames.typeName(SwiftNames.bare(name), fallback: "Operation")
        var parameters: [OpenAPI.Parameter] = []
        for (index, entry) in pathItem.parameters.enumerated() {
            parameters.append(try resolve(entry, at: "paths.\(path).parameters[\(index)]"))
        }
        for (index, entry) in operation.parameters.enumerated() {
            let parameter = try resolve(entry, at: "\(jsonPath).parameters[\(index)]")
            parameters.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            parameters.append(parameter)
        }
        var labels: Set<String> = ["body"]
        var byLocation: [OpenAPI.Parameter.Context.Location: [ParameterModel]] = [:]
        for parameter in parameters where parameter.location != .cookie && parameter.location != .querystring {
            var label = SwiftNames.identifier(parameter.name, fallback: "value")
            while labels.contains(label) { label = SwiftNames.bare(label) + "_" }
            labels.insert(label)
            var type = try parameterType(
                parameter, suggestedName: typePrefix + SwiftNames.typeName(parameter.name, fallback: "Value"),
                at: jsonPath, models: &models)
            if parameter.location == .header, !isSimple(type.unwrapped, models: models) { type = .named("String") }
            let required = parameter.required || parameter.location == .path
            byLocation[parameter.location, default: []].append(
                ParameterModel(
                    label: label, key: parameter.name, type: required ? type.unwrapped : type.optional,
                    isStringEnum: isStringEnum(type.unwrapped, models: models)))
        }
        let pathParameters = (byLocation[.path] ?? []).sorted {
            (path.range(of: "{\($0.key)}")?.lowerBound ?? path.endIndex)
                < (path.range(of: "{\($1.key)}")?.lowerBound ?? path.endIndex)
        }
        let answer = try responseDoc(of: operation, typePrefix: typePrefix, at: jsonPath, models: &models)
        let summary = docText(operation.summary, operation.description)
        return OperationModel(
            caseName: name,
            tag: tag,
            doc: [summary, answer].compactMap { $0 }.joined(separator: "\n\n"),
            method: method,
            path: path,
            pathParameters: pathParameters,
            queryParameters: byLocation[.query] ?? [],
            headerParameters: byLocation[.header] ?? [],
            body: try body(of: operation, typePrefix: typePrefix, at: jsonPath, models: &models),
            acceptableStatusCodes: statusCodes(operation.responses),
            isPublic: isPublic(operation),
            sampleJSON: sampleJSON(of: operation))
    }

    private func resolve<Value>(
        _ entry: Either<OpenAPI.Reference<Value>, Value>, at jsonPath: String
    ) throws(GeneratorError) -> Value where Value: ComponentDictionaryLocatable {
        guard let value = document.components[entry] else {
            throw .unresolvedReference(path: jsonPath, reference: entry.a?.absoluteString ?? "")
        }
        return value
    }

    private func parameterType(
        _ parameter: OpenAPI.Parameter, suggestedName: String, at jsonPath: String, models: inout ModelBuilder
    ) throws(GeneratorError) -> TypeRef {
        guard let context = parameter.schemaOrContent.a else { return .named("String") }
        let schema: JSONSchema
        switch context.schema {
        case .a(let reference): schema = .reference(reference.jsonReference)
        case .b(let inline): schema = inline
        }
        return try models.type(
            of: schema, suggestedName: suggestedName, path: jsonPath + ".parameters.\(parameter.name)")
    }

    /// Whether a header can carry `type` as text without a format to agree on.
    private func isSimple(_ type: TypeRef, models: ModelBuilder) -> Bool {
        guard case .named(let name) = type else { return false }
        return ["String", "Int", "Int32", "Double", "Float", "Bool"].contains(name)
            || isStringEnum(type, models: models)
    }

    private func isStringEnum(_ type: TypeRef, models: ModelBuilder) -> Bool {
        guard case .named(let name) = type, case .stringEnum = models.declarations[name] else { return false }
        return true
    }

    private func body(
        of operation: OpenAPI.Operation, typePrefix: String, at jsonPath: String, models: inout ModelBuilder
    ) throws(GeneratorError) -> BodyModel? {
        guard let entry = operation.requestBody else { return nil }
        let request = try resolve(entry, at: jsonPath + ".requestBody")
        let contents = request.content.map { (type: $0.key.typeAndSubtype.lowercased(), content: $0.value) }
        let chosen =
            contents.first { $0.type == "application/json" || $0.type.hasSuffix("+json") }
            ?? contents.first { $0.type == "application/x-www-form-urlencoded" }
            ?? contents.first { $0.type == "multipart/form-data" } ?? contents.first
        guard let chosen else { return nil }
        let schema = document.components[chosen.content]?.schema
        let suggested = typePrefix + "Request"
        switch chosen.type {
        case "multipart/form-data":
            return BodyModel(type: .named("MultipartFormData"), kind: .multipart)
        case "application/x-www-form-urlencoded":
            guard let schema else { return BodyModel(type: .named("Data"), kind: .data(contentType: chosen.type)) }
            let type = try models.type(of: schema, suggestedName: suggested, path: jsonPath + ".requestBody")
            var fields: [ModelProperty] = []
            if case .named(let name) = type.unwrapped, case .object(_, _, let properties) = models.declarations[name] {
                fields = properties
            }
            return BodyModel(type: request.required ? type.unwrapped : type.optional, kind: .form(fields))
        case let other where other == "application/json" || other.hasSuffix("+json"):
            let type =
                try schema.map { schema throws(GeneratorError) in
                    try models.type(of: schema, suggestedName: suggested, path: jsonPath + ".requestBody")
                } ?? .named(models.anyJSON())
            return BodyModel(type: request.required ? type.unwrapped : type.optional, kind: .json)
        default:
            return BodyModel(type: .named("Data"), kind: .data(contentType: chosen.type))
        }
    }

    /// Public where the document has security schemes or requirements and this operation requires none.
    private func isPublic(_ operation: OpenAPI.Operation) -> Bool {
        let hasSecurity = !document.components.securitySchemes.isEmpty || !document.security.isEmpty
        let requirements = operation.security ?? document.security
        return hasSecurity && requirements.allSatisfy(\.isEmpty)
    }

    /// `Answers with `Pet` (201).`: the model of the first success response, declared when it is inline.
    private func responseDoc(
        of operation: OpenAPI.Operation, typePrefix: String, at jsonPath: String, models: inout ModelBuilder
    ) throws(GeneratorError) -> String? {
        for (status, entry) in operation.responses {
            let statusText: String
            switch status.value {
            case .status(let code) where (200..<300).contains(code): statusText = String(code)
            case .range(.success): statusText = "2XX"
            default: continue
            }
            let response = try resolve(entry, at: "\(jsonPath).responses.\(status.rawValue)")
            let contents = response.content.map { (type: $0.key.typeAndSubtype.lowercased(), content: $0.value) }
            guard let first = contents.first else { return "Answers with no body (\(statusText))." }
            let json = contents.first { $0.type == "application/json" || $0.type.hasSuffix("+json") }
            guard let json, let schema = document.components[json.content]?.schema else {
                return "Answers with `\(first.type)` (\(statusText))."
            }
            let type = try models.type(
                of: schema, suggestedName: typePrefix + "Response",
                path: "\(jsonPath).responses.\(status.rawValue).content")
            return "Answers with `\(type.swift)` (\(statusText))."
        }
        return nil
    }

    /// The example of the first success response with a JSON example, as compact JSON with sorted keys.
    private func sampleJSON(of operation: OpenAPI.Operation) -> String? {
        for (status, entry) in operation.responses {
            guard case .status(let code) = status.value, (200..<300).contains(code),
                let response = document.components[entry]
            else { continue }
            for (type, contentEntry) in response.content {
                let mediaType = type.typeAndSubtype.lowercased()
                guard mediaType == "application/json" || mediaType.hasSuffix("+json"),
                    let content = document.components[contentEntry]
                else { continue }
                let example =
                    content.example
                    ?? content.examples?.values.lazy.compactMap { document.components[$0]?.dataOrLegacyValue }.first
                guard let example else { continue }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                guard let data = try? encoder.encode(example) else { continue }
                return String(decoding: data, as: UTF8.self)
            }
        }
        return nil
    }

    /// The explicit 2xx statuses, or `nil` when the document leaves the success range open.
    private func statusCodes(_ responses: OpenAPI.Response.Map) -> [Int]? {
        var codes: [Int] = []
        for status in responses.keys {
            switch status.value {
            case .status(let code) where (200..<300).contains(code): codes.append(code)
            case .range(.success): return nil
            default: continue
            }
        }
        return codes.isEmpty ? nil : codes.sorted()
    }
}
