/// Guesses a `Content-Type` from a file extension, for multipart file parts.
enum MIMEType {
    static let fallback = "application/octet-stream"

    private static let byExtension: [String: String] = [
        "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
        "xml": "application/xml", "json": "application/json", "pdf": "application/pdf", "zip": "application/zip",
        "gz": "application/gzip", "js": "text/javascript", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "heic": "image/heic",
        "svg": "image/svg+xml", "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav",
        "mp4": "video/mp4", "mov": "video/quicktime",
    ]

    /// The type for `pathExtension` (case-insensitive), or `application/octet-stream`.
    static func guess(forExtension pathExtension: String) -> String {
        byExtension[pathExtension.lowercased()] ?? fallback
    }
}
