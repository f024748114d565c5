/// The navigation actions a payload step can take (the Coordinator playground), each wrapping its target in one fixed key.
enum StepKind: String, CaseIterable, Hashable, Sendable {
    /// Switches to another flow: `{"transition": {"flow": {"tabs": {}}}}`.
    case transition
    /// Selects a tab: `{"change": {"tab": {"home": {}}}}`.
    case change
    /// Pushes a screen on the current stack: `{"push": {"path": {"screenA": {}}}}`.
    case push
    /// Presents a modal: `{"present": {"destination": {"account": {}}}}`.
    case present

    /// The key that wraps the step's target.
    var wrapperKey: String {
        switch self {
        case .transition: return "flow"
        case .change: return "tab"
        case .push: return "path"
        case .present: return "destination"
        }
    }
}

/// One node of a decoded navigation payload (the Coordinator playground): what it does to which target, the target's fields, the
/// steps that follow it, and where it sits in the decoded JSON.
struct NavigationStep: Hashable, Sendable {
    var kind: StepKind
    /// The target's name (`tabs`, `home`, `screenA`, `account`).
    var target: String
    /// The target's fields in order (`{"screenB": {"id": 1}}` has the field `id`).
    var fields: [JSONMember]
    var children: [NavigationStep]
    /// The node's object (`{"step": …, "children": …}`) in the decoded JSON bytes.
    var range: Range<Int>
    /// The target's key in the decoded JSON bytes.
    var targetRange: Range<Int>
    /// Where the node is: empty for the root, else like `children[0].children[3]`.
    var jsonPath: String

    init(
        kind: StepKind, target: String, fields: [JSONMember] = [], children: [NavigationStep] = [],
        range: Range<Int>, targetRange: Range<Int>, jsonPath: String
    ) {
        self.kind = kind
        self.target = target
        self.fields = fields
        self.children = children
        self.range = range
        self.targetRange = targetRange
        self.jsonPath = jsonPath
    }

    /// Decodes a Base64 payload (standard or URL-safe alphabet, padded or not, `=` `+` `/` possibly
    /// percent-encoded) into its root step.
    static func decode(base64: String) -> Result<NavigationStep, PayloadProblem> {
        NavigationPayload.decode(base64: base64).map(\.root)
    }

    /// The JSON path of this step's target object (`children[0].step.push.path.screenA`).
    var targetPath: String {
        PayloadJSONPath.appending(key: target, to: "\(PayloadJSONPath.appending(key: "step", to: jsonPath)).\(kind.rawValue).\(kind.wrapperKey)")
    }

    /// Visits this step and every step below it, parents before children, in document order.
    func walk(_ visit: (NavigationStep) throws -> Void) rethrows {
        try visit(self)
        for child in children { try child.walk(visit) }
    }

    /// This step and every step below it, in document order.
    var allSteps: [NavigationStep] {
        var steps: [NavigationStep] = []
        walk { steps.append($0) }
        return steps
    }

    /// Every `present` step in this tree that is followed by `push` steps among its children: the situation
    /// the `modal-terminal` rule looks at (the HER app's deep-link guide says modals are terminal; the Coordinator playground's account modal is not).
    var modalContinuations: [ModalContinuation] {
        allSteps.compactMap { step in
            guard step.kind == .present else { return nil }
            let pushes = step.children.filter { $0.kind == .push }
            return pushes.isEmpty ? nil : ModalContinuation(present: step, pushes: pushes)
        }
    }

    /// Every field in this tree's targets whose key looks like a credential, with its JSON path.
    var credentials: [PayloadCredential] {
        var found: [PayloadCredential] = []
        walk { step in
            for field in step.fields {
                PayloadCredential.collect(in: field, path: step.targetPath, into: &found)
            }
        }
        return found
    }
}

/// A `present` step and the `push` steps that follow it inside the modal.
struct ModalContinuation: Hashable, Sendable {
    var present: NavigationStep
    var pushes: [NavigationStep]

    init(present: NavigationStep, pushes: [NavigationStep]) {
        self.present = present
        self.pushes = pushes
    }
}

/// A key in a payload that looks like it carries a credential (token, password, secret, API key), where it is.
struct PayloadCredential: Hashable, Sendable {
    var key: String
    /// Like `children[0].children[3].step.present.destination.account.authToken`.
    var jsonPath: String
    /// The key in the decoded JSON bytes.
    var keyRange: Range<Int>
    var value: JSONValue

