import DVFiles
import DVMedia
import DVRemote
import DVSignal
import Foundation

/// The sound track's parts kept in the work folder (`audio/chunks/`): each chunk's packets in a file named
/// by the `WorkKey` of its samples, and notes (`KEY.plan`) naming the chunk file that a placement of clips
/// gave, so an unchanged stretch of the reel is found again without mixing, however the rest changed.
/// Every file is written through the one atomic writer.
struct AudioChunkFolder {
    let folder: URL

    init(work: WorkFolder) {
        folder = work.audioFolder.appendingPathComponent("chunks", isDirectory: true)
    }

    /// Where a chunk's packets are kept: named by its samples (by their SHA-256) and everything else that
    /// decides its packets.
    func chunkFile(index: Int, chunking: AudioChunking, samples: StereoSamples) throws -> URL {
        struct Material: Encodable {
            var geometry: Geometry
            var samples: String
        }
        let hash = ContentHash()
        for channel in [samples.left, samples.right] {
            channel.withUnsafeBytes(hash.update)
        }
        let key = try WorkKey.make("audio-chunk", Material(geometry: Geometry(index: index, chunking: chunking), samples: hash.finalHex()))
        return folder.appendingPathComponent("\(key).aac")
    }

    /// Where a note names the chunk file that a chunk's placement of clips gave: named by everything the
    /// mixer reads for the chunk's samples (each clip reaching into it with its file's content, window, gain
    /// and joins, and the track's length). Only for tracks without music, whose ducking and loop reach
    /// across the whole reel.
    func planFile(index: Int, chunking: AudioChunking, timeline: AudioTimeline, placements: [AudioPlacement]) throws -> URL {
        /// A clip whose sound reaches into the chunk: its window, its place and gain, how the clip before
        /// joins it (nil for the first), and whether it is the last.
        struct Reaching: Encodable {
            var window: String
            var clip: AudioTimeline.Clip
            var incoming: AudioJoin?
            var last: Bool
        }
        struct Material: Encodable {
            var geometry: Geometry
            var trackLength: Int
            var clipsMuted: Bool
            var clips: [Reaching]
        }
        let input = chunking.input(index)
        var reaching: [Reaching] = []
        for (order, clip) in timeline.clips.enumerated() where clip.start < input.upperBound && clip.end > input.lowerBound {
            reaching.append(
                Reaching(
                    window: try placements[order].windowKey(), clip: clip, incoming: order > 0 ? timeline.clips[order - 1].join : nil,
                    last: order == timeline.clips.count - 1))
        }
        let material = Material(
            geometry: Geometry(index: index, chunking: chunking), trackLength: timeline.length, clipsMuted: timeline.clipsMuted,
            clips: reaching)
        return folder.appendingPathComponent("\(try WorkKey.make("audio-chunk-plan", material)).plan")
    }

    /// The bitrate and the ranges that decide a chunk's packets besides its samples.
    private struct Geometry: Encodable {
        var bitrate: Int
        var input: [Int]
        var kept: [Int]
        var first: Bool
        var last: Bool

        init(index: Int, chunking: AudioChunking) {
            let (input, kept) = (chunking.input(index), chunking.kept(index))
            bitrate = chunking.bitrate
            self.input = [input.lowerBound, input.upperBound]
            self.kept = [kept.lowerBound, kept.upperBound]
            first = index == 0
            last = index == chunking.chunkCount - 1
        }
    }

    /// The packets of the chunk file a plan note names, when both are there and whole.
    func packets(planFile: URL) -> [EncodedAudioPacket]? {
        guard let name = try? String(contentsOf: planFile, encoding: .utf8), !name.contains("/") else { return nil }
        return packets(in: folder.appendingPathComponent(name))
    }

    /// The packets kept in `chunkFile`, when it is there and whole.
    func packets(in chunkFile: URL) -> [EncodedAudioPacket]? {
        (try? Data(contentsOf: chunkFile)).flatMap(AudioChunking.deserialize)
    }

    /// Keeps `packets` in `chunkFile`.
    func keep(_ packets: [EncodedAudioPacket], in chunkFile: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileSync.writeAtomically(AudioChunking.serialize(packets), to: chunkFile)
    }

    /// Notes in `planFile` that its placement of clips gave `chunkFile`.
    func note(_ chunkFile: URL, in planFile: URL) throws {
        try FileSync.writeAtomically(Data(chunkFile.lastPathComponent.utf8), to: planFile)
    }
}

/// What each clip window measured (loudness, and whether it has any sound), kept in `audio/loudness.json`
/// by window (`AudioPlacement.windowKey()`), so a changed day measures only its own clip again. The file
/// says its format's version and the meter's (`LoudnessMeter.version`): measurements of another meter are
/// measured again.
struct LoudnessCache {
    /// What one window measured.
    struct Window: Codable {
        var measurement: LoudnessMeasurement
        var hasSound: Bool
    }

    /// The file's contents.
    struct Contents: Codable, VersionedManifest {
        static let currentVersion = 1
        var version = currentVersion
        /// The version of the meter that measured.
        var meter: Int
        var windows: [String: Window]
    }

    let file: URL
    /// The meter's version the measurements must have been taken with.
    let meter: Int

    init(work: WorkFolder, meter: Int = LoudnessMeter.version) {
        file = work.audioFolder.appendingPathComponent("loudness.json")
        self.meter = meter
    }

    /// The kept measurements; none when the file is missing, unreadable, of another format, or measured by
    /// another version of the meter.
    func load() -> [String: Window] {
        guard let contents = Contents.read(from: file), contents.meter == meter else { return [:] }
        return contents.windows
    }

    func save(_ windows: [String: Window]) throws {
        try Contents(meter: meter, windows: windows).write(to: file)
    }
}
