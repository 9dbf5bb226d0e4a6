import DVMedia
import DVRuntime
import Foundation
import Synchronization

/// A clip that could not be read while rendering, and why.
package struct ClipFailure: Sendable, Hashable, Codable {
    package let path: String
    package let reason: String
}

/// What rendering a set of segments came to.
package struct RenderOutcome: Sendable {
    /// Segments that are finished now, rendered or reused, in timeline order.
    package var finished: [EncodedSegment]
    /// Clips that failed; their segments are not finished.
    package var failures: [ClipFailure]
    /// What this render asked of the shared cache.
    package var cacheUse: SegmentCache.RunRecord

    /// Counts `segment` as finished; `cacheAsked`: the cache was asked for it; `stored`: it was put there.
    mutating func add(_ segment: EncodedSegment, cacheAsked: Bool, stored: Bool) {
        finished.append(segment)
        if cacheAsked {
            cacheUse.hits += segment.origin == .cache ? 1 : 0
            cacheUse.misses += segment.origin == .cache ? 0 : 1
        }
        cacheUse.stored += stored ? 1 : 0
    }

    /// How many of the finished segments were reused from an earlier run.
    package var reusedCount: Int { finished.filter(\.reused).count }
    /// How many were rendered by this run.
    package var renderedCount: Int { finished.count - reusedCount }
    /// How many finished segments came from each place.
    package var origins: [SegmentOrigin: Int] { Dictionary(grouping: finished, by: \.origin).mapValues(\.count) }
}

