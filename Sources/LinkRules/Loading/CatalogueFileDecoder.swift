/// Decodes one catalogue file's event stream into the catalogue being built, in one pass.
final class CatalogueFileDecoder {
    private let yaml: YAMLDecoder
    private let file: SourceFile
    /// Each `links` list decoded: where its key is and how many entries it held (`LinkListSplit` checks them).
    private(set) var linkLists: [(keyOffset: Int, entryCount: Int)] = []
    /// Room to reserve for a `links` list's entries; by default half the file's lines, as an entry takes at least
    /// one line and usually two or more, so that the array is not grown (and copied) as they are decoded.
    private let linkCapacity: Int

    /// Decodes the whole file.
    convenience init(file: SourceFile) {
        self.init(file: file, segments: [file.byteOrderMarkLength..<file.bytes.count], depth: 0, linkCapacity: file.lineCount / 2)
    }

    /// Decodes the given byte ranges of `file` read as one text (`YAMLEventReader.init(file:segments:depth:)`).
    init(file: SourceFile, segments: [Range<Int>], depth: Int, linkCapacity: Int) {
        self.file = file
        self.yaml = YAMLDecoder(reader: YAMLEventReader(file: file, segments: segments, depth: depth))
        self.linkCapacity = linkCapacity
    }

    func preferringSyntaxError(over error: LoadError) -> LoadError { yaml.preferringSyntaxError(over: error) }

    private func location(_ range: Range<Int>) -> SourceLocation { file.location(ofBytes: range) }

    private func unknownKey(_ key: Scalar, known: [String], in container: String, findings: inout [LoadFinding]) throws {
        try yaml.skipValue()
        var fixes: [FixIt] = []
        var message = Message.unknownKey(key.value, in: container)
        if let suggestion = Suggestion.closest(to: key.value, in: known) {
            message = .unknownKey(key.value, in: container, suggestion: suggestion)
            // Renamed `links`, a key would bring entries into the catalogue, which a fix never does: the message
            // says what to write.
            if suggestion != "links" {
                fixes.append(
                    FixIt(
                        message: .renameKey(to: suggestion),
                        edits: [TextEdit(location: location(key.tokenRange), replacement: suggestion)],
                        applicability: .unsafe))
                yaml.proposeRename(of: key, to: suggestion)
            }
        }
        findings.append(
            LoadFinding(ruleID: "unknown-key", message: message, location: location(key.tokenRange), notes: [], fixes: fixes))
    }

    /// Withdraws the fixes renaming an unknown key to a key its mapping has already (`title:` then `titel:`): the
    /// mapping would repeat a key and no longer load. A note points at the key it would repeat.
    private func withdrawRenamesRepeatingAKey(in findings: inout [LoadFinding]) {
        guard !yaml.renamesRepeatingAKey.isEmpty else { return }
        for (key, repeated) in yaml.renamesRepeatingAKey {
            let keyLocation = location(key)
            for index in findings.indices where findings[index].ruleID == "unknown-key" && findings[index].location == keyLocation {
                guard let name = findings[index].fixes.first?.edits.first?.replacement else { continue }
                findings[index].fixes = []
                findings[index].notes.append(Note(message: .renameWouldRepeatKey(name), location: location(repeated)))
            }
        }
    }

