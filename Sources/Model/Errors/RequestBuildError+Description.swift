import Foundation

extension RequestBuildError: CustomStringConvertible, LocalizedError {
    /// Why the request could not be built, in one line; `String(reflecting:)` shows the same.
    public var description: String {
        switch self {
        case .invalidURL(let url):
            "invalid URL \"\(Redactor.standard.text(url))\""
        case .invalidPath(let path):
            "invalid path \(Redactor.standard.text(String(path.prefix(200))).debugDescription) (a server could read a . or .. segment in it and leave the base URL)"
        case .invalidMethod(let method):
            "invalid method \(String(method.prefix(40)).debugDescription) (not an HTTP token)"
        case .invalidHeader(let name):
            "invalid header field \(name.debugDescription) (not a token, or CR, LF or NUL in its name or value)"
        case .invalidMultipartPart(let name):
            "invalid multipart part \(String(name.prefix(80)).debugDescription) (a control character in its name or file name, or a MIME type that is not printable ASCII)"
        case .unsupportedParameter(let key, let type):
            "parameter \"\(key)\" has a type that cannot be encoded (\(type))"
        case .nonFiniteNumber(let key):
            "parameter \"\(key)\" is not a finite number"
        case .dateOutOfRange(let key):
            "parameter \"\(key)\" is a date too far from 1970 to encode"
        case .nestingTooDeep(let key, let limit):
            "parameter \"\(key)\" nests deeper than \(limit) levels"
        case .bodyNotAllowed(let method):
            "a \(method) request carries no body unless its endpoint allows one (allowsBodyInGET)"
        case .encodingFailed(let reason):
            "encoding failed: \(reason)"
        }
    }

    /// The same line as ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}
