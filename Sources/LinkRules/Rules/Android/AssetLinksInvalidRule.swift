/// Checks the Digital Asset Links file a catalogue names with `android.assetlinks`: strict JSON, an array of
/// statements, a `handle_all_urls` statement for the catalogue's package, well-formed fingerprints, and every
/// certificate the catalogue expects.
struct AssetLinksInvalidRule: CatalogueRule {
    static let description = RuleDescription(
        id: "assetlinks-invalid",
        scope: .catalogue,
        defaultSeverity: .error,
        summary: "the asset links file named by 'android.assetlinks' is missing, not valid, or does not vouch for the app's certificates",
        rationale: """
            Android's App Links guide: the site publishes `/.well-known/assetlinks.json`, a JSON array of \
            statements, one with the relation `delegate_permission/common.handle_all_urls` and a target \
            `android_app` naming the package and its `sha256_cert_fingerprints`, "the SHA256 fingerprints of your \
            app's signing certificate". Android verifies links only when the file is valid and lists the key the \
            installed app is signed with: an app distributed through Google Play is signed with Play's app \
            signing key, so a file listing only the upload key verifies nothing on users' devices. Fingerprints \
            are compared as written, 32 upper-case hexadecimal bytes separated by ':'. Each problem is reported \
            in the file; a file that cannot be read is reported at `assetlinks:`, and an expected certificate \
            (`fingerprints:`) missing from the file at the statement, with a note at the catalogue.
            """,
        source: .users,
        triggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android:
                  package: com.example.pantry
                  assetlinks: assetlinks.json
                  fingerprints:
                    - "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                    - "2A:9F:61:0B:7C:D4:E8:13:95:C2:6E:0F:A7:B3:58:D1:4C:E2:09:7A:F5:36:8B:C0:D9:1E:64:A3:27:B8:F0:5D"
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: ["assetlinks.json": """
                    [{
                      "relation": ["delegate_permission/common.handle_all_urls"],
                      "target": {
                        "namespace": "android_app",
                        "package_name": "com.example.pantry",
                        "sha256_cert_fingerprints": [
                          "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
                          "↓14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"
                        ]
                      }
                    ↓}]
                    """]),
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android: { package: com.example.pantry, assetlinks: assetlinks.json }
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: ["assetlinks.json": """
                    ↓[{"relation": ["delegate_permission/common.get_login_creds"],
                      "target": {"namespace": "web", "site": "https://pantry.example.com"}}]
                    """]),
        ],
        nonTriggeringExamples: [
            .catalogue(
                """
                version: 1
                hosts: [pantry.example.com]
                android:
                  package: com.example.pantry
                  assetlinks: assetlinks.json
                  fingerprints: ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
                links:
                  - url: https://pantry.example.com/recipes/{id:int}
                """,
                files: ["assetlinks.json": """
                    [{
                      "relation": ["delegate_permission/common.handle_all_urls"],
                      "target": {
                        "namespace": "android_app",
                        "package_name": "com.example.pantry",
                        "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
                      }
                    }]
                    """]),
        ])

    init() {}

    func check(_ catalogue: Catalogue, in context: LintContext) -> [Diagnostic] {
        guard let android = catalogue.android else { return [] }
        var diagnostics: [Diagnostic] = []
        for fingerprint in android.fingerprints where !AssetLinksFile.isValidFingerprint(fingerprint.value) {
            diagnostics.append(
                context.diagnostic(Self.self, .invalidFingerprint(fingerprint.value), at: android.location(of: fingerprint)))
        }
        switch android.loadedAssetLinks {
        case nil:
            return diagnostics
        case .unreadable(let path, let reason, let named):
            diagnostics.append(
                context.diagnostic(Self.self, .unreadableAndroidFile(path, reason: reason), at: android.location(of: named)))
            return diagnostics
        case .loaded(let file):
            let source = file.source
            for problem in file.problems {
                let notes = problem.related.map { [Note(message: $0.message, location: source.location(ofBytes: $0.range))] } ?? []
                diagnostics.append(
                    context.diagnostic(Self.self, problem.message, at: source.location(ofBytes: problem.range), notes: notes))
            }
            // A file that is not an array of statements says nothing about the package.
            guard file.isArrayOfStatements, let package = android.package?.value else { return diagnostics }
            let statements = file.linkStatements(for: package)
            guard let first = statements.first else {
                diagnostics.append(
                    context.diagnostic(
                        Self.self, .noStatementForPackage(package), at: source.location(ofBytes: file.rootRange),
                        notes: [Note(message: .packageDeclaredHere, location: android.location(of: android.package!))]))
                return diagnostics
            }
            let listed = Set(statements.flatMap { $0.fingerprints.map { $0.value.uppercased() } })
            let statementEnd = (first.range.upperBound - 1)..<first.range.upperBound
            for expected in android.fingerprints
            where AssetLinksFile.isValidFingerprint(expected.value) && !listed.contains(expected.value.uppercased()) {
                diagnostics.append(
                    context.diagnostic(
                        Self.self, .expectedFingerprintMissing(expected.value, package: package),
                        at: source.location(ofBytes: statementEnd),
                        notes: [Note(message: .expectedFingerprintHere, location: android.location(of: expected))]))
            }
            return diagnostics
        }
    }
}

extension Message {
    static func noStatementForPackage(_ package: String) -> Message {
        "no statement lets '\(package)' open the site's links: add one with the relation 'delegate_permission/common.handle_all_urls' and the target 'android_app' '\(package)'"
    }
    static let packageDeclaredHere: Message = "the package is declared here"
    static func expectedFingerprintMissing(_ fingerprint: String, package: String) -> Message {
        "the statement for '\(package)' does not list the expected certificate '\(fingerprint)': devices with an app signed by it do not verify the links"
    }
    static let expectedFingerprintHere: Message = "the certificate is expected here"
}
