import DVMedia
import Foundation
import Synchronization

/// A clip being read for one segment, that the next segment can read on from.
///
/// A clip's frames are split over two segments in timeline order: its own (the transition into it, then
/// its body) and the next one, whose transition shows its end. Reading on keeps its decoder where the
/// last part left it, so the clip is decoded once from its first frame instead of once per part with a
/// seek and the pictures before the part decoded and dropped. `ClipReader` compares ticks from the clip window's
/// start, so the frames are the same as those of a reader opened afresh at the same frame.
final class OpenClip: CanvasFrameSource, @unchecked Sendable {
    // @unchecked: one segment's thread uses it at a time, handed over by `OpenClips`' lock and `PrefetchedFrames.finish()`.
    private var frames: OverlaidClip

    init(_ frames: OverlaidClip) {
        self.frames = frames
    }

    /// The clip as planned.
    var source: ClipSource { frames.source }

    /// The clip's frame index of the next frame.
    var nextFrame: Int { frames.nextFrame }

    /// True when a later segment still needs frames of this clip.
    var hasFramesLeft: Bool { nextFrame < source.frameCount }

    /// Reads on for `frameCount` more frames: the next segment's part of the clip.
    func readOn(frameCount: Int) {
        frames.extendWindow(by: frameCount)
    }

    func next() throws -> VideoFrame? {
        try frames.next()
    }
}

/// Clips left open by finished segments, each waiting for the segment that reads on from its next frame.
///
/// Holds at most `capacity` clips (each keeps a decoder and a few pictures); the oldest is closed first.
/// A segment that finds no open clip opens one afresh, with the same frames, so the store only saves
/// work and never changes a byte.
final class OpenClips: Sendable {
    private let waiting = Mutex<[OpenClip]>([])
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The open clip of `source` whose next frame is `firstFrame`, taken out of the store, if there is one.
    func take(_ source: ClipSource, firstFrame: Int) -> OpenClip? {
        waiting.withLock { waiting in
            guard let index = waiting.firstIndex(where: { $0.source == source && $0.nextFrame == firstFrame }) else { return nil }
            return waiting.remove(at: index)
        }
    }

    /// Hands every clip kept here over to `other`.
    func moveAll(to other: OpenClips) {
        let clips = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        clips.forEach(other.keep)
    }

    /// Keeps `clip` for the segment that reads on from it, if one will.
    func keep(_ clip: OpenClip) {
        guard clip.hasFramesLeft else { return }
        waiting.withLock { waiting in
            waiting.append(clip)
            if waiting.count > capacity { waiting.removeFirst() }
        }
    }
}
