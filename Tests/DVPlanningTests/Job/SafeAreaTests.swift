import DVPlanning
import Testing

/// Safe areas: each profile's margins, as a frame of another shape shows them, and `output.safe_area`
/// given by hand in place of the profile's, its numbers checked at their place.
@Suite struct SafeAreaTests {
    @Test("a profile's margins hold on a 9:16 frame; youtube has none; an output without profile or safe_area has none")
    func profileMargins() throws {
        let reels = try #require(validJob(DeliveryProfileTests.job + "output: { path: a.mp4, profile: reels }\n")).output
        #expect(reels.overlaySafeArea == SafeArea(top: 0.14, bottom: 0.35, left: 0.06, right: 0.06))
        let youtube = try #require(validJob(DeliveryProfileTests.job + "output: { path: a.mp4, profile: youtube }\n")).output
        #expect(youtube.overlaySafeArea.isNone)
        #expect(try #require(validJob(minimalJob)).output.overlaySafeArea.isNone)
        for profile in [DeliveryProfile.shorts, .reels, .tiktok] {
            let margins = profile.rules.safeArea
            #expect(!margins.isNone && margins.top + margins.bottom < 0.9 && margins.left + margins.right < 0.9)
        }
    }

    @Test("a frame wider than 9:16 keeps only what of the top and bottom margins falls on it, its sides keep theirs")
    func shownShapes() {
        let reels = DeliveryRules.reels.safeArea
        #expect(reels.shown(width: 1080, height: 1920) == reels)
        #expect(reels.shown(width: 1080, height: 2400) == reels)
        let wide = reels.shown(width: 1920, height: 1080)
        #expect(wide.top == 0 && abs(wide.bottom - 0.0259) < 0.001 && wide.left == reels.left && wide.right == reels.right)
        let square = reels.shown(width: 1080, height: 1080)
        // The 1:1 frame covers screen rows 420…1500 of 1920; the bottom 672 rows start at 1248.
        #expect(square.top == 0 && abs(square.bottom - 252.0 / 1080) < 1e-9)
    }

    @Test("output.safe_area replaces the profile's margins; a side left out is 0")
    func givenByHand() throws {
        let job = try #require(
            validJob(DeliveryProfileTests.job + "output: { path: a.mp4, profile: reels, safe_area: { bottom: 0.2, right: 0.1 } }\n"))
        #expect(job.output.safeArea == SafeArea(top: 0, bottom: 0.2, left: 0, right: 0.1))
        #expect(job.output.overlaySafeArea == SafeArea(top: 0, bottom: 0.2, left: 0, right: 0.1))
        let wide = try #require(validJob(DeliveryProfileTests.job + "output: { path: a.mp4, safe_area: { top: 0.05, bottom: 0.05 } }\n"))
        #expect(wide.output.overlaySafeArea == SafeArea(top: 0.05, bottom: 0.05, left: 0, right: 0))
    }

    @Test("a margin out of 0…0.45, not a number, or an unknown side is an error at its place")
    func badMargins() {
        let job = DeliveryProfileTests.job
        expectDiagnostic(
            job + "output: { path: a.mp4, safe_area: { bottom: 1️⃣0.5 } }\n", containing: "output.safe_area.bottom must be a number 0…0.45")
        expectDiagnostic(job + "output: { path: a.mp4, safe_area: { top: 1️⃣-0.1 } }\n", containing: "output.safe_area.top must be a number 0…0.45")
        expectDiagnostic(job + "output: { path: a.mp4, safe_area: { left: 1️⃣wide } }\n", containing: "output.safe_area.left must be a number")
        expectDiagnostic(job + "output: { path: a.mp4, safe_area: { 1️⃣bottm: 0.2 } }\n", containing: "did you mean 'bottom'")
        expectDiagnostic(job + "output: { path: a.mp4, safe_area: 1️⃣0.1 }\n", containing: "output.safe_area must be a mapping")
    }
}
