import ArgumentParser

/// `dvpipe render`: render the job's segments into the work folder, without assembling.
struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the job's segments into the work folder, without assembling.",
        discussion: """
            Example:
              dvpipe render jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "render").exit()
    }
}
