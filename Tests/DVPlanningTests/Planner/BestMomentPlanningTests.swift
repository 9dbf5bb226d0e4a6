import DVPlanning
import Foundation
import Testing

/// The planner with clips' analyses given in memory: `start: auto` takes the best window, `order: best`
/// the best clip, and the clips it wants analysed are those the plan would use.
@Suite struct BestMomentPlanningTests {
    static let day = CalendarDay("2024-12-18")!

    static func entry(_ name: String, hour: Int, seconds: Double) -> MediaEntry {
        Fixtures.movie(name, utc: String(format: "2024-12-18T%02d:00:00Z", hour), duration: seconds)
    }

    /// Steps of `quality` each (every measure alike).
    static func scores(_ qualities: [Double]) -> MomentScores {
        MomentScores(steps: qualities.map { MomentScores.Step(sharpness: $0, exposure: $0, steadiness: $0, motion: $0, sound: $0, faces: $0) })
    }

    static func rules(order: Job.SelectionOrder = .earliest, start: ClipStart = .auto, moments: [String: MomentScores] = [:]) -> PlanningRules {
        PlanningRules(
            days: [day], timeZoneIdentifier: "UTC", libraryRoots: [Fixtures.root], order: order,
            videoWindow: Job.ClipWindow(duration: .fixed(TimeSpan(milliseconds: 1000)), start: start), moments: moments
        )
    }

    @Test("the best window starts on the half second where the steps' weighted mean is highest; the earliest of equals")
    func bestWindow() {
        let scores = Self.scores([0, 0.2, 0.9, 0.9, 0.3, 0.9, 0.9])
        let window = scores.bestWindow(length: TimeSpan(milliseconds: 1000), clipLength: TimeSpan(milliseconds: 3500), weights: Job.MomentWeights())
        #expect(window?.start == TimeSpan(milliseconds: 1000) && window?.score == 0.9)
        let late = scores.bestWindow(length: TimeSpan(milliseconds: 1000), clipLength: TimeSpan(milliseconds: 1200), weights: Job.MomentWeights())
        #expect(late?.start == .zero, "a window never starts past where it still fits")
        let weighted = MomentScores(steps: [
            MomentScores.Step(sharpness: 1, exposure: 0, steadiness: 0, motion: 0, sound: 0),
            MomentScores.Step(sharpness: 0, exposure: 0, steadiness: 0, motion: 0, sound: 1)
        ]).bestWindow(
            length: TimeSpan(milliseconds: 500), clipLength: TimeSpan(milliseconds: 1000), weights: Job.MomentWeights(sharpness: 0, sound: 2))
        #expect(weighted?.start == TimeSpan(milliseconds: 500))
        let plain = MomentScores.Step(sharpness: 0.6, exposure: 0.6, steadiness: 0.6, motion: 0.2, sound: 0.5)
        var withFace = plain
        withFace.faces = 1
        let people = MomentScores(steps: [plain, plain, withFace, withFace])
        let chosen = people.bestWindow(length: TimeSpan(milliseconds: 1000), clipLength: TimeSpan(milliseconds: 2000), weights: Job.MomentWeights())
        #expect(chosen?.start == TimeSpan(milliseconds: 1000) && chosen?.parts.faces == 1, "by default the half seconds with a face win")
        let faceless = people.bestWindow(
            length: TimeSpan(milliseconds: 1000), clipLength: TimeSpan(milliseconds: 2000), weights: Job.MomentWeights(faces: 0))
        #expect(faceless?.start == .zero, "faces: 0 leaves them out, and the earliest of equals wins")
    }

    @Test("start: auto trims at the best window and records it; without an analysis the window starts at 0 with a warning")
    func autoStart() throws {
        let clip = Self.entry("VID_A.mp4", hour: 9, seconds: 4)
        let plan = Planner.plan(index: [clip], rules: Self.rules(moments: [clip.path: Self.scores([0, 0, 0, 0.8, 0.8, 0.1, 0.1, 0.1])]))
        let day = try #require(plan.days.first)
        #expect(day.clip?.start == TimeSpan(milliseconds: 1500) && day.clip?.duration == TimeSpan(milliseconds: 1000))
        #expect(day.clip?.moment?.start == TimeSpan(milliseconds: 1500) && day.clip?.moment?.score == 0.8)
        let unknown = Planner.plan(index: [clip], rules: Self.rules())
        #expect(unknown.days.first?.clip?.start == .zero)
        #expect(unknown.warnings.contains { $0.code == .momentUnknown })
        #expect(Planner.clipsWantingMoments(index: [clip], rules: Self.rules()) == [clip.path])
        #expect(Planner.clipsWantingMoments(index: [clip], rules: Self.rules(start: .offset(.zero))).isEmpty)
    }

    @Test("order: best ranks a day's clips by their best window's score, unanalysed ones last, ties by time")
    func bestOrder() throws {
        let early = Self.entry("VID_early.mp4", hour: 8, seconds: 3)
        let sharp = Self.entry("VID_sharp.mp4", hour: 10, seconds: 3)
        let plain = Self.entry("VID_plain.mp4", hour: 9, seconds: 3)
        let index = [early, sharp, plain]
        let rules = Self.rules(
            order: .best, start: .offset(.zero),
            moments: [
                early.path: Self.scores([0.1, 0.1, 0.1, 0.1, 0.1, 0.1]), sharp.path: Self.scores([0.2, 0.9, 0.9, 0.2, 0.2, 0.2])
            ])
        let day = try #require(Planner.plan(index: index, rules: rules).days.first)
        #expect(day.clip?.file == "VID_sharp.mp4" && day.reason == "video 1 of 3")
        #expect(day.clip?.start == .zero, "order: best alone does not move the window")
        #expect(Planner.clipsWantingMoments(index: index, rules: rules) == [early.path, plain.path, sharp.path])
    }
}