    init(key: String, jsonPath: String, keyRange: Range<Int>, value: JSONValue) {
        self.key = key
        self.jsonPath = jsonPath
        self.keyRange = keyRange
        self.value = value
    }

    static let credentialNames: Set<String> = [
        "token", "password", "passwd", "pwd", "secret", "apikey", "accesskey", "secretkey", "privatekey",
        "credential", "credentials", "sessionid",
    ]
    static let credentialSuffixes = ["token", "secret", "password", "passwd", "apikey", "privatekey"]
    /// `credentialSuffixes`, matched against names without normalizing them first.
    static let credentialSuffixNames = NormalizedNames(credentialSuffixes)

    /// Whether a key or parameter name looks like a credential: `token`, `password`, `secret`, `apiKey` and
    /// names ending in token, secret or password (`authToken`, `client_secret`), ignoring case, `_` and `-`.
    static func looksLikeCredential(key: String) -> Bool {
        looksLikeCredential(normalizedKey: normalizedName(key))
    }

    /// `looksLikeCredential(key:)` for a name already lowercased and stripped of `_`, `-` and `.`.
    static func looksLikeCredential(normalizedKey normalized: String) -> Bool {
        if credentialNames.contains(normalized) { return true }
        return credentialSuffixes.contains { normalized.hasSuffix($0) }
    }

    /// A name lowercased, without `_`, `-` and `.`: how credential and URL names are compared. ASCII names are
    /// folded byte by byte.
    static func normalizedName(_ name: some StringProtocol) -> String {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != "." }))
        }
        // Written straight into the string's storage (none for a name of up to 15 bytes, the usual case): names are
        // normalized for every query item of every link.
        return String(unsafeUninitializedCapacity: bytes.count) { folded in
            var count = 0
            for byte in bytes where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
                folded[count] = asciiLowercased(byte)
                count += 1
            }
            return count
        }
    }

    /// Whether `normalizedName(name)` is `normalized` (a name already normalized): an ASCII name is compared byte by
    /// byte as it would be folded, without making the folded string; rules ask it of every query item.
    static func normalizedName(_ name: String, equals normalized: String) -> Bool {
        let folded = name.withUTF8InPlace { bytes -> Bool? in
            guard isASCII(bytes) else { return nil }
            return normalized.withUTF8InPlace { target in
                var matched = 0
                for byte in bytes where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
                    guard matched < target.count, target[matched] == asciiLowercased(byte) else { return false }
                    matched += 1
                }
                return matched == target.count
            }
        }
        return folded ?? (normalizedName(name) == normalized)
    }

    /// Collects a member whose key looks like a credential, and any inside its value.
    static func collect(in member: JSONMember, path: String, into found: inout [PayloadCredential]) {
        let memberPath = PayloadJSONPath.appending(key: member.key, to: path)
        if looksLikeCredential(key: member.key) {
            found.append(PayloadCredential(key: member.key, jsonPath: memberPath, keyRange: member.keyRange, value: member.value))
        }
        collect(in: member.value, path: memberPath, into: &found)
    }

    static func collect(in value: JSONValue, path: String, into found: inout [PayloadCredential]) {
        switch value {
        case .object(let members, _):
            for member in members { collect(in: member, path: path, into: &found) }
        case .array(let elements, _):
            for (index, element) in elements.enumerated() {
                collect(in: element, path: "\(path)[\(index)]", into: &found)
            }
        default:
            break
        }
    }
}

/// Why a payload could not be read as a navigation step tree, and where: in the decoded JSON (`decodedOffset`,
/// `jsonPath`) and in the Base64 text it came from (`sourceOffset`, a UTF-8 offset into that text).
struct PayloadProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem, so rules and tests need not compare message text.
    enum Kind: String, Hashable, Sendable, CaseIterable {
        case notBase64
        case notUTF8
        case invalidJSON
        case rootNotObject
        case missingStep
        /// A `step` naming no kind, or several.
        case stepKindCount
        case unknownStepKind
        /// A step whose target is not wrapped in its kind's key (`push` needs `path`).
        case wrongWrapperKey
        /// A wrapper naming no target, or several.
        case targetCount
        case childrenNotArray
        /// Any other value of the wrong JSON type (a child that is not an object, a target that is not one).
        case wrongType
    }

    var kind: Kind
    var message: String
    var jsonPath: String?
    var decodedOffset: Int?
    var sourceOffset: Int?

    init(kind: Kind, message: String, jsonPath: String? = nil, decodedOffset: Int? = nil, sourceOffset: Int? = nil) {
        self.kind = kind
        self.message = message
        self.jsonPath = jsonPath
        self.decodedOffset = decodedOffset
        self.sourceOffset = sourceOffset
    }

    var description: String { message }
}

