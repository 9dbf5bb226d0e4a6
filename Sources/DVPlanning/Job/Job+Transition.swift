extension Job {
    /// How one clip gives way to the next.
    public struct Transition: Sendable, Hashable, Codable {
        public var style: Style
        /// Ignored for `cut`.
        public var duration: TimeSpan

        public init(style: Style = .crossfade, duration: TimeSpan = TimeSpan(milliseconds: 500)) {
            self.style = style
            self.duration = duration
        }

        /// Transition styles.
        public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
            case cut
            case crossfade
            /// Through black.
            case fade
            case wipeLeft = "wipe-left"
            case wipeRight = "wipe-right"
            case wipeUp = "wipe-up"
            case wipeDown = "wipe-down"
            case slideLeft = "slide-left"
            case slideRight = "slide-right"
        }
    }
}
