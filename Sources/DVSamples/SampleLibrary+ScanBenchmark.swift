import DVFiles
import DVMedia
import DVPlanning
import Foundation

/// A large generated library for timing the scanner and the planner (`bench/scan-bench.sh`).
extension SampleLibrary {
    /// Distinct tiny clips the benchmark library is copied from.
    static let scanBenchmarkVariants = 4
    /// Where each variant says it was shot (Android's ISO 6709 form), so that a plan names 20,000 places.
    static let scanBenchmarkPlaces = ["+35.0116+135.7681/", "+51.5074-0.1278/", "-33.8688+151.2093/", "+40.7128-74.0060/"]

    /// Writes `count` tiny clips, tagged only with where they were shot, into `directory/library/DCIM/Camera`, named
    /// `VID_YYYYMMDD_HHMMSS.mp4` at evenly spread times over `year` (so every file gets its day from its name),
    /// with a Google Takeout sidecar (`NAME.supplemental-metadata.json`, the same time) beside every other
    /// one, and a job over that year into `directory/bench.yaml`.
    ///
    /// A few clips are generated with the project's own encoders and then copied (not linked: the scanner
    /// lists a file reached twice through links only once), so each name is a distinct file that the scanner
    /// has to stat and probe. Returns the job file.
    package static func writeScanBenchmark(to directory: URL, files count: Int, year: Int = 2023) throws -> URL {
        let camera = directory.appendingPathComponent("library/DCIM/Camera")
        let staging = directory.appendingPathComponent(".scan-benchmark-clips")
        do {
            try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw MediaError.io(path: camera.path, reason: "could not create the folder: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        let writer = try SampleWriter()
        let variants = try (0..<scanBenchmarkVariants).map { variant in
            try writer.write(
                SampleClip(
                    fileName: "variant-\(variant).mp4", duration: 0.5 + 0.25 * Double(variant), width: 64, height: 36,
                    fps: 30, audio: .none, tags: SampleTags(position: scanBenchmarkPlaces[variant]), text: String(variant),
                    background: color(day: variant + 1)
                ),
                in: staging
            )
        }
        let first = CalendarDay(year: year, month: 1, day: 1)!
        let yearSeconds = first.days(to: CalendarDay(year: year, month: 12, day: 31)!) * 86_400 + 86_400
        let epochOfYear = CalendarDay(year: 1970, month: 1, day: 1)!.days(to: first) * 86_400
        for index in 0..<count {
            let second = index * yearSeconds / max(1, count)
            let date = first.adding(days: second / 86_400)
            let time = second % 86_400
            let name = String(
                format: "VID_%04d%02d%02d_%02d%02d%02d.mp4", date.year, date.month, date.day, time / 3600, time / 60 % 60, time % 60
            )
            let target = camera.appendingPathComponent(name)
            do {
                try FileManager.default.copyItem(at: variants[index % variants.count], to: target)
                if index % 2 == 0 {
                    let epoch = epochOfYear + second
                    try Data("{\"photoTakenTime\": {\"timestamp\": \"\(epoch)\"}}\n".utf8)
                        .write(to: camera.appendingPathComponent(name + ".supplemental-metadata.json"))
                }
            } catch {
                throw MediaError.io(path: target.path, reason: "could not copy the clip: \(error)")
            }
        }
        let job = directory.appendingPathComponent("bench.yaml")
        try FileSync.writeAtomically(
            Data(
                """
                # Scan benchmark: \(count) generated clips over \(year), days from the file names.
                version: 1
                name: Scan benchmark (\(count) files)
                library: { paths: [library], timezone: UTC }
                timeframe: { year: \(year) }
                output: { path: out/bench.mp4 }

                """.utf8), to: job)
        return job
    }
}
