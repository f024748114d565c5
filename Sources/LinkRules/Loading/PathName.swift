/// Lexical operations on POSIX path names (joining, parent folder, last component, normalizing `.`, `..` and
/// repeated slashes), so the library needs no Foundation path bridging. Nothing here touches the file system.
public enum PathName {
    /// Whether `path` starts at the root.
    static func isAbsolute(_ path: String) -> Bool { path.hasPrefix("/") }

    /// `path` inside `directory`: one slash between them; an absolute `path` is returned as it is.
    public static func join(_ directory: String, _ path: String) -> String {
        if isAbsolute(path) || directory.isEmpty { return path }
        if path.isEmpty { return directory }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// The folder that holds `path`: `/a/b` → `/a`, `/a` → `/`, `a` → `` (empty), trailing slashes ignored.
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// The last component of `path`: `/a/b.yml` → `b.yml`, trailing slashes ignored.
    public static func lastComponent(of path: String) -> String {
        let components = path.split(separator: "/")
        return components.last.map(String.init) ?? (isAbsolute(path) ? "/" : "")
    }

    /// `path` without empty and `.` components, with each `..` removing the component before it (at the root
    /// it stays at the root; a relative path keeps the `..` it cannot resolve), and without a trailing slash.
    static func normalized(_ path: String) -> String {
        let absolute = isAbsolute(path)
        var kept: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == ".." {
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                    continue
                }
                if absolute { continue }
            }
            kept.append(component)
        }
        let joined = kept.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? (path.isEmpty ? "" : ".") : joined
    }

    /// `path` as seen from `directory` (`a/b/c.xml` from `a` is `b/c.xml`, from `d` is `../a/b/c.xml`); `path`
    /// normalized as it is when one is absolute and the other not, or `directory` climbs out with `..`.
    static func relative(_ path: String, from directory: String) -> String {
        let target = normalized(path)
        let base = directory.isEmpty ? "." : normalized(directory)
        guard isAbsolute(target) == isAbsolute(base), !base.split(separator: "/").contains("..") else { return target }
        let targetParts = target.split(separator: "/").filter { $0 != "." }
        let baseParts = base.split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < targetParts.count, common < baseParts.count, targetParts[common] == baseParts[common] { common += 1 }
        let up = Array(repeating: Substring(".."), count: baseParts.count - common)
        return (up + targetParts[common...]).joined(separator: "/")
    }
}
