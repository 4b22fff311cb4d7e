import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory of this process's temporary files, so that a process that is killed leaves none behind
/// for good.
///
/// Each process that writes a temporary file gets a directory of its own under ``root``, which it holds
/// locked (`flock`) for as long as it runs; the system lets go of the lock when the process ends, however it
/// ends. On its first temporary file a process removes the directories that nobody holds locked: those of
/// processes that are gone. A lock, unlike a process id, is the same in every PID namespace that shares the
/// temporary directory, and is never taken over by a new process that happens to get a dead one's id.
///
/// A directory is created under a name starting with a dot, locked, and only then renamed to its final
/// name, so that a sweep never sees a live process's directory unlocked; the sweep leaves dot names alone
/// until they are a day old.
struct ProcessTemporaryDirectory: Sendable {
    /// This process's directory.
    let url: URL
    /// The open directory, whose lock says this process still runs; never closed, and not inherited by child
    /// processes, which would otherwise keep the directory from being swept after this process ended.
    private let descriptor: Int32

    /// This process's directory, made (after sweeping those of processes that are gone) on first use; `nil`
    /// when it could not be made, and temporary files then go straight into the system's directory.
    static let current: ProcessTemporaryDirectory? = make(in: root)

    /// Where every process of this user keeps its directory.
    static var root: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("NetworkLayer-\(getuid())", isDirectory: true)
    }

    /// How old a directory still being set up must be before a sweep takes it for an abandoned one.
    static let abandonedSetupAge: TimeInterval = 24 * 60 * 60

    /// Sweeps `root`, then makes and locks a directory of this process's own in it.
    static func make(in root: URL) -> ProcessTemporaryDirectory? {
        guard mkdir(root.path, 0o700) == 0 || errno == EEXIST else { return nil }
        sweep(root)
        let name = "\(getpid())-\(UUID().uuidString)"
        let staging = root.appendingPathComponent(".\(name)", isDirectory: true)
        let final = root.appendingPathComponent(name, isDirectory: true)
        guard mkdir(staging.path, 0o700) == 0 else { return nil }
        let descriptor = open(staging.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(staging.path, final.path) == 0
        else {
            if descriptor >= 0 { close(descriptor) }
            rmdir(staging.path)
            return nil
        }
        return ProcessTemporaryDirectory(url: final, descriptor: descriptor)
    }

    /// Removes the directories in `root` that no process holds locked, and set-ups abandoned for a day.
    /// What cannot be removed (another user's) stays.
    static func sweep(_ root: URL, now: Date = Date()) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: root.path) else { return }
        for name in names {
            let directory = root.appendingPathComponent(name, isDirectory: true)
            if name.hasPrefix(".") {
                let modified = (try? manager.attributesOfItem(atPath: directory.path))?[.modificationDate] as? Date
                if let modified, now.timeIntervalSince(modified) > abandonedSetupAge {
                    try? manager.removeItem(at: directory)
                }
                continue
            }
            let descriptor = open(directory.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // Taken only when its owner has ended; held while removing, so no one else sweeps it meanwhile.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? manager.removeItem(at: directory)
        }
    }
}
