import DVMedia
import DVPlanning
import Foundation

/// A plan drawn as the main screen of a daily-video calendar: one month grid per month of the timeframe, a
/// thumbnail of each chosen clip, pinned days badged, skipped days crossed out, days without media blank.
package enum CalendarSheet {
    /// Draws `plan` over `days` under `title`, `columns` month grids side by side.
    ///
    /// Each chosen clip is decoded once, at the middle of its window, opened through `files`. A clip that cannot be decoded is reported
    /// to `observer` as a warning naming the file, and its day is drawn blank.
    ///
    /// - Throws: `MediaError` when the fonts cannot be loaded or the picture cannot be drawn.
    package static func draw(
        plan: Plan, days: DayRange, title: String, columns: Int, toneMap: Bool = true, files: LibraryFiles = LibraryFiles(),
        observer: some RenderObserver
    ) throws -> RGBPicture {
        let layout = CalendarLayout(days: days, columns: columns)
        let thumbnailer = try ClipThumbnailer(
            width: CalendarLayout.thumbnailWidth, height: CalendarLayout.thumbnailHeight,
            threads: ProcessInfo.processInfo.activeProcessorCount, toneMap: toneMap
        )
        let withClips = plan.days.filter { $0.status.hasClip && $0.clip?.path != nil }.count
        observer.handle(.stageStarted(.thumbnail, total: withClips))
        var cells: [CalendarCell] = []
        var done = 0
        for day in plan.days {
            var cell = CalendarCell(date: day.date, badge: badge(for: day), crossed: day.status == .skipped)
            if day.status.hasClip, let path = day.clip?.path {
                let name = day.clip?.file ?? path
                do {
                    cell.thumbnail =
                        day.clip?.photo != nil
                        ? try thumbnailer.thumbnail(ofPhoto: files.location(path, byteRange: nil))
                        : try thumbnailer.thumbnail(of: files.location(path, byteRange: day.clip?.motionPhoto?.byteRange), at: middle(of: day))
                } catch {
                    observer.handle(
                        .warning(
                            RenderWarning(
                                .thumbnailMissing,
                                "\(name): no thumbnail for \(day.date), drawn blank: \(RenderError.reason(of: error, besides: path))")))
                }
                done += 1
                observer.handle(.unitFinished(.thumbnail, done: done, total: withClips, reused: false, name: name))
            }
            cells.append(cell)
        }
        observer.handle(.stageFinished(.thumbnail))
        return try CalendarRenderer(layout: layout).render(cells, title: title)
    }

    /// `pinned` for a day pinned to its own clip, `from Dec 6` for a clip filmed on another day (with the
    /// year when that differs), nil for a day that is not pinned.
    static func badge(for day: PlannedDay) -> String? {
        guard day.status == .pinned else { return nil }
        guard let source = day.clip?.sourceDate, source != day.date else { return "pinned" }
        let month = MonthGrid.monthNames[source.month - 1].prefix(3)
        return source.year == day.date.year ? "from \(month) \(source.day)" : "from \(month) \(source.day) \(source.year)"
    }

    /// Seconds into the file of the middle of the day's clip window.
    static func middle(of day: PlannedDay) -> Double {
        let start = day.clip?.start.milliseconds ?? 0
        let duration = day.clip?.sourceDuration.milliseconds ?? 0
        return Double(start + duration / 2) / 1000
    }
}
