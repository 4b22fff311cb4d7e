import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every place that prints an exchange — the logger's entries and cURL line, `Response.description`, an
/// error's description — hides credentials by the redactor's rule: values under credential-looking names,
/// secret values the request carried wherever they come back, user info, and bodies it cannot read.
@Suite("Secrets in output")
struct SecretsInOutputTests {
    /// A request, the response it got, and the secrets neither may print.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var url = "https://api.example.com/v1/items?page=2"
        var method = "GET"
        var requestHeaders: [String: String] = [:]
        var requestBody: String?
        var status = 400
        var responseHeaders: [String: String] = [:]
        var responseBody = Data()
        let secrets: [String]

        var testDescription: String { name }

        var request: URLRequest {
            var request = URLRequest(url: URL(string: url)!)
            request.httpMethod = method
            for (name, value) in requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = requestBody.map { Data($0.utf8) }
            return request
        }

        var response: Response {
            Response(
                request: request, httpResponse: .stub(status, url: request.url, headers: responseHeaders),
                data: responseBody)
        }

        /// Everything the case sends and receives, unredacted, to show that the secrets are really there.
        var raw: String {
            let headers = (requestHeaders.merging(responseHeaders) { $1 }).map { "\($0): \($1)" }
            let body = String(decoding: responseBody.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            return ([url, requestBody ?? "", body] + headers).joined(separator: "\n")
        }
    }

    static let json = ["Content-Type": "application/json"]

