import Foundation
import PackagePlugin

/// `swift package lint-links [ARGUMENTS…]`: runs `linkrules lint` in the package's folder, passing the arguments
/// through, so an app's package lints its deep-link catalogues with the linkrules version it depends on.
///
/// With no catalogue named and no `.linkrules.yml` listing them, `linkrules lint` itself finds them by name
/// (`links.yml`, `deeplinks.yml`, `*.links.yml`, also `.yaml`) outside hidden folders and `.build`, as the
/// pre-commit hook matches them: one discovery (`CatalogueDiscovery` in the library), not a copy here.
@main
struct LintLinks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "linkrules")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw LintLinksError.lintFailed(status: process.terminationStatus)
        }
    }
}

/// Why the plugin failed; SwiftPM prints the description.
enum LintLinksError: Error, CustomStringConvertible {
    case lintFailed(status: Int32)

    var description: String {
        switch self {
        case .lintFailed(let status):
            "linkrules lint exited with status \(status)\(status == 1 ? ": the findings above fail the run" : "")"
        }
    }
}
