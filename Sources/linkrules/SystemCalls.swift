#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process with `code` (`exit(3)`), for code inside types where a member named `exit` would hide it.
func exitProcess(_ code: Int32) -> Never { exit(code) }

/// Writes up to `count` bytes to `descriptor` (`write(2)`), for code inside types where a member named `write`
/// would hide it; the number written, or -1 with `errno` set.
func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
