import Foundation

/// One exchange of a HAR file: the request, its response, when it started and how long its parts took.
struct HAREntry: Codable, Sendable, Equatable {
    /// When the request started, as ISO 8601 text with milliseconds.
    var startedDateTime: String
    /// The whole exchange, in milliseconds.
    var time: Double
    var request: HARRequest
    var response: HARResponse
    /// What a browser's cache did; the recorder writes it empty, as the format requires.
    var cache = HARCache()
    var timings: HARTimings
    var comment: String?

    init(startedDateTime: Date, request: HARRequest, response: HARResponse, timings: HARTimings) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        self.startedDateTime = formatter.string(from: startedDateTime)
        self.time = timings.send + timings.wait + timings.receive
        self.request = request
        self.response = response
        self.timings = timings
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startedDateTime = try container.decodeIfPresent(String.self, forKey: .startedDateTime) ?? ""
        time = try container.decodeIfPresent(Double.self, forKey: .time) ?? 0
        request = try container.decode(HARRequest.self, forKey: .request)
        response = try container.decode(HARResponse.self, forKey: .response)
        timings = try container.decodeIfPresent(HARTimings.self, forKey: .timings) ?? HARTimings()
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// A browser's cache use for an entry: nothing the recorder knows.
struct HARCache: Codable, Sendable, Equatable {
    var comment: String?
}

/// How long the parts of an exchange took, in milliseconds; `-1` for a part that does not apply or is unknown.
struct HARTimings: Codable, Sendable, Equatable {
    /// Sending the request.
    var send: Double = 0
    /// Waiting for the response head.
    var wait: Double = 0
    /// Receiving the response body.
    var receive: Double = 0

    init(send: Double = 0, wait: Double = 0, receive: Double = 0) {
        (self.send, self.wait, self.receive) = (send, wait, receive)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        send = try container.decodeIfPresent(Double.self, forKey: .send) ?? 0
        wait = try container.decodeIfPresent(Double.self, forKey: .wait) ?? 0
        receive = try container.decodeIfPresent(Double.self, forKey: .receive) ?? 0
    }
}
