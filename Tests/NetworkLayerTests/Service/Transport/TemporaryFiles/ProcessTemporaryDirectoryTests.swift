import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Temporary files of processes that are gone are swept")
struct ProcessTemporaryDirectoryTests {
    struct Entry: Sendable, CustomTestStringConvertible {
        var name: String
        /// Whether a process (here, an open descriptor of the test's) holds it locked.
        var locked: Bool
        var ageHours: Double
        var kept: Bool
        var testDescription: String { "\(name), \(locked ? "locked" : "unlocked"), \(ageHours) h old" }
    }

    static let entries = [
        Entry(name: "4000001-dead", locked: false, ageHours: 0, kept: false),
        Entry(name: "4000002-dead-old", locked: false, ageHours: 100, kept: false),
        Entry(name: "\(getpid())-live", locked: true, ageHours: 0, kept: true),
        Entry(name: "1-live-old", locked: true, ageHours: 100, kept: true),
        Entry(name: ".4000003-setting-up", locked: false, ageHours: 1, kept: true),
        Entry(name: ".4000004-abandoned", locked: false, ageHours: 25, kept: false),
    ]

    private static func makeRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ptd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// A directory with a file in it, as a process leaves it.
    private static func makeDirectory(_ name: String, in root: URL, ageHours: Double) throws -> URL {
        let directory = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        try Data(repeating: 1, count: 1_000).write(to: directory.appendingPathComponent("NetworkLayer-x.download"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-ageHours * 3_600)], ofItemAtPath: directory.path)
        return directory
    }

    @Test("A sweep removes what no process holds, and keeps every live process's files", arguments: entries)
    func sweep(_ entry: Entry) throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try Self.makeDirectory(entry.name, in: root, ageHours: entry.ageHours)
        var descriptor: Int32 = -1
        if entry.locked {
            descriptor = open(directory.path, O_RDONLY)
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        }
        defer { if descriptor >= 0 { close(descriptor) } }
        ProcessTemporaryDirectory.sweep(root)
        #expect(FileManager.default.fileExists(atPath: directory.path) == entry.kept)
    }

    @Test("A process's own directory is locked while it runs, so another process's sweep keeps it")
    func ownDirectory() throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let dead = try Self.makeDirectory("4000005-dead", in: root, ageHours: 0)
        let own = try #require(ProcessTemporaryDirectory.make(in: root))
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(own.url.lastPathComponent.hasPrefix("\(getpid())-"))
        ProcessTemporaryDirectory.sweep(root)
        #expect(FileManager.default.fileExists(atPath: own.url.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == [own.url.lastPathComponent])
    }

    @Test("Temporary files and spill files go into this process's directory")
    func temporaryFilesLiveThere() throws {
        let directory = try #require(ProcessTemporaryDirectory.current).url
        #expect(directory.lastPathComponent.hasPrefix("\(getpid())-"))
        let file = try TemporaryFile(suffix: "multipart")
        defer { file.discard() }
        #expect(file.url.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
    }

    #if os(Linux)
    @Test(
        "A directory locked by another process stays while it runs, and goes once it was killed",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func killedOwner() async throws {
        let root = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = try Self.makeDirectory("4000006-child", in: root, ageHours: 0)
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        // Without a fork, `sleep` itself holds the lock, so killing it leaves no other holder behind.
        owner.arguments = ["--no-fork", directory.path, "sleep", "600"]
        try owner.run()
        defer { if owner.isRunning { kill(owner.processIdentifier, SIGKILL) } }
        // The child takes the lock soon after it starts; until then a sweep could take it for a dead one's.
        var locked = false
        for _ in 0..<3_000 where !locked {
            let probe = open(directory.path, O_RDONLY)
            locked = flock(probe, LOCK_EX | LOCK_NB) != 0
            close(probe)
            if !locked { try await Task.sleep(for: .milliseconds(20)) }
        }
        try #require(locked)
        ProcessTemporaryDirectory.sweep(root)
        #expect(FileManager.default.fileExists(atPath: directory.path))
        kill(owner.processIdentifier, SIGKILL)
        owner.waitUntilExit()
        ProcessTemporaryDirectory.sweep(root)
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }
    #endif
}
