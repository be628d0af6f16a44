import Foundation
import Yams

extension YAMLValue {
    /// The node as plain Swift values, for readers that look values up by key (lint's
    /// `project.yml`): a mapping is `[String: Any]` (merge keys `<<` applied, explicit keys
    /// winning), a list `[Any]`, a plain boolean (`true`, `NO`) a `Bool`, a plain null (`~`, empty)
    /// `NSNull`, and every other scalar its source text, so that `deploymentTarget: 10.10` stays
    /// `"10.10"`.
    ///
    /// Unlike Yams' constructor it never traps; its cost is bounded by
    /// ``YAMLLimits/maxExpandedNodes``, which ``parse(_:file:)`` checked.
    public var untyped: Any { Self.untyped(node) }

    private static func untyped(_ node: Node) -> Any {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain else { return scalar.string }
            if node.null != nil { return NSNull() }
            if let bool = node.bool { return bool }
            return scalar.string
        case .sequence(let sequence):
            return sequence.map(untyped)
        case .mapping(let mapping):
            var merged = [String: Any]()
            var explicit = [String: Any]()
            for (key, value) in mapping {
                guard case .scalar(let k) = key else { continue }
                if k.style == .plain && k.string == "<<" {
                    // `<<: *base` or `<<: [*a, *b]`; earlier sources win.
                    let sources = value.sequence.map(Array.init) ?? [value]
                    for source in sources.reversed() {
                        for (mk, mv) in (untyped(source) as? [String: Any]) ?? [:] { merged[mk] = mv }
                    }
                } else {
                    explicit[k.string] = untyped(value)
                }
            }
            return merged.merging(explicit) { _, new in new }
        case .alias:
            return NSNull()
        }
    }
}
