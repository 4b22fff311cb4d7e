import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request of a HAR entry, with its secrets already hidden.
struct HARRequest: Codable, Sendable, Equatable {
    var method: String
    var url: String
    var httpVersion = "HTTP/1.1"
    var cookies: [HARField] = []
    var headers: [HARField] = []
    var queryString: [HARField] = []
    var postData: HARPostData?
    /// `-1`: the recorder does not see the bytes of the head.
    var headersSize = -1
    var bodySize = 0

    init(
        method: String, url: String, headers: [HARField], queryString: [HARField], postData: HARPostData?,
        bodySize: Int
    ) {
        (self.method, self.url, self.headers, self.queryString) = (method, url, headers, queryString)
        (self.postData, self.bodySize) = (postData, bodySize)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? ""
        cookies = try container.decodeIfPresent([HARField].self, forKey: .cookies) ?? []
        headers = try container.decodeIfPresent([HARField].self, forKey: .headers) ?? []
        queryString = try container.decodeIfPresent([HARField].self, forKey: .queryString) ?? []
        postData = try container.decodeIfPresent(HARPostData.self, forKey: .postData)
        headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
        bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
    }
}

/// The response of a HAR entry, with its secrets already hidden.
struct HARResponse: Codable, Sendable, Equatable {
    var status: Int
    var statusText = ""
    /// The version as the transport knew it, or empty.
    var httpVersion = ""
    var cookies: [HARField] = []
    var headers: [HARField] = []
    var content: HARContent
    /// The `Location` of a redirect response, or empty.
    var redirectURL = ""
    var headersSize = -1
    var bodySize = -1
    /// The URL the response came from when the transport followed redirects to it (not in HAR 1.2, whose
    /// entries are each one hop; custom fields start with `_`).
    var finalURL: String?
    var comment: String?

    private enum CodingKeys: String, CodingKey {
        case status, statusText, httpVersion, cookies, headers, content, redirectURL, headersSize, bodySize, comment
        case finalURL = "_url"
    }

    init(status: Int, httpVersion: String, headers: [HARField], content: HARContent) {
        (self.status, self.httpVersion, self.headers, self.content) = (status, httpVersion, headers, content)
        self.statusText = HTTPURLResponse.localizedString(forStatusCode: status).capitalized
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decode(Int.self, forKey: .status)
        statusText = try container.decodeIfPresent(String.self, forKey: .statusText) ?? ""
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion) ?? ""
        cookies = try container.decodeIfPresent([HARField].self, forKey: .cookies) ?? []
        headers = try container.decodeIfPresent([HARField].self, forKey: .headers) ?? []
        content = try container.decodeIfPresent(HARContent.self, forKey: .content) ?? HARContent(size: 0, mimeType: "")
        redirectURL = try container.decodeIfPresent(String.self, forKey: .redirectURL) ?? ""
        headersSize = try container.decodeIfPresent(Int.self, forKey: .headersSize) ?? -1
        bodySize = try container.decodeIfPresent(Int.self, forKey: .bodySize) ?? -1
        finalURL = try container.decodeIfPresent(String.self, forKey: .finalURL)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// A header, query item or cookie: a name and a value (a cookie's other attributes are skipped).
struct HARField: Codable, Sendable, Equatable {
    var name: String
    var value: String

    init(name: String, value: String) {
        (self.name, self.value) = (name, value)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
    }
}

/// A request body: its media type and its text with secrets hidden, or a comment saying why it is not there.
struct HARPostData: Codable, Sendable, Equatable {
    var mimeType: String
    var text: String?
    var comment: String?

    init(mimeType: String, text: String?, comment: String? = nil) {
        (self.mimeType, self.text, self.comment) = (mimeType, text, comment)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// A response body as delivered (decoded of any `Content-Encoding`): text, or `base64` for bytes that are not,
/// or no text and a comment saying why it was not recorded.
struct HARContent: Codable, Sendable, Equatable {
    var size: Int
    var mimeType: String
    var text: String?
    var encoding: String?
    var comment: String?

    init(size: Int, mimeType: String, text: String? = nil, encoding: String? = nil, comment: String? = nil) {
        (self.size, self.mimeType, self.text, self.encoding, self.comment) = (size, mimeType, text, encoding, comment)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? -1
        mimeType = try container.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text)
        encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }

    /// The bytes of the body, or `nil` when the file holds none (a body not recorded, or not valid base64).
    var bytes: Data? {
        guard let text else { return size <= 0 ? Data() : nil }
        return encoding?.lowercased() == "base64" ? Data(base64Encoded: text) : Data(text.utf8)
    }
}
