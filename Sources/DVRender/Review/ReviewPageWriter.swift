import DVFiles
import DVMedia
import DVPlanning
import DVRuntime
import Foundation
import Synchronization

/// Writes a `ReviewPage` as a folder: `index.html`, `review.css`, `review.js` and a poster per clip under
/// `media/`. The folder is made beside the target under a temporary name and swapped in by renames, so the
/// target is never half written; posters the target already holds are linked across instead of decoded.
package struct ReviewPageWriter: Sendable {
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
    /// - Throws: `ReviewPageError.notAPage` when `target` is a file, or a folder with something in it that
    ///   is not a review page (it is never replaced); `FileError`/`CocoaError` when the folder cannot be
    ///   written or swapped in.
    @discardableResult
    package func write(_ page: ReviewPage, to target: URL, observer: some RenderObserver) throws -> ReviewPage {
        let manager = FileManager.default
        try Self.checkReplaceable(target)
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

    /// Throws unless `target` is absent, an empty folder, or a folder holding a review page's
    /// `index.html` and `review.js`: the only things a review may replace.
    package static func checkReplaceable(_ target: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder) else { return }
        let contents = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: target.path)) : nil
        guard let contents, contents.isEmpty || Set(contents).isSuperset(of: ["index.html", "review.js"]) else {
            throw ReviewPageError.notAPage(path: target.path)
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
    /// there already), each clip that does not decode marked unreadable with the reason. The posters are
    /// made on the `dvpipe posters` lane, a share of them per thread with its own decoder, since one
    /// picture of a clip keeps a frame-threaded decoder's other threads idle.
    private func writePosters(of page: ReviewPage, into folder: URL, reusing previous: URL, observer: some RenderObserver) throws -> ReviewPage {
        var first: [String: ReviewClip] = [:]
        var names: [String] = []
        for clip in page.days.flatMap(\.clips) {
            let name = try posterName(clip)
            if first[name] == nil {
                first[name] = clip
                names.append(name)
            }
        }
        let total = names.count
        observer.handle(.stageStarted(.thumbnail, total: total))
        let width = max(1, min(Lane.cores, names.count))
        let shares = (0..<width).map { share in stride(from: share, to: names.count, by: width).map { (name: names[$0], clip: first[names[$0]]!) } }
        let done = Atomic<Int>(0)
        let made = try Lane("dvpipe posters", width: width).map(shares) { share in
            let thumbnailer = try ClipThumbnailer(width: Self.posterWidth, height: Self.posterHeight, toneMap: toneMap)
            return share.map { item in
                let (media, reused) = poster(
                    of: item.clip, named: item.name, thumbnailer: thumbnailer, into: folder, reusing: previous, observer: observer)
                let count = done.add(1, ordering: .relaxed).newValue
                observer.handle(.unitFinished(.thumbnail, done: count, total: total, reused: reused, name: item.clip.file))
                return (item.name, media)
            }
        }
        observer.handle(.stageFinished(.thumbnail))
        let media = Dictionary(made.flatMap { $0 }) { first, _ in first }
        var filled = page
        for index in filled.days.indices {
            let fill = { (clip: ReviewClip) throws -> ReviewClip in
                var clip = clip
                clip.media = media[try posterName(clip)] ?? clip.media
                return clip
            }
            filled.days[index].chosen = try filled.days[index].chosen.map(fill)
            filled.days[index].others = try filled.days[index].others.map(fill)
            filled.days[index].nearby = try filled.days[index].nearby.map(fill)
        }
        return filled
    }

    /// The media of `clip`: its poster `name` linked from `previous` or decoded with `thumbnailer` into
    /// `folder/media/`, or why it does not decode (a warning to `observer`); and whether it was linked.
    private func poster(
        of clip: ReviewClip, named name: String, thumbnailer: ClipThumbnailer, into folder: URL, reusing previous: URL,
        observer: some RenderObserver
    ) -> (ReviewMedia, reused: Bool) {
        let url = folder.appendingPathComponent("media").appendingPathComponent(name)
        if (try? FileManager.default.linkItem(at: previous.appendingPathComponent(name), to: url)) != nil {
            return (ReviewMedia(poster: "media/" + name), true)
        }
        do {
            let frame =
                clip.isPhoto
                ? try thumbnailer.thumbnail(ofPhoto: files.location(clip.path, byteRange: nil))
                : try thumbnailer.thumbnail(of: files.location(clip.path, byteRange: clip.byteRange), at: clip.posterTime)
            // An encoder takes one picture (it may be flushed after it), so each poster has its own.
            let encoder = try JPEGEncoder(width: Self.posterWidth, height: Self.posterHeight)
            try FileSync.writeAtomically(try encoder.encode(limitedRange: frame), to: url)
            return (ReviewMedia(poster: "media/" + name), false)
        } catch {
            let reason = RenderError.reason(of: error, besides: clip.path)
            observer.handle(.warning(RenderWarning(.thumbnailMissing, "\(clip.file): no poster for the review page: \(reason)")))
            return (ReviewMedia(unreadable: reason), false)
        }
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
