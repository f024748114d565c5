/// Fixes a workspace's catalogues for `lint --fix` and `lint --diff`: applies the selected fixes pass after pass
/// across the catalogue's files, keeps every changed link's old URL in its aliases, and reports what it did.
/// It computes new texts only; `write(_:)` puts them on disk and the command prints.
public struct FixSession: Sendable {
    public let lintSession: LintSession
    /// Whether fixes that change a public URL are applied too (`--unsafe-fixes`), not only safe ones.
    public var includesUnsafe: Bool
    var loop: FixLoop

    public init(lintSession: LintSession, includesUnsafe: Bool, maximumPasses: Int = 10) {
        self.lintSession = lintSession
        self.includesUnsafe = includesUnsafe
        self.loop = FixLoop(maximumPasses: maximumPasses)
    }

    /// Whether a fix is applied in this session.
    public func selects(_ fix: FixIt) -> Bool { includesUnsafe || fix.applicability == .safe }

    /// Reads the workspace's catalogues and fixes them in memory. `failOn` overrides the configuration's.
    public func run(failOn: FailThreshold? = nil) throws -> FixResult {
        let workspace = lintSession.workspace
        guard !workspace.cataloguePaths.isEmpty else {
            throw LoadError(
                "no catalogue to fix: name one (linkrules lint --fix links.yml) or list them under 'catalogues:' in \(Configuration.fileName)",
                file: workspace.configuration.file?.path ?? workspace.workingDirectory)
        }
        var seen: Set<String> = []
        let paths = workspace.cataloguePaths.filter { seen.insert($0).inserted }
        let files = try paths.map { path in
            // Before writing, the file on disk is compared with what was read.
            SourceFile(
                path: path, contents: try CatalogueLoader.read(path: Workspace.absolute(path, in: workspace.workingDirectory)).bytes)
        }
        return try fix(files: files, failOn: failOn)
    }

    /// Fixes already-read files as one catalogue.
    ///
    /// - Throws: a `LoadError` when the files do not load as they are; `FixError.didNotConverge` when fixes keep
    ///   changing the text; `FixError.entriesChanged` or `.closingEditsDoNotLoad` when the old URLs cannot be
    ///   kept safely. Nothing is written in any case.
    public func fix(files: [SourceFile], failOn: FailThreshold? = nil) throws -> FixResult {
        var original: Catalogue?
        let outcome = try loop.run(
            files: files,
            selecting: selects,
            diagnose: { texts in
                let result = try lintSession.lint(files: texts, failOn: failOn)
                if original == nil { original = result.catalogue }
                return result
            },
            finishing: { snapshot, _ in
                guard let original else { return [] }
                return try Self.aliasFixes(from: original, to: snapshot.catalogue)
            },
            newHarms: { Self.newHarms($0, than: $1, original: original) })
        var remaining = outcome.snapshot
        // A finding whose fix was held back keeps no fix, and says what the fix would make.
        if !outcome.withheld.isEmpty {
            var wouldMake: [FindingKey: [String]] = [:]
            for held in outcome.withheld { wouldMake[FindingKey(held.finding)] = held.wouldMake }
            for index in remaining.diagnostics.indices {
                guard let rules = wouldMake[FindingKey(remaining.diagnostics[index])] else { continue }
                remaining.diagnostics[index].fixes = []
                remaining.diagnostics[index].notes.append(Note(message: .fixWithheld(wouldMake: rules)))
            }
        }
        let unsafeOnly = includesUnsafe ? 0 : remaining.diagnostics.filter { diagnostic in
            !diagnostic.fixes.isEmpty && diagnostic.fixes.allSatisfy { $0.applicability == .unsafe }
        }.count
        return FixResult(
            workingDirectory: lintSession.workspace.workingDirectory, originalFiles: files, fixedFiles: outcome.files, remaining: remaining, fixedFindings: outcome.fixed,
            keptAliases: outcome.closing.count, rolledBack: outcome.rolledBack, passes: outcome.passes,
            changedFiles: outcome.changedFiles, includesUnsafe: includesUnsafe, moreFixableWithUnsafeFixes: unsafeOnly)
    }

