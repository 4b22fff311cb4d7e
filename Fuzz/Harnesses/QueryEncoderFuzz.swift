import Foundation

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Query strings and form bodies: URLParameterEncoder, both destinations, on generated parameters.
//
// Invariants: nothing but unreserved ASCII, `/`, `?`, `=`, `&` and upper-case `%XX` escapes in the
// output; every key and value percent-decodes back to what was given (doubles parse back to the
// same number); NaN or an infinity anywhere throws `nonFiniteNumber`, nothing else throws; the URL
// gets its query after any existing one and before the fragment, and no `?` when nothing is encoded;
// a form body holds exactly the query text.

private let baseURLs = [
    "http://127.0.0.1/p", "http://127.0.0.1:8080/a/b?x=1", "http://127.0.0.1/p?", "http://127.0.0.1/p#frag",
    "http://127.0.0.1/p?x=1#frag",
]

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let arrayEncoding: URLParameterEncoder.ArrayEncoding = [.brackets, .noBrackets, .indexed][Int(options % 3)]
    let boolEncoding: URLParameterEncoder.BoolEncoding = options & 0x10 == 0 ? .numeric : .literal
    let base = baseURLs[Int(input.byte()) % baseURLs.count]
    let generated = input.parameters()
    let parameters = GeneratedValue.parameters(generated)
    let encoder = URLParameterEncoder(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding)

    let query: String
    do {
        query = try encoder.queryString(for: parameters)
    } catch {
        let expectsThrow = generated.values.contains { $0.containsNonFinite }
        guard case .nonFiniteNumber = error, expectsThrow else { fuzzFail("unexpected error \(error)") }
        checkEncodersThrow(parameters, encoder: encoder, base: base)
        return 0
    }
    fuzzCheck(!generated.values.contains { $0.containsNonFinite }, "a non-finite number was encoded: \(query)")
    checkText(query, against: expectedPairs(generated, arrayEncoding: arrayEncoding, boolEncoding: boolEncoding))
    checkURL(base: base, query: query, parameters: parameters, encoder: encoder)
    checkForm(query: query, parameters: parameters, encoder: encoder)
    return 0
}

private enum ExpectedValue {
    case text(String)
    case number(Double)
}

private func expectedPairs(
    _ parameters: [String: GeneratedValue],
    arrayEncoding: URLParameterEncoder.ArrayEncoding,
    boolEncoding: URLParameterEncoder.BoolEncoding
) -> [(key: String, value: ExpectedValue)] {
    var pairs: [(key: String, value: ExpectedValue)] = []
    func append(_ value: GeneratedValue, key: String) {
        switch value {
        case .string(let string): pairs.append((key, .text(string)))
        case .int(let int): pairs.append((key, .text(String(int))))
        case .double(let double): pairs.append((key, .number(double)))
        case .bool(let bool):
            pairs.append((key, .text(boolEncoding == .numeric ? (bool ? "1" : "0") : (bool ? "true" : "false"))))
        case .null: break
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                switch arrayEncoding {
                case .brackets: append(element, key: key + "[]")
                case .noBrackets: append(element, key: key)
                case .indexed: append(element, key: key + "[\(index)]")
                }
            }
        case .dictionary(let dictionary):
            for nestedKey in dictionary.keys.sorted() {
                if let nested = dictionary[nestedKey] { append(nested, key: "\(key)[\(nestedKey)]") }
            }
        }
    }
    for key in parameters.keys.sorted() {
        if let value = parameters[key] { append(value, key: key) }
    }
    return pairs
}

private func checkText(_ query: String, against expected: [(key: String, value: ExpectedValue)]) {
    let bytes = Array(query.utf8)
    fuzzCheck(bytes.allSatisfy(encodedQueryBytes.contains), "disallowed byte in \(query)")
    let pairs = bytes.isEmpty ? [] : bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    fuzzCheck(pairs.count == expected.count, "\(pairs.count) pairs, expected \(expected.count): \(query)")
    for (pair, expectation) in zip(pairs, expected) {
        let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
        fuzzCheck(parts.count == 2, "pair without '=' in \(query)")
        fuzzCheck(!parts[1].contains(UInt8(ascii: "=")), "unescaped '=' in a value of \(query)")
        guard let key = percentDecoded(parts[0]), let value = percentDecoded(parts[1]) else {
            fuzzFail("malformed escape in \(query)")
        }
        fuzzCheck(key == expectation.key, "key \(key.debugDescription) != \(expectation.key.debugDescription)")
        switch expectation.value {
        case .text(let text):
            fuzzCheck(value == text, "value \(value.debugDescription) != \(text.debugDescription)")
        case .number(let number):
            fuzzCheck(Double(value) == number, "number \(value) does not read back as \(number)")
            fuzzCheck(!value.hasSuffix(".0"), "number \(value) keeps a trailing .0")
        }
    }
}

private func checkURL(base: String, query: String, parameters: Parameters, encoder: URLParameterEncoder) {
    guard let baseURL = URL(string: base) else { fuzzFail("bad base \(base)") }
    var request = URLRequest(url: baseURL)
    do {
        try encoder.encode(urlRequest: &request, with: parameters)
    } catch {
        fuzzFail("encode(urlRequest:) threw \(error) where queryString(for:) did not")
    }
    guard let result = request.url?.absoluteString else { fuzzFail("the request lost its URL") }
    guard !query.isEmpty else {
        fuzzCheck(result == base, "nothing to encode changed \(base) to \(result)")
        return
    }
    var head = Substring(base)
    var fragment: Substring = ""
    if let hash = head.firstIndex(of: "#") {
        fragment = head[hash...]
        head = head[..<hash]
    }
    let separator = head.hasSuffix("?") ? "" : head.contains("?") ? "&" : "?"
    let expected = head + separator + query + fragment
    fuzzCheck(result == expected, "URL \(result) != \(expected)")
}

private func checkForm(query: String, parameters: Parameters, encoder: URLParameterEncoder) {
    guard let url = URL(string: "http://127.0.0.1/form") else { fuzzFail("bad URL") }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    var form = encoder
    form.destination = .httpBody
    do {
        try form.encode(urlRequest: &request, with: parameters)
    } catch {
        fuzzFail("the form encoder threw \(error) where the query encoder did not")
    }
    fuzzCheck(request.httpBody == Data(query.utf8), "the form body differs from the query text")
    fuzzCheck(request.url == url, "the form encoder changed the URL")
    fuzzCheck(
        request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8",
        "wrong form Content-Type"
    )
}

private func checkEncodersThrow(_ parameters: Parameters, encoder: URLParameterEncoder, base: String) {
    guard let url = URL(string: base) else { fuzzFail("bad base \(base)") }
    var request = URLRequest(url: url)
    do {
        try encoder.encode(urlRequest: &request, with: parameters)
        fuzzFail("encode(urlRequest:) accepted a non-finite number")
    } catch {
        guard case .nonFiniteNumber = error else { fuzzFail("unexpected error \(error)") }
    }
    fuzzCheck(request.url == url, "a failed encode changed the URL")
    var form = encoder
    form.destination = .httpBody
    do {
        try form.encode(urlRequest: &request, with: parameters)
        fuzzFail("the form encoder accepted a non-finite number")
    } catch {
        guard case .nonFiniteNumber = error else { fuzzFail("unexpected error \(error)") }
    }
    fuzzCheck(request.httpBody == nil, "a failed form encode set a body")
}
