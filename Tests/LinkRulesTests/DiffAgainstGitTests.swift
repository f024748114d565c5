import Foundation
import Testing

/// `linkrules diff HEAD --against REF` end to end: the command reads the base with `git show` from a temporary
/// repository and reports the change in the base file named `REF:path`.
@Suite struct DiffAgainstGitTests {
    /// The `linkrules` executable built next to the test bundle.
    static var executable: String? {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            besideTests.appendingPathComponent("linkrules").path,
            besideTests.deletingLastPathComponent().appendingPathComponent("linkrules").path,
            packageRoot.appendingPathComponent(".build/debug/linkrules").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL) throws -> CommandResult {
        try runCommand(executable, arguments, in: directory)
    }

    static func git(_ arguments: [String], in directory: URL) throws {
        let result = try run(
            "/usr/bin/env", ["git", "-c", "user.name=linkrules", "-c", "user.email=tests@linkrules.invalid"] + arguments,
            in: directory)
        if result.status != 0 { Issue.record("git \(arguments.joined(separator: " ")) failed: \(result.errors)") }
    }

    @Test func theBaseComesFromGitAndRemovalsPointIntoIt() throws {
        let linkrules = try #require(Self.executable, "build the linkrules executable first (swift build)")
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-diff-\(UUID().uuidString)")
        let folder = repository.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: repository) }
        let catalogue = folder.appendingPathComponent("links.yml")
        let header = "version: 1\nschemes: [her]\nlinks:\n"
        try Data((header + "  - url: her://feed\n  - url: her://settings\n").utf8).write(to: catalogue)
        try Self.git(["init", "-q", "-b", "main"], in: repository)
        try Self.git(["add", "."], in: repository)
        try Self.git(["commit", "-q", "-m", "base"], in: repository)
        try Data((header + "  - url: her://feed\n  - url: her://premium\n").utf8).write(to: catalogue)

        let result = try Self.run(linkrules, ["diff", "links.yml", "--against", "main", "--format", "json"], in: folder)
        #expect(result.status == 1, "stderr: \(result.errors)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        let removed = try #require(diagnostics.first { $0["ruleId"] as? String == "diff/link-removed" })
        // The base is named as git names a file at a revision, from the repository root.
        #expect(removed["file"] as? String == "main:app/links.yml")
        #expect(removed["startLine"] as? Int == 5)
        let added = try #require(diagnostics.first { $0["ruleId"] as? String == "diff/link-added" })
        #expect(added["file"] as? String == "links.yml")

        // GitHub annotations name the head file from the repository root, as lint does, so a job run in `app/`
        // lands them on the right file.
        let annotations = try Self.run(linkrules, ["diff", "links.yml", "--against", "main", "--format", "github"], in: folder)
        #expect(annotations.output.contains("::notice file=app/links.yml,line=5"), "\(annotations.output)")
        #expect(annotations.output.contains("::error file=main%3Aapp/links.yml,line=5"), "\(annotations.output)")

        let neverFails = try Self.run(linkrules, ["diff", "links.yml", "--against", "main", "--fail-on", "never"], in: folder)
        #expect(neverFails.status == 0)

        let badReference = try Self.run(linkrules, ["diff", "links.yml", "--against", "no-such-branch"], in: folder)
        #expect(badReference.status == 2)
        #expect(badReference.errors.contains("cannot read 'links.yml' at 'no-such-branch' from git"))
    }
}
