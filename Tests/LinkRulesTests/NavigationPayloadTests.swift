import Foundation
import Testing
@testable import LinkRules

/// A payload that must be refused, the kind of problem and the JSON path it names.
struct PayloadProblemCase: Sendable, CustomTestStringConvertible {
    var json: String
    var kind: PayloadProblem.Kind
    var path: String?
    var message: String

    var testDescription: String { json }
}

/// Decoding the Coordinator playground's Base64 step trees, their credentials and modal continuations, and each problem.
@Suite struct NavigationPayloadTests {
    /// The payload of the Coordinator playground (`coordinatorsplayground://deeplink?payload=…`), verbatim.
    static let seedPayload =
        "eyJzdGVwIjp7InRyYW5zaXRpb24iOnsiZmxvdyI6eyJ0YWJzIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsiY2hhbmdlIjp7InRhYiI6eyJob21lIjp7fX19fSwiY2hpbGRyZW4iOlt7InN0ZXAiOnsicHVzaCI6eyJwYXRoIjp7InNjcmVlbkEiOnt9fX19LCJjaGlsZHJlbiI6W119LHsic3RlcCI6eyJwdXNoIjp7InBhdGgiOnsic2NyZWVuQiI6eyJpZCI6MX19fX0sImNoaWxkcmVuIjpbXX0seyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJzY3JlZW5DIjp7fX19fSwiY2hpbGRyZW4iOltdfSx7InN0ZXAiOnsicHJlc2VudCI6eyJkZXN0aW5hdGlvbiI6eyJhY2NvdW50Ijp7ImF1dGhUb2tlbiI6InNlY3JldFRva2VuIn19fX0sImNoaWxkcmVuIjpbeyJzdGVwIjp7InB1c2giOnsicGF0aCI6eyJhY2NvdW50RGV0YWlscyI6e319fX0sImNoaWxkcmVuIjpbXX1dfV19XX0="

    private func base64(_ json: String) -> String { Data(json.utf8).base64EncodedString() }

    private func problem(_ base64: String) -> PayloadProblem? {
        if case .failure(let problem) = NavigationPayload.decode(base64: base64) { return problem }
        return nil
    }

    @Test func theSeedPayloadDecodesToItsStepTree() throws {
        let root = try NavigationStep.decode(base64: Self.seedPayload).get()
        #expect(root.kind == .transition)
        #expect(root.target == "tabs")
        #expect(root.jsonPath == "")
        let home = try #require(root.children.first)
        #expect(home.kind == .change)
        #expect(home.target == "home")
        #expect(home.children.map(\.target) == ["screenA", "screenB", "screenC", "account"])
        #expect(home.children.map(\.kind) == [.push, .push, .push, .present])
        #expect(home.children[3].jsonPath == "children[0].children[3]")
        #expect(home.children[1].fields.map(\.key) == ["id"])
        #expect(home.children[1].fields.first?.value.numberText == "1")

        let steps = root.allSteps
        #expect(steps.count == 7)
        #expect(steps.filter { $0.kind == .push }.map(\.target) == ["screenA", "screenB", "screenC", "accountDetails"])
        #expect(steps.filter { $0.kind == .present }.map(\.target) == ["account"])
    }

    @Test func theSeedPayloadCarriesACredential() throws {
        let payload = try NavigationPayload.decode(base64: Self.seedPayload).get()
        let credentials = payload.credentials
        #expect(credentials.map(\.jsonPath) == ["children[0].children[3].step.present.destination.account.authToken"])
        #expect(credentials.first?.value.stringValue == "secretToken")
        let keyRange = try #require(credentials.first?.keyRange)
        #expect(String(decoding: payload.json[keyRange], as: UTF8.self) == "\"authToken\"")
        // Walking the steps finds the same field.
        #expect(payload.root.credentials.map(\.jsonPath) == credentials.map(\.jsonPath))
        // The key can be found in the Base64 text too: its first byte is carried by this symbol.
        let sourceOffset = try #require(payload.sourceOffset(ofDecodedByte: keyRange.lowerBound))
        let reencoded = Data(payload.json[(keyRange.lowerBound / 3 * 3)...]).base64EncodedString()
        let symbols = Array(Self.seedPayload.utf8)
        #expect(symbols[sourceOffset] == Array(reencoded.utf8)[keyRange.lowerBound % 3])
    }

    @Test func theSeedPayloadPushesInsideAModal() throws {
        let root = try NavigationStep.decode(base64: Self.seedPayload).get()
        let continuations = root.modalContinuations
        #expect(continuations.count == 1)
        #expect(continuations.first?.present.target == "account")
        #expect(continuations.first?.pushes.map(\.target) == ["accountDetails"])
        #expect(continuations.first?.present.targetPath == "children[0].children[3].step.present.destination.account")
    }

