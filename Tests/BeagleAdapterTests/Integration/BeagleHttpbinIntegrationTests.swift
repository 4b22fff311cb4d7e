import BeagleAdapter
import Foundation
import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The local httpbin that `scripts/test.sh` starts; without `HTTPBIN_URL` the suite is skipped, and with
/// `NETWORKLAYER_REQUIRE_INTEGRATION=1` but no server every test fails instead.
private let httpbin = LoopbackPeer(variable: "HTTPBIN_URL", description: "httpbin")

@Suite(
    "Integration: Beagle adapter against httpbin",
    .enabled(
        if: httpbin.isEnabled,
        "HTTPBIN_URL is not set: Beagle's integration tests skipped (scripts/test.sh runs them against a local httpbin)"
    )
)
struct BeagleHttpbinIntegrationTests {
    let client = RouterNetworkClient(additionalHeaders: ["X-Client": "network-layer"], logger: nil, timeout: 10)

    func url(_ path: String) throws -> URL {
        try #require(URL(string: try httpbin.requireURL().absoluteString + path))
    }

    func json(_ response: NetworkResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
    }

    @Test("/headers sees the default, additional-data and client headers")
    func headers() async throws {
        let data = HttpAdditionalData(httpData: nil, headers: ["X-Screen": "home"])
        let request = Request(url: try url("/headers"), type: .fetchComponent, additionalData: data)
        let headers = try #require(try json(await client.result(for: request).get())["headers"] as? [String: String])
        #expect(headers["Content-Type"] == "application/json")
        #expect(headers["Beagle-Platform"] == "IOS")
        #expect(headers["X-Screen"] == "home")
        #expect(headers["X-Client"] == "network-layer")
    }

    @Test("A GET form arrives as query arguments, empty values dropped")
    func formGet() async throws {
        let form = Request.FormData(method: .get, values: ["name": "beagle dog", "empty": "", "sign": "a+b"])
        let request = Request(url: try url("/get?page=2"), type: .submitForm(form), additionalData: nil)
        let args = try #require(try json(await client.result(for: request).get())["args"] as? [String: String])
        #expect(args == ["page": "2", "name": "beagle dog", "sign": "a+b"])
    }

    @Test("An empty GET form is sent with a bare ?, as Beagle's client sends it, and answered")
    func emptyFormGet() async throws {
        let form = Request.FormData(method: .get, values: ["empty": ""])
        let request = Request(url: try url("/get"), type: .submitForm(form), additionalData: nil)
        let response = try await client.result(for: request).get()
        #expect(response.response.url?.absoluteString.hasSuffix("/get?") == true)
        #expect(try json(response)["args"] as? [String: String] == [:])
    }

    @Test("A screen fetched with GET and an empty httpData body is sent and answered")
    func getWithEmptyBody() async throws {
        let data = HttpAdditionalData(httpData: .init(method: .GET, body: Data()), headers: [:])
        let request = Request(url: try url("/get"), type: .fetchComponent, additionalData: data)
        let response = try await client.result(for: request).get()
        #expect((response.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("A raw body typed Any arrives as JSON")
    func rawAnyBody() async throws {
        let body: [String: Any] = ["screen": "home", "items": [1, "two"] as [Any]]
        let raw = Request.RequestData(method: "POST", headers: ["Content-Type": "application/json"], body: body)
        let request = Request(url: try url("/post"), type: .rawRequest(raw), additionalData: nil)
        let received = try #require(try json(await client.result(for: request).get())["json"] as? [String: Any])
        #expect(received["screen"] as? String == "home")
        #expect((received["items"] as? [Any])?.count == 2)
    }

    @Test("A POST form arrives as a JSON body")
    func formPost() async throws {
        let form = Request.FormData(method: .post, values: ["name": "beagle", "empty": ""])
        let request = Request(url: try url("/post"), type: .submitForm(form), additionalData: nil)
        let body = try #require(try json(await client.result(for: request).get())["json"] as? [String: String])
        #expect(body == ["name": "beagle", "empty": ""])
    }

    @Test("A raw PUT arrives with its own headers and JSON body")
    func rawPut() async throws {
        let raw = Request.RequestData(
            method: "PUT",
            headers: ["Content-Type": "application/json", "X-Raw": "yes"],
            body: ["count": 3, "tags": ["a", "b"]] as Parameters
        )
        let request = Request(url: try url("/put"), type: .rawRequest(raw), additionalData: nil)
        let echo = try json(await client.result(for: request).get())
        let body = try #require(echo["json"] as? [String: Any])
        #expect(body["count"] as? Int == 3)
        #expect(body["tags"] as? [String] == ["a", "b"])
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["X-Raw"] == "yes")
        #expect(headers["Beagle-Platform"] == nil)
        #expect(headers["X-Client"] == nil)
    }

    @Test("404 and 500 become NetworkError with data, request and response", arguments: [404, 500])
    func statusFailures(status: Int) async throws {
        let request = Request(url: try url("/status/\(status)"), type: .fetchComponent, additionalData: nil)
        let result = await client.result(for: request)
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.statusCode == status)
        #expect(failure.data != nil)
        #expect(failure.request.url?.path == "/status/\(status)")
        #expect((failure.error as? NetworkLayer.NetworkError)?.statusCode == status)
    }

    @Test("Cancelling /delay/3 mid-flight completes once, with a cancellation")
    func cancelMidFlight() async throws {
        let request = Request(url: try url("/delay/3"), type: .fetchComponent, additionalData: nil)
        let results = Locked<[NetworkClient.NetworkResult]>([])
        let token = client.executeRequest(request) { result in results.withLock { $0.append(result) } }
        try await Task.sleep(nanoseconds: 300_000_000)
        token?.cancel()
        // httpbin answers after 3 s: a cancellation, rather than the response, shows the cancel ended the request.
        #expect(await eventually { results.current.count == 1 })
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(results.current.count == 1)
        if case .failure(let failure) = results.current.first {
            #expect(failure.isCancellation)
        } else {
            Issue.record("expected a cancellation, got \(results.current)")
        }
    }

    @Test("The view client fetches, caches and decodes a screen over the wire")
    func viewClient() async throws {
        let viewClient = CachingViewClient(
            networkClient: client,
            coder: TextCoder(),
            urlBuilder: UrlBuilder(baseUrl: try url("")),
            completionQueue: DispatchQueue(label: "integration.view-client")
        )
        let first = try (await viewClient.screen("/base64/YmVhZ2xl").get() as? TextScreen)?.text
        #expect(first == "beagle")
        let second = try (await viewClient.screen("/base64/YmVhZ2xl").get() as? TextScreen)?.text
        #expect(second == "beagle")
    }
}
