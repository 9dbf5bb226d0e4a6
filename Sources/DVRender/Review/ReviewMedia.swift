/// The files that show one clip on the review page, as paths relative to the page's folder: a still
/// `poster`, and, when the previews were made, a short `movie` and a `strip` of frames; or why the clip could
/// not be shown.
package struct ReviewMedia: Sendable, Hashable {
    /// A JPEG of a frame from the window (`media/….jpg`), nil when the clip could not be decoded.
    package var poster: String?
    /// A short H.264 MP4 of the window, when made.
    package var movie: String?
    /// An image of frames side by side with their times, when made.
    package var strip: String?
    /// Why the clip could not be decoded, for a clip shown as unreadable.
    package var unreadable: String?

    package init(poster: String? = nil, movie: String? = nil, strip: String? = nil, unreadable: String? = nil) {
        self.poster = poster
        self.movie = movie
        self.strip = strip
        self.unreadable = unreadable
    }
}
