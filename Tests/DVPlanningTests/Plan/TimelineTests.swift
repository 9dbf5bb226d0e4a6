import DVTestBasics
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
            transition: Job.Transition(style: .fade, duration: .seconds(1)), fps: 30)
        #expect(timeline.items[1].transitionIn == TimeSpan(milliseconds: 300))
        #expect(timeline.items[1].transitionInFrames == 9)
        #expect(timeline.totalDuration == TimeSpan(milliseconds: 3300))
        #expect(timeline.frameCount == 99)
    }

    /// The corpus's 0.107 s iPhone clip between two long ones, under the default 0.5 s crossfade: it lasts its
    /// 3 frames, and each transition takes 1 of them (half, rounded down), so its middle frame is its own.
    @Test func aClipShorterThanItsTransitionsGivesEachHalfOfItself() {
        let timeline = Timeline(
            pieces: [(.clip, nil, .seconds(3)), (.clip, nil, TimeSpan(milliseconds: 107)), (.clip, nil, TimeSpan(milliseconds: 1910))],
            transition: Job.Transition(), fps: 30)
        #expect(timeline.items.map(\.firstFrame) == [0, 89, 91])
        #expect(timeline.items.map(\.frameCount) == [90, 3, 57])
        #expect(timeline.items.map(\.transitionInFrames) == [0, 1, 1])
        #expect(timeline.frameCount == 148)
        let short = timeline.shortPieces { $0.duration }
        #expect(short.map(\.item.firstFrame) == [89])
        #expect(short.first?.sentence(style: .crossfade, asked: 15) == "clip: a 0.1s clip lasts 3 frames: crossfade in 1 frame and out 1 frame of 15")
    }

    /// A clip shorter than half a frame (5 frames of 90 fps at 4× speed) is held for one frame and meets
    /// both neighbours with a cut; a piece of two frames gives each neighbour one.
    @Test func aPieceShorterThanHalfAFrameIsHeldForOne() {
        let timeline = Timeline(
            pieces: [
                (.intro, nil, .seconds(2)), (.clip, nil, TimeSpan(milliseconds: 14)), (.clip, nil, TimeSpan(milliseconds: 56)),
                (.outro, nil, .seconds(2))
            ],
            transition: Job.Transition(style: .wipeLeft, duration: .seconds(1)), fps: 30)
        #expect(timeline.items.map(\.frameCount) == [60, 1, 2, 60])
        #expect(timeline.items.map(\.transitionInFrames) == [0, 0, 0, 1])
        #expect(timeline.items.map(\.firstFrame) == [0, 60, 61, 62])
        let short = timeline.shortPieces { item in item.role == .clip ? TimeSpan(milliseconds: item.frameCount == 1 ? 14 : 56) : item.duration }
        #expect(short.map(\.held) == [true, false])
        #expect(short.first?.sentence(style: .wipeLeft, asked: 30) == "clip: a 0.014s clip is held for 1 frame: cut in and out")
        #expect(short.last?.sentence(style: .wipeLeft, asked: 30) == "clip: a 0.056s clip lasts 2 frames: cut in, wipe-left out 1 frame of 30")
    }

    /// Whatever the lengths and the transition, every piece has a frame, every piece starts after the one
    /// before it, and no two transitions into and out of a piece overlap.
    @Test(arguments: [1, 24, 30, 60])
    func everyLayoutIsWellFormed(fps: Int) {
        var generator = SplitMix64(seed: UInt64(fps))
        for _ in 0..<500 {
            let pieces = (0..<Int(generator.next() % 6 + 1)).map { _ in
                (role: TimelineItem.Role.clip, date: CalendarDay?.none, duration: TimeSpan(milliseconds: Int64(generator.next() % 3000)))
            }
            let transition = Job.Transition(style: .crossfade, duration: TimeSpan(milliseconds: Int64(generator.next() % 2000)))
            let items = Timeline(pieces: pieces, transition: transition, fps: fps).items
            #expect(items.allSatisfy { $0.frameCount >= 1 })
            for (index, item) in items.enumerated().dropFirst() {
                #expect(item.firstFrame > items[index - 1].firstFrame)
                #expect(item.firstFrame == items[index - 1].endFrame - item.transitionInFrames)
                let outgoing = index + 1 < items.count ? items[index + 1].transitionInFrames : 0
                #expect(item.transitionInFrames + outgoing <= item.frameCount)
            }
        }
    }

    @Test func noClipsMeansNoCards() {
        var rules = rules("2024-12-01", "2024-12-02")
        rules.introDuration = .seconds(2)
        let reel = Planner.plan(index: [], rules: rules)
        #expect(reel.timeline.items.isEmpty)
        #expect(reel.totals.daysWithoutMedia == 2)
    }
}
