/// Why fixing a file stopped without writing it: the fixes kept changing the text, the file changed on disk
/// since it was read, the new text could not be written, or keeping the old URLs as aliases went wrong.
public enum FixError: Error, Equatable, CustomStringConvertible {
    /// Fixes still applied after the maximum number of passes (two rules undoing each other, most likely).
    case didNotConverge(file: String, passes: Int)
    /// The file no longer holds the bytes that were linted, so writing would lose someone else's change.
    case fileChangedOnDisk(file: String)
    /// The new text could not be put in place; the original file is untouched.
    case writeFailed(file: String, reason: String)
    /// The edits that keep old URLs as aliases produced a catalogue that does not load (a bug of linkrules).
    case closingEditsDoNotLoad(file: String, reason: String)
    /// The fixes added or removed links, so the old URLs could not be matched to the entries to keep them on.
    case entriesChanged(file: String)

    public var description: String {
        switch self {
        case let .didNotConverge(file, passes):
            "fixes to '\(file)' still changed it after \(passes) passes; it was not written"
        case let .fileChangedOnDisk(file):
            "'\(file)' changed on disk after it was read; it was not overwritten"
        case let .writeFailed(file, reason):
            "cannot write '\(file)': \(reason)"
        case let .closingEditsDoNotLoad(file, reason):
            "keeping the old URLs as aliases in '\(file)' produced a catalogue that no longer loads: \(reason); nothing was written"
        case let .entriesChanged(file):
            "the fixes added or removed links in '\(file)', so the old URLs cannot be kept as aliases; nothing was written"
        }
    }
}
