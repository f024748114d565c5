import Foundation
import PropertyBased
import Testing
@testable import LinkRules

/// A fix write interrupted at any step (a crash, a full disk, a killed process) leaves the original catalogue
/// intact and no temporary file behind.
@Suite struct InterruptedWriteTests {
    struct Interrupted: Error {}

    @Test func anInterruptionAtAnyStepLeavesTheOriginalIntact() async throws {
        let text = Gen.letterOrNumber.string(of: 0...200)
        let step = Gen.int(in: 0...(AtomicFileWriter.WriteStep.allCases.count - 1))
        await propertyCheck(count: 60, input: text, text, step) { originalText, newText, stepIndex in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-interrupt-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("links.yml").path
            let original = Array("version: 1\nlinks:\n  - url: her://\(originalText)\n".utf8)
            try Data(original).write(to: URL(fileURLWithPath: path))
            let interruption = AtomicFileWriter.WriteStep.allCases[stepIndex]

            #expect(throws: Interrupted.self) {
                try AtomicFileWriter.replace(
                    path: path, expectedOriginal: original, with: Array("version: 1\n# \(newText)\n".utf8)
                ) { step in
                    if step == interruption { throw Interrupted() }
                }
            }
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == original, "interrupted at \(interruption)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["links.yml"])
        }
    }

    @Test func anUninterruptedWriteReachesEveryStep() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkrules-steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("links.yml").path
        try Data("a\n".utf8).write(to: URL(fileURLWithPath: path))
        var reached: [AtomicFileWriter.WriteStep] = []
        try AtomicFileWriter.replace(path: path, expectedOriginal: Array("a\n".utf8), with: Array("b\n".utf8)) { reached.append($0) }
        #expect(reached == AtomicFileWriter.WriteStep.allCases)
        #expect(FileManager.default.contents(atPath: path) == Data("b\n".utf8))
    }
}
