import DVMedia
import DVPlanning
import DVSignal
import Foundation
import Synchronization

/// What the normalize stage reads a clip's frames from: a `ClipReader` of its own, or a `ClipReaderTap` on a
/// reader that several outputs share.
protocol ClipFrameReader: AnyObject {
    /// The tick of the next frame `next()` hands out.
    var nextTick: Int { get }
    /// The output frame rate.
    var outputFPS: Int { get }
    /// How the pictures must be turned to be shown upright.
    var rotation: FrameRotation { get }
    /// Ticks so far that showed the last picture again because the stream had ended.
    var repeatedAfterEnd: Int { get }
    /// Lets the reader hand out `frames` more ticks after the window's current end.
    func extendWindow(by frames: Int)
    /// The next frame, or nil at the window's end; its picture is only read, until the next call.
    func next() throws -> DecodedFrame?
}

extension ClipReader: ClipFrameReader {}

/// Opens a reader of a window at a tick for a number of frames (the load stage's, for one clip).
typealias ClipReaderOpener = @Sendable (_ firstTick: Int, _ frameCount: Int) throws -> ClipReader

/// The clips the outputs of one segment position read, each decoded once for all of them.
///
/// The outputs' segments at one position show the same windows of the same clips at the same frames;
/// only the canvas differs. Loading a window through the share gives each output a `ClipReaderTap` on one
/// `ClipReader` per window (the same file, movie, window start, first frame, frame rate and speed), so a source
/// picture is decoded once and scaled into each canvas from that one picture. The frames are exactly those
/// of a reader of each output's own, so the bytes of every segment are unchanged.
final class DecodeShare: Sendable {
    private let readers = Mutex<[Reading: SharedClipReader]>([:])
    /// How many loads of each reading are coming (one per output rendered together).
    private let loadsPerReading: Int

    init(loadsPerReading: Int) {
        self.loadsPerReading = loadsPerReading
    }

    /// What makes two loads the same reading of a clip's window: the same file, movie, window start, first
    /// frame, frame rate and speed.
    private struct Reading: Hashable {
        var path: String
        var byteRange: Range<Int>?
        var startMilliseconds: Int
        var firstTick: Int
        var outputFPS: Int
        var speed: PlaybackSpeed?
    }

    /// A reader of `source`'s ticks `firstTick ..< firstTick + frameCount`, sharing its decoder with every
    /// other load of the same window through this share.
    func tap(_ source: ClipSource, firstTick: Int, frameCount: Int, outputFPS: Int, open: @escaping ClipReaderOpener) throws -> ClipReaderTap {
        let reading = Reading(
            path: source.path, byteRange: source.byteRange, startMilliseconds: source.startMilliseconds, firstTick: firstTick, outputFPS: outputFPS,
            speed: source.speed
        )
        let shared = try readers.withLock { readers in
            if let shared = readers[reading] { return shared }
            let shared = SharedClipReader(reader: try open(firstTick, frameCount), expectedTaps: loadsPerReading, open: open)
            readers[reading] = shared
            return shared
        }
        return shared.tap(firstTick: firstTick, frameCount: frameCount)
    }
}

/// One `ClipReader` read by several taps in step: each decoded frame is kept until every tap has taken it
/// (at most `capacity` frames; a tap that falls further behind reads on with a reader of its own, which
/// gives the same frames).
///
/// Everything the taps share is in `state`, behind one lock: the reader, the kept frames and where each tap
/// stands. A tap's own fields are its own thread's alone, so a tap carried to another segment on another
/// thread shares nothing with its siblings but what the lock guards.
final class SharedClipReader: Sendable {
    /// Opens a reader of the same window at another tick, for a tap that fell behind.
    let open: ClipReaderOpener
    let outputFPS: Int
    let rotation: FrameRotation
    private let state: Mutex<State>
    private static let capacity = 2

    struct KeptFrame {
        let frame: DecodedFrame
        /// The reader's count of repeats after the stream's end, once this frame was read.
        let repeatedAfterEnd: Int
    }

    private struct State {
        let reader: ClipReader
        /// Frames decoded and not yet taken by every tap, in tick order.
        var kept: [KeptFrame] = []
        /// The next tick of each tap that reads the shared frames, by the tap's number; a tap that reads on
        /// its own, or is gone, has none.
        var positions: [Int: Int] = [:]
        /// Taps made so far, and how many are coming: until all are made, the first frames are kept for the
        /// later ones.
        var tapsMade = 0
        let expectedTaps: Int
        /// The error the decoder failed with: every later read fails with it too.
        var failure: (any Error)?
        /// Ticks the one decoder has handed out.
        var ticksDecoded = 0

