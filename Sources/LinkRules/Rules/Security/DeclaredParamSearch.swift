extension LintContext {
    /// The position in `catalogue.params` of `catalogue.param(named: name.lowercasedASCIIIfNeeded)`, for rules
    /// that ask it of every query item: a short list of declared parameters is searched in order, comparing ASCII
    /// bytes ignoring case, rather than hashing a lowercased name; a longer list, or a name outside ASCII, goes
    /// through the catalogue's index. A position rather than the declaration: rules read its role in place, and
    /// copy the declaration out only for a finding.
    func declaredParamPosition(named name: String) -> Int? {
        let params = catalogue.params
        if params.count <= 8, let found = Self.searchParams(params, for: name) { return found }
        return catalogue.paramPosition(named: name.lowercasedASCIIIfNeeded)
    }

    /// Whether a parameter is declared by that name (as `declaredParamPosition(named:)` finds it) with a role.
    func hasDeclaredRole(named name: String) -> Bool {
        declaredParamPosition(named: name).map { catalogue.params[$0].role != nil } ?? false
    }

    /// The position of the first of `params` whose name equals `name` ignoring ASCII case (`.some(nil)` for
    /// none), or nil when a byte outside ASCII means names must be compared through `lowercased()`.
    private static func searchParams(_ params: [ParamSpec], for name: String) -> Int?? {
        let answer = name.utf8.withContiguousStorageIfAvailable { wanted -> Int?? in
            for byte in wanted where byte >= 0x80 { return nil }
            for position in params.indices {
                let equal = params[position].name.value.utf8.withContiguousStorageIfAvailable { declared -> Bool? in
                    // A name outside ASCII may lowercase to a name of another length.
                    guard declared.count == wanted.count else { return isASCII(declared) ? false : nil }
                    for index in declared.indices {
                        let byte = declared[index]
                        if byte >= 0x80 { return nil }
                        if asciiLowercased(byte) != asciiLowercased(wanted[index]) { return isASCII(declared) ? false : nil }
                    }
                    return true
                }
                switch equal {
                case .some(.some(true)): return .some(position)
                case .some(.some(false)): continue
                default: return nil
                }
            }
            return .some(nil)
        }
        return answer ?? nil
    }
}
