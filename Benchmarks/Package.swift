// swift-tools-version: 6.1
import PackageDescription

/// Release builds on Linux only.
let linuxRelease = BuildSettingCondition.when(platforms: [.linux], configuration: .release)

/// The performance benchmark: a seeded catalogue generator and the raw libyaml scan that is the
/// floor `linkrules lint` is measured against. `scripts/benchmark.sh` at the repository root runs it.
let package = Package(
    name: "LinkRulesBenchmarks",
    products: [
        .executable(name: "catalogue-generator", targets: ["catalogue-generator"]),
        .executable(name: "raw-scan", targets: ["raw-scan"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "CatalogueGeneration"),
        .executableTarget(
            name: "catalogue-generator",
            dependencies: ["CatalogueGeneration"]
        ),
        // Linked as `linkrules` is with Swift 6.2 or later (the root package's release builds on Linux link the
        // Swift runtime statically), so that the floor does not carry a dynamic loader's work the tool does not.
        .executableTarget(
            name: "raw-scan",
            dependencies: ["CLibYAML"],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], linuxRelease)],
            linkerSettings: [.unsafeFlags(["-static-stdlib"], linuxRelease)]
        ),
        .testTarget(
            name: "CatalogueGenerationTests",
            dependencies: ["CatalogueGeneration"]
        ),
    ]
)
