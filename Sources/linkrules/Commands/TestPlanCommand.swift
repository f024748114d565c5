import ArgumentParser
import LinkRules

/// `linkrules test-plan CATALOGUE…`: the URLs QA opens on a device for every link and alias, with what the app
/// should do and the simulator and adb commands.
struct TestPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-plan",
        abstract: "Write the test URLs of every link and alias, what the app should do, and the commands that open them.",
        discussion: """
            For each link and alias: its examples, plain values for its placeholders, then the values apps get \
            wrong ('+', '&', an encoded '/', a space, a quote, an emoji, the largest int, an empty optional \
            parameter), each with the steps 'explain' gives and the 'xcrun simctl openurl' and 'adb shell am start' \
            commands, quoted for the shells they pass through. Without files, the catalogues of the nearest \
            .linkrules.yml are used.
            """
    )

    @Argument(help: "Catalogue files; several make one app.")
    var files: [String] = []

    @Option(name: .long, help: "Output format.")
    var format: TestPlanFormat = .markdown

    @Option(name: .long, help: "The Android application id the adb commands start the links in (default: the catalogue's android.package).")
    var package: String?

    @Option(name: .long, help: "The configuration file (default: the nearest .linkrules.yml).")
    var config: String?

    func run() throws {
        let workspace = try Workspace(files: files, configPath: config, workingDirectory: Output.workingDirectory)
        let plan = try TestPlanSession(workspace: workspace).run(androidPackage: package)
        Output.standardOutput(plan.formatted(as: format))
    }
}

extension TestPlanFormat: ExpressibleByArgument {}
