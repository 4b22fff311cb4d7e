import Foundation

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Log redaction: a request and its response with one secret value planted in a credential-looking place —
// a request header, query item, fragment parameter, URL user info, JSON or form body field, or a response
// header, JSON key or Location — under a generated name that holds one of the rule's fragments in any case,
// with `-`, `_` and `.` anywhere around it. A secret the request carried may come back in the response: in an
// ordinary header, a Location, a JSON body (escaped or not, any depth up to 700), a form, plain text, NDJSON or
// binary bytes.
//
// Invariant: the secret appears in none of the renderings: the logger's request, response and failure entries
// (text, URL, failure fields), its cURL line, Response.description, and the descriptions of a client error,
// an unexpected redirect and a decoding failure. The secret holds a `~`, which nothing else generated does, so
// it cannot appear by chance.

private let fragments = [
    "key", "token", "secret", "auth", "password", "session", "signature", "credential", "passwd", "cookie", "jwt",
]
private let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
private let secretCharacters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
private let separators: [Character] = ["-", "_", "."]

extension FuzzInput {
    fileprivate mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int(byte()) % elements.count]
    }

    /// Up to `maxLength` letters, digits and separators; never a `~`.
    fileprivate mutating func filler(maxLength: Int = 6) -> String {
        String((0..<(Int(byte()) % (maxLength + 1))).map { _ in pick(letters + Array("0123456789-_.")) })
    }

    /// A name holding one of the rule's fragments, in any case, with letters and separators around it.
    fileprivate mutating func credentialName() -> String {
        let fragment = pick(fragments).map { bool() ? Character($0.uppercased()) : $0 }
        var name = ""
        if bool() { name += filler() + (bool() ? String(pick(separators)) : "") }
        name += String(fragment)
        if bool() { name += (bool() ? String(pick(separators)) : "") + filler() }
        return name
    }

    /// An ordinary name: letters only, and no fragment of the rule in it.
    fileprivate mutating func ordinaryName() -> String {
        pick(["page", "q", "echo", "data", "next", "x", "value", "seen", "args", "note"])
    }

    fileprivate mutating func secret() -> String {
        "~" + String((0..<(8 + Int(byte()) % 9)).map { _ in pick(secretCharacters) })
    }
}

/// Where the secret is planted.
private enum Place: CaseIterable {
    case requestHeader, bearerHeader, query, fragment, userInfo, passwordInURL, jsonBody, formBody
    case responseHeader, responseJSONKey, locationQuery, locationFragment, locationUserInfo

    var requestCarries: Bool {
        switch self {
        case .responseHeader, .responseJSONKey, .locationQuery, .locationFragment, .locationUserInfo: false
        default: true
        }
    }
}

/// How the response repeats a secret the request carried.
private enum Echo: CaseIterable {
    case none, header, location, json, escapedJSON, deepJSON, form, text, ndjson, binary
}

