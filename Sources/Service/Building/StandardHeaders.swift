import Foundation

/// The head fields a router sends with every request that does not set them itself: `User-Agent`,
/// `Accept`, `Accept-Language` and, when its transport decodes compressed bodies, `Accept-Encoding`.
///
/// The router sets them rather than leaving them to the transport, so that a request reads the same over
/// every transport, and the logs and plugins see what goes out.
enum StandardHeaders {
    /// The version the `User-Agent` names.
    static let libraryVersion = "0.1.0"

    /// The fields for a transport that decodes `codings`.
    static func fields(decoding codings: [String]) -> HTTPHeaders {
        var fields: HTTPHeaders = ["User-Agent": userAgent, "Accept": "*/*", "Accept-Language": acceptLanguage]
        if !codings.isEmpty { fields.update(name: "Accept-Encoding", value: codings.joined(separator: ", ")) }
        return fields
    }

    /// `App/1.2 NetworkLayer/0.1.0 (iOS 17.2.0)`: the program (and its version, where its bundle says),
    /// the library, and the system, as Alamofire and OkHttp name themselves.
    static let userAgent: String = {
        let program = token(ProcessInfo.processInfo.processName)
        let version = (Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String).map(token)
        let product = [program, version].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "/")
        let system = ProcessInfo.processInfo.operatingSystemVersion
        let library =
            "NetworkLayer/\(libraryVersion) (\(systemName) \(system.majorVersion).\(system.minorVersion).\(system.patchVersion))"
        return product.isEmpty ? library : "\(product) \(library)"
    }()

    /// The user's preferred languages, the first six, each weighted less than the one before.
    static let acceptLanguage: String = {
        let languages = Locale.preferredLanguages.prefix(6).map(token).filter { !$0.isEmpty }
        guard !languages.isEmpty else { return "en" }
        return languages.enumerated()
            .map { index, language in index == 0 ? language : "\(language);q=0.\(10 - index)" }
            .joined(separator: ", ")
    }()

    private static var systemName: String {
        #if os(iOS)
        "iOS"
        #elseif os(macOS)
        "macOS"
        #elseif os(tvOS)
        "tvOS"
        #elseif os(watchOS)
        "watchOS"
        #elseif os(visionOS)
        "visionOS"
        #elseif os(Linux)
        "Linux"
        #elseif os(Windows)
        "Windows"
        #else
        "unknown"
        #endif
    }

    /// `text` with every character that may not appear in an HTTP token (RFC 9110 §5.6.2) replaced by `-`.
    private static func token(_ text: String) -> String {
        let allowed = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String(text.prefix(64).map { allowed.contains($0) ? $0 : "-" })
    }
}
