/// How long a window taken from a clip is: a fixed time, or the whole clip (`full`).
public enum ClipLength: Sendable, Hashable, Codable, CustomStringConvertible {
    case full
    case fixed(TimeSpan)

    /// `full` or a duration.
    public init?(_ text: String) {
        if text == "full" {
            self = .full
        } else if let span = TimeSpan(text) {
            self = .fixed(span)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .full: return "full"
        case .fixed(let span): return span.description
        }
    }
}
