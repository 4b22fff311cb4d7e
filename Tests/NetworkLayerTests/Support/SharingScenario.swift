import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Who is calling, as a server handling several users keeps it: a task-local value.
enum CurrentUser {
    @TaskLocal static var name: String?
}

/// An endpoint whose tenant only a credential plugin reads: the built request does not show it.
struct SharingEndpoint: EndPointType {
    var baseURL: URL
    var path: String
    var tenant = "a"
    var requiresAuthentication = true
}

/// Sets `X-Tenant-Key` from the endpoint's tenant, as a credential plugin that reads the endpoint does.
struct TenantKeyPlugin: PluginType {
    var setsCredentials: Bool { true }

    func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
        guard let endpoint = context.endpoint as? SharingEndpoint else { return request }
        var request = request
        request.setValue("key-\(endpoint.tenant)", forHTTPHeaderField: "X-Tenant-Key")
        return request
    }
}

/// Two callers of one router with `deduplicatesRequests` on whose requests, once every credential is
/// applied, differ: each must get the response to its own request.
struct SharingScenario: Sendable, CustomTestStringConvertible {
    struct Caller: Sendable {
        var user: String?
        var path = "headers"
        var tenant = "a"
        var requiresAuthentication = true
        /// The value of the scenario's field this caller's request must carry; `nil` for none.
        var credential: String?
        /// What a response to this caller's request (and no other's) may mention.
        var marker: String

        /// Calls `router` as this caller would.
        func call(_ router: Router<SharingEndpoint>, base: URL) async -> Result<Response, NetworkError> {
            let endpoint = SharingEndpoint(
                baseURL: base, path: path, tenant: tenant, requiresAuthentication: requiresAuthentication)
            return await CurrentUser.$name.withValue(user) {
                do throws(NetworkError) {
                    return .success(try await router.request(endpoint))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    let testDescription: String
    /// The header field that carries the credential.
    let field: String
    let configuration: @Sendable () -> RouterConfiguration
    let callers: [Caller]
    /// Which requests the rendezvous holds: those that must go out once per caller.
    var holds: @Sendable (URLRequest) -> Bool = { _ in true }

    /// Every caller's outcome, by its index in ``callers``, all calling `router` at once.
    func outcomes(of router: Router<SharingEndpoint>, base: URL) async -> [Int: Result<Response, NetworkError>] {
        await withTaskGroup(of: (Int, Result<Response, NetworkError>).self) { group in
            for (index, caller) in callers.enumerated() {
                group.addTask { (index, await caller.call(router, base: base)) }
            }
            return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
    }

    static func basic(_ user: String) -> String {
        "Basic " + Data("\(user):\(user)-pw".utf8).base64EncodedString()
    }

    static let all: [SharingScenario] = [
        SharingScenario(
            testDescription: "AccessTokenPlugin reading a per-task token",
            field: "Authorization",
            configuration: {
                RouterConfiguration(
                    plugins: [AccessTokenPlugin { CurrentUser.name.map { "\($0)-token" } }], deduplicatesRequests: true)
            },
            callers: [
                Caller(user: "alice", credential: "Bearer alice-token", marker: "alice-token"),
                Caller(user: "bob", credential: "Bearer bob-token", marker: "bob-token"),
            ]),
        SharingScenario(
            testDescription: "a credential plugin reading the endpoint",
            field: "X-Tenant-Key",
            configuration: { RouterConfiguration(plugins: [TenantKeyPlugin()], deduplicatesRequests: true) },
            callers: [
                Caller(tenant: "a", credential: "key-a", marker: "key-a"),
                Caller(tenant: "b", credential: "key-b", marker: "key-b"),
            ]),
        SharingScenario(
            testDescription: "the authentication coordinator, endpoints differing in requiresAuthentication",
            field: "Authorization",
            configuration: {
                RouterConfiguration(
                    authentication: AuthenticationCoordinator(authenticator: StaticBearer(), credential: "coordinated"),
                    deduplicatesRequests: true)
            },
            callers: [
                Caller(credential: "Bearer coordinated", marker: "coordinated"),
                Caller(requiresAuthentication: false, credential: nil, marker: "public"),
            ]),
        SharingScenario(
            testDescription: "AccessTokenPlugin, endpoints differing in requiresAuthentication",
            field: "Authorization",
            configuration: {
                RouterConfiguration(plugins: [AccessTokenPlugin { "plugged" }], deduplicatesRequests: true)
            },
            callers: [
                Caller(credential: "Bearer plugged", marker: "plugged"),
                Caller(requiresAuthentication: false, credential: nil, marker: "public"),
            ]),
        SharingScenario(
            testDescription: "challenge credentials chosen per caller",
            field: "Authorization",
            configuration: {
                RouterConfiguration(
                    deduplicatesRequests: true,
                    challengeCredentials: { _ in CurrentUser.name.map { HTTPCredential(user: $0, password: "\($0)-pw") }
                    }
                )
            },
            callers: [
                Caller(user: "alice", path: "basic-auth/alice/alice-pw", credential: basic("alice"), marker: "alice"),
                Caller(user: "bob", path: "basic-auth/alice/alice-pw", credential: basic("bob"), marker: "bob"),
            ],
            holds: { $0.value(forHTTPHeaderField: "Authorization") != nil }),
    ]
}

/// Applies a fixed bearer credential and never refreshes it.
struct StaticBearer: Authenticator {
    func apply(_ credential: String, to request: inout URLRequest) {
        request.setValue("Bearer \(credential)", forHTTPHeaderField: "Authorization")
    }

    func refresh(_ credential: String) async throws -> String { credential }
}