    func decode(
        into catalogue: inout Catalogue, components: inout [ComponentSpec], params: inout [ParamSpec],
        links: inout [LinkEntry]
    ) throws {
        guard try yaml.beginDocument() else {
            throw LoadError(.emptyDocument, at: location(0..<0))
        }
        if try yaml.nextKind() == .scalar {
            let scalar = try yaml.readScalar(key: "catalogue")
            if scalar.isNull { throw LoadError(.emptyDocument, at: location(scalar.tokenRange)) }
            throw LoadError(.wrongType(expected: "a mapping of catalogue keys", found: "'\(scalar.value)'", key: "catalogue"), at: location(scalar.tokenRange))
        }
        try yaml.readMapping(key: "catalogue") { key in
            switch key.value {
            case "version":
                let version = try yaml.readString(key: "version")
                guard version.value == "1" else {
                    throw LoadError(.invalidValue(version.value, key: "version", expected: ["1"]), at: location(version.tokenRange))
                }
            case "app": catalogue.app = try yaml.readString(key: "app")
            case "schemes":
                if try yaml.nextKind() == .mappingStart {
                    try yaml.readMapping(key: "schemes") { name in
                        let flavour = try yaml.readScalar(key: name.value)
                        catalogue.schemes.append(SchemeSpec(name: name, flavour: flavour.isNull ? nil : flavour))
                    }
                } else {
                    catalogue.schemes += try yaml.readStringList(key: "schemes").map { SchemeSpec(name: $0, flavour: nil) }
                }
            case "hosts": catalogue.hosts += try yaml.readStringList(key: "hosts")
            case "dispatch":
                let value = try yaml.readString(key: "dispatch")
                catalogue.dispatch = try choice(DispatchMode.self, spelledBy: value, key: "dispatch")
                catalogue.dispatchScalar = value
            case "barriers": catalogue.barriers += try yaml.readStringList(key: "barriers")
            case "mandatory_barrier": catalogue.mandatoryBarrier = try yaml.readString(key: "mandatory_barrier")
            case "components":
                try yaml.readMapping(key: "components") { name in components.append(try decodeComponent(name, findings: &catalogue.loadFindings)) }
            case "params":
                try yaml.readMapping(key: "params") { name in params.append(try decodeParam(name, findings: &catalogue.loadFindings)) }
            case "param_groups":
                try yaml.readSequence(key: "param_groups") { _ in
                    catalogue.paramGroups.append(try yaml.readStringList(key: "param_groups"))
                }
            case "aasa":
                catalogue.associationFile = try yaml.readString(key: "aasa")
                catalogue.associationFileOwner = file
            case "app_ids": catalogue.appIDs += try yaml.readStringList(key: "app_ids")
            case "android": try decodeAndroid(key, into: &catalogue)
            case "ios":
                try yaml.readMapping(key: "ios") { name in
                    switch name.value {
                    case "info_plist": catalogue.iosFiles.infoPlist = try yaml.readString(key: "ios.info_plist")
                    case "entitlements": catalogue.iosFiles.entitlements = try yaml.readString(key: "ios.entitlements")
                    default: try unknownKey(name, known: CatalogueLoader.iosKeys, in: "'ios'", findings: &catalogue.loadFindings)
                    }
                }
                catalogue.iosFiles.owner = file
            case "allow", "deny":
                let isAllow = key.value == "allow"
                try yaml.readMapping(key: key.value) { list in
                    switch list.value {
                    case "schemes":
                        let values = try yaml.readStringList(key: "\(key.value).schemes")
                        if isAllow { catalogue.access.allowedSchemes += values } else { catalogue.access.deniedSchemes += values }
                    case "hosts":
                        let values = try yaml.readStringList(key: "\(key.value).hosts")
                        if isAllow { catalogue.access.allowedHosts += values } else { catalogue.access.deniedHosts += values }
                    default:
                        try unknownKey(list, known: CatalogueLoader.accessKeys, in: "'\(key.value)'", findings: &catalogue.loadFindings)
                    }
                }
            case "links":
                let before = links.count
                try readLinkList(into: &links, firstIndex: 0, findings: &catalogue.loadFindings)
                linkLists.append((key.tokenRange.lowerBound, links.count - before))
            default:
                try unknownKey(key, known: CatalogueLoader.topLevelKeys, in: "the catalogue", findings: &catalogue.loadFindings)
            }
        }
        try yaml.endDocument()
        withdrawRenamesRepeatingAKey(in: &catalogue.loadFindings)
        var declared: [Scalar] = catalogue.schemes.map(\.name) + catalogue.hosts + catalogue.barriers + catalogue.appIDs
        declared += catalogue.paramGroups.flatMap { $0 }
        declared += catalogue.access.allowedSchemes + catalogue.access.deniedSchemes
        declared += catalogue.access.allowedHosts + catalogue.access.deniedHosts
        declared += [catalogue.mandatoryBarrier, catalogue.dispatchScalar, catalogue.app, catalogue.associationFile].compactMap { $0 }
        for scalar in declared where catalogue.declaringFiles[scalar] == nil { catalogue.declaringFiles[scalar] = file }
    }

    /// Decodes a run of link entries read on their own (`LinkListSplit`): a block list, and nothing else, whose
    /// first entry is the file's `firstIndex`th.
    func decodeLinkRun(firstIndex: Int, findings: inout [LoadFinding]) throws -> [LinkEntry] {
        var links: [LinkEntry] = []
        guard try yaml.beginDocument() else { return links }
        try readLinkList(into: &links, firstIndex: firstIndex, findings: &findings)
        try yaml.endDocument()
        withdrawRenamesRepeatingAKey(in: &findings)
        return links
    }

    /// Reads a `links` list, appending its entries to `links`; the entry at `links[i]` is the file's
    /// `firstIndex + i`th, as its errors say.
    private func readLinkList(into links: inout [LinkEntry], firstIndex: Int, findings: inout [LoadFinding]) throws {
        links.reserveCapacity(links.count + linkCapacity)
        try yaml.readSequence(key: "links") { _ in
            // Decoded in place in the array, not on the stack and then copied in.
            links.append(LinkEntry())
            let index = links.count - 1
            do {
                try decodeLink(into: &links[index], index: firstIndex + index, findings: &findings)
            } catch {
                links.removeLast()
                throw error
            }
        }
    }

