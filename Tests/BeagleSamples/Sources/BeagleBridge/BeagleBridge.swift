// BeagleBridge.swift: the one file a Beagle app adds so that Beagle sends its requests and loads its
// screens through NetworkLayer. BeagleAdapter declares Beagle's contract itself, without UIKit, so its
// types are not Beagle's; this file hands Beagle's calls to the adapter and the results back.
//
//     dependencies.networkClient = NetworkLayerClient()
//     dependencies.viewClient = NetworkLayerViewClient { try coder.decode(from: $0) }
// Beagle declares no `Sendable`: its screens are handed on, never shared, so they may cross threads.
@preconcurrency import Beagle
import BeagleAdapter
import Foundation

/// Beagle's network client, sending every request through BeagleAdapter's `RouterNetworkClient`.
final class NetworkLayerClient: Beagle.NetworkClient {
    let client: RouterNetworkClient

    init(client: RouterNetworkClient = RouterNetworkClient()) {
        self.client = client
    }

    func executeRequest(
        _ request: Beagle.Request,
        completion: @escaping Beagle.NetworkClient.RequestCompletion
    ) -> Beagle.RequestToken? {
        // Called once, from the thread the adapter completes on, as Beagle's own client calls it from
        // URLSession's queue.
        nonisolated(unsafe) let completion = completion
        let token = client.executeRequest(BeagleAdapter.Request(request)) { result in
            completion(
                result
                    .map { Beagle.NetworkResponse(data: $0.data, response: $0.response) }
                    .mapError(Beagle.NetworkError.init)
            )
        }
        return token.map(BridgedToken.init)
    }
}

/// Beagle's view client, loading screens through BeagleAdapter's `CachingViewClient`.
final class NetworkLayerViewClient: Beagle.ViewClientProtocol {
    let client: CachingViewClient

    /// `decode` is Beagle's decoding of a screen, such as `{ try coder.decode(from: $0) }`.
    init(
        client: RouterNetworkClient = RouterNetworkClient(),
        urlBuilder: any UrlBuilderProtocol = UrlBuilder(),
        completionQueue: DispatchQueue = .main,
        decode: @escaping (Data) throws -> Beagle.ServerDrivenComponent
    ) {
        let coder = ScreenCoder(decode: decode)
        self.client = CachingViewClient(
            networkClient: client,
            coder: coder,
            urlBuilder: urlBuilder,
            completionQueue: completionQueue
        )
    }

    func fetch(
        url: String,
        additionalData: Beagle.HttpAdditionalData?,
        completion: @escaping (Result<Beagle.ServerDrivenComponent, Beagle.Request.Error>) -> Void
    ) -> Beagle.RequestToken? {
        let data = additionalData.map(BeagleAdapter.HttpAdditionalData.init)
        let token = client.fetch(url: url, additionalData: data) { result in
            completion(result.mapError(Beagle.Request.Error.init).flatMap(Screen.component))
        }
        return token.map(BridgedToken.init)
    }

    func prefetch(url: String, additionalData: Beagle.HttpAdditionalData?) {
        client.prefetch(url: url, additionalData: additionalData.map(BeagleAdapter.HttpAdditionalData.init))
    }
}

/// A Beagle screen held in BeagleAdapter's cache.
private struct Screen: BeagleAdapter.ServerDrivenComponent {
    struct Missing: Error {}

    let component: Beagle.ServerDrivenComponent

    static func component(
        _ screen: any BeagleAdapter.ServerDrivenComponent
    ) -> Result<Beagle.ServerDrivenComponent, Beagle.Request.Error> {
        guard let screen = screen as? Screen else { return .failure(.decoding(Missing())) }
        return .success(screen.component)
    }
}

/// Decodes screens with Beagle's decoding, for BeagleAdapter's cache.
private struct ScreenCoder: BeagleCoding {
    struct Mismatch: Error {}

    /// Beagle's decoding, called from the thread the adapter completes on, as Beagle's own coder is.
    nonisolated(unsafe) let decode: (Data) throws -> Beagle.ServerDrivenComponent

    func decode<T>(from data: Data) throws -> T {
        guard let screen = Screen(component: try decode(data)) as? T else { throw Mismatch() }
        return screen
    }
}

/// Beagle's token for a request the adapter sent.
private struct BridgedToken: Beagle.RequestToken {
    let token: any BeagleAdapter.RequestToken

    func cancel() {
        token.cancel()
    }
}

extension BeagleAdapter.Request {
    fileprivate init(_ request: Beagle.Request) {
        let type: RequestType
        switch request.type {
        case .fetchComponent: type = .fetchComponent
        case .fetchImage: type = .fetchImage
        case .submitForm(let form): type = .submitForm(FormData(method: .init(form.method), values: form.values))
        case .rawRequest(let raw):
            type = .rawRequest(RequestData(method: raw.method, headers: raw.headers, body: raw.body))
        }
        let additionalData = request.additionalData.map { data in
            (data as? Beagle.HttpAdditionalData).map(BeagleAdapter.HttpAdditionalData.init)
                ?? BeagleAdapter.HttpAdditionalData(httpData: nil, headers: data.headers)
        }
        self.init(url: request.url, type: type, additionalData: additionalData)
    }
}

extension BeagleAdapter.FormRemoteAction.Method {
    fileprivate init(_ method: Beagle.FormRemoteAction.Method) {
        switch method {
        case .get: self = .get
        case .post: self = .post
        case .put: self = .put
        case .delete: self = .delete
        }
    }
}

extension BeagleAdapter.HttpAdditionalData {
    fileprivate init(_ data: Beagle.HttpAdditionalData) {
        let httpData = data.httpData.map { HttpData(method: .init($0.method), body: $0.body) }
        self.init(httpData: httpData, headers: data.headers)
    }
}

extension BeagleAdapter.HttpAdditionalData.Method {
    fileprivate init(_ method: Beagle.HttpAdditionalData.Method) {
        switch method {
        case .POST: self = .POST
        case .PUT: self = .PUT
        case .GET: self = .GET
        case .DELETE: self = .DELETE
        case .HEAD: self = .HEAD
        case .PATCH: self = .PATCH
        }
    }
}

extension Beagle.NetworkError {
    fileprivate init(_ error: BeagleAdapter.NetworkError) {
        self.init(error: error.error, data: error.data, request: error.request, response: error.response)
    }
}

extension Beagle.Request.Error {
    fileprivate init(_ error: BeagleAdapter.Request.Error) {
        switch error {
        case .networkError(let failure): self = .networkError(Beagle.NetworkError(failure))
        case .decoding(let failure): self = .decoding(failure)
        case .loadFromTextError: self = .loadFromTextError
        case .urlBuilderError: self = .urlBuilderError
        case .networkClientWasNotConfigured: self = .networkClientWasNotConfigured
        }
    }
}
