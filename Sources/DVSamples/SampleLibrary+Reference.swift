import DVFiles
import DVPlanning
import Foundation

/// The benchmark's reference library: one clip a day from 2023-01-01, the formats a phone
/// camera roll mixes cycling day by day, each with a tone; and `reference.yaml`, the job the benchmark
/// renders with dvpipe, the ffmpeg CLI and MoviePy alike.
extension SampleLibrary {
    /// A picture format of the reference library: coded size (no display rotation) and frame rate.
    package struct ReferenceFormat: Sendable, Hashable, CustomStringConvertible {
        package var width: Int
        package var height: Int
        package var fps: Int

        package init(width: Int, height: Int, fps: Int) {
            self.width = width
            self.height = height
            self.fps = fps
        }

        package var description: String { "\(width)×\(height)@\(fps)" }
    }

    /// The formats cycled day by day: day 1 is the first, day 7 the first again.
    package static let referenceFormats = [
        ReferenceFormat(width: 1920, height: 1080, fps: 30), ReferenceFormat(width: 1280, height: 720, fps: 30),
        ReferenceFormat(width: 1080, height: 1920, fps: 30), ReferenceFormat(width: 3840, height: 2160, fps: 30),
        ReferenceFormat(width: 1920, height: 1080, fps: 60), ReferenceFormat(width: 1440, height: 1080, fps: 24)
    ]

    /// The day of the first clip; the library covers `days` days from it.
    package static let referenceFirstDay = CalendarDay(year: 2023, month: 1, day: 1)!

    /// One clip per day for `days` days from `referenceFirstDay`, each `clipSeconds` long, named
    /// `VID_YYYYMMDD_120000.mp4` and tagged as filmed at noon UTC that day.
    package static func referenceCatalogue(days: Int, clipSeconds: Double = 4) -> [SampleItem] {
        (0..<max(0, days)).map { index in
            let day = referenceFirstDay.adding(days: index)
            let format = referenceFormats[index % referenceFormats.count]
            let stamp = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            let tone = SampleTone(frequency: 220 * Foundation.pow(2, Double(index % 24) / 12), level: -18)
            return SampleItem(
                .clip(
                    SampleClip(
                        fileName: "VID_\(stamp)_120000.mp4", duration: clipSeconds, width: format.width, height: format.height,
                        fps: format.fps, audio: .tone(tone), tags: .filmed(at: "\(day)T12:00:00+0000"),
                        text: String(day.day), label: "\(day) · \(format)", background: color(day: index + 1)
                    )))
        }
    }

    /// The reference job over `days` days: the first 3 s of each clip, contained in 1920×1080 at 30 fps,
    /// 0.5 s crossfades, x264 veryfast crf 20, AAC 160k, the clips' own sound without loudness matching
    /// (which neither the ffmpeg CLI filtergraph nor the MoviePy script does), no overlays.
    package static func referenceJob(days: Int) -> String {
        let last = referenceFirstDay.adding(days: max(1, days) - 1)
        return """
            # The dvpipe benchmark's reference job, written by `dvpipe demo --reference`.
            # bench/ renders the same reel with the ffmpeg CLI and MoviePy to compare.
            version: 1
            name: reference-\(days)d

            library:
              paths: [library]
              timezone: UTC

            timeframe: { from: \(referenceFirstDay), to: \(last) }

            selection: { prefer: [video], order: earliest }

            clips:
              video: { duration: 3s, start: 0s }

            output:
              path: out/reference-\(days)d.mp4
              resolution: 1920x1080
              fit: contain
              background: "#000000"
              fps: 30
              video: { codec: h264, crf: 20, preset: veryfast }
              audio: { codec: aac, bitrate: 160k }

            transition: { style: crossfade, duration: 0.5s }

            audio:
              clips: keep
              normalize: false

            """
    }

    /// Writes the reference library into `directory/library` and its job into `directory/reference.yaml`.
    /// `days` clips of `clipSeconds` each, generated with the sample writer's fast settings.
    package static func writeReference(
        to directory: URL, days: Int = 31, clipSeconds: Double = 4,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> Summary {
        let library = directory.appendingPathComponent("library")
        let items = referenceCatalogue(days: days, clipSeconds: clipSeconds)
        try write(items, into: library, concurrency: concurrency, progress: progress)
        let jobFile = directory.appendingPathComponent("reference.yaml")
        try FileSync.writeAtomically(Data(referenceJob(days: days).utf8), to: jobFile)
        return Summary(
            libraryFolder: library, jobFile: jobFile, files: items.map(\.fileName), daysWithMedia: Array(1...max(1, days))
        )
    }
}
