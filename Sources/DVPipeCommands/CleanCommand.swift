import ArgumentParser

/// `dvpipe clean`: delete a job's work folder.
struct CleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Delete a job's work folder.",
        discussion: """
            Example:
              dvpipe clean jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "clean").exit()
    }
}
