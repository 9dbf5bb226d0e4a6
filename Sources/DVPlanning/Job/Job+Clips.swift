extension Job {
    /// The window taken from each chosen clip, per kind.
    public struct Clips: Sendable, Hashable, Codable {
        /// Default: 3 s from the start.
        public var video: ClipWindow
        /// Default: the whole clip.
        public var livePhoto: ClipWindow

        public init(video: ClipWindow = ClipWindow(duration: .fixed(.seconds(3))), livePhoto: ClipWindow = ClipWindow(duration: .full)) {
            self.video = video
            self.livePhoto = livePhoto
        }

        /// The window for a kind of clip.
        public func window(for kind: ClipKind) -> ClipWindow {
            kind == .video ? video : livePhoto
        }
    }

    /// A window into a clip; a clip shorter than its window is used whole.
    public struct ClipWindow: Sendable, Hashable, Codable {
        public var duration: ClipLength
        public var start: ClipStart

        public init(duration: ClipLength, start: ClipStart = .offset(.zero)) {
            self.duration = duration
            self.start = start
        }
    }
}
