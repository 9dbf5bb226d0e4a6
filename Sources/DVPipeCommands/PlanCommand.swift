import ArgumentParser

/// `dvpipe plan`: show which clip stands for each day, and why.
struct PlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show which clip stands for each day, and why.",
        discussion: """
            Example:
              dvpipe plan jobs/dec-2024.yaml --json
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "plan").exit()
    }
}