    /// The `android:` section; a second file declaring it adds to the first's lists.
    private func decodeAndroid(_ key: Scalar, into catalogue: inout Catalogue) throws {
        var android = catalogue.android ?? AndroidSettings(owner: file, keyRange: key.tokenRange)
        try yaml.readMapping(key: "android") { name in
            switch name.value {
            case "package": android.package = try yaml.readString(key: "android.package")
            case "manifests": android.manifests += try yaml.readStringList(key: "android.manifests")
            case "assetlinks": android.assetLinks = try yaml.readString(key: "android.assetlinks")
            case "fingerprints": android.fingerprints += try yaml.readStringList(key: "android.fingerprints")
            default:
                try unknownKey(name, known: CatalogueLoader.androidKeys, in: "'android'", findings: &catalogue.loadFindings)
            }
        }
        catalogue.android = android
    }

    private func decodeComponent(_ name: Scalar, findings: inout [LoadFinding]) throws -> ComponentSpec {
        var spec = ComponentSpec(
            name: name, kind: .screen, kindScalar: nil, idType: nil, params: [], navigable: false, file: file,
            declarationRange: name.tokenRange)
        func context() -> String { "components.\(name.value)" }
        if try yaml.nextKind() == .scalar {
            // `feed: tab` is shorthand for `feed: { kind: tab }`.
            let kind = try yaml.readString(key: context())
            spec.kind = try componentKind(kind)
            spec.kindScalar = kind
            spec.declarationRange = name.tokenRange.lowerBound..<kind.tokenRange.upperBound
            return spec
        }
        let range = try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "kind":
                let kind = try yaml.readString(key: "\(context()).kind")
                spec.kind = try componentKind(kind)
                spec.kindScalar = kind
            case "id":
                let type = try yaml.readString(key: "\(context()).id")
                spec.idType = try choice(PlaceholderType.self, spelledBy: type, key: "\(context()).id")
            case "params": spec.params = try yaml.readStringList(key: "\(context()).params")
            case "navigable": spec.navigable = try yaml.readBool(key: "\(context()).navigable").boolValue ?? false
            case "title", "description": _ = try yaml.readScalar(key: "\(context()).\(key.value)")
            default: try unknownKey(key, known: CatalogueLoader.componentKeys, in: "component '\(name.value)'", findings: &findings)
            }
        }
        spec.declarationRange = name.tokenRange.lowerBound..<range.upperBound
        return spec
    }

    private func componentKind(_ scalar: Scalar) throws -> ComponentKind {
        try choice(ComponentKind.self, spelledBy: scalar, key: "kind")
    }

    /// The case of `T` that `scalar` spells; any other value is an error that lists the valid ones.
    private func choice<T: CaseIterable & RawRepresentable>(_ type: T.Type, spelledBy scalar: Scalar, key: String) throws -> T
    where T.RawValue == String {
        guard let value = T(rawValue: scalar.value) else {
            throw LoadError(
                .invalidValue(scalar.value, key: key, expected: T.allCases.map(\.rawValue)), at: location(scalar.tokenRange))
        }
        return value
    }

    private func decodeParam(_ name: Scalar, findings: inout [LoadFinding]) throws -> ParamSpec {
        var spec = ParamSpec(name: name, role: nil, file: file)
        func context() -> String { "params.\(name.value)" }
        if try yaml.nextKind() == .scalar {
            let role = try yaml.readScalar(key: context())
            spec.role = role.isNull ? nil : role
            return spec
        }
        try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "role": spec.role = try yaml.readString(key: "\(context()).role")
            case "type", "description": _ = try yaml.readScalar(key: "\(context()).\(key.value)")
            default: try unknownKey(key, known: CatalogueLoader.paramKeys, in: "parameter '\(name.value)'", findings: &findings)
            }
        }
        return spec
    }

    /// Decodes `deprecated: true|false` or `deprecated: {replaced_by: URL, sunset: YYYY-MM-DD, reason: …}`: whether
    /// the link is deprecated, and the details (nil for `false`). A sunset that names no real day is a
    /// `link-sunset` finding at the value, an unknown key an `unknown-key` one.
    private func decodeDeprecation(_ key: Scalar, context: String, findings: inout [LoadFinding]) throws -> Deprecation? {
        guard try yaml.nextKind() == .mappingStart else {
            let deprecated = try yaml.readBool(key: context).boolValue ?? false
            return deprecated ? Deprecation(key: key) : nil
        }
        var deprecation = Deprecation(key: key)
        try yaml.readMapping(key: context) { member in
            switch member.value {
            case "replaced_by": deprecation.replacedBy = try yaml.readString(key: "\(context).replaced_by", expected: "a URL string")
            case "reason": deprecation.reason = try yaml.readString(key: "\(context).reason")
            case "sunset":
                let sunset = try yaml.readString(key: "\(context).sunset", expected: "a date (YYYY-MM-DD)")
                deprecation.sunsetScalar = sunset
                deprecation.sunset = CalendarDate(sunset.value)
                if deprecation.sunset == nil {
                    findings.append(
                        LoadFinding(
                            ruleID: "link-sunset", message: .invalidSunset(sunset.value), location: location(sunset.tokenRange),
                            notes: [], fixes: []))
                }
            default:
                try unknownKey(member, known: CatalogueLoader.deprecationKeys, in: "'deprecated'", findings: &findings)
            }
        }
        return deprecation
    }

    /// The values of an entry that few links have, gathered while it is decoded: made only when the entry has
    /// one, so that a common entry creates (and destroys) no empty lists for them.
    private struct RareValuesDraft {
        var aliases: [Scalar] = []
        var aliasesRange: Range<Int>?
        var aliasesAreFlow = false
        var ignoredRules: [Scalar] = []
        var requiredParams: [Scalar] = []
        var deprecation: Deprecation?

        consuming func boxed() -> RareLinkValues? {
            RareLinkValues(
                aliases: aliases, aliasesRange: aliasesRange, aliasesAreFlow: aliasesAreFlow, ignoredRules: ignoredRules,
                requiredParams: requiredParams, deprecation: deprecation)
        }
    }

    /// Decodes a link entry into `link`, a fresh entry: filled in place, as an entry returned from here would be
    /// copied out and the original destroyed. Each value is moved into the entry, not copied; the values few links
    /// have are gathered in a draft made only when the entry has one, and boxed.
    private func decodeLink(into link: inout LinkEntry, index: Int, findings: inout [LoadFinding]) throws {
        let isFlow = try yaml.nextIsFlow()
        if try yaml.nextKind() == .scalar {
            let start = try yaml.reader.peek()
            throw LoadError(
                .wrongType(expected: "a mapping with 'url'", found: "'\(start.value)'", key: "links[\(index)]"),
                at: location(start.start..<start.end))
        }
        var url: Scalar?
        var rare: RareValuesDraft?
        func fillRare(_ fill: (inout RareValuesDraft) throws -> Void) throws {
            var draft = rare.take() ?? RareValuesDraft()
            try fill(&draft)
            rare = draft
        }
        link.entryIsFlow = isFlow
        func context() -> String { "links[\(index)]" }
        let range = try yaml.readMapping(key: context()) { key in
            switch key.value {
            case "url": url = try yaml.readString(key: "\(context()).url", expected: "a URL string")
            case "title", "description":
                let value = try yaml.readScalar(key: "\(context()).\(key.value)")
                if key.value == "title" { link.title = value }
            case "examples": link.examples = try yaml.readStringList(key: "\(context()).examples")
            case "barrier": link.barrier = try yaml.readString(key: "\(context()).barrier")
            case "deprecated":
                let deprecation = try decodeDeprecation(key, context: "\(context()).deprecated", findings: &findings)
                link.deprecated = deprecation != nil
                try fillRare { $0.deprecation = deprecation }
            case "aliases":
                let aliasesAreFlow = try yaml.nextIsFlow() || (try yaml.nextKind() == .scalar)
                let before = try yaml.reader.peek()
                let aliases = try yaml.readStringList(key: "\(context()).aliases")
                try fillRare {
                    $0.aliasesRange = before.start..<(aliases.last?.tokenRange.upperBound ?? before.end)
                    $0.aliasesAreFlow = aliasesAreFlow
                    $0.aliases = aliases
                }
            case "required_params":
                let requiredParams = try yaml.readStringList(key: "\(context()).required_params")
                try fillRare { $0.requiredParams = requiredParams }
            case "lint":
                try yaml.readMapping(key: "\(context()).lint") { lintKey in
                    switch lintKey.value {
                    case "ignore":
                        let ignoredRules = try yaml.readStringList(key: "\(context()).lint.ignore")
                        try fillRare { $0.ignoredRules += ignoredRules }
                    default: try unknownKey(lintKey, known: CatalogueLoader.lintKeys, in: "'lint'", findings: &findings)
                    }
                }
            default:
                try unknownKey(key, known: CatalogueLoader.linkKeys, in: "a link", findings: &findings)
            }
        }
        link.entryRange = range
        guard url != nil else {
            throw LoadError(.missingKey("url", in: "the link"), at: location(range.lowerBound..<min(range.upperBound, range.lowerBound + 1)))
        }
        link.url = url.take()!
        link.rare = rare.take()?.boxed()
    }
}
