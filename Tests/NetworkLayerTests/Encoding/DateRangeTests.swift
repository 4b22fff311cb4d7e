import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Dates out of range, in every encoder")
struct DateRangeTests {
    /// One way the library writes a date: a parameter encoder and a date strategy, or an `Encodable` encoder.
    struct Route: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let encode: @Sendable (Date) throws(RequestBuildError) -> Void
    }

    struct Stamped: Encodable {
        let d: Date
    }

    static func request() -> URLRequest {
        URLRequest(url: URL(string: "https://api.example.com/")!)
    }

    static func jsonEncoder(_ configure: (JSONEncoder) -> Void) -> JSONEncoder {
        let encoder = JSONParameterEncoder.makeDefaultEncoder()
        configure(encoder)
        return encoder
    }

    static let routes: [Route] = {
        let strategies: [(String, DateEncoding)] = [
            ("ISO 8601", .iso8601), ("ISO 8601 with milliseconds", .iso8601WithFractionalSeconds),
            ("seconds", .secondsSince1970), ("milliseconds", .millisecondsSince1970),
            ("custom", .custom { _ in "formatted" }),
        ]
        var routes: [Route] = []
        for (name, strategy) in strategies {
            let urlEncoder = URLParameterEncoder(dateEncoding: strategy)
            let formEncoder = URLParameterEncoder(destination: .httpBody, dateEncoding: strategy)
            routes.append(
                Route(testDescription: "query, \(name)") { date throws(RequestBuildError) in
                    var request = request()
                    try urlEncoder.encode(urlRequest: &request, with: ["d": date])
                })
            routes.append(
                Route(testDescription: "form, \(name)") { date throws(RequestBuildError) in
                    var request = request()
                    try formEncoder.encode(urlRequest: &request, with: ["d": date])
                })
        }
        routes.append(
            Route(testDescription: "JSON parameters") { date throws(RequestBuildError) in
                _ = try JSONParameterEncoder().data(for: ["d": date])
            })
        let foundationStrategies: [(String, JSONEncoder.DateEncodingStrategy)] = [
            ("ISO 8601", .iso8601), ("deferred", .deferredToDate), ("seconds", .secondsSince1970),
            ("milliseconds", .millisecondsSince1970), ("closure", .custom { _, _ in }),
        ]
        for (name, strategy) in foundationStrategies {
            let body = JSONParameterEncoder(encoder: jsonEncoder { $0.dateEncodingStrategy = strategy })
            let pretty = JSONParameterEncoder(
                encoder: jsonEncoder {
                    $0.dateEncodingStrategy = strategy
                    $0.outputFormatting = [.prettyPrinted, .sortedKeys]
                })
            let query = jsonEncoder { $0.dateEncodingStrategy = strategy }
            routes += [
                Route(testDescription: "Encodable body, \(name)") { date throws(RequestBuildError) in
                    _ = try body.data(for: Stamped(d: date))
                },
                Route(testDescription: "Encodable body through JSONEncoder (pretty), \(name)") {
                    date throws(RequestBuildError) in
                    _ = try pretty.data(for: Stamped(d: date))
                },
                Route(testDescription: "Encodable query, \(name)") { date throws(RequestBuildError) in
                    _ = try EncodableParameters.parameters(for: Stamped(d: date), using: query)
                },
            ]
        }
        return routes
    }()

    /// Year −2 and year 10000, NaN, ±∞ and ±1e300 seconds since 1970.
    static let badDates: [Double] = [
        .nan, .infinity, -.infinity, -62_230_377_600, 253_402_387_200, 1e300, -1e300,
        -62_167_219_200.001, 253_402_300_800,
    ]

    @Test("A date that is not finite or not in the years 0000–9999 throws dateOutOfRange", arguments: routes, badDates)
    func outOfRange(route: Route, seconds: Double) {
        #expect(throws: RequestBuildError.dateOutOfRange(key: "d")) {
            try route.encode(Date(timeIntervalSince1970: seconds))
        }
    }

    @Test(
        "The first and last instants of the years 0000–9999 are written",
        arguments: routes.filter { $0.testDescription != "JSON parameters" },
        [-62_167_219_200, 253_402_300_799.999])
    func inRange(route: Route, seconds: Double) throws {
        try route.encode(Date(timeIntervalSince1970: seconds))
    }

    @Test(
        "ISO 8601 years are written with four digits, never a sign",
        arguments: [
            (-62_167_219_200, "0000-01-01T00:00:00Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
            (253_402_300_799, "9999-12-31T23:59:59Z"), (0, "1970-01-01T00:00:00Z"),
        ] as [(Double, String)])
    func fourDigitYears(seconds: Double, expected: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Text.string(from: date, fractional: false) == expected)
        // Foundation's ISO 8601 style, which JSONEncoder uses, counts days before 1582 by the Julian calendar;
        // the year still has four digits.
        let body = String(decoding: try JSONParameterEncoder().data(for: [date]), as: UTF8.self)
        #expect(body.hasPrefix("[\"\(expected.prefix(5))"))
    }

    @Test("A bad date deep inside a value names its path")
    func path() {
        struct Outer: Encodable {
            let items: [Stamped]
        }
        let value = Outer(items: [Stamped(d: Date()), Stamped(d: Date(timeIntervalSince1970: .nan))])
        #expect(throws: RequestBuildError.dateOutOfRange(key: "items[1].d")) {
            try JSONParameterEncoder().data(for: value)
        }
    }

    @Test("A value that catches the error for its date still fails")
    func swallowed() {
        struct Catching: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try? container.encode(Date(timeIntervalSince1970: .infinity), forKey: AnyKey("d"))
                try container.encode(1, forKey: AnyKey("n"))
            }
        }
        #expect(throws: RequestBuildError.dateOutOfRange(key: "d")) { try JSONParameterEncoder().data(for: Catching()) }
    }
}
