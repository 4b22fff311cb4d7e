import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request as the cache sees it: what goes on the wire, its method, primary key and directives.
struct CacheExchange: Sendable {
    let request: TransportRequest
    let method: String
    let key: String
    let directives: RequestDirectives

    init(request: TransportRequest, method: String, key: String) {
        self.request = request
        self.method = method
        self.key = key
        self.directives = RequestDirectives(request.head)
    }

    /// The credential fields the request carries, among those the router marked as credentials; `nil` for none.
    var credentialNames: Set<String>? {
        CacheVariant.credentialNames(of: request.head, among: request.credentialHeaders)
    }

    /// The request's variant as `stored` would have been stored for it: made of the fields its `Vary` names
    /// and, when it belongs to credentials, of the request's credentials.
    func variant(for stored: StoredResponse) -> String {
        variant(varyNames: stored.varyNames, isCredentialBound: stored.isCredentialBound)
    }

    /// The request's variant for a response that varies on `varyNames` and, when `isCredentialBound`,
    /// belongs to the request's credentials.
    func variant(varyNames: [String], isCredentialBound: Bool) -> String {
        CacheVariant.variant(
            of: request.head, varyNames: varyNames, credentialNames: isCredentialBound ? credentialNames ?? [] : nil)
    }
}
