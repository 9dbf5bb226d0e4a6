import DVMedia
import DVSignal
import Foundation

/// Frame sources run ahead on a thread of their own: decoding, scaling, overlays and blending of the
/// next frames go on while the encoders work on the current ones.
///
/// Each source has a `Feed`, read by its own consumer. The producer thread takes the sources in turn, a
/// frame of each, and copies each frame into one of `depth` frames allocated up front for its feed; the
/// feed's `next()` returns it, and gives it back on its next call. Several sources are the segments of
/// several outputs at one position: made in step on one thread, the windows they share are decoded once
/// (`DecodeShare`). Memory is fixed (the sources plus `depth` canvas frames a feed) whatever the segment's
/// length, and every feed's frames come out in order and unchanged, so the encoded bytes are the same as
/// without it. A feed whose consumer stops early is dropped and the others go on; a source that fails ends
/// every feed with its error. `finish()` stops the producer and waits for it, so the sources (and their
/// open files) are released before the segments end. `producerEnded` is called on the producer's thread
/// once it has released the sources (true when every source ran to its end), while the consumers may still
/// be encoding the last frames: the caller can start the next segment's producer then.
final class PrefetchedFrames {
    /// One source's frames, in the order of the sources given.
    let feeds: [Feed]
    private let done = DispatchSemaphore(value: 0)
    private var finished = false

    /// Starts running `sources` ahead by up to `depth` frames each, of the sizes and depths `sizes` (one a
    /// source; 10-bit for an HLG reel's canvas).
    /// The sources must not be used by the caller afterwards: the producer thread owns them.
    init(
        _ sources: [any CanvasFrameSource], sizes: [(width: Int, height: Int, format: CanvasFormat)], depth: Int = 3,
        producerEnded: @escaping @Sendable (_ allEnded: Bool) -> Void = { _ in }
    ) throws {
        feeds = try sizes.map { size in
            Feed(
                exchange: FrameExchange(
                    free: try (0..<max(1, depth)).map { _ in try VideoFrame(width: size.width, height: size.height, format: size.format) }))
        }
        let producer = Producer(sources: sources, exchanges: feeds.map(\.exchange), done: done, ended: producerEnded)
        let thread = Thread { producer.run() }
        thread.name = "dvpipe frames"
        thread.start()
    }

    deinit {
        finish()
    }

    /// Stops the producer and waits until it has released the sources. Safe to call twice.
    func finish() {
        guard !finished else { return }
        finished = true
        for feed in feeds {
            feed.exchange.cancel()
        }
        done.wait()
    }

    /// The frames of one source, for one consumer.
    final class Feed: CanvasFrameSource, @unchecked Sendable {
        // @unchecked: `held` is touched only by the feed's one consumer; `exchange` is locked within.
        fileprivate let exchange: FrameExchange
        private var held: VideoFrame?

        fileprivate init(exchange: FrameExchange) {
            self.exchange = exchange
        }

        func next() throws -> VideoFrame? {
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

/// The producer's side: owns the sources from the moment the thread starts.
private final class Producer: @unchecked Sendable {
    // @unchecked: `sources` is touched only by the producer thread, which is their one owner after `init`.
    private var sources: [(any CanvasFrameSource)?]
    private let exchanges: [FrameExchange]
    private let done: DispatchSemaphore
    private let ended: @Sendable (Bool) -> Void
    /// Every source ran to its end (none failed, no consumer stopped early).
    private var allEnded = true

    init(sources: [any CanvasFrameSource], exchanges: [FrameExchange], done: DispatchSemaphore, ended: @escaping @Sendable (Bool) -> Void) {
        self.sources = sources
        self.exchanges = exchanges
        self.done = done
        self.ended = ended
    }

    func run() {
        defer {
            sources.removeAll()
            ended(allEnded)
            done.signal()
        }
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
                    allEnded = false
                    for other in sources.indices where sources[other] != nil {
                        exchanges[other].end(with: error)
                    }
                    return
                }
            }
        }
    }
}

/// The frames between the producer and the consumer, in order, under one lock.
private final class FrameExchange: @unchecked Sendable {
    // @unchecked: every stored property is read and written with `condition` held.
    private let condition = NSCondition()
    private var free: [VideoFrame]
    private var ready: [VideoFrame] = []
    private var ended = false
    private var failure: (any Error)?
    private var cancelled = false

    init(free: [VideoFrame]) {
        self.free = free
    }

    /// A frame to fill, or nil once the consumer has stopped.
    func takeFree() -> VideoFrame? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && !cancelled { condition.wait() }
        return cancelled ? nil : free.removeLast()
    }

    func put(_ frame: VideoFrame) {
        condition.lock()
        ready.append(frame)
        condition.broadcast()
        condition.unlock()
    }

    /// The source has no more frames (`error` nil) or failed.
    func end(with error: (any Error)?) {
        condition.lock()
        ended = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next filled frame; nil at the end; rethrows the source's error once the frames before it are taken.
    func take() throws -> VideoFrame? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !ended { condition.wait() }
        if !ready.isEmpty { return ready.removeFirst() }
        if let failure { throw failure }
        return nil
    }

    func giveBack(_ frame: VideoFrame) {
        condition.lock()
        free.append(frame)
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
