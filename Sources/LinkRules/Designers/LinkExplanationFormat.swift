/// The output formats of `linkrules explain`.
public enum ExplanationFormat: String, Sendable, CaseIterable {
    /// A readable step list for a designer.
    case text
    /// The same content as one JSON document, for scripts.
    case json
}

extension LinkExplanation {
    /// How many entries tried before the match the text output lists before summarising the rest.
    static let triedShownInText = 20

    /// The explanation in the chosen format, ending with a newline.
    public func formatted(as format: ExplanationFormat) -> String {
        switch format {
        case .text: textReport()
        case .json: jsonReport()
        }
    }

    // MARK: - Text

    private func textReport() -> String {
        var lines: [String] = ["link: \(url)"]
        if normalized != url { lines.append("scheme and host lowercased (they compare case-insensitively): \(normalized)") }
        lines.append("dispatch: \(dispatch.rawValue): " + Self.dispatchRule(dispatch))

        guard let match else {
            lines.append("no entry matches: the app hands the link to its not-found handler")
            if !suggestions.isEmpty {
                lines.append("closest entries:")
                for suggestion in suggestions { lines.append("  " + Self.line(suggestion.entry) + ": " + suggestion.reason.text) }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        if !tried.isEmpty {
            lines.append(dispatch == .firstMatch ? "tried before it:" : "other matching entries:")
            for considered in tried.prefix(Self.triedShownInText) {
                lines.append("  " + Self.line(considered.entry) + ": " + considered.reason.text)
            }
            if tried.count > Self.triedShownInText {
                lines.append("  … and \(tried.count - Self.triedShownInText) more (--format json lists them all)")
            }
        }
        var matched = "matched: " + Self.line(match.entry)
        if let alias = match.viaAlias { matched += " through its alias '\(alias)'" }
        if !match.captures.isEmpty {
            matched += " with " + match.captures.map { "\($0.name) = '\($0.value)'" }.joined(separator: ", ")
        }
        lines.append(matched)
        if !match.ambiguousWith.isEmpty {
            lines.append("  ambiguous: exactly as specific as " + match.ambiguousWith.map(Self.line).joined(separator: ", "))
        }
        if !shadowed.isEmpty {
            lines.append("later entries that match too but are never reached for this link:")
            for entry in shadowed.prefix(Self.triedShownInText) { lines.append("  " + Self.line(entry)) }
        }

        if barriers.isEmpty {
            lines.append("barriers: none")
        } else {
            lines.append("barriers, checked before the link is handled:")
            for (offset, barrier) in barriers.enumerated() {
                let source = barrier.source == .mandatory ? "the catalogue's mandatory barrier" : "the entry's barrier"
                var line = "  \(offset + 1). '\(barrier.name)', \(source) (\(Self.position(barrier.location)))"
                if !barrier.declared { line += "; not declared in 'barriers'" }
                lines.append(line)
            }
        }

        lines.append("steps:")
        if steps.isEmpty {
            // An opaque link (`spotify:track:{id}`) has no path to walk: its entry handles it whole.
            lines.append(normalized.contains("://")
                ? "  (no path components: the app launches normally)"
                : "  (an opaque link, with no path to walk: its entry '\(match.entry.url)' handles it whole)")
        }
        for (offset, step) in steps.enumerated() {
            lines.append("  \(offset + 1). " + step.summary.text + (step.opened ? "" : " (not opened)"))
            if let remark = step.remark { lines.append("     note: " + remark.text) }
        }
        if let stop {
            lines.append("stops: " + stop.summary.text)
        } else if let last = steps.last {
            lines.append("ends at '\(last.component)'" + Message.withValue(last.id, role: last.idRole))
        }

        if !parameters.isEmpty {
            lines.append("parameters:")
            for parameter in parameters {
                let written = (parameter.inFragment ? "#" : "") + parameter.name + (parameter.value.map { "=" + $0 } ?? "")
                lines.append("  \(written): " + parameter.summary.text)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dispatchRule(_ mode: DispatchMode) -> String {
        switch mode {
        case .firstMatch: "entries are tried in catalogue order and the first that matches wins (NoMoreDeepLinkHandler)"
        case .mostSpecific:
            "of the matching entries, the most specific wins: at the first path component where they differ, a literal "
                + "beats a prefixed placeholder, which beats a typed one, which beats an untyped one; then fixed query "
                + "values, typed query values and query items count"
        }
    }

    private static func position(_ location: SourceLocation) -> String {
        "\(location.file):\(location.line):\(location.column)"
    }

    private static func line(_ entry: Entry) -> String {
        position(entry.location) + ": '\(entry.url)'"
    }

    // MARK: - JSON

    private func jsonReport() -> String {
        var json = JSONWriter(reservingCapacity: 2_048 + tried.count * 200)
        json.beginObject()
        json.field("version", 1)
        json.field("url", url)
        json.field("normalized", normalized)
        json.field("dispatch", dispatch.rawValue)
        json.field("matched", isMatched)
        json.key("match")
        if let match {
            json.beginObject()
            Self.writeEntryFields(match.entry, to: &json)
            json.field("viaAlias", match.viaAlias)
            json.key("captures")
            json.beginArray()
            for capture in match.captures {
                json.beginObject()
                json.field("name", capture.name)
                json.field("value", capture.value)
                json.endObject()
            }
            json.endArray()
            json.key("ambiguousWith")
            Self.writeEntries(match.ambiguousWith, to: &json)
            json.endObject()
        } else {
            json.null()
        }
        json.key("tried")
        Self.writeConsidered(tried, to: &json)
        json.key("shadowed")
        Self.writeEntries(shadowed, to: &json)

        json.key("barriers")
        json.beginArray()
        for barrier in barriers {
            json.beginObject()
            json.field("name", barrier.name)
            json.field("source", barrier.source.rawValue)
            json.field("declared", barrier.declared)
            Self.writePosition(barrier.location, to: &json)
            json.endObject()
        }
        json.endArray()

        json.key("steps")
        json.beginArray()
        for step in steps {
            json.beginObject()
            json.field("component", step.component)
            json.field("componentIndex", step.componentIndex)
            json.field("action", step.action.rawValue)
            json.field("kind", step.kind?.rawValue)
            json.field("id", step.id)
            json.field("opened", step.opened)
            json.field("summary", step.summary.text)
            json.field("remark", step.remark?.text)
            json.key("declaration")
            if let declaration = step.declaration {
                json.beginObject()
                Self.writePosition(declaration, to: &json)
                json.endObject()
            } else {
                json.null()
            }
            json.endObject()
        }
        json.endArray()

        json.key("stop")
        if let stop {
            json.beginObject()
            json.field("reason", stop.reason.rawValue)
            json.field("component", stop.component)
            json.field("componentIndex", stop.componentIndex)
            json.key("notOpened")
            json.beginArray()
            for name in stop.notOpened { json.string(name) }
            json.endArray()
            json.field("summary", stop.summary.text)
            json.endObject()
        } else {
            json.null()
        }

        json.key("parameters")
        json.beginArray()
        for parameter in parameters {
            json.beginObject()
            json.field("name", parameter.name)
            json.field("value", parameter.value)
            json.field("inFragment", parameter.inFragment)
            json.key("receivers")
            json.beginArray()
            for receiver in parameter.receivers {
                json.beginObject()
                json.field("component", receiver.component)
                json.field("componentIndex", receiver.componentIndex)
                json.field("opened", receiver.opened)
                json.endObject()
            }
            json.endArray()
            json.field("capturedBy", parameter.capturedBy)
            json.key("group")
            if let group = parameter.group {
                json.beginArray()
                for name in group { json.string(name) }
                json.endArray()
            } else {
                json.null()
            }
            json.field("summary", parameter.summary.text)
            json.endObject()
        }
        json.endArray()

        json.key("suggestions")
        Self.writeConsidered(suggestions, to: &json)
        json.endObject()
        return json.finishText()
    }

    private static func writePosition(_ location: SourceLocation, to json: inout JSONWriter) {
        json.field("file", location.file)
        json.field("line", location.line)
        json.field("column", location.column)
    }

    private static func writeEntryFields(_ entry: Entry, to json: inout JSONWriter) {
        json.field("url", entry.url)
        json.field("index", entry.index)
        writePosition(entry.location, to: &json)
    }

    private static func writeEntries(_ entries: [Entry], to json: inout JSONWriter) {
        json.beginArray()
        for entry in entries {
            json.beginObject()
            writeEntryFields(entry, to: &json)
            json.endObject()
        }
        json.endArray()
    }

    private static func writeConsidered(_ entries: [ConsideredEntry], to json: inout JSONWriter) {
        json.beginArray()
        for considered in entries {
            json.beginObject()
            writeEntryFields(considered.entry, to: &json)
            json.field("matches", considered.matches)
            json.field("reason", considered.reason.text)
            json.endObject()
        }
        json.endArray()
    }
}
