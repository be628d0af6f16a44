import CYaml
import LocSimInput

/// The guard every YAML text passes before Yams composes it: walks libyaml's events once (linear
/// in the text, nothing expanded) and rejects, as one `file:line` error,
///
/// - syntax errors (reader, scanner and parser errors, with the line and column);
/// - lists and mappings nested deeper than ``YAMLLimits/maxDepth``;
/// - more than ``YAMLLimits/maxExpandedNodes`` nodes, or more than ``YAMLLimits/maxExpandedBytes``
///   of scalar text, with every alias expanded (alias bombs, and aliases of long text);
/// - a list or mapping as a mapping key, written out or through an alias (`{[a]: 1}`,
///   `? a: b`, `*list: 1`): no LocSim file has one, Yams' constructor traps on them, and Yams
///   hashes whole keys while composing (exponential for an aliased key).
///
/// Aliases of anything else are allowed: YAML merge keys (`<<: *base`) are common in XcodeGen
/// specs, and the expansion budget bounds what they can cost.
enum YAMLStructureCheck {
    /// Throws the first problem in `text`, read from `file`.
    static func check(_ text: String, file: String) throws {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw InputError(file: file, message: "malformed YAML: cannot start the YAML reader") }
        defer { yaml_parser_delete(&parser) }
        try bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk(file: file)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser, bytes: buffer, file: file) }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return }
                try walk.visit(event)
            }
        }
    }

    private static let depthMessage = "YAML nested more than \(YAMLLimits.maxDepth) levels deep"

    /// libyaml's error as one line: `malformed YAML: <problem> (<context>, column N)`.
    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeMutableBufferPointer<UInt8>, file: String) -> InputError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        if parser.error == YAML_READER_ERROR {
            // The reader knows a byte offset, not a line.
            let end = min(parser.problem_offset, bytes.count)
            let line = 1 + bytes[..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            return InputError(file: file, line: line, message: "malformed YAML: \(problem)")
        }
        if problem.hasPrefix("Maximum nesting level") {
            // libyaml's own limit (1,000 levels), met while it reads ahead of the events.
            return InputError(file: file, line: parser.problem_mark.line + 1, message: depthMessage)
        }
        if indentationHasTab(bytes, line: parser.problem_mark.line, column: parser.problem_mark.column) || problem.contains("tab character") {
            return InputError(file: file, line: parser.problem_mark.line + 1, message: tabMessage)
        }
        var detail = parser.context.map { [String(cString: $0)] } ?? []
        detail.append("column \(parser.problem_mark.column + 1)")
        return InputError(file: file, line: parser.problem_mark.line + 1, message: "malformed YAML: \(problem) (\(detail.joined(separator: ", ")))")
    }

    /// What a tab in indentation gets instead of libyaml's "found character that cannot start any
    /// token": YAML indents with spaces only.
    static let tabMessage = "tab characters are not allowed for indentation in YAML; use spaces"

    /// Whether the 0-based line `line` of `bytes` starts with blanks that hold a tab and reach
    /// up to the 0-based `column` where libyaml stopped (the problem is in the indentation), or
    /// libyaml stopped at a tab (`-\tlaunch`: a tab indents the item's content).
    private static func indentationHasTab(_ bytes: UnsafeMutableBufferPointer<UInt8>, line: Int, column: Int) -> Bool {
        var start = 0, seen = 0
        while seen < line, start < bytes.count {
            if bytes[start] == UInt8(ascii: "\n") { seen += 1 }
            start += 1
        }
        guard seen == line else { return false }
        if start + column < bytes.count, bytes[start + column] == UInt8(ascii: "\t"),
           !bytes[start..<(start + column)].contains(UInt8(ascii: "\n")) { return true }
        var i = start, tab = false
        while i < bytes.count, i - start <= column, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") {
            if bytes[i] == UInt8(ascii: "\t") { tab = true }
            i += 1
        }
        return tab && i - start >= column
    }

    /// The state of one walk over the events.
    private struct Walk {
        /// The expansion budget of this reading (``YAMLBudget/current``).
        let budget = YAMLBudget.current

        /// An open list or mapping.
        struct Open {
            var isMapping: Bool
            var anchor: String?
            /// ``expanded`` when it opened.
            var start: Int
            /// ``expandedBytes`` when it opened.
            var startBytes: Int
            /// In a mapping: whether the next node is a key.
            var expectsKey = true
        }

        /// A named node: how many nodes and how many bytes of text it expands to, and whether it
        /// is a list or mapping.
        struct Anchored {
            var size: Int
            var bytes: Int
            var isCollection: Bool
        }

        let file: String
        var open: [Open] = []
        var anchors: [String: Anchored] = [:]
        var expanded = 0
        var expandedBytes = 0

        init(file: String) { self.file = file }

        mutating func visit(_ event: yaml_event_t) throws {
            let line = event.start_mark.line + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                let bytes = event.data.scalar.length
                try count(1, bytes: bytes, line: line)
                if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = Anchored(size: 1, bytes: bytes, isCollection: false) }
                finishNode()
            case YAML_ALIAS_EVENT:
                let target = Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? Anchored(size: 1, bytes: 0, isCollection: false)
                if target.isCollection && isAtKey { throw keyError(line: line) }
                try count(target.size, bytes: target.bytes, line: line)
                finishNode()
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                if isAtKey { throw keyError(line: line) }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = Self.name(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                open.append(Open(isMapping: isMapping, anchor: anchor, start: expanded, startBytes: expandedBytes))
                try count(1, bytes: 0, line: line)
                guard open.count <= YAMLLimits.maxDepth else {
                    throw InputError(file: file, line: line, message: YAMLStructureCheck.depthMessage)
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return }
                if let anchor = closed.anchor {
                    anchors[anchor] = Anchored(size: expanded - closed.start, bytes: expandedBytes - closed.startBytes, isCollection: true)
                }
                finishNode()
            default:
                break
            }
        }

        /// Whether the next node is a mapping key.
        private var isAtKey: Bool { open.last.map { $0.isMapping && $0.expectsKey } ?? false }

        /// A key or value ended: in a mapping, a value follows a key and a key a value.
        private mutating func finishNode() {
            guard let last = open.indices.last, open[last].isMapping else { return }
            open[last].expectsKey.toggle()
        }

        private mutating func count(_ nodes: Int, bytes: Int, line: Int) throws {
            expanded += nodes
            expandedBytes += bytes
            guard expanded <= budget.maxExpandedNodes else {
                throw InputError(file: file, line: line, message: "YAML expands to more than \(budget.maxExpandedNodes) nodes (aliases count each time they are used)")
            }
            guard expandedBytes <= budget.maxExpandedBytes else {
                throw InputError(file: file, line: line, message: "YAML expands to more than \(budget.maxExpandedBytes) bytes of text (aliases count their whole text each time they are used)")
            }
        }

        private func keyError(line: Int) -> InputError {
            InputError(file: file, line: line, message: "malformed YAML: a mapping key must be a single value, not a list or mapping")
        }

        private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: $0) }
        }
    }
}
