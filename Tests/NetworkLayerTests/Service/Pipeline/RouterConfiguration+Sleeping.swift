import Foundation

@testable import NetworkLayer

extension RouterConfiguration {
    /// This configuration, waiting between retries and reconnections with `sleep` instead of `Task.sleep`.
    func sleeping(with sleep: @escaping @Sendable (TimeInterval) async throws -> Void) -> RouterConfiguration {
        var configuration = self
        configuration.sleep = sleep
        return configuration
    }
}
