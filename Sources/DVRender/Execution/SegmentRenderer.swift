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
    /// What this render asked of the shared cache.
    public var cacheUse: SegmentCache.RunRecord

    /// How many of the finished segments were reused from an earlier run.
    public var reusedCount: Int { finished.filter(\.reused).count }
    /// How many were rendered by this run.
    public var renderedCount: Int { finished.count - reusedCount }
    /// How many finished segments came from each place.
    public var origins: [SegmentOrigin: Int] { Dictionary(grouping: finished, by: \.origin).mapValues(\.count) }
}

/// Runs the load → normalize → overlay → transition → encode stages for each segment, several segments at a time.
/// Each segment is independent and its encoder has a fixed thread count, so the bytes do not depend on
/// how many run at once.
///
/// A segment finished in the work folder is reused; one in the shared cache is linked into the work folder;
/// any other is claimed (`SegmentClaims`) before it is rendered, so processes sharing the work folder or the
/// cache never render one segment twice: a segment another live process holds is left for later and taken
/// from it when finished (or taken over when its holder stops).
public struct SegmentRenderer: Sendable {
    public let canvas: CanvasSettings
    public let work: WorkFolder
    /// The cache shared by every job, if any.
    public let cache: SegmentCache?
    /// Claims on segments, in the work folder and the cache.
    private let claims: SegmentClaims
    /// Decoder threads per clip (decoding is exact whatever the count).
    public let decoderThreads: Int
    /// Segments rendered at once.
    public let parallelism: Int
    /// Font faces, with the glyphs they rendered, lent from segment to segment.
    private let fonts = FontPool()
    /// Clips a finished segment leaves open for the next segment that reads on from them.
    private let openClips: OpenClips

    /// `claimTimeout`: seconds without a heartbeat after which another host's claim is taken over.
    public init(
        canvas: CanvasSettings, work: WorkFolder, cache: SegmentCache? = nil, claimTimeout: TimeInterval = 60, decoderThreads: Int = 1,
        parallelism: Int
    ) {
        self.canvas = canvas
        self.work = work
        self.cache = cache
        claims = SegmentClaims(folders: [work.segmentsFolder] + [cache?.segments.folder].compactMap { $0 }, timeout: claimTimeout)
        self.decoderThreads = decoderThreads
        self.parallelism = max(1, parallelism)
        openClips = OpenClips(capacity: self.parallelism)
    }

    /// Renders those of `owned` (this shard's segments, `ShardAssignment`) that are not finished yet. Stops
    /// starting new segments when `stop` is requested, lets the ones in hand finish, then throws
    /// `RenderError.interrupted`. Segments held by other processes are looked at again every half second
    /// once the rest are done.
    public func render(_ owned: [SegmentSpec], observer: some RenderObserver, stop: StopRequest) async throws -> RenderOutcome {
        try work.prepare()
        observer.handle(.stageStarted(.encode, total: owned.count))
        var finished: [EncodedSegment] = []
        var failures: [ClipFailure] = []
        var cacheUse = SegmentCache.RunRecord(hits: 0, misses: 0, stored: 0)
        try await withThrowingTaskGroup(of: SegmentResult.self) { group in
            var pending = owned[...]
            var held: [SegmentSpec] = []
            var running = 0
            func startNext() {
                guard stop.requestedBy == nil else { return }
                if let spec = pending.popFirst() {
                    running += 1
                    group.addTask { try self.renderOne(spec, afterWaiting: false, observer: observer) }
                } else if !held.isEmpty {
                    let spec = held.removeFirst()
                    running += 1
                    group.addTask {
                        try await Task.sleep(nanoseconds: 500_000_000)
                        return try self.renderOne(spec, afterWaiting: true, observer: observer)
                    }
                }
            }
            for _ in 0..<parallelism { startNext() }
            while running > 0, let result = try await group.next() {
                running -= 1
                switch result {
                case let .finished(segment, cacheAsked, stored):
                    finished.append(segment)
                    if cacheAsked {
                        cacheUse.hits += segment.origin == .cache ? 1 : 0
                        cacheUse.misses += segment.origin == .cache ? 0 : 1
                    }
                    cacheUse.stored += stored ? 1 : 0
                    observer.handle(.unitFinished(
                        .encode, done: finished.count + failures.count, total: owned.count, reused: segment.reused,
                        name: segment.spec.key
                    ))
                case let .failed(failure):
                    failures.append(failure)
                case let .held(spec):
                    held.append(spec)
                }
                startNext()
            }
        }
        observer.handle(.stageFinished(.encode))
        if let signal = stop.requestedBy, finished.count + failures.count < owned.count {
            throw RenderError.interrupted(signal: signal)
        }
        return RenderOutcome(
            finished: finished.sorted { $0.spec.position < $1.spec.position }, failures: failures, cacheUse: cacheUse
        )
    }

