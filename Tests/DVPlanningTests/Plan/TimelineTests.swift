import Foundation
import Testing

@testable import DVPlanning

@Suite struct TimelineTests {
    /// Three days with one 10-second video each, so each clip is the default 3-second window.
    private func plan(transition: Job.Transition, intro: Int64 = 0, outro: Int64 = 0) -> Plan {
        let index = (1...3).map { Fixtures.movie("d\($0).mov", local: "2024-12-0\($0)T10:00:00-0800") }
        var rules = rules("2024-12-01", "2024-12-03")
        rules.transition = transition
        rules.introDuration = TimeSpan(milliseconds: intro)
        rules.outroDuration = TimeSpan(milliseconds: outro)
        return Planner.plan(index: index, rules: rules)
    }

    private func seconds(_ spans: [TimeSpan?]) -> [Double?] { spans.map { $0?.seconds } }

    @Test func crossfadeOverlapsNeighbours() {
        let reel = plan(transition: Job.Transition(style: .crossfade, duration: TimeSpan(milliseconds: 500)))
        #expect(seconds(reel.days.map(\.outputStart)) == [0, 2.5, 5])
        #expect(reel.timeline.totalDuration == TimeSpan(milliseconds: 8000))
        #expect(reel.totals.reelDuration == TimeSpan(milliseconds: 8000))
        #expect(seconds(reel.timeline.items.map(\.transitionIn)) == [0, 0.5, 0.5])
    }

    @Test func cutDoesNotOverlap() {
        let reel = plan(transition: Job.Transition(style: .cut, duration: TimeSpan(milliseconds: 500)))
        #expect(seconds(reel.days.map(\.outputStart)) == [0, 3, 6])
        #expect(reel.timeline.totalDuration == .seconds(9))
    }

    @Test func introAndOutroCardsTransitionLikeClips() {
        let reel = plan(transition: Job.Transition(), intro: 2000, outro: 2000)
        #expect(reel.timeline.items.map(\.role) == [.intro, .clip, .clip, .clip, .outro])
        #expect(seconds(reel.timeline.items.map(\.outputStart)) == [0, 1.5, 4, 6.5, 9])
        #expect(seconds(reel.days.map(\.outputStart)) == [1.5, 4, 6.5])
        #expect(reel.timeline.totalDuration == .seconds(11))
    }

    @Test func shortPiecesLimitTheOverlap() {
        let timeline = Timeline(
            pieces: [(.clip, nil, TimeSpan(milliseconds: 600)), (.clip, nil, .seconds(3))],
            transition: Job.Transition(style: .fade, duration: .seconds(1)))
        #expect(timeline.items[1].transitionIn == TimeSpan(milliseconds: 300))
        #expect(timeline.totalDuration == TimeSpan(milliseconds: 3300))
    }

    @Test func noClipsMeansNoCards() {
        var rules = rules("2024-12-01", "2024-12-02")
        rules.introDuration = .seconds(2)
        let reel = Planner.plan(index: [], rules: rules)
        #expect(reel.timeline.items.isEmpty)
        #expect(reel.totals.daysWithoutMedia == 2)
    }
}
