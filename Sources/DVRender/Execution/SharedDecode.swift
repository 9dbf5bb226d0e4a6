import DVMedia
import DVPlanning
import DVSignal
import Foundation

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

/// The clips the outputs of one segment position read, each decoded once for all of them.
///
/// The outputs' segments at one position show the same windows of the same clips at the same frames;
/// only the canvas differs. Loading a window through the share gives each output a `ClipReaderTap` on one
/// `ClipReader` per window (the same file, movie, window start, first frame, frame rate and speed), so a source
/// picture is decoded once and scaled into each canvas from that one picture. The frames are exactly those
/// of a reader of each output's own, so the bytes of every segment are unchanged.
final class DecodeShare: @unchecked Sendable {
    // @unchecked: `readers` is read and written with `lock` held.
    private let lock = NSLock()
    private var readers: [Window: SharedClipReader] = [:]
    /// How many loads of each window are coming (one per output rendered together).
    private let loadsPerWindow: Int

    init(loadsPerWindow: Int) {
        self.loadsPerWindow = loadsPerWindow
    }

    /// What makes two loads the same reading of a file.
    private struct Window: Hashable {
        var path: String
        var byteRange: Range<Int>?
        var startMilliseconds: Int
        var firstTick: Int
        var outputFPS: Int
        var speed: PlaybackSpeed?
    }

    /// A reader of `source`'s ticks `firstTick ..< firstTick + frameCount`, sharing its decoder with every
    /// other load of the same window through this share.
    func tap(
        _ source: ClipSource, firstTick: Int, frameCount: Int, outputFPS: Int, open: @escaping (_ firstTick: Int, _ frameCount: Int) throws -> ClipReader
    ) throws -> ClipReaderTap {
        let window = Window(
            path: source.path, byteRange: source.byteRange, startMilliseconds: source.startMilliseconds, firstTick: firstTick, outputFPS: outputFPS,
            speed: source.speed
        )
        let shared = try lock.withLock {
            if let shared = readers[window] { return shared }
            let shared = SharedClipReader(reader: try open(firstTick, frameCount), expectedTaps: loadsPerWindow, open: open)
            readers[window] = shared
            return shared
        }
        return shared.tap(firstTick: firstTick, frameCount: frameCount)
    }
}

/// One `ClipReader` read by several taps in step: each decoded frame is kept until every tap has taken it
/// (at most `capacity` frames; a tap that falls further behind reads on with a reader of its own, which
/// gives the same frames). Thread-safe.
final class SharedClipReader: @unchecked Sendable {
    // @unchecked: every stored property but the constants is read and written with `lock` held.
    private let lock = NSLock()
    private let reader: ClipReader
    /// Opens a reader of the same window at another tick, for a tap that fell behind.
    let open: (_ firstTick: Int, _ frameCount: Int) throws -> ClipReader
    /// Frames decoded and not yet taken by every tap, in tick order.
    private var kept: [KeptFrame] = []
    private var taps: [WeakTap] = []
    /// Taps made so far, and how many are coming: until all are made, the first frames are kept for the
    /// later ones.
    private var tapsMade = 0
    private let expectedTaps: Int
    /// The error the decoder failed with: every later read fails with it too.
    private var failure: (any Error)?
    /// Ticks the one decoder has handed out.
    private(set) var ticksDecoded = 0
    private static let capacity = 2

    struct KeptFrame {
        let frame: DecodedFrame
        /// The reader's count of repeats after the stream's end, once this frame was read.
        let repeatedAfterEnd: Int
    }

    private struct WeakTap {
        weak var tap: ClipReaderTap?
    }

    init(reader: ClipReader, expectedTaps: Int, open: @escaping (_ firstTick: Int, _ frameCount: Int) throws -> ClipReader) {
        self.reader = reader
        self.expectedTaps = expectedTaps
        self.open = open
    }


    var outputFPS: Int { reader.outputFPS }
    var rotation: FrameRotation { reader.rotation }

    func tap(firstTick: Int, frameCount: Int) -> ClipReaderTap {
        let tap = ClipReaderTap(shared: self, firstTick: firstTick, frameCount: frameCount)
        lock.withLock { tapsMade += 1 }
        lock.withLock { taps.append(WeakTap(tap: tap)) }
        return tap
    }

    /// The frame at `tick`, kept or decoded now; nil when it is no longer kept and the decoder is past it.
    func frame(at tick: Int) throws -> KeptFrame? {
        try lock.withLock {
            if let failure { throw failure }
            if let first = kept.first?.frame.index, tick >= first, tick < first + kept.count {
                return kept[tick - first]
            }
            guard tick == reader.nextTick else { return nil }
            if reader.endTick <= tick {
                reader.extendWindow(by: tick + 1 - reader.endTick)
            }
            let decoded: DecodedFrame?
            do {
                decoded = try reader.next()
            } catch {
                failure = error
                throw error
            }
            guard let decoded else { return nil }
            ticksDecoded += 1
            let frame = KeptFrame(
                frame: decoded.keeping(try decoded.picture.sharedReference()),
                repeatedAfterEnd: reader.repeatedAfterEnd
            )
            kept.append(frame)
            dropTakenFrames()
            return frame
        }
    }

    /// Lets go of the frames every live tap has passed (once every tap expected is made), and of the oldest
    /// beyond `capacity`.
    private func dropTakenFrames() {
        taps.removeAll { $0.tap == nil || $0.tap?.readsOnItsOwn == true }
        let wanted = tapsMade < expectedTaps ? Int.min : taps.compactMap { $0.tap?.nextTick }.min() ?? Int.max
        kept.removeAll { $0.frame.index < wanted }
        if kept.count > Self.capacity {
            kept.removeFirst(kept.count - Self.capacity)
        }
    }

    /// Called by a tap when it has taken the frame before `tick`, so frames no one wants are let go.
    func tapMoved() {
        lock.withLock { dropTakenFrames() }
    }
}

/// One output's reading of a `SharedClipReader`'s window: its own position and window end, the shared
/// decoder's frames.
final class ClipReaderTap: ClipFrameReader, @unchecked Sendable {
    // @unchecked: the taps of one shared reader are read by one thread at a time, the producer thread of
    // the segments that read them (`PrefetchedFrames`), handed on with their `OpenClip`s.
    let sharedReader: SharedClipReader
    private(set) var nextTick: Int
    private var endTick: Int
    private(set) var repeatedAfterEnd = 0
    /// The reader this tap reads on with after falling behind the shared frames.
    private var ownReader: ClipReader?
    /// `repeatedAfterEnd` when the own reader took over (it counts from zero).
    private var repeatedBeforeOwnReader = 0

    fileprivate init(shared: SharedClipReader, firstTick: Int, frameCount: Int) {
        sharedReader = shared
        nextTick = firstTick
        endTick = firstTick + frameCount
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
            if let kept = try sharedReader.frame(at: nextTick) {
                nextTick += 1
                repeatedAfterEnd = kept.repeatedAfterEnd
                sharedReader.tapMoved()
                return kept.frame
            }
            ownReader = try sharedReader.open(nextTick, endTick - nextTick)
            repeatedBeforeOwnReader = repeatedAfterEnd
        }
        guard let reader = ownReader, let frame = try reader.next() else { return nil }
        nextTick += 1
        repeatedAfterEnd = repeatedBeforeOwnReader + reader.repeatedAfterEnd
        return frame
    }
}
