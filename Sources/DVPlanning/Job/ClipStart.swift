/// Where a window starts in a clip: an offset from its start, centred (`middle`), or where the clip looks
/// and sounds best (`auto`, from its analysis).
public enum ClipStart: Sendable, Hashable, Codable, CustomStringConvertible {
    case middle
    case auto
    case offset(TimeSpan)

    /// `middle`, `auto` or a duration.
    public init?(_ text: String) {
        if text == "middle" {
            self = .middle
        } else if text == "auto" {
            self = .auto
        } else if let span = TimeSpan(text) {
            self = .offset(span)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .middle: return "middle"
        case .auto: return "auto"
        case .offset(let span): return span.description
        }
    }
}
