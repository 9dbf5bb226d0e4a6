import DVSignal
import Testing

/// The crop window's path over a clip, from the faces seen in it: still, a smooth pan, or no crop.
@Suite("subject framing")
struct SubjectFramingTests {
    /// A 16:9 picture cropped to 9:16 keeps 9/16 × 9/16 of its width.
    static let window = SubjectFraming.scale * 81 / 256

    /// Samples every `every` frames of a face `width` wide whose centre is `centre(frame)`.
    static func samples(frames: Int, every: Int, width: Int, centre: (Int) -> Int) -> [SubjectFraming.Sample] {
        stride(from: 0, to: frames, by: every).map { frame in
            SubjectFraming.Sample(frame: frame, spans: [(centre(frame) - width / 2)...(centre(frame) + width / 2)])
        }
    }

    @Test("a face resting in the left third: one still window around it, on every frame")
    func restingFace() {
        let framing = SubjectFraming(
            samples: Self.samples(frames: 90, every: 6, width: 900) { _ in 2_300 }, window: Self.window, frameCount: 90, fps: 30)
        #expect(framing.motion == .still)
        #expect(framing.positions.count == 90 && Set(framing.positions) == [2_300 - Self.window / 2])
    }

    @Test("a face gliding across: the window follows, keeps it in view, moves smoothly and never turns back")
    func glidingFace() throws {
        let frames = 120, fps = 30
        let centre = { (frame: Int) in 1_200 + 7_600 * frame / (frames - 1) }
        let framing = SubjectFraming(
            samples: Self.samples(frames: frames, every: 5, width: 900, centre: centre), window: Self.window, frameCount: frames, fps: fps)
        #expect(framing.motion == .pan)
        let positions = framing.positions
        try #require(positions.count == frames)
        let inView = (0..<frames).filter { frame in
            positions[frame] <= centre(frame) - 450 && centre(frame) + 450 <= positions[frame] + Self.window
        }
        #expect(inView.count * 100 >= frames * 95, "the face is in the window on \(inView.count) of \(frames) frames")
        let speeds = zip(positions.dropFirst(), positions).map { $0 - $1 }
        let range = SubjectFraming.scale - Self.window
        #expect(speeds.allSatisfy { $0 >= 0 }, "a face moving one way: the window never turns back")
        #expect(speeds.allSatisfy { $0 <= range * 2 / (3 * fps) }, "at most the whole range in 1.5 s")
        let changes = zip(speeds.dropFirst(), speeds).map { abs($0 - $1) }
        #expect((changes.max() ?? 0) <= max(1, range * 2 / (3 * fps) / (fps / 2)), "speed changes by bounded steps")
    }

    @Test("a face that goes right then comes back: the window turns at most once in any half second")
    func turningFace() {
        let frames = 150, fps = 30
        let centre = { (frame: Int) in frame < 60 ? 2_000 + 100 * frame : 8_000 - 80 * (frame - 60) }
        let jitter = { (frame: Int) in frame % 10 == 0 ? 300 : -300 }
        let framing = SubjectFraming(
            samples: Self.samples(frames: frames, every: 5, width: 900) { centre($0) + jitter($0) }, window: Self.window, frameCount: frames, fps: fps
        )
        #expect(framing.motion == .pan)
        let directions = zip(framing.positions.dropFirst(), framing.positions).map { ($0 - $1).signum() }.enumerated().filter { $0.element != 0 }
        let turns = zip(directions.dropFirst(), directions).filter { $0.element != $1.element }.map(\.0.offset)
        #expect(!turns.isEmpty, "it comes back")
        #expect(zip(turns.dropFirst(), turns).allSatisfy { $0 - $1 >= fps / 2 }, "turns at \(turns)")
    }

    @Test("two faces at opposite edges cannot share a window: no crop by subject")
    func facesApart() {
        let samples = stride(from: 0, to: 60, by: 6).map { SubjectFraming.Sample(frame: $0, spans: [300...1_200, 8_800...9_700]) }
        let framing = SubjectFraming(samples: samples, window: Self.window, frameCount: 60, fps: 30)
        #expect(framing.motion == .fallback && framing.positions.isEmpty)
    }

    @Test("a frame with margins (reels' top 14 %, bottom 35 %) centres the face between them, as far as the window can move")
    func faceClearOfMargins() {
        // A 9:32 picture (taller than 9:16) cropped to 9:16 keeps 9/16 of its height: the cut runs down it.
        let window = SubjectFraming.scale * 9 / 16
        let reels = SubjectFraming.Margins(before: 1_400, after: 3_500)
        let face = 4_000...6_000
        let samples = [SubjectFraming.Sample(frame: 0, spans: [face])]
        let centred = SubjectFraming(samples: samples, window: window, frameCount: 10, fps: 30)
        let clear = SubjectFraming(samples: samples, window: window, frameCount: 10, fps: 30, margins: reels)
        #expect(centred.motion == .still && clear.motion == .still)
        // Where the face's bottom edge falls in the frame, in ten-thousandths of its height.
        func bottom(_ framing: SubjectFraming) -> Int { (face.upperBound - (framing.positions.first ?? 0)) * SubjectFraming.scale / window }
        #expect(bottom(centred) > SubjectFraming.scale - reels.after, "centred in the frame, the face's bottom is in the bottom 35 %")
        #expect(bottom(clear) <= SubjectFraming.scale - reels.after, "between the margins, it is clear of them: \(bottom(clear))")
        let top = (face.lowerBound - (clear.positions.first ?? 0)) * SubjectFraming.scale / window
        #expect(top >= reels.before)
        // A face at the picture's bottom edge: the window goes as low as it can, and no further.
        let low = SubjectFraming(
            samples: [SubjectFraming.Sample(frame: 0, spans: [9_000...9_900])], window: window, frameCount: 10, fps: 30, margins: reels)
        #expect(low.positions == Array(repeating: SubjectFraming.scale - window, count: 10))
        // Equal margins frame as the frame's middle does.
        let even = SubjectFraming(samples: samples, window: window, frameCount: 10, fps: 30, margins: SubjectFraming.Margins(before: 600, after: 600))
        #expect(even.positions == centred.positions)
    }

    @Test("no face: no path, the window stays in the middle as cover's")
    func noFace() {
        let framing = SubjectFraming(samples: [SubjectFraming.Sample(frame: 0, spans: [])], window: Self.window, frameCount: 10, fps: 30)
        #expect(framing.motion == .none && framing.positions.isEmpty)
    }
}
