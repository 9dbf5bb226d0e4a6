import DVFiles
import DVMedia
import DVSignal
import Foundation

/// The sound track's parts kept in the work folder (`audio/chunks/`): each chunk's packets in a file named
/// by the `WorkKey` of its samples, and notes (`KEY.plan`) naming the chunk file that a placement of clips
/// gave, so an unchanged stretch of the reel is found again without mixing, however the rest changed.
/// Every file is written through the one atomic writer.
struct AudioChunkStore {
    let folder: URL

    init(work: WorkFolder) {
        folder = work.audioFolder.appendingPathComponent("chunks", isDirectory: true)
    }

    /// Where a chunk's packets are kept: named by its samples (by their SHA-256) and everything else that
    /// decides its packets.
    func chunkFile(index: Int, chunking: AudioChunking, samples: StereoSamples) throws -> URL {
        let hash = ContentHash()
        for channel in [samples.left, samples.right] {
            channel.withUnsafeBytes(hash.update)
        }
        let key = try WorkKey.make("audio-chunk", [Self.geometry(index: index, chunking: chunking), hash.finalHex()])
        return folder.appendingPathComponent("\(key).aac")
    }

    /// Where a note names the chunk file that a chunk's placement of clips gave: named by everything the
    /// mixer reads for the chunk's samples (each clip reaching into it with its file's content, window, gain
    /// and joins, and the track's length). Only for tracks without music, whose ducking and loop reach
    /// across the whole reel.
    func planFile(index: Int, chunking: AudioChunking, timeline: AudioTimeline, placements: [AudioPlacement]) throws -> URL {
        let input = chunking.input(index)
        var material = [Self.geometry(index: index, chunking: chunking), "\(timeline.length) \(timeline.clipsMuted)"]
        for (order, clip) in timeline.clips.enumerated() where clip.start < input.upperBound && clip.end > input.lowerBound {
            let incoming = order > 0 ? "\(timeline.clips[order - 1].join)" : "first"
            material.append("\(placements[order].windowKey) \(clip) \(incoming) \(order == timeline.clips.count - 1)")
        }
        return folder.appendingPathComponent("\(try WorkKey.make("audio-chunk-plan", material)).plan")
    }

    /// The bitrate and the ranges that decide a chunk's packets besides its samples.
    private static func geometry(index: Int, chunking: AudioChunking) -> String {
        "\(chunking.bitrate) \(chunking.input(index)) \(chunking.kept(index)) \(index == 0) \(index == chunking.chunkCount - 1)"
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
/// by window (`AudioPlacement.windowKey`), so a changed day measures only its own clip again.
struct LoudnessCache {
    /// What one window measured.
    struct Window: Codable {
        var measurement: LoudnessMeasurement
        var hasSound: Bool
    }

    let file: URL

    init(work: WorkFolder) {
        file = work.audioFolder.appendingPathComponent("loudness.json")
    }

    /// The kept measurements; none when the file is missing or unreadable.
    func load() -> [String: Window] {
        (try? JSONDecoder().decode([String: Window].self, from: Data(contentsOf: file))) ?? [:]
    }

    func save(_ windows: [String: Window]) throws {
        try FileSync.writeAtomically(try JSONCoding.encoder.encode(windows), to: file)
    }
}
