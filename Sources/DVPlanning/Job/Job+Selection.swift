extension Job {
    /// How one clip is chosen among a day's clips.
    public struct Selection: Sendable, Hashable, Codable {
        /// Kinds in order of preference; default `[video, live_photo, photo]`.
        public var prefer: [ClipKind]
        /// Which clip wins within a kind; default `earliest`.
        public var order: SelectionOrder
        /// How the measures of a moment count (`start: auto`, `order: best`).
        public var score: MomentWeights
        /// Who and what the chosen files must show (`people`, `keywords`, `albums`, `min_rating`,
        /// `favourites`); nil when the job gives none of those keys.
        public var metadata: MetadataFilter?

        public init(
            prefer: [ClipKind] = Selection.defaultPrefer, order: SelectionOrder = .earliest, score: MomentWeights = MomentWeights(),
            metadata: MetadataFilter? = nil
        ) {
            self.prefer = prefer
            self.order = order
            self.score = score
            self.metadata = metadata
        }

        /// What `prefer` is when a job leaves it out: a day with a video keeps it, a day with only photos
        /// shows one.
        public static let defaultPrefer: [ClipKind] = [.video, .livePhoto, .photo]
    }

    /// The order that picks one clip within a kind.
    public enum SelectionOrder: String, Sendable, Hashable, Codable, CaseIterable {
        case earliest
        case latest
        case longest
        /// The clip whose best window scores highest (its analysis: sharpness, exposure, steadiness, motion, sound).
        case best
    }
}
