/// Generated catalogue texts for tests: many links written in every YAML style the loader meets (flow and block
/// entries, folded and literal scalars, comments, non-ASCII titles, unknown keys, aliases, suppressions).
enum GeneratedCatalogues {
    /// A catalogue of `links` links chosen by `seed`, its `links:` block indented by `indentation` spaces.
    static func text(links: Int, seed: UInt64, indentation: Int = 2) -> String {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pad = String(repeating: " ", count: indentation)
        var text = "# generated\nversion: 1\nschemes: [app]\nhosts: [app.example.com]\ncomponents:\n  feed: tab\n  items: { kind: collection, id: int }\nlinks:\n"
        for index in 0..<links {
            let url = ["app://feed/items/\(index)", "https://app.example.com/items/{id:int}/x\(index)", "app://Feed/\(index)?q={q}"][next(3)]
            switch next(7) {
            case 0: text += "\(pad)- { url: '\(url)', title: \"Caf\\u00e9 \(index)\" }\n"
            case 1: text += "\(pad)- url: \"\(url)\"\n\(pad)  examples:\n\(pad)    - app://feed/items/1\n\(pad)    - app://feed/items/2\n"
            case 2: text += "\(pad)# a comment between entries\n\(pad)- url: \(url)\n\(pad)  title: Café № \(index)\n\n"
            case 3: text += "\(pad)- url: \(url)\n\(pad)  aliases: [app://old/\(index)]\n\(pad)  lint: { ignore: [lowercase] }\n"
            case 4: text += "\(pad)-\n\(pad)  url: >-\n\(pad)    \(url)\n\(pad)  deprecated: true\n"
            case 5: text += "\(pad)- url: \(url)\n\(pad)  colour: blue\n"  // an unknown key: a load finding
            default: text += "\(pad)- url: \(url)  # trailing comment\n\(pad)  barrier: signed-in\n\(pad)  title: |\n\(pad)    two\n\(pad)    lines\n"
            }
        }
        text += "barriers: [signed-in]\nunknown_top: 1\n"
        return text
    }
}
