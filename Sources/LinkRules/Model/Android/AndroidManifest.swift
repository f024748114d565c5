/// An Android manifest, or a navigation graph, read for the intent filters that open links: every filter of an
/// `<activity>` or `<activity-alias>` (and every `<deepLink>` of a navigation graph, which the build turns into a
/// filter of its own) with its actions, categories and `<data>` values, each located in the file.
/// Reading never fails: XML that cannot be read becomes `syntaxError`, and the manifest then has no filters.
struct AndroidManifest: Sendable {
    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    static let appNamespace = "http://schemas.android.com/apk/res-auto"
    static let toolsNamespace = "http://schemas.android.com/tools"

    let source: SourceFile
    /// `<uses-sdk android:minSdkVersion>`, when the manifest declares it (Gradle usually sets it instead).
    private(set) var minSDK: Int?
    private(set) var minSDKRange: Range<Int>?
    private(set) var filters: [AndroidIntentFilter] = []
    /// Why the file is not XML this reader accepts, and where.
    private(set) var syntaxError: XMLSyntaxError?
    /// Whether the file is a navigation graph (`<navigation>`) rather than a manifest.
    private(set) var isNavigationGraph = false
    /// `<manifest package>`, when the manifest names it (Gradle's `namespace` and `applicationId` replace it today).
    private(set) var package: String?
    /// The root element's name (`manifest`, `navigation`), to tell an Android file from other XML.
    private(set) var rootName: String?

    init(source: SourceFile) {
        self.source = source
        let tree: XMLTree
        do {
            tree = try XMLTree.parse(Array(source.bytes))
        } catch {
            syntaxError = error
            return
        }
        let names = AndroidNamespaces(root: tree.root)
        rootName = String(tree.root.localName)
        if tree.root.localName == "navigation" {
            isNavigationGraph = true
            readNavigation(tree.root, names: names)
        } else {
            readManifest(tree.root, names: names)
        }
    }

    /// Where a byte range of the file is, for diagnostics.
    func location(_ range: Range<Int>) -> SourceLocation { source.location(ofBytes: range) }

    // MARK: Manifests

    private mutating func readManifest(_ root: XMLTree.Element, names: AndroidNamespaces) {
        package = root.attribute("package")?.value
        for child in root.children {
            if child.name == "uses-sdk", let attribute = names.android(child, "minSdkVersion") {
                minSDK = Int(attribute.value)
                minSDKRange = attribute.valueRange
            }
            guard child.name == "application" else { continue }
            for component in child.children where component.name == "activity" || component.name == "activity-alias" {
                if names.isRemovedByMerger(component) { continue }
                let exported = names.android(component, "exported")
                let activity = AndroidActivity(
                    name: names.android(component, "name")?.value ?? names.android(component, "targetActivity")?.value,
                    exported: exported.map { $0.value == "true" }, exportedRange: exported?.valueRange,
                    enabled: names.android(component, "enabled")?.value != "false", nameRange: component.nameRange)
                for filter in component.children where filter.name == "intent-filter" && !names.isRemovedByMerger(filter) {
                    filters.append(readFilter(filter, activity: activity, names: names))
                }
            }
        }
    }

    private func readFilter(_ element: XMLTree.Element, activity: AndroidActivity, names: AndroidNamespaces) -> AndroidIntentFilter {
        var filter = AndroidIntentFilter(range: element.nameRange, activity: activity)
        if let verify = names.android(element, "autoVerify") {
            filter.autoVerify = verify.value == "true"
            filter.autoVerifyRange = verify.nameRange.lowerBound..<(verify.valueRange.upperBound + 1)
        }
        for child in element.children {
            switch child.name {
            case "action":
                if let name = names.android(child, "name") { filter.actions.append(name.value) }
            case "category":
                if let name = names.android(child, "name") { filter.categories.append(name.value) }
            case "data":
                filter.addData(child, names: names)
            default:
                break
            }
        }
        return filter
    }

    // MARK: Navigation graphs

