import DVRender
import DVRuntime
import Foundation
import Synchronization

/// How progress is shown: a live line on a terminal, a plain line every few seconds otherwise, or JSON events.
enum ProgressMode: String, CaseIterable, Sendable {
    case auto
    case plain
    case json
    case none
}

/// Turns render events into progress output on standard error. In plain mode (`plain`, or `auto` when
/// standard error is not a terminal) a timer also prints the current line every `plainInterval` seconds,
/// so long work with no event in between (a long segment, the sound track) still shows progress.
final class ProgressPrinter: RenderObserver {
    private struct State {
        var stage: RenderStage?
        var stageStart = Date.distantPast
        var done = 0
        var total = 0
        var reused = 0
        var lastPlainLine = Date.distantPast
        var liveLineShown = false
    }

    private let live: Bool
    private let mode: ProgressMode
    private let plainInterval: TimeInterval
    private let clock: @Sendable () -> Date
    private let write: @Sendable (String) -> Void
    private let runStart: Date
    private let state = Mutex(State())
    /// Where the plain line's ticks run.
    private let lane = Lane("dvpipe progress", width: 1)
    /// The ticks, once a second, while the printer lives.
    private let ticker: Mutex<Repetition?> = Mutex(nil)

    /// A printer for `mode`. `clock` and `write` stand for the time and standard error; `ticks` starts the
    /// timer behind the plain line, which checks once a second whether the line is due (tests that drive
    /// `tick()` themselves turn it off).
    init(
        mode: ProgressMode, plainInterval: TimeInterval = 5, clock: @escaping @Sendable () -> Date = { Date() },
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(GitHubAnnotation.neutralized($0).utf8)) },
        ticks: Bool = true
    ) {
        self.mode = mode
        self.plainInterval = plainInterval
        self.clock = clock
        self.write = write
        runStart = clock()
        live = mode == .auto && isatty(STDERR_FILENO) == 1
        let plain = !live && (mode == .auto || mode == .plain)
        if ticks && plain {
            ticker.withLock { $0 = lane.every(1) { [weak self] in self?.tick() } }
        }
    }

    deinit {
        ticker.withLock { $0 }?.stop()
    }

    /// Prints the plain line again if a stage is under way and none was printed for `plainInterval` seconds.
    func tick() {
        guard mode == .auto || mode == .plain else { return }
        state.withLock { state in
            emit(&state, force: false)
        }
    }

    func handle(_ event: RenderEvent) {
        switch mode {
        case .none:
            // No progress, but a warning is not progress: a skipped clip or a damaged piece is always said.
            if case let .warning(warning) = event { write("warning: \(warning.message)\n") }
        case .json: writeJSON(event)
        case .auto, .plain: writeText(event)
        }
    }

    /// Clears the live line so that the next output starts on a clean line.
    func finishLine() {
        state.withLock { clearLive(&$0) }
    }

    /// One live line, for one stage: a stage that runs beside the one shown (the sound track while the
    /// picture renders) is not drawn over it; its warnings are.
    private func writeText(_ event: RenderEvent) {
        state.withLock { state in
            switch event {
            case let .stageStarted(stage, _) where state.stage.map({ $0 != stage }) ?? false,
                let .unitFinished(stage, _, _, _, _) where state.stage.map({ $0 != stage }) ?? false,
                let .stageFinished(stage) where state.stage != stage:
                return
            case let .stageStarted(stage, total):
                state.stage = stage
                state.stageStart = clock()
                state.done = 0
                state.total = total
                state.reused = 0
                emit(&state, force: true)
            case let .unitFinished(stage, done, total, reused, _):
                if state.stage == nil {
                    // A stage that ran beside the one shown, shown once that one has finished.
                    state.stage = stage
                    state.stageStart = clock()
                    state.reused = 0
                }
                state.done = done
                state.total = total
                if reused { state.reused += 1 }
                emit(&state, force: done == total)
            case let .warning(warning):
                clearLive(&state)
                write("warning: \(warning.message)\n")
                emit(&state, force: true)
            case .stageFinished:
                clearLive(&state)
                state.stage = nil
            }
        }
    }

    private func clearLive(_ state: inout State) {
        if state.liveLineShown {
            write("\r\u{1B}[K")
            state.liveLineShown = false
        }
    }

    private func emit(_ state: inout State, force: Bool) {
        guard let stage = state.stage else { return }
        let now = clock()
        if !live && !force && now.timeIntervalSince(state.lastPlainLine) < plainInterval { return }
        let line = Self.progressLine(
            stage: stage, done: state.done, total: state.total, reused: state.reused,
            elapsed: now.timeIntervalSince(runStart), stageElapsed: now.timeIntervalSince(state.stageStart)
        )
        if live {
            write("\r\u{1B}[K\(line)")
            state.liveLineShown = true
        } else {
            write("\(line)\n")
            state.lastPlainLine = now
        }
    }

    /// `encode  12/61  19%  elapsed 0:14  left ~1:00  (3 reused)`.
    static func progressLine(stage: RenderStage, done: Int, total: Int, reused: Int, elapsed: TimeInterval, stageElapsed: TimeInterval) -> String {
        let percent = total > 0 ? done * 100 / total : 100
        var line = "\(stage.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(done)/\(total)  \(percent)%  elapsed \(clock(elapsed))"
        let rendered = done - reused
        if done > 0, done < total, rendered > 0 {
            let perUnit = stageElapsed / Double(rendered)
            line += "  left ~\(clock(perUnit * Double(total - done)))"
        }
        if reused > 0 { line += "  (\(reused) reused)" }
        return line
    }

    static func clock(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 3600
            ? String(format: "%d:%02d:%02d", whole / 3600, whole / 60 % 60, whole % 60)
            : String(format: "%d:%02d", whole / 60, whole % 60)
    }

    private func writeJSON(_ event: RenderEvent) {
        var object: [String: Any] = ["elapsed": (clock().timeIntervalSince(runStart) * 1000).rounded() / 1000]
        switch event {
        case let .stageStarted(stage, total):
            object["event"] = "stage_started"
            object["stage"] = stage.rawValue
            object["total"] = total
        case let .unitFinished(stage, done, total, reused, name):
            object["event"] = "unit_finished"
            object["stage"] = stage.rawValue
            object["done"] = done
            object["total"] = total
            object["reused"] = reused
            object["name"] = name
        case let .warning(warning):
            object["event"] = "warning"
            object["code"] = warning.code.rawValue
            object["message"] = warning.message
        case let .stageFinished(stage):
            object["event"] = "stage_finished"
            object["stage"] = stage.rawValue
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        state.withLock { _ in
            write(String(decoding: data, as: UTF8.self) + "\n")
        }
    }
}
