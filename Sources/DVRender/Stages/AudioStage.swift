import DVMedia
import DVPlanning
import Foundation

/// The reel's sound track as one encoded file in the work folder: the audio stage's product.
public struct EncodedAudio: Sendable {
    /// The `.m4a` holding one AAC stream as long as the reel.
    public let file: URL
    /// True when an earlier run had already made it.
    public let reused: Bool
}

/// Audio: each clip's own sound over exactly its window (48 kHz stereo, silence where it has none),
/// loudness-matched, crossfaded as the picture is, over the music bed; one AAC track for the whole reel,
/// encoded in chunks of about 5 s (`AudioChunking`).
///
/// The track is named by a hash of everything that decides its samples and bytes, so a re-run reuses it
/// and a changed day makes a new one. Per-clip loudness measurements are kept in `audio/loudness.json`,
/// so a changed day measures only its own clip again, and each chunk's packets in `audio/chunks/`, named
/// by its samples, so a changed day encodes only the chunks its sound reaches.
struct AudioStage {
    let work: WorkFolder
    let job: Job

    /// One clip's sound in the reel (encoded for keys with the clip's content digest, not its path).
    private struct Placement: Encodable, Hashable {
        var clip: ClipSource
        var start: Int
        var length: Int
        var crossfadeOut: Int
        /// Samples of the intro card's transition into this clip (first clip only), over which its sound rises.
        var fadeInFromCard: Int
        /// Samples of this clip's transition into the outro card (last clip only), over which its sound falls.
        var fadeOutToCard: Int
        var startInFile: Int

        /// Names the clip window for the loudness cache: the file's content, where the window starts and its length.
        var windowKey: String {
            "\(clip.identity)|\(startInFile)|\(length)"
        }
    }

    /// What a clip's window measured; cached per window.
    private struct WindowLoudness: Codable {
        var measurement: LoudnessMeasurement
        var hasSound: Bool
    }

    /// Where the track for `layout` lives in the work folder (present once made), and the clip placements
    /// it is made from.
    private func plannedTrack(for layout: ReelLayout) throws -> (file: URL, placements: [Placement], length: Int) {
        let fps = layout.canvas.fps
        let sample = { (frame: Int) in AudioTimeline.sampleCount(frames: frame, fpsNumerator: fps) }
        let overlap = { (piece: ReelLayout.Piece, next: ReelLayout.Piece?) in
            next.map { max(0, sample(piece.endFrame) - sample($0.firstFrame)) } ?? 0
        }
        let pieces = layout.pieces
        let clipIndices = pieces.indices.filter { pieces[$0].source.clip != nil }
        let placements: [Placement] = clipIndices.enumerated().map { order, index in
            let piece = pieces[index]
            let next = order + 1 < clipIndices.count ? pieces[clipIndices[order + 1]] : nil
            // A title card before the first clip or after the last is silent: the sound crosses with it
            // over the picture's transition.
            let cardBefore = order == 0 && index > 0 ? pieces[index - 1] : nil
            let cardAfter = order == clipIndices.count - 1 && index + 1 < pieces.count ? pieces[index + 1] : nil
            let clip = piece.source.clip!
            return Placement(
                clip: clip, start: sample(piece.firstFrame), length: sample(piece.endFrame) - sample(piece.firstFrame),
                crossfadeOut: overlap(piece, next), fadeInFromCard: cardBefore.map { overlap($0, piece) } ?? 0,
                fadeOutToCard: overlap(piece, cardAfter), startInFile: clip.startMilliseconds * StereoSamples.sampleRate / 1000
            )
        }
        let length = sample(layout.frameCount)
        let key = try trackKey(placements: placements, length: length, musicIdentity: job.audio.music.map { layout.identities[$0.file] ?? "" })
        return (work.audioFolder.appendingPathComponent("\(key).m4a"), placements, length)
    }

