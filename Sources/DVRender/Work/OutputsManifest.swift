import DVPlanning
import Foundation

/// What a run wrote, for publishing scripts (`outputs.json` in the work folder, and `run --json`): each
/// output's name, path, size, SHA-256 and duration, and where each day starts in it.
package struct OutputsManifest: Sendable, Hashable, Codable, VersionedManifest {
    /// The format of this manifest; a record of another version is ignored.
    package static let currentVersion = 1

    /// One written reel.
    package struct Output: Sendable, Hashable, Codable {
        /// The output's name (`Job.Output.name`).
        package var name: String
        /// Absolute path of the file.
        package var path: String
        package var bytes: Int64
        package var sha256: String
        /// Seconds, from the frame count at the frame rate.
        package var duration: Double
        /// Each day with a clip, in reel order, and the second its piece starts at (where its incoming
        /// transition starts).
        package var days: [DayStart]
    }

    /// Where a day starts in a reel.
    package struct DayStart: Sendable, Hashable, Codable {
        package var date: CalendarDay
        package var start: Double
    }

    package var version: Int
    package var outputs: [Output]

    package init(outputs: [Output]) {
        version = Self.currentVersion
        self.outputs = outputs
    }
}

extension OutputsManifest.Output {
    /// The entry for `reel`, the output `name`, assembled from `layout`.
    init(reel: AssembledReel, name: String, layout: ReelLayout) {
        let fps = Double(layout.canvas.fps)
        self.init(
            name: name, path: reel.output.path, bytes: reel.byteCount, sha256: reel.sha256,
            duration: Double(reel.frameCount) / fps,
            days: layout.pieces.compactMap { piece in
                piece.day.map { OutputsManifest.DayStart(date: $0.date, start: Double(piece.firstFrame) / fps) }
            })
    }
}

extension WorkFolder {
    /// The manifest of what the last run wrote (`outputs.json`).
    package var outputsFile: URL { root.appendingPathComponent("outputs.json") }

    /// Records `output` in `outputs.json`, in place of the entry of that name, keeping the entries of the job's
    /// other outputs (`names`, in the job's order) and dropping those of outputs the job no longer has.
    func recordOutput(_ output: OutputsManifest.Output, among names: [String]) throws {
        var entries = Dictionary((OutputsManifest.read(from: outputsFile)?.outputs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        entries[output.name] = output
        try OutputsManifest(outputs: names.compactMap { entries[$0] }).write(to: outputsFile)
    }
}
