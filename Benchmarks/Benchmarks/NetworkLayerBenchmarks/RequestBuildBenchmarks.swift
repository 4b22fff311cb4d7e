import BeagleAdapter
import Benchmark
import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Building a `URLRequest` without sending it: NetworkLayer against Foundation doing the same job.
enum RequestBuildBenchmarks {
    /// Builds, never sends: its transport fails every request.
    static let router = Router<SampleAPI>(transport: ClosureTransport { _ in throw CancellationError() })

    static func register() {
        registerGET()
        registerDictionaryBody()
        registerEncodableBody()
        registerBeagleForm()
    }

    private static func registerGET() {
        let base = SampleAPI.baseURL
        let path = SampleAPI.popularPath
        let query = SampleAPI.referenceQuery
        measure("GET build: NetworkLayer Router") {
            try router.makeRequest(for: .popular(query))
        } check: { request in
            try expect(request.url?.absoluteString == SampleAPI.referenceURL, "URL \(String(describing: request.url))")
        }
        measure("GET build: baseline URLComponents.queryItems") {
            try FoundationBaselines.queryItemsRequest(base: base, path: path, query: query)
        }
        measure("GET build: baseline addingPercentEncoding") {
            try FoundationBaselines.percentEncodingRequest(base: base, path: path, query: query)
        } check: { request in
            try expect(request.url?.absoluteString == SampleAPI.referenceURL, "URL \(String(describing: request.url))")
        }
        PairedCPUTime.register("GET build: paired Router vs URLComponents.queryItems") {
            blackHole(try router.makeRequest(for: .popular(query)))
        } baseline: {
            blackHole(try FoundationBaselines.queryItemsRequest(base: base, path: path, query: query))
        }
        PairedCPUTime.register("GET build: paired Router vs addingPercentEncoding") {
            blackHole(try router.makeRequest(for: .popular(query)))
        } baseline: {
            blackHole(try FoundationBaselines.percentEncodingRequest(base: base, path: path, query: query))
        }
    }

    private static func registerDictionaryBody() {
        let body = SampleAPI.listBody
        measure("POST dictionary body: NetworkLayer Router") {
            try router.makeRequest(for: .createList(body))
        } check: { request in
            try expectJSONBody(request, equalTo: body)
        }
        measure("POST dictionary body: baseline JSONSerialization") {
            try FoundationBaselines.jsonSerializationRequest(
                base: SampleAPI.baseURL,
                path: SampleAPI.listPath,
                body: body
            )
        } check: { request in
            try expectJSONBody(request, equalTo: body)
        }
        PairedCPUTime.register("POST dictionary body: paired Router vs JSONSerialization") {
            blackHole(try router.makeRequest(for: .createList(body)))
        } baseline: {
            blackHole(
                try FoundationBaselines.jsonSerializationRequest(
                    base: SampleAPI.baseURL, path: SampleAPI.listPath, body: body))
        }
    }

    private static func registerEncodableBody() {
        let draft = SampleAPI.listDraft
        measure("POST Encodable body: NetworkLayer Router") {
            try router.makeRequest(for: .createListEncodable(draft))
        } check: { request in
            try expect(request.httpBody.map { try JSONDecoder().decode(ListDraft.self, from: $0) } == draft, "body")
        }
        measure("POST Encodable body: baseline JSONEncoder") {
            try FoundationBaselines.jsonEncoderRequest(base: SampleAPI.baseURL, path: SampleAPI.listPath, body: draft)
        }
        PairedCPUTime.register("POST Encodable body: paired Router vs JSONEncoder") {
            blackHole(try router.makeRequest(for: .createListEncodable(draft)))
        } baseline: {
            blackHole(
                try FoundationBaselines.jsonEncoderRequest(
                    base: SampleAPI.baseURL, path: SampleAPI.listPath, body: draft))
        }
    }

    private static func registerBeagleForm() {
        let client = RouterNetworkClient(transport: ClosureTransport { _ in throw CancellationError() }, logger: nil)
        let values = (1...10).reduce(into: [String: String]()) { values, index in
            values["field\(index)"] = "value \(index) – ü"
        }
        let request = Request(
            url: URL(string: "https://beagle.example.com/forms/signup")!,
            type: .submitForm(Request.FormData(method: .post, values: values)),
            additionalData: HttpAdditionalData(httpData: nil, headers: ["Authorization": "Bearer abc123"])
        )
        measure("Beagle submitForm build: RouterNetworkClient") {
            try client.makeURLRequest(for: request)
        } check: { urlRequest in
            try expect(urlRequest.httpMethod == "POST", "method \(String(describing: urlRequest.httpMethod))")
            try expectJSONBody(urlRequest, equalTo: values)
        }
    }

    /// Registers a benchmark that builds one request per inner iteration, after checking the result once.
    private static func measure(
        _ name: String,
        build: @escaping () throws -> URLRequest,
        check: @escaping (URLRequest) throws -> Void = { _ in }
    ) {
        Benchmark(name, configuration: Settings.cpuBound) { (benchmark: Benchmark) throws in
            try ThreadCPUTime.measure(benchmark) { blackHole(try build()) }
        } setup: {
            try check(try build())
        }
    }

    private static func expectJSONBody(_ request: URLRequest, equalTo expected: [String: any Sendable]) throws {
        guard let body = request.httpBody,
            let object = try JSONSerialization.jsonObject(with: body) as? NSDictionary,
            let expectedData = try? JSONSerialization.data(withJSONObject: expected),
            let expectedObject = try JSONSerialization.jsonObject(with: expectedData) as? NSDictionary
        else { throw BenchmarkFailure("no JSON object body") }
        try expect(object == expectedObject, "body \(String(decoding: body, as: UTF8.self))")
    }
}

/// Throws unless `condition` holds: the benchmarks check their output once before measuring.
func expect(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    guard condition else { throw BenchmarkFailure("unexpected \(what())") }
}
