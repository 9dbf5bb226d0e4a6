/// Where a window starts in a clip: an offset from its start, or centred (`middle`).
public enum ClipStart: Sendable, Hashable, Codable, CustomStringConvertible {
    case middle
    case offset(TimeSpan)

    /// `middle` or a duration.
    public init?(_ text: String) {
        if text == "middle" {
            self = .middle
        } else if let span = TimeSpan(text) {
            self = .offset(span)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .middle: return "middle"
        case .offset(let span): return span.description
        }
    }
}
