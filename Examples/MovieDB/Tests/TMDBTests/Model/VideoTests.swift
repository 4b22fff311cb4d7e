import Foundation
import Testing

@testable import TMDB

@Suite("Videos")
struct VideoTests {
    @Test(
        "Links for YouTube and Vimeo, none for other sites",
        arguments: [
            ("YouTube", "https://www.youtube.com/watch?v=abc"),
            ("Vimeo", "https://vimeo.com/abc"),
            ("Dailymotion", nil),
        ] as [(String, String?)])
    func watchURL(site: String, expected: String?) throws {
        let video = try decode(
            Video.self, #"{"id": "1", "name": "n", "key": "abc", "site": "\#(site)", "type": "Clip"}"#)
        #expect(video.watchURL?.absoluteString == expected)
    }

    @Test("Recordings from before 2021 lack official, published_at and iso_3166_1")
    func oldFormat() throws {
        let json =
            #"{"id": "5", "iso_639_1": "en", "key": "k", "name": "Trailer", "site": "YouTube", "size": 720, "type": "Trailer"}"#
        let video = try decode(Video.self, json)
        #expect(video.official == nil && video.publishedAt == nil && video.countryCode == nil)
        #expect(video.languageCode == "en" && video.size == 720)
    }

    @Test(
        "published_at is kept as sent, in either form",
        arguments: ["2021-10-07 16:00:27 UTC", "2014-10-02T19:20:22.000Z"])
    func publishedAt(_ text: String) throws {
        let json =
            #"{"id": "5", "key": "k", "name": "n", "site": "YouTube", "type": "Teaser", "published_at": "\#(text)"}"#
        #expect(try decode(Video.self, json).publishedAt == text)
    }

    @Test("An empty list decodes")
    func emptyList() throws {
        let list = try decode(VideoList.self, #"{"id": 1, "results": []}"#)
        #expect(list.results.isEmpty && list.id == 1)
    }
}
