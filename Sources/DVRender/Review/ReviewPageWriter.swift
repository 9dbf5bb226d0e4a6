import DVFiles
import DVMedia
import DVPlanning
import Foundation

/// Writes a `ReviewPage` as a folder: `index.html`, `review.css`, `review.js` and each clip's previews (a
/// poster, a short movie, a strip of frames: `ReviewPreviews`) under `media/`. The folder is made beside the
/// target under a temporary name and swapped in by renames, so the target is never half written; previews are
/// kept by content in the cache (or the work folder), so a second review decodes nothing.
package struct ReviewPageWriter: Sendable {
    let planned: PlannedJob
    let work: WorkFolder
    let cache: SegmentCache?

    package init(planned: PlannedJob, work: WorkFolder, cache: SegmentCache?) {
        self.planned = planned
        self.work = work
        self.cache = cache
    }

    /// Writes `page` into the folder `target` (created or replaced whole), with each clip's previews (or the
    /// clip marked unreadable, with a warning to `observer`). Returns the page with its media filled in.
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
            let filled = withPreviews(page, in: temporary.appendingPathComponent("media"), observer: observer)
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

    /// The page with every clip's previews put into `media` (`ReviewPreviews`), each clip that does not decode
    /// marked unreadable with the reason and a warning to `observer`.
    private func withPreviews(_ page: ReviewPage, in media: URL, observer: some RenderObserver) -> ReviewPage {
        let requests = page.days.flatMap(\.clips).map { PreviewRequest(clip: $0.clip) }
        let made = ReviewPreviews.make(requests, planned: planned, work: work, cache: cache, into: media, observer: observer)
        let size = ReviewPreviews.size(of: planned.job.output)
        var warned: Set<String> = []
        let fill = { (clip: ReviewClip) -> ReviewClip in
            var clip = clip
            switch made[PreviewRequest(clip: clip.clip)] {
            case .success(let files):
                clip.media = ReviewMedia(
                    poster: "media/" + files.poster, movie: files.movie.map { "media/" + $0 }, strip: files.strip.map { "media/" + $0 },
                    width: size.width, height: size.height)
            case .failure(let error):
                let reason = RenderError.reason(of: error, besides: clip.path)
                if warned.insert(clip.path).inserted {
                    observer.handle(.warning(RenderWarning(.thumbnailMissing, "\(clip.file): no preview for the review page: \(reason)")))
                }
                clip.media = ReviewMedia(unreadable: reason)
            case nil:
                clip.media = ReviewMedia(unreadable: "no preview was made")
            }
            return clip
        }
        var filled = page
        for index in filled.days.indices {
            filled.days[index].chosen = filled.days[index].chosen.map(fill)
            filled.days[index].others = filled.days[index].others.map(fill)
            filled.days[index].nearby = filled.days[index].nearby.map(fill)
        }
        return filled
    }
}
