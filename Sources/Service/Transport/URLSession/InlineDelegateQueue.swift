#if canImport(FoundationNetworking)
import Foundation

/// The delegate queue of a ``URLSessionTransport`` on Linux: it runs each callback at once, on the
/// thread that schedules it, which is the session's own work thread.
///
/// swift-corelibs-foundation schedules every response head, body chunk and completion as a separate
/// operation on the delegate queue, with no back-pressure. A delegate thread that falls behind the
/// socket lets chunks pile up in memory (a 200 MB download peaked above 100 MB that way), and each
/// hop to another thread adds latency. Run in place, the callbacks slow the transfer down instead, as
/// Foundation's own download tasks and `async` methods do, and cost no thread switch.
///
/// A callback must therefore never wait for the session: `URLSessionTask.cancel()` and the
/// completion handler of an authentication challenge synchronise with the work thread, so
/// ``SessionDelegate`` defers them.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    // `@unchecked` only restates OperationQueue's own conformance: this subclass adds no state.

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