/// Runs the load → normalize → overlay → transition → encode stages for each segment, several segments at a time.
/// Each segment is independent and its encoder has a fixed thread count, so the bytes do not depend on
/// how many run at once.
///
/// Several outputs of one job are rendered in step: their segments at one position (the same clips at the
/// same frames, on different canvases) are made together on one producer thread, which decodes each
/// window once for all of them (`DecodeShare`) and hands each output's frames to that output's encoder, on
/// a thread of its own. The frames are those each output would have alone, so the bytes are too.
///
/// A segment finished in the work folder is reused; one in the shared cache is linked into the work folder,
/// and one in the remote segment store is downloaded into it; any other is claimed (`SegmentClaims`) before it is rendered, so processes sharing the work folder or the
/// cache never render one segment twice: a segment another live process holds is left for later and taken
/// from it when finished (or taken over when its holder stops).
package struct SegmentRenderer: Sendable {
    /// The canvas of each output, in the order of `render`'s lists.
    package let canvases: [CanvasSettings]
    package let work: WorkFolder
    /// The cache shared by every job, if any.
    package let cache: SegmentCache?
    /// The segment store on a server, if any: asked after the cache, and given each segment rendered.
    package let store: RemoteSegmentStore?
    /// Claims on segments, in the work folder and the cache.
    private let claims: SegmentClaims
    /// Decoder threads per clip (decoding is exact whatever the count).
    package let decoderThreads: Int
    /// Segments rendered at once, over every output.
    package let parallelism: Int
    /// Font faces, with the glyphs they rendered, lent from segment to segment.
    private let fonts = FontPool()
    /// The photos' working pictures, each decoded once for every output and segment that shows it.
    private let stills = StillPictures()
    /// Each output's clips that a finished segment leaves open for the next segment that reads on from them.
    private let openClips: [OpenClips]
    /// How the library's files open (those the scan listed on servers, and the local ones).
    package let files: LibraryFiles

    /// `claimTimeout`: seconds without a heartbeat after which another host's claim is taken over.
    package init(
        canvases: [CanvasSettings], work: WorkFolder, cache: SegmentCache? = nil, store: RemoteSegmentStore? = nil, claimTimeout: TimeInterval = 60,
        decoderThreads: Int = 1, parallelism: Int, files: LibraryFiles = LibraryFiles()
    ) {
        self.files = files
        self.canvases = canvases
        self.work = work
        self.cache = cache
        self.store = store
        claims = SegmentClaims(folders: [work.segmentsFolder] + [cache?.segments.folder].compactMap { $0 }, timeout: claimTimeout)
        self.decoderThreads = decoderThreads
        self.parallelism = max(1, parallelism)
        openClips = canvases.map { _ in OpenClips(capacity: max(1, parallelism)) }
    }

    /// One output's segment at one position.
    private struct Member: Sendable {
        /// The output's index in `canvases`.
        var output: Int
        var spec: SegmentSpec
    }

    /// Renders those of `owned` (each output's segments this shard owns, `ShardAssignment`, by output in
    /// the order of `canvases`) that are not finished yet, the outputs' segments at one position together.
    /// Stops starting new segments when `stop` is requested, lets the ones in hand finish, then throws
    /// `RenderError.interrupted`. Segments held by other processes are looked at again every half second
    /// once the rest are done. Returns each output's outcome.
    package func render(_ owned: [[SegmentSpec]], observer: some RenderObserver, stop: StopRequest) throws -> [RenderOutcome] {
        try work.prepare()
        let total = owned.map(\.count).reduce(0, +)
        observer.handle(.stageStarted(.encode, total: total))
        var outcomes = owned.map { _ in RenderOutcome(finished: [], failures: [], cacheUse: SegmentCache.RunRecord(hits: 0, misses: 0, stored: 0)) }
        var done = 0
        let members = owned.enumerated().flatMap { output, specs in specs.map { Member(output: output, spec: $0) } }
        // A unit is the outputs' segments at one position, at most `parallelism` of them (each one an
        // encoder running), and as many units run at once as fit in `parallelism` segments.
        let unitSize = max(1, min(parallelism, canvases.count))
        let units = Dictionary(grouping: members, by: \.spec.position).sorted { $0.key < $1.key }.flatMap { _, members in
            stride(from: 0, to: members.count, by: unitSize).map { Array(members[$0..<min($0 + unitSize, members.count)]) }
        }
        let unitsAtOnce = max(1, parallelism / unitSize)
        // A unit's producer ends before its encoders have drained their last frames: the next unit starts
        // then, its producer decoding on the core the drain leaves idle, its encoders queued on the encoder
        // lane, as wide as `parallelism`, so no more x264s are alive than it allows.
        let lanes = Lanes(
            units: Lane("dvpipe segment", width: 2 * unitsAtOnce), frames: Lane("dvpipe frames", width: 2 * unitsAtOnce),
            encoders: Lane("dvpipe encode", width: unitsAtOnce * unitSize))
        let events = BoundedQueue<UnitEvent>(capacity: .max)
        var pending = units[...]
        var held: [Member] = []
        var producing = 0
        var running = 0
        var failure: (any Error)?
        func startNext() -> Bool {
            guard stop.requestedBy == nil, failure == nil else { return false }
            let unit: [Member]
            let waitFirst: Bool
            if let next = pending.popFirst() {
                (unit, waitFirst) = (next, false)
            } else if !held.isEmpty {
                (unit, waitFirst) = ([held.removeFirst()], true)
            } else {
                return false
            }
            producing += 1
            running += 1
            // Each unit is two events: its producer's end, then (or before it) its results.
            let ended = Atomic(false)
            let end: @Sendable () -> Void = {
                if !ended.exchange(true, ordering: .relaxed) { events.put(.producerEnded) }
            }
            _ = lanes.units.submit {
                if waitFirst { Lane.pause(0.5) }
                let results = Result { try self.renderTogether(unit, afterWaiting: waitFirst, observer: observer, lanes: lanes, producerEnded: end) }
                end()
                events.put(.finished(results))
            }
            return true
        }
        while producing < unitsAtOnce, startNext() {}
        while running > 0, let event = events.take() {
            switch event {
            case .producerEnded:
                producing -= 1
            case .finished(.failure(let error)):
                running -= 1
                failure = failure ?? error
            case let .finished(.success(results)):
                running -= 1
                for result in results {
                    switch result.outcome {
                    case let .finished(segment, cacheAsked, stored):
                        outcomes[result.member.output].add(segment, cacheAsked: cacheAsked, stored: stored)
                        done += 1
                        observer.handle(.unitFinished(.encode, done: done, total: total, reused: segment.reused, name: segment.spec.key))
                    case let .failed(failure):
                        outcomes[result.member.output].failures.append(failure)
                        done += 1
                    case .held:
                        held.append(result.member)
                    }
                }
            }
            while producing < unitsAtOnce, startNext() {}
        }
        if let failure { throw failure }
        observer.handle(.stageFinished(.encode))
        if let signal = stop.requestedBy, done < total {
            throw RenderError.interrupted(signal: signal)
        }
        return outcomes.map { outcome in
            var sorted = outcome
            sorted.finished.sort { $0.spec.position < $1.spec.position }
            return sorted
        }
    }

    private enum SegmentResult: Sendable {
        /// Finished; whether the cache was asked for it, and whether it was put into the cache.
        case finished(EncodedSegment, cacheAsked: Bool, stored: Bool)
        case failed(ClipFailure)
        /// Another live process holds it.
        case held
    }

    private struct MemberResult: Sendable {
        var member: Member
        var outcome: SegmentResult
    }

    /// What a unit tells the render loop.
    private enum UnitEvent: Sendable {
        /// The unit's producer has made its last frame, or the unit needed none.
        case producerEnded
        case finished(Result<[MemberResult], any Error>)
    }

    /// The lanes of one render: the units (one position's segments each), their producers, their encoders.
    private struct Lanes: Sendable {
        let units: Lane
        let frames: Lane
        let encoders: Lane
    }

    /// The segments of `unit` (one position, one or several outputs): each reused from the work folder,
    /// taken from the cache, or claimed; the claimed ones rendered together (and put into the cache).
    /// `producerEnded` is called once their last frame is made (never if the producer fails: the unit's own end stands for it).
    private func renderTogether(
        _ unit: [Member], afterWaiting: Bool, observer: some RenderObserver, lanes: Lanes, producerEnded: @escaping @Sendable () -> Void
    ) throws -> [MemberResult] {
        var results: [MemberResult] = []
        var claimed: [Member] = []
        for member in unit {
            if let outcome = settle(member.spec, afterWaiting: afterWaiting, observer: observer) {
                results.append(MemberResult(member: member, outcome: outcome))
            } else {
                claimed.append(member)
            }
        }
        defer {
            for member in claimed { claims.release(member.spec.key) }
        }
        return results + (try encode(claimed, lanes: lanes, producerEnded: producerEnded))
    }

    /// A segment's outcome when it needs no rendering by this process: reused from the work folder, taken
    /// from the cache or the segment store (`SharedSegments`), or held by another process; nil once it is claimed for rendering here. A piece whose
    /// bytes do not match its record is rendered again, with a warning naming it.
    private func settle(_ spec: SegmentSpec, afterWaiting: Bool, observer: some RenderObserver) -> SegmentResult? {
        let segments = work.segments
        let reusedOrigin: SegmentOrigin = afterWaiting ? .otherProcess : .workFolder
        switch segments.check(spec.key) {
        case let .finished(record):
            claims.removeStale(spec.key)
            // A segment rendered while the store was down, or by a run without it, reaches it now.
            store?.upload(spec.key, record: record, from: segments, unlessPresent: true)
            return .finished(EncodedSegment(spec: spec, record: record, origin: reusedOrigin), cacheAsked: false, stored: false)
        case let .damaged(reason):
            observer.handle(
                .warning(RenderWarning(.segmentDamaged, "\(segments.file(spec.key).path) (\(spec.label)): \(reason); rendering it again")))
        case .missing:
            break
        }
        if let (record, origin) = SharedSegments(cache: cache, store: store).take(
            spec.key, label: spec.label, into: segments, warn: { observer.handle(.warning($0)) }
        ) {
            return .finished(EncodedSegment(spec: spec, record: record, origin: origin), cacheAsked: origin == .cache, stored: false)
        }
        guard claims.claim(spec.key) == .claimed else { return .held }
        // Finished by another process between the look above and the claim.
        if let record = segments.finished(spec.key) {
            claims.release(spec.key)
            return .finished(EncodedSegment(spec: spec, record: record, origin: .otherProcess), cacheAsked: cache != nil, stored: false)
        }
        return nil
    }

    /// Renders the claimed segments of one position: one producer on the frames lane makes every output's
    /// frames (each shared window decoded once), each output's encoder runs on the encoder lane. When the producer has made the last frame, the clips the next segments read on from are
    /// handed to them, then `producerEnded` is called.
    private func encode(_ claimed: [Member], lanes: Lanes, producerEnded: @escaping @Sendable () -> Void) throws -> [MemberResult] {
        guard !claimed.isEmpty else { return [] }
        let share = claimed.count > 1 ? DecodeShare(loadsPerReading: claimed.count) : nil
        // The clips each segment reads; its body reads on from its incoming transition's second clip.
        let opened = claimed.map { _ in OpenClips(capacity: 4) }
        // Each part's frames are set up when the part before has ended, on the producer's thread, a few
        // frames ahead of the encoders.
        let sources: [any CanvasFrameSource] = claimed.indices.map { index in
            ChainedFrames(
                claimed[index].spec.parts.map { part in
                    { try self.frames(of: part, output: claimed[index].output, opened: opened[index], share: share) }
                })
        }
        let frames = try PrefetchedFrames(
            sources, on: lanes.frames, sizes: claimed.map { (canvases[$0.output].width, canvases[$0.output].height, canvases[$0.output].format) }
        ) { [openClips] allEnded in
            // A unit whose producer failed or was stopped ends as before, when its encoders have: its failure
            // is reported before the next unit's (which reads on from the same clip and fails too).
            guard allEnded else { return }
            for (index, member) in claimed.enumerated() { opened[index].moveAll(to: openClips[member.output]) }
            producerEnded()
        }
        defer { frames.finish() }
        // The encoders wait on the one producer, which waits on all of them: each is queued on the lane
        // at once, and the lane's threads are enough for every encoder of the units producing.
        let encoded = frames.exchanges.enumerated().map { index, exchange in
            lanes.encoders.submit { [work, canvases] in
                var feed = PrefetchedFrames.Feed(exchange)
                defer { feed.stop() }
                return try EncodeStage(canvas: canvases[claimed[index].output], work: work).encode(claimed[index].spec, frames: &feed)
            }
        }.map { $0.result() }
        frames.finish()
        var results: [MemberResult] = []
        for (index, member) in claimed.enumerated() {
            switch encoded[index] {
            case let .success(segment):
                let stored =
                    cache.map { !$0.readOnly && $0.segments.adopt(member.spec.key, record: segment.record, from: work.segments) != nil } ?? false
                store?.upload(member.spec.key, record: segment.record, from: work.segments)
                results.append(MemberResult(member: member, outcome: .finished(segment, cacheAsked: cache != nil, stored: stored)))
            case let .failure(RenderError.clipFailed(path, reason)):
                results.append(MemberResult(member: member, outcome: .failed(ClipFailure(path: path, reason: reason))))
            case let .failure(error):
                throw error
            }
        }
        return results
    }

    /// The canvas frames of one part of a segment of `output`.
    private func frames(of part: SegmentContent, output: Int, opened: OpenClips, share: DecodeShare?) throws -> any CanvasFrameSource {
        switch part {
        case let .body(piece, firstFrame, frameCount):
            return try frames(of: piece, firstFrame: firstFrame, frameCount: frameCount, output: output, opened: opened, share: share)
        case let .transition(style, from, to, frameCount):
            let outgoing = try frames(
                of: from, firstFrame: from.frameCount - frameCount, frameCount: frameCount, output: output, opened: opened, share: share
            )
            let incoming = try frames(of: to, firstFrame: 0, frameCount: frameCount, output: output, opened: opened, share: share)
            return try TransitionStage(canvas: canvases[output]).blend(outgoing, into: incoming, style: style, frameCount: frameCount)
        }
    }

    /// Canvas frames `firstFrame ..< firstFrame + frameCount` of a piece on `output`'s canvas: a clip read on
    /// from where this segment or the one before left it, or loaded (through `share`), normalized (or its
    /// layers composited) and overlaid (and added to `opened`), or a card drawn.
    private func frames(
        of source: SegmentSource, firstFrame: Int, frameCount: Int, output: Int, opened: OpenClips, share: DecodeShare?
    ) throws -> any CanvasFrameSource {
        let canvas = canvases[output]
        switch source {
        case let .clip(clip):
            if let carried = opened.take(clip, firstFrame: firstFrame) ?? openClips[output].take(clip, firstFrame: firstFrame) {
                carried.readOn(frameCount: frameCount)
                opened.keep(carried)
                return carried
            }
            let fitted: any ClipFrames
            if let layers = clip.layers {
                fitted = try CompositeStage(canvas: canvas, decoderThreads: decoderThreads, share: share, stills: stills, files: files)
                    .compose(clip, layers: layers, firstFrame: firstFrame, frameCount: frameCount)
            } else if let still = clip.still {
                fitted = try StillStage(canvas: canvas, pictures: stills, files: files).show(
                    clip, still, width: canvas.width, height: canvas.height, fit: canvas.fit, firstFrame: firstFrame, frameCount: frameCount)
            } else {
                let loaded = try LoadStage(fps: canvas.fps, decoderThreads: decoderThreads, share: share, files: files)
                    .load(clip, firstFrame: firstFrame, frameCount: frameCount)
                fitted = try NormalizeStage(canvas: canvas).normalize(loaded)
            }
            let open = OpenClip(OverlayStage(canvas: canvas, fonts: fonts).overlay(fitted, firstFrame: firstFrame))
            opened.keep(open)
            return open
        case let .card(card):
            return try CardStage(canvas: canvas, fonts: fonts, files: files).render(card, frameCount: frameCount)
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
