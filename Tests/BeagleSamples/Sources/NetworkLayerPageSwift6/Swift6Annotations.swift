// The one annotation Swift 6 demands of the page's own types: `NetworkClientDefault` captures `self`
// in URLSession's `@Sendable` completion handler, and as a non-final class with `var`s it can only be
// `@unchecked Sendable` (its properties are set up before requests are sent, as the page does).
extension NetworkClientDefault: @unchecked Sendable {}
