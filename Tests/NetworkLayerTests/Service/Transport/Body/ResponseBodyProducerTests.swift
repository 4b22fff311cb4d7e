import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

/// Bodies a transport gives as a producer (`ResponseBody.produced(window:by:)`): when and where the producer runs,
/// and how it learns that the consumer stopped.
@Suite("ResponseBody.produced")
struct ResponseBodyProducerTests {
    @Test("the producer runs only once the body is read; a body let go of unread never runs it")
    func runsWhenRead() async throws {
        let runs = Locked(0)
        func body() -> ResponseBody {
            ResponseBody.produced { writer in
                runs.withLock { $0 += 1 }
                writer.write(Data("ok".utf8))
                writer.finish()
            }
        }
        _ = body()
        #expect(runs.withLock { $0 } == 0)
        #expect(try await body().collect() == Data("ok".utf8))
        #expect(runs.withLock { $0 } == 1)
    }

    @Test("a body the router collects is filled in the collecting task, and its producer stops at the limit")
    func filledInTheCollectingTask() async throws {
        let producerTask = Locked<Int?>(nil)
        let refusedAt = Locked<Int?>(nil)
        let body = ResponseBody.produced { writer in
            producerTask.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } }
            for index in 0..<100 {
                guard writer.write(Data(count: 10)) else { return refusedAt.withLock { $0 = index } }
            }
            writer.finish()
        }
        let collectingTask = withUnsafeCurrentTask { $0?.hashValue }
        await #expect(throws: NetworkError.self) {
            try await body.collect(upTo: 25, expectedLength: nil, received: nil, fillingHere: true)
        }
        #expect(producerTask.withLock { $0 } == collectingTask)
        #expect(refusedAt.withLock { $0 } == 2)
    }

    @Test("a producer that returns without ending the body ends it as cancelled")
    func returnsWithoutEnding() async throws {
        let body = ResponseBody.produced { writer in writer.write(Data("part".utf8)) }
        await #expect(throws: CancellationError.self) { try await body.collect() }
    }
}
