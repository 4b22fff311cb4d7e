import Foundation

/// Builds TMDB image URLs: `https://image.tmdb.org/t/p/` + size + file path.
public enum ImageURL {
    /// The image server, as `GET /configuration` reports it in `images.secure_base_url`.
    public static let base = "https://image.tmdb.org/t/p/"

    /// The URL of `path` at `size` (such as `w500`, `w780` or `original`), or `nil` when there is
    /// no image: a `nil` or empty path means "show a placeholder".
    public static func url(for path: String?, size: String = "w500") -> URL? {
        guard let path, !path.isEmpty else { return nil }
        let slash = path.hasPrefix("/") ? "" : "/"
        return URL(string: base + size + slash + path)
    }
}
