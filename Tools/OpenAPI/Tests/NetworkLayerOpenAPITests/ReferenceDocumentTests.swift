import Foundation
import Testing

@testable import NetworkLayerOpenAPI

/// The public documents in `<repo>/../shared/reference/openapi`, read in place; absent from a lone clone.
enum ReferenceDocuments {
    /// The folder, or `nil` when `../shared` is not next to the repository.
    static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if url.lastPathComponent == "Tools" {
                let folder = url.deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("shared/reference/openapi")
                return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
            }
        }
        return nil
    }()

    static var isAvailable: Bool { directory != nil }

    static let skipReason: Comment =
        "../shared/reference/openapi is not next to this repository (CI has it); skipping reference documents"

    static let files = [
        "event-streams.yaml", "oai-link-example.yaml", "oai-petstore-expanded.yaml", "oai-uspto.yaml", "petstore.yaml",
    ]

    static func generate(_ name: String) throws -> GeneratedFiles {
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return try Generator.generate(data, sourceName: name)
    }
}

@Suite("The reference documents", .enabled(if: ReferenceDocuments.isAvailable, ReferenceDocuments.skipReason))
struct ReferenceDocumentTests {
    @Test("Each document generates, and twice gives the same bytes", arguments: ReferenceDocuments.files)
    func generatesStably(name: String) throws {
        let first = try ReferenceDocuments.generate(name)
        let second = try ReferenceDocuments.generate(name)
        #expect(first == second)
        #expect(first.endpoints.contains(": EndPointType {"))
    }

    @Test("Every petstore operation is a case")
    func petstoreCases() throws {
        let files = try ReferenceDocuments.generate("petstore.yaml")
        let cases = [
            "listPets(", "createPet(", "createPetWithForm(", "getStats", "postStats(", "probe", "updatePet(",
            "uploadAvatarForPet(", "multipartDownloadTyped", "multipartUploadTyped(",
        ]
        for name in cases { #expect(files.endpoints.contains("    case \(name)"), "\(name)") }
        let listPets = "    case listPets(\n        filter: ListPetsFilter,\n        limit: Int32? = nil,\n"
        #expect(files.endpoints.contains(listPets))
    }

    @Test(
        "Every prefix of a document generates or fails with a GeneratorError, never a crash",
        arguments: ReferenceDocuments.files)
    func truncated(name: String) throws {
        let data = try Data(contentsOf: try #require(ReferenceDocuments.directory).appendingPathComponent(name))
        let cuts = stride(from: 0, to: data.count, by: max(1, data.count / 60))
        var failures = 0
        for cut in cuts {
            do {
                _ = try Generator.generate(data.prefix(cut), sourceName: name)
            } catch {
                failures += 1
                #expect(!error.description.contains("\n"))
            }
        }
        #expect(failures > 0)
    }

    @Test("The folder holds exactly the documents listed here")
    func listed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ReferenceDocuments.directory?.path ?? "")
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(names == ReferenceDocuments.files)
    }
}
