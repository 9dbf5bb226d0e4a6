extension Job {
    /// An intro or outro title card.
    public struct TitleCard: Sendable, Hashable, Codable {
        public var text: String
        public var duration: TimeSpan
        /// Absolute path of a TTF/OTF font file; nil: DejaVu Sans.
        public var font: String?
        /// What the text is drawn on; nil: `output.background`.
        public var background: Background?
        /// The text's colour; its alpha is its opacity.
        public var color: RGBAColor

        /// A card's background.
        public enum Background: Sendable, Hashable, Codable {
            /// A plain colour (its alpha is ignored: a card has nothing under it).
            case color(RGBAColor)
            /// A blurred, darkened still of the clip next to the card: the first clip's first frame for
            /// the intro, the last clip's last frame for the outro.
            case blur
        }

        public init(text: String, duration: TimeSpan = .seconds(2), font: String? = nil, background: Background? = nil, color: RGBAColor = .white) {
            self.text = text
            self.duration = duration
            self.font = font
            self.background = background
            self.color = color
        }
    }
}
