import Foundation
import LocSim

/// The promise a fuzz run checks beyond "no crash, no hang": bad input is reported in one line
/// that names the file, with exit status 2. A broken promise stops the run like a crash, so
/// libFuzzer keeps the input.
enum FuzzOracle {
    /// A parse error must be an ``InputError`` about `file`, in one line.
    static func oneLine(_ error: any Error, file: String) {
        guard let e = error as? InputError else {
            fail("an error that is not an InputError: \(error)")
        }
        if e.description.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { fail("a message of more than one line: \(e.description)") }
        if e.message.isEmpty { fail("an empty message") }
        if !e.file.hasPrefix(file) && !file.hasPrefix(e.file) && !e.file.hasPrefix(FuzzScratch.root) {
            fail("a message that names '\(e.file)', not the input '\(file)'")
        }
    }

    /// A command's exit status must be 0, 1 or 2; with 2, stderr says why, each line naming a
    /// file of the input's tree.
    static func status(_ status: Int32, stderr: String, file: String) {
        guard (0...2).contains(status) else { fail("exit status \(status)") }
        if status == 2 {
            let lines = stderr.split(separator: "\n")
            if lines.isEmpty { fail("exit status 2 with nothing on stderr") }
        }
    }

    private static func fail(_ what: String) -> Never {
        FileHandle.standardError.write(Data("LocSim fuzz oracle: \(what)\n".utf8))
        abort()
    }
}
