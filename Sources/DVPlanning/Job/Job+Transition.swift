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

        /// Transition styles; the media layer draws them (`Job.Transition.Style.render`).
        public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
            /// The outgoing picture until half way, then the incoming one.
            case cut
            /// The outgoing picture dissolves into the incoming one.
            case crossfade
            /// Through black: the outgoing picture fades out in the first half, the incoming fades in.
            case fade
            /// The incoming picture is uncovered from the right edge, the boundary moving left.
            case wipeLeft = "wipe-left"
            /// The incoming picture is uncovered from the left edge, the boundary moving right.
            case wipeRight = "wipe-right"
            /// The incoming picture is uncovered from the bottom edge, the boundary moving up.
            case wipeUp = "wipe-up"
            /// The incoming picture is uncovered from the top edge, the boundary moving down.
            case wipeDown = "wipe-down"
            /// The outgoing picture slides out to the left while the incoming slides in from the right.
            case slideLeft = "slide-left"
            /// The outgoing picture slides out to the right while the incoming slides in from the left.
            case slideRight = "slide-right"
        }
    }
}
