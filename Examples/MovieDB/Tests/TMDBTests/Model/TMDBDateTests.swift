import Foundation
import Testing

@testable import TMDB

@Suite("TMDB dates")
struct TMDBDateTests {
    @Test(
        "Valid dates parse as midnight UTC",
        arguments: [("1999-10-15", 939_945_600.0), ("2024-02-29", 1_709_164_800.0)])
    func valid(text: String, seconds: TimeInterval) {
        #expect(TMDBDate.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "Anything else is nil",
        arguments: ["", "1999", "1999-13-01", "2023-02-30", "99-10-15", "1999-10-15T00:00:00Z", "١٩٩٩-١٠-١٥"])
    func invalid(_ text: String) {
        #expect(TMDBDate.date(from: text) == nil)
        #expect(TMDBDate.year(from: text) == nil)
    }
}
