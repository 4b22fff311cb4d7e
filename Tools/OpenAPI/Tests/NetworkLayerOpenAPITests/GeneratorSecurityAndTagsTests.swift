import Foundation
import Testing

@testable import NetworkLayerOpenAPI

@Suite("Security schemes and enums per tag")
struct GeneratorSecurityAndTagsTests {
    static let securedPaths = """
                  /me:
                    get:
                      operationId: me
                      responses:
                        '200': {description: ok}
        """

    static let schemes = """
                  securitySchemes:
                    bearer_auth: {type: http, scheme: bearer}
                    basic: {type: http, scheme: basic}
                    api_key: {type: apiKey, name: X-API-Key, in: header}
                    query_key: {type: apiKey, name: key, in: query}
                    petstore_auth:
                      type: oauth2
                      flows:
                        implicit:
                          authorizationUrl: https://shop.example/oauth
                          scopes: {read: read}
        """

    @Test(
        "Each security scheme becomes the credential plugin that sends it",
        arguments: [
            "extension ShopAPI {",
            "static func credentialPlugins(",
            "bearerAuth: (@Sendable () async -> String?)? = nil,",
            "plugins.append(AccessTokenPlugin(scheme: .bearer, token: bearerAuth))",
            "plugins.append(AccessTokenPlugin(scheme: .basic, token: basic))",
            "plugins.append(AccessTokenPlugin(scheme: nil, header: \"X-API-Key\", token: apiKey))",
            "plugins.append(AccessTokenPlugin(scheme: .bearer, token: petstoreAuth))",
            "/// - `queryKey`: `query_key`, an API key in the query `key`: no plugin sends it; add it yourself",
        ])
    func schemeLines(line: String) throws {
        let files = try InlineDocuments.generate(
            InlineDocuments.document(paths: Self.securedPaths, components: Self.schemes))
        #expect(files.endpoints.contains(line), "missing: \(line)\n\(files.endpoints)")
        #expect(!files.endpoints.contains("token: queryKey"))
    }

    @Test("A document without security schemes gets no credential plugins")
    func noSchemes() throws {
        let files = try InlineDocuments.generate(InlineDocuments.document(paths: Self.securedPaths))
        #expect(!files.endpoints.contains("credentialPlugins"))
    }

    @Test(
        "With enumPerTag, each tag has its enum, in the order the tags come, untagged operations the document's",
        arguments: [
            "enum PetsAPI: EndPointType {",
            "enum AdminAPI: EndPointType {",
            "enum ShopAPI: EndPointType {",
            "case listPets(kind: Kind, limit: Int? = nil, xTraceID: String? = nil)",
            "/// Shop (1): the operations tagged `pets`.",
        ])
    func perTag(line: String) throws {
        let files = try InlineDocuments.generate(
            InlineDocuments.document(paths: InlineDocuments.petPaths, components: InlineDocuments.petComponents),
            options: GeneratorOptions(enumPerTag: true))
        #expect(files.endpoints.contains(line), "missing: \(line)\n\(files.endpoints)")
        let pets = try #require(files.endpoints.range(of: "enum PetsAPI"))
        let admin = try #require(files.endpoints.range(of: "enum AdminAPI"))
        #expect(pets.lowerBound < admin.lowerBound)
    }

    @Test("With enumPerTag and every operation tagged, the document's enum holds only the credentials")
    func perTagAllTagged() throws {
        let paths = """
                      /me:
                        get:
                          operationId: me
                          tags: [account]
                          responses:
                            '200': {description: ok}
            """
        let files = try InlineDocuments.generate(
            InlineDocuments.document(paths: paths, components: Self.schemes),
            options: GeneratorOptions(enumPerTag: true))
        #expect(files.endpoints.contains("enum AccountAPI: EndPointType {"))
        #expect(files.endpoints.contains("enum ShopAPI {"))
        #expect(!files.endpoints.contains("extension ShopAPI"))
    }

    @Test("The config turns enumPerTag on; the same document gives the same bytes")
    func configAndStability() throws {
        let config = try GeneratorConfiguration.load(Data("enumPerTag: true\n".utf8))
        let options = config.applied(to: GeneratorOptions())
        #expect(options.enumPerTag)
        let document = InlineDocuments.document(
            paths: InlineDocuments.petPaths, components: InlineDocuments.petComponents)
        #expect(
            try InlineDocuments.generate(document, options: options)
                == InlineDocuments.generate(document, options: options))
    }
}
