internal import CFFmpeg
import DVMetadata
import DVSignal
import Foundation

extension PictureColour {
    /// The colour space a still picture declares, in PNG's order of precedence: `cICP`, an embedded ICC
    /// profile (PNG or JPEG), `sRGB`, then `cHRM` and `gAMA`. Nil when it is sRGB, says nothing (and is then
    /// read as sRGB, as browsers do), or says something dvpipe cannot read (an ICC profile that is not of the
    /// matrix/TRC kind, an HDR `cICP`).
    static func declared(by frame: VideoFrame, path: String) -> PictureColour? {
        declared(by: frame, head: Self.head(of: path))
    }

    /// `declared(by:path:)` for a picture whose file starts with `head` (its first megabyte, or all of it).
    static func declared(by frame: VideoFrame, head: [UInt8]) -> PictureColour? {
        let png = PNGColourChunks(head: head)
        let colour: PictureColour?
        if let codePoints = png?.codePoints {
            colour = Self.colour(primaries: codePoints.primaries, transfer: codePoints.transfer)
        } else if let profile = Self.embeddedProfile(of: frame) {
            colour = PictureColour(profile)
        } else if let png, !png.isSRGB, !Self.meansSRGB(gamma: png.gamma, chromaticities: png.chromaticities) {
            let exponent = 1 / (png.gamma ?? 0.45455)
            let chromaticities = png.chromaticities ?? ((0.3127, 0.3290), Self.bt709)
            colour = PictureColour(
                curves: Array(repeating: { pow($0, exponent) }, count: 3),
                colorants: PictureColour.colorants(primaries: chromaticities.primaries, white: chromaticities.white))
        } else {
            colour = nil
        }
        return colour.flatMap { $0.isIdentity ? nil : $0 }
    }

    /// The colour an ICC profile describes, or nil when it is sRGB's.
    static func declared(by profile: ICCProfile) -> PictureColour? {
        let colour = PictureColour(profile)
        return colour.isIdentity ? nil : colour
    }

    /// The colour of a picture whose channels decode as `profile` says.
    private init(_ profile: ICCProfile) {
        self.init(curves: profile.curves.map { curve in { curve.light($0) } }, colorants: profile.colorants)
    }

    /// The chromaticities of BT.709 and sRGB, Display P3 (DCI-P3's primaries with D65 white) and BT.2020.
    private static let bt709 = [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]
    private static let displayP3 = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
    private static let bt2020 = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]

    /// The colour for H.273 code points: primaries BT.709 (1), BT.2020 (9) or Display P3 (12), with the sRGB
    /// curve (13) or linear light (8); nil for the rest.
    private static func colour(primaries: Int, transfer: Int) -> PictureColour? {
        let chromaticities: [(x: Double, y: Double)]
        switch primaries {
        case 1: chromaticities = bt709
        case 9: chromaticities = bt2020
        case 12: chromaticities = displayP3
        default: return nil
        }
        let curve: (Double) -> Double
        switch transfer {
        case 13: curve = SRGBCurve.decode
        case 8: curve = { $0 }
        default: return nil
        }
        return PictureColour(curves: Array(repeating: curve, count: 3), colorants: colorants(primaries: chromaticities, white: (0.3127, 0.3290)))
    }

    /// True for the `gAMA` and `cHRM` that PNG's specification tells encoders to write beside `sRGB` (1/2.2
    /// and sRGB's chromaticities, or either alone): what they mean is sRGB, whose curve a pure 2.2 power
    /// would only approximate.
    private static func meansSRGB(gamma: Double?, chromaticities: (white: (x: Double, y: Double), primaries: [(x: Double, y: Double)])?) -> Bool {
        let gammaMeansSRGB = gamma.map { abs($0 - 0.45455) < 0.0005 } ?? true
        let chromaticitiesMeanSRGB =
            chromaticities.map { chromaticities in
                zip([(0.3127, 0.3290)] + bt709, [chromaticities.white] + chromaticities.primaries).allSatisfy { expected, found in
                    abs(expected.0 - found.x) < 0.001 && abs(expected.1 - found.y) < 0.001
                }
            } ?? true
        return gammaMeansSRGB && chromaticitiesMeanSRGB
    }

    /// The frame's embedded ICC profile, when it has one dvpipe can read.
    private static func embeddedProfile(of frame: VideoFrame) -> ICCProfile? {
        var size = 0
        guard let data = dv_frame_icc_profile(frame.pointer, &size), size > 0 else { return nil }
        return ICCProfile(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    }

    /// The first megabyte of a still, where a PNG's colour chunks are.
    static let headLength = 1 << 20

    /// The first megabyte of the file at `path` (where a PNG's colour chunks are), empty when it cannot be read.
    private static func head(of path: String) -> [UInt8] {
        guard let file = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? file.close() }
        return (try? file.read(upToCount: headLength)).map(Array.init) ?? []
    }
}
