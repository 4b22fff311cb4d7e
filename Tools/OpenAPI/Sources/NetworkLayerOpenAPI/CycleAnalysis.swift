/// Finds the models that contain themselves, which Swift cannot store inline.
///
/// A `oneOf`/`anyOf` enum on a cycle becomes `indirect`, which boxes its values and so breaks every cycle
/// through it; a struct on a cycle with no such enum becomes a `final class`.
struct CycleAnalysis {
    /// Choice enums to mark `indirect`.
    let indirectEnums: Set<String>
    /// Object models to write as classes.
    let classes: Set<String>

    init(_ declarations: [String: ModelDecl]) {
        let edges = declarations.mapValues { Set($0.namesHeldByValue) }
        indirectEnums = Set(
            declarations.values.compactMap { decl in
                guard case .choice = decl else { return nil }
                return Self.reaches(decl.name, from: decl.name, edges: edges, skipping: []) ? decl.name : nil
            })
        let enums = Set(
            declarations.values.compactMap { decl -> String? in
                if case .choice = decl { return decl.name }
                return nil
            })
        classes = Set(
            declarations.values.compactMap { decl in
                switch decl {
                case .object, .allOf:
                    return Self.reaches(decl.name, from: decl.name, edges: edges, skipping: enums) ? decl.name : nil
                default: return nil
                }
            })
    }

    /// Whether `target` can be reached from `start`'s values without passing through `skipping`.
    private static func reaches(
        _ target: String, from start: String, edges: [String: Set<String>], skipping: Set<String>
    ) -> Bool {
        var seen: Set<String> = []
        var stack = Array(edges[start] ?? [])
        while let next = stack.popLast() {
            if next == target { return true }
            guard !skipping.contains(next), seen.insert(next).inserted else { continue }
            stack.append(contentsOf: edges[next] ?? [])
        }
        return false
    }
}
