extension Job {
    /// An intro or outro title card.
    public struct TitleCard: Sendable, Hashable, Codable {
        public var text: String
        public var duration: TimeSpan

        public init(text: String, duration: TimeSpan = .seconds(2)) {
            self.text = text
            self.duration = duration
        }
    }
}
