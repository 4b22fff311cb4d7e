import Foundation

extension HTTPCache {
    /// A cache that keeps its responses in files in `directory`, where a later run of the app finds them.
    ///
    /// The directory and its missing parents are made, the directory readable by its owner only (`0700`, and
    /// `0600` for each file); if it is removed while the app runs, the next response stored makes it again.
    /// Within `maximumSize` over all files, the least recently used responses are removed to make room. A file
    /// that is cut short, altered or not the cache's own reads as a miss and is removed; files of other names
    /// are left alone. Use one cache per directory at a time.
    ///
    /// - Parameters:
    ///   - directory: Where the files go, for example a folder in the app's caches directory.
    ///   - shared: Whether the cache is shared between users, as a gateway's or a proxy's is (it then keeps
    ///     no `private` response, honours `s-maxage`, and keeps a response to an `Authorization` request
    ///     only when the response allows it). Defaults to `false`, a private cache.
    ///   - maximumSize: The most bytes all files may take together. Defaults to 50 MiB.
    ///   - maximumEntrySize: The largest body kept, in bytes; a larger one is not stored. Defaults to 5 MiB.
    public convenience init(
        directory: URL,
        shared: Bool = false,
        maximumSize: Int = 50 * 1024 * 1024,
        maximumEntrySize: Int = 5 * 1024 * 1024
    ) {
        let storage = DirectoryCacheStorage(
            directory: directory, maximumSize: maximumSize, maximumEntrySize: maximumEntrySize)
        self.init(storage: storage, shared: shared)
    }
}
