import DVMedia
import Foundation

/// A frame source run ahead on a thread of its own: decoding, scaling, overlays and blending of the
/// next frames go on while the encoder works on the current one.
///
/// The producer thread copies each frame of the wrapped source into one of `depth` frames allocated
/// up front and hands it over; the consumer's `next()` returns it, and gives it back on its next call.
/// Memory is fixed (the wrapped source plus `depth` canvas frames) whatever the segment's length, and
/// the frames come out in order and unchanged, so the encoded bytes are the same as without it.
/// `finish()` stops the producer and waits for it, so the wrapped source (and its open files) is
/// released before the segment ends.
final class PrefetchedFrames: CanvasFrameSource {
    private let exchange: FrameExchange
    private let done = DispatchSemaphore(value: 0)
    private var held: VideoFrame?
    private var finished = false

    /// Starts running `source` ahead by up to `depth` frames of `width` × `height`.
    /// `source` must not be used by the caller afterwards: the producer thread owns it.
    init(_ source: any CanvasFrameSource, width: Int, height: Int, depth: Int = 3) throws {
        exchange = FrameExchange(free: try (0..<max(1, depth)).map { _ in try VideoFrame(width: width, height: height) })
        let producer = Producer(source: source, exchange: exchange, done: done)
        let thread = Thread { producer.run() }
        thread.name = "dvpipe frames"
        thread.start()
    }

    deinit {
        finish()
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

    /// Stops the producer and waits until it has released the wrapped source. Safe to call twice.
    func finish() {
        guard !finished else { return }
        finished = true
        exchange.cancel()
        done.wait()
    }
}

/// The producer's side: owns the wrapped source from the moment the thread starts.
private final class Producer: @unchecked Sendable {
    // @unchecked: `source` is touched only by the producer thread, which is its one owner after `init`.
    private var source: (any CanvasFrameSource)?
    private let exchange: FrameExchange
    private let done: DispatchSemaphore

    init(source: any CanvasFrameSource, exchange: FrameExchange, done: DispatchSemaphore) {
        self.source = source
        self.exchange = exchange
        self.done = done
    }

    func run() {
        defer {
            source = nil
            done.signal()
        }
        while let slot = exchange.takeFree() {
            do {
                guard let frame = try source?.next() else {
                    exchange.end(with: nil)
                    return
                }
                try slot.copyPicture(from: frame)
                exchange.put(slot)
            } catch {
                exchange.end(with: error)
                return
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