        /// Lets go of the frames every reading tap has passed (once every tap expected is made), and of the
        /// oldest beyond `capacity`.
        mutating func dropTakenFrames() {
            let wanted = tapsMade < expectedTaps ? Int.min : positions.values.min() ?? Int.max
            kept.removeAll { $0.frame.index < wanted }
            if kept.count > SharedClipReader.capacity {
                kept.removeFirst(kept.count - SharedClipReader.capacity)
            }
        }
    }

    init(reader: sending ClipReader, expectedTaps: Int, open: @escaping ClipReaderOpener) {
        self.open = open
        outputFPS = reader.outputFPS
        rotation = reader.rotation
        state = Mutex(State(reader: reader, expectedTaps: expectedTaps))
    }

    /// Ticks the one decoder has handed out.
    var ticksDecoded: Int { state.withLock { $0.ticksDecoded } }

    func tap(firstTick: Int, frameCount: Int) -> ClipReaderTap {
        let number = state.withLock { state in
            state.tapsMade += 1
            state.positions[state.tapsMade] = firstTick
            return state.tapsMade
        }
        return ClipReaderTap(shared: self, number: number, firstTick: firstTick, frameCount: frameCount)
    }

    /// For tap `number`, the frame at `tick`, kept or decoded now, the tap counted as past it; nil when it is
    /// no longer kept and the decoder is past it.
    func frame(at tick: Int, forTap number: Int) throws -> KeptFrame? {
        try state.withLock { state in
            if let failure = state.failure { throw failure }
            let found: KeptFrame
            if let first = state.kept.first?.frame.index, tick >= first, tick < first + state.kept.count {
                found = state.kept[tick - first]
            } else {
                guard tick == state.reader.nextTick else { return nil }
                if state.reader.endTick <= tick {
                    state.reader.extendWindow(by: tick + 1 - state.reader.endTick)
                }
                let decoded: DecodedFrame?
                do {
                    decoded = try state.reader.next()
                } catch {
                    state.failure = error
                    throw error
                }
                guard let decoded else { return nil }
                state.ticksDecoded += 1
                found = KeptFrame(frame: decoded.keeping(try decoded.picture.sharedReference()), repeatedAfterEnd: state.reader.repeatedAfterEnd)
                state.kept.append(found)
            }
            state.positions[number] = tick + 1
            state.dropTakenFrames()
            return found
        }
    }

    /// Tap `number` reads no more shared frames (it reads on its own, or is gone): the frames are no longer
    /// kept for it.
    func release(tap number: Int) {
        state.withLock { state in
            state.positions[number] = nil
            state.dropTakenFrames()
        }
    }
}

/// One output's reading of a `SharedClipReader`'s window: its own position and window end, the shared
/// decoder's frames. A tap is read by one thread at a time: its fields are that thread's; where it stands
/// in the shared frames, the shared reader keeps under its lock.
final class ClipReaderTap: ClipFrameReader {
    let sharedReader: SharedClipReader
    /// The tap's number in its shared reader.
    private let number: Int
    private(set) var nextTick: Int
    private var endTick: Int
    private(set) var repeatedAfterEnd = 0
    /// The reader this tap reads on with after falling behind the shared frames.
    private var ownReader: ClipReader?
    /// `repeatedAfterEnd` when the own reader took over (it counts from zero).
    private var repeatedBeforeOwnReader = 0

    fileprivate init(shared: SharedClipReader, number: Int, firstTick: Int, frameCount: Int) {
        sharedReader = shared
        self.number = number
        nextTick = firstTick
        endTick = firstTick + frameCount
    }

    deinit {
        if ownReader == nil {
            sharedReader.release(tap: number)
        }
    }

    /// True once this tap reads with a reader of its own.
    var readsOnItsOwn: Bool { ownReader != nil }

    var outputFPS: Int { sharedReader.outputFPS }
    var rotation: FrameRotation { sharedReader.rotation }

    func extendWindow(by frames: Int) {
        endTick += max(0, frames)
        ownReader?.extendWindow(by: frames)
    }

    func next() throws -> DecodedFrame? {
        guard nextTick < endTick else { return nil }
        if ownReader == nil {
            if let kept = try sharedReader.frame(at: nextTick, forTap: number) {
                nextTick += 1
                repeatedAfterEnd = kept.repeatedAfterEnd
                return kept.frame
            }
            ownReader = try sharedReader.open(nextTick, endTick - nextTick)
            repeatedBeforeOwnReader = repeatedAfterEnd
            sharedReader.release(tap: number)
        }
        guard let reader = ownReader, let frame = try reader.next() else { return nil }
        nextTick += 1
        repeatedAfterEnd = repeatedBeforeOwnReader + reader.repeatedAfterEnd
        return frame
    }
}