    static func echo(_ body: String, type: String = "application/json") -> (headers: [String: String], body: Data) {
        (["Content-Type": type], Data(body.utf8))
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // Header names from the issue, and others with the fragments elsewhere and in other cases: each value is
        // hidden in the request, and where a JSON body echoes it under an ordinary key.
        let headerNames = [
            "Ocp-Apim-Subscription-Key", "X-Functions-Key", "AccessKey", "X-Access-Key", "X-Master-Key",
            "Authentication", "x-my_PRIVATE.key", "KEYRING-ID", "X-Client-SECRET-Hash", "MyAuth", "X-Sessionid",
            "X-Request-Signature", "Proxy-Credentials", "X-PassWord", "x_auth_TOKEN",
        ]
        for (index, name) in headerNames.enumerated() {
            let secret = "hdr\(index)Zq81secretvalue"
            cases.append(
                Case(
                    name: "header \(name), echoed in JSON", requestHeaders: [name: secret],
                    responseHeaders: json, responseBody: Data(#"{"headers":{"seen":"\#(secret)"},"n":1}"#.utf8),
                    secrets: [secret]))
        }
        cases += [
            Case(
                name: "query subscription-key, echoed in plain text",
                url: "https://api.example.com/v1/items?subscription-key=Qry7subvalue&page=2",
                responseHeaders: ["Content-Type": "text/plain"], responseBody: Data("you sent Qry7subvalue".utf8),
                secrets: ["Qry7subvalue"]),
            Case(
                name: "query names in any case and position",
                url: "https://api.example.com/v1/items?SubscriptionKEY=Qa1value0001&my.auth.id=Qa2value0002&x=1",
                secrets: ["Qa1value0001", "Qa2value0002"]),
            Case(
                name: "request fragment and user info",
                url: "https://tok3nUserInfo@api.example.com/cb#id_token=Frag9idtoken&state=1",
                secrets: ["tok3nUserInfo", "Frag9idtoken"]),
            Case(
                name: "user and password in the URL, echoed in a header",
                url: "https://me-user:Pw9userinfopass@api.example.com/v1",
                responseHeaders: ["X-Echo": "Pw9userinfopass"], secrets: ["Pw9userinfopass"]),
            Case(
                name: "Location with code and an access token in the fragment", status: 302,
                responseHeaders: [
                    "Location": "https://app.example/cb?code=Loc1authcode&x=1#access_token=Loc2fragtoken"
                ],
                secrets: ["Loc1authcode", "Loc2fragtoken"]),
            Case(
                name: "relative Location with a code", status: 303,
                responseHeaders: ["Location": "/cb?state=a&code=Loc3relcode#session_state=Loc4state"],
                secrets: ["Loc3relcode", "Loc4state"]),
            Case(
                name: "Location with user info", status: 307,
                responseHeaders: ["Location": "https://Loc5usertoken@other.example/next"], secrets: ["Loc5usertoken"]),
            Case(
                name: "Location echoing a request secret under an ordinary name",
                requestHeaders: ["X-Api-Key": "Echo1locationkey"], status: 302,
                responseHeaders: ["Location": "https://other.example/?next=Echo1locationkey"],
                secrets: ["Echo1locationkey"]),
            Case(
                name: "Link header with a token in its URL",
                responseHeaders: ["Link": #"<https://api.example.com/p2?access_token=Lnk1token>; rel="next""#],
                secrets: ["Lnk1token"]),
            Case(
                name: "JSON request body secret echoed in JSON", method: "POST",
                requestHeaders: json, requestBody: #"{"user":"me","password":"Body1jsonpass"}"#,
                responseHeaders: json, responseBody: Data(#"{"json":{"copy":"Body1jsonpass"},"ok":true}"#.utf8),
                secrets: ["Body1jsonpass"]),
            Case(
                name: "nested JSON request secret echoed with JSON escapes", method: "POST",
                requestHeaders: json, requestBody: #"{"login":{"credentials":{"pin":"Body2nested/pin"}}}"#,
                responseHeaders: json, responseBody: Data(#"{"echo":"\u0042ody2nested\/pin"}"#.utf8),
                secrets: ["Body2nested/pin", #"Body2nested\/pin"#]),
            Case(
                name: "numeric JSON secret echoed as a number", method: "POST",
                requestHeaders: json, requestBody: #"{"otp":48151623}"#,
                responseHeaders: json, responseBody: Data(#"{"received":48151623}"#.utf8), secrets: ["48151623"]),
            Case(
                name: "form request secret echoed in a form", method: "POST",
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "grant_type=client_credentials&client_secret=Form1secret%2Bx",
                responseHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                responseBody: Data("got=Form1secret%2Bx&n=1".utf8), secrets: ["Form1secret+x", "Form1secret%2Bx"]),
            Case(
                name: "form request secret echoed in text", method: "POST",
                requestHeaders: ["Content-Type": "application/x-www-form-urlencoded"],
                requestBody: "username=me&password=Frm2hunter2x",
                responseHeaders: ["Content-Type": "text/html"],
                responseBody: Data("<p>Welcome back, your Frm2hunter2x is wrong</p>".utf8),
                secrets: ["Frm2hunter2x"]),
            Case(
                name: "bearer token echoed in a response header and text",
                requestHeaders: ["Authorization": "Bearer Brr1bearertoken"],
                responseHeaders: ["X-Debug": "caller Brr1bearertoken", "Content-Type": "text/plain"],
                responseBody: Data("Authorization=Bearer Brr1bearertoken".utf8), secrets: ["Brr1bearertoken"]),
            Case(
                name: "Basic credentials echoed decoded",
                requestHeaders: ["Authorization": "Basic " + Data("Bas1user:Bas2password".utf8).base64EncodedString()],
                responseHeaders: json, responseBody: Data(#"{"user":"Bas1user","p":"Bas2password"}"#.utf8),
                secrets: ["Bas1user", "Bas2password"]),
            Case(
                name: "cookie value echoed in a header", requestHeaders: ["Cookie": "theme=dark; sid=Ck1cookievalue"],
                responseHeaders: ["X-Seen": "Ck1cookievalue", "Set-Cookie": "sid=Ck2newcookie; HttpOnly"],
                secrets: ["Ck1cookievalue", "Ck2newcookie"]),
            Case(
                name: "secret JSON keys in any position and case", status: 200, responseHeaders: json,
                responseBody: Data(#"{"data":[{"myApiKEY":"Key1json","x":{"Session_ID":"Key2json"}}]}"#.utf8),
                secrets: ["Key1json", "Key2json"]),
            Case(
                name: "percent-encoded echo of a query secret",
                url: "https://api.example.com/v1?api_key=Pct1%2Fval%20ue",
                responseHeaders: ["Content-Type": "text/plain"],
                responseBody: Data("url: /v1?next=Pct1%2Fval%20ue".utf8),
                secrets: ["Pct1/val ue", "Pct1%2Fval%20ue"]),
            Case(
                name: "NDJSON", responseHeaders: ["Content-Type": "application/x-ndjson"],
                responseBody: Data("{\"a\":1}\n{\"token\":\"Nd1jsonline\"}\n".utf8), secrets: ["Nd1jsonline"]),
            Case(
                name: "NDJSON without a type",
                responseBody: Data("{\"a\":1}\n{\"b\":\"Nd2ndjson\",\"token\":\"Nd3tok\"}".utf8),
                secrets: ["Nd3tok"]),
            Case(
                name: "JSON nested 600 deep", responseHeaders: json,
                responseBody: Data(
                    (String(repeating: "[", count: 600) + #"{"token":"Deep1token"}"#
                        + String(repeating: "]", count: 600))
                        .utf8), secrets: ["Deep1token"]),
            Case(
                name: "JSON nested 100 deep", responseHeaders: json,
                responseBody: Data(
                    (String(repeating: #"{"a":"#, count: 100) + #"{"password":"Deep2pw"}"#
                        + String(repeating: "}", count: 100))
                        .utf8), secrets: ["Deep2pw"]),
            Case(
                name: "binary body", responseHeaders: ["Content-Type": "application/octet-stream"],
                responseBody: Data([0xFF, 0x00] + Array("token=Bin1secret".utf8) + [0xFE]), secrets: ["Bin1secret"]),
            Case(
                name: "plain text naming a credential", responseHeaders: ["Content-Type": "text/plain"],
                responseBody: Data("your new api key is Txt1newkey, keep it".utf8), secrets: ["Txt1newkey"]),
            Case(
                name: "text with a short echoed secret", url: "https://api.example.com/v1?pin_key=42x",
                responseHeaders: ["Content-Type": "text/plain"], responseBody: Data("value 42x accepted".utf8),
                secrets: ["42x"]),
            Case(
                name: "multipart request body", method: "POST",
                requestHeaders: ["Content-Type": "multipart/form-data; boundary=b"],
                requestBody: "--b\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nMp1password\r\n--b--\r\n",
                secrets: ["Mp1password"]),
            Case(
                name: "a decoder's message quoting an echoed secret", method: "POST", requestHeaders: json,
                requestBody: #"{"role_secret":"Dec1role"}"#, status: 200, responseHeaders: json,
                responseBody: Data(#"{"role":"Dec1role"}"#.utf8), secrets: ["Dec1role"]),
        ]
        return cases
    }()

    /// Every rendering of the case's exchange: the logger's three entries and cURL line, the response's
    /// descriptions, and the descriptions of errors that carry it.
    static func renderings(of row: Case) -> [String: String] {
        let entries = Locked<[LogEntry]>([])
        let logger = NetworkLogger(sink: .entries { entry in entries.withLock { $0.append(entry) } })
        let request = row.request
        let response = row.response
        let reason = "Cannot initialize Role from invalid String value Dec1role"
        let decoding = NetworkError(
            .decodingFailed, response: response, detail: "Role: \(reason)",
            underlyingError: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: reason)))
        logger.log(request: request)
        logger.log(result: .success(response), for: request, elapsed: 0.01)
        logger.log(result: .failure(NetworkError(.clientError, response: response)), for: request, elapsed: 0.01)
        logger.log(result: .failure(decoding), for: request, elapsed: 0.01)
        var renderings = [
            "cURL": logger.cURL(for: request),
            "Response.description": response.description,
            "Response.debugDescription": String(reflecting: response),
            "clientError": String(describing: NetworkError(.clientError, response: response)),
            "unexpectedRedirect": "\(NetworkError(.unexpectedRedirect, response: response))",
            "decodingFailed": decoding.localizedDescription,
            "decodingFailed (debug)": String(reflecting: decoding),
        ]
        for (index, entry) in entries.current.enumerated() {
            renderings["entry \(index)"] = [entry.text, entry.url, entry.failure ?? ""].joined(separator: "\n")
        }
        return renderings
    }

    @Test("no rendering shows a secret", arguments: cases)
    func hidden(row: Case) {
        for secret in row.secrets {
            let carried = row.raw.contains(secret) || (row.raw.removingPercentEncoding ?? "").contains(secret)
            #expect(carried || row.name.contains("escape"), "the case does not carry \(secret)")
        }
        for (rendering, text) in Self.renderings(of: row) {
            #expect(text.contains("api.example.com"), "\(rendering) lost the request: \(text)")
            for secret in row.secrets {
                #expect(!text.contains(secret), "\(rendering) shows \(secret): \(text)")
            }
        }
    }

    @Test("a body that cannot be redacted is shown as its size, in the log and in descriptions")
    func byteCount() {
        let row = Self.cases.first { $0.name == "NDJSON" }!
        let renderings = Self.renderings(of: row)
        #expect(renderings["entry 1"]?.contains("body: <32 bytes>") == true)
        #expect(renderings["Response.description"]?.hasSuffix("body: <32 bytes>") == true)
    }

    @Test("what is not secret still shows")
    func ordinaryValuesShow() {
        let row = Self.cases.first { $0.name == "JSON request body secret echoed in JSON" }!
        let renderings = Self.renderings(of: row)
        #expect(renderings["entry 0"]?.contains(#"{"user":"me","password":"REDACTED"}"#) == true)
        #expect(renderings["entry 1"]?.contains(#"{"json":{"copy":"REDACTED"},"ok":true}"#) == true)
        #expect(renderings["entry 1"]?.contains("?page=2") == true)
        let text = Self.renderings(of: Self.cases.first { $0.name == "form request secret echoed in text" }!)
        #expect(text["entry 1"]?.contains("<p>Welcome back, your REDACTED is wrong</p>") == true)
        #expect(text["entry 0"]?.contains("username=me&password=REDACTED") == true)
    }

    @Test("a credential header a plugin sets is hidden where the response echoes it")
    func pluginCredentialEchoed() async throws {
        let entries = Locked<[String]>([])
        let logger = NetworkLogger(sink: LogSink { entry in entries.withLock { $0.append(entry) } })
        let configuration = RouterConfiguration(
            logger: logger,
            plugins: [AccessTokenPlugin(scheme: nil, header: "X-Functions-Key") { "Plg1functionkey" }])
        let router = Router<TestEndpoint>(configuration: configuration) { request in
            let seen = request.value(forHTTPHeaderField: "X-Functions-Key") ?? ""
            return (
                Data(#"{"headers":{"X-Functions-Key":"\#(seen)","Host":"\#(seen)"}}"#.utf8),
                .stub(500, url: request.url)
            )
        }
        let error = await #expect(throws: NetworkError.self) {
            try await NetworkManager(router: router).response(for: TestEndpoint())
        }
        let everything = (entries.current + [String(describing: error)]).joined(separator: "\n")
        #expect(entries.current.count == 2)
        #expect(!everything.contains("Plg1functionkey"), "\(everything)")
    }
}
