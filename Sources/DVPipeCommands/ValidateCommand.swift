import ArgumentParser

/// `dvpipe validate`: checks job files and reports every problem at its line and column.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check job files and report every problem as FILE:LINE:COL.",
        discussion: """
            Exit status 2 when any file has an error; warnings do not fail.

            Example:
              dvpipe validate jobs/*.yaml
            """
    )

    @Argument(help: "One or more job files.", completion: .file(extensions: ["yaml", "yml"]))
    var jobs: [String]

    func run() async throws {
        throw NotImplemented(command: "validate").exit()
    }
}
