// swift-tools-version: 6.1
import PackageDescription

/// The performance benchmark of issue 7: a seeded catalogue generator and the raw libyaml scan that is the
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
        .executableTarget(
            name: "raw-scan",
            dependencies: ["CLibYAML"]
        ),
        .testTarget(
            name: "CatalogueGenerationTests",
            dependencies: ["CatalogueGeneration"]
        ),
    ]
)
