// catalogue-generator --links N [--seed S] [--shape planted|findings|renamed-component] --output F
// Writes a seeded, deterministic linkrules catalogue of N links for the benchmark (scripts/benchmark.sh).

import CatalogueGeneration
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Text written through a large buffer to a C stream, so a million links do not mean a million writes.
struct BufferedFileStream: TextOutputStream {
    let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    private static let flushThreshold = 1 << 20

    init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
        buffer.reserveCapacity(Self.flushThreshold + 65_536)
    }

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    /// Writes out what is buffered; false when the stream failed.
    @discardableResult
    mutating func flush() -> Bool {
        let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let complete = written == buffer.count
        buffer.removeAll(keepingCapacity: true)
        return complete
    }
}

/// Writes a message to standard error (the C `stderr` global is not usable from Swift 6 code).
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

let usage = "usage: catalogue-generator --links N [--seed S] [--shape planted|findings|renamed-component] --output FILE"

func fail(_ message: String) -> Never {
    printError("catalogue-generator: \(message)")
    printError(usage)
    exit(2)
}

var linkCount: Int?
var seed: UInt64 = 1
var outputPath: String?
var shape = CatalogueShape.planted
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--links":
        guard let value = arguments.next(), let count = Int(value), count >= 0 else { fail("'--links' needs a count") }
        linkCount = count
    case "--seed":
        guard let value = arguments.next(), let number = UInt64(value) else { fail("'--seed' needs an unsigned integer") }
        seed = number
    case "--shape":
        guard let value = arguments.next(), let named = CatalogueShape(rawValue: value) else {
            fail("'--shape' needs one of \(CatalogueShape.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        shape = named
    case "--output":
        guard let value = arguments.next() else { fail("'--output' needs a file") }
        outputPath = value
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument '\(argument)'")
    }
}
guard let linkCount else { fail("'--links' is required") }
guard let outputPath else { fail("'--output' is required") }
guard let file = fopen(outputPath, "wb") else { fail("cannot write '\(outputPath)'") }

var stream = BufferedFileStream(file: file)
let summary = CatalogueGenerator(linkCount: linkCount, seed: seed, shape: shape).write(to: &stream)
let flushed = stream.flush()
if !flushed || fclose(file) != 0 { fail("writing '\(outputPath)' failed") }

let share = linkCount == 0 ? 0 : Double(summary.plantedLinkCount) * 100 / Double(linkCount)
let percent = (share * 10).rounded() / 10
if shape == .renamedComponent {
    printError("wrote \(linkCount) links to '\(outputPath)', every one under '\(Vocabulary().renamedScreen)'")
} else {
    printError("wrote \(linkCount) links to '\(outputPath)', \(summary.plantedLinkCount) with a planted mistake (\(percent)%)")
}
