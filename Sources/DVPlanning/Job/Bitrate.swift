/// An audio or video bitrate in bits per second, written `160k`, `2.5M` or `128000`.
public struct Bitrate: Sendable, Hashable, Codable, CustomStringConvertible {
    public var bitsPerSecond: Int

    public init(bitsPerSecond: Int) {
        self.bitsPerSecond = bitsPerSecond
    }

    /// Parses a whole number of bits per second, optionally with a `k` or `M` suffix.
    public init?(_ text: String) {
        var digits = Substring(text)
        var scale = 1.0
        if digits.hasSuffix("k") {
            scale = 1000
            digits = digits.dropLast()
        } else if digits.hasSuffix("M") {
            scale = 1_000_000
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(digits), value > 0
        else { return nil }
        bitsPerSecond = Int((value * scale).rounded())
    }

    /// `160k`, or the plain number when not a whole number of kilobits.
    public var description: String {
        bitsPerSecond % 1000 == 0 ? "\(bitsPerSecond / 1000)k" : "\(bitsPerSecond)"
    }
}
