/// The methods Beagle names in its own declarations, spelled as HTTP spells them.
///
/// Beagle declares this enum at the top level, so an app's Beagle code refers to it as `HTTPMethod`.
/// NetworkLayer has a type of the same name; a file that imports both modules writes
/// `BeagleAdapter.HTTPMethod` or `NetworkLayer.HTTPMethod`.
public enum HTTPMethod: String, Sendable, Codable, CaseIterable {
    /// `GET`.
    case get = "GET"
    /// `POST`.
    case post = "POST"
    /// `PUT`.
    case put = "PUT"
    /// `DELETE`.
    case delete = "DELETE"
    /// `HEAD`.
    case head = "HEAD"
    /// `PATCH`.
    case patch = "PATCH"
}
