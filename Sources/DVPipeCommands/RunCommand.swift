import ArgumentParser

/// `dvpipe run`: plan, render and assemble a job into its output file.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Plan, render and assemble a job into its output file.",
        discussion: """
            Example:
              dvpipe run jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "run").exit()
    }
}