    /// The file the track for `layout` has in the work folder, once made; its name is the hash of
    /// everything that decides its samples and bytes.
    func trackFile(for layout: ReelLayout) throws -> URL {
        try plannedTrack(for: layout).file
    }

    /// True when the track for `layout` is already in the work folder.
    func isFinished(for layout: ReelLayout) throws -> Bool {
        FileManager.default.fileExists(atPath: try trackFile(for: layout).path)
    }

    func track(for layout: ReelLayout, observer: some RenderObserver) throws -> EncodedAudio {
        let (file, placements, length) = try plannedTrack(for: layout)
        let fps = layout.canvas.fps
        if FileManager.default.fileExists(atPath: file.path) {
            return EncodedAudio(file: file, reused: true)
        }
        observer.handle(.stageStarted(.audio, total: placements.count))
        try work.prepare()
        let muted = job.audio.clips == .mute
        // Loudness decides the clips' gains, and the presence of sound decides where music ducks; a job
        // that uses neither does not decode its clips twice to measure them.
        let measured = !muted && (job.audio.normalize || job.audio.music != nil)
        let loudness = measured ? try measure(placements, observer: observer) : [:]
        let normalization = LoudnessNormalization()
        let timeline = AudioTimeline(
            clips: placements.map { placement in
                AudioTimeline.Clip(
                    start: placement.start, length: placement.length,
                    gain: job.audio.normalize ? loudness[placement.windowKey].map { normalization.gain(for: $0.measurement) } ?? 1 : 1,
                    hasSound: loudness[placement.windowKey]?.hasSound ?? false,
                    join: placement.crossfadeOut > 0 ? .crossfade(overlap: placement.crossfadeOut) : .cut,
                    fadeInFromSilence: placement.fadeInFromCard, fadeOutToSilence: placement.fadeOutToCard
                )
            },
            length: length, clipsMuted: muted, music: try music(length: length, fps: fps)
        )
        // A few chunks at a time (see `AudioChunking`), so memory does not grow with the reel; a clip that
        // spans two chunks is read once and kept until the chunk after its end. A chunk whose clips are
        // placed as in an earlier run is taken from it without reading them; the others are mixed, and
        // those whose samples no earlier run encoded are encoded, one per core, while the next few are mixed.
        let chunking = AudioChunking(length: length, bitrate: job.output.audio.bitrate.bitsPerSecond)
        let writer = try EncodedAudioTrackWriter(destination: file, bitrate: chunking.bitrate)
        // Chunks mixed ahead of the one being written: enough to keep every core encoding.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let ahead = 2 * cores
        let encoders = DispatchSemaphore(value: cores)
        var readClips: [Int: StereoSamples] = [:]
        var mixedClips = 0
        var pending: [PendingChunk] = []
        let writeFirst = {
            let chunk = pending.removeFirst()
            try writer.write(try chunk.packets())
            while mixedClips < placements.count, timeline.clips[mixedClips].end <= chunking.kept(chunk.index).upperBound {
                mixedClips += 1
                observer.handle(.unitFinished(
                    .audio, done: mixedClips, total: placements.count, reused: false, name: placements[mixedClips - 1].clip.path
                ))
            }
        }
        for index in 0..<chunking.chunkCount {
            let input = chunking.input(index)
            let planFile = timeline.music == nil ? try chunkPlanFile(index: index, chunking: chunking, timeline: timeline, placements: placements) : nil
            if let planFile, let known = knownChunk(planFile: planFile) {
                pending.append(PendingChunk(index: index, packets: known.packets))
            } else {
                readClips = readClips.filter { timeline.clips[$0.key].end > input.lowerBound }
                let samples = AudioMixer.mix(timeline, window: input) { clip in
                    if let known = readClips[clip] { return known }
                    let samples = (try? read(placements[clip])) ?? StereoSamples(silence: placements[clip].length)
                    readClips[clip] = samples
                    return samples
                }
                let file = try chunkFile(index: index, chunking: chunking, samples: samples)
                if let packets = (try? Data(contentsOf: file)).flatMap(AudioChunking.deserialize) {
                    try planFile.map { try FileSync.writeAtomically(Data(file.lastPathComponent.utf8), to: $0) }
                    pending.append(PendingChunk(index: index, packets: packets))
                } else {
                    try FileManager.default.createDirectory(at: chunksFolder, withIntermediateDirectories: true)
                    pending.append(PendingChunk(index: index, encoders: encoders) {
                        let packets = try chunking.encode(chunk: index, samples: samples)
                        try FileSync.writeAtomically(AudioChunking.serialize(packets), to: file)
                        try planFile.map { try FileSync.writeAtomically(Data(file.lastPathComponent.utf8), to: $0) }
                        return packets
                    })
                }
            }
            while let first = pending.first, pending.count > ahead || first.isFinished {
                try writeFirst()
            }
        }
        while !pending.isEmpty {
            try writeFirst()
        }
        try writer.finish()
        observer.handle(.stageFinished(.audio))
        return EncodedAudio(file: file, reused: false)
    }

