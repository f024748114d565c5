/// What `linkrules generate assetlinks CATALOGUE` writes: the `/.well-known/assetlinks.json` statement that lets
/// the catalogue's `android.package`, signed with each of `android.fingerprints`, open the site's links.
public struct AssetLinksGeneration: Sendable {
    public var cataloguePath: String

    public init(cataloguePath: String) {
        self.cataloguePath = cataloguePath
    }

    /// Loads the catalogue and returns the file's text.
    /// - Throws: `LoadError` for an unreadable or invalid catalogue, a missing package or fingerprint, or a
    ///   fingerprint not of the form Android compares.
    public func run() throws -> String {
        try Self.generate(try CatalogueLoader().load(paths: [cataloguePath]), named: cataloguePath)
    }

    static func generate(_ catalogue: Catalogue, named name: String) throws -> String {
        guard let android = catalogue.android, let package = android.package else {
            throw LoadError(.assetLinksNeedKey("package"), file: name)
        }
        guard !android.fingerprints.isEmpty else { throw LoadError(.assetLinksNeedKey("fingerprints"), file: name) }
        var fingerprints: [String] = []
        for fingerprint in android.fingerprints {
            guard AssetLinksFile.isValidFingerprint(fingerprint.value) else {
                throw LoadError(.invalidFingerprint(fingerprint.value), at: android.location(of: fingerprint))
            }
            if !fingerprints.contains(fingerprint.value) { fingerprints.append(fingerprint.value) }
        }
        let list = fingerprints.map { "        \(JSONString.quoted($0))" }.joined(separator: ",\n")
        return """
            [
              {
                "relation": ["\(AssetLinksFile.handleAllURLs)"],
                "target": {
                  "namespace": "android_app",
                  "package_name": \(JSONString.quoted(package.value)),
                  "sha256_cert_fingerprints": [
            \(list)
                  ]
                }
              }
            ]

            """
    }
}

/// Quotes a string as a JSON string literal, escaped as every JSON report of linkrules escapes it.
enum JSONString {
    static func quoted(_ value: String) -> String {
        var buffer = ReportBuffer(reservingCapacity: value.utf8.count + 2)
        buffer.appendJSONString(value)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}

extension Message {
    static func assetLinksNeedKey(_ key: String) -> Message {
        "the asset links need the app's '\(key)': add 'android: { \(key): … }' to the catalogue"
    }
}
