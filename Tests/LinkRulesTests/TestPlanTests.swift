import Foundation
import Testing
@testable import LinkRules

/// `linkrules test-plan`: the values it generates, the quoting of its commands through real shells, and its shell
/// script run against stub `xcrun` and `adb` commands that record the URLs they receive.
@Suite struct TestPlanTests {
    @Test func valuesArePercentEncodedForWhereTheyStand() {
        #expect(TestValues.encoded("a/b", for: .path) == "a%2Fb")
        #expect(TestValues.encoded("a/b", for: .query) == "a%2Fb")
        #expect(TestValues.encoded("a+b", for: .path) == "a+b")
        #expect(TestValues.encoded("a+b", for: .query) == "a%2Bb")
        #expect(TestValues.encoded("a&b", for: .path) == "a&b")
        #expect(TestValues.encoded("a&b", for: .query) == "a%26b")
        #expect(TestValues.encoded("a b", for: .path) == "a%20b")
        #expect(TestValues.encoded("🍰", for: .path) == "%F0%9F%8D%B0")
        #expect(TestValues.encoded("eyJxIjoiPz8/Pz8+In0=", for: .query) == "eyJxIjoiPz8%2FPz8%2BIn0=")
    }

    @Test func aLinkGetsItsExamplesPlainValuesHardValuesAndEmptyOptionals() throws {
        let text = """
            version: 1
            schemes: [her]
            components:
              search:  { kind: screen, params: [origin] }
              recipes: { kind: collection, id: int }
            links:
              - url: her://search/{query}
                examples: [her://search/cake]
              - url: her://recipes/{id:int}?payload={payload:base64json}
            """
        let plan = try TestPlanSession.plan(files: [SourceFile(path: "links.yml", text: text)], androidPackage: nil)
        #expect(
            plan.routes[0].cases.map(\.url) == [
                "her://search/cake", "her://search/test", "her://search/a+b", "her://search/a&b", "her://search/a%2Fb",
                "her://search/a%20b", "her://search/it's", "her://search/%F0%9F%8D%B0", "her://search/test?origin=",
            ])
        #expect(plan.routes[0].cases.allSatisfy { $0.reachesItsLink })
        #expect(
            plan.routes[1].cases.map(\.url) == [
                "her://recipes/42?payload=eyJpZCI6MX0=", "her://recipes/9223372036854775807?payload=eyJpZCI6MX0=",
                "her://recipes/42?payload=eyJxIjoiPz8%2FPz8%2BIn0=",
            ])
        let slash = try #require(plan.routes[0].cases.first { $0.url == "her://search/a%2Fb" })
        #expect(TestPlan.expectationLines(slash, of: plan.routes[0]).last == "'query' arrives decoded as 'a/b'")
    }

    /// Every placeholder of a component that holds several is filled in.
    @Test func everyPlaceholderOfAComponentIsFilledIn() throws {
        let text = """
            version: 1
            hosts: [discord.com]
            links:
              - url: https://discord.com/v{major:int}.{minor:int}/docs
            """
        let plan = try TestPlanSession.plan(files: [SourceFile(path: "links.yml", text: text)], androidPackage: nil)
        #expect(plan.routes[0].cases.first?.url == "https://discord.com/v42.42/docs")
        #expect(plan.routes[0].cases.allSatisfy { !$0.url.contains("{") && $0.reachesItsLink })
    }

    @Test func aURLTakenByAnEarlierEntryIsSaidSo() throws {
        let text = """
            version: 1
            schemes: [her]
            links:
              - url: her://search/{query}
              - url: her://search/{id:int}
            """
        let plan = try TestPlanSession.plan(files: [SourceFile(path: "links.yml", text: text)], androidPackage: nil)
        let shadowed = try #require(plan.routes[1].cases.first)
        #expect(!shadowed.reachesItsLink)
        #expect(TestPlan.expectationLines(shadowed, of: plan.routes[1]).first == "dispatch picks 'her://search/{query}' (links.yml:4), not this entry")
    }

    /// Runs `script` with `sh -c` and returns what it printed.
    private func shell(_ script: String) throws -> String {
        try runCommand("/bin/sh", ["-c", script]).output
    }

    @Test(arguments: ["her://a?b=1&c=2", "https://x.test/it's", "a$b`c\\d\"e!f", "'", "", "her://s/a b;c|d>e*f?g~h"])
    func twiceQuotedTextSurvivesTwoShells(_ text: String) throws {
        // The user's shell, then the device's: what adb does with `adb shell am start … -d WORD`.
        let afterFirst = try shell("printf '%s' " + ShellQuoting.quotedTwice(text))
        let afterSecond = try shell("printf '%s' " + afterFirst)
        #expect(afterSecond == text)
        let afterOne = try shell("printf '%s' " + ShellQuoting.quoted(text))
        #expect(afterOne == text)
    }

    /// The shell script of a catalogue's plan, run with stub `xcrun`, `adb` and device `am` commands on the PATH:
    /// `adb shell` hands its joined arguments to a second `sh -c`, as the device does. The URLs the stubs receive
    /// must be the plan's, byte for byte.
    @Test(arguments: [("examples/her/links.yml", nil), ("examples/cookpad/links.yml", "com.cookpad.android")] as [(String, String?)])
    func theScriptOpensEveryURLOnBothPlatforms(catalogue: String, package: String?) throws {
        let root = ExampleCataloguesTests.repositoryRoot
        let workspace = try Workspace(files: [catalogue], configPath: nil, workingDirectory: root)
        let plan = try TestPlanSession(workspace: workspace).run(androidPackage: package)
        #expect(plan.urls.count > 10)
        #expect(plan.urls.contains("her://feed/communities/9") || plan.urls.contains("https://cookpad.com/search/chicken"))

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-plan-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stubs = [
            "xcrun": """
                #!/bin/sh
                [ "$1 $2 $3 $#" = "simctl openurl booted 4" ] || { echo "xcrun: unexpected arguments: $*" >&2; exit 1; }
                printf '%s\\0' "$4" >> "$STUB_LOG/ios"
                """,
            "adb": """
                #!/bin/sh
                [ "$1" = shell ] || { echo "adb: unexpected arguments: $*" >&2; exit 1; }
                shift
                exec sh -c "$*"
                """,
            "am": """
                #!/bin/sh
                [ "$1 $2 $3 $4 $5 $6 $7" = "start -W -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d" ] \\
                  || { echo "am: unexpected arguments: $*" >&2; exit 1; }
                printf '%s\\0' "$8" >> "$STUB_LOG/android"
                shift 8
                printf '%s\\0' "$#:$*" >> "$STUB_LOG/packages"
                """,
        ]
        for (name, text) in stubs {
            let path = folder + "/bin/" + name
            try (text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try plan.formatted(as: .sh).write(toFile: folder + "/plan.sh", atomically: true, encoding: .utf8)

        let run = try runCommand(
            "/bin/sh", ["-c", "PATH=\"$0/bin:$PATH\" STUB_LOG=\"$0\" sh \"$0/plan.sh\" < /dev/null", folder])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\(plan.urls.count) test URLs, 0 commands failed"))

        func received(_ log: String) throws -> [[UInt8]] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + log)))
            return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
        }
        let intended = plan.urls.map { Array($0.utf8) }
        let ios = try received("ios")
        let android = try received("android")
        #expect(ios == intended)
        #expect(android == intended)
        let packages = try received("packages").map { String(decoding: $0, as: UTF8.self) }
        #expect(Set(packages) == [package.map { "1:" + $0 } ?? "0:"])
    }
}

extension TestPlanTests {
    @Test func theAdbCommandsStartTheCataloguesAndroidPackageUnlessOneIsGiven() throws {
        let text = """
            version: 1
            schemes: [pantry]
            android: { package: com.example.pantry }
            links:
              - url: pantry://recipes
            """
        let files = [SourceFile(path: "links.yml", text: text)]
        let own = try TestPlanSession.plan(files: files, androidPackage: nil)
        #expect(own.androidPackage == "com.example.pantry")
        #expect(own.formatted(as: .sh).contains("-d \"'pantry://recipes'\" com.example.pantry ||"))
        #expect(try TestPlanSession.plan(files: files, androidPackage: "org.other").androidPackage == "org.other")
    }
}
