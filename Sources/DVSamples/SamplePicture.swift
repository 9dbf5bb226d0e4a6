import DVMedia
import DVPlanning
import DVSignal

/// A photograph moved across a sample clip's frames: a face for `fit: subject` to follow. The picture's
/// top-left corner goes in a straight line from `from` at the first frame slot to `to` at the last, on
/// even places.
package struct SamplePicture: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// BT.709 limited-range 4:2:0 planes: `width × height` luma samples, then each chroma plane's
    /// `width / 2 × height / 2`.
    let luma: [UInt8]
    let blue: [UInt8]
    let red: [UInt8]
    package var from: (x: Int, y: Int) { (fromX, fromY) }
    package var to: (x: Int, y: Int) { (toX, toY) }
    private let fromX: Int, fromY: Int, toX: Int, toY: Int

    /// The picture of `rgb` (`width × height` pixels of red, green and blue bytes, row after row; both
    /// sizes even), moved from `from` to `to`.
    package init(rgb: [UInt8], width: Int, height: Int, from: (x: Int, y: Int), to: (x: Int, y: Int)) {
        precondition(width % 2 == 0 && height % 2 == 0 && rgb.count == width * height * 3, "an even-sized picture of RGB bytes")
        self.width = width
        self.height = height
        let colours = stride(from: 0, to: rgb.count, by: 3).map { SRGBColour(red: rgb[$0], green: rgb[$0 + 1], blue: rgb[$0 + 2]).bt709Limited }
        luma = colours.map(\.y)
        var blue: [UInt8] = [], red: [UInt8] = []
        for row in stride(from: 0, to: height, by: 2) {
            for column in stride(from: 0, to: width, by: 2) {
                let four = [row * width + column, row * width + column + 1, (row + 1) * width + column, (row + 1) * width + column + 1]
                blue.append(UInt8((four.map { Int(colours[$0].u) }.reduce(0, +) + 2) / 4))
                red.append(UInt8((four.map { Int(colours[$0].v) }.reduce(0, +) + 2) / 4))
            }
        }
        self.blue = blue
        self.red = red
        fromX = from.x & ~1
        fromY = from.y & ~1
        toX = to.x & ~1
        toY = to.y & ~1
    }

    package static func == (lhs: SamplePicture, rhs: SamplePicture) -> Bool {
        lhs.luma == rhs.luma && lhs.blue == rhs.blue && lhs.red == rhs.red && lhs.from == rhs.from && lhs.to == rhs.to
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(luma)
        hasher.combine(fromX)
        hasher.combine(toX)
    }

    /// The top-left corner at frame slot `slot` of `slots`.
    func place(slot: Int, of slots: Int) -> (x: Int, y: Int) {
        let last = max(1, slots - 1)
        return ((fromX + (toX - fromX) * slot / last) & ~1, (fromY + (toY - fromY) * slot / last) & ~1)
    }

    /// The picture as a frame to paste.
    func frame() throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height)
        for (plane, samples, planeWidth, planeHeight) in [(0, luma, width, height), (1, blue, width / 2, height / 2), (2, red, width / 2, height / 2)]
        {
            for row in 0..<planeHeight {
                samples.withUnsafeBufferPointer { source in
                    (frame.plane(plane) + row * frame.stride(plane)).update(from: source.baseAddress! + row * planeWidth, count: planeWidth)
                }
            }
        }
        return frame
    }
}
