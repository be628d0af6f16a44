/// The bounds every property-list reader of ``PlistReader`` keeps, so that hostile bytes cost
/// bounded time and memory and end in one ``InputError``.
public struct PlistLimits: Sendable, Hashable {
    /// The largest file read, in bytes: 32 MiB (a large Xcode `project.pbxproj` is a few MiB).
    public static let maxBytes = 32 * 1024 * 1024
    /// The deepest nesting of arrays and dictionaries: 128 levels (real files nest a handful).
    public static let maxDepth = 128
    /// The most objects a binary plist's trailer may declare: 1,000,000.
    public static let maxObjects = 1_000_000
    /// The most values materialized from one file, every shared reference of a binary plist
    /// counted each time it is expanded: 1,000,000 (a DAG of shared references can otherwise
    /// describe exponentially many values in a few hundred bytes).
    public static let maxNodes = 1_000_000

    /// See ``maxBytes``.
    public var bytes: Int
    /// See ``maxDepth``.
    public var depth: Int
    /// See ``maxObjects``.
    public var objects: Int
    /// See ``maxNodes``.
    public var nodes: Int

    /// The limits above, or tighter ones (for tests).
    public init(bytes: Int = Self.maxBytes, depth: Int = Self.maxDepth, objects: Int = Self.maxObjects, nodes: Int = Self.maxNodes) {
        self.bytes = bytes
        self.depth = depth
        self.objects = objects
        self.nodes = nodes
    }
}

/// What one read has spent of its ``PlistLimits``: values materialized and the current depth.
struct PlistBudget {
    let limits: PlistLimits
    let file: String
    let kind: String
    private(set) var nodes = 0
    private(set) var depth = 0
    /// The deepest level entered (reset by a reader to measure one subtree's height).
    var deepest = 0

    init(limits: PlistLimits, file: String, kind: String) {
        self.limits = limits
        self.file = file
        self.kind = kind
    }

    /// Counts one materialized value.
    ///
    /// - Throws: `<kind> too large: more than N values` past ``PlistLimits/nodes``.
    mutating func countNode(line: Int? = nil) throws(InputError) {
        try countNodes(1, line: line)
    }

    /// Counts `count` materialized values (a shared subtree, counted again where it is reused).
    ///
    /// - Throws: `<kind> too large: more than N values` past ``PlistLimits/nodes``.
    mutating func countNodes(_ count: Int, line: Int? = nil) throws(InputError) {
        nodes += count
        if nodes > limits.nodes {
            throw InputError(file: file, line: line, message: "\(kind) too large: more than \(limits.nodes) values")
        }
    }

    /// Enters an array or dictionary.
    ///
    /// - Throws: `<kind> nested too deeply: more than N levels` past ``PlistLimits/depth``.
    mutating func enter(line: Int? = nil) throws(InputError) {
        depth += 1
        try reach(depth, line: line)
    }

    /// Notes that nesting reaches `level` (a shared subtree reused below the current level).
    ///
    /// - Throws: `<kind> nested too deeply: more than N levels` past ``PlistLimits/depth``.
    mutating func reach(_ level: Int, line: Int? = nil) throws(InputError) {
        deepest = max(deepest, level)
        if level > limits.depth {
            throw InputError(file: file, line: line, message: "\(kind) nested too deeply: more than \(limits.depth) levels")
        }
    }

    /// Leaves an array or dictionary.
    mutating func leave() {
        depth -= 1
    }

    /// A `malformed <kind>: detail` error at `line`.
    func malformed(_ detail: String, line: Int? = nil) -> InputError {
        InputError(file: file, line: line, message: "malformed \(kind): \(detail)")
    }
}
