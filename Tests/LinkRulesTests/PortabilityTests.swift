import Foundation
import Testing

/// The package builds on macOS with Xcode's toolchain as on Linux (glibc or musl): every import of a platform's C
/// library or of Foundation Essentials is guarded by `#if canImport(…)` with the other platforms' alternatives, and
/// no glibc-only API is used. Checked on the sources themselves, since no macOS machine runs these tests.
@Suite struct PortabilityTests {
    /// The package's root, two folders above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file of the package's sources, plugin, tests, benchmarks and fuzzers, but this one.
    static func swiftFiles() throws -> [(path: String, lines: [Substring])] {
        var found: [(String, [Substring])] = []
        for folder in ["Sources", "Plugins", "Tests", "Benchmarks", "Fuzz"] {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker {
                if url.lastPathComponent.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                guard url.pathExtension == "swift", url.path != #filePath else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                found.append((url.path, text.split(separator: "\n", omittingEmptySubsequences: false)))
            }
        }
        return found
    }

    /// The modules that exist on some platforms only, and the alternatives a guarded import of each must offer.
    static let platformModules: [String: [String]] = [
        "Glibc": ["Glibc", "Darwin", "Musl"], "Darwin": ["Glibc", "Darwin", "Musl"], "Musl": ["Glibc", "Darwin", "Musl"],
        "FoundationEssentials": ["FoundationEssentials"],
    ]

    /// The problems with the platform imports of one file's lines.
    static func importProblems(in lines: [Substring]) -> [String] {
        var problems: [String] = []
        for (index, line) in lines.enumerated() {
            let words = line.split(separator: " ")
            guard words.count == 2, words[0] == "import", let alternatives = platformModules[String(words[1])] else {
                continue
            }
            let module = String(words[1])
            let guardLine = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            guard guardLine == "#if canImport(\(module))" || guardLine == "#elseif canImport(\(module))" else {
                problems.append("line \(index + 1): 'import \(module)' is not guarded by '#if canImport(\(module))'")
                continue
            }
            // The guarded block, from its `#if` to its `#endif`, offers every alternative.
            let start = lines[..<index].lastIndex { $0.hasPrefix("#if ") } ?? index
            let end = lines[index...].firstIndex { $0.hasPrefix("#endif") } ?? index
            let block = lines[start...end].joined(separator: "\n")
            for alternative in alternatives where !block.contains("canImport(\(alternative))") {
                problems.append("line \(index + 1): the imports guarded with 'import \(module)' have no '\(alternative)' case")
            }
            if module == "FoundationEssentials", !block.contains("import Foundation\n") {
                problems.append("line \(index + 1): no 'import Foundation' where Foundation Essentials is missing (macOS)")
            }
        }
        return problems
    }

    /// Names of glibc's own, absent from Darwin's and musl's C libraries or laid out differently there.
    static let glibcOnly = [
        "Glibc.", "_sifields", "__sigaction_handler", "program_invocation_name", "__errno_location", "O_TMPFILE",
        "renameat2", "memrchr", "mremap", "pipe2(", "accept4(", "SOCK_CLOEXEC", "MAP_POPULATE", "get_nprocs",
    ]

    /// Names of glibc's allocator (`<malloc.h>`, through the `CAllocator` module), which only a block under
    /// `#if canImport(Glibc)` may use: Darwin and musl have no `mallopt`.
    static let glibcAllocatorNames = ["mallopt", "M_TOP_PAD", "M_TRIM_THRESHOLD", "M_MMAP_THRESHOLD", "malloc_trim"]

    /// The lines of one file's code that use glibc's allocator outside a `#if canImport(Glibc)` block.
    static func unguardedAllocatorUses(in lines: [Substring]) -> [String] {
        var problems: [String] = []
        var conditions: [String] = []
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("#if ") {
                conditions.append(code)
            } else if code.hasPrefix("#elseif ") || code.hasPrefix("#else") {
                if !conditions.isEmpty { conditions[conditions.count - 1] = code }
            } else if code.hasPrefix("#endif") {
                _ = conditions.popLast()
            } else if !code.hasPrefix("//"), !conditions.contains(where: { $0.hasSuffix("canImport(Glibc)") }) {
                if let name = glibcAllocatorNames.first(where: { code.contains($0) }) {
                    problems.append("line \(index + 1): '\(name)' is used outside '#if canImport(Glibc)'")
                }
            }
        }
        return problems
    }

    @Test func glibcsAllocatorIsUsedOnlyWhereGlibcIs() throws {
        for (path, lines) in try Self.swiftFiles() {
            for problem in Self.unguardedAllocatorUses(in: lines) { Issue.record("\(path): \(problem)") }
        }
        #expect(Self.unguardedAllocatorUses(in: ["_ = mallopt(M_TOP_PAD, 1)"]).count == 1)
        #expect(Self.unguardedAllocatorUses(in: ["#if canImport(Darwin)", "_ = mallopt(M_TOP_PAD, 1)", "#endif"]).count == 1)
        #expect(
            Self.unguardedAllocatorUses(in: ["#if canImport(Darwin)", "#elseif canImport(Glibc)", "_ = mallopt(M_TOP_PAD, 1)", "#endif"])
                .isEmpty)
        #expect(Self.unguardedAllocatorUses(in: ["#if canImport(Glibc)", "_ = mallopt(M_TOP_PAD, 1)", "#endif"]).isEmpty)
    }

    @Test func everyPlatformImportIsGuardedWithEveryPlatformsAlternative() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100)
        for (path, lines) in files {
            for problem in Self.importProblems(in: lines) { Issue.record("\(path): \(problem)") }
        }
    }

    @Test func noGlibcOnlyAPIIsUsed() throws {
        for (path, lines) in try Self.swiftFiles() {
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for name in Self.glibcOnly where line.contains(name) {
                    Issue.record("\(path):\(index + 1): '\(name)' is glibc's only")
                }
            }
        }
    }

    /// The check itself finds what it is meant to find.
    @Test func theCheckFindsAnUnguardedOrIncompleteImport() {
        #expect(Self.importProblems(in: ["import Glibc"]).count == 1)
        #expect(Self.importProblems(in: ["import FoundationEssentials"]).count == 1)
        #expect(Self.importProblems(in: ["#if canImport(Glibc)", "import Glibc", "#elseif canImport(Darwin)", "import Darwin", "#endif"]).count == 2)
        #expect(
            Self.importProblems(in: [
                "#if canImport(Darwin)", "import Darwin", "#elseif canImport(Glibc)", "import Glibc", "#elseif canImport(Musl)",
                "import Musl", "#endif",
            ]).isEmpty)
        #expect(
            Self.importProblems(in: ["#if canImport(FoundationEssentials)", "import FoundationEssentials", "#else", "import Foundation", "#endif"])
                .isEmpty)
    }
}
