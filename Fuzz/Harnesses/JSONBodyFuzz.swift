import Foundation

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// JSON bodies: JSONParameterEncoder on generated parameters.
//
// Invariants: NaN or an infinity anywhere throws `nonFiniteNumber`, nothing else throws; the output
// is valid UTF-8 that JSONSerialization parses as an object with the same keys; JSONDecoder reads
// back exactly the values given (`nil` and `NSNull` as `null`, numbers to the same value); keys are
// sorted, so encoding twice gives the same bytes; `encode(urlRequest:)` sets that body and the
// JSON Content-Type.

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let generated = input.parameters()
    let parameters = GeneratedValue.parameters(generated)
    let expectsThrow = generated.values.contains { $0.containsNonFinite }
    let encoder = JSONParameterEncoder()

    let body: Data
    do {
        body = try encoder.data(for: parameters)
    } catch {
        guard case .nonFiniteNumber = error, expectsThrow else { fuzzFail("unexpected error \(error)") }
        checkRequestEncodingThrows(parameters)
        return 0
    }
    fuzzCheck(!expectsThrow, "a non-finite number was encoded")
    fuzzCheck(String(validating: Array(body), as: UTF8.self) != nil, "the body is not UTF-8")

    do {
        let object = try JSONSerialization.jsonObject(with: body)
        guard let dictionary = object as? [String: Any] else { fuzzFail("JSONSerialization did not read an object") }
        fuzzCheck(Set(dictionary.keys) == Set(generated.keys), "JSONSerialization read other keys")
    } catch {
        fuzzFail("JSONSerialization rejects \(String(decoding: body, as: UTF8.self)): \(error)")
    }
    do {
        let tree = try JSONDecoder().decode([String: JSONTree].self, from: body)
        fuzzCheck(
            GeneratedValue.dictionary(generated, matches: tree),
            "JSON does not read back: \(String(decoding: body, as: UTF8.self))"
        )
    } catch {
        fuzzFail("JSONDecoder rejects \(String(decoding: body, as: UTF8.self)): \(error)")
    }
    fuzzCheck((try? encoder.data(for: parameters)) == body, "encoding twice gave different bytes")

    guard let url = URL(string: "http://127.0.0.1/json") else { fuzzFail("bad URL") }
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    do {
        try encoder.encode(urlRequest: &request, with: parameters)
    } catch {
        fuzzFail("encode(urlRequest:) threw \(error) where data(for:) did not")
    }
    fuzzCheck(request.httpBody == body, "the request body differs from data(for:)")
    fuzzCheck(request.value(forHTTPHeaderField: "Content-Type") == "application/json", "wrong JSON Content-Type")
    fuzzCheck(request.url == url, "the JSON encoder changed the URL")
    return 0
}

private func checkRequestEncodingThrows(_ parameters: Parameters) {
    guard let url = URL(string: "http://127.0.0.1/json") else { fuzzFail("bad URL") }
    var request = URLRequest(url: url)
    do {
        try JSONParameterEncoder().encode(urlRequest: &request, with: parameters)
        fuzzFail("encode(urlRequest:) accepted a non-finite number")
    } catch {
        guard case .nonFiniteNumber = error else { fuzzFail("unexpected error \(error)") }
    }
    fuzzCheck(request.httpBody == nil, "a failed encode set a body")
}
