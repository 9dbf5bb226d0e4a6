import DVPlanning
import DVSignal
import Testing

@testable import DVRender

/// A photo's working picture: large enough for every output to draw its push at full detail, and no larger
/// than the rectangle its fit shows it in needs.
@Suite struct StillWorkingSizeTests {
    static let wide = PixelSize(width: 1920, height: 1080)

    @Test("a fit that crops covers the frame; contain and blur need only the rectangle the photo fits in, pushed in")
    func theWorkingPictureFollowsTheFit() {
        let landscape = PixelSize(width: 4032, height: 3024), portrait = PixelSize(width: 3024, height: 4032)
        #expect(ReelLayout.workingSize(of: landscape, fit: .cover, outputs: [Self.wide]) == PixelSize(width: 2208, height: 1656))
        #expect(ReelLayout.workingSize(of: landscape, fit: .contain, outputs: [Self.wide]) == PixelSize(width: 1656, height: 1242))
        #expect(ReelLayout.workingSize(of: portrait, fit: .blur, outputs: [Self.wide]) == PixelSize(width: 932, height: 1242))
        #expect(ReelLayout.workingSize(of: portrait, fit: .subject, outputs: [Self.wide]) == PixelSize(width: 2208, height: 2944))
        // Every output draws from the one picture: the largest need wins.
        let tall = PixelSize(width: 1080, height: 1920)
        #expect(ReelLayout.workingSize(of: portrait, fit: .contain, outputs: [Self.wide, tall]) == PixelSize(width: 1242, height: 1656))
        // Never larger than the photo.
        #expect(
            ReelLayout.workingSize(of: PixelSize(width: 800, height: 600), fit: .cover, outputs: [Self.wide]) == PixelSize(width: 800, height: 600))
    }
}
