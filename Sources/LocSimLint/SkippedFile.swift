/// A file under the linted paths that lint did not read, and why (printed as a note on stderr).
///
/// Lint reads regular files inside the linted tree only: FIFOs and devices, files larger than
/// the size limit, unreadable files and symbolic links leading out of the tree are skipped, never
/// waited on or followed.
public struct SkippedFile: Hashable, Sendable, CustomStringConvertible {
    /// Why a file was skipped.
    public enum Reason: Hashable, Sendable {
        /// Not a regular file or directory (the kind: `FIFO`, `character device`, …).
        case notRegularFile(kind: String)
        /// Larger than the most lint reads.
        case tooLarge(bytes: Int, limit: Int)
        /// The current user may not read it.
        case unreadable
        /// A symbolic link resolving outside the linted tree (to `target`).
        case outsideTree(target: String)
        /// A symbolic link to nothing.
        case brokenLink
        /// A symbolic link that loops (too many levels of links).
        case linkLoop
    }

    /// The path as found in the tree.
    public var path: String
    /// Why it was skipped.
    public var reason: Reason

    /// Creates a skipped file.
    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// `path: note: skipped: why`, the form of lint's other notes.
    public var description: String {
        "\(path): note: skipped: \(explanation)"
    }

    /// Why, in words.
    public var explanation: String {
        switch reason {
        case .notRegularFile(let kind): return "not a regular file (\(kind))"
        case .tooLarge(let bytes, let limit): return "file is \(bytes) bytes, larger than the \(limit) bytes lint reads"
        case .unreadable: return "cannot read file"
        case .outsideTree(let target): return "symbolic link to '\(target)', outside the linted tree"
        case .brokenLink: return "broken symbolic link"
        case .linkLoop: return "symbolic link loop"
        }
    }
}
