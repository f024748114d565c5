extension LintContext {
    /// The position in `catalogue.params` of the parameter declared by `name`, compared lowercased (as
    /// `catalogue.param(named:)`). A position rather than the declaration: rules read its role, and copy the
    /// declaration out only for a finding. Out of line for the reason `declaredComponent(named:)` is: inlined into a
    /// rule, the look-up copied the whole catalogue struct out of the context for every name it was asked.
    @inline(never)
    func declaredParamPosition(named name: String) -> Int? {
        catalogue.paramPosition(named: name.lowercasedASCIIIfNeeded)
    }

    /// Whether a parameter is declared by that name (as `declaredParamPosition(named:)` finds it) with a role.
    func hasDeclaredRole(named name: String) -> Bool {
        declaredParamPosition(named: name).map { catalogue.params[$0].role != nil } ?? false
    }
}
