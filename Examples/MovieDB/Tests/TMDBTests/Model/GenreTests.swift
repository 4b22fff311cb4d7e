import Testing

@testable import TMDB

@Suite("Genres")
struct GenreTests {
    @Test("The genre list decodes in order")
    func list() throws {
        let list = try decode(
            GenreList.self, #"{"genres": [{"id": 28, "name": "Action"}, {"id": 878, "name": "Science Fiction"}]}"#)
        #expect(list.genres == [Genre(id: 28, name: "Action"), Genre(id: 878, name: "Science Fiction")])
    }
}
