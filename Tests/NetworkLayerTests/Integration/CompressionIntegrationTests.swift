import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: compression", .needsHTTPBin)
struct CompressionIntegrationTests {
    @Test("A gzip body arrives decoded")
    func gzipIsDecoded() async throws {
        let router = try HTTPBinPeer.makeRouter()

        let response = try await router.request(.gzip)

        #expect(response.statusCode == 200)
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(try response.decode(HTTPBinEcho.self).gzipped == true)
    }
}
