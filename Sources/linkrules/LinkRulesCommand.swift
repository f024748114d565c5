import ArgumentParser
import FoundationEssentials
import Glibc
import LinkRules

/// The `linkrules` executable: a thin shell of subcommands over the LinkRules library.
@main
struct LinkRulesCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "linkrules",
        abstract: "A linter and style checker for deep-link catalogues.",
        version: version,
        subcommands: [
            LintCommand.self, CheckCommand.self, ExplainCommand.self, RulesCommand.self, DiffCommand.self, AASACommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )

    /// Runs the command, mapping errors to the contract's exit codes: 2 for bad input or usage.
    static func main() {
        exitOnBusError()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LoadError {
            Output.standardError(error.description + "\n")
            Glibc.exit(2)
        } catch let error as FixError {
            Output.standardError("error: \(error)\n")
            Glibc.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode { exit(withError: error) }
            Output.standardError(fullMessage(for: error) + "\n")
            Glibc.exit(2)
        }
    }
}

extension LinkRulesCommand {
    /// A large catalogue file is mapped while it is linted (`SourceBytes`); reading past the end of one cut short
    /// meanwhile is a bus error. The handler ends the run with the contract's code for bad input and a message
    /// naming the file (`MappedFileFaults`), not a crash; a bus error anywhere else is left to the system, as
    /// before. Only what is safe in a signal handler is done: a look-up without locks, one `write`, `_exit`.
    static func exitOnBusError() {
        MappedFileFaults.prepare()
        var action = sigaction()
        action.sa_flags = SA_SIGINFO
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            if let (message, length) = MappedFileFaults.message(forFaultAt: info?.pointee._sifields._sigfault.si_addr) {
                _ = Glibc.write(STDERR_FILENO, message, length)
                Glibc._exit(2)
            }
            // Not a mapped catalogue: the default action, when the faulting instruction runs again.
            signal(SIGBUS, SIG_DFL)
        }
        sigaction(SIGBUS, &action, nil)
    }
}

/// Writes to the standard streams; the library never does.
enum Output {
    static func standardOutput(_ text: String) { write(text, to: STDOUT_FILENO) }

    static func standardError(_ text: String) { write(text, to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { writeAll($0, to: descriptor) }
    }

    /// Writes every byte, retrying after interruptions and short writes; gives up silently when the reader
    /// has gone (the shell's `| head`), as there is nobody left to tell.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, address, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            address += written
            remaining -= written
        }
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Standard output as a reporter's destination, written block by block as the report is rendered.
    static let reportStream = StandardOutputStream()

    static var workingDirectory: String { FileManager.default.currentDirectoryPath }
}

/// Writes a report's blocks to standard output as the reporter produces them.
final class StandardOutputStream: ReportOutput, Sendable {
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        Output.writeAll(bytes, to: STDOUT_FILENO)
    }
}

extension OutputFormat: ExpressibleByArgument {}

/// The failing severities accepted by `--fail-on`.
enum FailOnArgument: String, ExpressibleByArgument, CaseIterable {
    case error, warning, info, never

    var threshold: FailThreshold { FailThreshold(rawValue)! }
}
