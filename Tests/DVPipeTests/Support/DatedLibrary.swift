import DVMedia
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation

/// A small library of tagged clips, one a day from 2024-11-16 to 2024-12-09 (15 days of November, 9 of
/// December), at 160×90 and 10 fps: small enough that a test renders its 24 segments in seconds, and
/// dated by their tags only, so copies with new modification times plan the same.
///
/// Each test makes projects from it: a folder with its own copy of the library (`media/`), a job file,
/// its work folder (`.dvpipe/job/`) and its output (`out/reel.mp4`).
enum DatedLibrary {
    static let clipCount = 24
    static let firstDay = DateComponents(year: 2024, month: 11, day: 16)

    /// The clips of the first `days` days (from 2024-11-16) written into `folder`/media.
    static func writeClips(days: Int, in folder: TemporaryFolder) throws {
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for index in 0..<days {
            try writer.write(clip(index), in: media)
        }
    }

    /// The clip of day `index` (0-based from 2024-11-16); `text` changes its pixels.
    static func clip(_ index: Int, text: String? = nil) -> SampleClip {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .day, value: index, to: calendar.date(from: firstDay)!)!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let stamp = String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
        let local = String(format: "%04d-%02d-%02dT12:00:00+0000", parts.year!, parts.month!, parts.day!)
        return SampleClip(
            fileName: "VID_\(stamp)_120000.mp4", duration: 2, width: 160, height: 90, fps: 10,
            tags: .filmed(at: local), text: text ?? "\(parts.day!)"
        )
    }

    /// The library, written once per test process.
    static let library: Result<TemporaryFolder, any Error> = Result {
        let folder = try TemporaryFolder("dated")
        let writer = try SampleWriter()
        for index in 0..<clipCount {
            try writer.write(clip(index), in: folder.url)
        }
        return folder
    }

    /// The first four days' clips (2024-11-16 to 2024-11-19) in `folder`'s `media/`, unless already there:
    /// a library for a test that renders a few days with a job of its own.
    static func fourDays(in folder: TemporaryFolder) throws {
        let media = try folder.subfolder("media")
        guard !FileManager.default.fileExists(atPath: media.appendingPathComponent(clip(0).fileName).path) else { return }
        let writer = try SampleWriter()
        for index in 0..<4 {
            try writer.write(clip(index), in: media)
        }
    }

    /// The whole timeframe, or one month of it.
    static let allDays = "{ from: 2024-11-01, to: 2024-12-31 }"

    /// A job over `media/` beside it, with a date stamp (so a font is part of every segment) and crossfades.
    static func jobText(timeframe: String) -> String {
        """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: \(timeframe)
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }
        transition: { style: crossfade, duration: 0.5s }
        overlays:
          - date: { format: "MMM d", position: bottom-left, size: 0.2 }

        """
    }

    /// A project in `folder` with its own copy of the library, whose files get new modification times as a
    /// fresh checkout would give them; returns its job file.
    static func project(in folder: TemporaryFolder, timeframe: String = allDays) throws -> URL {
        let root = folder.url
        try copyWithNewTimes(try library.get().url, to: root.appendingPathComponent("media"))
        let job = root.appendingPathComponent("job.yaml")
        try jobText(timeframe: timeframe).write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// Copies `source` (a folder, recursively) to `target`, every file with a new modification time (a
    /// fixed 12,345 s later than now), as a checkout, an artifact download or a cache restore on another
    /// machine gives them.
    static func copyWithNewTimes(_ source: URL, to target: URL) throws {
        try FileManager.default.copyItem(at: source, to: target)
        let later = Date().addingTimeInterval(12_345)
        let files = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files {
            try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: file.path)
        }
    }

    /// A project's output file.
    static func output(of job: URL) -> URL {
        job.deletingLastPathComponent().appendingPathComponent("out/reel.mp4")
    }

    /// The reel of one plain `dvpipe run` of the whole timeframe, rendered once per test process: what
    /// every other way of making it must give, byte for byte.
    static let reel: Result<Data, any Error> = Result {
        let folder = try TemporaryFolder("dated-reel")
        let job = try project(in: folder)
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        guard result.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "dvpipe run failed: \(result.standardError)"])
        }
        return try Data(contentsOf: output(of: job))
    }

    /// `rendered` and `reused` from a summary's `segments: N rendered, M reused (of T)` line.
    static func segmentCounts(_ summary: String) -> (rendered: Int, reused: Int, total: Int)? {
        guard let start = summary.range(of: "segments: ") else { return nil }
        let line = summary[start.upperBound...].prefix { $0 != "\n" && $0 != ";" }
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return numbers.count >= 3 ? (numbers[0], numbers[1], numbers[2]) : nil
    }
}
