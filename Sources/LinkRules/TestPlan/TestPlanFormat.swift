/// The output formats of `linkrules test-plan`.
public enum TestPlanFormat: String, Sendable, CaseIterable {
    /// A checklist to tick off, one item per URL, with its expectation and commands.
    case markdown
    /// A POSIX shell script that opens every URL in turn on the simulator and the device.
    case sh
    /// The same content as one JSON document, for other tools.
    case json
}

extension TestPlan {
    /// The plan in the chosen format, ending with a newline.
    public func formatted(as format: TestPlanFormat) -> String {
        switch format {
        case .markdown: markdown()
        case .sh: shellScript()
        case .json: json()
        }
    }

    static let universalLinkNote =
        "iOS opens a universal link in the app only when it comes from another app (Messages, Notes, Mail, or "
        + "`simctl openurl`); typed or tapped in Safari on the same site, it stays on the web page."

    static let noPackageNote =
        "No Android package is known (give one with --package, or android.package in the catalogue): Android picks the app by its intent filters, "
        + "and may ask which app to use."

    private var summary: String {
        let aliases = routes.filter { $0.aliasOf != nil }.count
        let links = routes.count - aliases
        let count = routes.reduce(0) { $0 + $1.cases.count }
        return "\(links) link\(links == 1 ? "" : "s"), \(aliases) alias\(aliases == 1 ? "" : "es"), \(count) test URL\(count == 1 ? "" : "s")"
    }

    /// The expectation of a case as lines: the entry that handles it when not its own, the barriers, the steps
    /// and where navigation stops.
    static func expectationLines(_ testCase: Case, of route: Route) -> [String] {
        let explanation = testCase.expectation
        guard let match = explanation.match else {
            return ["no entry matches: the app hands the link to its not-found handler"]
        }
        var lines: [String] = []
        if !testCase.reachesItsLink {
            let place = "\(match.entry.location.file):\(match.entry.location.line)"
            lines.append("dispatch picks '\(match.entry.url)' (\(place)), not this entry")
        }
        for barrier in explanation.barriers { lines.append("the barrier '\(barrier.name)' is passed first") }
        for step in explanation.steps where step.opened { lines.append(step.summary.text) }
        if let stop = explanation.stop { lines.append("stops: " + stop.summary.text) }
        if let received = testCase.received {
            lines.append(
                received.value.isEmpty
                    ? "'\(received.placeholder)' arrives empty: the app treats it as absent"
                    : "'\(received.placeholder)' arrives decoded as '\(received.value)'")
        }
        if lines.isEmpty { lines.append("the app opens with no path to follow") }
        return lines
    }

    // MARK: - Markdown

    private static func code(_ text: String) -> String {
        text.contains("`") ? "`` " + text + " ``" : "`" + text + "`"
    }

