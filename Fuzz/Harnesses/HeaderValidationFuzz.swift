import Foundation

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Header names and values: HeaderValidation.validate, then URLRequest and the request builder.
//
// Invariants: a header is accepted exactly when its name is a non-empty RFC 9110 token and its
// value has no CR, LF or NUL; an accepted header can be set on a URLRequest and read back; the
// request builder throws `invalidHeader` for the same headers, from the router configuration, the
// endpoint or the task alike, and otherwise sends the value.

private let tokenBytes = Set(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".utf8)
)

private struct HeaderEndpoint: EndPointType {
    let baseURL: URL
    let endpointHeaders: HTTPHeaders?
    let taskHeaders: HTTPHeaders?

    var path: String { "" }
    var headers: HTTPHeaders? { endpointHeaders }
    var task: HTTPTask {
        guard let taskHeaders else { return .request }
        return .requestParametersAndHeaders(
            bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: nil, additionHeaders: taskHeaders
        )
    }
}

private let baseURL = URL(string: "http://127.0.0.1/headers")

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let placement = input.byte() % 3
    let name = input.string(maxLength: 40)
    let value = input.rest()

    let expectedValid =
        !name.isEmpty && name.utf8.allSatisfy(tokenBytes.contains)
        && !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    let accepted: Bool
    do {
        try HeaderValidation.validate(name: name, value: value)
        accepted = true
    } catch {
        guard case .invalidHeader(let rejected) = error, rejected == name else { fuzzFail("unexpected \(error)") }
        accepted = false
    }
    fuzzCheck(accepted == expectedValid, "validate(\(name.debugDescription), \(value.debugDescription)) = \(accepted)")
    if accepted {
        fuzzCheck(!(name + value).utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }, "accepted CR, LF or NUL")
        guard let url = baseURL else { fuzzFail("bad URL") }
        var request = URLRequest(url: url)
        request.setValue(value, forHTTPHeaderField: name)
        fuzzCheck(request.value(forHTTPHeaderField: name) != nil, "\(name) was not stored")
    }
    checkBuilder(name: name, value: value, placement: placement, accepted: accepted)
    return 0
}

private func checkBuilder(name: String, value: String, placement: UInt8, accepted: Bool) {
    guard let url = baseURL else { fuzzFail("bad URL") }
    let headers: HTTPHeaders = [name: value]
    var configuration = RouterConfiguration()
    if placement == 0 { configuration.headers = headers }
    let endpoint = HeaderEndpoint(
        baseURL: url,
        endpointHeaders: placement == 1 ? headers : nil,
        taskHeaders: placement == 2 ? headers : nil
    )
    let builder = RequestBuilder(configuration: configuration)
    do {
        let request = try builder.makeRequest(for: endpoint)
        fuzzCheck(accepted, "the builder sent a header that validation rejects")
        fuzzCheck(request.value(forHTTPHeaderField: name) != nil, "the builder dropped \(name)")
    } catch {
        guard case .invalidHeader(let rejected) = error, rejected == name else { fuzzFail("unexpected \(error)") }
        fuzzCheck(!accepted, "the builder rejected a header that validation accepts")
    }
}
