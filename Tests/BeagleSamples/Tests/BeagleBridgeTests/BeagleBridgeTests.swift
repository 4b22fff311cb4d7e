import Beagle
import BeagleAdapter
import Dispatch
import Foundation
import NetworkLayer
import Testing

@testable import BeagleBridge

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Beagle screen in these tests: the body's text.
private struct Page: Beagle.ServerDrivenComponent {
    let text: String
}

/// The bridge over a stub transport that answers with what the adapter sent it.
@Suite("BeagleBridge hands Beagle's calls to the adapter")
struct BeagleBridgeTests {
    /// Answers with the method, the form's values and the `X-Screen` header of the endpoint it is sent.
    static func echo(_ behavior: StubTransport<BeagleEndpoint>.Behavior = .immediate) -> RouterNetworkClient {
        let transport = StubTransport<BeagleEndpoint>(behavior: behavior) { endpoint in
            var values = ""
            if case .submitForm(_, let form, _) = endpoint {
                values = form.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            }
            let screen = endpoint.headers?["X-Screen"] ?? "-"
            return .http(200, data: Data("\(endpoint.httpMethod.rawValue) \(values) \(screen)".utf8))
        }
        return RouterNetworkClient(transport: transport, logger: nil)
    }

    let url = URL(fileURLWithPath: "/")

    func send(_ client: NetworkLayerClient, _ request: Beagle.Request) async -> Beagle.NetworkClient.NetworkResult {
        await withCheckedContinuation { continuation in
            _ = client.executeRequest(request) { continuation.resume(returning: $0) }
        }
    }

    @Test("A Beagle form reaches the adapter with its method, values and headers; Beagle gets the response")
    func form() async throws {
        let client = NetworkLayerClient(client: Self.echo())
        let data = Beagle.HttpAdditionalData(httpData: nil, headers: ["X-Screen": "cart"])
        let request = Beagle.Request(
            url: try #require(URL(string: "https://beagle.test/cart")),
            type: .submitForm(.init(method: .put, values: ["b": "2", "a": "1"])),
            additionalData: data
        )
        let response = try await send(client, request).get()
        #expect(String(decoding: response.data, as: UTF8.self) == "PUT a=1&b=2 cart")
        #expect((response.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("A failure comes back as Beagle's NetworkError with the request")
    func failure() async throws {
        let transport = StubTransport<BeagleEndpoint> { _ in .http(404, data: Data("gone".utf8)) }
        let client = NetworkLayerClient(client: RouterNetworkClient(transport: transport, logger: nil))
        let url = try #require(URL(string: "https://beagle.test/missing"))
        let result = await send(client, Beagle.Request(url: url, type: .fetchComponent, additionalData: nil))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.data == Data("gone".utf8))
        #expect(error.request.url == url)
        #expect((error.response as? HTTPURLResponse)?.statusCode == 404)
    }

    @Test("Cancelling Beagle's token cancels the adapter's request, which completes once")
    func cancel() async throws {
        let client = NetworkLayerClient(client: Self.echo(.delayed(seconds: 5)))
        let url = try #require(URL(string: "https://beagle.test/slow"))
        let result: Beagle.NetworkClient.NetworkResult = await withCheckedContinuation { continuation in
            let token = client.executeRequest(Beagle.Request(url: url, type: .fetchImage, additionalData: nil)) {
                continuation.resume(returning: $0)
            }
            token?.cancel()
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect((error.error as? URLError)?.code == .cancelled)
    }

    @Test("A screen is fetched through the adapter's view client and comes back as Beagle's component")
    func screen() async throws {
        let viewClient = NetworkLayerViewClient(
            client: Self.echo(),
            urlBuilder: UrlBuilder(baseUrl: URL(string: "https://beagle.test")),
            completionQueue: DispatchQueue(label: "BeagleBridgeTests")
        ) { data in Page(text: String(decoding: data, as: UTF8.self)) }
        let data = Beagle.HttpAdditionalData(
            httpData: .init(method: .POST, body: Data()), headers: ["X-Screen": "home"])
        let result: Result<Beagle.ServerDrivenComponent, Beagle.Request.Error> = await withCheckedContinuation {
            continuation in
            _ = viewClient.fetch(url: "/home", additionalData: data) { continuation.resume(returning: $0) }
        }
        #expect((try result.get() as? Page)?.text == "POST  home")
    }
}
