/// The movie an Android Motion Photo carries after its JPEG image: where it lies in the file, in which
/// layout the phone wrote it, and where the still sits in its timeline. The movie is read in place (an offset
/// into the file), never copied out of the library.
public struct EmbeddedMovie: Sendable, Hashable, Codable {
    /// `motion_photo` (Google's Motion Photo 1.0), `micro_video` (older Pixels), `samsung` or `mpvd` (a HEIC's movie box).
    public var layout: String
    /// Where the movie starts, in bytes from the start of the file.
    public var offset: Int
    /// How many bytes it takes.
    public var length: Int
    /// Where the still lies in the movie, when the file says.
    public var stillTime: TimeSpan?

    public init(layout: String, offset: Int, length: Int, stillTime: TimeSpan?) {
        self.layout = layout
        self.offset = offset
        self.length = length
        self.stillTime = stillTime
    }

    /// The movie's bytes in the file.
    public var byteRange: Range<Int> { offset..<(offset + length) }

    enum CodingKeys: String, CodingKey {
        case layout, offset, length
        case stillTime = "still_time"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        layout = try container.decode(String.self, forKey: .layout)
        offset = try container.decode(Int.self, forKey: .offset)
        length = try container.decode(Int.self, forKey: .length)
        stillTime = try container.decodeSecondsIfPresent(forKey: .stillTime)
    }

    /// Writes every key, `still_time` in seconds or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layout, forKey: .layout)
        try container.encode(offset, forKey: .offset)
        try container.encode(length, forKey: .length)
        try container.encode(seconds: stillTime, forKey: .stillTime)
    }
}
