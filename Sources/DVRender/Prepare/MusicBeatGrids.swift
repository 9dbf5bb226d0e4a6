import DVMedia
import DVPlanning
import Foundation

/// The beat grids of a job's soundtrack, for a plan cut on the beat (`audio.music.sync`).
package enum MusicBeatGrids {
    /// Each track's grid in the order played, when the job cuts on the beat; empty when it does not. Each is
    /// kept in `work` by the file's content (`MusicGrids`), so a second plan tracks nothing. A track that cannot
    /// be read has a grid without beats, so the plan keeps the days' own lengths and says why.
    package static func grids(for job: Job, work: WorkFolder, digests: ContentDigests) -> [BeatGrid] {
        guard let sync = job.audio.music?.sync, sync != .off else { return [] }
        let kept = MusicGrids(work: work)
        return job.audio.musicTracks.map { track in
            (try? kept.grid(of: track.file, digests: digests))
                ?? BeatGrid(tempo: nil, beats: [], downbeats: [], phrases: [], confidence: 0, duration: 0)
        }
    }
}