    /// The findings by which a pass made the catalogue worse: errors, duplicate links, unreachable routes and
    /// example mismatches in `after` that `before` does not have on the same line of the same file (a pass renames
    /// in place, so a link keeps its line). Linear: one table of `before`'s harms, one look-up per finding of `after`.
    ///
    /// A link whose URL the run has changed gets its old URL back as an alias at the end, and it keeps opening
    /// through it: an `unreachable-route` on such a link (`her://feed/community/9` renamed `communities/9` after
    /// `communities/{id:int}`) is not a harm when the link that wins was left as it is, or was renamed to a route
    /// that does not win that old URL. One on a link left as it is (a rename placed a wider route before it) is.
    ///
    /// For the same reason a link renamed onto the old URL of another renamed link (`her://feed/myprofile` while
    /// the link that was `her://Feed/myprofile` is now `her://myprofile`) would be a `duplicate-link` once that old
    /// URL is kept: it is a harm now, on the renamed link, with a note at the other.
    static func newHarms(_ after: LintResult, than before: LintResult, original: Catalogue?) -> [Diagnostic] {
        var new = newHarms(after, than: before)
        guard let original else { return new }
        var renamed: [HarmPlace: Int] = [:]
        var oldRoutes: [String: Int] = [:]
        var changed: [Int] = []
        for (index, (link, old)) in zip(after.catalogue.links, original.links).enumerated()
        where link.url.value.lowercased() != old.url.value.lowercased() {
            let location = link.location(ofURL: 0..<0)
            renamed[HarmPlace(file: location.file, line: location.line)] = index
            oldRoutes[old.template.routeKey] = index
            changed.append(index)
        }
        for index in changed {
            let link = after.catalogue.links[index]
            guard let other = oldRoutes[link.template.routeKey], other != index else { continue }
            let keeper = after.catalogue.links[other]
            new.append(
                Diagnostic(
                    ruleID: "duplicate-link", severity: .warning, message: .renamedOntoKeptURL(link.url.value),
                    location: link.location(ofURL: 0..<0),
                    notes: [Note(message: .keptURLHere(original.links[other].url.value), location: keeper.urlLocation)],
                    fixes: [], linkKey: link.template.routeKey))
        }
        // Excused when the link that wins was left as it is (it shadowed none of the old URLs before, so it shadows
        // none of them now), or when it was renamed but its new route does not win the old URL kept as the alias.
        return new.filter { harm in
            guard harm.ruleID == "unreachable-route",
                let loser = renamed[HarmPlace(file: harm.location.file, line: harm.location.line)]
            else { return true }
            let winners = harm.notes.compactMap { note in note.location.flatMap { renamed[HarmPlace(file: $0.file, line: $0.line)] } }
            guard let winner = winners.first else { return false }
            guard let oldShape = RouteShape(original.links[loser]), let winnerShape = RouteShape(after.catalogue.links[winner])
            else { return true }
            return oldShape.isSubsumed(by: winnerShape)
        }
    }

    /// A line of a catalogue file.
    private struct HarmPlace: Hashable {
        var file: String
        var line: Int
    }

    /// The harm findings of `after` that `before` does not have on the same line of the same file.
    static func newHarms(_ after: LintResult, than before: LintResult) -> [Diagnostic] {
        func isHarm(_ diagnostic: Diagnostic) -> Bool {
            diagnostic.severity == .error || harmRules.contains(diagnostic.ruleID)
        }
        var old: [HarmKey: Int] = [:]
        for diagnostic in before.diagnostics where isHarm(diagnostic) { old[HarmKey(diagnostic), default: 0] += 1 }
        var new: [Diagnostic] = []
        for diagnostic in after.diagnostics where isHarm(diagnostic) {
            let key = HarmKey(diagnostic)
            if let count = old[key], count > 0 { old[key] = count - 1 } else { new.append(diagnostic) }
        }
        return new
    }

    /// The rules whose new findings, at any severity, mean a fix made the catalogue worse.
    static let harmRules: Set<String> = ["duplicate-link", "unreachable-route", "example-mismatch"]

    /// A harm finding by rule and place (file and line).
    private struct HarmKey: Hashable {
        var ruleID: String
        var file: String
        var line: Int
        init(_ diagnostic: Diagnostic) {
            ruleID = diagnostic.ruleID
            file = diagnostic.location.file
            line = diagnostic.location.line
        }
    }

