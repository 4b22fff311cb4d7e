// What the page's step 2 takes for granted, declared by this project: Beagle's setup needs UIKit, so a
// dependencies class and `Beagle.dependencies` stand in for it here. Only `networkClient`'s type matters:
// BeagleAdapter's `NetworkClient`.
import BeagleAdapter

/// Stands in for Beagle's dependencies: the one property the page sets.
final class BeagleDependencies {
    /// What Beagle sends requests through.
    var networkClient: (any NetworkClient)?
}

/// Stands in for the `Beagle` module's global `dependencies`, which the page assigns.
enum Beagle {
    /// The dependencies Beagle uses; set once, at launch.
    nonisolated(unsafe) static var dependencies = BeagleDependencies()
}
