import Testing

@testable import TMDB

@Suite("Image URLs")
struct ImageURLTests {
    @Test(
        "base + size + path",
        arguments: [
            (
                "/1E5baAaEse26fej7uHcjOgEE2t2.jpg", "w500",
                "https://image.tmdb.org/t/p/w500/1E5baAaEse26fej7uHcjOgEE2t2.jpg"
            ),
            ("/x.png", "original", "https://image.tmdb.org/t/p/original/x.png"),
        ])
    func builds(path: String, size: String, expected: String) {
        #expect(ImageURL.url(for: path, size: size)?.absoluteString == expected)
    }

    @Test("No path, no URL", arguments: [nil, ""] as [String?])
    func noImage(_ path: String?) {
        #expect(ImageURL.url(for: path) == nil)
    }
}
