#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CAllocator

/// Has glibc's allocator grow its heaps in steps of 64 MiB, as Ruff, for one, picks its allocator for its executable.
/// Left alone, glibc makes each worker thread's heap writable a few pages at a time, one `mprotect(2)` per step,
/// and moves the main heap's end by 128 KiB at a time: linting 100,000 links with findings took about 8,000
/// `mprotect` and 500 `brk` calls, each holding the address-space lock the other core's page faults wait for, and
/// with the pad about 10 and 5. The pad is address space, not memory: pages never touched are never resident. Other
/// C libraries are left as they are.
func growHeapsInLargeSteps() {
    #if canImport(Glibc)
    _ = mallopt(M_TOP_PAD, 64 << 20)
    #endif
}

/// Ends the process with `code` (`exit(3)`), for code inside types where a member named `exit` would hide it.
func exitProcess(_ code: Int32) -> Never { exit(code) }

/// Writes up to `count` bytes to `descriptor` (`write(2)`), for code inside types where a member named `write`
/// would hide it; the number written, or -1 with `errno` set.
func writeToDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
