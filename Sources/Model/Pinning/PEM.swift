import Foundation

/// Certificates written as PEM (RFC 7468): Base64 between `-----BEGIN CERTIFICATE-----` and its END line.
enum PEM {
    private static let begin = "-----BEGIN CERTIFICATE-----"
    private static let end = "-----END CERTIFICATE-----"

    /// The DER bytes of the first certificate in `text`, or `nil` when it holds no PEM certificate.
    static func firstCertificate(in text: Data) -> [UInt8]? {
        guard let string = String(data: text, encoding: .utf8),
            let start = string.range(of: begin),
            let stop = string.range(of: end, range: start.upperBound..<string.endIndex)
        else { return nil }
        let body = string[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        return Data(base64Encoded: String(body)).map { [UInt8]($0) }
    }
}
