import Foundation

/// One run of the library's `Encoder`: the sink it writes to, and the values still open, outermost first.
///
/// Swift's `Encoder` protocol never says when a container is finished, so a level ends when an outer
/// level is written to again, or when the `encode(to:)` that opened it returns. A value that comes
/// back to a level that has ended (a container kept and written to later), or that asks one
/// encoder for two kinds of container, makes the run give up: ``needsFoundation`` is set and
/// the caller lets Foundation's `JSONEncoder` write the value instead.
final class JSONStreamState {
    let sink: any JSONEventSink
    let options: JSONEncodingOptions
    /// Whether the value did something whose bytes only Foundation's encoder decides.
    private(set) var needsFoundation = false
    /// Why the value cannot be sent at all (a date out of range, nesting too deep). Once set, it is the
    /// run's outcome, even if the value's own `encode(to:)` caught the error thrown for it.
    private var failure: RequestBuildError?
    /// Unchecked, as the byte sink's writer is: every access is short and private to this type,
    /// and none spans a call into a value's `encode(to:)`.
    @exclusivity(unchecked) private var levels: [Level] = [Level(id: 0, kind: .pending, key: nil)]
    private var nextID = 1

    struct Level {
        enum Kind { case pending, object, array, single }

        let id: Int
        var kind: Kind
        /// The key or index this level sits under in its parent; `nil` for the top and single values.
        let key: (any CodingKey)?
        /// How many elements an array holds so far.
        var count = 0
    }

    init(sink: any JSONEventSink, options: JSONEncodingOptions) {
        self.sink = sink
        self.options = options
        levels.reserveCapacity(8)
    }

    /// Encodes `value` as the top-level value into `sink`.
    ///
    /// - Returns: `false` when the value must go through Foundation's `JSONEncoder` instead (the
    ///   sink's contents are then meaningless): it threw (Foundation then throws the same error, in
    ///   its words), encoded nothing, or used its containers in a way only Foundation's tree of
    ///   values follows.
    /// - Throws: ``RequestBuildError/dateOutOfRange(key:)`` for a date outside ``EncodableDates``, and
    ///   ``RequestBuildError/nestingTooDeep(key:limit:)`` for values nested more than ``maximumDepth``
    ///   levels deep, counted on the way in, before the stack runs out.
    static func encode<T: Encodable>(
        _ value: T, into sink: any JSONEventSink, options: JSONEncodingOptions
    ) throws(RequestBuildError) -> Bool {
        let state = JSONStreamState(sink: sink, options: options)
        do {
            if try state.writeKnownType(value, key: nil) {
                state.levels[0].kind = .single
            } else {
                try value.encode(to: JSONStreamEncoder(state: state, level: 0))
            }
        } catch {
            if let failure = state.failure { throw failure }
            return false
        }
        if let failure = state.failure { throw failure }
        while let level = state.levels.popLast() {
            if state.levels.isEmpty, level.kind == .pending { return false }
            state.close(level)
        }
        return !state.needsFoundation
    }

