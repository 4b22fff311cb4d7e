import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of a ``DirectoryCacheStorage``: the directory is the owner's alone (`0700`), each file too
/// (`0600`), and a file is written whole or not at all, through a temporary file renamed over it.
struct CacheDirectory: Sendable {
    /// A record file found in the directory.
    struct File: Sendable {
        var name: String
        var size: Int
        var modified: Date
    }

    let url: URL
    private static let temporaryPrefix = ".tmp-"

    /// Makes the directory, owner-only, and its missing parents; `false` when it neither exists nor could be
    /// made.
    @discardableResult
    func create() -> Bool {
        let parent = url.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        return mkdir(url.path, 0o700) == 0 || errno == EEXIST
    }

    /// The record files in the directory, by ``CacheFileName``; regular files only. Removes what a write
    /// cut short left behind (one storage per directory at a time).
    func files() -> [File] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
        return names.compactMap { name in
            if name.hasPrefix(Self.temporaryPrefix) {
                remove(name)
                return nil
            }
            guard CacheFileName.keyPart(ofFileName: name) != nil else { return nil }
            var status = stat()
            guard lstat(path(of: name), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let modified = Date(timeIntervalSince1970: Self.seconds(of: status))
            return File(name: name, size: Int(status.st_size), modified: modified)
        }
    }

    /// The contents of the file `name`; `nil` when it is missing, not a regular file, or larger than `limit`
    /// (then not read at all).
    func contents(of name: String, limit: Int) -> Data? {
        let descriptor = open(path(of: name), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= limit else {
            return nil
        }
        let size = Int(status.st_size)
        var data = Data(count: size)
        let count = data.withUnsafeMutableBytes { buffer -> Int in
            var total = 0
            while total < size {
                let result = read(descriptor, buffer.baseAddress.map { $0 + total }, size - total)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { break }
                total += result
            }
            return total
        }
        return count == size ? data : nil
    }

    /// Writes `data` as the file `name`, replacing it at once; `false` when it could not, leaving any file of
    /// that name as it was.
    func store(_ data: Data, as name: String) -> Bool {
        let temporary = path(of: Self.temporaryPrefix + UUID().uuidString)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var total = 0
            while total < buffer.count {
                let result = write(descriptor, buffer.baseAddress.map { $0 + total }, buffer.count - total)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                total += result
            }
            return true
        }
        guard close(descriptor) == 0, written, rename(temporary, path(of: name)) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Marks the file `name` used now, by its modification date: the order of last use a restart reads.
    func touch(_ name: String) {
        utimes(path(of: name), nil)
    }

    func remove(_ name: String) {
        unlink(path(of: name))
    }

    private func path(of name: String) -> String {
        url.appendingPathComponent(name).path
    }

    private static func seconds(of status: stat) -> TimeInterval {
        #if canImport(Darwin)
        TimeInterval(status.st_mtimespec.tv_sec) + TimeInterval(status.st_mtimespec.tv_nsec) / 1e9
        #else
        TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
        #endif
    }
}
