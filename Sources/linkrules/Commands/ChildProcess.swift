#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program (git) with `posix_spawnp` and collects what it writes, reading its output and its
/// errors together so that neither pipe can fill up and stall it.
enum ChildProcess {
    /// What a finished program left: its exit status and the bytes of its standard output and error.
    struct Outcome {
        var status: Int32
        var output: [UInt8]
        var errors: [UInt8]
    }

    /// Why a program could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments[0]`, found on the PATH, with the rest as its arguments, and waits for it.
    static func run(_ arguments: [String]) throws -> Outcome {
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw LaunchError(description: "cannot create a pipe") }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0]); close(outputPipe[1])
            throw LaunchError(description: "cannot create a pipe")
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = posix_spawnp(&child, arguments[0], &actions, nil, &argv, environment)
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0]); close(errorPipe[0])
            throw LaunchError(description: String(cString: strerror(spawned)).lowercased())
        }

        var output: [UInt8] = []
        var errors: [UInt8] = []
        var open = [pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errorPipe[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !open.isEmpty {
            guard poll(&open, nfds_t(open.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for index in open.indices.reversed() where open[index].revents != 0 {
                let descriptor = open[index].fd
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    if descriptor == outputPipe[0] { output += buffer[..<count] } else { errors += buffer[..<count] }
                } else if count == 0 || errno != EINTR {
                    close(descriptor)
                    open.remove(at: index)
                }
            }
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        // The exit code when the program exited normally, 128 + the signal when a signal ended it.
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exitCode, output: output, errors: errors)
    }
}
