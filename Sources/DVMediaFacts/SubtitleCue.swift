/// One subtitle: a text shown from `start` to `end` on the reel's clock, in milliseconds.
public struct SubtitleCue: Sendable, Hashable, Codable {
    public var startMilliseconds: Int
    public var endMilliseconds: Int
    public var text: String

    public init(startMilliseconds: Int, endMilliseconds: Int, text: String) {
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.text = text
    }
}
