#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
import NIOPosix
import NIOSSL
@_spi(Transport) import NetworkLayer

/// The certificates a TLS server presents, read in a handshake that is aborted as soon as they arrive, so that an
/// error can say which pins the server showed.
enum PresentedChain {
    /// The longest the handshake may take.
    static let timeout = TimeAmount.seconds(10)

    /// The certificates `host:port` presents, DER, leaf first. No request is sent: the handshake fails on this end.
    static func read(host: String, port: Int, group: any EventLoopGroup) async throws -> [Data] {
        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
        let chain = Locked<[Data]>([])
        // Server Name Indication carries host names only.
        let serverName = (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let handler = try NIOSSLClientHandler(
                        context: context, serverHostname: serverName,
                        customVerificationCallback: { certificates, promise in
                            chain.withLock { $0 = certificates.compactMap { try? Data($0.toDERBytes()) } }
                            promise.succeed(.failed)
                        })
                    try channel.pipeline.syncOperations.addHandler(handler)
                }
            }
            .connect(host: host, port: port).get()
        channel.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
        try? await channel.closeFuture.get()
        return chain.withLock { $0 }
    }
}
#endif
