/// The severity at or above which findings make `lint` fail (`fail_on`, `--fail-on`).
public enum FailThreshold: Sendable, Hashable {
    case severity(Severity)
    case never

    public init?(_ text: String) {
        if text == "never" {
            self = .never
        } else if let severity = Severity(rawValue: text) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    static let names = ["error", "warning", "info", "never"]

    /// Whether a finding of this severity fails the run.
    public func fails(_ severity: Severity) -> Bool {
        if case .severity(let threshold) = self { return severity >= threshold }
        return false
    }

    public var severity: Severity? {
        if case .severity(let severity) = self { return severity }
        return nil
    }
}

/// How one rule is configured under `rules:`: off, a severity, or options (with an optional `severity`).
struct RuleSetting: Sendable {
    var enabled: Bool
    var severity: Severity?
    var options: RuleOptions?

    init(enabled: Bool = true, severity: Severity? = nil, options: RuleOptions? = nil) {
        self.enabled = enabled
        self.severity = severity
        self.options = options
    }
}

/// The typed contents of a `.linkrules.yml`: which catalogues to lint, the failing severity, rule settings,
/// inflections and the baseline. Paths are resolved against the configuration file's folder.
struct Configuration: Sendable {
    static let fileName = ".linkrules.yml"
    static let keys = ["catalogues", "fail_on", "rules", "inflections", "baseline"]

    /// The configuration file, when one was read.
    var file: SourceFile?
    /// The folder relative paths in the file are resolved against.
    var directory: String
    var catalogues: [String] = []
    var failOn: FailThreshold = .severity(.warning)
    var rules: [String: RuleSetting] = [:]
    var irregularInflections: [String: String] = [:]
    var uncountableInflections: Set<String> = []
    var baseline: String?
    /// Where `baseline:`'s value is written, for an error about the file it names.
    var baselineRange: Range<Int>?

    init(directory: String = ".") {
        self.directory = directory
    }

    var inflector: Inflector {
        Inflector(irregular: irregularInflections, uncountable: uncountableInflections)
    }

    /// `path` resolved against the configuration's folder.
    func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || directory == "." || directory.isEmpty { return path }
        return directory + "/" + path
    }
}
