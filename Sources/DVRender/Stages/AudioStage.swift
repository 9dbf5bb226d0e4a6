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
/// loudness-matched, crossfaded as the picture is, over the music bed; encoded once for the whole reel.
///
/// The track is named by a hash of everything that decides its samples and bytes, so a re-run reuses it
/// and a changed day makes a new one. Per-clip loudness measurements are kept in `audio/loudness.json`,
/// so a changed day measures only its own clip again.
struct AudioStage {
    let work: WorkFolder
    let job: Job

    /// Samples mixed and encoded at a time (10 s).
    static let windowLength = 480_000

    /// One clip's sound in the reel.
    private struct Placement: Codable, Hashable {
        var clip: ClipSource
        var start: Int
        var length: Int
        var crossfadeOut: Int
        /// Samples of the intro card's transition into this clip (first clip only), over which its sound rises.
        var fadeInFromCard: Int
        /// Samples of this clip's transition into the outro card (last clip only), over which its sound falls.
        var fadeOutToCard: Int
        var startInFile: Int

        /// Names the clip window for the loudness cache.
        var windowKey: String {
            "\(clip.path)|\(clip.size)|\(clip.modificationTime)|\(startInFile)|\(length)"
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
        let key = try trackKey(placements: placements, length: length)
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
        // Ten seconds at a time, so memory does not grow with the reel; a clip that spans two windows is
        // read once and kept until the window after its end.
        let writer = try AudioTrackWriter(destination: file, bitrate: job.output.audio.bitrate.bitsPerSecond)
        var readClips: [Int: StereoSamples] = [:]
        var mixedClips = 0
        for windowStart in stride(from: 0, to: length, by: Self.windowLength) {
            let window = windowStart..<min(length, windowStart + Self.windowLength)
            readClips = readClips.filter { timeline.clips[$0.key].end > window.lowerBound }
            let samples = AudioMixer.mix(timeline, window: window) { index in
                if let known = readClips[index] { return known }
                let samples = (try? read(placements[index])) ?? StereoSamples(silence: placements[index].length)
                readClips[index] = samples
                return samples
            }
            try writer.append(samples)
            while mixedClips < placements.count, timeline.clips[mixedClips].end <= window.upperBound {
                mixedClips += 1
                observer.handle(.unitFinished(
                    .audio, done: mixedClips, total: placements.count, reused: false, name: placements[mixedClips - 1].clip.path
                ))
            }
        }
        try writer.finish()
        observer.handle(.stageFinished(.audio))
        return EncodedAudio(file: file, reused: false)
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

    /// The hash naming the track: renderer version, audio settings, bitrate, music file identity, and each
    /// clip's identity, window and place in the reel.
    private func trackKey(placements: [Placement], length: Int) throws -> String {
        let hash = ContentHash()
        hash.update("dvpipe-audio")
        hash.update(RenderVersion.renderer)
        hash.update(try JSONCoding.encoder.encode(job.audio))
        hash.update("\(job.output.audio.bitrate.bitsPerSecond) \(length)")
        if let music = job.audio.music {
            let attributes = try? FileManager.default.attributesOfItem(atPath: music.file)
            hash.update("\(music.file) \(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        }
        hash.update(try JSONCoding.encoder.encode(placements))
        return hash.finalHex()
    }
}