    /// For every link whose route differs from the one at the same position of its file in `original`, a fix adding
    /// the original URL to its aliases, unless the link or one of its aliases answers the same links
    /// (`answersTheSameLinks`). A change that keeps the route keeps nothing: a placeholder's spelling (`:id` →
    /// `{id}`) or the order of the query changes no link the app opens.
    static func aliasFixes(from original: Catalogue, to current: Catalogue) throws -> [FixIt] {
        let before = linksByFile(original)
        let after = linksByFile(current)
        let parser = LinkTemplateParser(hosts: Set(current.hosts.map(\.value)))
        var fixes: [FixIt] = []
        for (path, links) in after.ordered {
            let old = before.links[path] ?? []
            guard old.count == links.count else { throw FixError.entriesChanged(file: path) }
            for (oldLink, link) in zip(old, links) {
                let oldURL = oldLink.url.value
                // Most links are not changed at all: the same URL keeps nothing, without lowercasing either.
                if oldURL == link.url.value { continue }
                let old = oldLink.template
                guard !Self.answersTheSameLinks(link.template, old),
                    !link.aliases.contains(where: { Self.answersTheSameLinks(parser.parse($0.value), old) })
                else { continue }
                fixes.append(AliasEditor.keepingFix(oldURL, on: link))
            }
        }
        return fixes
    }

    /// Whether two templates open the same links: the same route (`LinkTemplate.routeKey`), with their query names
    /// spelled the same (an app reads a query name as written), and for a web link its path and fixed query values
    /// too. A custom scheme's path is case-insensitive (the HER app's deep-link guide, rule 7), but a web server and
    /// an apple-app-site-association file read a path as written, so `https://x.com/Blogs` lowercased needs the old
    /// spelling kept.
    static func answersTheSameLinks(_ template: LinkTemplate, _ other: LinkTemplate) -> Bool {
        guard template.routeKey == other.routeKey else { return false }
        func spelling(_ template: LinkTemplate, isWeb: Bool) -> [Substring] {
            var parts = template.query.map { Substring($0.name) }
            guard isWeb else { return parts }
            parts += template.components.filter { !$0.isPlaceholder }.map { Substring($0.text) }
            parts += template.query.compactMap { $0.placeholder == nil ? Substring($0.value ?? "") : nil }
            return parts
        }
        let isWeb = template.isWebLink || other.isWebLink
        return spelling(template, isWeb: isWeb) == spelling(other, isWeb: isWeb)
    }

    /// A catalogue's links grouped by file, each group in file order, and the files in catalogue order.
    private static func linksByFile(_ catalogue: Catalogue) -> (links: [String: [Link]], ordered: [(String, [Link])]) {
        var links: [String: [Link]] = [:]
        var order: [String] = []
        // Links come in runs of one file: each run is gathered apart and added to its file's group once, so a
        // path is hashed once a run rather than once a link.
        var run: [Link] = []
        func endRun() {
            guard let path = run.first?.file.path else { return }
            if links[path] == nil { order.append(path) }
            links[path, default: []].append(contentsOf: run)
            run.removeAll(keepingCapacity: true)
        }
        for link in catalogue.links {
            if let last = run.last, last.file !== link.file { endRun() }
            run.append(link)
        }
        endRun()
        for file in catalogue.files where links[file.path] == nil {
            links[file.path] = []
            order.append(file.path)
        }
        return (links, order.map { ($0, links[$0]!) })
    }

    /// Replaces each changed file on disk atomically (paths relative to the result's working directory), only if
    /// it still holds the bytes that were read; every changed file is checked, and its new text written beside it,
    /// before any is replaced, so a catalogue is not left half fixed when one of its files changed meanwhile or
    /// cannot be written. Returns the paths written.
    ///
    /// - Throws: `FixError.fileChangedOnDisk` (nothing written when found in the first check) or
    ///   `FixError.writeFailed`.
    @discardableResult
    public static func write(_ result: FixResult) throws -> [String] {
        let changes = result.changes
        func location(_ file: SourceFile) -> String { Workspace.absolute(file.path, in: result.workingDirectory) }
        for change in changes {
            guard let current = try? CatalogueLoader.read(path: location(change.original)),
                current.bytes == change.original.bytes
            else { throw FixError.fileChangedOnDisk(file: change.original.path) }
        }
        // All the files or none: each new text is written beside its file before any file is replaced.
        let absolute = changes.map { location($0.original) }
        do {
            try AtomicFileWriter.replaceAll(
                changes.indices.map { (absolute[$0], Array(changes[$0].original.bytes), Array(changes[$0].fixed.bytes)) })
        } catch FixError.fileChangedOnDisk(let file) {
            throw FixError.fileChangedOnDisk(file: Self.reported(file, among: changes, absolute: absolute))
        } catch FixError.writeFailed(let file, let reason) {
            throw FixError.writeFailed(file: Self.reported(file, among: changes, absolute: absolute), reason: reason)
        }
        return changes.map(\.original.path)
    }

