import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
            LintCommand.self, CheckCommand.self, ExplainCommand.self, RulesCommand.self, DiffCommand.self, GenerateCommand.self,
            AASACommand.self, TestPlanCommand.self, InitCommand.self,
        ],
        defaultSubcommand: LintCommand.self
    )

    /// Runs the command, mapping errors to the contract's exit codes: 2 for bad input or usage.
    static func main() {
        growHeapsInLargeSteps()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LoadError {
            Output.standardError(error.description + "\n")
            exitProcess(2)
        } catch let error as LoadErrors {
            Output.standardError(error.description + "\n")
            exitProcess(2)
        } catch let error as NoCatalogueError {
            Output.standardError(error.description + "\n")
            exitProcess(2)
        } catch let error as FixError {
            Output.standardError("error: \(error)\n")
            exitProcess(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode { exit(withError: error) }
            Output.standardError(fullMessage(for: error) + "\n")
            exitProcess(2)
        }
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
            let written = writeToDescriptor(descriptor, address, remaining)
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
