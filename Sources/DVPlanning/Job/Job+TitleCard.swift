extension Job {
    /// An intro or outro title card.
    public struct TitleCard: Sendable, Hashable, Codable {
        public var text: String
        public var duration: TimeSpan
        /// Absolute path of a TTF/OTF font file; nil: DejaVu Sans.
        public var font: String?

        public init(text: String, duration: TimeSpan = .seconds(2), font: String? = nil) {
            self.text = text
            self.duration = duration
            self.font = font
        }
    }
}