    private func markdown() -> String {
        var lines = ["# Test plan" + (app.map { ": " + $0 } ?? ""), ""]
        lines.append("From \(files.map(Self.code).joined(separator: ", ")): \(summary).")
        lines.append("Open each URL on a device and tick it when the app does what it says.")
        lines.append("")
        lines.append("- iOS: " + Self.code(ShellQuoting.simulatorCommand("URL")) + " on a booted simulator with the app installed.")
        lines.append(
            "- Android: " + Self.code(ShellQuoting.androidCommand("URL", package: androidPackage ?? "PACKAGE"))
                + ": adb hands the command to the device's shell, which parses it again, so the URL is quoted twice.")
        if androidPackage == nil { lines.append("  " + Self.noPackageNote) }
        for route in routes {
            lines.append("")
            var heading = "## " + Self.code(route.template)
            if let link = route.aliasOf { heading += " (alias of " + Self.code(link) + ")" }
            lines.append(heading)
            lines.append("")
            let place = "\(route.location.file):\(route.location.line):\(route.location.column)"
            lines.append((route.title.map { $0 + " · " } ?? "") + place)
            if route.isUniversalLink { lines += ["", "> " + Self.universalLinkNote] }
            lines.append("")
            for testCase in route.cases {
                lines.append("- [ ] " + Self.code(testCase.url) + " (\(testCase.label))")
                let expected = Self.expectationLines(testCase, of: route)
                if expected.count == 1 {
                    lines.append("  - expect: " + expected[0])
                } else {
                    lines.append("  - expect:")
                    for (offset, line) in expected.enumerated() { lines.append("    \(offset + 1). " + line) }
                }
                lines.append("  - iOS: " + Self.code(ShellQuoting.simulatorCommand(testCase.url)))
                lines.append("  - Android: " + Self.code(ShellQuoting.androidCommand(testCase.url, package: androidPackage)))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Shell script

    private func shellScript() -> String {
        var lines = [
            "#!/bin/sh",
            "# Test plan" + (app.map { " for " + $0.replacingAll("\n", with: " ") } ?? "") + ", made by linkrules test-plan from "
                + files.joined(separator: ", ").replacingAll("\n", with: " ") + ": \(summary).",
            "# Opens every test URL in turn on the booted iOS simulator (xcrun simctl) and on the Android device adb",
            "# is connected to. Usage: sh test-plan.sh [ios|android|both] (both when none is named). With a terminal on",
            "# standard input it waits for Return after each URL, so the app can be checked.",
        ]
        if androidPackage == nil { lines.append("# " + Self.noPackageNote) }
        lines += [
            "set -u",
            "platform=\"${1:-both}\"",
            "case \"$platform\" in ios|android|both) ;; *) echo \"usage: $0 [ios|android|both]\" >&2; exit 2 ;; esac",
            "failed=0",
            "show() { printf '\\n%s. %s\\n' \"$1\" \"$2\"; shift 2; for line in \"$@\"; do printf '   expect: %s\\n' \"$line\"; done; }",
            "ios() { [ \"$platform\" != android ]; }",
            "android() { [ \"$platform\" != ios ]; }",
            "next() { if [ -t 0 ]; then printf '   press Return for the next URL '; read -r _ || true; fi; }",
        ]
        var number = 0
        for route in routes {
            lines.append("")
            lines.append("# " + route.template.replacingAll("\n", with: " ") + (route.aliasOf.map { " (alias of \($0))" } ?? ""))
            if route.isUniversalLink { lines.append("# " + Self.universalLinkNote) }
            for testCase in route.cases {
                number += 1
                let expected = Self.expectationLines(testCase, of: route).map(ShellQuoting.quoted).joined(separator: " ")
                lines.append("show \(number) \(ShellQuoting.quoted(testCase.url)) \(expected)")
                lines.append("if ios; then \(ShellQuoting.simulatorCommand(testCase.url)) || failed=$((failed + 1)); fi")
                lines.append(
                    "if android; then \(ShellQuoting.androidCommand(testCase.url, package: androidPackage)) || failed=$((failed + 1)); fi")
                lines.append("next")
            }
        }
        lines += [
            "",
            "printf '\\n%s test URLs, %s commands failed\\n' \(number) \"$failed\"",
            "[ \"$failed\" -eq 0 ]",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - JSON

    private func json() -> String {
        var json = JSONWriter(reservingCapacity: 4_096 + routes.count * 2_048)
        json.beginObject()
        json.field("version", 1)
        json.field("app", app)
        json.key("files")
        json.beginArray()
        for file in files { json.string(file) }
        json.endArray()
        json.field("androidPackage", androidPackage)
        json.key("routes")
        json.beginArray()
        for route in routes {
            json.beginObject()
            json.field("template", route.template)
            json.field("aliasOf", route.aliasOf)
            json.field("title", route.title)
            json.field("file", route.location.file)
            json.field("line", route.location.line)
            json.field("column", route.location.column)
            json.field("universalLink", route.isUniversalLink)
            json.field("note", route.isUniversalLink ? Self.universalLinkNote : nil)
            json.key("cases")
            json.beginArray()
            for testCase in route.cases {
                json.beginObject()
                json.field("url", testCase.url)
                json.field("label", testCase.label)
                json.field("matched", testCase.expectation.isMatched)
                json.field("reachesItsLink", testCase.reachesItsLink)
                json.key("expect")
                json.beginArray()
                for line in Self.expectationLines(testCase, of: route) { json.string(line) }
                json.endArray()
                json.field("ios", ShellQuoting.simulatorCommand(testCase.url))
                json.field("android", ShellQuoting.androidCommand(testCase.url, package: androidPackage))
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json.finishText()
    }
}
