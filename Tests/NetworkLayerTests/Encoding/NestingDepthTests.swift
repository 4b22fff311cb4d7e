import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("Nesting depth of Encodable values")
struct NestingDepthTests {
    /// A list that holds itself: each level is one value holding an optional next one.
    final class Chain: Encodable, Sendable {
        let next: Chain?

        init(next: Chain?) { self.next = next }

        /// `levels` links, built without recursion.
        static func make(_ levels: Int) -> Chain {
            (1..<levels).reduce(Chain(next: nil)) { inner, _ in Chain(next: inner) }
        }
    }

    /// One way to encode an `Encodable` value.
    struct Route: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let encode: @Sendable (Chain) throws(RequestBuildError) -> Void
    }

    static let routes: [Route] = {
        let pretty = JSONParameterEncoder.makeDefaultEncoder()
        pretty.outputFormatting = [.prettyPrinted, .sortedKeys]
        let closureDates = JSONParameterEncoder.makeDefaultEncoder()
        closureDates.dateEncodingStrategy = .custom { _, _ in }
        return [
            Route(testDescription: "Encodable body") { value throws(RequestBuildError) in
                _ = try JSONParameterEncoder().data(for: value)
            },
            Route(testDescription: "Encodable body through JSONEncoder (pretty)") { value throws(RequestBuildError) in
                _ = try JSONParameterEncoder(encoder: pretty).data(for: value)
            },
            Route(testDescription: "Encodable query") { value throws(RequestBuildError) in
                _ = try EncodableParameters.parameters(for: value, using: JSONParameterEncoder.makeDefaultEncoder())
            },
            Route(testDescription: "Encodable query through JSON") { value throws(RequestBuildError) in
                _ = try EncodableParameters.parameters(for: value, using: closureDates)
            },
        ]
    }()

    @Test(
        "256 levels are written; 257 and 10,000 throw nestingTooDeep, without running out of stack", arguments: routes)
    func depth(route: Route) throws {
        // Each link is a value holding a keyed container: one level for the value, the optional under it.
        try route.encode(Chain.make(JSONStreamState.maximumDepth))
        for levels in [JSONStreamState.maximumDepth + 1, 10_000] {
            let chain = Chain.make(levels)
            let error = #expect(throws: RequestBuildError.self) { try route.encode(chain) }
            guard case .nestingTooDeep(let key, let limit) = error else {
                Issue.record("expected nestingTooDeep, got \(String(describing: error))")
                continue
            }
            #expect(limit == 256)
            #expect(key.hasPrefix("next.next."))
            releaseIteratively(chain)
        }
    }

    @Test("Nested containers count as levels too")
    func nestedContainers() {
        struct Boxes: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                for _ in 0..<10_000 { container = container.nestedUnkeyedContainer() }
            }
        }
        #expect(throws: RequestBuildError.nestingTooDeep(key: String(repeating: "[0]", count: 256), limit: 256)) {
            try JSONParameterEncoder().data(for: Boxes())
        }
    }

    /// Drops `chain` link by link: releasing 10,000 links at once would recurse as deep.
    private func releaseIteratively(_ chain: Chain) {
        var links: [Chain] = []
        var link: Chain? = chain
        while let current = link {
            links.append(current)
            link = current.next
        }
        while !links.isEmpty { links.removeLast() }
    }
}
