import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading an input file safely: regular files only, never more than ``maximumSize`` bytes.
///
/// A FIFO would block a plain read forever and `/dev/zero` would be read until memory runs out,
/// so the file is opened without blocking and checked on the open descriptor (no window between
/// the check and the read).
enum RegularFile {
    /// The largest file lint reads: 32 MiB. Larger files in a linted tree are skipped with a
    /// note; a larger file named by a project (an `.xcconfig`, an `INFOPLIST_FILE`) is an input
    /// error.
    static let maximumSize = 32 << 20

    /// What a directory entry is, from `lstat` (or `stat` when following links).
    enum Kind: Equatable {
        case regular(size: Int)
        case directory
        case symbolicLink
        case fifo
        case socket
        case characterDevice
        case blockDevice
        case other

        /// `FIFO`, `character device`, …, for messages.
        var name: String {
            switch self {
            case .regular: return "regular file"
            case .directory: return "directory"
            case .symbolicLink: return "symbolic link"
            case .fifo: return "FIFO"
            case .socket: return "socket"
            case .characterDevice: return "character device"
            case .blockDevice: return "block device"
            case .other: return "special file"
            }
        }

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: self = .regular(size: Int(info.st_size))
            case S_IFDIR: self = .directory
            case S_IFLNK: self = .symbolicLink
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .other
            }
        }
    }

    /// The kind of `path`, or `nil` when it cannot be examined (missing, a broken link, a loop).
    static func kind(of path: String, followingLinks: Bool) -> Kind? {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? Kind(info) : nil
    }

    /// The canonical path of `path` with every symbolic link resolved, or the `errno` why not.
    static func realPath(_ path: String) -> Result<String, POSIXError> {
        guard let resolved = realpath(path, nil) else {
            return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT))
        }
        defer { free(resolved) }
        return .success(String(cString: resolved))
    }

    /// Whether the current user may read `path`.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Files held in memory, by path, that ``contents(of:)`` returns instead of reading the disk
    /// (`LintInputReader`: bytes read as a file without writing one).
    @TaskLocal static var inMemory: [String: Data] = [:]

    /// The bytes of the regular file at `path` (symbolic links followed).
    ///
    /// - Throws: `InputError` naming `path`: `cannot read file`, `not a regular file (FIFO)`, or
    ///   `file is larger than 33554432 bytes`.
    static func contents(of path: String) throws(InputError) -> Data {
        if let bytes = inMemory[path] { return bytes }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw InputError(file: path, message: "cannot read file") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputError(file: path, message: "cannot read file") }
        let kind = Kind(info)
        guard case .regular(let size) = kind else {
            throw InputError(file: path, message: "not a regular file (\(kind.name))")
        }
        guard size <= maximumSize else { throw tooLarge(path) }
        // Read in chunks up to one byte past the limit: a file growing while it is read is caught too.
        var data = Data(capacity: size)
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while data.count <= maximumSize {
            let got = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, min(buffer.count, maximumSize + 1 - data.count))
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw InputError(file: path, message: "cannot read file")
            }
            if got == 0 { break }
            data.append(contentsOf: chunk[..<got])
        }
        guard data.count <= maximumSize else { throw tooLarge(path) }
        return data
    }

    private static func tooLarge(_ path: String) -> InputError {
        InputError(file: path, message: "file is larger than \(maximumSize) bytes (the most lint reads)")
    }
}
