import DVPlanning
import DVRuntime

/// The sound tracks of a run's outputs, made on a low-priority lane while the picture renders, so that the
/// assembly after it finds them finished (`AudioStage.track` reuses a track in the work folder).
///
/// The picture's decoders and encoders leave part of the cores idle (at segment boundaries, and where x264
/// waits on itself); the sound's mixing and encoding fill those gaps instead of running alone afterwards.
/// The lane is niced, so it takes what the picture leaves rather than sharing the cores with it. Its
/// events go to the observer as they happen (the audio stage then overlaps the encode stage); a track that
/// fails is left for the assembly to make again, which reports the failure. Nothing here changes a byte:
/// the track is the one the assembly would make.
final class SoundTracksAhead: Sendable {
    /// Nice value of the lane (and of the chunk encoders it starts, which inherit it): 10, as `nice` gives.
    private static let niceness: Int32 = 10
    private let lane = Lane("dvpipe sound", width: 1, nice: niceness)
    private let made: Handle<Void>

    /// Starts making the track of each `(job, layout)` not made yet, one after another, in `work`; a
    /// `stop` request ends it at the next chunk (the chunks finished are kept for the re-run).
    init(
        _ tracks: [(job: Job, layout: ReelLayout)], work: WorkFolder, files: LibraryFiles = LibraryFiles(), observer: some RenderObserver,
        stop: StopRequest
    ) {
        made = lane.submit {
            for (job, layout) in tracks {
                guard (try? AudioStage(work: work, job: job, files: files).track(for: layout, observer: observer, stop: stop)) != nil else { return }
            }
        }
    }

    /// Waits until the tracks are made (or one failed).
    func join() {
        _ = made.result()
    }
}
