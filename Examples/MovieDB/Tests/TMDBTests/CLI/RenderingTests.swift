import Foundation
import Testing

@testable import TMDB
@testable import moviedb

@Suite("CLI rendering")
struct RenderingTests {
    @Test(
        "Terminal width counts wide characters twice",
        arguments: [
            ("Fight Club", 10), ("기생충", 6), ("千と千尋の神隠し", 16), ("Amélie", 6), ("e\u{301}", 1), ("", 0),
        ])
    func width(text: String, expected: Int) {
        #expect(TextWidth.of(text) == expected)
    }

    @Test("Truncation keeps within the width and marks the cut")
    func truncate() {
        #expect(TextWidth.truncate("The Lord of the Rings", to: 10) == "The Lord …")
        #expect(TextWidth.truncate("千と千尋の神隠し", to: 7) == "千と千…")
        #expect(TextWidth.truncate("Short", to: 10) == "Short")
    }

    @Test(
        "Numbers, runtimes and ratings",
        arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (2_046_239_637, "2,046,239,637")])
    func grouping(number: Int, expected: String) {
        #expect(Formatting.grouped(number) == expected)
    }

    @Test("Runtime and rating forms")
    func smallForms() {
        #expect(Formatting.runtime(139) == "2h 19m")
        #expect(Formatting.runtime(45) == "45m")
        #expect(Formatting.runtime(0) == nil && Formatting.runtime(nil) == nil)
        #expect(Formatting.rating(8.438, votes: 10) == "8.4")
        #expect(Formatting.rating(0, votes: 0) == "–")
    }

    @Test("A movie page renders a header, aligned rows and paging")
    func movieTable() async throws {
        let page = try await MovieManager.sampleData().popular()
        let text = MovieTable.render(page, heading: "Popular movies")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Popular movies · page 1 of 2 · 35 results")
        #expect(lines[2].hasPrefix("    ID  TITLE"))
        #expect(lines.contains { $0.hasPrefix("   550  Fight Club") && $0.hasSuffix("1999     8.4") })
        #expect(lines.last == "Page 1 of 2. Next: --page 2")
        let rowWidths = Set(lines[2..<22].map { TextWidth.of($0) })
        #expect(rowWidths.count == 1)
    }
}
