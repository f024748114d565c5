#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds and reads `.linkrules.yml`. Unknown keys, unknown rule ids and invalid values are `LoadError`s with
/// file:line:col (a bad configuration exits 2): nothing is silently ignored.
struct ConfigurationLoader: Sendable {
    let ruleIDs: [String]

    init(ruleIDs: [String] = RuleRegistry.all.map { $0.description.id }) {
        self.ruleIDs = ruleIDs
    }

    /// The nearest `.linkrules.yml` in `directory` or its parents, if any.
    static func find(from directory: String) -> String? {
        var current = PathName.normalized(directory)
        while true {
            let candidate = PathName.join(current, Configuration.fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            let parent = PathName.parent(of: current)
            if parent.isEmpty || parent == current { return nil }
            current = parent
        }
    }

    /// Reads the configuration file at `path`, naming it `displayName` in messages; relative paths inside it
    /// resolve against its folder.
    func load(path: String, displayName: String? = nil) throws -> Configuration {
        let file = try CatalogueLoader.read(path: path, displayName: displayName ?? path)
        let directory = PathName.parent(of: path)
        return try load(file: file, directory: directory.isEmpty ? "." : directory)
    }

    /// Decodes a configuration from an already-read file. Problems after which reading can go on (an unknown key
    /// or rule id, an invalid value) are collected, so several are reported together (`LoadErrors`); one alone
    /// is thrown as a `LoadError`.
    func load(file: SourceFile, directory: String) throws -> Configuration {
        let yaml = YAMLDecoder(file: file)
        var problems: [LoadError] = []
        do {
            let configuration = try decode(yaml, directory: directory, problems: &problems)
            if problems.count == 1 { throw problems[0] }
            if problems.count > 1 { throw LoadErrors(errors: problems) }
            return configuration
        } catch let error as LoadError {
            let error = yaml.preferringSyntaxError(over: error)
            if error.isSyntaxError || problems.isEmpty || problems == [error] { throw error }
            throw LoadErrors(errors: problems + [error])
        }
    }

    private func decode(_ yaml: YAMLDecoder, directory: String, problems: inout [LoadError]) throws -> Configuration {
        let file = yaml.file
        var configuration = Configuration(directory: directory)
        configuration.file = file
        func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }
        guard try yaml.beginDocument() else { return configuration }
        if try yaml.nextKind() == .scalar {
            let scalar = try yaml.readScalar(key: "configuration")
            if scalar.isNull { return configuration }
            throw LoadError(.wrongType(expected: "a mapping", found: "'\(scalar.value)'", key: "configuration"), at: location(scalar.tokenRange))
        }
        try yaml.readMapping(key: "configuration") { key in
            switch key.value {
            case "catalogues": configuration.catalogues = try yaml.readStringList(key: "catalogues").map(\.value)
            case "fail_on":
                let value = try yaml.readString(key: "fail_on")
                guard let threshold = FailThreshold(value.value) else {
                    problems.append(LoadError(.invalidValue(value.value, key: "fail_on", expected: FailThreshold.names), at: location(value.tokenRange)))
                    return
                }
                configuration.failOn = threshold
            case "baseline":
                let baseline = try yaml.readString(key: "baseline")
                configuration.baseline = baseline.value
                configuration.baselineRange = baseline.tokenRange
            case "inflections":
                try yaml.readMapping(key: "inflections") { inflection in
                    switch inflection.value {
                    case "irregular":
                        try yaml.readMapping(key: "inflections.irregular") { singular in
                            configuration.irregularInflections[singular.value] = try yaml.readString(key: singular.value).value
                        }
                    case "uncountable":
                        configuration.uncountableInflections.formUnion(try yaml.readStringList(key: "inflections.uncountable").map(\.value))
                    default:
                        problems.append(unknown(inflection, known: ["irregular", "uncountable"], in: "'inflections'", file: file))
                        try yaml.skipValue()
                    }
                }
            case "rules":
                try yaml.readMapping(key: "rules") { id in
                    guard ruleIDs.contains(id.value) else {
                        var message = Message.unknownRuleID(id.value)
                        if let suggestion = Suggestion.closestRuleID(to: id.value, in: ruleIDs) {
                            message = .unknownRuleID(id.value, suggestion: suggestion)
                        }
                        problems.append(LoadError(message, at: location(id.tokenRange)))
                        try yaml.skipValue()
                        return
                    }
                    // The value is read whole before it is judged, so reading goes on after a bad setting.
                    let value = try yaml.readValue()
                    do {
                        configuration.rules[id.value] = try ruleSetting(value, rule: id.value, file: file)
                    } catch let error as LoadError {
                        problems.append(error)
                    }
                }
            default:
                problems.append(unknown(key, known: Configuration.keys, in: "the configuration", file: file))
                try yaml.skipValue()
            }
        }
        try yaml.endDocument()
        return configuration
    }

    private func unknown(_ key: Scalar, known: [String], in container: String, file: SourceFile) -> LoadError {
        let message = Suggestion.closest(to: key.value, in: known).map { Message.unknownKey(key.value, in: container, suggestion: $0) }
            ?? .unknownKey(key.value, in: container)
        return LoadError(message, at: file.location(ofBytes: key.tokenRange))
    }

    private static let settingWords = ["off", "info", "warning", "error", "on"]

    private func ruleSetting(_ value: YAMLValue, rule: String, file: SourceFile) throws -> RuleSetting {
        func severity(_ scalar: Scalar) throws -> RuleSetting {
            switch scalar.value {
            case "off", "false": return RuleSetting(enabled: false)
            case "on", "true": return RuleSetting()
            default:
                guard let severity = Severity(rawValue: scalar.value) else {
                    throw LoadError(.invalidValue(scalar.value, key: rule, expected: Self.settingWords), at: file.location(ofBytes: scalar.tokenRange))
                }
                return RuleSetting(severity: severity)
            }
        }
        switch value {
        case .scalar(let scalar):
            return try severity(scalar)
        case .mapping(let members, _):
            var setting = RuleSetting()
            var options: [(key: Scalar, value: YAMLValue)] = []
            for member in members {
                if member.key.value == "severity" {
                    guard let scalar = member.value.scalar else {
                        throw LoadError("'severity' must be one of off, info, warning, error", at: file.location(ofBytes: member.value.range))
                    }
                    let parsed = try severity(scalar)
                    setting.enabled = parsed.enabled
                    setting.severity = parsed.severity
                } else {
                    options.append(member)
                }
            }
            if !options.isEmpty { setting.options = RuleOptions(members: options, file: file) }
            return setting
        case .sequence(_, let range):
            throw LoadError("a rule's setting must be a severity or a mapping of options", at: file.location(ofBytes: range))
        }
    }
}
