import Foundation
import NetworkLayer

/// The one endpoint of this sample: a Server-Sent Events stream at a URL given at run time.
public enum EventFeed: EndPointType {
    /// `GET url`, answered with `text/event-stream`.
    case stream(URL)

    /// The stream's URL itself; ``path`` adds nothing to it.
    public var baseURL: URL {
        switch self {
        case .stream(let url): url
        }
    }

    /// Empty: the URL is the whole address.
    public var path: String { "" }

    /// `GET`.
    public var httpMethod: HTTPMethod { .get }

    /// No parameters: the URL carries its own query.
    public var task: HTTPTask { .request }

    /// None beyond what ``NetworkLayer/Router/events(_:reconnection:)`` sends.
    public var headers: HTTPHeaders? { nil }
}
