/// One universal link of the catalogue as the association file should list it: its path pattern (placeholders
/// already replaced by `*` or `?`), the query items it needs, and a comment saying which link it is.
struct AssociationRoute: Hashable, Sendable {
    var path: String
    /// Query items that must be present (with any value) for the link to open the app.
    var queryNames: [String]
    var comment: String?

    init(path: String, queryNames: [String] = [], comment: String? = nil) {
        self.path = path
        self.queryNames = queryNames
        self.comment = comment
    }
}

extension AssociationFile {
    /// The text of an association file that opens the given routes in one app, for `linkrules aasa`:
    /// `{"applinks": {"details": [{"appIDs": [appID], "components": [...]}]}}`, 2-space indent, keys in a fixed
    /// order (`/`, `?`, `comment`), routes in `matchingOrder` (order decides matches), later exact repeats of
    /// a path and query dropped, ending with a newline.
    static func generate(appID: String, routes: [AssociationRoute]) -> String {
        generate(appIDs: [appID], routes: routes)
    }

    /// The routes in the order the file must list them, since iOS uses the first pattern that matches: those
    /// with more `/` first, the others in the order given. A `*` matches across `/`, so `/recipes/?*` listed
    /// before `/recipes/?*/edit` would take every edit link; a pattern can only match paths with at least as many
    /// `/` as it has, so listing longer patterns first never lets one take a shorter route's links.
    static func matchingOrder(_ routes: [AssociationRoute]) -> [AssociationRoute] {
        routes.enumerated().sorted { first, second in
            let slashes = (first.element.path.utf8.count { $0 == UInt8(ascii: "/") }, second.element.path.utf8.count { $0 == UInt8(ascii: "/") })
            return slashes.0 != slashes.1 ? slashes.0 > slashes.1 : first.offset < second.offset
        }.map(\.element)
    }

    /// Like `generate(appID:routes:)`, for one `details` entry naming several apps (`appIDs` in the order given).
    static func generate(appIDs: [String], routes: [AssociationRoute]) -> String {
        var seen = Set<[String]>()
        let unique = Self.matchingOrder(routes.filter { seen.insert([$0.path] + $0.queryNames).inserted })
        var output = JSONTextWriter()
        output.line("{", depth: 0)
        output.line("\"applinks\": {", depth: 1)
        output.line("\"details\": [", depth: 2)
        output.line("{", depth: 3)
        output.line("\"appIDs\": [", depth: 4)
        for (position, appID) in appIDs.enumerated() {
            output.line(JSONTextWriter.quoted(appID) + (position == appIDs.count - 1 ? "" : ","), depth: 5)
        }
        output.line("],", depth: 4)
        if unique.isEmpty {
            output.line("\"components\": []", depth: 4)
        } else {
            output.line("\"components\": [", depth: 4)
            for (index, route) in unique.enumerated() {
                output.line("{", depth: 5)
                var fields: [[String]] = [["\"/\": \(JSONTextWriter.quoted(route.path))"]]
                if !route.queryNames.isEmpty {
                    var query = ["\"?\": {"]
                    query += route.queryNames.enumerated().map { position, name in
                        let separator = position == route.queryNames.count - 1 ? "" : ","
                        return "  \(JSONTextWriter.quoted(name)): \"*\"\(separator)"
                    }
                    query.append("}")
                    fields.append(query)
                }
                if let comment = route.comment { fields.append(["\"comment\": \(JSONTextWriter.quoted(comment))"]) }
                for (position, field) in fields.enumerated() {
                    let separator = position == fields.count - 1 ? "" : ","
                    for (lineIndex, line) in field.enumerated() {
                        output.line(lineIndex == field.count - 1 ? line + separator : line, depth: 6)
                    }
                }
                output.line(index == unique.count - 1 ? "}" : "},", depth: 5)
            }
            output.line("]", depth: 4)
        }
        output.line("}", depth: 3)
        output.line("]", depth: 2)
        output.line("}", depth: 1)
        output.line("}", depth: 0)
        return output.text
    }
}

/// Builds indented JSON text line by line, for generated files that people read and diff.
private struct JSONTextWriter {
    var text = ""

    mutating func line(_ content: String, depth: Int) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    /// A JSON string literal, escaped as every JSON report of linkrules escapes it.
    static func quoted(_ value: String) -> String {
        var buffer = ReportBuffer(reservingCapacity: value.utf8.count + 2)
        buffer.appendJSONString(value)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
