// swift-tools-version: 6.2
// Swift 6.1 reads Package@swift-6.1.swift, the same package without the statically linked runtime below (unsafe
// flags in a package used as a dependency are allowed from tools version 6.2 on).
import PackageDescription

/// The executable's release builds on Linux link the Swift runtime, Foundation Essentials and Dispatch statically:
/// the binary that pre-commit and `swift build -c release` make keeps working when the toolchain it was built with
/// is upgraded or moved, starts without resolving the runtime's libraries, and maps only the runtime code it uses
/// (about 3.3 MB less resident memory on every run; see Benchmarks/README.md). Debug builds, the tests and the
/// SwiftPM plugin's tool (built in debug unless the plugin is run with `-c release`) link dynamically.
///
/// The executable's module is compiled against the static libraries' modules too, which name the libraries those
/// need in turn (`_FoundationCShims` and others). The library is not: a package linking it into its own
/// dynamically linked program would look for those static-only libraries.
let linuxRelease = BuildSettingCondition.when(platforms: [.linux], configuration: .release)
let staticallyLinkedRuntime: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], linuxRelease)]
let compiledForStaticRuntime: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], linuxRelease)]

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
            ],
            swiftSettings: compiledForStaticRuntime,
            linkerSettings: staticallyLinkedRuntime
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
