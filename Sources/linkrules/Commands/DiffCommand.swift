import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules diff BASE HEAD` or `linkrules diff HEAD --against REF`: the changes between two catalogues, breaking
/// ones first in severity, in the lint output formats. Exits 1 when a change reaches `--fail-on`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Find breaking changes between two catalogues (removed or renamed links, new barriers…).",
        discussion: """
            With --against REF, give only HEAD: the base is the same file at REF in git (git show REF:path), the \
            way a pull request is checked against its base branch. Breaking changes are reported as errors, \
            with a fingerprint that an --approved file can list to accept them.
            """
    )

    @Argument(help: "BASE and HEAD catalogues; with --against, only HEAD.")
    var catalogues: [String]

    @Option(name: .long, help: "Read the base from this git revision (a branch, tag or commit).")
    var against: String?

    @Option(name: .long, help: "Output format.")
    var format: DiffFormat = .text

    @Option(name: .customLong("fail-on"), help: "Exit 1 on changes at or above this level.")
    var failOn: DiffFailOn = .breaking

    @Option(name: .long, help: "A file of approved change fingerprints: those changes are reported as info.")
    var approved: String?

    @Flag(inversion: .prefixedNo, help: "Colour the text output (default: when writing to a terminal).")
    var color: Bool?

    @OptionGroup var pathBase: PathBaseOption

    @Option(name: .long, help: "The day of the diff, YYYY-MM-DD (default: today by the clock, in UTC): a deprecated link removed after its sunset is not breaking.")
    var today: String?

    func validate() throws {
        if against != nil, catalogues.count != 1 {
            throw ValidationError("with --against, give only the head catalogue")
        }
        if against == nil, catalogues.count != 2 {
            throw ValidationError("give the base and the head catalogue, or one catalogue and --against REF")
        }
    }

    func run() throws {
        let head: SourceFile
        let base: SourceFile
        var paths = pathBase.reportPaths()
        if let against {
            head = try CatalogueLoader.read(path: catalogues[0])
            // The base is named from the report's base, as git names a file at a revision: `origin/main:ios/links.yml`.
            base = try GitRevision.read(path: catalogues[0], at: against, shown: paths?.name(catalogues[0]))
            paths?.keptAsWritten.insert(base.path)
        } else {
            base = try CatalogueLoader.read(path: catalogues[0])
            head = try CatalogueLoader.read(path: catalogues[1])
        }
        let approvedFile = try approved.map { try CatalogueLoader.read(path: $0) }
        let result = try CatalogueDiffSession().run(
            base: [base], head: [head], approved: approvedFile, failOn: failOn.threshold,
            today: try CalendarDate.parsingOption(today))
        var options = ReportOptions()
        options.color = format == .text && (color ?? Output.isTerminal)
        options.paths = paths
        format.outputFormat.reporter.write(
            result.reportInput(toolVersion: LinkRulesCommand.version), options: options, to: Output.reportStream)
        if result.fails { throw ExitCode(1) }
    }
}

/// The output formats of `linkrules diff`.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github, sarif

    var outputFormat: OutputFormat { OutputFormat(rawValue: rawValue)! }
}

/// The failing levels accepted by `linkrules diff --fail-on`.
enum DiffFailOn: String, ExpressibleByArgument, CaseIterable {
    case breaking, warning, info, never

    var threshold: FailThreshold {
        ChangeLevel(rawValue: rawValue)?.failThreshold ?? .never
    }
}

/// Reads a file as it is at a git revision, with `git show REV:./path` run in the file's folder.
enum GitRevision {
    /// The file's bytes at `revision`, named `REVISION:shown` in diagnostics (`shown` defaults to `path`).
    static func read(path: String, at revision: String, shown: String? = nil) throws -> SourceFile {
        let absolute = PathName.join(Output.workingDirectory, path)
        let folder = PathName.parent(of: absolute)
        let name = PathName.lastComponent(of: absolute)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(["git", "-C", folder, "show", "\(revision):./\(name)"])
        } catch {
            throw LoadError("cannot run git to read the base catalogue: \(error)", file: path)
        }
        guard outcome.status == 0 else {
            var reason = String(decoding: outcome.errors, as: UTF8.self)
                .split(separator: "\n").first.map(String.init) ?? "git exited with status \(outcome.status)"
            if reason.hasPrefix("fatal: ") { reason.removeFirst("fatal: ".count) }
            if reason.hasSuffix(".") { reason.removeLast() }
            throw LoadError("cannot read '\(path)' at '\(revision)' from git: \(reason)", file: path)
        }
        guard outcome.output.count <= SourceFile.maximumByteCount else {
            throw LoadError("cannot read '\(path)' at '\(revision)' from git: \(SourceFile.tooLargeReason)", file: path)
        }
        return SourceFile(path: "\(revision):\(shown ?? path)", bytes: outcome.output)
    }
}
