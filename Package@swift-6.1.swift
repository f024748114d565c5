// swift-tools-version: 6.1
// The manifest Swift 6.1 reads; Package.swift (tools version 6.2) is the same package with the executable's Swift
// runtime linked statically in Linux release builds.
import PackageDescription

let package = Package(
    name: "linkrules",
    // macOS 15: the Synchronization module (Mutex, Atomic); Xcode 16.3, the first with Swift 6.1, needs macOS 15 too.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LinkRules", targets: ["LinkRules"]),
        .executable(name: "linkrules", targets: ["linkrules"]),
        .plugin(name: "LintLinks", targets: ["LintLinks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // The C library's allocator settings, for the executable (SystemCalls.swift); an empty module off glibc.
        .systemLibrary(name: "CAllocator"),
        .target(
            name: "LinkRules",
            dependencies: ["CYAML"]
        ),
        .executableTarget(
            name: "linkrules",
            dependencies: [
                "LinkRules",
                "CAllocator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "LintLinks",
            capability: .command(
                intent: .custom(verb: "lint-links", description: "Lint the package's deep-link catalogues with linkrules")
            ),
            dependencies: ["linkrules"]
        ),
        .testTarget(
            name: "LinkRulesTests",
            dependencies: [
                "LinkRules",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        // README.md's library example, built with a plain `import LinkRules`: only the public API.
        .testTarget(
            name: "LinkRulesAPITests",
            dependencies: ["LinkRules"]
        ),
    ]
)
