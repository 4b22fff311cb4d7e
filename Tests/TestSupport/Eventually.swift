import Foundation

/// Polls `condition` every few milliseconds until it holds or `seconds` pass; returns whether it held.
package func eventually(within seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return condition()
}

/// Gives stray late callbacks a moment to arrive before a test checks "exactly once".
package func settle() async {
    try? await Task.sleep(nanoseconds: 50_000_000)
}
