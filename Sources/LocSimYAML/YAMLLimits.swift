/// The bounds every YAML input (scenario, app model, `project.yml`, `.locsim.yml`) is held to
/// before Yams composes it, so that hostile input is one `file:line` error, never a crash, a hang
/// or unbounded memory.
public enum YAMLLimits {
    /// The largest YAML file read: 1 MiB (hand-written scenarios, app models and XcodeGen specs
    /// are a few kilobytes).
    public static let maxFileBytes = 1 << 20

    /// The deepest nesting of lists and mappings: 64 levels. Yams composes recursively, so an
    /// unbounded `[[[[…` would exhaust the stack.
    public static let maxDepth = 64

    /// The most nodes a document may hold with every alias expanded (an alias counts as the whole
    /// node it names, each time it is used): 1,000,000. Bounds alias bombs ("billion laughs"),
    /// which readers that walk or construct the tree would otherwise expand exponentially. A
    /// document without aliases stays well under it (``maxFileBytes`` allows at most about
    /// 500,000 nodes).
    public static let maxExpandedNodes = 1_000_000

    /// The most scalar text, in UTF-8 bytes, a document may hold with every alias expanded (an
    /// alias counts the whole text of the node it names, each time it is used): 8 MiB. Bounds
    /// aliases of long text (a 128 KiB scalar aliased 40,000 times is 5 GB once built, yet only
    /// 40,000 nodes); a document without aliases holds at most ``maxFileBytes`` of text.
    public static let maxExpandedBytes = 8 << 20
}

/// The expansion budget one YAML reading is held to: ``YAMLLimits`` unless a caller that reads
/// text from others (the playground's requests) binds a smaller one with
/// `YAMLBudget.$current.withValue(…)` around the reading. A budget is never larger than
/// ``YAMLLimits``: the larger of the two limits is ignored.
public struct YAMLBudget: Sendable, Equatable {
    /// The most nodes with every alias expanded.
    public var maxExpandedNodes: Int
    /// The most scalar text, in UTF-8 bytes, with every alias expanded.
    public var maxExpandedBytes: Int

    /// A budget of `maxExpandedNodes` nodes and `maxExpandedBytes` bytes of text (each at most
    /// what ``YAMLLimits`` allows).
    public init(maxExpandedNodes: Int, maxExpandedBytes: Int) {
        self.maxExpandedNodes = min(maxExpandedNodes, YAMLLimits.maxExpandedNodes)
        self.maxExpandedBytes = min(maxExpandedBytes, YAMLLimits.maxExpandedBytes)
    }

    /// ``YAMLLimits``' own: 1,000,000 nodes, 8 MiB of text.
    public static let files = YAMLBudget(maxExpandedNodes: YAMLLimits.maxExpandedNodes, maxExpandedBytes: YAMLLimits.maxExpandedBytes)

    /// The budget of the reading under way (task-local; also bound on the calling thread by a
    /// synchronous `withValue`).
    @TaskLocal public static var current = YAMLBudget.files
}
