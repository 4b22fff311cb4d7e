import Foundation

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The sharing key of `deduplicatesRequests`: SharedRequestKey(TransportRequest) for a fuzzed request and a
// copy of it with one fuzzed change (or none).
//
// Invariants: only bodiless GET and HEAD requests have a key; a request's key equals an identical copy's,
// hash included; two keys are equal exactly when what a transport reads of the two requests is: method, URL
// text, every header field as the request holds it, timeout, cache policy, cookie handling and the fields
// kept from other origins. So a changed token, a field only one request has, or a value that differs in
// one letter's case always gives two keys, whatever Foundation makes of the names.

private let methods = ["GET", "HEAD", "GET", "HEAD", "POST", "get"]
private let bases = ["http://127.0.0.1/api", "https://api.example.com/v1/", "http://[::1]:8080/x?q=1", "http://h"]
private let names = [
    "Authorization", "authorization", "AUTHORIZATION", "Cookie", "X-Api-Key", "x-api-key", "Accept", "X-Tenant",
]

/// What a transport reads of `request`, compared field by field.
private struct Wire: Equatable {
    let method: String?
    let url: String?
    let fields: [String: String]
    let timeout: UInt64
    let cachePolicy: UInt
    let cookies: Bool
    let credentialFields: Set<String>
    let hasBody: Bool

    init(_ request: TransportRequest) {
        method = request.head.httpMethod
        url = request.head.url?.absoluteString
        fields = request.head.allHTTPHeaderFields ?? [:]
        timeout = request.head.timeoutInterval.bitPattern
        cachePolicy = request.head.cachePolicy.rawValue
        cookies = request.head.httpShouldHandleCookies
        credentialFields = request.credentialHeaders
        hasBody = request.body != nil || request.head.httpBody != nil
    }
}

private func makeRequest(_ input: inout FuzzInput) -> TransportRequest? {
    let base = bases[Int(input.byte()) % bases.count]
    let suffix = input.string(maxLength: 8).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    guard let url = URL(string: base + suffix) else { return nil }
    var head = URLRequest(url: url)
    head.httpMethod = methods[Int(input.byte()) % methods.count]
    for _ in 0..<Int(input.byte() % 4) {
        head.setValue(input.string(maxLength: 6), forHTTPHeaderField: names[Int(input.byte()) % names.count])
    }
    return TransportRequest(head: head, credentialHeaders: input.bool() ? ["authorization"] : [])
}

private func change(_ request: inout TransportRequest, _ input: inout FuzzInput) {
    switch input.byte() % 9 {
    case 0: break
    case 1:
        request.head.setValue(input.string(maxLength: 6), forHTTPHeaderField: names[Int(input.byte()) % names.count])
    case 2: request.head.setValue(nil, forHTTPHeaderField: names[Int(input.byte()) % names.count])
    case 3: request.head.timeoutInterval = input.double()
    case 4: request.head.httpShouldHandleCookies.toggle()
    case 5: request.head.cachePolicy = .reloadIgnoringLocalCacheData
    case 6: request.head.url = request.head.url?.appendingPathComponent(input.string(maxLength: 4))
    case 7: request.credentialHeaders.formSymmetricDifference(["x-api-key"])
    default: request.body = .data(Data(input.string(maxLength: 4).utf8))
    }
}

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    guard let first = makeRequest(&input) else { return 0 }
    var second = first
    change(&second, &input)

    for request in [first, second] {
        let wire = Wire(request)
        let shareable = (wire.method == "GET" || wire.method == "HEAD") && !wire.hasBody
        let key = SharedRequestKey(request)
        fuzzCheck((key != nil) == shareable, "\(wire) has a key: \(key != nil)")
        fuzzCheck(key == SharedRequestKey(request), "the key of \(wire) changed between two calls")
    }
    guard let firstKey = SharedRequestKey(first), let secondKey = SharedRequestKey(second) else { return 0 }
    let sameWire = Wire(first) == Wire(second)
    fuzzCheck((firstKey == secondKey) == sameWire, "keys equal: \(firstKey == secondKey), wires equal: \(sameWire)")
    if firstKey == secondKey {
        fuzzCheck(firstKey.hashValue == secondKey.hashValue, "equal keys with different hashes")
    }
    return 0
}
