import DVMedia
import DVPlanning
import DVRemote
import DVSignal
import Foundation

/// The reel's sound track as one encoded file in the work folder: the audio stage's product.
package struct EncodedAudio: Sendable {
    /// The `.m4a` holding one AAC stream as long as the reel.
    package let file: URL
    /// True when an earlier run had already made it.
    package let reused: Bool
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
    /// How the clips' files open (those the scan listed on servers, and the local ones).
    var files = LibraryFiles()
    /// The music's tracks when given by hand; nil: as the plan and the job say (`MusicPlaylist.of(job:music:)`).
    /// Its volume, ducking, fade-out and loop are `audio.music`'s.
    var playlist: MusicPlaylist?

    /// The music bed's tracks for `layout`: the playlist given, or the turns of a plan cut on the beat, or the
    /// job's tracks from their starts; none without music.
    private func musicTracks(_ layout: ReelLayout) -> MusicPlaylist? {
        guard job.audio.music != nil else { return nil }
        return playlist ?? MusicPlaylist.of(job: job, music: layout.music)
    }

    /// Where the track for `layout` lives in the work folder (present once made), and the clip placements
    /// and music tracks it is made from (the tracks worked out once, since a playlist's lengths are probed).
    private func plannedTrack(for layout: ReelLayout) throws -> (
        file: URL, placements: [AudioPlacement], length: Int, tracks: MusicPlaylist?
    ) {
        let (placements, length) = AudioPlacement.placements(in: layout)
        let tracks = musicTracks(layout)
        let key = try trackKey(placements: placements, length: length, identities: layout.identities, tracks: tracks)
        return (work.audioFolder.appendingPathComponent("\(key).m4a"), placements, length, tracks)
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

    /// The track for `layout`: reused when an earlier run made it; otherwise the clips are measured (when the
    /// job uses loudness), laid on a timeline, and the chunks scheduled: each taken from the chunk folder, or
    /// mixed and then taken from the folder or encoded by the pool, and written in order. Once `stop` has
    /// been requested, no further chunk is started: the track is abandoned (no file) and
    /// `RenderError.interrupted` thrown; the chunks finished are kept.
    func track(for layout: ReelLayout, observer: some RenderObserver, stop: StopRequest? = nil) throws -> EncodedAudio {
        let (file, placements, length, tracks) = try plannedTrack(for: layout)
        if FileManager.default.fileExists(atPath: file.path) {
            return EncodedAudio(file: file, reused: true)
        }
        observer.handle(.stageStarted(.audio, total: placements.count))
        try work.prepare()
        let timeline = try self.timeline(placements, length: length, tracks: tracks, observer: observer)
        // A few chunks at a time (see `AudioChunking`), so memory does not grow with the reel; a clip that
        // spans two chunks is read once and kept until the chunk after its end.
        let chunking = AudioChunking(length: length, bitrate: job.output.audio.bitrate.bitsPerSecond)
        let writer = try EncodedAudioTrackWriter(destination: file, bitrate: chunking.bitrate)
        let chunks = AudioChunkFolder(work: work)
        let pool = ChunkEncoderPool()
        var readClips: [Int: StereoSamples] = [:]
        var mixedClips = 0
        var pending: [PendingChunk] = []
        let writeFirst = {
            let chunk = pending.removeFirst()
            try writer.write(try chunk.packets())
            while mixedClips < placements.count, timeline.clips[mixedClips].end <= chunking.kept(chunk.index).upperBound {
                mixedClips += 1
                observer.handle(
                    .unitFinished(
                        .audio, done: mixedClips, total: placements.count, reused: false, name: placements[mixedClips - 1].clip.path
                    ))
            }
        }
        for index in 0..<chunking.chunkCount {
            try stop?.check()
            let input = chunking.input(index)
            let planFile =
                timeline.music == nil ? try chunks.planFile(index: index, chunking: chunking, timeline: timeline, placements: placements) : nil
            if let planFile, let known = chunks.packets(planFile: planFile) {
                pending.append(pool.known(index, packets: known))
            } else {
                readClips = readClips.filter { timeline.clips[$0.key].end > input.lowerBound }
                let samples = AudioMixer.mix(timeline, window: input) { clip in
                    if let known = readClips[clip] { return known }
                    let samples = (try? read(placements[clip])) ?? StereoSamples(silence: placements[clip].length)
                    readClips[clip] = samples
                    return samples
                }
                let chunkFile = try chunks.chunkFile(index: index, chunking: chunking, samples: samples)
                if let packets = chunks.packets(in: chunkFile) {
                    try planFile.map { try chunks.note(chunkFile, in: $0) }
                    pending.append(pool.known(index, packets: packets))
                } else {
                    pending.append(
                        pool.encode(index) {
                            let packets = try chunking.encode(chunk: index, samples: samples)
                            try chunks.keep(packets, in: chunkFile)
                            try planFile.map { try chunks.note(chunkFile, in: $0) }
                            return packets
                        })
                }
            }
            while let first = pending.first, pending.count > pool.ahead || first.isFinished {
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

    /// The clips on the reel's timeline with their gains, joins and fades, and the music bed.
    private func timeline(_ placements: [AudioPlacement], length: Int, tracks: MusicPlaylist?, observer: some RenderObserver) throws -> AudioTimeline
    {
        let muted = job.audio.clips == .mute
        // Loudness decides the clips' gains, and the presence of sound decides where music ducks; a job
        // that uses neither does not decode its clips twice to measure them.
        let measured = !muted && (job.audio.normalize || job.audio.music != nil)
        let loudness = measured ? try measure(placements, observer: observer) : []
        let normalization = LoudnessNormalization()
        return AudioTimeline(
            clips: placements.enumerated().map { index, placement in
                let window = loudness.isEmpty ? nil : loudness[index]
                return AudioTimeline.Clip(
                    start: placement.start, length: placement.length,
                    gain: job.audio.normalize ? window.map { normalization.gain(for: $0.measurement) } ?? 1 : 1,
                    hasSound: window?.hasSound ?? false,
                    join: placement.crossfadeOut > 0 ? .crossfade(overlap: placement.crossfadeOut) : .cut,
                    fadeInFromSilence: placement.fadeInFromCard, fadeOutToSilence: placement.fadeOutToCard
                )
            },
            length: length, clipsMuted: muted, music: try music(length: length, tracks: tracks)
        )
    }

    /// A clip window's samples, exactly its length: for a clip not at real time, its window's sound stretched
    /// to that length at its own pitch (`TimeStretch`), or silence under `speed_audio: mute`; for a layered
    /// day, the sound its `audio` choice plays, a layer whose sound cannot be decoded counting as silent (and
    /// told to `failed`, with why).
    private func read(_ placement: AudioPlacement, failed: (String, any Error) -> Void = { _, _ in }) throws -> StereoSamples {
        guard let layered = placement.layered else {
            let clip = placement.clip
            if clip.still != nil { return StereoSamples(silence: placement.length) }
            return try window(
                of: clip.path, byteRange: clip.byteRange, from: placement.startInFile, length: placement.length, speed: clip.speed,
                speedAudio: placement.speedAudio)
        }
        let readLayer = { (layer: LayeredSound.Layer) in
            if layer.isPhoto { return StereoSamples(silence: layer.length) }
            do {
                return try window(
                    of: layer.path, byteRange: layer.byteRange, from: layer.startInFile, length: layer.length, speed: layer.speed,
                    speedAudio: layer.speedAudio)
            } catch {
                failed(layer.path, error)
                return StereoSamples(silence: layer.length)
            }
        }
        switch layered.audio {
        case .none:
            return StereoSamples(silence: placement.length)
        case .first:
            return LayerSounds.fitted(layered.layers.first.map(readLayer) ?? StereoSamples(silence: 0), length: placement.length)
        case .loudest:
            let tracks = layered.layers.map(readLayer)
            let loudest = LayerSounds.loudest(tracks).map { tracks[$0] } ?? StereoSamples(silence: 0)
            return LayerSounds.fitted(loudest, length: placement.length)
        case .mix:
            return LayerSounds.mix(layered.layers.map(readLayer), length: placement.length)
        }
    }

    /// `length` samples of the reel from a file's sound, starting at its sample `start`: at real time read as
    /// they are; at another `speed`, the file's `length × speed` samples stretched to `length` at their own
    /// pitch (`TimeStretch`), or silence under `speed_audio: mute`.
    private func window(
        of path: String, byteRange: Range<Int>?, from start: Int, length: Int, speed: PlaybackSpeed?, speedAudio: Job.SpeedAudio?
    ) throws -> StereoSamples {
        if speedAudio == .mute { return StereoSamples(silence: length) }
        let count = speed.map { Int($0.sourceUnits(ofReel: Int64(length))) } ?? length
        let samples = try AudioClipReader(files.location(path, byteRange: byteRange)).read(startSample: start, count: count)
        return speed == nil ? samples : TimeStretch.stretch(samples, to: length)
    }

    /// Loudness and presence of sound of each placement's clip window, from the cache or measured now.
    private func measure(_ placements: [AudioPlacement], observer: some RenderObserver) throws -> [LoudnessCache.Window] {
        let cache = LoudnessCache(work: work)
        var windows = cache.load()
        var changed = false
        let keys = try placements.map { try $0.windowKey() }
        for (placement, key) in zip(placements, keys) where windows[key] == nil {
            let samples: StereoSamples
            do {
                samples = try read(placement) { path, error in
                    observer.handle(
                        .warning(
                            RenderWarning(
                                .soundUndecodable,
                                "\(path): its sound cannot be decoded (\(RenderError.reason(of: error, besides: path))); the layer is silent")))
                }
            } catch {
                observer.handle(
                    .warning(
                        RenderWarning(
                            .soundUndecodable,
                            "\(placement.clip.path): its sound cannot be decoded (\(RenderError.reason(of: error, besides: placement.clip.path))); the day plays silence"
                        )))
                samples = StereoSamples(silence: placement.length)
            }
            windows[key] = LoudnessCache.Window(measurement: LoudnessMeter.measure(samples), hasSound: samples.hasSound)
            changed = true
        }
        if changed {
            try cache.save(windows)
        }
        return keys.compactMap { windows[$0] }
    }

    /// The music bed, each track decoded from where it is played up to the reel's end (looped by the mixer
    /// when asked).
    private func music(length: Int, tracks playlist: MusicPlaylist?) throws -> AudioTimeline.Music? {
        guard let music = job.audio.music, let tracks = playlist?.tracks, let first = tracks.first else { return nil }
        let read = { (track: MusicPlaylist.Track, from: Int) in
            try AudioClipReader(.file(track.file)).readAll(
                from: StereoSamples.sampleCount(seconds: max(0, track.start)), limit: max(0, length - from))
        }
        let changes = try tracks.dropFirst().map { track in
            let at = StereoSamples.sampleCount(seconds: max(0, track.at))
            return AudioTimeline.Music.Change(
                samples: try read(track, at), at: at, crossfade: StereoSamples.sampleCount(seconds: max(0, track.crossfade)))
        }
        return AudioTimeline.Music(
            samples: try read(first, 0), volume: Float(music.volume), duck: Float(music.duck),
            fadeOut: StereoSamples.sampleCount(seconds: music.fadeOut.seconds), loop: music.loop, changes: changes
        )
    }

    /// The `WorkKey` naming the track: audio settings (the music by its content digest, not its path; a
    /// playlist's tracks by theirs, with their starts and changes), bitrate, length, and each clip's content,
    /// window and place in the reel. `identities` gives the files' digests; a music file missing from them is
    /// hashed here.
    private func trackKey(placements: [AudioPlacement], length: Int, identities: [String: String], tracks: MusicPlaylist?) throws -> String {
        struct Material: Encodable {
            var audio: Job.Audio
            var musicIdentity: String?
            var musicTracks: [MusicPlaylist.TrackMaterial]?
            var bitrate: Int
            var length: Int
            var placements: [AudioPlacement]
        }
        let identity = { (path: String) in identities[path] ?? (try? ContentHash.hex(ofFileAt: path)) ?? "" }
        var audio = job.audio
        audio.music?.file = ""
        let single = tracks?.isSingleFromStart ?? true
        return try WorkKey.make(
            "audio-track",
            Material(
                audio: audio, musicIdentity: single ? tracks.map { identities[$0.tracks[0].file] ?? "" } : nil,
                musicTracks: single ? nil : tracks?.material(identity: identity), bitrate: job.output.audio.bitrate.bitsPerSecond,
                length: length, placements: placements
            ))
    }
}
