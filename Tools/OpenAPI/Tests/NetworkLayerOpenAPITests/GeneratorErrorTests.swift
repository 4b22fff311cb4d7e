import Foundation
import Testing

@testable import NetworkLayerOpenAPI

@Suite("Malformed documents give one line naming the place")
struct GeneratorErrorTests {
    static let missingIn = InlineDocuments.document(
        paths: """
              /pets:
                get:
                  parameters:
                    - {name: limit, schema: {type: integer}}
                  responses:
                    '200': {description: ok}
            """)

    static let danglingReference = InlineDocuments.document(
        paths: """
              /pets:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Nope'}
                  responses:
                    '200': {description: ok}
            """)

    @Test(
        "Each malformed document gives its error",
        arguments: [
            (missingIn, "paths./pets.get.parameters[0]: "),
            (danglingReference, "paths./pets.post.requestBody: cannot resolve reference #/components/schemas/Nope"),
            ("openapi: 3.1.0\ninfo: [\n", "invalid document: not valid YAML: "),
            ("{\"openapi\": \"3.1.0\", \"info\": {", "invalid document: not valid JSON: "),
            ("{\"openapi\": \"3.1.0\", \"info\": {\"title\": 1}}", "info.title: "),
            ("openapi: 2.0\npaths: {}\n", "openapi: version 2.0 is not supported"),
            ("swagger: '2.0'\n", "openapi: missing"),
        ])
    func errors(document: String, prefix: String) {
        let message = InlineDocuments.error(document)
        #expect(message?.hasPrefix(prefix) == true, "\(message ?? "no error")")
        #expect(message?.contains("\n") == false)
    }

    @Test(
        "Choices that leave nothing are errors too",
        arguments: [
            (GeneratorOptions(server: "7"), "servers: no server 7"),
            (GeneratorOptions(tags: ["none"]), "paths: no operation is left after filtering"),
        ])
    func choices(options: GeneratorOptions, expected: String) {
        let document = InlineDocuments.document(
            paths: InlineDocuments.petPaths, components: InlineDocuments.petComponents)
        #expect(InlineDocuments.error(document, options: options) == expected)
    }

    @Test("Bytes that are no text at all fail without a crash")
    func binary() {
        let bytes = Data([0xFF, 0xFE, 0x00, 0x01, 0x80])
        #expect(throws: GeneratorError.self) {
            try Generator.generate(bytes, sourceName: "noise", options: GeneratorOptions())
        }
    }
}
