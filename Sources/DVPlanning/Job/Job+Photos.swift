extension Job {
    /// How a day's photos are shown (`clips.photo`).
    public struct Photos: Sendable, Hashable, Codable {
        /// How long each photo shows; default 3 s.
        public var duration: TimeSpan
        /// How the picture moves while it shows; default `auto`.
        public var motion: PhotoMotion
        /// Up to how many of the day's photos show one after another (1…10); default 1.
        public var count: Int

        /// The most photos a day shows one after another.
        public static let counts = 1...10

        public init(duration: TimeSpan = .seconds(3), motion: PhotoMotion = .auto, count: Int = 1) {
            self.duration = duration
            self.motion = motion
            self.count = count
        }

        /// The window a photo's kind has: its duration, from the start.
        public var window: ClipWindow { ClipWindow(duration: .fixed(duration)) }
    }

    /// How a photo's picture moves while it shows.
    public enum PhotoMotion: String, Sendable, Hashable, Codable, CaseIterable {
        /// A push toward its faces (or its centre of interest), or a pan where the frame crops it.
        case auto
        /// A slow push in.
        case push
        /// A pan across it.
        case pan
        /// No motion: the picture stands still.
        case none
    }
}
