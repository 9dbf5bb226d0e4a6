import DVMedia
import DVRuntime
import DVSignal

/// Frame sources run ahead on a lane: decoding, scaling, overlays and blending of the next frames go on
/// while the encoders work on the current ones.
///
/// Each source has an exchange, read through a `Feed` by its own consumer. The producer takes the sources
/// in turn, a frame of each, and copies each frame into one of `depth` frames allocated up front for its
/// exchange; the feed's `next()` returns it, and gives it back on its next call. Several sources are the
/// segments of several outputs at one position: made in step by one producer, the windows they share are
/// decoded once (`DecodeShare`). Memory is fixed (the sources plus `depth` canvas frames an exchange)
/// whatever the segment's length, and every feed's frames come out in order and unchanged, so the encoded
/// bytes are the same as without it. A feed whose consumer stops early is dropped and the others go on; a
/// source that fails ends every feed with its error. `finish()` stops the producer and waits for it, so the
/// sources (and their open files) are released before the segments end. `producerEnded` is called by the
/// producer once it has released the sources (true when every source ran to its end), while the consumers
/// may still be encoding the last frames: the caller can start the next segment's producer then.
final class PrefetchedFrames {
    /// One source's frames, in the order of the sources given.
    let exchanges: [FrameExchange]
    private let producer: Handle<Void>
    private var finished = false

    /// Starts running `sources` ahead on `lane` by up to `depth` frames each, of the sizes and depths
    /// `sizes` (one a source; 10-bit for an HLG reel's canvas). The sources are handed to the producer.
    init(
        _ sources: sending [any CanvasFrameSource], on lane: Lane, sizes: [(width: Int, height: Int, format: CanvasFormat)], depth: Int = 3,
        producerEnded: @escaping @Sendable (_ allEnded: Bool) -> Void = { _ in }
    ) throws {
        let exchanges = try sizes.map { size in
            FrameExchange(
                free: try (0..<max(1, depth)).map { _ in try VideoFrame(width: size.width, height: size.height, format: size.format) })
        }
        self.exchanges = exchanges
        producer = Self.start(sources, on: lane, into: exchanges, ended: producerEnded)
    }

    /// Hands `sources` to a producer on `lane`, which runs them into `exchanges`, releases them and calls `ended`.
    private static func start(
        _ sources: sending [any CanvasFrameSource], on lane: Lane, into exchanges: [FrameExchange], ended: @escaping @Sendable (Bool) -> Void
    ) -> Handle<Void> {
        var owned = sources.map { Optional($0) }
        return lane.submit {
            let allEnded = produce(&owned, into: exchanges)
            owned.removeAll()
            ended(allEnded)
        }
    }

    deinit {
        finish()
    }

    /// Stops the producer and waits until it has released the sources. Safe to call twice.
    func finish() {
        guard !finished else { return }
        finished = true
        for exchange in exchanges {
            exchange.cancel()
        }
        _ = producer.result()
    }

    /// Runs `sources` into `exchanges` until every source has ended, failed or lost its consumer; true
    /// when every one ran to its end.
    private static func produce(_ sources: inout [(any CanvasFrameSource)?], into exchanges: [FrameExchange]) -> Bool {
        var allEnded = true
        while sources.contains(where: { $0 != nil }) {
            for index in sources.indices where sources[index] != nil {
                guard let slot = exchanges[index].takeFree() else {
                    sources[index] = nil
                    allEnded = false
                    continue
                }
                do {
                    guard let frame = try sources[index]?.next() else {
                        exchanges[index].end(with: nil)
                        sources[index] = nil
                        continue
                    }
                    try slot.copyPicture(from: frame)
                    exchanges[index].put(slot)
                } catch {
                    for other in sources.indices where sources[other] != nil {
                        exchanges[other].end(with: error)
                    }
                    return false
                }
            }
        }
        return allEnded
    }

    /// The frames of one exchange, for its one consumer.
    struct Feed: CanvasFrameSource {
        private let exchange: FrameExchange
        /// The frame `next()` returned last, given back on the next call.
        private var held: VideoFrame?

        init(_ exchange: FrameExchange) {
            self.exchange = exchange
        }

        mutating func next() throws -> VideoFrame? {
            if let held {
                exchange.giveBack(held)
                self.held = nil
            }
            let frame = try exchange.take()
            held = frame
            return frame
        }

        /// Tells the producer this consumer wants no more frames.
        func stop() {
            exchange.cancel()
        }
    }
}

/// The frames between the producer and one consumer, in order: two bounded queues, the frames to fill
/// and the frames filled, each frame handed from one side to the other.
final class FrameExchange: Sendable {
    /// What the consumer takes: a frame, or the source's end.
    private enum Delivery {
        case frame(VideoFrame)
        /// The source has no more frames (nil) or failed.
        case end((any Error)?)
    }

    /// The producer's side stopped before the source's end (the consumer stopped, or `finish()`).
    struct Cancelled: Error {}

    private let free: BoundedQueue<VideoFrame>
    /// Room for every frame and the end.
    private let ready: BoundedQueue<Delivery>

    init(free frames: [VideoFrame]) {
        free = BoundedQueue(capacity: frames.count)
        ready = BoundedQueue(capacity: frames.count + 1)
        for frame in frames { free.put(frame) }
    }

    /// A frame to fill, or nil once the consumer has stopped.
    func takeFree() -> VideoFrame? {
        free.take()
    }

    func put(_ frame: VideoFrame) {
        ready.put(.frame(frame))
    }

    /// The source has no more frames (`error` nil) or failed.
    func end(with error: (any Error)?) {
        ready.put(.end(error))
        ready.close()
    }

    /// The next filled frame; nil at the end; rethrows the source's error once the frames before it are taken.
    func take() throws -> VideoFrame? {
        switch ready.take() {
        case let .frame(frame): return frame
        case .end(nil): return nil
        case let .end(error?): throw error
        case nil: throw Cancelled()
        }
    }

    func giveBack(_ frame: VideoFrame) {
        free.put(frame)
    }

    /// Stops the producer's side: no more frames to fill, none more delivered.
    func cancel() {
        free.close()
        ready.close()
    }
}