    private mutating func readNavigation(_ element: XMLTree.Element, names: AndroidNamespaces) {
        for child in element.children {
            if child.name == "deepLink", let uri = names.app(child, "uri") {
                if let action = names.app(child, "action"), action.value != AndroidIntentFilter.viewAction { continue }
                if names.app(child, "mimeType") != nil { continue }
                var filter = AndroidIntentFilter.navigationDeepLink(uri: uri)
                for argument in element.children where argument.name == "argument" {
                    if let name = names.android(argument, "name")?.value, let type = names.app(argument, "argType")?.value {
                        filter.navigationArgumentTypes[name] = type
                    }
                }
                if let verify = names.android(child, "autoVerify") {
                    filter.autoVerify = verify.value == "true"
                    filter.autoVerifyRange = verify.nameRange.lowerBound..<(verify.valueRange.upperBound + 1)
                }
                filters.append(filter)
            } else {
                readNavigation(child, names: names)
            }
        }
    }
}

/// The prefixes a document binds to the Android and app (`res-auto`) namespaces on its root element (`android`
/// and `app` when it declares none).
struct AndroidNamespaces: Sendable {
    var android = "android"
    var app = "app"
    var tools = "tools"

    init(root: XMLTree.Element) {
        for attribute in root.attributes where attribute.name.hasPrefix("xmlns:") {
            let prefix = String(attribute.name.dropFirst("xmlns:".count))
            if attribute.value == AndroidManifest.androidNamespace { android = prefix }
            if attribute.value == AndroidManifest.appNamespace { app = prefix }
            if attribute.value == AndroidManifest.toolsNamespace { tools = prefix }
        }
    }

    /// Whether the manifest merger drops the element (`tools:node="remove"` or `"removeAll"`).
    func isRemovedByMerger(_ element: XMLTree.Element) -> Bool {
        guard let node = element.attribute("\(tools):node")?.value else { return false }
        return node == "remove" || node == "removeAll"
    }

    func android(_ element: XMLTree.Element, _ name: String) -> XMLTree.Attribute? {
        element.attribute("\(android):\(name)")
    }

    func app(_ element: XMLTree.Element, _ name: String) -> XMLTree.Attribute? {
        element.attribute("\(app):\(name)")
    }
}

/// The activity a filter belongs to: its name and whether other apps (the browser) may start it.
struct AndroidActivity: Hashable, Sendable {
    var name: String?
    /// `android:exported`, when written.
    var exported: Bool?
    var exportedRange: Range<Int>?
    /// `android:enabled`, true unless written "false".
    var enabled: Bool
    var nameRange: Range<Int>
}

/// A value of a `<data>` attribute where it is written. A resource reference (`@string/host`) or a build
/// placeholder (`${host}`) cannot be known from the manifest alone: it is `unresolved` and matches anything.
struct AndroidFilterValue: Hashable, Sendable {
    var text: String
    /// The text in lower case, worked out once: schemes and hosts are compared without regard to case.
    let lowercased: String
    /// The range of the value (inside the quotes).
    var range: Range<Int>
    /// The range of the attribute's name, where findings about the attribute point.
    var nameRange: Range<Int>
    let isUnresolved: Bool

    init(text: String, range: Range<Int>, nameRange: Range<Int>) {
        self.text = text
        self.lowercased = text.lowercased()
        self.range = range
        self.nameRange = nameRange
        self.isUnresolved = text.hasPrefix("@") || text.contains("${")
    }
}

/// A host (with its port) a filter accepts: `*.example.com` accepts every subdomain, `*` every host.
struct AndroidAuthority: Hashable, Sendable {
    var host: AndroidFilterValue
    var port: AndroidFilterValue?

    var isWildcard: Bool { host.text.hasPrefix("*") }

    /// Whether the authority accepts a host and port (the host compared without regard to case).
    func accepts(host candidate: String?, port candidatePort: Int?) -> Bool {
        guard let candidate else { return false }
        if !host.isUnresolved {
            let lowered = candidate.lowercased()
            if isWildcard {
                if !lowered.hasSuffix(host.lowercased.dropFirst()) { return false }
            } else if lowered != host.lowercased {
                return false
            }
        }
        if let port, !port.isUnresolved, Int(port.text) != candidatePort { return false }
        return true
    }
}

/// A path attribute of a filter with where it is written.
struct AndroidPathEntry: Hashable, Sendable {
    var pattern: AndroidPathPattern
    var value: AndroidFilterValue
}
