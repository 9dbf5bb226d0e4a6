import ArgumentParser
import DVMedia
import DVPlanning
import DVRender

/// The `dvpipe` root command: turns a folder of phone videos into a one-clip-a-day reel.
package struct DVPipe: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "dvpipe",
        abstract: "Turn a folder of phone videos and Live Photos into a one-clip-a-day reel.",
        discussion: """
            A job file (YAML) says which days to cover, where the footage is, and how the reel \
            looks. Start with `dvpipe demo demo/` to get a sample library and its job, then \
            `dvpipe run demo/demo.yaml`.

            Example:
              dvpipe validate jobs/*.yaml
              dvpipe plan jobs/dec-2024.yaml
              dvpipe run jobs/dec-2024.yaml
            """,
        subcommands: [
            RunCommand.self, PlanCommand.self, PeopleCommand.self, ValidateCommand.self, RenderCommand.self,
            AssembleCommand.self, StatusCommand.self, CheckCommand.self, CleanCommand.self, CacheCommand.self, CalendarCommand.self,
            ReviewCommand.self, ApplyCommand.self, PinCommand.self, SkipCommand.self,
            DemoCommand.self, DoctorCommand.self, ThemesCommand.self, BeatsCommand.self
        ]
    )

    @Flag(name: .long, help: "Print dvpipe's version and the versions of the linked libraries.")
    var version = false

    package init() {}

    /// Runs the command line: quiets FFmpeg's own log, then parses and runs a subcommand.
    package static func start() {
        MediaLog.silence()
        main()
    }

    package func run() throws {
        guard version else {
            throw CleanExit.helpRequest(self)
        }
        printOut(VersionReport.text(LibraryVersions.current()))
    }
}

/// The text of `dvpipe --version`.
enum VersionReport {
    static func text(_ versions: LibraryVersions) -> String {
        var lines = ["dvpipe \(RenderVersion.dvpipe)"]
        lines.append("FFmpeg \(versions.ffmpegRelease)")
        for library in versions.ffmpegLibraries {
            lines.append("  \(library.name) \(library.version)")
        }
        lines.append("libx264 \(versions.x264 ?? "not available")")
        lines.append("libyaml \(YAMLLibrary.version)")
        lines.append("FreeType \(versions.freetype)")
        lines += versions.text.map { "\($0.name) \($0.version)" }
        return lines.joined(separator: "\n")
    }
}
