/// The plan as `dvpipe plan` prints it: one row per day (date, weekday, chosen file, kind, why, clip window,
/// which rule gave the day; a run of days without media on one line), then the analysed days' moments (score and measures), the warnings, every
/// file that cannot be used (with its day, or `day unknown`) and the totals. Plain text, no colour, no trailing spaces.
///
/// Columns take the width their content needs, except the file column, which gets what is left of `width`
/// and cuts long paths from the left (`…/Camera/IMG_0001.MOV`), so the table fits a 100-column terminal.
public enum PlanTable {
    /// The table for `plan`, lines at most `width` characters (file names are cut to fit; words of a warning
    /// longer than the line are not).
    public static func render(_ plan: Plan, width: Int = 100) -> String {
        let header = ["DATE", "DAY", "FILE", "KIND", "WHY", "CLIP", "DAY FROM"]
        let planRows = PlanRow.rows(of: plan)
        let rows = planRows.compactMap { row -> [String]? in
            guard case .day(let day) = row else { return nil }
            return cells(for: day)
        }
        var widths = header.indices.map { column in
            (rows.map { $0[column] } + [header[column]]).map(\.terminalColumns).max() ?? 0
        }
        let others = widths.enumerated().filter { $0.offset != fileColumn }.map(\.element).reduce(0, +)
        widths[fileColumn] = min(widths[fileColumn], max(minimumFileWidth, width - others - gap.count * (header.count - 1)))
        var lines = [line(header, widths)]
        for row in planRows {
            switch row {
            case .day(let day): lines.append(line(cells(for: day), widths))
            case .withoutMedia(let run): lines.append(PlanRow.runText(run))
            }
        }
        let judged = plan.days.filter { $0.clip?.moment != nil }
        if !judged.isEmpty {
            lines += ["", "Moments (start: auto, order: best; each measure 0–1):"]
            for day in judged {
                guard let moment = day.clip?.moment else { continue }
                let parts = moment.parts
                let text =
                    "\(day.date) from \(moment.start.secondsText)s, score \(decimal(moment.score)): sharpness \(decimal(parts.sharpness)), "
                    + "exposure \(decimal(parts.exposure)), steadiness \(decimal(parts.steadiness)), motion \(decimal(parts.motion)), sound \(decimal(parts.sound)), "
                    + "faces \(decimal(parts.faces))"
                lines += wrap(text, width: width, first: "  - ", rest: "    ")
            }
        }
        let layered = plan.days.filter { !$0.layers.isEmpty }
        if !layered.isEmpty {
            lines += ["", "Layers (clips shown at once; rect in fractions of the frame: x, y, width × height):"]
            for day in layered {
                lines += wrap(
                    "\(day.date), sound: \(day.layerAudio?.rawValue ?? Job.LayerAudio.mix.rawValue)", width: width, first: "  - ", rest: "    ")
                for layer in day.layers {
                    let (rect, clip) = (layer.rect, layer.clip)
                    let text =
                        "\(clip.file) \(window(start: clip.start, taken: clip.sourceDuration, speed: clip.speed)) at "
                        + "\(decimal(rect.x)), \(decimal(rect.y)), \(decimal(rect.width)) × \(decimal(rect.height)), z \(layer.z), "
                        + "opacity \(decimal(layer.opacity)), \(layer.fit.rawValue)" + (clip.look.map { ", look \(lookName($0))" } ?? "")
                    lines += wrap(text, width: width, first: "      ", rest: "        ")
                }
            }
        }
        let graded = plan.days.filter { $0.clip?.look != nil }
        if !graded.isEmpty {
            lines += ["", "Looks (by camera, from looks:):"]
            for day in graded {
                guard let look = day.clip?.look else { continue }
                lines += wrap(
                    "\(day.date): \(lookName(look))\(look.strength == 1 ? "" : " at \(decimal(look.strength))")", width: width, first: "  - ",
                    rest: "    ")
            }
        }
        if let music = plan.music {
            let tracks = music.tracks.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
            lines += ["", "Music (sync: \(music.sync.rawValue), \(decimal(music.tempo)) BPM, from \(decimal(music.start))s of \(tracks)):"]
            for day in plan.days {
                guard let beats = day.beats, let cut = day.cut else { continue }
                lines += wrap("\(day.date): \(beats) beats, cut at \(cut.secondsText)s", width: width, first: "  - ", rest: "    ")
            }
        }
        let short = plan.shortPieceSentences
        if !short.isEmpty {
            lines += ["", "Short pieces (a transition takes at most half of a piece, down to a cut; a piece is at least 1 frame):"]
            for sentence in short {
                lines += wrap(sentence, width: width, first: "  - ", rest: "    ")
            }
        }
        let warnings = plan.warnings.filter { $0.code != .unreadableFile }
        if !warnings.isEmpty {
            lines += ["", "Warnings:"]
            for warning in warnings {
                lines += wrap("\(warning)", width: width, first: "  - ", rest: "    ")
            }
        }
        if !plan.unreadable.isEmpty {
            lines += ["", "Unreadable files (never chosen):"]
            for file in plan.unreadable {
                lines += wrap("\(file.file) (\(file.dayText)): \(file.reason)", width: width, first: "  - ", rest: "    ")
            }
        }
        lines += [""] + totals(plan.totals, width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    private static let fileColumn = 2
    private static let minimumFileWidth = 12
    private static let gap = "  "
    private static let none = "—"

    /// `value` with two decimals.
    /// A look's cube file name, without its folder.
    private static func lookName(_ look: Job.Output.Look) -> String {
        look.lut.split(separator: "/").last.map(String.init) ?? look.lut
    }

    private static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// A clip's window as the table shows it: where it starts and ends in the file, and its speed when not
    /// real time (`0–6s ×2`).
    private static func window(start: TimeSpan, taken: TimeSpan, speed: PlaybackSpeed?) -> String {
        "\(start.secondsText)–\((start + taken).secondsText)s" + (speed.map { " ×\($0)" } ?? "")
    }

    /// The row of `day`, as the table and the Markdown summary show it.
    static func cells(for day: PlannedDay) -> [String] {
        let clip: String =
            if let start = day.clip?.start, let taken = day.clip?.sourceDuration {
                window(start: start, taken: taken, speed: day.clip?.speed)
            } else { "" }
        return [
            day.date.description, day.weekday, day.clip?.file ?? none, kind(of: day),
            day.clip?.moment.map { "\(day.reason), score \(decimal($0.score))" } ?? day.reason, clip,
            day.clip?.dayRule.label ?? ""
        ]
    }

    /// `video`, `live photo`, `motion photo`; `video HDR HLG` or `video HDR PQ` when the clip is high dynamic range.
    private static func kind(of day: PlannedDay) -> String {
        guard let label = day.clip?.motionPhoto != nil ? "motion photo" : day.clip?.kind.label else { return "" }
        return day.clip?.colour?.hdr.map { "\(label) HDR \($0)" } ?? label
    }

    private static func line(_ cells: [String], _ widths: [Int]) -> String {
        let padded = zip(cells, widths).enumerated().map { column, pair in
            let text = column == fileColumn ? cutFromLeft(pair.0, to: pair.1) : pair.0
            return text + String(repeating: " ", count: max(0, pair.1 - text.terminalColumns))
        }
        return String(padded.joined(separator: gap).reversed().drop { $0 == " " }.reversed())
    }

    /// `text` itself when it fits in `width` columns, else `…` and as many of its last characters as fit in
    /// `width - 1`.
    static func cutFromLeft(_ text: String, to width: Int) -> String {
        guard text.terminalColumns > width else { return text }
        var kept = text[...]
        while !kept.isEmpty, kept.terminalColumns > width - 1 { kept = kept.dropFirst() }
        return "…" + kept
    }

    private static func totals(_ totals: PlanTotals, width: Int) -> [String] {
        wrap(sentence(totals), width: width, first: "Totals: ", rest: "        ")
    }

    /// The totals in words: days with media, without, skipped, pinned; clips, photos shown (when any), stills
    /// not used, unreadable files; length.
    static func sentence(_ totals: PlanTotals) -> String {
        let days =
            "\(totals.daysWithMedia) of \(totals.days) days with media, \(totals.daysWithoutMedia) without, "
            + "\(totals.daysSkipped) skipped, \(totals.daysPinned) pinned;"
        let files =
            "\(totals.clipsInTimeframe) clips in the timeframe, "
            + (totals.photosUsed > 0 ? "\(totals.photosUsed) photos shown, " : "") + "\(totals.stillsNotUsed) stills not used, "
            + "\(totals.unreadableFiles) unreadable;"
        return [days, files, "reel length \(length(totals.reelDuration))."].joined(separator: " ")
    }

    /// `1m23.5s`, `8s`.
    static func length(_ span: TimeSpan) -> String {
        let minutes = span.milliseconds / 60_000
        let seconds = TimeSpan(milliseconds: span.milliseconds % 60_000).secondsText + "s"
        return minutes == 0 ? seconds : "\(minutes)m\(seconds)"
    }

    /// Words of `text` in lines of at most `width` characters, the first after `first`, the others after `rest`.
    private static func wrap(_ text: String, width: Int, first: String, rest: String) -> [String] {
        var lines: [String] = []
        var current = first
        for word in text.split(separator: " ") {
            let prefix = lines.isEmpty ? first : rest
            if current.count > prefix.count && current.count + 1 + word.count > width {
                lines.append(current)
                current = rest + word
            } else {
                current += (current.count > prefix.count ? " " : "") + word
            }
        }
        return lines + [current]
    }
}
