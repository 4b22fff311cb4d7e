/// Where ``HTTPTask/requestParameters(bodyParameters:bodyEncoding:urlParameters:)`` puts its body parameters.
///
/// URL parameters always go to the query string, so nothing a caller passes is dropped.
public enum ParameterEncoding: Sendable, Hashable {
    /// Body parameters become an `application/x-www-form-urlencoded` body; for `GET`, `HEAD` and
    /// `DELETE`, which carry no body, they are appended to the query string instead.
    case urlEncoding
    /// Body parameters become a JSON object body.
    case jsonEncoding
    /// Body parameters become a JSON object body; URL parameters the query. The same as
    /// ``jsonEncoding``, kept for code written against the original article.
    case urlAndJsonEncoding
}
