import ArgumentParser

/// `dvpipe calendar`: draw the plan as month grids of thumbnails into a PNG.
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Draw the plan as month grids of thumbnails into a PNG.",
        discussion: """
            Example:
              dvpipe calendar jobs/dec-2024.yaml -o calendar.png
            """
    )

    @OptionGroup var options: JobOptions

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func run() async throws {
        throw NotImplemented(command: "calendar").exit()
    }
}
