import Testing
@testable import LinkRules

/// The XML reader behind the platform files: located elements and attributes, references, and the inputs it
/// must refuse (entity declarations, binary plists, broken nesting) with the offset of the problem.
@Suite struct XMLTreeTests {
    private func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    private func syntaxError(_ text: String) -> XMLSyntaxError? {
        do {
            _ = try XMLTree.parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    // The shape of a real intent filter, after the one Android's App Links guide documents.
    static let manifest = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- the app -->
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
          <application>
            <activity android:name=".MainActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.BROWSABLE"/>
                <data android:scheme="https" android:host="www.example.com" android:pathPrefix="/recipes?a=1&amp;b=2"/>
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    @Test func elementsAndAttributesKeepTheirRanges() throws {
        let tree = try XMLTree.parse(Array(Self.manifest.utf8))
        #expect(tree.root.name == "manifest")
        #expect(tree.root.attribute("package")?.value == "com.example.app")
        let filter = try #require(tree.root.children(named: "application").first?.children.first?.children.first)
        #expect(filter.name == "intent-filter")
        #expect(filter.children.map(\.name) == ["action", "category", "data"])
        let data = filter.children[2]
        let prefix = try #require(data.attribute("android:pathPrefix"))
        #expect(prefix.value == "/recipes?a=1&b=2")
        #expect(slice(Self.manifest, prefix.valueRange) == "/recipes?a=1&amp;b=2")
        #expect(slice(Self.manifest, prefix.nameRange) == "android:pathPrefix")
        #expect(slice(Self.manifest, data.nameRange) == "data")
        #expect(slice(Self.manifest, filter.range).hasPrefix("<intent-filter android:autoVerify"))
        #expect(slice(Self.manifest, filter.range).hasSuffix("</intent-filter>"))
        #expect(prefix.name == "android:pathPrefix" && data.attributes[0].name == "android:scheme")
        #expect(XMLTree.Element(name: "nav:deepLink", attributes: [], children: [], text: "", nameRange: 0..<0, range: 0..<0).localName == "deepLink")
    }

    // The header every XML property list written by Xcode starts with.
    @Test func propertyListTextAndDoctypeAreRead() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>CFBundleURLSchemes</key>
            \t<array><string>her</string><string><![CDATA[a<b]]> &#x1F600;&#233;</string></array>
            </dict>
            </plist>
            """
        let tree = try XMLTree.parse(Array(plist.utf8))
        let dict = try #require(tree.root.children.first)
        #expect(dict.children.map(\.name) == ["key", "array"])
        #expect(dict.children[0].text == "CFBundleURLSchemes")
        #expect(dict.children[1].children.map(\.text) == ["her", "a<b 😀é"])
    }

    @Test(arguments: [
        ("<a><b></a>", "'</a>' closes '<b>'", 6),
        ("<a x='1' x='2'/>", "the attribute 'x' appears twice in '<a'", 9),
        ("<a x=1/>", "the value of 'x' must be quoted", 5),
        ("<a>&bogus;</a>", "unknown entity '&bogus;': only '&lt;', '&gt;', '&amp;', '&quot;' and '&apos;' exist", 3),
        ("<a>", "the element '<a>' is not closed", 0),
        ("", "the file has no XML element", 0),
        ("hello", "expected the document element '<…>'", 0),
        ("<a/><b/>", "text after the document element", 4),
        ("<a x='<'/>", "'<' is not allowed in an attribute value: write '&lt;'", 6),
    ])
    func brokenDocumentsAreRefusedWithTheirOffset(text: String, message: String, offset: Int) throws {
        let error = try #require(syntaxError(text))
        #expect(error.message == message)
        #expect(error.byteOffset == offset)
    }

    // The classic XXE and "billion laughs" shapes: the internal subset is refused before anything is declared.
    @Test func entityDeclarationsAreRefusedNotExpanded() throws {
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE manifest [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
            <manifest>&xxe;</manifest>
            """
        let error = try #require(syntaxError(external))
        #expect(error.message.hasPrefix("the DOCTYPE declares an internal subset"))
        let laughs = "<!DOCTYPE l [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;\">]><l>&b;</l>"
        #expect(syntaxError(laughs)?.message.hasPrefix("the DOCTYPE declares an internal subset") == true)
    }

    @Test func nonTextInputsGetTheirOwnMessages() throws {
        #expect(try #require(syntaxError("bplist00\u{1}")).message.contains("binary property list"))
        let utf16: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00]
        #expect(throws: XMLSyntaxError.self) { try XMLTree.parse(utf16) }
        #expect(syntaxError("<?xml version='1.0' encoding='ISO-8859-1'?><a/>")?.message
            == "the XML declaration names encoding 'ISO-8859-1': only UTF-8 is read")
        let invalid: [UInt8] = Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8)
        do {
            _ = try XMLTree.parse(invalid)
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.message == "the file is not valid UTF-8 text")
            #expect(error.byteOffset == 3)
        }
    }

    @Test func nestingIsBounded() throws {
        let deep = String(repeating: "<a>", count: XMLTree.maximumDepth + 1)
            + String(repeating: "</a>", count: XMLTree.maximumDepth + 1)
        #expect(syntaxError(deep)?.message == "the XML nests deeper than \(XMLTree.maximumDepth) elements")
        let allowed = String(repeating: "<a>", count: XMLTree.maximumDepth)
            + String(repeating: "</a>", count: XMLTree.maximumDepth)
        #expect(syntaxError(allowed) == nil)
    }
}
