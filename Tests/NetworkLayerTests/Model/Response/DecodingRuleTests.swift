import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one decoding rule, through `Response.decode` and `NetworkManager.decode` alike: every kind of response
/// against every kind of target type.
@Suite("Decoding rule")
struct DecodingRuleTests {
    struct Movie: Decodable, Equatable {
        let id: Int
    }

    /// A response the rule tells apart.
    enum Received: String, CaseIterable, CustomTestStringConvertible {
        case noContent204, resetContent205, notModified304, answerToHEAD, contentLengthZero
        case emptyWithoutLength, emptyChunked, movieJSON

        var testDescription: String { rawValue }

        var hasNoContent: Bool {
            switch self {
            case .noContent204, .resetContent205, .notModified304, .answerToHEAD, .contentLengthZero: true
            case .emptyWithoutLength, .emptyChunked, .movieJSON: false
            }
        }

        var response: Response {
            let url = URL(string: "https://api.example.com/movie/1")!
            var request = URLRequest(url: url)
            let (status, headers, body): (Int, [String: String], String) =
                switch self {
                case .noContent204: (204, [:], "")
                case .resetContent205: (205, [:], "")
                case .notModified304: (304, ["Content-Length": "120"], "")
                case .answerToHEAD: (200, ["Content-Length": "120"], "")
                case .contentLengthZero: (200, ["Content-Length": "0"], "")
                case .emptyWithoutLength: (200, [:], "")
                case .emptyChunked: (200, ["Transfer-Encoding": "chunked"], "")
                case .movieJSON: (200, ["Content-Length": "8"], #"{"id":1}"#)
                }
            if self == .answerToHEAD { request.httpMethod = "HEAD" }
            return Response(
                request: request, httpResponse: .stub(status, url: url, headers: headers), data: Data(body.utf8))
        }
    }

    /// A target type, and what the rule says it decodes `received` to (`nil` for `noData`).
    enum Target: String, CaseIterable, CustomTestStringConvertible {
        case emptyResponse, optionalMovie, data, string, movie

        var testDescription: String { rawValue }

        func expected(for received: Received) -> String? {
            if received == .movieJSON {
                switch self {
                case .emptyResponse: return "EmptyResponse()"
                case .optionalMovie: return "Optional(Movie(id: 1))"
                case .data: return "8 bytes"
                case .string: return #""{"id":1}""#
                case .movie: return "Movie(id: 1)"
                }
            }
            guard received.hasNoContent else { return nil }
            switch self {
            case .emptyResponse: return "EmptyResponse()"
            case .optionalMovie: return "nil"
            case .data: return "0 bytes"
            case .string: return #""""#
            case .movie: return nil
            }
        }

        func decode(_ response: Response, with decode: Decoding) -> Result<String, NetworkError> {
            switch self {
            case .emptyResponse: decode.run(EmptyResponse.self, response).map { _ in "EmptyResponse()" }
            case .optionalMovie: decode.run(Movie?.self, response).map { $0.map { "Optional(\($0))" } ?? "nil" }
            case .data: decode.run(Data.self, response).map { "\($0.count) bytes" }
            case .string: decode.run(String.self, response).map { "\"\($0)\"" }
            case .movie: decode.run(Movie.self, response).map { "\($0)" }
            }
        }
    }

    /// Who applies the rule.
    enum Decoding: String, CaseIterable, CustomTestStringConvertible {
        case response, networkManager

        var testDescription: String { rawValue }

        func run<Value: Decodable>(_ type: Value.Type, _ response: Response) -> Result<Value, NetworkError> {
            Result { () throws(NetworkError) in
                switch self {
                case .response: try response.decode(type)
                case .networkManager:
                    try NetworkManager<TestEndpoint>(router: Router(stub: StubTransport())).decode(type, from: response)
                }
            }
        }
    }

    @Test(
        "every response against every type, through Response and NetworkManager", arguments: Received.allCases,
        Target.allCases)
    func rule(received: Received, target: Target) {
        for decoding in Decoding.allCases {
            let outcome = target.decode(received.response, with: decoding)
            switch (outcome, target.expected(for: received)) {
            case (.success(let value), let expected?):
                #expect(value == expected, "\(decoding)")
            case (.failure(let error), nil) where error.kind == .noData:
                #expect(error.response?.data.isEmpty == true, "\(decoding)")
            default:
                Issue.record("\(decoding): got \(outcome), expected \(target.expected(for: received) ?? "noData")")
            }
        }
    }
}