    /// Where a chunk's packets are kept: named by the `WorkKey` of its samples (by their SHA-256) and of
    /// everything else that decides its packets, so an unchanged stretch of the reel is found again however
    /// the rest changed.
    private func chunkFile(index: Int, chunking: AudioChunking, samples: StereoSamples) throws -> URL {
        let hash = ContentHash()
        for channel in [samples.left, samples.right] {
            channel.withUnsafeBytes(hash.update)
        }
        let key = try WorkKey.make("audio-chunk", [chunkGeometry(index: index, chunking: chunking), hash.finalHex()])
        return chunksFolder.appendingPathComponent("\(key).aac")
    }

    /// Where a note names the chunk file that a chunk's placement of clips gave: named by the hash of
    /// everything the mixer reads for the chunk's samples (each clip reaching into it with its file, window,
    /// gain and joins, and the track's length), so a chunk no changed day reaches is found without mixing.
    /// Only for tracks without music, whose ducking and loop reach across the whole reel.
    private func chunkPlanFile(index: Int, chunking: AudioChunking, timeline: AudioTimeline, placements: [Placement]) throws -> URL {
        let input = chunking.input(index)
        var material = [chunkGeometry(index: index, chunking: chunking), "\(timeline.length) \(timeline.clipsMuted)"]
        for (order, clip) in timeline.clips.enumerated() where clip.start < input.upperBound && clip.end > input.lowerBound {
            let incoming = order > 0 ? "\(timeline.clips[order - 1].join)" : "first"
            material.append("\(placements[order].windowKey) \(clip) \(incoming) \(order == timeline.clips.count - 1)")
        }
        return chunksFolder.appendingPathComponent("\(try WorkKey.make("audio-chunk-plan", material)).plan")
    }

    /// The bitrate and the ranges that decide a chunk's packets besides its samples.
    private func chunkGeometry(index: Int, chunking: AudioChunking) -> String {
        "\(chunking.bitrate) \(chunking.input(index)) \(chunking.kept(index)) \(index == 0) \(index == chunking.chunkCount - 1)"
    }

    private var chunksFolder: URL { work.audioFolder.appendingPathComponent("chunks", isDirectory: true) }

    /// The chunk file a plan note names, with its packets, when both are there and whole.
    private func knownChunk(planFile: URL) -> (file: URL, packets: [EncodedAudioPacket])? {
        guard let name = try? String(contentsOf: planFile, encoding: .utf8), !name.contains("/") else { return nil }
        let file = chunksFolder.appendingPathComponent(name)
        guard let packets = (try? Data(contentsOf: file)).flatMap(AudioChunking.deserialize) else { return nil }
        return (file, packets)
    }

    /// A clip window's samples, exactly its length.
    private func read(_ placement: Placement) throws -> StereoSamples {
        try AudioClipReader(path: placement.clip.path).read(startSample: placement.startInFile, count: placement.length)
    }

