import Foundation
import Testing

/// The recorded TMDB responses in `<repo>/../shared/fixtures/tmdb`.
///
/// They are other projects' recordings, kept outside this repository, so they are read in place,
/// never copied. CI always has `../shared`; a clone on its own may not, and then the tests that
/// need them are skipped (see ``isAvailable``).
enum SharedFixtures {
    /// The fixture folder, or `nil` when `../shared` is not next to the repository.
    static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if url.lastPathComponent == "Examples" {
                let repository = url.deletingLastPathComponent()
                let fixtures = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/tmdb")
                return FileManager.default.fileExists(atPath: fixtures.path) ? fixtures : nil
            }
        }
        return nil
    }()

    /// Whether the fixtures can be read.
    static var isAvailable: Bool { directory != nil }

    /// Why fixture tests are skipped when they are.
    static let skipReason: Comment =
        "../shared/fixtures/tmdb is not next to this repository (CI has it); skipping fixture tests"

    /// The recorded files this package decodes, each with the model it must decode into.
    static let files: [String] = [
        "error_401_invalid_api_key.json",
        "error_404_not_found.json",
        "movie_details_843794.json",
        "movie_videos_58.json",
        "now_playing_en-US_2023-08.json",
        "now_playing_ru_2018-07.json",
        "search_movie_fight_club_docs_example.json",
    ]

    /// The bytes of fixture `name`.
    static func data(_ name: String) throws -> Data {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Every `.json` file in the folder.
    static func jsonFilesOnDisk() throws -> [String] {
        guard let directory else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
            .sorted()
    }
}
