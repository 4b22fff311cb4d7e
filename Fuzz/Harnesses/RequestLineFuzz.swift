import Foundation

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The request line: fuzzed method names and paths through the request builder.
//
// Invariants: no trap; a method that is not an RFC 9110 token (empty, with a space, CR, LF or any
// other separator or non-ASCII byte) fails with `invalidMethod` and nothing is built; a path that the most
// generous server could read as leaving the base (`leavesBase`) fails with `invalidPath`; otherwise the
// request is built with exactly that method (GET as the default) and a URL on the base's scheme, host and port whose path
// starts with the base path.

private struct LineEndpoint: EndPointType {
    let method: String
    let path: String
    var baseURL: URL { URL(fileURLWithPath: "/") }
    var httpMethod: HTTPMethod { HTTPMethod(rawValue: method) }
}

private let base = URL(string: "http://127.0.0.1:8080/api/v1")

private let tokenBytes = Set(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".utf8)
)

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let method =
        switch input.byte() % 4 {
        case 0: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"][Int(input.byte()) % 7]
        default: input.string(maxLength: 24)
        }
    let path = input.rest()
    let validMethod = !method.isEmpty && method.utf8.allSatisfy(tokenBytes.contains)
    let builder = RequestBuilder(configuration: RouterConfiguration(baseURL: base))

    let request: URLRequest
    do {
        request = try builder.makeRequest(for: LineEndpoint(method: method, path: path))
    } catch .invalidMethod(let rejected) {
        fuzzCheck(!validMethod && rejected == method, "\(method.debugDescription) was rejected as a method")
        return 0
    } catch .invalidPath(let rejected) {
        fuzzCheck(validMethod, "invalid method \(method.debugDescription) got past the method check")
        fuzzCheck(rejected == path && leavesBase(path), "\(path.debugDescription) was rejected as a path")
        return 0
    } catch {
        fuzzFail("\(method.debugDescription) \(path.debugDescription) threw \(error)")
    }
    fuzzCheck(validMethod, "invalid method \(method.debugDescription) was built")
    fuzzCheck(!leavesBase(path), "\(path.debugDescription) could leave the base and was built")
    fuzzCheck(
        (request.httpMethod ?? "GET").uppercased() == method.uppercased(),
        "method \(method.debugDescription) became \(String(describing: request.httpMethod))")
    guard let url = request.url, let base else { fuzzFail("no URL for \(path.debugDescription)") }
    fuzzCheck(url.scheme == "http" && url.host == "127.0.0.1" && url.port == 8080, "\(url) left the base origin")
    fuzzCheck(url.absoluteString.hasPrefix(base.absoluteString), "\(url) is not below \(base)")
    return 0
}
