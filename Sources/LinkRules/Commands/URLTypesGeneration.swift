/// What `linkrules generate url-types CATALOGUE` computes: the Info.plist `CFBundleURLTypes` entry that registers
/// every custom scheme of the catalogue, as XML property-list text to paste into the app's Info.plist.
public struct URLTypesGeneration: Sendable {
    public var cataloguePath: String

    public init(cataloguePath: String) {
        self.cataloguePath = cataloguePath
    }

    /// Loads the catalogue and returns the snippet's text.
    /// - Throws: `LoadError` for an unreadable or invalid catalogue, or one with no custom scheme.
    public func run() throws -> String {
        let catalogue = try CatalogueLoader().load(paths: [cataloguePath])
        return try Self.generate(catalogue, named: cataloguePath)
    }

    /// The snippet for an already loaded catalogue (`named` is how errors name it): one `CFBundleURLTypes` entry
    /// named after the app's bundle id (from its first `app_ids` entry) or else its `app` name, listing every
    /// custom scheme in catalogue order, a flavour as a comment beside its scheme.
    static func generate(_ catalogue: Catalogue, named name: String) throws -> String {
        let schemes = CustomSchemes(catalogue: catalogue).entries
        guard !schemes.isEmpty else { throw LoadError(.noCustomSchemes(name), file: name) }
        var lines = ["<key>CFBundleURLTypes</key>", "<array>", "\t<dict>"]
        if let urlName = urlTypeName(of: catalogue) {
            lines += ["\t\t<key>CFBundleURLName</key>", "\t\t<string>\(escaped(urlName))</string>"]
        }
        lines += ["\t\t<key>CFBundleURLSchemes</key>", "\t\t<array>"]
        for scheme in schemes {
            let flavour = scheme.flavour.map { " <!-- \(escaped($0).replacingDoubleHyphens()) -->" } ?? ""
            lines.append("\t\t\t<string>\(escaped(scheme.name))</string>" + flavour)
        }
        lines += ["\t\t</array>", "\t</dict>", "</array>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bundle id of the first valid app id (`ABCDE12345.app.her` → `app.her`), else the `app` name.
    private static func urlTypeName(of catalogue: Catalogue) -> String? {
        for appID in catalogue.appIDs where AssociationFile.isValidAppID(appID.value) {
            if let dot = appID.value.firstIndex(of: ".") { return String(appID.value[appID.value.index(after: dot)...]) }
        }
        guard let app = catalogue.app?.value, !app.isEmpty else { return nil }
        return app
    }

    private static func escaped(_ text: String) -> String {
        var buffer = ReportBuffer(reservingCapacity: text.utf8.count)
        buffer.appendXMLEscaped(text, inAttribute: false)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}

extension String {
    /// The text with `--` broken up, so it can sit inside an XML comment.
    fileprivate func replacingDoubleHyphens() -> String {
        var result = ""
        var previous: Character?
        for character in self {
            if character == "-", previous == "-" { result.append(" ") }
            result.append(character)
            previous = character
        }
        return result
    }
}

extension Message {
    static func noCustomSchemes(_ catalogue: String) -> Message {
        "'\(catalogue)' has no custom scheme: declare one in 'schemes' or add a link with one"
    }
}
