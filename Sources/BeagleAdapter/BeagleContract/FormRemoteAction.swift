/// The part of Beagle's form action the network contract uses: its method.
///
/// Beagle's `FormRemoteAction` is a whole action (path, method, …); requests only carry the
/// method, so that is all this namespace declares.
public enum FormRemoteAction {
    /// How a form is sent.
    public enum Method: String, Sendable, CaseIterable {
        /// Values go to the query string.
        case get = "GET"
        /// Values go to a JSON body.
        case post = "POST"
        /// Values go to a JSON body.
        case put = "PUT"
        /// Values go to the query string.
        case delete = "DELETE"
    }
}
