import DVFiles
import DVMedia
import DVPlanning
import Foundation

/// Writes a `ReviewPage` as a folder: `index.html`, `review.css`, `review.js` and a poster per clip under
/// `media/`. The folder is made beside the target under a temporary name and swapped in by renames, so the
/// target is never half written; posters the target already holds are linked across instead of decoded.
package struct ReviewPageWriter {
    /// The posters' size: 16:9, the clip fitted whole, upright.
    static let posterWidth = 320, posterHeight = 180

    /// The library's files by path, for the posters' names (size and modification time).
    let entries: [String: MediaEntry]
    /// How the clips' files open.
    let files: LibraryFiles
    let toneMap: Bool

    package init(planned: PlannedJob) {
        entries = Dictionary(planned.scan.entries.map { ($0.path, $0) }) { first, _ in first }
        files = planned.files
        toneMap = planned.job.output.toneMap == .auto
    }

    /// Writes `page` into the folder `target` (created or replaced whole), making a poster for each clip
    /// (or marking it unreadable) and reporting each to `observer` as a `thumbnail` unit. Returns the page
    /// with its media filled in.
    ///
    /// - Throws: `FileError`/`CocoaError` when the folder cannot be written or swapped in.
    @discardableResult
    package func write(_ page: ReviewPage, to target: URL, observer: some RenderObserver) throws -> ReviewPage {
        let manager = FileManager.default
        let parent = target.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let temporary = FileSync.temporary(for: target, suffix: "review")
        try manager.createDirectory(at: temporary.appendingPathComponent("media"), withIntermediateDirectories: true)
        do {
            let filled = try writePosters(of: page, into: temporary, reusing: target.appendingPathComponent("media"), observer: observer)
            try FileSync.writeAtomically(Data(filled.html().utf8), to: temporary.appendingPathComponent("index.html"))
            try FileSync.writeAtomically(Data(ReviewAssets.css.utf8), to: temporary.appendingPathComponent("review.css"))
            try FileSync.writeAtomically(Data(ReviewAssets.javascript.utf8), to: temporary.appendingPathComponent("review.js"))
            try swap(temporary, into: target)
            return filled
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }

    /// Moves `folder` to `target`: an old `target` is first renamed aside, then removed.
    private func swap(_ folder: URL, into target: URL) throws {
        let manager = FileManager.default
        var old: URL?
        if manager.fileExists(atPath: target.path) {
            let aside = FileSync.temporary(for: target, suffix: "old")
            try manager.moveItem(at: target, to: aside)
            old = aside
        }
        try manager.moveItem(at: folder, to: target)
        FileSync.syncFolder(of: target)
        if let old { try? manager.removeItem(at: old) }
    }

    /// The page with every clip's poster written into `folder/media/` (linked from `previous` when it is
    /// there already), each clip that does not decode marked unreadable with the reason.
    private func writePosters(of page: ReviewPage, into folder: URL, reusing previous: URL, observer: some RenderObserver) throws -> ReviewPage {
        let manager = FileManager.default
        let thumbnailer = try ClipThumbnailer(
            width: Self.posterWidth, height: Self.posterHeight, threads: ProcessInfo.processInfo.activeProcessorCount, toneMap: toneMap)
        let total = Set(try page.days.flatMap { try $0.clips.map(posterName) }).count
        observer.handle(.stageStarted(.thumbnail, total: total))
        var made: [String: ReviewMedia] = [:]
        var filled = page
        for (index, day) in page.days.enumerated() {
            func poster(_ clip: ReviewClip) throws -> ReviewClip {
                let name = try posterName(clip)
                var clip = clip
                if let media = made[name] {
                    clip.media = media
                    return clip
                }
                let url = folder.appendingPathComponent("media").appendingPathComponent(name)
                let old = previous.appendingPathComponent(name)
                var reused = false
                do {
                    if (try? manager.linkItem(at: old, to: url)) != nil {
                        reused = true
                    } else {
                        let frame =
                            clip.isPhoto
                            ? try thumbnailer.thumbnail(ofPhoto: files.location(clip.path, byteRange: nil))
                            : try thumbnailer.thumbnail(of: files.location(clip.path, byteRange: clip.byteRange), at: clip.posterTime)
                        // An encoder takes one picture (it may be flushed after it), so each poster has its own.
                        let encoder = try JPEGEncoder(width: Self.posterWidth, height: Self.posterHeight)
                        try FileSync.writeAtomically(try encoder.encode(limitedRange: frame), to: url)
                    }
                    clip.media.poster = "media/" + name
                } catch {
                    let reason = RenderError.reason(of: error, besides: clip.path)
                    clip.media.unreadable = reason
                    observer.handle(.warning(RenderWarning(.thumbnailMissing, "\(clip.file): no poster for the review page: \(reason)")))
                }
                made[name] = clip.media
                observer.handle(.unitFinished(.thumbnail, done: made.count, total: total, reused: reused, name: clip.file))
                return clip
            }
            filled.days[index].chosen = try day.chosen.map(poster)
            filled.days[index].others = try day.others.map(poster)
            filled.days[index].nearby = try day.nearby.map(poster)
        }
        observer.handle(.stageFinished(.thumbnail))
        return filled
    }

    /// The poster's file name: a key over what decides its pixels. The file enters by its relative path,
    /// size and modification time, not by content: a poster is only ever reused from the page's own previous
    /// folder on this machine, never shared, so the cost of a content digest buys nothing here.
    private func posterName(_ clip: ReviewClip) throws -> String {
        let entry = entries[clip.path]
        let material = PosterMaterial(
            file: clip.file, size: entry?.size, modificationTime: entry?.modificationTime, photo: clip.isPhoto,
            seconds: clip.isPhoto ? 0 : clip.posterTime, byteRange: clip.byteRange.map { [$0.lowerBound, $0.upperBound] },
            width: Self.posterWidth, height: Self.posterHeight, toneMap: toneMap)
        return try WorkKey.make("review-poster", material) + ".jpg"
    }

    /// What decides a poster's pixels.
    private struct PosterMaterial: Encodable {
        var file: String
        var size: Int64?
        var modificationTime: Double?
        var photo: Bool
        var seconds: Double
        var byteRange: [Int]?
        var width: Int
        var height: Int
        var toneMap: Bool
    }
}
