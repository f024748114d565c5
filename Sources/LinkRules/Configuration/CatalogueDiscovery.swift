#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Finds catalogues by name when nothing lists them: the convention the pre-commit hooks' `files:` pattern and
/// the SwiftPM plugin share (`links.yml`, `deeplinks.yml`, `NAME.links.yml`, also `.yaml`), outside hidden
/// folders, `.build` and `Packages`.
public enum CatalogueDiscovery {
    /// What discovery looks for, as messages name it.
    public static let convention =
        "links.yml, deeplinks.yml or *.links.yml (or .yaml), outside hidden folders, .build and Packages"

    /// The catalogues under `folder`, as paths relative to it, sorted. Symbolic links are not followed.
    public static func catalogues(in folder: String) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : PathName.join(folder, relative)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = (try? FileManager.default.attributesOfItem(atPath: PathName.join(folder, path)))?[.type]
                    as? FileAttributeType
                if type == .typeDirectory {
                    if name != ".build" && name != "Packages" { pending.append(path) }
                } else if type == .typeRegular, isCatalogueName(name) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// `links.yml`, `deeplinks.yml` or `NAME.links.yml` (or `.yaml`): the pre-commit hooks' `files:` pattern.
    public static func isCatalogueName(_ name: String) -> Bool {
        for suffix in [".yml", ".yaml"] where name.hasSuffix(suffix) {
            let stem = name.dropLast(suffix.count)
            return stem == "links" || stem == "deeplinks" || (stem.hasSuffix(".links") && stem.count > ".links".count)
        }
        return false
    }
}