    @Test func everyBase64SpellingDecodesTheSameTree() throws {
        let json = #"{"step":{"push":{"path":{"search":{"q":"???>>>~~~???"}}}}}"#
        let standard = base64(json)
        try #require(standard.contains("+") && standard.contains("/") && standard.hasSuffix("=="))
        let expected = try NavigationStep.decode(base64: standard).get()
        let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let spellings = [
            urlSafe,
            urlSafe.replacingOccurrences(of: "=", with: ""),
            standard.replacingOccurrences(of: "=", with: "%3D"),
            standard.replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: "/", with: "%2f"),
        ]
        for spelling in spellings {
            #expect(try NavigationStep.decode(base64: spelling).get() == expected, "\(spelling)")
        }
        #expect(expected.fields.first?.value.stringValue == "???>>>~~~???")
    }

    @Test func textThatIsNotBase64IsRefusedWhereItBreaks() throws {
        let bad = try #require(problem("eyJ@e30"))
        #expect(bad.kind == .notBase64)
        #expect(bad.message == "not Base64: unexpected character '@'")
        #expect(bad.sourceOffset == 3)
        #expect(problem("")?.message == "the payload is empty")
        #expect(problem("e30=e30=")?.message == "not Base64: '=' padding before the end")
        #expect(problem("e30=e30=")?.sourceOffset == 3)
        #expect(problem("e30ab")?.message == "not Base64: the length leaves one dangling character")
        #expect(problem("e30===")?.kind == .notBase64)
        #expect(problem("e3%")?.message == "not Base64: '%' is not followed by two hex digits")
    }

    @Test func decodedBytesMustBeUTF8() throws {
        let bytes: [UInt8] = [0x7B, 0xFF, 0x7D]
        let found = try #require(problem(Data(bytes).base64EncodedString()))
        #expect(found.kind == .notUTF8)
        #expect(found.decodedOffset == 1)
        #expect(found.sourceOffset == 1)
    }

    @Test func invalidJSONPointsIntoTheDecodedTextAndTheBase64() throws {
        let found = try #require(problem(base64(#"{"step":"#)))
        #expect(found.kind == .invalidJSON)
        #expect(found.message == "the decoded payload is not valid JSON: unexpected end of input: expected a value")
        #expect(found.decodedOffset == 8)
        #expect(found.sourceOffset == 10)
    }

    static let structureCases: [PayloadProblemCase] = [
        .init(
            json: "[]", kind: .rootNotObject, path: "",
            message: "the payload must be a JSON object with a 'step', found an array"),
        .init(json: #"{"children":[]}"#, kind: .missingStep, path: "", message: "the payload has no 'step'"),
        .init(
            json: #"{"step":{}}"#, kind: .stepKindCount, path: "step",
            message: "'step' names no kind: expected one of 'transition', 'change', 'push', 'present'"),
        .init(
            json: #"{"step":{"push":{"path":{"a":{}}},"present":{"destination":{"b":{}}}}}"#, kind: .stepKindCount,
            path: "step", message: "'step' names 2 kinds ('push', 'present'): a step does exactly one thing"),
        .init(
            json: #"{"step":{"dismiss":{"modal":{"x":{}}}}}"#, kind: .unknownStepKind, path: "step.dismiss",
            message: "unknown step kind 'dismiss': expected one of 'transition', 'change', 'push', 'present'"),
        .init(
            json: #"{"step":{"push":{"destination":{"a":{}}}}}"#, kind: .wrongWrapperKey, path: "step.push",
            message: "a 'push' step wraps its target in 'path', found 'destination'"),
        .init(
            json: #"{"step":{"present":{}}}"#, kind: .wrongWrapperKey, path: "step.present",
            message: "a 'present' step wraps its target in 'destination', found nothing"),
        .init(
            json: #"{"step":{"push":{"path":{}}}}"#, kind: .targetCount, path: "step.push.path",
            message: "'step.push.path' must name exactly one target, found 0"),
        .init(
            json: #"{"step":{"transition":{"flow":{"tabs":{}}}},"children":{}}"#, kind: .childrenNotArray,
            path: "children", message: "'children' must be an array, found an object"),
        .init(
            json: #"{"step":{"push":{"path":{"a":1}}}}"#, kind: .wrongType, path: "step.push.path.a",
            message: "the target 'a' must be an object of fields, found a number"),
        .init(
            json: #"{"step":{"transition":{"flow":{"tabs":{}}}},"children":[{"step":{"change":{"tab":{"home":{}}}}},"#
                + #"{"step":{"close":{}}}]}"#,
            kind: .unknownStepKind, path: "children[1].step.close",
            message: "unknown step kind 'close': expected one of 'transition', 'change', 'push', 'present'"),
        .init(
            json: #"{"step":{"transition":{"flow":{"tabs":{}}}},"children":["home"]}"#, kind: .wrongType,
            path: "children[0]", message: "'children[0]' must be an object with a 'step', found a string"),
    ]

    @Test(arguments: structureCases)
    func structuralProblemsNameTheirKindAndPath(_ testCase: PayloadProblemCase) throws {
        let found = try #require(problem(base64(testCase.json)))
        #expect(found.kind == testCase.kind)
        #expect(found.jsonPath == testCase.path)
        #expect(found.message == testCase.message)
        let offset = try #require(found.decodedOffset)
        #expect(offset < testCase.json.utf8.count)
        #expect(found.sourceOffset != nil)
    }

    @Test func credentialNamesAreRecognised() {
        for key in ["token", "authToken", "access_token", "password", "userPassword", "secret", "clientSecret", "apiKey", "API-KEY"] {
            #expect(PayloadCredential.looksLikeCredential(key: key), "\(key)")
        }
        for key in ["key", "origin", "id", "tokens_count", "secretary", "username", "passage"] {
            #expect(!PayloadCredential.looksLikeCredential(key: key), "\(key)")
        }
    }

    @Test func credentialsAnywhereInThePayloadAreFound() throws {
        let json = #"{"step":{"push":{"path":{"pay":{"card":{"pin":"1","password":"x"},"items":[{"apiKey":"k"}]}}}},"token":"t"}"#
        let payload = try NavigationPayload.decode(base64: base64(json)).get()
        #expect(
            payload.credentials.map(\.jsonPath) == [
                "step.push.path.pay.card.password", "step.push.path.pay.items[0].apiKey", "token",
            ])
        // The step walk sees the target's fields only.
        #expect(payload.root.credentials.count == 2)
    }
}
