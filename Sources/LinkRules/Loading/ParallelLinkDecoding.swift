/// Whether `CatalogueLoader` decodes a long `links:` block in parts on several cores. Both ways give the same
/// catalogue and the same errors; the choice only changes the speed (and lets tests compare the two).
public enum ParallelLinkDecoding: Sendable, Hashable {
    /// In parts when the machine has more than one core and the block has enough entries to pay for it.
    case automatic
    /// Always in one pass.
    case never
    /// In parts of at most this many entries whatever the machine and the block's size, for tests.
    case partsOf(entries: Int)
}
