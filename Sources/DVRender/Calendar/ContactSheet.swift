import DVFiles
import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// One day's contact sheet for `dvpipe plan --contact-sheet`: every clip of the day that was judged
/// (`start: auto`, `order: best`), best first, each as a row of thumbnails (one per half second, at most
/// 16, evenly spread) over a strip that shows each half second's score in grey (white is 1), the row's
/// chosen window outlined in the accent colour, and a label with the file, its best window and score;
/// the day's pick is labelled `pick`.
package struct ContactSheet {
    /// One judged clip of the day.
    package struct Candidate {
        package var path: String
        package var file: String
        package var byteRange: Range<Int>?
        package var scores: MomentScores
        package var window: MomentScores.Window
        package var length: TimeSpan
    }

    package let date: CalendarDay
    /// Best first.
    package let candidates: [Candidate]
    /// The path of the clip the plan took for the day.
    package let pick: String?
    /// The job's `selection.score`, for each half second's shade.
    package let weights: Job.MomentWeights
    /// How the clips' files open.
    let files: LibraryFiles

    static let thumbnailWidth = 160, thumbnailHeight = 90, gap = 4, margin = 12
    static let labelHeight = 22, stripHeight = 10, rowGap = 14, maximumThumbnails = 16

    /// The sheets of every judged day of `planned`, days in order.
    package static func sheets(for planned: PlannedJob) -> [ContactSheet] {
        let zone = TimeZone(identifier: planned.plan.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let entries = Dictionary(planned.scan.entries.map { ($0.path, $0) }) { first, _ in first }
        let weights = planned.job.selection.score
        var byDay: [CalendarDay: [String]] = [:]
        for path in planned.moments.keys {
            guard let entry = entries[path] else { continue }
            byDay[CaptureDay(of: entry, in: zone, order: planned.job.library.dayRules).localTime.date, default: []].append(path)
        }
        return planned.plan.days.compactMap { day -> ContactSheet? in
            guard let moment = day.clip?.moment, let length = day.clip?.sourceDuration else { return nil }
            let paths = Set((byDay[day.date] ?? []) + [day.clip?.path].compactMap { $0 })
            let candidates = paths.sorted().compactMap { path -> Candidate? in
                guard let scores = planned.moments[path], let entry = entries[path], case .media(let info) = entry.probe,
                    let seconds = info.duration
                else { return nil }
                let clipLength = TimeSpan(seconds: seconds)
                let window = path == day.clip?.path ? moment : scores.bestWindow(length: length, clipLength: clipLength, weights: weights)
                return window.map {
                    Candidate(
                        path: path, file: entry.relativePath, byteRange: info.embeddedMovie?.byteRange, scores: scores, window: $0, length: length)
                }
            }
            let ranked = candidates.sorted { ($0.window.score, $1.file) > ($1.window.score, $0.file) }
            return ContactSheet(date: day.date, candidates: ranked, pick: day.clip?.path, weights: weights, files: planned.files)
        }
    }

    /// Draws the sheet and writes it as a PNG to `url` (through a temporary file, renamed into place).
    ///
    /// - Throws: `MediaError` when a font cannot render or a clip cannot be decoded.
    package func write(to url: URL) throws {
        let columns = min(Self.maximumThumbnails, candidates.map(\.scores.steps.count).max() ?? 1)
        let width = (2 * Self.margin + columns * (Self.thumbnailWidth + Self.gap) + 1) & ~1
        let rowHeight = Self.labelHeight + Self.thumbnailHeight + Self.stripHeight + Self.rowGap
        let height = (2 * Self.margin + Self.labelHeight + candidates.count * rowHeight + 1) & ~1
        let sheet = try VideoFrame(width: width, height: height)
        let palette = CalendarPalette.standard
        sheet.fill(palette.background.bt709Limited)
        let fonts = FontSet()
        try write(
            "\(date): \(candidates.count) judged clip\(candidates.count == 1 ? "" : "s"), best first", size: 16, fonts: fonts, x: Self.margin,
            y: Self.margin, color: palette.text, into: sheet)
        let thumbnailer = try ClipThumbnailer(width: Self.thumbnailWidth, height: Self.thumbnailHeight)
        for (row, candidate) in candidates.enumerated() {
            let top = Self.margin + Self.labelHeight + row * rowHeight
            let picked = candidate.path == pick
            let label = "\(candidate.file): from \(candidate.window.start.secondsText) s, score \(candidate.window.score)\(picked ? "  (pick)" : "")"
            try write(label, size: 13, fonts: fonts, x: Self.margin, y: top, color: picked ? palette.badge : palette.text, into: sheet)
            let steps = candidate.scores.steps
            let shown = Self.spread(steps.count, over: columns)
            let step = Double(MomentScores.step.milliseconds) / 1000
            let chosen = candidate.window.start.milliseconds..<(candidate.window.start + candidate.length).milliseconds
            for (column, index) in shown.enumerated() {
                let x = Self.margin + column * (Self.thumbnailWidth + Self.gap)
                let seconds = min(Double(index) * step + step / 2, Double(steps.count) * step - 0.05)
                let thumbnail = try thumbnailer.thumbnail(of: files.location(candidate.path, byteRange: candidate.byteRange), at: seconds)
                try sheet.place(
                    thumbnail, centredIn: PixelRect(x: x, y: top + Self.labelHeight, width: Self.thumbnailWidth, height: Self.thumbnailHeight))
                let level = UInt8(clamping: Int((weights.score(steps[index]) * 255).rounded()))
                let stripTop = top + Self.labelHeight + Self.thumbnailHeight
                sheet.fill(
                    SRGBColour(red: level, green: level, blue: level).bt709Limited, x: x, y: stripTop, width: Self.thumbnailWidth,
                    height: Self.stripHeight)
                if chosen.contains(Int64(index) * MomentScores.step.milliseconds) {
                    sheet.fill(palette.badge.bt709Limited, x: x, y: stripTop + Self.stripHeight - 4, width: Self.thumbnailWidth, height: 4)
                }
            }
        }
        try FileSync.writeAtomically(try PNGEncoder(width: width, height: height).encode(try RGBPicture(canvas: sheet)), to: url)
    }

    /// `shown` step indices out of `count`, evenly spread, first and last included.
    static func spread(_ count: Int, over shown: Int) -> [Int] {
        guard count > shown, shown > 1 else { return Array(0..<count) }
        return (0..<shown).map { $0 * (count - 1) / (shown - 1) }
    }

    /// Draws `text` on one line at `size` pixels, in the bold font, its ascender's line at `y`.
    private func write(_ text: String, size: Int, fonts: FontSet, x: Int, y: Int, color: SRGBColour, into sheet: VideoFrame) throws {
        let image = try TextLayout(
            text, fontPath: TextStyle.boldFontPath, settings: TextLayout.Settings(pixelSize: size, alignment: .left), fonts: fonts
        ).image()
        sheet.draw(image, x: x, y: y + size - image.mask.baseline + 2, shown: color)
    }
}
