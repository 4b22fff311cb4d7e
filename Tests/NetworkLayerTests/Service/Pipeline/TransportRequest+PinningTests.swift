import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that counts what it is sent, and says it checks pins or not.
private struct CountingTransport: HTTPTransport {
    let checksPins: Bool
    let sent = Locked(0)

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.increment()
        return try await ClosureTransport.status(200).send(request)
    }

    func pinningLimitation(for pins: [CertificatePin]) -> String? {
        checksPins ? nil : "pinning is not supported by this transport; use AsyncHTTPClientTransport"
    }
}

@Suite("Pinned hosts: a request goes out only over https and a transport that checks the pins")
struct PinningRefusalTests {
    static let pinning = try? CertificatePinning(["api.example.com": [TestCertificates.leafKeyPin]])

    @Test(
        "Refused before anything is sent, or sent",
        arguments: [
            (true, "https://api.example.com/3", nil),
            (
                false, "https://api.example.com/3",
                "pinning is not supported by this transport; use AsyncHTTPClientTransport"
            ),
            (true, "http://api.example.com/3", "pins hold only over https"),
            (false, "https://other.example.com/3", nil),
            (false, "http://other.example.com/3", nil),
        ] as [(Bool, String, String?)])
    func refusal(checksPins: Bool, base: String, reason: String?) async throws {
        let transport = CountingTransport(checksPins: checksPins)
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(certificatePinning: Self.pinning),
            transport: transport)
        let endpoint = TestEndpoint(baseURL: try #require(URL(string: base)))
        let error: NetworkError
        do {
            let response = try await router.request(endpoint)
            #expect(reason == nil && response.statusCode == 200 && transport.sent.current == 1)
            return
        } catch let thrown {
            error = thrown
        }
        let reason = try #require(reason, "\(error)")
        #expect(transport.sent.current == 0)
        #expect(error.kind == .secureConnection)
        #expect(
            error.underlyingError as? CertificatePinningError == .unsupported(host: "api.example.com", reason: reason))
        #expect(
            error.description
                == "Secure connection failed: GET \(base)/movie/popular, api.example.com is pinned, but \(reason)")
    }

    #if canImport(FoundationNetworking)
    @Test("URLSessionTransport on Linux refuses a pinned host at once: nothing connects to it")
    func urlSessionOnLinux() async throws {
        // Nothing listens on port 1: a request that went out would fail to connect instead.
        let pinning = try CertificatePinning(["127.0.0.1": [TestCertificates.leafKeyPin]])
        let router = Router<TestEndpoint>(configuration: RouterConfiguration(certificatePinning: pinning))
        let endpoint = TestEndpoint(baseURL: try #require(URL(string: "https://127.0.0.1:1")))
        let error = await #expect(throws: NetworkError.self) { try await router.request(endpoint) }
        #expect(error?.kind == .secureConnection)
        #expect(error?.underlyingError is CertificatePinningError)
    }
    #endif
}
