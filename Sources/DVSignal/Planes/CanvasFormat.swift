/// The pixels of an output's canvas: how deep a sample is, what its codes mean and how its planes lie
/// (4:2:0, limited range). Made once from the output (`CanvasSettings`) and handed to every stage, every
/// canvas frame and the encoder; the pixel loops dispatch on it once to code generic over `sample`.
package enum CanvasFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// 8-bit BT.709 limited range, 4:2:0: an SDR reel.
    case sdr8
    /// 10-bit BT.2020 HLG (BT.2100) limited range, 4:2:0, in 16-bit little-endian samples: an HLG reel.
    case hlg10

    /// Bits of each sample's code.
    package var bitDepth: Int {
        switch self {
        case .sdr8: 8
        case .hlg10: 10
        }
    }

    /// Bytes each sample takes in a plane: 1 (`UInt8`) or 2 (`UInt16`).
    package var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }

    /// What the codes mean.
    package var colour: ColourDescription {
        switch self {
        case .sdr8: .bt709
        case .hlg10: HLGReel.description
        }
    }

    /// Black's codes: luma, and the neutral chroma.
    package var black: (luma: Int, chroma: Int) { (16 << (bitDepth - 8), 128 << (bitDepth - 8)) }
}

/// A plane sample of a canvas format: `UInt8` for 8-bit canvases, `UInt16` (little-endian, as FFmpeg's
/// `…le` formats hold them) for deeper ones. The pixel loops are written once, generic over it.
package protocol CanvasSample: FixedWidthInteger, UnsignedInteger, Sendable {
    /// The integer twice as wide, in which blends of two samples run.
    associatedtype Wide: FixedWidthInteger, UnsignedInteger
    /// Bits of a blend weight's unit: a weight of `1 << weightBits` gives the other sample exactly.
    static var weightBits: Int { get }
}

extension UInt8: CanvasSample {
    package typealias Wide = UInt16
    package static var weightBits: Int { 8 }
}

extension UInt16: CanvasSample {
    package typealias Wide = UInt32
    package static var weightBits: Int { 16 }
}
