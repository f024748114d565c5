/// Small facts about every link of a catalogue, by the link's place in `catalogue.links`: flags and each link's
/// scheme and host form. `LintContext` records them in its one pass while each link is at hand, so a catalogue
/// rule walks these small arrays and reads only the links that concern it, not 100k objects scattered on the heap.
struct LinkFacts: Sendable {
    /// What a link has, one bit each.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt8
        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The entry lists `aliases:`.
        static let hasAliases = Flags(rawValue: 1 << 0)
        /// The template has a query.
        static let hasQuery = Flags(rawValue: 1 << 1)
        /// A placeholder is written `{name}` or `{name:type}` with no unknown type.
        static let hasCanonicalPlaceholder = Flags(rawValue: 1 << 2)
        /// A placeholder is written in another style or declares an unknown type (`placeholder-style` reports it).
        static let hasNonCanonicalPlaceholder = Flags(rawValue: 1 << 3)
        /// The entry names rules in `lint: { ignore: [...] }`.
        static let hasIgnoredRules = Flags(rawValue: 1 << 4)
    }

    /// A link's scheme and the way it writes its authority, as ids in `hostFormNames`: the lowercased scheme, and
    /// the lowercased host or one of the markers for the other two forms. `scheme` is `noScheme` for a link with
    /// no host form to compare (no scheme, an opaque URI, a web link).
    struct HostFormKey: Hashable, Sendable {
        var scheme: Int32
        var form: Int32

        static let noScheme: Int32 = -1
        /// `exfe:///…`
        static let emptyForm: Int32 = -1
        /// The first path component in the host position (`her://feed/…`).
        static let firstComponentForm: Int32 = -2

        /// Whether the link is a custom scheme's hierarchical link, whose host form counts.
        var hasHostForm: Bool { scheme != Self.noScheme }
    }

    /// Each link's flags.
    private(set) var flags: [Flags]
    /// Each link's scheme and host form, as its place in `hostFormKeys`: a catalogue has few of them, so a link
    /// takes 4 bytes rather than a key's 8.
    private(set) var hostFormIDs: [UInt32]
    /// The scheme and host forms links have, each once, and the place of each in the list.
    private(set) var hostFormKeys: [HostFormKey]
    private var hostFormIDsByKey: [HostFormKey: UInt32]
    /// The lowercased schemes and hosts that the keys name by id.
    private(set) var hostFormNames: InternTable

    /// The scheme and host form of the link at `position`.
    func hostForm(at position: Int) -> HostFormKey { hostFormKeys[Int(hostFormIDs[position])] }

    /// What one chunk of the context's pass records, with ids of its own names table.
    struct Chunk: Sendable {
        var flags: [Flags] = []
        var hostForms: [HostFormKey] = []
        var names = InternTable()

        init(capacity: Int) {
            flags.reserveCapacity(capacity)
            hostForms.reserveCapacity(capacity)
        }

        /// Records one link's facts; its path components are given through the array's storage, as the
        /// context's pass reads them.
        mutating func record(_ link: Link, components: UnsafeBufferPointer<PathComponent>) {
            var found: Flags = []
            if !link.aliases.isEmpty { found.insert(.hasAliases) }
            if !link.ignoredRules.isEmpty { found.insert(.hasIgnoredRules) }
            // Each placeholder is read where it is, not copied out with its strings.
            for index in components.indices {
                if let isCanonical = components[index].isCanonicalPlaceholder { found.insert(Self.flag(isCanonical: isCanonical)) }
            }
            let query = link.template.query
            if !query.isEmpty {
                found.insert(.hasQuery)
                for index in query.indices {
                    if let isCanonical = query[index].placeholder?.isCanonical { found.insert(Self.flag(isCanonical: isCanonical)) }
                }
            }
            flags.append(found)
            // The template's fields are read in place, not copied.
            // A bare launch link (`shortcuts://`, Apple's documented way to open the Shortcuts app) has no path to
            // compare forms by.
            let isBareLaunchLink = link.template.components.isEmpty && link.template.hostSpan?.isEmpty != false
            guard let schemeSpan = link.template.schemeSpan, !link.template.isOpaque, !link.template.isWebLink, !isBareLaunchLink
            else {
                hostForms.append(HostFormKey(scheme: HostFormKey.noScheme, form: 0))
                return
            }
            let hostSpan = link.template.hostSpan
            let key = link.template.withTextBytes { bytes in
                let form: Int32
                if let hostSpan {
                    form = hostSpan.isEmpty
                        ? HostFormKey.emptyForm : Self.intern(UnsafeBufferPointer(rebasing: bytes[hostSpan]), in: &names, last: &lastHost)
                } else {
                    form = HostFormKey.firstComponentForm
                }
                return HostFormKey(
                    scheme: Self.intern(UnsafeBufferPointer(rebasing: bytes[schemeSpan]), in: &names, last: &lastScheme), form: form)
            }
            hostForms.append(key)
        }

        /// The ids of the scheme and the host interned last: neighbouring links mostly share them, and checking
        /// the last word costs less than hashing.
        private var lastScheme: Int32 = -1
        private var lastHost: Int32 = -1

        /// The id of a scheme or host lowercased (`InternTable.intern(lowercasing:)`), the last one's when it is
        /// the same.
        private static func intern(_ word: UnsafeBufferPointer<UInt8>, in names: inout InternTable, last: inout Int32) -> Int32 {
            if names.isWord(Int(last), asciiFolded: word) { return last }
            last = Int32(names.intern(lowercasing: word))
            return last
        }

        private static func flag(isCanonical: Bool) -> Flags {
            isCanonical ? .hasCanonicalPlaceholder : .hasNonCanonicalPlaceholder
        }
    }

    /// The facts of consecutive chunks of a catalogue's links, their names gathered into one table.
    init(chunks: consuming [Chunk]) {
        var chunks = chunks
        guard chunks.count != 1 else {
            self.init(reservingCapacity: chunks[0].flags.count)
            flags = chunks[0].flags
            hostFormNames = chunks[0].names
            for key in chunks[0].hostForms { appendHostForm(key) }
            return
        }
        self.init(reservingCapacity: chunks.reduce(0) { $0 + $1.flags.count })
        for index in chunks.indices {
            // Each chunk is let go once copied.
            let chunk = chunks[index]
            chunks[index] = Chunk(capacity: 0)
            append(chunk)
        }
    }

    /// The facts of no links yet, with room for `count` links' (`append(_:)`).
    init(reservingCapacity count: Int) {
        flags = []
        hostFormIDs = []
        hostFormKeys = []
        hostFormIDsByKey = [:]
        hostFormNames = InternTable()
        flags.reserveCapacity(count)
        hostFormIDs.reserveCapacity(count)
    }

    /// How many keys `appendHostForm` scans before it looks a key up by its hash.
    private static let keysScanned = 16

    /// Records the next link's scheme and host form, by its place in `hostFormKeys`.
    private mutating func appendHostForm(_ key: HostFormKey) {
        // Neighbouring links mostly share a key: the last link's is checked before hashing.
        if let last = hostFormIDs.last, hostFormKeys[Int(last)] == key {
            hostFormIDs.append(last)
            return
        }
        // A catalogue has few keys: while they are few, a scan of them costs less than hashing one.
        if hostFormKeys.count <= Self.keysScanned {
            if let id = hostFormKeys.firstIndex(of: key) {
                hostFormIDs.append(UInt32(id))
                return
            }
        } else if let id = hostFormIDsByKey[key] {
            hostFormIDs.append(id)
            return
        }
        let id = UInt32(hostFormKeys.count)
        hostFormKeys.append(key)
        hostFormIDsByKey[key] = id
        hostFormIDs.append(id)
    }

    /// Appends the facts of the next chunk of links.
    mutating func append(_ chunk: Chunk) {
        flags += chunk.flags
        // A chunk's names are few: each is given its id in the whole table, and its keys are renumbered.
        let ids = (0..<chunk.names.count).map { id in
            chunk.names.bytes(of: id).withUnsafeBufferPointer { Int32(hostFormNames.intern($0)) }
        }
        for key in chunk.hostForms {
            guard key.hasHostForm else {
                appendHostForm(key)
                continue
            }
            appendHostForm(HostFormKey(scheme: ids[Int(key.scheme)], form: key.form >= 0 ? ids[Int(key.form)] : key.form))
        }
    }

    /// The facts of a list of links, read one after the other (for a catalogue the context was not built on).
    init(links: [Link]) {
        var chunk = Chunk(capacity: links.count)
        for link in links {
            link.template.components.withUnsafeBufferPointer { chunk.record(link, components: $0) }
        }
        self.init(chunks: [chunk])
    }
}
