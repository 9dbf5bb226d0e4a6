import DVMedia
import Foundation

/// A clip that could not be read while rendering, and why.
public struct ClipFailure: Sendable, Hashable, Codable {
    public let path: String
    public let reason: String
}

/// What rendering a set of segments came to.
public struct RenderOutcome: Sendable {
    /// Segments that are finished now, rendered or reused, in timeline order.
    public var finished: [EncodedSegment]
    /// Clips that failed; their segments are not finished.
    public var failures: [ClipFailure]

    /// How many of the finished segments were reused from an earlier run.
    public var reusedCount: Int { finished.filter(\.reused).count }
    /// How many were rendered by this run.
    public var renderedCount: Int { finished.count - reusedCount }
}

/// Runs the load → normalize → overlay → transition → encode stages for each segment, several segments at a time.
/// Each segment is independent and its encoder has a fixed thread count, so the bytes do not depend on
/// how many run at once.
public struct SegmentRenderer: Sendable {
    public let canvas: CanvasSettings
    public let work: WorkFolder
    /// Decoder threads per clip (decoding is exact whatever the count).
    public let decoderThreads: Int
    /// Segments rendered at once.
    public let parallelism: Int
    /// Font faces, with the glyphs they rendered, lent from segment to segment.
    private let fonts = FontPool()
    /// Clips a finished segment leaves open for the next segment that reads on from them.
    private let openClips: OpenClips

    public init(canvas: CanvasSettings, work: WorkFolder, decoderThreads: Int = 1, parallelism: Int) {
        self.canvas = canvas
        self.work = work
        self.decoderThreads = decoderThreads
        self.parallelism = max(1, parallelism)
        openClips = OpenClips(capacity: self.parallelism)
    }

    /// Renders the segments this shard owns that are not finished yet. Stops starting new segments
    /// when `stop` is requested, lets the ones in hand finish, then throws `RenderError.interrupted`.
    public func render(
        _ segments: [SegmentSpec], shard: Shard = .whole, observer: some RenderObserver, stop: StopRequest
    ) async throws -> RenderOutcome {
        try work.prepare()
        let owned = segments.filter { shard.owns($0.position) }
        observer.handle(.stageStarted(.encode, total: owned.count))
        var finished: [EncodedSegment] = []
        var failures: [ClipFailure] = []
        try await withThrowingTaskGroup(of: SegmentResult.self) { group in
            var pending = owned[...]
            var running = 0
            func startNext() {
                guard stop.requestedBy == nil, let spec = pending.popFirst() else { return }
                running += 1
                group.addTask { try self.renderOne(spec) }
            }
            for _ in 0..<parallelism { startNext() }
            while running > 0, let result = try await group.next() {
                running -= 1
                switch result {
                case let .finished(segment):
                    finished.append(segment)
                    observer.handle(.unitFinished(
                        .encode, done: finished.count + failures.count, total: owned.count, reused: segment.reused,
                        name: segment.spec.key
                    ))
                case let .failed(failure):
                    failures.append(failure)
                }
                startNext()
            }
        }
        observer.handle(.stageFinished(.encode))
        if let signal = stop.requestedBy, finished.count + failures.count < owned.count {
            throw RenderError.interrupted(signal: signal)
        }
        return RenderOutcome(finished: finished.sorted { $0.spec.position < $1.spec.position }, failures: failures)
    }

    private enum SegmentResult: Sendable {
        case finished(EncodedSegment)
        case failed(ClipFailure)
    }

    private func renderOne(_ spec: SegmentSpec) throws -> SegmentResult {
        let encode = EncodeStage(canvas: canvas, work: work)
        if let reused = encode.reuse(spec) { return .finished(reused) }
        // The clips this segment reads; its body reads on from its incoming transition's second clip.
        let opened = OpenClips(capacity: 4)
        do {
            // Each part's frames are set up when the part before has ended, on the frames' own thread,
            // a few frames ahead of the encoder.
            let parts = spec.parts.map { part in { try self.frames(of: part, opened: opened) } }
            var frames = try PrefetchedFrames(ChainedFrames(parts), width: canvas.width, height: canvas.height)
            defer { frames.finish() }
            let segment = try encode.encode(spec, frames: &frames)
            frames.finish()
            opened.moveAll(to: openClips)
            return .finished(segment)
        } catch let RenderError.clipFailed(path, reason) {
            return .failed(ClipFailure(path: path, reason: reason))
        }
    }

    /// The canvas frames of one part of a segment.
    private func frames(of part: SegmentContent, opened: OpenClips) throws -> any CanvasFrameSource {
        switch part {
        case let .body(piece, firstFrame, frameCount):
            return try frames(of: piece, firstFrame: firstFrame, frameCount: frameCount, opened: opened)
        case let .transition(style, from, to, frameCount):
            let outgoing = try frames(of: from, firstFrame: from.frameCount - frameCount, frameCount: frameCount, opened: opened)
            let incoming = try frames(of: to, firstFrame: 0, frameCount: frameCount, opened: opened)
            return try TransitionStage(canvas: canvas).blend(outgoing, into: incoming, style: style, frameCount: frameCount)
        }
    }

    /// Canvas frames `firstFrame ..< firstFrame + frameCount` of a piece: a clip read on from where this
    /// segment or the one before left it, or loaded, normalized and overlaid (and added to `opened`), or a
    /// card drawn.
    private func frames(
        of source: SegmentSource, firstFrame: Int, frameCount: Int, opened: OpenClips
    ) throws -> any CanvasFrameSource {
        switch source {
        case let .clip(clip):
            if let carried = opened.take(clip, firstFrame: firstFrame) ?? openClips.take(clip, firstFrame: firstFrame) {
                carried.readOn(frameCount: frameCount)
                opened.keep(carried)
                return carried
            }
            let loaded = try LoadStage(fps: canvas.fps, decoderThreads: decoderThreads).load(clip, firstFrame: firstFrame, frameCount: frameCount)
            let normalized = try NormalizeStage(canvas: canvas).normalize(loaded)
            let open = OpenClip(OverlayStage(canvas: canvas, fonts: fonts).overlay(normalized, firstFrame: firstFrame))
            opened.keep(open)
            return open
        case let .card(card):
            return try CardStage(canvas: canvas, fonts: fonts).render(card, frameCount: frameCount)
        }
    }
}

/// The frames of a segment's parts one after the other; each part's source is made when it is reached.
private struct ChainedFrames: CanvasFrameSource {
    private var pending: [() throws -> any CanvasFrameSource]
    private var current: (any CanvasFrameSource)?

    init(_ parts: [() throws -> any CanvasFrameSource]) {
        pending = parts.reversed()
    }

    mutating func next() throws -> VideoFrame? {
        while true {
            if current == nil {
                guard let make = pending.popLast() else { return nil }
                current = try make()
            }
            if let frame = try current?.next() {
                return frame
            }
            current = nil
        }
    }
}
