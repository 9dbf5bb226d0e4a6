import Testing

@testable import DVPlanning

@Suite struct ClipWindowTests {
    private let ten = TimeSpan.seconds(10)

    private func ms(_ value: Int64) -> TimeSpan { TimeSpan(milliseconds: value) }

    @Test func fixedWindowFromAnOffsetOrTheMiddle() {
        let window = Job.ClipWindow(duration: .fixed(.seconds(3)))
        #expect(window.trim(clipLength: ten) == (.zero, .seconds(3)))
        let middle = Job.ClipWindow(duration: .fixed(.seconds(3)), start: .middle)
        #expect(middle.trim(clipLength: ten) == (ms(3500), .seconds(3)))
        #expect(middle.trim(clipLength: ms(3001)) == (.zero, .seconds(3)))
    }

    @Test func clipShorterThanItsWindowIsUsedWhole() {
        let window = Job.ClipWindow(duration: .fixed(.seconds(3)), start: .offset(ms(500)))
        #expect(window.trim(clipLength: ms(2000)) == (.zero, ms(2000)))
        #expect(window.trim(clipLength: .seconds(3)) == (.zero, .seconds(3)))
    }

    @Test("a Motion Photo's window is centred on its still, kept inside the clip, unless a pin gives the start")
    func windowCentredOnTheStill() {
        let window = Job.ClipWindow(duration: .fixed(.seconds(1)), start: .offset(.zero))
        #expect(window.trim(clipLength: .seconds(3), moment: .seconds(1)) == (ms(500), .seconds(1)))
        #expect(window.trim(clipLength: .seconds(3), moment: ms(200)) == (.zero, .seconds(1)))
        #expect(window.trim(clipLength: .seconds(3), moment: ms(2900)) == (.seconds(2), .seconds(1)))
        #expect(window.trim(clipLength: .seconds(3), startOverride: .offset(ms(300)), moment: .seconds(1)) == (ms(300), .seconds(1)))
        #expect(Job.ClipWindow(duration: .full).trim(clipLength: .seconds(3), moment: .seconds(1)) == (.zero, .seconds(3)))
    }

    @Test func startIsMovedBackSoTheWindowFits() {
        let window = Job.ClipWindow(duration: .fixed(.seconds(3)), start: .offset(.seconds(8)))
        #expect(window.trim(clipLength: ten) == (.seconds(7), .seconds(3)))
    }

    @Test func fullRunsToTheEnd() {
        let full = Job.ClipWindow(duration: .full)
        #expect(full.trim(clipLength: ms(2500)) == (.zero, ms(2500)))
        #expect(full.trim(clipLength: ten, startOverride: .offset(.seconds(4))) == (.seconds(4), .seconds(6)))
        #expect(full.trim(clipLength: ten, startOverride: .offset(.seconds(12))) == (.zero, ten))
        #expect(Job.ClipWindow(duration: .full, start: .middle).trim(clipLength: ten) == (.zero, ten))
    }

    @Test func pinOverridesWinOverTheWindow() {
        let window = Job.ClipWindow(duration: .fixed(.seconds(3)))
        #expect(
            window.trim(clipLength: ten, startOverride: .offset(ms(500)), durationOverride: .fixed(.seconds(5)))
                == (ms(500), .seconds(5)))
        #expect(window.trim(clipLength: ten, durationOverride: .full) == (.zero, ten))
        #expect(window.trim(clipLength: ten, startOverride: .middle) == (ms(3500), .seconds(3)))
    }

    @Test func pinnedDayUsesItsOverrides() {
        let index = [Fixtures.movie("a.mov", local: "2024-12-18T10:00:00-0800", duration: 10)]
        let pin = Job.Pin(file: "a.mov", start: .offset(ms(500)), duration: .fixed(.seconds(2)))
        let plan = Planner.plan(
            index: index, rules: rules("2024-12-18", "2024-12-18", settings: ["2024-12-18": Job.DaySettings(pin: pin)]))
        #expect(plan.on("2024-12-18").clip?.start == ms(500))
        #expect(plan.on("2024-12-18").clip?.duration == .seconds(2))
        #expect(plan.on("2024-12-18").clip?.clipLength == ten)
    }
}
