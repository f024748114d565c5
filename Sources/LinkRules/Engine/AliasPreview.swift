/// Gives each unsafe fix that rewrites a link's URL the edit that will keep the old URL in the entry's `aliases`
/// (`FixIt.keepsOldURL`), so a preview shows the whole change (`LintResult.previewingKeptAliases()`). `--fix` adds that alias itself once every fix is
/// applied (`FixSession.aliasFixes`); this only says in advance what it will write, with the same `AliasEditor`.
enum AliasPreview {
    /// `diagnostics` with `keepsOldURL` set on their unsafe fixes whose edits fall in a link's URL. Costs nothing
    /// when no finding has an unsafe fix; otherwise one pass over the links and a binary search per such fix.
    static func attach(to diagnostics: [Diagnostic], catalogue: Catalogue) -> [Diagnostic] {
        guard diagnostics.contains(where: { $0.fixes.contains { $0.applicability == .unsafe } }) else { return diagnostics }
        // Each file's links by the start of their URL token; links come in file order, so each list is sorted.
        var linksByFile: [String: [Link]] = [:]
        for link in catalogue.links { linksByFile[link.file.path, default: []].append(link) }
        func link(containing edit: TextEdit) -> Link? {
            guard let links = linksByFile[edit.file] else { return nil }
            let offset = edit.byteRange.lowerBound
            var low = 0
            var high = links.count
            while low < high {
                let middle = (low + high) / 2
                if links[middle].url.tokenRange.lowerBound <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let candidate = links[low - 1]
            let range = candidate.url.tokenRange
            return edit.byteRange.lowerBound >= range.lowerBound && edit.byteRange.upperBound <= range.upperBound
                ? candidate : nil
        }
        var result = diagnostics
        for index in result.indices {
            for fixIndex in result[index].fixes.indices where result[index].fixes[fixIndex].applicability == .unsafe {
                let fix = result[index].fixes[fixIndex]
                guard let first = fix.edits.first, let link = link(containing: first),
                    fix.edits.allSatisfy({ $0.file == first.file && (link.url.tokenRange.lowerBound...link.url.tokenRange.upperBound).contains($0.byteRange.lowerBound) })
                else { continue }
                result[index].fixes[fixIndex].keepsOldURL = AliasEditor.edit(keeping: link.url.value, on: link)
            }
        }
        return result
    }
}

extension LintResult {
    /// The result with `FixIt.keepsOldURL` set on its fixes that rewrite a link's URL, for a report that previews
    /// fixes (HTML). Asked for by that report only, so other lints and `--fix`'s passes do not pay for it.
    public func previewingKeptAliases() -> LintResult {
        var result = self
        result.diagnostics = AliasPreview.attach(to: diagnostics, catalogue: catalogue)
        return result
    }
}