/// A JSON value `depth` levels deep whose innermost value is `inner`, objects and arrays mixed.
private func nested(_ inner: String, depth: Int, input: inout FuzzInput) -> String {
    var text = inner
    for _ in 0..<depth {
        text = input.bool() ? "{\"\(input.ordinaryName())\":\(text)}" : "[1,\(text)]"
    }
    return text
}

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let secret = input.secret()
    let place = input.pick(Place.allCases)
    let echo = place.requestCarries ? input.pick(Echo.allCases) : .none
    let name = input.credentialName()

    var url = "https://api.example.com/v1/items?page=\(input.filler())"
    var requestHeaders: [String: String] = ["Accept": "application/json"]
    var requestBody: String?
    var responseHeaders: [String: String] = [:]
    var responseBody = Data()
    let quotedName = name.replacingOccurrences(of: "\"", with: "")

    switch place {
    case .requestHeader: requestHeaders[name] = secret
    case .bearerHeader: requestHeaders[input.bool() ? "Authorization" : name] = "Bearer \(secret)"
    case .query: url += "&\(name)=\(secret)&\(input.ordinaryName())=\(input.filler())"
    case .fragment: url += "#\(input.ordinaryName())=1&\(name)=\(secret)"
    case .userInfo: url = url.replacingOccurrences(of: "https://", with: "https://\(secret)@")
    case .passwordInURL: url = url.replacingOccurrences(of: "https://", with: "https://\(input.filler()):\(secret)@")
    case .jsonBody:
        requestHeaders["Content-Type"] = "application/json"
        let value = input.bool() ? "\"\(secret)\"" : "{\"\(input.ordinaryName())\":[\"\(secret)\"]}"
        requestBody = nested(
            "{\"\(input.ordinaryName())\":1,\"\(quotedName)\":\(value)}", depth: Int(input.byte() % 6), input: &input)
    case .formBody:
        requestHeaders["Content-Type"] = "application/x-www-form-urlencoded"
        requestBody = "\(input.ordinaryName())=\(input.filler())&\(name)=\(secret)"
    case .responseHeader: responseHeaders[name] = secret
    case .responseJSONKey:
        responseHeaders["Content-Type"] = "application/json"
        let inner = "{\"\(input.ordinaryName())\":2,\"\(quotedName)\":\"\(secret)\"}"
        responseBody = Data(nested(inner, depth: Int(input.byte()) % 700, input: &input).utf8)
    case .locationQuery: responseHeaders["Location"] = "/cb?\(input.ordinaryName())=1&\(name)=\(secret)"
    case .locationFragment: responseHeaders["Location"] = "https://app.example/cb#\(name)=\(secret)&x=1"
    case .locationUserInfo: responseHeaders["Location"] = "https://\(secret)@other.example/next"
    }

    let ordinary = input.ordinaryName()
    switch echo {
    case .none: break
    case .header: responseHeaders["X-" + ordinary.capitalized] = "\(input.filler()) \(secret)"
    case .location: responseHeaders["Location"] = "https://other.example/p?\(ordinary)=\(secret)#\(ordinary)=\(secret)"
    case .json:
        responseHeaders["Content-Type"] = "application/json"
        responseBody = Data("{\"\(ordinary)\":\"\(input.filler()) \(secret)\"}".utf8)
    case .escapedJSON:
        responseHeaders["Content-Type"] = input.bool() ? "application/json" : "text/plain"
        let escaped = secret.replacingOccurrences(of: "~", with: "\\u007e")
        responseBody = Data("{\"\(ordinary)\":\"\(escaped)\",\"\(secret)\":1}".utf8)
    case .deepJSON:
        responseBody = Data(nested("\"\(secret)\"", depth: Int(input.byte()) * 3, input: &input).utf8)
    case .form:
        responseHeaders["Content-Type"] = "application/x-www-form-urlencoded"
        responseBody = Data("\(ordinary)=\(secret)&n=1".utf8)
    case .text:
        responseHeaders["Content-Type"] = input.bool() ? "text/plain" : "text/html"
        responseBody = Data("\(input.filler()) \(secret) \(input.filler())".utf8)
    case .ndjson:
        responseBody = Data("{\"\(ordinary)\":1}\n{\"\(ordinary)\":\"\(secret)\"}\n".utf8)
    case .binary:
        responseHeaders["Content-Type"] = "application/octet-stream"
        responseBody = Data([0xFF, 0x00] + Array(secret.utf8))
    }

    guard let requestURL = URL(string: url) else { fuzzFail("the harness built no URL from \(url)") }
    var request = URLRequest(url: requestURL)
    request.httpMethod = requestBody == nil ? "GET" : "POST"
    for (field, value) in requestHeaders { request.setValue(value, forHTTPHeaderField: field) }
    request.httpBody = requestBody.map { Data($0.utf8) }
    let status = responseHeaders["Location"] == nil ? 400 : 302
    guard
        let head = HTTPURLResponse(url: requestURL, statusCode: status, httpVersion: nil, headerFields: responseHeaders)
    else { fuzzFail("the harness built no response") }
    let response = Response(request: request, httpResponse: head, data: responseBody)

    let entries = Locked<[LogEntry]>([])
    let logger = NetworkLogger(sink: .entries { entry in entries.withLock { $0.append(entry) } })
    let reason = "invalid value \(secret)"
    let decoding = NetworkError(
        .decodingFailed, response: response, detail: "Model: \(reason)",
        underlyingError: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: reason)))
    logger.log(request: request)
    logger.log(result: .success(response), for: request, elapsed: 0.001)
    logger.log(result: .failure(NetworkError(.clientError, response: response)), for: request, elapsed: 0.001)
    logger.log(result: .failure(decoding), for: request, elapsed: 0.001)
    var renderings = [
        "cURL": logger.cURL(for: request),
        "Response.description": response.description,
        "clientError": String(describing: NetworkError(.clientError, response: response)),
        "unexpectedRedirect": String(describing: NetworkError(.unexpectedRedirect, response: response)),
    ]
    if place.requestCarries {
        renderings["decodingFailed"] = String(describing: decoding)
        renderings["decodingFailed (debug)"] = String(reflecting: decoding)
    }
    for (index, entry) in entries.withLock({ $0 }).enumerated() where place.requestCarries || index != 3 {
        renderings["entry \(index)"] = [entry.text, entry.url, entry.failure ?? ""].joined(separator: "\n")
    }
    fuzzCheck(entries.withLock { $0.count } == 4, "the logger wrote \(entries.withLock { $0.count }) entries, not 4")
    for (rendering, text) in renderings {
        fuzzCheck(
            !text.contains(secret),
            "\(rendering) shows the secret \(secret) (planted: \(place), echoed: \(echo), name \(name)):\n\(text)")
    }
    return 0
}
