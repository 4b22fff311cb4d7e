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
        registerEncodableQuery()
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
        measure("POST Encodable body: baseline plain JSONEncoder") {
            try FoundationBaselines.plainJSONEncoderRequest(
                base: SampleAPI.baseURL, path: SampleAPI.listPath, body: draft)
        }
        PairedCPUTime.register("POST Encodable body: paired Router vs JSONEncoder") {
            blackHole(try router.makeRequest(for: .createListEncodable(draft)))
        } baseline: {
            blackHole(
                try FoundationBaselines.jsonEncoderRequest(
                    base: SampleAPI.baseURL, path: SampleAPI.listPath, body: draft))
        }
        PairedCPUTime.register("POST Encodable body: paired Router vs plain JSONEncoder") {
            blackHole(try router.makeRequest(for: .createListEncodable(draft)))
        } baseline: {
            blackHole(
                try FoundationBaselines.plainJSONEncoderRequest(
                    base: SampleAPI.baseURL, path: SampleAPI.listPath, body: draft))
        }
    }

    /// The route every `Encodable` query took before the library's own encoder: `JSONEncoder`, then
    /// `JSONSerialization`. A date strategy given as a closure (spelling dates as `.iso8601` does) is
    /// one the library leaves to `JSONEncoder`, so this router still takes that route.
    static let jsonRouteRouter: Router<SampleAPI> = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(.iso8601))
        }
        return Router(
            configuration: RouterConfiguration(bodyEncoder: JSONParameterEncoder(encoder: encoder)),
            transport: ClosureTransport { _ in throw CancellationError() })
    }()

    private static func registerEncodableQuery() {
        let query = SampleAPI.discoverQuery
        let checkURL = { (request: URLRequest) in
            try expect(request.url?.absoluteString == SampleAPI.discoverURL, "URL \(String(describing: request.url))")
        }
        measure(
            "GET Encodable query: NetworkLayer Router", build: { try router.makeRequest(for: .discover(query)) },
            check: checkURL)
        measure(
            "GET Encodable query: baseline JSON route",
            build: { try jsonRouteRouter.makeRequest(for: .discover(query)) }, check: checkURL)
        PairedCPUTime.register("GET Encodable query: paired Router vs JSON route") {
            blackHole(try router.makeRequest(for: .discover(query)))
        } baseline: {
            blackHole(try jsonRouteRouter.makeRequest(for: .discover(query)))
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
