extension Job {
    /// How one clip is chosen among a day's clips.
    public struct Selection: Sendable, Hashable, Codable {
        /// Kinds in order of preference; default `[video, live_photo]`.
        public var prefer: [ClipKind]
        /// Which clip wins within a kind; default `earliest`.
        public var order: SelectionOrder

        public init(prefer: [ClipKind] = [.video, .livePhoto], order: SelectionOrder = .earliest) {
            self.prefer = prefer
            self.order = order
        }
    }

    /// The order that picks one clip within a kind.
    public enum SelectionOrder: String, Sendable, Hashable, Codable, CaseIterable {
        case earliest
        case latest
        case longest
    }
}
