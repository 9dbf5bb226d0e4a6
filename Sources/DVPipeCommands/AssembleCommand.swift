import ArgumentParser

/// `dvpipe assemble`: join rendered segments into the output file by stream copy.
struct AssembleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Join rendered segments into the output file by stream copy.",
        discussion: """
            Example:
              dvpipe assemble jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        throw NotImplemented(command: "assemble").exit()
    }
}