    /// Loudness and presence of sound per clip window, from the cache or measured now.
    private func measure(_ placements: [Placement], observer: some RenderObserver) throws -> [String: WindowLoudness] {
        let cacheFile = work.audioFolder.appendingPathComponent("loudness.json")
        var cache = (try? JSONDecoder().decode([String: WindowLoudness].self, from: Data(contentsOf: cacheFile))) ?? [:]
        var changed = false
        for placement in placements {
            if cache[placement.windowKey] == nil {
                let samples: StereoSamples
                do {
                    samples = try read(placement)
                } catch {
                    observer.handle(.warning("\(placement.clip.path): its sound cannot be decoded (\(error)); the day plays silence"))
                    samples = StereoSamples(silence: placement.length)
                }
                cache[placement.windowKey] = WindowLoudness(measurement: LoudnessMeter.measure(samples), hasSound: samples.hasSound)
                changed = true
            }
        }
        if changed {
            try FileSync.writeAtomically(try JSONCoding.encoder.encode(cache), to: cacheFile)
        }
        return cache
    }

    /// The music bed, decoded up to the reel's length (looped by the mixer when asked).
    private func music(length: Int, fps: Int) throws -> AudioTimeline.Music? {
        guard let music = job.audio.music else { return nil }
        let samples = try AudioClipReader(path: music.file).readAll(limit: length)
        return AudioTimeline.Music(
            samples: samples, volume: Float(music.volume), duck: Float(music.duck),
            fadeOut: StereoSamples.sampleCount(seconds: music.fadeOut.seconds), loop: music.loop
        )
    }

    /// The `WorkKey` naming the track: audio settings (the music by its content digest, not its path),
    /// bitrate, length, and each clip's content, window and place in the reel.
    private func trackKey(placements: [Placement], length: Int, musicIdentity: String?) throws -> String {
        struct Material: Encodable {
            var audio: Job.Audio
            var musicIdentity: String?
            var bitrate: Int
            var length: Int
            var placements: [Placement]
        }
        var audio = job.audio
        audio.music?.file = ""
        return try WorkKey.make("audio-track", Material(
            audio: audio, musicIdentity: musicIdentity, bitrate: job.output.audio.bitrate.bitsPerSecond, length: length,
            placements: placements
        ))
    }
}

/// One chunk of the track on its way to the file: its packets, found or being encoded on a thread of its
/// own while the stage mixes the next chunks.
///
/// Not on Dispatch's global pool: on Linux the Swift tasks that run the stage take threads from that pool,
/// which is as wide as the machine has cores, so chunks sent there were encoded one at a time on 2 cores.
private final class PendingChunk: @unchecked Sendable {
    // @unchecked: `result` is written once, by `init` or by the encoding thread before it signals `done`,
    // and read only after `done` has been waited for.
    let index: Int
    private let done = DispatchGroup()
    private var result: Result<[EncodedAudioPacket], any Error>

    /// A chunk whose packets are known.
    init(index: Int, packets: [EncodedAudioPacket]) {
        self.index = index
        result = .success(packets)
    }

    /// A chunk being encoded by `encode` on a new thread, once one of `encoders` (a place per core) is free.
    init(index: Int, encoders: DispatchSemaphore, encode: @escaping @Sendable () throws -> [EncodedAudioPacket]) {
        self.index = index
        result = .success([])
        done.enter()
        let thread = Thread {
            encoders.wait()
            self.result = Result { try encode() }
            encoders.signal()
            self.done.leave()
        }
        thread.name = "dvpipe audio"
        thread.start()
    }

    /// True once the packets are there.
    var isFinished: Bool { done.wait(timeout: .now()) == .success }

    /// The chunk's packets, once encoded.
    func packets() throws -> [EncodedAudioPacket] {
        done.wait()
        return try result.get()
    }
}
