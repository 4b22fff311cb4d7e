import Foundation

extension Router {
    /// Sends `route` and returns as soon as the response head is in, with the body still arriving.
    ///
    /// ```swift
    /// let streamed = try await router.stream(.logs(follow: true))
    /// for try await line in streamed.body.lines {
    ///     print(line)
    /// }
    /// ```
    ///
    /// The status is checked first: one outside the endpoint's ``EndPointType/acceptableStatusCodes`` throws
    /// the same ``NetworkError`` as ``NetworkManager`` does (``NetworkError/Kind/notFound``,
    /// ``NetworkError/Kind/serverError``, …), whose response carries at most the first 64 KB of the body.
    /// Plugins, credentials (a rejected one is refreshed and the request sent again), retries, redirects and
    /// the deadline apply as to ``request(_:progress:)`` until the stream is handed out; none of them runs again once
    /// it has been, and the deadline does not limit how long the body takes. Cancelling the calling task
    /// before then throws ``NetworkError/Kind/cancelled``.
    public func stream(_ route: EndPoint) async throws(NetworkError) -> StreamedResponse {
        try await stream(route, headers: [:])
    }

    /// ``stream(_:)`` with `upload` sent as the body in place of the one the endpoint's task builds, for
    /// adapters whose callers hand them a body as a stream (an OpenAPI client's, say): it goes out as it is
    /// produced, never gathered in memory. Each attempt asks `upload` for the body anew.
    @_spi(Transport) public func stream(
        _ route: EndPoint, upload: UploadStream?
    ) async throws(NetworkError) -> StreamedResponse {
        try await stream(route, headers: [:], upload: upload)
    }

    /// ``stream(_:)`` with `headers` set on the request, over the endpoint's own, and `upload`, when given, as
    /// its body.
    func stream(
        _ route: EndPoint, headers: HTTPHeaders, upload: UploadStream? = nil
    ) async throws(NetworkError) -> StreamedResponse {
        let reading = ResponseReading.stream(
            acceptable: route.acceptableStatusCodes, diskLimit: configuration.maximumStreamBacklogOnDisk)
        let exchange = Exchange(upload: upload.map(UploadBody.stream) ?? route.task.uploadBody, reading: reading)
        let delivery = try await deliver(route, exchange: exchange, headers: headers)
        switch StatusValidation.validate(delivery.response, acceptable: route.acceptableStatusCodes) {
        case .failure(let error):
            delivery.unread?.cancel()
            throw error
        case .success(let response):
            // A plugin that turned a refused response into an accepted one hands over that response's body.
            let body = delivery.unread ?? ResponseBody(response.data)
            track(body)
            return StreamedResponse(response: response, body: body)
        }
    }
}
