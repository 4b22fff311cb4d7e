import Testing

@testable import TMDB

/// The walk through the sample catalog that both the offline manager and a replay of the fake TMDB's answers
/// must give: a listing, a movie from it with its videos and recommendations, the genres and a search.
enum CatalogFlow {
    static func check(_ manager: MovieManager, searchingFor query: String) async throws {
        let popular = try await manager.popular()
        #expect(popular.results.count == 20 && popular.page == 1 && popular.lastPage == 2)
        let fightClub = try #require(popular.results.first { $0.id == 550 })
        let details = try await manager.details(id: fightClub.id)
        #expect(details.title == fightClub.title && details.runtime == 139)
        #expect(try await manager.videos(id: 550).results.count == 3)
        #expect(try await manager.recommendations(id: 550).results.map(\.id).contains(680))
        #expect(try await manager.genres().count == 19)
        #expect(try await manager.search(query: query).results.map(\.id) == [550])
    }
}
