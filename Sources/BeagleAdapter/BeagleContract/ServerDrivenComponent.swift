import Foundation

/// A node of a server-driven screen.
///
/// Beagle's protocol also makes components decodable and renderable with UIKit; the network
/// contract only passes them along, so this seam asks for nothing but `Sendable`.
public protocol ServerDrivenComponent: Sendable {}

/// Decodes server-driven components from response bodies; the app supplies it.
public protocol BeagleCoding: Sendable {
    /// Decodes a value of type `T` (for screens, `any ServerDrivenComponent`) from `data`.
    func decode<T>(from data: Data) throws -> T
}
