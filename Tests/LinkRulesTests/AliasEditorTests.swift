import Testing
@testable import LinkRules

/// Adds `oldURL` to the aliases of link `index` of `text` and returns the new text, checking that the edit
/// applies and that the result loads with the alias in place and every other link unchanged.
private func keeping(_ oldURL: String, onLink index: Int = 0, in text: String,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
    let file = SourceFile(path: "links.yml", text: text)
    let before = try CatalogueLoader().load(files: [file])
    let link = before.links[index]
    let pass = FixApplier.apply([AliasEditor.keepingFix(oldURL, on: link)], to: Array(file.bytes), file: file.path)
    #expect(pass.applied.count == 1, sourceLocation: sourceLocation)
    let result = String(decoding: pass.bytes, as: UTF8.self)
    let after = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", text: result)])
    #expect(after.links.count == before.links.count, sourceLocation: sourceLocation)
    for (old, new) in zip(before.links, after.links) {
        #expect(old.url.value == new.url.value, sourceLocation: sourceLocation)
        let expected = old.index == index ? old.aliases.map(\.value) + [oldURL] : old.aliases.map(\.value)
        #expect(new.aliases.map(\.value) == expected, "\(result)", sourceLocation: sourceLocation)
    }
    return result
}

@Suite struct AliasEditorTests {
    @Test func aBlockEntryGetsANewKeyAfterItsURLLineAtItsKeyIndentation() throws {
        let text = """
            version: 1
            links:
              - url: her://feed/communities/9   # the community
                title: A community
              - url: her://feed

            """
        #expect(try keeping("her://feed/community/9", in: text) == """
            version: 1
            links:
              - url: her://feed/communities/9   # the community
                aliases: [her://feed/community/9]
                title: A community
              - url: her://feed

            """)
    }

    @Test func theNewKeyFollowsTheURLWhereverItIsInTheEntry() throws {
        let text = "version: 1\nlinks:\n-   title: Feed\n    url: her://feed\n    deprecated: false\n"
        #expect(try keeping("her://Feed", in: text)
                == "version: 1\nlinks:\n-   title: Feed\n    url: her://feed\n    aliases: [her://Feed]\n    deprecated: false\n")
    }

    @Test func aLastLineWithoutALineBreakGetsOne() throws {
        #expect(try keeping("her://Feed", in: "version: 1\nlinks:\n  - url: her://feed")
                == "version: 1\nlinks:\n  - url: her://feed\n    aliases: [her://Feed]")
    }

    @Test func crlfFilesGetCRLFLines() throws {
        #expect(try keeping("her://Feed", in: "version: 1\r\nlinks:\r\n  - url: her://feed\r\n")
                == "version: 1\r\nlinks:\r\n  - url: her://feed\r\n    aliases: [her://Feed]\r\n")
        #expect(try keeping("her://Feed", in: "version: 1\r\nlinks:\r\n  - url: her://feed\r\n    aliases:\r\n      - a\r\n")
                == "version: 1\r\nlinks:\r\n  - url: her://feed\r\n    aliases:\r\n      - a\r\n      - her://Feed\r\n")
    }

    @Test func aFlowEntryGetsTheKeyInsideItsBraces() throws {
        #expect(try keeping("her://Feed", in: "version: 1\nlinks:\n  - { url: her://feed }\n")
                == "version: 1\nlinks:\n  - { url: her://feed, aliases: [her://Feed] }\n")
        #expect(try keeping("her://Feed", in: "version: 1\nlinks:\n  - {url: 'her://feed', title: Feed}\n")
                == "version: 1\nlinks:\n  - {url: 'her://feed', aliases: [her://Feed], title: Feed}\n")
        #expect(try keeping("her://Feed", in: "version: 1\nlinks: [{url: her://feed}]\n")
                == "version: 1\nlinks: [{url: her://feed, aliases: [her://Feed]}]\n")
    }

    @Test func aFlowListIsAppendedToInItsOwnStyle() throws {
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://a, 'her://b']  # old\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://a, 'her://b', her://c]  # old\n")
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: [ ]\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://c ]\n")
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: [\n      her://a,\n    ]\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [\n      her://a, her://c,\n    ]\n")
    }

    @Test func aBlockListGetsALineAtItsIndentationAfterItsLastItem() throws {
        let text = """
            version: 1
            links:
              - url: her://x
                aliases:
                  - her://a
                  - "her://b"   # the oldest
                # the next link
              - url: her://y

            """
        #expect(try keeping("her://c", in: text) == """
            version: 1
            links:
              - url: her://x
                aliases:
                  - her://a
                  - "her://b"   # the oldest
                  - her://c
                # the next link
              - url: her://y

            """)
        let indentless = "version: 1\nlinks:\n- url: her://x\n  aliases:\n  - her://a\n- url: her://y\n"
        #expect(try keeping("her://c", in: indentless)
                == "version: 1\nlinks:\n- url: her://x\n  aliases:\n  - her://a\n  - her://c\n- url: her://y\n")
    }

    @Test func aSingleAliasOrANullBecomesAFlowList() throws {
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: her://a\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://a, her://c]\n")
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: ~\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://c]\n")
        #expect(try keeping("her://c", in: "version: 1\nlinks:\n  - url: her://x\n    aliases:\n    title: X\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases: [her://c]\n    title: X\n")
    }

    @Test func valuesAreQuotedWhenTheyNeedIt() throws {
        // Flow indicators in a flow list, a leading quote, text YAML would read as null or a number.
        #expect(try keeping("her://feed/communities/{id:int}", in: "version: 1\nlinks:\n  - url: her://feed/communities/{id}\n")
                == "version: 1\nlinks:\n  - url: her://feed/communities/{id}\n    aliases: ['her://feed/communities/{id:int}']\n")
        // A query in a flow list: YAML 1.1 parsers (PyYAML) refuse a plain `?` there.
        #expect(try keeping("her://boosts?open=buy", in: "version: 1\nlinks:\n  - url: her://boosts/purchase\n")
                == "version: 1\nlinks:\n  - url: her://boosts/purchase\n    aliases: ['her://boosts?open=buy']\n")
        #expect(try keeping("her://x?a=1,2", in: "version: 1\nlinks:\n  - url: her://x\n    aliases:\n      - her://a\n")
                == "version: 1\nlinks:\n  - url: her://x\n    aliases:\n      - her://a\n      - her://x?a=1,2\n")
        _ = try keeping("'quoted'", in: "version: 1\nlinks:\n  - url: her://x\n")
        _ = try keeping("null", in: "version: 1\nlinks:\n  - url: her://x\n")
        _ = try keeping("12", in: "version: 1\nlinks:\n  - { url: her://x }\n")
        _ = try keeping("her://x #fragment: y", in: "version: 1\nlinks:\n  - url: her://x\n    aliases:\n      - her://a\n")
        _ = try keeping("tab\there", in: "version: 1\nlinks:\n  - url: her://x\n    aliases: [a]\n")
    }
}

/// A URL edit on a plain scalar keeps the value it means: quoted when the new text would end the scalar early,
/// read as something else, or lose a blank, and left plain otherwise.
@Suite struct ScalarEditorTests {
    @Test(arguments: [
        ("her://a: b", true), ("her://a #b", true), ("her://a:", true), ("-her://a", true), ("?a", true),
        ("&anchor", true), ("*alias", true), ("!tag", true), ("%a", true), ("@a", true), ("`a", true),
        (" her://a", true), ("her://a ", true), ("", true),
        ("her://a#b", false), ("her://a:b", false), ("her://a/b?c=d", false), ("her://é: ", true), ("her://é", false),
    ])
    func aReplacedPlainURLIsQuotedExactlyWhenItMustBe(replacement: String, quoted: Bool) throws {
        let text = "version: 1\nlinks:\n  - url: her://feed\n"
        let file = SourceFile(path: "links.yml", text: text)
        let link = try CatalogueLoader().load(files: [file]).links[0]
        let edit = ScalarEditor.edit(link.url, in: file, replacing: 0..<link.url.value.utf8.count, with: replacement)
        #expect(edit.replacement.hasPrefix("'") == quoted, "\(edit.replacement)")
        let pass = FixApplier.apply([FixIt(message: "edit", edits: [edit], applicability: .safe)], to: Array(file.bytes), file: file.path)
        let edited = try CatalogueLoader().load(files: [SourceFile(path: "links.yml", bytes: pass.bytes)])
        #expect(edited.links.first?.url.value == replacement)
    }

    /// Replacing part of a plain value, whether the new text needs quotes is decided on the value and the
    /// replacement in place, as it is on the new text: every span of a few values, every replacement of a few.
    @Test func quotingOfAPartlyReplacedValueIsDecidedAsOnTheNewText() {
        let values = ["her://a", "a:b", "x #", " x", "-", "é:"]
        let replacements = ["", ":", " ", "#", ": ", " #", "-", "é", "ab", "&"]
        for value in values {
            let bytes = Array(value.utf8)
            // Spans on scalar boundaries (the values' one non-ASCII scalar is two bytes).
            let boundaries = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
            for start in boundaries {
                for end in boundaries where end >= start {
                    for replacement in replacements {
                        var newBytes = bytes
                        newBytes.replaceSubrange(start..<end, with: replacement.utf8)
                        let newText = String(decoding: newBytes, as: UTF8.self)
                        #expect(
                            ScalarEditor.needsQuoting(value, replacing: start..<end, with: replacement)
                                == ScalarEditor.needsQuoting(newText), "\(value) [\(start)..<\(end)] ← \(replacement)")
                    }
                }
            }
        }
    }
}

