import DVPlanning

/// The part of a library movie that a plan reads: a file (or the movie inside a Motion Photo) and the span
/// of it that every use of the file in the plan covers. A clip's content digest is the digest of what this
/// span consumes (`WindowContent`), so a long clip of which three seconds are used is identified by reading
/// those seconds, on disk or on a server.
package struct ReadSpan: Sendable, Hashable, Codable {
    /// The file, as the index names it (a path, or a server address).
    package var path: String
    /// Where the movie lies inside the file (a Motion Photo's), or nil for the whole file.
    package var byteRange: Range<Int>?
    /// The span read, in milliseconds of the movie: from the earliest start of a use to the latest end.
    package var startMilliseconds: Int64
    package var endMilliseconds: Int64

    package init(path: String, byteRange: Range<Int>? = nil, startMilliseconds: Int64, endMilliseconds: Int64) {
        self.path = path
        self.byteRange = byteRange
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
    }

    /// The span's start in seconds.
    var start: Double { Double(startMilliseconds) / 1000 }
    /// The span's end in seconds.
    var end: Double { Double(endMilliseconds) / 1000 }
}

extension Plan {
    /// The span read of every movie the plan's days show (a day's clip and its layers), one per file: a file
    /// used twice is read over the span that covers both uses.
    package var readSpans: [ReadSpan] {
        var windows: [String: ReadSpan] = [:]
        for day in days {
            for clip in [day.clip].compactMap({ $0 }) + day.layers.map(\.clip) where clip.photo == nil {
                let start = clip.start.milliseconds, end = clip.start.milliseconds + clip.sourceDuration.milliseconds
                if var known = windows[clip.path] {
                    known.startMilliseconds = min(known.startMilliseconds, start)
                    known.endMilliseconds = max(known.endMilliseconds, end)
                    windows[clip.path] = known
                } else {
                    windows[clip.path] = ReadSpan(
                        path: clip.path, byteRange: clip.motionPhoto?.byteRange, startMilliseconds: start, endMilliseconds: end)
                }
            }
        }
        return windows.values.sorted { $0.path < $1.path }
    }
}
