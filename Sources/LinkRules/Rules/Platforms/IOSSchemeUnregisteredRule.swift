/// Holds the catalogue's custom schemes against the schemes the iOS app's Info.plist registers
/// (`CFBundleURLTypes` → `CFBundleURLSchemes`): a scheme the app does not register never opens it.
struct IOSSchemeUnregisteredRule: CatalogueRule {
    static let description = RuleDescription(
        id: "ios-scheme-unregistered",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "a custom scheme of the catalogue is not registered in the Info.plist named by 'ios.info_plist'",
        rationale: """
            iOS opens a custom-scheme link in the app only when the app's Info.plist lists the scheme under \
            `CFBundleURLTypes` → `CFBundleURLSchemes`; otherwise the link does nothing, with no error anywhere. \
            A scheme of the catalogue (declared in `schemes`, or used by a link) that the Info.plist does not \
            register is an error, reported at the scheme in the catalogue with a note at the URL types; a scheme \
            the Info.plist registers that no link uses is an info at its `<string>` (a leftover, or a link the \
            catalogue lacks). A scheme registered through an Xcode build setting (`$(APP_URL_SCHEME)`) may be any \
            scheme, so while the Info.plist has one no scheme is reported unregistered. An Info.plist that cannot \
            be read, or is not an XML property list, is reported too. `linkrules generate url-types` writes the entry.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [↓pantry]
                ios: { info_plist: Info.plist }
                links:
                  - url: pantry://recipes/{id:int}
                """,
                files: [
                    "Info.plist": """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                    \t<key>CFBundleURLTypes</key>
                    \t<array>
                    \t\t<dict>
                    \t\t\t<key>CFBundleURLSchemes</key>
                    \t\t\t<array>
                    \t\t\t\t↓<string>fb1234567890</string>
                    \t\t\t</array>
                    \t\t</dict>
                    \t</array>
                    </dict>
                    </plist>
                    """
                ]),
            .catalogue(
                """
                version: 1
                schemes: [↓pantry]
                ios: { info_plist: Info.plist }
                links:
                  - url: pantry://recipes/{id:int}
                """,
                files: ["Info.plist": "<plist><dict><key>CFBundleURLTypes</key>↓<dict/></dict></plist>"]),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                schemes: [pantry]
                ios: { info_plist: Info.plist }
                links:
                  - url: Pantry://recipes/{id:int}
                """,
                files: [
                    "Info.plist": """
                    <plist version="1.0"><dict>
                    <key>CFBundleURLTypes</key>
                    <array><dict>
                    <key>CFBundleURLName</key><string>com.example.pantry</string>
                    <key>CFBundleURLSchemes</key><array><string>pantry</string></array>
                    </dict></array>
                    </dict></plist>
                    """
                ]),
            .catalogue(
                """
                version: 1
                schemes: [pantry]
                links:
                  - url: pantry://recipes/{id:int}
                """),
            // A scheme registered through an Xcode build setting may be any scheme: the build fills it in.
            .catalogue(
                """
                version: 1
                schemes: [pantry]
                ios: { info_plist: Info.plist }
                links:
                  - url: pantry://recipes/{id:int}
                """,
                files: [
                    "Info.plist": """
                    <plist version="1.0"><dict>
                    <key>CFBundleURLTypes</key>
                    <array><dict><key>CFBundleURLSchemes</key><array><string>$(APP_URL_SCHEME)</string></array></dict></array>
                    </dict></plist>
                    """
                ]),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let state = catalogue.iosFiles.infoPlistContents else { return [] }
        let list: PropertyList
        switch state {
        case .unreadable(let path, let reason):
            guard let named = catalogue.iosFiles.infoPlist, let owner = catalogue.iosFiles.owner else { return [] }
            return [context.diagnostic(Self.self, .unreadablePlatformFile(path, reason: reason), at: owner.location(ofBytes: named.tokenRange))]
        case .malformed(let location, let message):
            return [context.diagnostic(Self.self, .malformedPropertyList(message), at: location)]
        case .loaded(let loaded):
            list = loaded
        }
        var diagnostics: [Diagnostic] = []
        let source = list.source
        // The registered schemes, lowercased (iOS compares schemes without case), each with its first <string>.
        var registered: [(name: String, value: PropertyList.Value)] = []
        var urlTypesLocation: SourceLocation?
        if let entry = list.root.entry("CFBundleURLTypes") {
            urlTypesLocation = source.location(ofBytes: entry.keyRange)
            if let types = entry.value.elements {
                for type in types {
                    guard let schemes = type["CFBundleURLSchemes"]?.elements else { continue }
                    for scheme in schemes {
                        guard let text = scheme.string else {
                            diagnostics.append(context.diagnostic(
                                Self.self, .urlSchemeNotAString(scheme.kindDescription), at: source.location(ofBytes: scheme.range)))
                            continue
                        }
                        registered.append((text.lowercasedASCIIIfNeeded, scheme))
                    }
                }
            } else {
                diagnostics.append(context.diagnostic(
                    Self.self, .urlTypesNotAnArray(entry.value.kindDescription), at: source.location(ofBytes: entry.value.range)))
            }
        }
        let registeredNames = Set(registered.map(\.name))
        let schemes = CustomSchemes(catalogue: catalogue)
        let listLocation = urlTypesLocation ?? source.location(ofBytes: list.root.range.lowerBound..<list.root.range.lowerBound)
        // A scheme registered through a build setting (`$(APP_URL_SCHEME)`) may be any of the catalogue's.
        let registersABuildSetting = registered.contains { IOSAppFiles.namesBuildSetting($0.name) }
        for scheme in schemes.entries where !registersABuildSetting && !registeredNames.contains(scheme.name) {
            guard let location = catalogue.location(ofDeclared: scheme.scalar) ?? location(ofLinkScalar: scheme.scalar, in: catalogue)
            else { continue }
            diagnostics.append(context.diagnostic(
                Self.self, .schemeNotRegistered(scheme.name, plist: source.path), at: location,
                notes: [Note(message: urlTypesLocation == nil ? .noURLTypes : .urlTypesHere, location: listLocation)]))
        }
        let used = Set(schemes.names)
        var reported = Set<String>()
        for (name, value) in registered
        where !used.contains(name) && !IOSAppFiles.namesBuildSetting(name) && reported.insert(name).inserted {
            var diagnostic = context.diagnostic(Self.self, .registeredSchemeUnused(name), at: source.location(ofBytes: value.range))
            diagnostic.severity = .info
            diagnostics.append(diagnostic)
        }
        return diagnostics
    }

    /// Where a link's `url:` scalar is written, for a scheme only a link uses.
    private func location(ofLinkScalar scalar: Scalar, in catalogue: Catalogue) -> SourceLocation? {
        guard let link = catalogue.links.first(where: { $0.url == scalar }), let span = link.template.schemeSpan else { return nil }
        return link.location(ofURL: span)
    }
}

extension Message {
    static func unreadablePlatformFile(_ path: String, reason: Message) -> Message {
        "cannot use '\(path)': \(reason.text)"
    }
    static func malformedPropertyList(_ reason: Message) -> Message {
        "not a property list iOS reads: \(reason.text)"
    }
    static func schemeNotRegistered(_ scheme: String, plist: String) -> Message {
        "the scheme '\(scheme)' is not registered in '\(plist)': iOS will not open its links in the app (add it to CFBundleURLTypes, see 'linkrules generate url-types')"
    }
    static func registeredSchemeUnused(_ scheme: String) -> Message {
        "the registered scheme '\(scheme)' has no link in the catalogue"
    }
    static func urlSchemeNotAString(_ found: String) -> Message {
        "each 'CFBundleURLSchemes' entry must be a string, found \(found)"
    }
    static func urlTypesNotAnArray(_ found: String) -> Message {
        "'CFBundleURLTypes' must be an array, found \(found)"
    }
    static let urlTypesHere: Message = "the URL types are declared here"
    static let noURLTypes: Message = "the Info.plist has no 'CFBundleURLTypes'"
}