    private enum SegmentResult: Sendable {
        /// Finished; whether the cache was asked for it, and whether it was put into the cache.
        case finished(EncodedSegment, cacheAsked: Bool, stored: Bool)
        case failed(ClipFailure)
        /// Another live process holds it.
        case held(SegmentSpec)
    }

    /// One segment: reused from the work folder, taken from the cache, or claimed and rendered (and put
    /// into the cache); `.held` when another process has it. A piece whose bytes do not match its record is
    /// rendered again, with a warning naming it.
    private func renderOne(_ spec: SegmentSpec, afterWaiting: Bool, observer: some RenderObserver) throws -> SegmentResult {
        let store = work.segments
        let reusedOrigin: SegmentOrigin = afterWaiting ? .otherProcess : .workFolder
        switch store.check(spec.key) {
        case let .finished(record):
            claims.removeStale(spec.key)
            return .finished(EncodedSegment(spec: spec, record: record, origin: reusedOrigin), cacheAsked: false, stored: false)
        case let .damaged(reason):
            observer.handle(.warning("\(store.file(spec.key).path) (\(spec.label)): \(reason); rendering it again"))
        case .missing:
            break
        }
        if let cache {
            switch cache.segments.check(spec.key) {
            case let .finished(record):
                if let adopted = store.adopt(spec.key, record: record, from: cache.segments) {
                    cache.segments.touch(spec.key)
                    return .finished(EncodedSegment(spec: spec, record: adopted, origin: .cache), cacheAsked: true, stored: false)
                }
            case let .damaged(reason):
                observer.handle(.warning("\(cache.segments.file(spec.key).path) (\(spec.label)): \(reason); not taken from the cache"))
            case .missing:
                break
            }
        }
        guard claims.claim(spec.key) == .claimed else { return .held(spec) }
        defer { claims.release(spec.key) }
        // Finished by another process between the look above and the claim.
        if let record = store.finished(spec.key) {
            return .finished(EncodedSegment(spec: spec, record: record, origin: .otherProcess), cacheAsked: cache != nil, stored: false)
        }
        let encode = EncodeStage(canvas: canvas, work: work)
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
            let stored = cache.map { $0.segments.adopt(spec.key, record: segment.record, from: store) != nil } ?? false
            return .finished(segment, cacheAsked: cache != nil, stored: stored)
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
    /// segment or the one before left it, or loaded, normalized (or its layers composited) and overlaid
    /// (and added to `opened`), or a card drawn.
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
            let fitted: any ClipFrames
            if let layers = clip.layers {
                fitted = try CompositeStage(canvas: canvas, decoderThreads: decoderThreads)
                    .compose(clip, layers: layers, firstFrame: firstFrame, frameCount: frameCount)
            } else {
                let loaded = try LoadStage(fps: canvas.fps, decoderThreads: decoderThreads).load(clip, firstFrame: firstFrame, frameCount: frameCount)
                fitted = try NormalizeStage(canvas: canvas).normalize(loaded)
            }
            let open = OpenClip(OverlayStage(canvas: canvas, fonts: fonts).overlay(fitted, firstFrame: firstFrame))
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