/// A decoded navigation payload: the JSON text the Base64 carried, its document, and its step tree.
struct NavigationPayload: Hashable, Sendable {
    /// The decoded bytes (UTF-8 JSON text).
    var json: [UInt8]
    var document: JSONValue
    var root: NavigationStep
    /// For each Base64 symbol, its UTF-8 offset in the text the payload was decoded from.
    var symbolOffsets: [Int]

    /// Decodes a Base64 payload (standard or URL-safe alphabet, padded or not, `=` `+` `/` possibly
    /// percent-encoded as `%3D` `%2B` `%2F`) and reads its step tree.
    static func decode(base64: String) -> Result<NavigationPayload, PayloadProblem> {
        let decoded: Base64Payload.Decoded
        switch Base64Payload.decode(base64) {
        case .success(let value): decoded = value
        case .failure(let problem): return .failure(problem)
        }
        let map = { (offset: Int) -> Int? in Base64Payload.sourceOffset(ofDecodedByte: offset, symbolOffsets: decoded.symbolOffsets) }
        if let invalid = JSONDocument.firstInvalidUTF8Offset(in: decoded.bytes) {
            return .failure(
                PayloadProblem(
                    kind: .notUTF8, message: "the decoded payload is not UTF-8 text (invalid byte at offset \(invalid))",
                    decodedOffset: invalid, sourceOffset: map(invalid)))
        }
        switch decode(json: decoded.bytes) {
        case .success(var payload):
            payload.symbolOffsets = decoded.symbolOffsets
            return .success(payload)
        case .failure(var problem):
            problem.sourceOffset = problem.decodedOffset.flatMap(map)
            return .failure(problem)
        }
    }

    /// Reads a step tree from JSON bytes that are already decoded.
    static func decode(json: [UInt8]) -> Result<NavigationPayload, PayloadProblem> {
        let document: JSONValue
        do {
            document = try JSONDocument.parse(json)
        } catch {
            return .failure(
                PayloadProblem(
                    kind: .invalidJSON, message: "the decoded payload is not valid JSON: \(error.message)",
                    decodedOffset: error.byteOffset))
        }
        guard document.members != nil else {
            return .failure(
                PayloadProblem(
                    kind: .rootNotObject,
                    message: "the payload must be a JSON object with a 'step', found \(document.kindDescription)",
                    jsonPath: "", decodedOffset: document.range.lowerBound))
        }
        return StepTreeReader.readNode(document, path: "").map {
            NavigationPayload(json: json, document: document, root: $0, symbolOffsets: [])
        }
    }

    /// Every key anywhere in the payload that looks like a credential, with its JSON path.
    var credentials: [PayloadCredential] {
        var found: [PayloadCredential] = []
        PayloadCredential.collect(in: document, path: "", into: &found)
        return found
    }

    /// The UTF-8 offset in the Base64 text of the symbol that carries a decoded byte, so a finding inside the
    /// payload can point into the URL; nil when the payload was not decoded from Base64.
    func sourceOffset(ofDecodedByte offset: Int) -> Int? {
        Base64Payload.sourceOffset(ofDecodedByte: offset, symbolOffsets: symbolOffsets)
    }
}