    /// A changed file's path as the user named it, for an error the writer reports with its absolute path.
    private static func reported(
        _ file: String, among changes: [(original: SourceFile, fixed: SourceFile)], absolute: [String]
    ) -> String {
        absolute.firstIndex(of: file).map { changes[$0].original.path } ?? file
    }
}

/// What fixing a catalogue did: the original and the fixed texts, the findings that remain, and the counts the
/// summary states.
public struct FixResult: Sendable {
    /// The folder the file paths are relative to.
    public var workingDirectory: String
    /// The files as read, in the order linted.
    public var originalFiles: [SourceFile]
    /// The files after fixing, in the same order (an unchanged file is the same object).
    public var fixedFiles: [SourceFile]
    /// The lint of the fixed texts: what remains.
    public var remaining: LintResult
    /// The findings whose fix was applied (two findings sharing one fix both count).
    public var fixedFindings: [Diagnostic]
    /// How many old URLs were added to aliases.
    public var keptAliases: Int
    /// The rules whose fixes were undone because the catalogue they produced no longer loads.
    public var rolledBack: [RolledBackFix]
    /// How many passes changed the texts.
    public var passes: Int
    /// The paths of the files whose text changed, in lint order.
    public var changedFiles: [String]
    /// Whether unsafe fixes were applied too.
    public var includesUnsafe: Bool
    /// How many remaining findings only `--unsafe-fixes` would fix (0 when unsafe fixes were applied).
    public var moreFixableWithUnsafeFixes: Int

    /// Each changed file's original and fixed text.
    public var changes: [(original: SourceFile, fixed: SourceFile)] {
        zip(originalFiles, fixedFiles).filter { $0.0.bytes != $0.1.bytes }.map { (original: $0.0, fixed: $0.1) }
    }

    /// The unified diff of every changed file, one after the other; empty when nothing changes.
    public func diff(context: Int = 3) -> String {
        changes.map { UnifiedDiff.make(file: $0.original.path, old: Array($0.original.bytes), new: Array($0.fixed.bytes), context: context) }
            .joined()
    }

    /// The exit code of the run: for `--diff` (`written` false) 1 when a file would change; after `--fix`, 1 when
    /// findings at or above the failing severity remain, or when `exitNonZeroOnFix` and a file was changed.
    public func exitCode(written: Bool, exitNonZeroOnFix: Bool = false) -> Int32 {
        guard written else { return changedFiles.isEmpty ? 0 : 1 }
        return remaining.fails || (exitNonZeroOnFix && !changedFiles.isEmpty) ? 1 : 0
    }

    /// One line on what was (or, for `--diff`, would be) fixed and what remains:
    /// `fixed 4 findings in 1 file, keeping 3 old URLs as aliases; 6 findings remain (3 more fixable with --unsafe-fixes)`.
    public func summary(written: Bool) -> String {
        let files = changedFiles.count
        var line: String
        if fixedFindings.isEmpty && files == 0 {
            line = written ? "nothing to fix" : "nothing would be fixed"
        } else {
            line = (written ? "fixed " : "would fix ") + Self.counted(fixedFindings.count, "finding", "findings")
                + " in " + Self.counted(files, "file", "files")
        }
        if keptAliases > 0 {
            line += ", keeping " + (keptAliases == 1 ? "1 old URL as an alias" : "\(keptAliases) old URLs as aliases")
        }
        let remainingCount = remaining.diagnostics.count
        switch (remainingCount, written) {
        case (0, true): line += "; no findings remain"
        case (0, false): line += "; no findings would remain"
        case (1, true): line += "; 1 finding remains"
        case (1, false): line += "; 1 finding would remain"
        case (_, true): line += "; \(remainingCount) findings remain"
        case (_, false): line += "; \(remainingCount) findings would remain"
        }
        if moreFixableWithUnsafeFixes > 0 {
            line += " (\(moreFixableWithUnsafeFixes) more fixable with --unsafe-fixes)"
        }
        return line
    }

    private static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}

extension LintResult: FixLoopSnapshot {}

extension LintSession {
    /// A session linting with `linter` instead of one built from the workspace's configuration (a custom rule
    /// registry, say).
    init(workspace: Workspace, linter: Linter) {
        self.workspace = workspace
        self.linter = linter
    }
}

extension Message {
    static func renamedOntoKeptURL(_ url: String) -> Message {
        "'\(url)' would be the route of an old URL kept as an alias of another link"
    }
    static func keptURLHere(_ url: String) -> Message { "'\(url)' is kept as an alias here" }
}
