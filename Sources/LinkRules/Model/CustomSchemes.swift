/// The custom URL schemes a catalogue's app must register with the platform (Info.plist's `CFBundleURLTypes`,
/// an intent filter's `<data android:scheme>`): the declared `schemes`, then any other scheme a hierarchical
/// link or alias uses that is not `http` or `https`, lowercased, each once, in catalogue order.
struct CustomSchemes: Sendable {
    struct Entry: Sendable {
        /// The scheme, lowercased.
        var name: String
        /// The flavour a `schemes:` map gives it (`black: beta`).
        var flavour: String?
        /// Where the scheme is declared, or the first link using it.
        var scalar: Scalar
    }

    let entries: [Entry]

    init(catalogue: Catalogue) {
        var seen = Set<String>()
        var entries: [Entry] = []
        for scheme in catalogue.schemes {
            let name = scheme.name.value.lowercasedASCIIIfNeeded
            if seen.insert(name).inserted {
                entries.append(Entry(name: name, flavour: scheme.flavour?.value, scalar: scheme.name))
            }
        }
        for link in catalogue.links {
            let template = link.template
            guard !template.isOpaque, !template.isWebLink, let scheme = template.scheme, !scheme.isEmpty else { continue }
            let name = scheme.lowercasedASCIIIfNeeded
            if seen.insert(name).inserted { entries.append(Entry(name: name, flavour: nil, scalar: link.url)) }
        }
        self.entries = entries
    }

    /// The lowercased scheme names.
    var names: [String] { entries.map(\.name) }
}
