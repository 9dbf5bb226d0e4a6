internal import CFFmpeg
import DVMediaFacts
import DVSignal
import Foundation

/// Decodes a window of a video file's best video stream at a constant output frame rate, lazily.
///
/// Output tick `n` of a window shows the file at time `windowStart + n / fps`. At another `speed` it shows
/// the file half a tick later, at `windowStart + (n + ½) × speed / fps`: at 1/8 a 240 fps source shows each of
/// its own frames once at 30 fps, each taken in the middle of its time so that a frame a little early or late
/// (phones' timestamps jitter) is still shown once; a source without such frames repeats its frames. A reader hands out the ticks
/// `firstTick ..< firstTick + frameCount`: it seeks to the keyframe before the first of them, decodes
/// and drops the pictures before it, and for each tick hands out the latest source picture whose
/// presentation time is at or before the tick, so a variable-rate source has pictures repeated or
/// dropped as needed. Ticks before the first decoded picture show that first picture. When the stream
/// ends before the window does, the last picture is repeated (so the timeline keeps its planned
/// length) and `repeatedAfterEnd` counts those ticks.
///
/// Ticks are compared with timestamps in integers from the window's start, never from the first tick,
/// so a reader opened at tick `k` hands out the same pictures as a reader that started earlier and was
/// extended (`extendWindow(by:)`) up to `k`: a segment renders the same whether its clip was read on
/// from the segment before or opened afresh.
///
/// Times are measured from the stream's start time. Only two decoded pictures are held at a time, so
/// memory does not grow with the window's length. Not thread-safe: use it from one thread at a time.
package final class ClipReader {
    /// The file being read.
    package let location: MediaLocation
    /// The index of the video stream in the file.
    package let streamIndex: Int
    /// How the pictures must be turned to be shown upright.
    package let rotation: FrameRotation
    /// The tick after the last one this reader hands out, until `extendWindow(by:)` moves it.
    package private(set) var endTick: Int
    /// The tick of the next frame `next()` hands out.
    package private(set) var nextTick: Int
    /// The output frame rate.
    package let outputFPS: Int
    /// How fast the file plays: source seconds per output second.
    package let speed: PlaybackSpeed
    /// Decoded picture size as stored (before rotation).
    package let codedWidth: Int
    /// Decoded picture height as stored (before rotation).
    package let codedHeight: Int
    /// Ticks so far that showed the last picture again because the stream had ended.
    package private(set) var repeatedAfterEnd = 0

    private let container: ContainerReader
    private let decoder: ClipDecoder
    private let timeBase: AVRational
    private let startPTS: Int64
    private let streamStart: Int64
    private var shown: VideoFrame
    private var lookahead: VideoFrame
    private var shownPTS: Int64 = 0
    private var lookaheadPTS: Int64 = 0
    private var hasShown = false
    private var hasLookahead = false
    private var primed = false
    private var lastPTS: Int64?
    private let nominalFrameTicks: Int64
    /// Half ticks past a tick's start that it shows the file at: 0 at real time, 1 (its middle) at any other speed.
    private let phase: Int64

    /// Opens the file at `location` for the window `[start, start + duration)` in seconds.
    /// - Parameters:
    ///   - outputFPS: the constant frame rate of the frames handed out.
    ///   - threads: decoder threads; decoding is exact whatever the count.
    package convenience init(
        _ location: MediaLocation, start: Double, duration: Double, outputFPS: Int, threads: Int, rough: Bool = false
    ) throws {
        guard duration >= 0, duration.isFinite else {
            throw MediaError.invalidWindow(path: location.path, start: start, duration: duration, fps: outputFPS)
        }
        try self.init(
            location, windowStart: start, firstTick: 0, frameCount: Int((duration * Double(outputFPS)).rounded()),
            outputFPS: outputFPS, threads: threads, rough: rough
        )
    }

    /// Opens the file at `location` (or the movie at its `byteRange`, a Motion Photo's) for the ticks
    /// `firstTick ..< firstTick + frameCount` of the window that starts at `windowStart` seconds.
    /// - Parameters:
    ///   - outputFPS: the constant frame rate of the frames handed out.
    ///   - threads: decoder threads; decoding is exact whatever the count.
    ///   - rough: skip non-reference pictures and deblocking (`ClipDecoder`), for analysis only.
    ///   - speed: how fast the file plays (ticks are `speed / outputFPS` seconds of it apart).
    package init(
        _ location: MediaLocation, windowStart: Double, firstTick: Int, frameCount: Int, outputFPS: Int, threads: Int,
        rough: Bool = false, speed: PlaybackSpeed = .realTime
    ) throws {
        guard outputFPS > 0, windowStart >= 0, windowStart.isFinite, firstTick >= 0, frameCount >= 0 else {
            throw MediaError.invalidWindow(
                path: location.path, start: windowStart + Double(firstTick) / Double(max(1, outputFPS)),
                duration: Double(frameCount) / Double(max(1, outputFPS)), fps: outputFPS
            )
        }
        self.location = location
        self.outputFPS = outputFPS
        self.speed = speed
        phase = speed == .realTime ? 0 : 1
        endTick = firstTick + frameCount
        nextTick = firstTick
        container = try ContainerReader(location)
        streamIndex = try container.bestVideoStream()
        let stream = container.stream(streamIndex)
        timeBase = stream.pointee.time_base
        let parameters = stream.pointee.codecpar.pointee
        codedWidth = Int(parameters.width)
        codedHeight = Int(parameters.height)
        rotation = dv_stream_display_matrix(stream).map { FrameRotation(displayMatrixDegrees: av_display_rotation_get($0)) } ?? .none
        decoder = try ClipDecoder(container: container, stream: streamIndex, threads: threads, rough: rough)
        shown = try VideoFrame.makeEmpty()
        lookahead = try VideoFrame.makeEmpty()

        let declaredStart = stream.pointee.start_time
        streamStart = declaredStart == dv_nopts_value() ? 0 : declaredStart
        startPTS = streamStart + Int64((windowStart * Double(timeBase.den) / Double(timeBase.num)).rounded())
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : AVRational(num: Int32(outputFPS), den: 1)
        nominalFrameTicks = max(1, av_rescale_q(1, AVRational(num: rate.den, den: rate.num), timeBase))
        let halfTick = AVRational(num: 1, den: Int32(2 * outputFPS * speed.denominator))
        let firstTickPTS = startPTS + av_rescale_q((2 * Int64(firstTick) + phase) * Int64(speed.numerator), halfTick, timeBase)
        if firstTickPTS > streamStart {
            // A reordered stream can show a picture before the keyframe that follows it in decode
            // order; a margin of a few frames makes the seek land before the window's first picture.
            try container.seek(stream: streamIndex, toKeyframeBefore: max(streamStart, firstTickPTS - 4 * nominalFrameTicks))
        }
    }

    /// Lets the reader hand out `frames` more ticks after the window's current end, reading on.
    package func extendWindow(by frames: Int) {
        endTick += max(0, frames)
    }

    /// The next output frame, or nil once the window's end is reached. The picture is valid until the next call.
    package func next() throws -> DecodedFrame? {
        guard nextTick < endTick else { return nil }
        if !primed {
            primed = true
            hasLookahead = try decodeLookahead()
            guard hasLookahead else {
                throw MediaError.decode(
                    path: location.path, stream: streamIndex, operation: "decoding the window", code: dv_averror_eof(),
                    message: "no picture in the window"
                )
            }
        }
        let tick = nextTick
        while hasLookahead && (!hasShown || isAtOrBefore(lookaheadPTS, tick: tick)) {
            swap(&shown, &lookahead)
            shownPTS = lookaheadPTS
            hasShown = true
            hasLookahead = try decodeLookahead()
        }
        let repeated = !hasLookahead && isAtOrBefore(shownPTS + nominalFrameTicks, tick: tick)
        if repeated { repeatedAfterEnd += 1 }
        nextTick += 1
        let seconds = Double(shownPTS - streamStart) * Double(timeBase.num) / Double(timeBase.den)
        return DecodedFrame(picture: shown, index: tick, sourceTime: seconds, isRepeatAfterEnd: repeated)
    }

    /// True when `pts` is at or before the time output tick `tick` shows, compared exactly in integers.
    private func isAtOrBefore(_ pts: Int64, tick: Int) -> Bool {
        2 * (pts - startPTS) * Int64(timeBase.num) * Int64(outputFPS) * Int64(speed.denominator)
            <= (2 * Int64(tick) + phase) * Int64(timeBase.den) * Int64(speed.numerator)
    }

    /// Decodes the next picture into `lookahead` and gives it a timestamp.
    private func decodeLookahead() throws -> Bool {
        guard try decoder.decode(into: lookahead) else { return false }
        let stamp = lookahead.pointer.pointee.best_effort_timestamp
        if stamp != dv_nopts_value() {
            lookaheadPTS = stamp
        } else {
            lookaheadPTS = (lastPTS ?? streamStart - nominalFrameTicks) + nominalFrameTicks
        }
        lastPTS = lookaheadPTS
        return true
    }
}
