import DVRender
import Foundation
import Synchronization
import Testing

@testable import DVPipeCommands

/// The progress printer's lines and the throttle behind the plain line, driven by a clock the test moves.
@Suite struct ProgressPrinterTests {
    /// A clock that moves only when told, and the text the printer wrote.
    final class Harness: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_000_000))
        private let written = Mutex<[String]>([])

        func advance(_ seconds: TimeInterval) {
            now.withLock { $0 += seconds }
        }

        var time: Date { now.withLock { $0 } }

        var lines: [String] { written.withLock { $0 } }

        func record(_ text: String) {
            written.withLock { $0.append(text) }
        }

        func printer(_ mode: ProgressMode) -> ProgressPrinter {
            ProgressPrinter(mode: mode, plainInterval: 5, clock: { self.time }, write: { self.record($0) }, ticks: false)
        }
    }

    @Test func theProgressLineShowsStageCountsPercentTimesAndReuse() {
        let line = ProgressPrinter.progressLine(stage: .encode, done: 12, total: 61, reused: 3, elapsed: 14, stageElapsed: 9)
        #expect(line == "encode    12/61  19%  elapsed 0:14  left ~0:49  (3 reused)")
        let start = ProgressPrinter.progressLine(stage: .audio, done: 0, total: 24, reused: 0, elapsed: 3_725, stageElapsed: 0)
        #expect(start == "audio     0/24  0%  elapsed 1:02:05")
    }

    @Test func thePlainLineComesAtMostEveryIntervalAndAgainFromTheTimerWhileAStageRuns() {
        let harness = Harness()
        let printer = harness.printer(.plain)
        printer.handle(.stageStarted(.encode, total: 10))
        #expect(harness.lines == ["encode    0/10  0%  elapsed 0:00\n"], "a stage's start is always shown")

        harness.advance(1)
        printer.handle(.unitFinished(.encode, done: 1, total: 10, reused: false, name: "a"))
        harness.advance(3)
        printer.tick()
        #expect(harness.lines.count == 1, "nothing new within 5 s of the last line")

        harness.advance(2)
        printer.tick()
        #expect(harness.lines.count == 2)
        #expect(harness.lines.last?.hasPrefix("encode    1/10  10%  elapsed 0:06  left ~") == true, "\(harness.lines)")
        printer.tick()
        #expect(harness.lines.count == 2, "the timer's line restarts the interval")

        printer.handle(.stageFinished(.encode))
        harness.advance(60)
        printer.tick()
        #expect(harness.lines.count == 2, "no line between stages")
    }

    @Test("a stage that runs beside the one shown (the sound track during the picture) keeps off its line, then shows once that one ends")
    func aStageBesideTheShownOneKeepsOffItsLine() {
        let harness = Harness()
        let printer = harness.printer(.plain)
        printer.handle(.stageStarted(.encode, total: 4))
        printer.handle(.stageStarted(.audio, total: 3))
        printer.handle(.unitFinished(.audio, done: 1, total: 3, reused: false, name: "a"))
        printer.handle(.unitFinished(.encode, done: 4, total: 4, reused: false, name: "s"))
        #expect(harness.lines == ["encode    0/4  0%  elapsed 0:00\n", "encode    4/4  100%  elapsed 0:00\n"])
        printer.handle(.stageFinished(.audio))
        printer.handle(.stageFinished(.encode))
        printer.handle(.stageStarted(.audio, total: 3))
        printer.handle(.unitFinished(.audio, done: 3, total: 3, reused: false, name: "c"))
        #expect(harness.lines.suffix(2) == ["audio     0/3  0%  elapsed 0:00\n", "audio     3/3  100%  elapsed 0:00\n"])
        let beside = Harness()
        let shown = beside.printer(.plain)
        shown.handle(.stageStarted(.encode, total: 1))
        shown.handle(.stageStarted(.audio, total: 2))
        shown.handle(.stageFinished(.encode))
        shown.handle(.unitFinished(.audio, done: 2, total: 2, reused: false, name: "b"))
        #expect(beside.lines.last == "audio     2/2  100%  elapsed 0:00\n", "the stage beside is shown once the first one has ended")
    }

    @Test func jsonModeWritesEventsOnlyAndNoTimerLine() throws {
        let harness = Harness()
        let printer = harness.printer(.json)
        printer.handle(.stageStarted(.audio, total: 2))
        harness.advance(30)
        printer.tick()
        #expect(harness.lines.count == 1)
        let event = try #require(try JSONSerialization.jsonObject(with: Data(harness.lines[0].utf8)) as? [String: Any])
        #expect(event["event"] as? String == "stage_started")
        #expect(event["stage"] as? String == "audio")
    }

    @Test("a warning in JSON carries its stable code beside its message; in plain text, its message")
    func warningsCarryTheirCode() throws {
        let harness = Harness()
        let warning = RenderWarning(.clipFailed, "/lib/a.mp4: decoding the window failed (stream 0); its day is planned again without it")
        harness.printer(.json).handle(.warning(warning))
        let event = try #require(try JSONSerialization.jsonObject(with: Data(harness.lines[0].utf8)) as? [String: Any])
        #expect(event["event"] as? String == "warning" && event["code"] as? String == "clip_failed" && event["message"] as? String == warning.message)
        let plain = Harness()
        plain.printer(.plain).handle(.warning(warning))
        #expect(plain.lines == ["warning: \(warning.message)\n"])
    }
}
