import DVMedia
import DVSamples
import DVTestBasics
import Foundation
import Synchronization
import Testing

@testable import DVRender

/// Several outputs reading one window through a `DecodeShare`: one decoder for all of them, and for each
/// exactly the frames a reader of its own gives.
@Suite("decoded once for every output")
struct SharedDecodeTests {
    /// A 2 s clip whose moving bar makes every picture differ.
    static func clip(in folder: TemporaryFolder) throws -> ClipSource {
        let sample = SampleClip(fileName: "bar.mp4", duration: 2, width: 160, height: 90, audio: .none, text: "3")
        let url = try SampleWriter().write(sample, in: folder.url)
        return ClipSource(path: url.path, identity: "bar", startMilliseconds: 250, frameCount: 40, day: "2024-11-16")
    }

    static func open(_ source: ClipSource) -> ClipReaderOpener {
        { firstTick, frameCount in
            try ClipReader(
                .file(source.path), windowStart: Double(source.startMilliseconds) / 1000, firstTick: firstTick,
                frameCount: frameCount, outputFPS: 20, threads: 1
            )
        }
    }

    /// The luma plane of a frame's picture, row by row without padding.
    static func luma(_ frame: DecodedFrame) -> [UInt8] {
        let picture = frame.picture
        return (0..<picture.height).flatMap { row in
            Array(UnsafeBufferPointer(start: picture.plane(0) + row * picture.stride(0), count: picture.width))
        }
    }

    /// Every frame `reader` hands out, as (tick, luma).
    static func frames(_ reader: any ClipFrameReader) throws -> [(Int, [UInt8])] {
        var frames: [(Int, [UInt8])] = []
        while let frame = try reader.next() {
            frames.append((frame.index, luma(frame)))
        }
        return frames
    }

    @Test("three taps read in turn, the first a frame ahead, decode each tick once and get a lone reader's frames, read on into a second part too")
    func tapsInTurn() throws {
        let folder = try TemporaryFolder("share")
        let source = try Self.clip(in: folder)
        let alone = try Self.frames(Self.open(source)(10, 30))
        let share = DecodeShare(loadsPerReading: 3)
        // The first output's tap reads a frame before the others' are made, as a producer's first turn does.
        var taps = [try share.tap(source, firstTick: 10, frameCount: 20, outputFPS: 20, open: Self.open(source))]
        var read: [[(Int, [UInt8])]] = [[], [], []]
        let first = try #require(try taps[0].next())
        read[0].append((first.index, Self.luma(first)))
        taps += try (1..<3).map { _ in try share.tap(source, firstTick: 10, frameCount: 20, outputFPS: 20, open: Self.open(source)) }
        for part in 0..<2 {
            if part == 1 {
                for tap in taps { tap.extendWindow(by: 10) }
            }
            var ended = false
            while !ended {
                for (index, tap) in taps.enumerated() where !(part == 0 && index == 0 && read[0].count > read[1].count) {
                    guard let frame = try tap.next() else {
                        ended = true
                        continue
                    }
                    read[index].append((frame.index, Self.luma(frame)))
                }
            }
        }
        for frames in read {
            #expect(frames.map(\.0) == alone.map(\.0))
            #expect(frames.map(\.1) == alone.map(\.1), "the same pictures as a reader of its own")
        }
        #expect(Set(alone.map(\.1)).count > 10, "the pictures differ from tick to tick")
        let shared = try #require(taps.first).sharedReader
        #expect(shared.ticksDecoded == 30, "one decoder for the three taps")
        #expect(taps.allSatisfy { !$0.readsOnItsOwn })
    }

    @Test("a tap that falls behind the kept frames reads on with a reader of its own, and the same frames")
    func tapBehind() throws {
        let folder = try TemporaryFolder("share-behind")
        let source = try Self.clip(in: folder)
        let alone = try Self.frames(Self.open(source)(0, 25))
        let share = DecodeShare(loadsPerReading: 2)
        let ahead = try share.tap(source, firstTick: 0, frameCount: 25, outputFPS: 20, open: Self.open(source))
        let behind = try share.tap(source, firstTick: 0, frameCount: 25, outputFPS: 20, open: Self.open(source))
        let first = try Self.frames(ahead)
        let second = try Self.frames(behind)
        #expect(behind.readsOnItsOwn && !ahead.readsOnItsOwn)
        #expect(first.map(\.1) == alone.map(\.1) && second.map(\.1) == alone.map(\.1))
        #expect(second.map(\.0) == Array(0..<25))
    }

    /// Taps carried from one segment to the next (claim retries, a body reading on from its transition) run
    /// on whichever thread renders that segment while their siblings still run on theirs: every tap here
    /// reads on a thread of its own, the threads in any order, and each still gets a lone reader's frames.
    @Test("taps read at once on threads of their own each get a lone reader's frames", arguments: 0..<4)
    func tapsOnThreads(round: Int) throws {
        let folder = try TemporaryFolder("share-threads")
        let source = try Self.clip(in: folder)
        let alone = try Self.frames(Self.open(source)(5, 30))
        let share = DecodeShare(loadsPerReading: 4)
        let taps = HandedOver(try (0..<4).map { _ in try share.tap(source, firstTick: 5, frameCount: 30, outputFPS: 20, open: Self.open(source)) })
        let read = Mutex<[Int: [(Int, [UInt8])]]>([:])
        DispatchQueue.concurrentPerform(iterations: taps.count) { index in
            // Each thread starts at its own moment and pauses now and then, so taps fall behind and catch up.
            var frames: [(Int, [UInt8])] = []
            var step = 0
            while let frame = try? taps.tap(index).next() {
                frames.append((frame.index, Self.luma(frame)))
                step += 1
                if (step + index + round) % 7 == 0 { usleep(UInt32(200 * (index + 1))) }
            }
            read.withLock { $0[index] = frames }
        }
        let all = read.withLock { $0 }
        for index in 0..<taps.count {
            let frames = try #require(all[index])
            #expect(frames.map(\.0) == alone.map(\.0), "tap \(index)")
            #expect(frames.map(\.1) == alone.map(\.1), "tap \(index): the same pictures as a reader of its own")
        }
    }

    /// Taps handed to threads, one each, as a segment's producer is handed the taps of its clips.
    final class HandedOver: @unchecked Sendable {
        // @unchecked: each tap is read by the one thread it was handed to, and by no other.
        private let taps: [ClipReaderTap]
        init(_ taps: [ClipReaderTap]) { self.taps = taps }
        var count: Int { taps.count }
        func tap(_ index: Int) -> ClipReaderTap { taps[index] }
    }

    @Test("a different window of the same clip gets a reader of its own")
    func windowsApart() throws {
        let folder = try TemporaryFolder("share-apart")
        let source = try Self.clip(in: folder)
        let share = DecodeShare(loadsPerReading: 3)
        let early = try share.tap(source, firstTick: 0, frameCount: 5, outputFPS: 20, open: Self.open(source))
        let late = try share.tap(source, firstTick: 20, frameCount: 5, outputFPS: 20, open: Self.open(source))
        let again = try share.tap(source, firstTick: 0, frameCount: 5, outputFPS: 20, open: Self.open(source))
        #expect(early.sharedReader !== late.sharedReader)
        #expect(early.sharedReader === again.sharedReader)
        #expect(try Self.frames(late).map(\.0) == Array(20..<25))
    }
}
