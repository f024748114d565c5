extension FixApplier {
    /// Applies one pass of `fixes` to a catalogue split over several files: a fix is accepted or skipped whole,
    /// across every file its edits touch, then each file gets the edits of the accepted fixes that fall in it.
    ///
    /// The rules are those of `apply(_:to:file:)`, per file: an edit identical to one accepted earlier in this pass
    /// merges with it; a fix with another edit overlapping an accepted one (in any of its files) is deferred whole;
    /// a fix naming a file not in `files`, a range outside its text or cutting a UTF-8 character, or two
    /// overlapping edits of its own, is rejected, as is a fix that changes nothing anywhere.
    static func apply(_ fixes: [FixIt], to files: [SourceFile]) -> CatalogueFixPass {
        var fileIndex: [String: Int] = [:]
        for (index, file) in files.enumerated() where fileIndex[file.path] == nil { fileIndex[file.path] = index }
        var accepted = Array(repeating: AcceptedEdits(), count: files.count)
        var outcomes: [FixPassOutcome] = []
        outcomes.reserveCapacity(fixes.count)
        for fix in fixes {
            guard let plan = plan(fix, in: files, fileIndex: fileIndex) else {
                outcomes.append(.rejected)
                continue
            }
            if plan.allSatisfy({ part in part.edits.allSatisfy(accepted[part.file].admits) }) {
                for part in plan { part.edits.forEach { accepted[part.file].insert($0) } }
                outcomes.append(.applied)
            } else {
                outcomes.append(.deferred)
            }
        }
        var newFiles = files
        var changed: [String] = []
        for index in files.indices where !accepted[index].isEmpty {
            let bytes = accepted[index].applied(to: files[index].bytes)
            newFiles[index] = SourceFile(path: files[index].path, bytes: bytes)
            changed.append(files[index].path)
        }
        return CatalogueFixPass(files: newFiles, offered: fixes, outcomes: outcomes, changedFiles: changed)
    }

    /// The edits of `fix` that change something, grouped by file in `files` order, or nil when the fix cannot apply.
    private static func plan(_ fix: FixIt, in files: [SourceFile], fileIndex: [String: Int]) -> [FileEdits]? {
        var editsByFile: [Int: [TextEdit]] = [:]
        for edit in fix.edits {
            guard let index = fileIndex[edit.file] else { return nil }
            editsByFile[index, default: []].append(edit)
        }
        var plan: [FileEdits] = []
        for index in editsByFile.keys.sorted() {
            let part = FixIt(message: fix.message, edits: editsByFile[index]!, applicability: fix.applicability)
            guard let edits = changingEdits(of: part, in: files[index].bytes, file: files[index].path) else { return nil }
            if !edits.isEmpty { plan.append(FileEdits(file: index, edits: edits)) }
        }
        return plan.isEmpty ? nil : plan
    }
}

/// The validated edits of one fix that fall in one file of a pass (the file's index among the pass's files).
private struct FileEdits {
    var file: Int
    var edits: [PlannedEdit]
}

/// What one pass did to a fix offered to it.
enum FixPassOutcome: Sendable, Hashable {
    /// Its edits are made (or a fix with the same edits was applied).
    case applied
    /// It overlaps a fix applied in this pass; a re-lint of the new text may offer it again.
    case deferred
    /// It can never apply to this text (an unknown file, a bad range, overlapping own edits, no change).
    case rejected
}

/// The outcome of one pass of fixes over the files of a catalogue: the new texts and what happened to each fix.
struct CatalogueFixPass: Sendable {
    /// Every file of the pass in the order given; the ones no edit touched are the same objects as before.
    var files: [SourceFile]
    /// The fixes offered, in the order offered.
    var offered: [FixIt]
    /// What happened to each offered fix, index for index.
    var outcomes: [FixPassOutcome]
    /// The paths of the files whose text changed, in `files` order.
    var changedFiles: [String]

    /// The fixes applied, in the order offered.
    var applied: [FixIt] { zip(offered, outcomes).filter { $0.1 == .applied }.map(\.0) }

    /// Whether the pass changed any file.
    var changedAnything: Bool { !changedFiles.isEmpty }
}
