import DVSignal
import DVTestBasics
import Testing

/// The centre of interest goes where the sharp detail is; the photo score ranks a sharp, well exposed
/// picture above a flat, a dark and a soft one.
@Suite struct StillInterestTests {
    /// A 160×120 proxy of mid-grey `level`, with fine noise of `amplitude` inside `patch`.
    static func proxy(level: Int, amplitude: Int, patch: PixelRect = PixelRect(x: 0, y: 0, width: 160, height: 120)) -> LumaProxy {
        var random = SplitMix64(seed: 3)
        let samples = (0..<(160 * 120)).map { index -> UInt8 in
            let noisy = patch.contains(x: index % 160, y: index / 160) ? Int.random(in: -amplitude...amplitude, using: &random) : 0
            return UInt8(clamping: level + noisy)
        }
        return LumaProxy(width: 160, height: 120, samples: samples)
    }

    @Test func theCentreOfInterestIsWhereTheDetailIs() {
        let point = InterestPoint(Self.proxy(level: 120, amplitude: 60, patch: PixelRect(x: 110, y: 10, width: 30, height: 30))).centre
        #expect(point.x > 0.65 && point.x < 0.9 && point.y > 0.05 && point.y < 0.35, "\(point)")
        #expect(InterestPoint(Self.proxy(level: 120, amplitude: 0)).centre == .centre)
    }

    @Test func theScoreRanksASharpWellExposedPhotoFirst() {
        let sharp = InterestPoint(Self.proxy(level: 120, amplitude: 60)).score
        let flat = InterestPoint(Self.proxy(level: 120, amplitude: 0)).score
        let dark = InterestPoint(Self.proxy(level: 12, amplitude: 6)).score
        #expect(sharp > flat && sharp > dark && (0...1).contains(sharp) && (0...1).contains(dark), "\(sharp) \(flat) \(dark)")
    }
}
