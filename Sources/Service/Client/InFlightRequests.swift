/// The requests of one ``Router`` that are still running, so that ``Router/cancel()`` reaches every one.
///
/// A request is known by a ticket from before it starts until it finishes, and is registered with the
/// action that cancels it. One started in a task that runs at once can finish before it is registered.
struct InFlightRequests {
    /// Identifies a request from before it starts until it finishes.
    struct Ticket {
        let id: Int
        /// How many times ``cancelAll()`` had run when the ticket was issued.
        let cancellations: Int
    }

    typealias Cancel = @Sendable () -> Void

    private var nextID = 0
    private var cancellations = 0
    private var running: [Int: Cancel] = [:]
    /// Requests that finished before they were registered.
    private var finishedEarly: Set<Int> = []

    /// How many registered requests and streams have not finished.
    var count: Int { running.count }

    mutating func issueTicket() -> Ticket {
        defer { nextID += 1 }
        return Ticket(id: nextID, cancellations: cancellations)
    }

    /// Keeps `cancel` for ``cancelAll()`` unless the request already finished; `false` when ``cancelAll()``
    /// ran after the ticket was issued, so the request must be cancelled now.
    mutating func register(_ cancel: @escaping Cancel, for ticket: Ticket) -> Bool {
        if finishedEarly.remove(ticket.id) == nil { running[ticket.id] = cancel }
        return ticket.cancellations == cancellations
    }

    mutating func finish(_ ticket: Ticket) {
        if running.removeValue(forKey: ticket.id) == nil { finishedEarly.insert(ticket.id) }
    }

    /// The cancel action of every registered request; requests not registered yet are cancelled as they are.
    mutating func cancelAll() -> [Cancel] {
        cancellations += 1
        return Array(running.values)
    }
}
