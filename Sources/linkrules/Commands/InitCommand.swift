import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LinkRules

/// `linkrules init SOURCE… [-o FILE]`: a first catalogue from what a team already has.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a first catalogue from URL lists, an apple-app-site-association file, an Android manifest or another catalogue.",
        discussion: """
            Sources: a text file of URLs (one a line; blank lines and '#' comments are skipped, other lines that \
            are not URLs are skipped and counted), an apple-app-site-association file (its domain from --host or \
            the https URLs of the other sources), an Android manifest or navigation graph (its VIEW + BROWSABLE \
            filters, scheme × host × path; a pathPrefix becomes {path*}, with a comment saying what is \
            approximated; the android: keys name the files), a catalogue in another placeholder style (:id, <int:id>, %ID%). \
            URLs that differ only in their numbers or uuids become one link with {id:int} or {id:uuid}, the \
            originals kept as examples. Without -o the catalogue is printed; -o writes it atomically and refuses \
            to overwrite a file without --force.
            """
    )

    @Argument(help: "The sources to read.")
    var sources: [String]

    @Option(name: .shortAndLong, help: "The catalogue file to write (default: standard output).")
    var output: String?

    @Flag(name: .long, help: "Overwrite the file named by -o if it exists.")
    var force = false

    @Option(name: .long, help: "The domain an apple-app-site-association file is served from.")
    var host: String?

    func validate() throws {
        if sources.isEmpty { throw ValidationError("name at least one source") }
    }

    func run() throws {
        let files = try sources.map { try CatalogueLoader.read(path: $0) }
        let result = try InitSession(associationHost: host, outputPath: output).run(sources: files)
        for remark in result.remarks { Output.standardError("note: \(remark)\n") }
        guard let output else {
            Output.standardOutput(result.catalogue)
            return
        }
        try InitSession.write(result.catalogue, to: output, force: force)
        Output.standardError("wrote \(output)\n")
    }
}