    /// Checks `value` for what no encoder may send, before Foundation's `JSONEncoder` writes it: a date
    /// outside ``EncodableDates`` (Foundation writes NaN as `-4712-01-01T12:00:00Z`) and nesting deeper
    /// than ``maximumDepth`` (Foundation recurses until the stack overflows).
    ///
    /// A value that uses its containers in a way only Foundation follows is checked as far as it got.
    static func check<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: any Sendable]) throws(RequestBuildError) {
        _ = try encode(value, into: DiscardingJSONSink(), options: JSONEncodingOptions(checkingWith: userInfo))
    }

    // MARK: Levels

    func codingPath(to id: Int) -> [any CodingKey] {
        guard let index = index(of: id) else { return [] }
        return levels[...index].compactMap(\.key)
    }

    func count(of id: Int) -> Int {
        index(of: id).map { levels[$0].count } ?? 0
    }

    /// Where level `id` is in the stack; levels are found near the top, so the search starts there.
    private func index(of id: Int) -> Int? {
        levels.lastIndex { $0.id == id }
    }

    /// Turns the encoder at level `id` into a container of `kind`; a second request for the same
    /// kind gets the same container, as in Foundation.
    func open(_ kind: Level.Kind, at id: Int) {
        guard let index = activate(id) else { return }
        switch (levels[index].kind, kind) {
        case (.pending, .object): sink.beginObject()
        case (.pending, .array): sink.beginArray()
        case (.object, .object), (.array, .array): return
        default:
            needsFoundation = true
            return
        }
        levels[index].kind = kind
    }

    /// Opens a container of `kind` (or, for `.pending`, a super encoder's slot) as the next member
    /// or element of the container at level `id`; returns the new level.
    func openNested(_ kind: Level.Kind, key: (some CodingKey)?, in id: Int) -> Int {
        let nestedKey: (any CodingKey)?
        do {
            if let key {
                try member(key, of: id)
                nestedKey = key
            } else {
                nestedKey = JSONIndexKey(index: try element(of: id))
            }
        } catch {
            return -1
        }
        guard (try? checkDepth(key: nestedKey)) != nil else { return -1 }
        switch kind {
        case .object: sink.beginObject()
        case .array: sink.beginArray()
        case .pending, .single: break
        }
        return push(kind, key: nestedKey)
    }

    /// Writes the key of the next member of the object at level `id`.
    func member(_ key: some CodingKey, of id: Int) throws {
        guard let index = activate(id), levels[index].kind == .object else { throw giveUp() }
        sink.key(key.stringValue)
    }

    /// Makes room for the next element of the array at level `id`; returns its index.
    func element(of id: Int) throws -> Int {
        guard let index = activate(id), levels[index].kind == .array else { throw giveUp() }
        defer { levels[index].count += 1 }
        return levels[index].count
    }

    /// Claims the encoder at level `id` for one single value.
    func singleValue(at id: Int) throws {
        guard let index = activate(id), levels[index].kind == .pending else { throw giveUp() }
        levels[index].kind = .single
    }

    /// Makes level `id` the innermost one, ending the levels opened inside it; `nil` if it has ended.
    private func activate(_ id: Int) -> Int? {
        let top = levels.count - 1
        if top >= 0, levels[top].id == id { return top }
        guard let index = index(of: id) else {
            needsFoundation = true
            return nil
        }
        while levels.count > index + 1 { close(levels.removeLast()) }
        return index
    }

    private func push(_ kind: Level.Kind, key: (any CodingKey)?) -> Int {
        defer { nextID += 1 }
        levels.append(Level(id: nextID, kind: kind, key: key))
        return nextID
    }

    private func close(_ level: Level) {
        switch level.kind {
        case .pending:
            // A nested value that encoded nothing is an empty object in Foundation's output.
            sink.beginObject()
            _ = sink.endObject()
        case .object:
            if !sink.endObject() { needsFoundation = true }
        case .array:
            sink.endArray()
        case .single:
            break
        }
    }

    /// How deep values may nest in an `Encodable` body or query: 256 levels, each value and each container
    /// counting as one (a struct holding an array of structs is three). Deeper values throw
    /// ``RequestBuildError/nestingTooDeep(key:limit:)`` long before the stack runs out.
    static let maximumDepth = 256

    /// Throws, and records, ``RequestBuildError/nestingTooDeep(key:limit:)`` when a level under `key` would be
    /// deeper than ``maximumDepth``; once the run failed, every call throws.
    private func checkDepth(key: (any CodingKey)?) throws(RequestBuildError) {
        if let failure { throw failure }
        guard levels.count >= Self.maximumDepth else { return }
        throw fail(.nestingTooDeep(key: path(to: key), limit: Self.maximumDepth))
    }

    private func fail(_ error: RequestBuildError) -> RequestBuildError {
        if failure == nil { failure = error }
        return failure ?? error
    }

    /// The coding path of a slot under `key` in the innermost level, as parameter keys are spelled: `a.b[0]`.
    private func path(to key: (any CodingKey)?) -> String {
        var path = ""
        for key in levels.compactMap(\.key) + (key.map { [$0] } ?? []) {
            if key is JSONIndexKey, let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return path
    }

    private func giveUp() -> FoundationEncoderNeeded {
        needsFoundation = true
        return FoundationEncoderNeeded()
    }

    // MARK: Values

    /// Writes `value` into the slot just made for it (a member's key, an element, a single value);
    /// `key` is the slot's place in the coding path, asked for only when `value` opens a level.
    func write<T: Encodable>(_ value: T, key: @autoclosure () -> (any CodingKey)?) throws {
        if try writeKnownType(value, key: key()) { return }
        let depth = levels.count
        try checkDepth(key: key())
        let child = push(.pending, key: key())
        try value.encode(to: JSONStreamEncoder(state: self, level: child))
        while levels.count > depth { close(levels.removeLast()) }
    }

    /// Writes a float, or the strategy's string for a non-finite one; without such strings
    /// Foundation's encoder throws, and so gets to word the error.
    func writeFloat(_ value: Double) throws {
        guard value.isFinite else { return try writeNonFinite(value) }
        sink.double(value)
    }

    func writeFloat(_ value: Float) throws {
        guard value.isFinite else { return try writeNonFinite(Double(value)) }
        sink.float(value)
    }

    private func writeNonFinite(_ value: Double) throws {
        guard let strings = options.nonFiniteStrings else { throw giveUp() }
        sink.string(value.isNaN ? strings.nan : value > 0 ? strings.positiveInfinity : strings.negativeInfinity)
    }

    /// Writes the types Foundation's encoder writes itself, bypassing their `encode(to:)`.
    private func writeKnownType<T: Encodable>(_ value: T, key: @autoclosure () -> (any CodingKey)?) throws -> Bool {
        if T.self == String.self, let string = value as? String {
            sink.string(string)
        } else if T.self == Int.self, let int = value as? Int {
            sink.integer(Int64(int))
        } else if T.self == Double.self, let double = value as? Double {
            try writeFloat(double)
        } else if T.self == Bool.self, let bool = value as? Bool {
            sink.bool(bool)
        } else if T.self == Date.self, let date = value as? Date {
            guard EncodableDates.contains(date) else { throw fail(.dateOutOfRange(key: path(to: key()))) }
            try writeDate(date)
        } else if T.self == Data.self, options.base64Data, let data = value as? Data {
            sink.string(data.base64EncodedString())
        } else if T.self == URL.self, let url = value as? URL {
            sink.string(url.absoluteString)
        } else if T.self == Decimal.self, let decimal = value as? Decimal {
            sink.decimal(decimal)
        } else {
            return false
        }
        return true
    }

    private func writeDate(_ date: Date) throws {
        switch options.dates {
        case .deferredToDate: try writeFloat(date.timeIntervalSinceReferenceDate)
        case .secondsSince1970: try writeFloat(date.timeIntervalSince1970)
        case .millisecondsSince1970: try writeFloat(1000.0 * date.timeIntervalSince1970)
        case .iso8601:
            guard #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) else { throw giveUp() }
            sink.string(date.formatted(.iso8601))
        }
    }
}

/// Thrown inside a run to stop it when only Foundation's `JSONEncoder` can write the value.
struct FoundationEncoderNeeded: Error {}

/// The coding key of an array element, spelled as Foundation spells it in coding paths.
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
