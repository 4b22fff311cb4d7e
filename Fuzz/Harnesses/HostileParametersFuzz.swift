import Foundation

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Hostile parameter values: a `Date` of any bit pattern under every date strategy, a `Double` of any bit
// pattern, or text, nested up to 127 arrays or dictionaries deep, through the query, form and JSON
// encoders and the request builder.
//
// Invariants: no trap and no stack overflow; nesting deeper than 100 levels throws `nestingTooDeep`
// (limit 100) from every encoder, and 100 levels or fewer never do; a date the strategy cannot write
// throws `dateOutOfRange` under every strategy (not finite, or outside the years 0000–9999), a
// non-finite number `nonFiniteNumber`; JSON bodies reject other dates as `unsupportedParameter`; every other
// value encodes, and an ISO 8601 date within years 1583–9999 reads back as the same second.

private struct DeepEndpoint: EndPointType {
    let parameters: Parameters
    let baseURL: URL
    var path: String { "" }
    var task: HTTPTask {
        .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: parameters)
    }
}

private enum Leaf {
    case date(Date)
    case number(Double)
    case text(String)
}

private let strategies: [DateEncoding] = [
    .iso8601, .iso8601WithFractionalSeconds, .secondsSince1970, .millisecondsSince1970,
    .custom { _ in "custom" },
]

private let builders = strategies.map {
    RequestBuilder(configuration: RouterConfiguration(urlEncoder: URLParameterEncoder(dateEncoding: $0)))
}

nonisolated(unsafe) private let isoReader = ISO8601DateFormatter()

private let endpointBase = URL(string: "http://127.0.0.1/deep") ?? URL(fileURLWithPath: "/")

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let strategyIndex = Int(input.byte()) % strategies.count
    let depthByte = input.byte()
    // Mostly shallow values, and one in eight between 96 and 127 levels, around the limit of 100.
    let depth = depthByte < 224 ? Int(depthByte % 12) : 96 + Int(depthByte % 32)
    let shape = input.uint64()
    let leaf: Leaf =
        switch input.byte() % 3 {
        case 0: .date(Date(timeIntervalSince1970: input.double()))
        case 1: .number(input.double())
        default: .text(input.string(maxLength: 8))
        }
    let value = nest(leaf, depth: depth, shape: shape)
    let parameters: Parameters = ["p": value]

    let encoder = URLParameterEncoder(dateEncoding: strategies[strategyIndex])
    let expected = expectedError(leaf, depth: depth)
    let query = outcome { () throws(RequestBuildError) in try encoder.queryString(for: parameters) }
    check(query, expected, "query")
    let form: Result<String, RequestBuildError> = outcome { () throws(RequestBuildError) -> String in
        var request = URLRequest(url: URL(fileURLWithPath: "/"))
        var formEncoder = encoder
        formEncoder.destination = .httpBody
        try formEncoder.encode(urlRequest: &request, with: parameters)
        return String(decoding: request.httpBody ?? Data(), as: UTF8.self)
    }
    check(form, expected, "form")
    if case .success(let text) = query, case .success(let body) = form {
        fuzzCheck(text == body, "the form body \(body) differs from the query \(text)")
    }
    let json = outcome { () throws(RequestBuildError) in try JSONParameterEncoder().data(for: parameters) }
    check(json, expectedJSONError(leaf, depth: depth), "JSON")
    checkBuilder(parameters, strategyIndex: strategyIndex, expected: expected)
    if case .success(let text) = query, case .date(let date) = leaf, strategyIndex == 0 {
        checkReadsBack(text, date: date)
    }
    return 0
}

/// `leaf` inside `depth` containers, each an array or a dictionary as the bits of `shape` say.
private func nest(_ leaf: Leaf, depth: Int, shape: UInt64) -> any Sendable {
    var value: any Sendable =
        switch leaf {
        case .date(let date): date
        case .number(let number): number
        case .text(let text): text
        }
    for level in 0..<depth {
        value = shape >> (level % 64) & 1 == 0 ? [value] as [any Sendable] : ["k": value] as [String: any Sendable]
    }
    return value
}

/// What an encoder must do: succeed, throw, or (at the edge of a date range, where rounding decides)
/// either succeed or throw the one error.
private enum Expected: Equatable {
    case success
    case failure(RequestBuildError)
    case successOr(RequestBuildError)
}

