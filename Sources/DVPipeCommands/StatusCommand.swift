import ArgumentParser

/// `dvpipe status`: show which segments are done, stale or left for a job.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show which segments are done, stale or left for a job.",
        discussion: """
            Example:
              dvpipe status jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "status").exit()
    }
}
