/// Why a WebSocket closed: the status code of a close frame (RFC 6455, 7.4).
///
/// Codes are values, not enum cases, so an application's own codes (4000–4999) read as well as the RFC's.
public struct WebSocketCloseCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as it travels in the close frame.
    public let rawValue: UInt16

    /// The code `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// 1000: the purpose of the connection was fulfilled.
    public static let normalClosure = Self(rawValue: 1000)
    /// 1001: an endpoint is going away, a server shutting down or a page left.
    public static let goingAway = Self(rawValue: 1001)
    /// 1002: an endpoint broke the protocol.
    public static let protocolError = Self(rawValue: 1002)
    /// 1003: an endpoint received a kind of data it cannot accept.
    public static let unsupportedData = Self(rawValue: 1003)
    /// 1005: the close frame carried no code; never sent.
    public static let noStatusReceived = Self(rawValue: 1005)
    /// 1006: the connection ended without a close frame; never sent.
    public static let abnormalClosure = Self(rawValue: 1006)
    /// 1007: a message's data did not match its type, such as text that is not UTF-8.
    public static let invalidFramePayloadData = Self(rawValue: 1007)
    /// 1008: a message broke the endpoint's policy.
    public static let policyViolation = Self(rawValue: 1008)
    /// 1009: a message was too large to process.
    public static let messageTooBig = Self(rawValue: 1009)
    /// 1010: the client needed an extension the server did not negotiate.
    public static let mandatoryExtensionMissing = Self(rawValue: 1010)
    /// 1011: the server met a condition that kept it from fulfilling the request.
    public static let internalServerError = Self(rawValue: 1011)

    /// Whether an endpoint may send this code in a close frame (RFC 6455, 7.4.1 and 7.4.2): 1000–1003,
    /// 1007–1011 and 3000–4999.
    @_spi(Transport) public var isSendable: Bool {
        switch rawValue {
        case 1000...1003, 1007...1011, 3000...4999: true
        default: false
        }
    }

    /// The number, as in "1001".
    public var description: String { String(rawValue) }
}
