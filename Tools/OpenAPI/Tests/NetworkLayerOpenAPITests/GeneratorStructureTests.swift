import Foundation
import Testing

@testable import NetworkLayerOpenAPI

@Suite("What the generator writes for small documents")
struct GeneratorStructureTests {
    static let petstore = InlineDocuments.document(
        paths: InlineDocuments.petPaths, components: InlineDocuments.petComponents)

    @Test(
        "The enum has the lines a person would write",
        arguments: [
            "enum ShopAPI: EndPointType {",
            "/// Lists pets.",
            "/// Answers with `[Pet]` (200).",
            "/// Answers with no body (2XX).",
            "case listPets(kind: Kind, limit: Int? = nil, xTraceID: String? = nil)",
            "case createPet(body: Pet)",
            "case deletePet(petId: Int)",
            "case renamePet(petId: Int, body: RenamePetRequest? = nil)",
            "case uploadPhoto(petId: String, body: Data)",
            "case .uploadPhoto(let petId, _): \"/pets/\\(Self.segment(petId))/photo\"",
            "var baseURL: URL { URL(string: \"https://shop.example/v1\")! }",
            "case .deletePet(let petId): \"/pets/\\(petId)\"",
            "case .listPets: .get",
            "case .renamePet: .put",
            ".requestEncodable(body: nil, query: QueryItems([(\"limit\", limit), (\"kind\", kind)]))",
            ".requestEncodable(body: body)",
            ".requestParameters(bodyParameters: body.map { [\"name\": $0.name] }, bodyEncoding: .urlEncoding, urlParameters: nil)",
            ".requestData(body, contentType: \"image/png\", urlParameters: nil)",
            "if let xTraceID { fields[\"X-Trace-ID\"] = xTraceID }",
            "case .createPet: [201]",
            "default: Set(200..<300)",
            ###"case .listPets: Data(##"[{"id":1,"name":"Rex \"#1\""}]"##.utf8)"###,
        ])
    func endpointLines(line: String) throws {
        let files = try InlineDocuments.generate(Self.petstore)
        #expect(files.endpoints.contains(line), "missing: \(line)\n\(files.endpoints)")
    }

    @Test(
        "The models have the lines a person would write",
        arguments: [
            "enum Kind: String, Codable, Hashable, Sendable, CaseIterable {",
            "case `public` = \"public\"",
            "/// A pet.",
            "struct Pet: Codable, Hashable, Sendable {",
            "/// The pet's name.",
            "var name: String",
            "var born: Date?",
            "var tags: [String: String]?",
            "case ownerName = \"owner-name\"",
            "init(id: Int, name: String, born: Date? = nil, tags: [String: String]? = nil, ownerName: String? = nil) {",
            "enum Animal: Codable, Hashable, Sendable {",
            "case pet(Pet)",
            "case string(String)",
            "final class Tree: Codable, Hashable, Sendable {",
            "let child: Tree?",
            "var additionalProperties: [String: Int]",
            "self.kind = try keyedValues.decodeIfPresent(String.self, forKey: AnyKey(\"kind\"))",
            "otherValues[key.stringValue] = try keyedValues.decode(Int.self, forKey: key)",
        ])
    func modelLines(line: String) throws {
        let files = try InlineDocuments.generate(Self.petstore)
        #expect(files.models.contains(line), "missing: \(line)\n\(files.models)")
    }

    @Test(
        "Filters keep only the chosen operations",
        arguments: [
            (GeneratorOptions(tags: ["admin"]), ["createPet"]),
            (GeneratorOptions(paths: ["/pets/{petId}"]), ["deletePet", "renamePet"]),
            (GeneratorOptions(operationIDs: ["list-pets", "uploadPhoto"]), ["listPets", "uploadPhoto"]),
            (GeneratorOptions(tags: ["pets"], operationIDs: ["list-pets"]), ["listPets"]),
        ])
    func filters(options: GeneratorOptions, cases: [String]) throws {
        let files = try InlineDocuments.generate(Self.petstore, options: options)
        let all = ["listPets", "createPet", "deletePet", "renamePet", "uploadPhoto"]
        for name in all {
            #expect(files.endpoints.contains("    case \(name)") == cases.contains(name), "\(name)")
        }
    }

    @Test(
        "The name, server and access level can be chosen",
        arguments: [
            (GeneratorOptions(name: "Store"), "enum Store: EndPointType {"),
            (GeneratorOptions(server: "1"), "URL(string: \"https://eu.shop.example\")!"),
            (GeneratorOptions(server: "http://localhost:8080"), "URL(string: \"http://localhost:8080\")!"),
            (GeneratorOptions(accessModifier: "public"), "public enum ShopAPI: EndPointType {"),
            (GeneratorOptions(accessModifier: "public"), "public var path: String {"),
        ])
    func choices(options: GeneratorOptions, line: String) throws {
        let files = try InlineDocuments.generate(Self.petstore, options: options)
        #expect(files.endpoints.contains(line), "missing: \(line)")
        #expect(files.typeName == (options.name ?? "ShopAPI"))
    }

    @Test("A 3.0 document generates like the same 3.1 document, nullable becoming optional")
    func openAPI30() throws {
        let schema = """
                  schemas:
                    Note:
                      type: object
                      required: [text]
                      properties:
                        text: {type: string, nullable: true}
            """
        let paths = """
                  /notes:
                    get:
                      operationId: listNotes
                      responses:
                        '200': {description: ok}
            """
        let files = try InlineDocuments.generate(
            InlineDocuments.document(paths: paths, components: schema, version: "3.0.3"))
        #expect(files.models.contains("var text: String?"))
        #expect(files.endpoints.contains("case listNotes"))
    }

    @Test("An operation with `security: []` in a secured document needs no credentials")
    func security() throws {
        let paths = """
                  /login:
                    post:
                      operationId: login
                      security: []
                      responses:
                        '200': {description: ok}
                  /me:
                    get:
                      operationId: me
                      responses:
                        '200': {description: ok}
            """
        let secured = InlineDocuments.document(
            paths: paths,
            components: """
                      securitySchemes:
                        bearer: {type: http, scheme: bearer}
                """
        ).replacingOccurrences(of: "paths:\n", with: "security:\n  - bearer: []\npaths:\n")
        let files = try InlineDocuments.generate(secured)
        #expect(files.endpoints.contains("var requiresAuthentication: Bool {"))
        #expect(files.endpoints.contains("case .login: false"))
        #expect(files.endpoints.contains("default: true"))
        let open = try InlineDocuments.generate(InlineDocuments.document(paths: paths))
        #expect(!open.endpoints.contains("requiresAuthentication"))
    }

    @Test("A JSON document gives the same files as its YAML twin")
    func jsonAndYAML() throws {
        let json = """
            {"openapi": "3.1.0", "info": {"title": "Shop", "version": "1"},
             "paths": {"/ping": {"get": {"operationId": "ping", "responses": {"204": {"description": "ok"}}}}}}
            """
        let yaml = """
            openapi: 3.1.0
            info: {title: Shop, version: "1"}
            paths:
              /ping:
                get:
                  operationId: ping
                  responses:
                    '204': {description: ok}
            """
        #expect(try InlineDocuments.generate(json) == InlineDocuments.generate(yaml))
    }
}
