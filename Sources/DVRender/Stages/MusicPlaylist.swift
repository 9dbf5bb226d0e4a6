import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// The tracks of the music bed in plain values, for the audio stage: each music file from where it is played
/// (its intro skipped), the reel time it takes over (a bar line) and the crossfade into it. The bed's volume,
/// ducking, fade-out and loop stay `audio.music`'s. One track from its file's start is `audio.music` as it
/// always was, and names the sound track as it always did.
package struct MusicPlaylist: Sendable, Hashable {
    /// One music file of the playlist.
    package struct Track: Sendable, Hashable {
        /// Absolute path of the music file.
        package var file: String
        /// Seconds into the file where it is played from (an intro skipped); 0 plays it from its start.
        package var start: Double
        /// Reel seconds where its first played sample falls (0 for the first track, which starts the reel).
        package var at: Double
        /// Seconds over which it fades in as the track before fades out, from `at` on (unused for the first).
        package var crossfade: Double

        /// The crossfade into a track when the caller gives none (one beat of a slow song; a caller that knows
        /// the tempo gives a beat or a bar).
        package static let defaultCrossfade = 1.0

        /// The file `file` from `start` seconds in, taking over at reel second `at` over `crossfade` seconds.
        package init(file: String, start: Double = 0, at: Double = 0, crossfade: Double = Self.defaultCrossfade) {
            self.file = file
            self.start = start
            self.at = at
            self.crossfade = crossfade
        }
    }

    /// The tracks in the order they play; the first starts the reel.
    package var tracks: [Track]

    /// The tracks `tracks`, in the order they play.
    package init(tracks: [Track]) {
        self.tracks = tracks
    }

    /// True for one track played from its file's start: the bed `audio.music` alone has always made.
    var isSingleFromStart: Bool {
        tracks.count == 1 && tracks[0].start == 0
    }

    /// What names the playlist in the sound track's key: each track by its file's content digest (from
    /// `identity`), with its start, its change and crossfade in 48 kHz samples.
    func material(identity: (String) -> String) -> [TrackMaterial] {
        tracks.map {
            TrackMaterial(
                identity: identity($0.file), start: StereoSamples.sampleCount(seconds: max(0, $0.start)),
                at: StereoSamples.sampleCount(seconds: max(0, $0.at)), crossfade: StereoSamples.sampleCount(seconds: max(0, $0.crossfade)))
        }
    }

    /// A track in the sound track's key: its file's content, never its path.
    struct TrackMaterial: Encodable {
        var identity: String
        var start: Int
        var at: Int
        var crossfade: Int
    }
}

extension MusicPlaylist {
    /// The crossfade from one track of a playlist into the next when the reel is not cut on the beat: over the
    /// last second of the one before.
    static let playlistCrossfade = 1.0

    /// The music bed of `job` (none without `audio.music`): the turns of `music` when its plan is cut on the
    /// beat; else its tracks from their starts, each later one taking over a crossfade before the end of the
    /// one before (its length probed); a track whose length cannot be read ends the playlist there.
    static func of(job: Job, music: PlanMusic?) -> MusicPlaylist? {
        let tracks = job.audio.musicTracks
        guard !tracks.isEmpty else { return nil }
        if let music, !music.turns.isEmpty {
            return MusicPlaylist(
                tracks: music.turns.compactMap { turn in
                    guard music.tracks.indices.contains(turn.track) else { return nil }
                    return Track(file: music.tracks[turn.track], start: turn.from, at: turn.at, crossfade: turn.crossfade)
                })
        }
        var played: [Track] = []
        var end = 0.0
        for track in tracks {
            let start = track.start?.seconds ?? 0
            let at = played.isEmpty ? 0 : max(played[played.count - 1].at, end - Self.playlistCrossfade)
            played.append(Track(file: track.file, start: start, at: at, crossfade: Self.playlistCrossfade))
            guard tracks.count > 1, case .media(let info) = MediaProbe.probe(.file(track.file)), let duration = info.duration else { break }
            end = at + max(0, duration - start)
        }
        return MusicPlaylist(tracks: played)
    }
}
