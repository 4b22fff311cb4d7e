import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response head that contradicts itself fails, whichever transport delivered it.
@Suite("Response framing")
struct ResponseFramingTests {
    @Test(
        "Content-Length fields: agreeing ones are one length, disagreeing ones a bad response",
        arguments: [("9", true), ("9, 9", true), ("2, 9", false), ("9,2", false)])
    func contentLength(field: String, accepted: Bool) async {
        let router = Router<TestEndpoint>(
            transport: ClosureTransport.status(200, body: "123456789", headers: ["Content-Length": field]))

        let result: Result<Response, NetworkError>
        do {
            result = .success(try await router.request(TestEndpoint()))
        } catch {
            result = .failure(error)
        }

        switch result {
        case .success(let response):
            #expect(accepted)
            #expect(response.data.count == 9)
        case .failure(.transport(let failure)):
            #expect(!accepted)
            #expect(failure.kind == .badResponse)
            #expect(String(describing: failure).contains("GET https://api.example.com/3/movie/popular"))
        case .failure(let error):
            Issue.record("unexpected \(error)")
        }
    }
}
