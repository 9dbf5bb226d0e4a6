import ArgumentParser
import DVMedia
import DVMediaFacts
import DVSignal
import Foundation

/// `dvpipe beats`: a music file's tempo, beats, bars and phrases, as the beat tracker finds them (hidden: a
/// tool for checking the tracker by ear and against other trackers).
struct BeatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beats",
        abstract: "Print a music file's tempo, beats, downbeats and phrases.",
        discussion: """
            Decodes the file's first audio stream, mixes it to mono and tracks its beats. Prints the tempo \
            and one line a bar (its downbeat and beats, in seconds), or "no clear beat" for speech, drones, \
            noise and silence. --json prints the grid: tempo (absent without a beat), beats, downbeats, \
            phrases, confidence and duration.

            Example:
              dvpipe beats music/song.ogg
              dvpipe beats music/song.ogg --seconds 60 --json
            """,
        shouldDisplay: false
    )

    @Argument(help: "The music file.")
    var file: String

    @Option(name: .long, help: "Track only the first this many seconds.")
    var seconds: Double?

    @Flag(name: .long, help: "Print the grid as JSON.")
    var json = false

    func validate() throws {
        if let seconds, !(seconds > 0) {
            throw ValidationError("--seconds takes a positive number, not \(seconds)")
        }
    }

    func run() throws {
        let grid = try MusicBeats.grid(of: .file(file), seconds: seconds)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            printOut(String(decoding: try encoder.encode(grid), as: UTF8.self))
            return
        }
        printOut(Self.text(grid), terminator: "")
    }

    /// The grid as lines: a summary, then each bar's beats.
    static func text(_ grid: BeatGrid) -> String {
        let seconds = { (time: Double) in String(format: "%.3f", time) }
        guard let tempo = grid.tempo else {
            return "no clear beat (confidence \(String(format: "%.2f", grid.confidence)), \(seconds(grid.duration)) s)\n"
        }
        var lines = [
            "tempo \(String(format: "%.1f", tempo)) BPM, confidence \(String(format: "%.2f", grid.confidence)), "
                + "\(grid.beats.count) beats, \(grid.downbeats.count) bars, \(grid.phrases.count) phrases"
        ]
        var bar: [Double] = []
        func flush() {
            guard !bar.isEmpty else { return }
            let phrase = grid.phrases.contains(bar[0]) ? "  phrase" : ""
            lines.append(bar.map(seconds).joined(separator: " ") + phrase)
            bar = []
        }
        for beat in grid.beats {
            if grid.downbeats.contains(beat) { flush() }
            bar.append(beat)
        }
        flush()
        return lines.joined(separator: "\n") + "\n"
    }
}
