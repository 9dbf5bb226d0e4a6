import DVRemote

/// Something a render went ahead despite, for the person to check: a stable code for scripts (`--progress
/// json` gives it) and one line that names the file once and says what was done about it.
package struct RenderWarning: Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem; stable strings, as the plan's warnings have.
    package enum Code: String, Sendable, Hashable, CaseIterable {
        /// A clip failed to decode while rendering; its day is planned again without it.
        case clipFailed = "clip_failed"
        /// A segment in the work folder does not match its record; it is rendered again.
        case segmentDamaged = "segment_damaged"
        /// A segment in the cache folder does not match its record; it is not taken from there.
        case cacheEntryDamaged = "cache_entry_damaged"
        /// An entry of the segment store does not check; the segment is rendered again and the entry rewritten.
        case storeEntryRejected = "store_entry_rejected"
        /// The segment store failed; the run goes on without it.
        case storeUnavailable = "store_unavailable"
        /// The segment store refused an upload; nothing more is uploaded.
        case storeUploadsStopped = "store_uploads_stopped"
        /// No installed font has a glyph for a character of a text; it is drawn as a box.
        case missingGlyph = "missing_glyph"
        /// Texts or pictures over a day cannot all be placed clear of each other; they are drawn over each other.
        case textOverlap = "text_overlap"
        /// A clip's sound cannot be decoded; silence plays in its place.
        case soundUndecodable = "sound_undecodable"
        /// A day's thumbnail cannot be made for the calendar; its cell is drawn blank.
        case thumbnailMissing = "thumbnail_missing"
        /// A library's server answered a range request with the whole file; that file is fetched whole.
        case libraryFileReadWhole = "library_file_read_whole"
        /// The finished reel could not be uploaded to its `publish:` address; it stays on this machine.
        case publishFailed = "publish_failed"
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}

extension RenderWarning {
    /// One warning for each library file on a server that was read whole since the last call, because its
    /// server ignored a range request (`RemoteLibrary`).
    static func libraryFilesReadWhole(of files: LibraryFiles) -> [RenderWarning] {
        files.servers.takeWholeFileWarnings().map { RenderWarning(.libraryFileReadWhole, $0) }
    }
}