/// Reads the `{"step": {kind: {wrapper: {target: fields}}}, "children": [...]}` structure of the Coordinator playground.
private enum StepTreeReader {
    static func readNode(_ node: JSONValue, path: String) -> Result<NavigationStep, PayloadProblem> {
        func fail(_ kind: PayloadProblem.Kind, _ message: String, at value: JSONValue, path: String)
            -> Result<NavigationStep, PayloadProblem>
        {
            .failure(PayloadProblem(kind: kind, message: message, jsonPath: path, decodedOffset: value.range.lowerBound))
        }
        let place = path.isEmpty ? "the payload" : "'\(path)'"
        guard node.members != nil else {
            return fail(.wrongType, "\(place) must be an object with a 'step', found \(node.kindDescription)", at: node, path: path)
        }
        guard let step = node["step"] else {
            return fail(.missingStep, "\(place) has no 'step'", at: node, path: path)
        }
        let stepPath = PayloadJSONPath.appending(key: "step", to: path)
        guard let kinds = step.members else {
            return fail(.wrongType, "'\(stepPath)' must be an object, found \(step.kindDescription)", at: step, path: stepPath)
        }
        let known = StepKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        guard kinds.count == 1, let kindMember = kinds.first else {
            if kinds.isEmpty {
                return fail(.stepKindCount, "'\(stepPath)' names no kind: expected one of \(known)", at: step, path: stepPath)
            }
            let names = kinds.map { "'\($0.key)'" }.joined(separator: ", ")
            return fail(
                .stepKindCount, "'\(stepPath)' names \(kinds.count) kinds (\(names)): a step does exactly one thing",
                at: step, path: stepPath)
        }
        let kindPath = PayloadJSONPath.appending(key: kindMember.key, to: stepPath)
        guard let kind = StepKind(rawValue: kindMember.key) else {
            return .failure(
                PayloadProblem(
                    kind: .unknownStepKind, message: "unknown step kind '\(kindMember.key)': expected one of \(known)",
                    jsonPath: kindPath, decodedOffset: kindMember.keyRange.lowerBound))
        }
        let wrapper = kindMember.value
        guard let wrapperMembers = wrapper.members else {
            return fail(.wrongType, "'\(kindPath)' must be an object, found \(wrapper.kindDescription)", at: wrapper, path: kindPath)
        }
        guard wrapperMembers.count == 1, let targetWrapper = wrapperMembers.first, targetWrapper.key == kind.wrapperKey else {
            let found = wrapperMembers.isEmpty ? "nothing" : wrapperMembers.map { "'\($0.key)'" }.joined(separator: ", ")
            let offset = wrapperMembers.first(where: { $0.key != kind.wrapperKey })?.keyRange.lowerBound ?? wrapper.range.lowerBound
            return .failure(
                PayloadProblem(
                    kind: .wrongWrapperKey,
                    message: "a '\(kind.rawValue)' step wraps its target in '\(kind.wrapperKey)', found \(found)",
                    jsonPath: kindPath, decodedOffset: offset))
        }
        let wrapperPath = PayloadJSONPath.appending(key: kind.wrapperKey, to: kindPath)
        guard let targets = targetWrapper.value.members else {
            return fail(
                .wrongType, "'\(wrapperPath)' must be an object naming the target, found \(targetWrapper.value.kindDescription)",
                at: targetWrapper.value, path: wrapperPath)
        }
        guard targets.count == 1, let target = targets.first else {
            return fail(
                .targetCount, "'\(wrapperPath)' must name exactly one target, found \(targets.count)",
                at: targetWrapper.value, path: wrapperPath)
        }
        let targetPath = PayloadJSONPath.appending(key: target.key, to: wrapperPath)
        guard let fields = target.value.members else {
            return fail(
                .wrongType, "the target '\(target.key)' must be an object of fields, found \(target.value.kindDescription)",
                at: target.value, path: targetPath)
        }
        var children: [NavigationStep] = []
        if let childrenValue = node["children"] {
            let childrenPath = PayloadJSONPath.appending(key: "children", to: path)
            guard let elements = childrenValue.elements else {
                return fail(
                    .childrenNotArray, "'\(childrenPath)' must be an array, found \(childrenValue.kindDescription)",
                    at: childrenValue, path: childrenPath)
            }
            for (index, element) in elements.enumerated() {
                switch readNode(element, path: "\(childrenPath)[\(index)]") {
                case .success(let child): children.append(child)
                case .failure(let problem): return .failure(problem)
                }
            }
        }
        return .success(
            NavigationStep(
                kind: kind, target: target.key, fields: fields, children: children, range: node.range,
                targetRange: target.keyRange, jsonPath: path))
    }
}

/// Dotted JSON paths (`children[0].step.push`), quoting keys that are not plain names (`["a.b"]`).
enum PayloadJSONPath {
    static func appending(key: String, to path: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "-" || $0 == "$"
        }
        if !plain {
            var escaped = ""
            for character in key {
                if character == "\\" || character == "\"" { escaped.append("\\") }
                escaped.append(character)
            }
            return "\(path)[\"\(escaped)\"]"
        }
        return path.isEmpty ? key : "\(path).\(key)"
    }
}
