import DVPlanning
import Foundation

/// What a run wrote, for publishing scripts (`outputs.json` in the work folder, and `run --json`): each
/// output's name, path, size, SHA-256 and duration, and where each day starts in it.
public struct OutputsManifest: Sendable, Hashable, Codable, VersionedManifest {
    /// The format of this manifest; a record of another version is ignored.
    public static let currentVersion = 1

    /// One written reel.
    public struct Output: Sendable, Hashable, Codable {
        /// The output's name (`Job.Output.name`).
        public var name: String
        /// Absolute path of the file.
        public var path: String
        public var bytes: Int64
        public var sha256: String
        /// Seconds, from the frame count at the frame rate.
        public var duration: Double
        /// Each day with a clip, in reel order, and the second its piece starts at (where its incoming
        /// transition starts).
        public var days: [DayStart]
    }

    /// Where a day starts in a reel.
    public struct DayStart: Sendable, Hashable, Codable {
        public var date: CalendarDay
        public var start: Double
    }

    public var version: Int
    public var outputs: [Output]

    public init(outputs: [Output]) {
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
    public var outputsFile: URL { root.appendingPathComponent("outputs.json") }

    /// Records `output` in `outputs.json`, in place of the entry of that name, keeping the entries of the job's
    /// other outputs (`names`, in the job's order) and dropping those of outputs the job no longer has.
    func recordOutput(_ output: OutputsManifest.Output, among names: [String]) throws {
        var entries = Dictionary((OutputsManifest.read(from: outputsFile)?.outputs ?? []).map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        entries[output.name] = output
        try OutputsManifest(outputs: names.compactMap { entries[$0] }).write(to: outputsFile)
    }
}
