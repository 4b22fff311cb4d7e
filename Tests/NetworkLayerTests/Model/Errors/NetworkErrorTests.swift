import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("NetworkError")
struct NetworkErrorTests {
    static let classified: [(any Error & Sendable, NetworkError.Kind)] = [
        (URLError(.cancelled), .cancelled),
        (CancellationError(), .cancelled),
        (URLError(.timedOut), .timedOut),
        (URLError(.cannotFindHost), .cannotFindHost),
        (URLError(.cannotConnectToHost), .cannotConnect),
        (URLError(.serverCertificateUntrusted), .secureConnection),
        (URLError(.unknown), .transportFailure),
        (RequestBuildError.invalidURL("x"), .invalidRequest),
        (NetworkError(.notFound, response: .stub(404)), .notFound),
        (NetworkError(.responseTooLarge, detail: "limit 1 bytes"), .responseTooLarge),
        (CocoaError(.coderInvalidValue), .transportFailure),
    ]

    @Test("classifies every thrown error into a kind", arguments: classified)
    func classifies(error: any Error & Sendable, expected: NetworkError.Kind) {
        #expect(NetworkError(error).kind == expected)
    }

    @Test("keeps the error it wraps: a URLError by its code alone, anything else as it was thrown")
    func keepsUnderlyingError() throws {
        let withSecret = URLError(
            .timedOut, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://h/?token=SECRET")!])
        let urlError = try #require(NetworkError(withSecret).underlyingError as? URLError)
        #expect(urlError.code == .timedOut)
        #expect(urlError.userInfo.isEmpty)
        let build = NetworkError(RequestBuildError.invalidMethod("GE T"))
        #expect(build.underlyingError as? RequestBuildError == .invalidMethod("GE T"))
        let decoding = NetworkError.decodingFailed(
            CocoaError(.coderInvalidValue), response: .stub(200), typeName: "Movie")
        #expect(decoding.underlyingError is CocoaError)
        #expect(decoding.detail?.hasPrefix("Movie: ") == true)
    }

    @Test("response and statusCode are present exactly for the failures that carry a response")
    func response() {
        let response = Response.stub(503, body: "down")
        let carrying: [NetworkError] = [
            NetworkError(.serverError, response: response),
            NetworkError(.noData, response: response),
            .decodingFailed(CocoaError(.coderInvalidValue), response: response, typeName: "Movie"),
        ]
        for error in carrying {
            #expect(error.statusCode == 503, "\(error.kind)")
            #expect(error.response?.data == Data("down".utf8))
            #expect(error.url == response.request.url)
        }
        let bare = [NetworkError(RequestBuildError.invalidURL("")), NetworkError(.cancelled), NetworkError(.timedOut)]
        for error in bare {
            #expect(error.response == nil, "\(error.kind)")
            #expect(error.statusCode == nil)
        }
    }

    @Test("a kind matches as a pattern: in a typed catch, an untyped catch and a switch")
    func patterns() {
        func fail(_ kind: NetworkError.Kind) throws(NetworkError) { throw NetworkError(kind) }
        func failUntyped(_ kind: NetworkError.Kind) throws { throw NetworkError(kind) }
        var caught: [String] = []
        do { try fail(.notFound) } catch .notFound { caught.append("typed") } catch { caught.append("wrong") }
        do { try failUntyped(.timedOut) } catch NetworkError.Kind.timedOut { caught.append("untyped") } catch {
            caught.append("wrong")
        }
        switch NetworkError(.serverError) {
        case .notFound, .clientError: caught.append("wrong")
        case .serverError: caught.append("switch")
        default: caught.append("wrong")
        }
        #expect(caught == ["typed", "untyped", "switch"])
    }

    @Test("debugDescription lists the fields, secrets hidden; description stays one line")
    func debugDescription() {
        let request = URLRequest(url: URL(string: "https://h/p?api_key=SECRET")!)
        let error = NetworkError(URLError(.cannotConnectToHost), sending: request)
        #expect(
            error.debugDescription.hasPrefix("NetworkError(kind: .cannotConnect, request: GET https://h/p?api_key="))
        #expect(error.debugDescription.hasSuffix("underlying: URLError(-1004))"))
        #expect(!error.debugDescription.contains("SECRET"))
        #expect(!error.description.contains("SECRET"))
        #expect(!error.description.contains("\n"))
        #expect(error.description.contains(": GET https://h/p?api_key=REDACTED (URLError -1004) — "))
    }
}