private func expectedError(_ leaf: Leaf, depth: Int) -> Expected {
    if depth > ParameterValue.maximumDepth {
        return .failure(.nestingTooDeep(key: "p", limit: ParameterValue.maximumDepth))
    }
    switch leaf {
    case .text: return .success
    case .number(let number): return number.isFinite ? .success : .failure(.nonFiniteNumber(key: "p"))
    case .date(let date):
        // Every strategy, a custom one included, writes only the years 0000–9999: NaN, ±∞ and the rest throw.
        return inWrittenYears(date) ? .success : .failure(.dateOutOfRange(key: "p"))
    }
}

/// Whether `date` is finite and from 0000-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z.
private func inWrittenYears(_ date: Date) -> Bool {
    let seconds = date.timeIntervalSince1970
    return seconds >= -62_167_219_200 && seconds < 253_402_300_800
}

private func expectedJSONError(_ leaf: Leaf, depth: Int) -> Expected {
    if depth > ParameterValue.maximumDepth {
        return .failure(.nestingTooDeep(key: "p", limit: ParameterValue.maximumDepth))
    }
    switch leaf {
    case .text: return .success
    case .number(let number): return number.isFinite ? .success : .failure(.nonFiniteNumber(key: "p"))
    case .date(let date):
        return .failure(
            inWrittenYears(date) ? .unsupportedParameter(key: "p", type: "Date") : .dateOutOfRange(key: "p"))
    }
}

private func outcome<Value>(_ body: () throws(RequestBuildError) -> Value) -> Result<Value, RequestBuildError> {
    do {
        return .success(try body())
    } catch {
        return .failure(error)
    }
}

private func check<Value>(_ result: Result<Value, RequestBuildError>, _ expected: Expected, _ what: String) {
    switch (result, expected) {
    case (.success, .success), (.success, .successOr):
        return
    case (.failure(let error), .failure(let wanted)), (.failure(let error), .successOr(let wanted)):
        fuzzCheck(kind(of: error) == kind(of: wanted), "\(what) threw \(error), expected \(wanted)")
    case (.success, .failure(let wanted)):
        fuzzFail("\(what) encoded what should throw \(wanted)")
    case (.failure(let error), .success):
        fuzzFail("\(what) threw \(error) for a valid value")
    }
}

/// The case of `error`, with its limit or type but not its key, which names the nested position (`p[0][k]`);
/// `nil` for a key that is not the parameter's.
private func kind(of error: RequestBuildError) -> String? {
    switch error {
    case .nestingTooDeep(let key, let limit): key.hasPrefix("p") ? "nestingTooDeep \(limit)" : nil
    case .dateOutOfRange(let key): key.hasPrefix("p") ? "dateOutOfRange" : nil
    case .nonFiniteNumber(let key): key.hasPrefix("p") ? "nonFiniteNumber" : nil
    case .unsupportedParameter(let key, let type): key.hasPrefix("p") ? "unsupported \(type)" : nil
    default: "\(error)"
    }
}

/// The router's builder gives the same verdict as the encoder it uses.
private func checkBuilder(_ parameters: Parameters, strategyIndex: Int, expected: Expected) {
    let builder = builders[strategyIndex]
    let result = outcome { () throws(RequestBuildError) in
        try builder.makeRequest(for: DeepEndpoint(parameters: parameters, baseURL: endpointBase))
    }
    check(result, expected, "the request builder")
}

/// An ISO 8601 query value within years 1583…9999 names the date's second. Earlier years are left out:
/// ISO 8601 counts them in the proleptic Gregorian calendar, as the library does, while Foundation's
/// reader switches to the Julian calendar before October 1582.
private func checkReadsBack(_ query: String, date: Date) {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, seconds >= -12_212_553_600, seconds < 253_402_300_799 else { return }
    guard let equals = query.lastIndex(of: "="),
        let text = query[query.index(after: equals)...].removingPercentEncoding,
        let read = isoReader.date(from: text)
    else { fuzzFail("cannot read the date back from \(query)") }
    fuzzCheck(read.timeIntervalSince1970 == seconds.rounded(.down), "\(query) is not \(seconds) s")
}
