// raw-scan FILE
// The floor of the benchmark: read the file, run libyaml's event parser over it and decode every scalar into a
// Swift String, building no tree. Prints the number of scalars and nothing else.

import CLibYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writes a message to standard error (the C `stderr` global is not usable from Swift 6 code).
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
}

func fail(_ message: String) -> Never {
    printError("raw-scan: \(message)")
    exit(2)
}

/// The whole file as bytes, read in one go the way the linter's loader holds a catalogue.
func readBytes(path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("cannot open '\(path)'") }
    defer { fclose(file) }
    var status = stat()
    guard fstat(fileno(file), &status) == 0 else { fail("cannot stat '\(path)'") }
    let size = Int(status.st_size)
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        count = size == 0 ? 0 : fread(buffer.baseAddress, 1, size, file)
    }
    guard bytes.count == size else { fail("cannot read '\(path)'") }
    return bytes
}

/// Total UTF-8 length of the decoded scalars; a global the optimiser cannot prove unused, so each decode stays.
nonisolated(unsafe) var decodedByteTotal = 0

@inline(never)
func consume(_ string: String) {
    decodedByteTotal &+= string.utf8.count
}

guard CommandLine.arguments.count == 2 else {
    printError("usage: raw-scan FILE")
    exit(2)
}
let path = CommandLine.arguments[1]
let bytes = readBytes(path: path)

var parser = yaml_parser_t()
guard yaml_parser_initialize(&parser) != 0 else { fail("libyaml could not start") }
var scalarCount = 0
bytes.withUnsafeBufferPointer { buffer in
    yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
    var event = yaml_event_t()
    while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
            fail("\(path):\(parser.problem_mark.line + 1):\(parser.problem_mark.column + 1): \(problem)")
        }
        let type = event.type
        if type == YAML_SCALAR_EVENT {
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            consume(text)
            scalarCount += 1
        }
        yaml_event_delete(&event)
        if type == YAML_STREAM_END_EVENT { break }
    }
}
yaml_parser_delete(&parser)
print(scalarCount)
