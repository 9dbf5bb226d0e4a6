import DVMedia
import DVPlanning
import Testing

@Suite("Transition")
struct TransitionTests {
    static let width = 64, height = 32
    static let a: [UInt8] = [200, 100, 60]
    static let b: [UInt8] = [40, 160, 200]

    /// Renders `kind` at `progress` between uniform A and B frames.
    private func render(_ kind: TransitionStyle, _ progress: Double) throws -> VideoFrame {
        let first = try TestFrames.uniform(width: Self.width, height: Self.height, y: Self.a[0], u: Self.a[1], v: Self.a[2])
        let second = try TestFrames.uniform(width: Self.width, height: Self.height, y: Self.b[0], u: Self.b[1], v: Self.b[2])
        let output = try VideoFrame(width: Self.width, height: Self.height)
        try kind.render(from: first, to: second, progress: progress, into: output)
        return output
    }

    /// Checks every plane: `expected(plane, x, y)` in plane coordinates.
    private func expectPlanes(_ frame: VideoFrame, _ expected: (Int, Int, Int) -> UInt8, _ comment: Comment) {
        for plane in 0..<3 {
            let size = TestFrames.size(frame, plane: plane)
            var mismatches = 0
            for row in 0..<size.height {
                for column in 0..<size.width where TestFrames.sample(frame, plane: plane, x: column, y: row) != expected(plane, column, row) {
                    mismatches += 1
                }
            }
            #expect(mismatches == 0, comment)
        }
    }

    @Test("every kind gives exactly A at p = 0 and exactly B at p = 1", arguments: TransitionStyle.allCases)
    func endpoints(kind: TransitionStyle) throws {
        expectPlanes(try render(kind, 0), { plane, _, _ in Self.a[plane] }, "\(kind) at 0")
        expectPlanes(try render(kind, 1), { plane, _, _ in Self.b[plane] }, "\(kind) at 1")
    }

    @Test("half way: blends, black, and half-and-half splits", arguments: TransitionStyle.allCases)
    func halfWay(kind: TransitionStyle) throws {
        let frame = try render(kind, 0.5)
        let black: [UInt8] = [16, 128, 128]
        let expected: (Int, Int, Int) -> UInt8 = { plane, x, y in
            let size = TestFrames.size(frame, plane: plane)
            let a = Self.a[plane], b = Self.b[plane]
            switch kind {
            case .cut: return b
            case .crossfade: return UInt8((Int(a) + Int(b) + 1) / 2)
            case .fade: return black[plane]
            case .wipeLeft, .slideLeft: return x >= size.width / 2 ? b : a
            case .wipeRight, .slideRight: return x < size.width / 2 ? b : a
            case .wipeUp: return y >= size.height / 2 ? b : a
            case .wipeDown: return y < size.height / 2 ? b : a
            }
        }
        expectPlanes(frame, expected, "\(kind) at 0.5")
    }

    @Test("a quarter of the way, fade is a quarter of the way to black")
    func fadeQuarter() throws {
        let frame = try render(.fade, 0.25)
        // weight 128 of 256 towards black (16): (200 × 128 + 16 × 128 + 128) >> 8 = 108.
        #expect(TestFrames.sample(frame, plane: 0, x: 5, y: 5) == 108)
    }

    @Test("slides move the pictures: A's left edge leaves first")
    func slideMovesContent() throws {
        let first = try TestFrames.uniform(width: Self.width, height: Self.height, y: 100, u: 128, v: 128)
        // Mark A's right-most 8 columns.
        for row in 0..<Self.height {
            for column in (Self.width - 8)..<Self.width { first.plane(0)[row * first.stride(0) + column] = 220 }
        }
        let second = try TestFrames.uniform(width: Self.width, height: Self.height, y: 30, u: 128, v: 128)
        let output = try VideoFrame(width: Self.width, height: Self.height)
        try TransitionStyle.slideLeft.render(from: first, to: second, progress: 0.25, into: output)
        // Shifted left by 16: the mark now sits at columns 40..<48, B fills 48..<64.
        #expect(TestFrames.values(output, plane: 0, columns: 40..<48, rows: 0..<Self.height) == [220])
        #expect(TestFrames.values(output, plane: 0, columns: 48..<64, rows: 0..<Self.height) == [30])
        #expect(TestFrames.values(output, plane: 0, columns: 0..<40, rows: 0..<Self.height) == [100])
    }
}
