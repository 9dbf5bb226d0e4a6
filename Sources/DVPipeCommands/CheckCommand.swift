import ArgumentParser
import DVMedia
import DVPlanning
import DVRender
import Foundation

extension DeliveryProfile: ExpressibleByArgument {}

/// `dvpipe check`: whether MP4 files may be uploaded to a platform as they are.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check MP4 files against a platform's upload rules (youtube, shorts, reels, tiktok).",
        discussion: """
            Reads each file's boxes and every video packet (nothing is decoded) and checks what the platform \
            documents (docs/delivery.md lists the figures and their sources): the moov box before the media \
            data, no edit lists, the video codec, frame rate, size and shape, 4:2:0 progressive pictures, \
            keyframe spacing and closed GOPs, the average video bitrate where capped, AAC-LC sound at an \
            accepted sample rate, at most two channels, the length and the file size.

            Prints `FILE: ok for PLATFORM (what it is)` or one `FILE: error: …` line per broken rule. Exit \
            status 1 when any file breaks a rule or cannot be read. A job's output with `profile:` is \
            checked the same way after it is assembled.

            Example:
              dvpipe check out/reel.mp4 --profile reels
              dvpipe check out/*.mp4 --profile youtube
            """
    )

    @Argument(help: "The MP4 or MOV files to check.", completion: .file(extensions: ["mp4", "mov", "m4v"]))
    var files: [String]

    @Option(name: .long, help: "The platform: youtube, shorts, reels or tiktok.")
    var profile: DeliveryProfile

    func run() throws {
        let rules = profile.rules
        var failed = false
        for file in files {
            do {
                let inspection = try DeliveryInspection(url: URL(fileURLWithPath: file), rules: rules)
                if inspection.problems.isEmpty {
                    printOut("\(file): ok for \(rules.platform) (\(inspection.summary))")
                } else {
                    failed = true
                    for problem in inspection.problems {
                        printOut("\(file): error: \(problem)")
                    }
                }
            } catch let error as MediaError {
                failed = true
                printOut("\(file): error: cannot be read: \(error.reason(besides: file))")
            } catch {
                failed = true
                printOut("\(file): error: cannot be read: \(error)")
            }
        }
        if failed {
            throw ExitCode(1)
        }
    }
}
