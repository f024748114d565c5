import Foundation
import PackagePlugin

/// `swift package lint-links [ARGUMENTS…]`: runs `linkrules lint` in the package's folder, passing the arguments
/// through, so an app's package lints its deep-link catalogues with the linkrules version it depends on.
///
/// When the arguments name no YAML file and the package has no `.linkrules.yml` choosing its catalogues, the
/// plugin finds them by name (`links.yml`, `deeplinks.yml`, `*.links.yml`, also `.yaml`) outside hidden folders
/// and `.build`, as the pre-commit hook does.
@main
struct LintLinks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "linkrules")
        let folder = context.package.directoryURL
        var lintArguments = ["lint"] + arguments
        if needsDiscovery(arguments, in: folder) {
            let catalogues = CatalogueFinder.catalogues(in: folder)
            guard !catalogues.isEmpty else {
                throw LintLinksError.noCatalogue(folder.path)
            }
            lintArguments += catalogues
        }

        let process = Process()
        process.executableURL = tool.url
        process.arguments = lintArguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LintLinksError.lintFailed(status: process.terminationStatus)
        }
    }

    /// Whether the plugin must name the catalogues: no YAML file among the arguments (a catalogue or `--config`),
    /// no request for help, and no `.linkrules.yml` in the package.
    private func needsDiscovery(_ arguments: [String], in folder: URL) -> Bool {
        let namesYAML = arguments.contains { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }
        let asksForHelp = arguments.contains { $0 == "-h" || $0 == "--help" || $0 == "--version" }
        let configured = FileManager.default.fileExists(atPath: folder.appendingPathComponent(".linkrules.yml").path)
        return !namesYAML && !asksForHelp && !configured
    }
}

/// Why the plugin failed; SwiftPM prints the description.
enum LintLinksError: Error, CustomStringConvertible {
    case noCatalogue(String)
    case lintFailed(status: Int32)

    var description: String {
        switch self {
        case .noCatalogue(let folder):
            "no catalogue found in '\(folder)': name one (swift package lint-links links.yml) or list them under 'catalogues:' in .linkrules.yml"
        case .lintFailed(let status):
            "linkrules lint exited with status \(status)\(status == 1 ? ": the findings above fail the run" : "")"
        }
    }
}

/// Finds catalogue files by name under a package's folder.
enum CatalogueFinder {
    /// Paths relative to `folder`, sorted.
    static func catalogues(in folder: URL) -> [String] {
        let keys: [URLResourceKey] = [.isRegularFileKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return []
        }
        var found: [String] = []
        let base = folder.standardizedFileURL.path
        for case let url as URL in walker {
            let name = url.lastPathComponent
            if name == ".build" || name == "Packages" {
                walker.skipDescendants()
                continue
            }
            guard isCatalogueName(name), (try? url.resourceValues(forKeys: Set(keys)).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            found.append(path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path)
        }
        return found.sorted()
    }

    /// `links.yml`, `deeplinks.yml` or `NAME.links.yml` (or `.yaml`): the pre-commit hook's `files:` pattern.
    static func isCatalogueName(_ name: String) -> Bool {
        for suffix in [".yml", ".yaml"] where name.hasSuffix(suffix) {
            let stem = name.dropLast(suffix.count)
            return stem == "links" || stem == "deeplinks" || (stem.hasSuffix(".links") && stem.count > ".links".count)
        }
        return false
    }
}
