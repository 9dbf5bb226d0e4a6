import ArgumentParser
import DVRender
import Foundation

/// `dvpipe clean`: deletes a job's work folder (index, plan, segments); the output file stays.
struct CleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Delete a job's work folder (index, plan and segments); the output file stays.",
        discussion: """
            Example:
              dvpipe clean jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() throws {
        let folder = options.workFolder
        if try folder.remove() {
            printOut("removed \(folder.root.path)")
        } else {
            printOut("nothing to remove: \(folder.root.path) does not exist")
        }
    }
}
