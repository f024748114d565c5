/// Everything a reporter is given: the findings of one run, already sorted and with their severities decided,
/// plus what it needs to present them (rule documentation, the source texts, the tool version).
public struct ReportInput: Sendable {
    /// The findings, in the order they are printed; severities are final.
    public var diagnostics: [Diagnostic]
    /// Every registered rule, in registry order (SARIF `tool.driver.rules`, the HTML rule list, JUnit details).
    public var rules: [RuleDescription]
    /// The loaded files, keyed by the path as it appears in `Diagnostic.location.file`.
    public var sources: [String: SourceFile]
    public var toolVersion: String
    /// The severity at which the run fails (`nil`: never). Only used to word summaries, never to change severity.
    public var failOn: Severity?

    public init(
        diagnostics: [Diagnostic],
        rules: [RuleDescription],
        sources: [String: SourceFile],
        toolVersion: String,
        failOn: Severity?
    ) {
        self.diagnostics = diagnostics
        self.rules = rules
        self.sources = sources
        self.toolVersion = toolVersion
        self.failOn = failOn
    }

    /// How many diagnostics offer at least one fix.
    public var fixableCount: Int {
        diagnostics.reduce(0) { $0 + ($1.fixes.isEmpty ? 0 : 1) }
    }

    /// Every file the report concerns, sorted: the loaded ones and any other a diagnostic, note or edit names.
    var reportedFiles: [String] {
        var files = Set(sources.keys)
        // Nearly every location names the file the one before it named: only a new name is looked up.
        var last = ""
        func insert(_ file: String) {
            if file != last {
                files.insert(file)
                last = file
            }
        }
        diagnostics.withUnsafeBufferPointer { findings in
            for finding in findings.indices {
                insert(findings[finding].location.file)
                for note in findings[finding].notes {
                    if let location = note.location { insert(location.file) }
                }
                for fix in findings[finding].fixes {
                    for edit in fix.edits { insert(edit.file) }
                }
            }
        }
        return files.sorted()
    }
}

/// The output formats of `linkrules lint --format`.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github, junit, checkstyle, html
}

/// Presentation choices that do not change what is reported.
public struct ReportOptions: Sendable {
    /// ANSI colours in text output.
    public var color: Bool = false
    /// Text output: only the `file:line:col: severity: message [rule-id]` lines.
    public var quiet = false
    /// Text output: append a table of finding counts per rule.
    public var statistics = false
    /// The folder or URL of the rule pages (`--rule-docs-base`); a page is this + rule id + `.md`, linked from
    /// HTML and SARIF (`helpUri`) only when it is absolute (HTML embeds the rules' help otherwise). See
    /// `ruleDocumentationURL(_:)`.
    public var ruleDocumentationBase: String = "rules/"
    /// How SARIF, GitHub annotations, JUnit and checkstyle name files (`nil`: as the diagnostics do, relative to
    /// the working directory); text, JSON and HTML keep the working directory's view.
    public var paths: ReportPaths?

    public init() {}
}

/// Renders a run's findings in one output format, writing the report to an output block by block as it goes.
/// The report ends with a newline unless it is empty.
public protocol Reporter: Sendable {
    func write(_ input: ReportInput, options: ReportOptions, to output: any ReportOutput)
}

extension Reporter {
    /// The whole report as one text.
    public func report(_ input: ReportInput, options: ReportOptions) -> String {
        let collector = ReportCollector()
        write(input, options: options, to: collector)
        return collector.text
    }
}

/// Where a reporter's bytes go, in blocks of 64 KB to a few hundred KB (a chunk of findings rendered on another
/// core is handed over whole), so a large report never has to be held whole: the command's standard output, or a
/// `ReportCollector`.
public protocol ReportOutput: AnyObject {
    func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// Keeps a report's blocks in memory, for callers that want the report as a `String`.
public final class ReportCollector: ReportOutput {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ block: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: block) }

    /// The report so far, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

extension OutputFormat {
    /// The reporter that writes this format.
    public var reporter: any Reporter {
        switch self {
        case .text: TextReporter()
        case .json: JSONReporter()
        case .sarif: SARIFReporter()
        case .github: GitHubActionsReporter()
        case .junit: JUnitReporter()
        case .checkstyle: CheckstyleReporter()
        case .html: HTMLReporter()
        }
    }
}
