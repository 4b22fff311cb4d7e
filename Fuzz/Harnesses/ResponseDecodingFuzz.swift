import Foundation

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Response bodies and statuses: NetworkManager.decode, Response.decode and StatusValidation.validate
// on fuzzed bytes and status codes.
//
// Invariants: decoding never traps; an empty body gives `nil` for an optional, the empty value for
// EmptyResponse, empty Data, and `noData` otherwise; a non-empty body gives Data unchanged, or a
// value, or `decodingFailed` carrying the response and the type's name; NetworkManager and Response
// agree; the status maps to exactly the case its class calls for, and the failure keeps the response.

struct Movie: Decodable {
    enum Kind: String, Decodable {
        case movie, tv
    }

    struct Genre: Decodable {
        let id: Int
        let name: String
    }

    let id: Int
    let title: String
    let rating: Double?
    let genres: [Genre]
    let released: Date?
    let kind: Kind?
    let tags: [String: Int8]?
}

private struct DecodingEndpoint: EndPointType {
    var baseURL: URL { URL(fileURLWithPath: "/") }
    var path: String { "" }
}

private let snakeCaseDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()

private let managers = [
    NetworkManager<DecodingEndpoint>(router: Router(stub: StubTransport())),
    NetworkManager<DecodingEndpoint>(router: Router(stub: StubTransport()), decoder: snakeCaseDecoder),
]

private let requestURL = URL(string: "http://127.0.0.1/decode")

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let choice = input.byte()
    let status = Int(UInt16(input.byte()) << 8 | UInt16(input.byte())) % 1000
    let acceptable: Set<Int> =
        switch input.byte() % 4 {
        case 0: Set(200..<300)
        case 1: [status]
        case 2: []
        default: [input.int(), input.int(), 204]
        }
    let body = input.restData()
    guard let url = requestURL,
        let httpResponse = HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"]
        )
    else { fuzzFail("could not make a response with status \(status)") }
    let response = Response(request: URLRequest(url: url), httpResponse: httpResponse, data: body)
    let manager = managers[Int(choice & 1)]

    checkStatus(response, acceptable: acceptable)
    switch choice >> 1 % 6 {
    case 0: checkDecoding(Movie.self, response, manager: manager)
    case 1: checkDecoding(Movie?.self, response, manager: manager)
    case 2: checkDecoding([Movie].self, response, manager: manager)
    case 3: checkDecoding(EmptyResponse.self, response, manager: manager)
    case 4: checkDecoding([String: [Double]].self, response, manager: manager)
    default: checkData(response, manager: manager)
    }
    return 0
}

private func checkDecoding<Value: Decodable>(
    _ type: Value.Type,
    _ response: Response,
    manager: NetworkManager<DecodingEndpoint>
) {
    let managerResult = Result { () throws(NetworkError) in try manager.decode(type, from: response) }
    if response.data.isEmpty {
        let hasEmptyValue = response.hasNoContent && Value.self is any EmptyResponseDecodable.Type
        switch managerResult {
        case .success:
            fuzzCheck(hasEmptyValue, "\(Value.self) decoded an empty body of status \(response.statusCode)")
        case .failure(let error) where error.kind == .noData:
            fuzzCheck(!hasEmptyValue, "no empty value for \(Value.self) with status \(response.statusCode)")
            fuzzCheck(error.statusCode == response.statusCode, "noData lost the response")
        case .failure(let error):
            fuzzFail("an empty body failed with \(error)")
        }
        return
    }
    switch managerResult {
    case .success:
        break
    case .failure(let failure) where failure.kind == .decodingFailed:
        fuzzCheck(failure.response?.data == response.data, "decodingFailed lost the body")
        let detail = failure.detail ?? ""
        fuzzCheck(detail.hasPrefix("\(Value.self): "), "decodingFailed says \(detail), not \(Value.self)")
        fuzzCheck(detail.count > "\(Value.self): ".count, "decodingFailed gives no reason")
    case .failure(let error):
        fuzzFail("a body failed with \(error)")
    }
    let responseResult = Result { () throws(NetworkError) in try response.decode(type, using: manager.decoder) }
    switch (managerResult, responseResult) {
    case (.success, .success): break
    case (.failure, .failure(let error)) where error.kind == .decodingFailed: break
    default: fuzzFail("NetworkManager.decode and Response.decode disagree")
    }
}

private func checkData(_ response: Response, manager: NetworkManager<DecodingEndpoint>) {
    do {
        let data = try manager.decode(Data.self, from: response)
        fuzzCheck(data == response.data, "Data came back changed")
        fuzzCheck(!data.isEmpty || response.hasNoContent, "an empty body of status \(response.statusCode) is Data")
    } catch .noData {
        fuzzCheck(response.data.isEmpty && !response.hasNoContent, "noData for a body or a response without content")
    } catch {
        fuzzFail("decoding Data failed: \(error)")
    }
}

private func checkStatus(_ response: Response, acceptable: Set<Int>) {
    let status = response.statusCode
    switch StatusValidation.validate(response, acceptable: acceptable) {
    case .success(let accepted):
        fuzzCheck(acceptable.contains(status), "\(status) accepted outside \(acceptable)")
        fuzzCheck(accepted.data == response.data, "the accepted response lost its body")
    case .failure(let error):
        fuzzCheck(!acceptable.contains(status), "acceptable \(status) rejected")
        fuzzCheck(error.statusCode == status, "\(error) reports status \(String(describing: error.statusCode))")
        fuzzCheck(error.response?.data == response.data, "the failure lost the body")
        let expected: Bool =
            switch error {
            case .authentication: status == 401 || status == 403
            case .notFound: status == 404
            case .clientError: (400...499).contains(status) && ![401, 403, 404].contains(status)
            case .serverError: (500...599).contains(status)
            case .unexpectedRedirect: (300...399).contains(status)
            case .unacceptableStatusCode: !(300...599).contains(status)
            default: false
            }
        fuzzCheck(expected, "status \(status) became \(error)")
    }
}
