import ArgumentParser
import Foundation

/// What every executable of the command line (`locsim`, `locsim-lint`, `locsim-serve`) shares:
/// the way it parses and exits.
package enum CommandMain {
    /// Parses `arguments` (default: the process's) as `Command`'s and runs the command; usage
    /// errors (unknown option, bad value) exit 2 like every other bad input, not ArgumentParser's 64.
    package static func main<Command: ParsableCommand>(_ type: Command.Type, arguments: [String]? = nil) {
        do {
            var command = try type.parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = type.exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((type.fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            type.exit(withError: error)
        }
    }
}
