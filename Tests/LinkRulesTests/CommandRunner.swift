import Foundation

/// What a finished process left: its exit status and its two output streams.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs a program to completion for the tests that drive the executable, git, diff or patch; both streams are
/// read before waiting, so a large output cannot fill a pipe and block the child.
@discardableResult
func runCommand(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
        errors: String(decoding: err, as: UTF8.self))
}
