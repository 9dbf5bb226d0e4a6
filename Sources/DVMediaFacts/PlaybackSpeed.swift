/// How fast a clip plays in the reel, as an exact fraction of real time: `1/8` is eight times slower, `2`
/// twice as fast. Kept as a reduced fraction so that which source frame each output frame shows is decided in
/// integers, the same on every machine.
public struct PlaybackSpeed: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Source seconds per reel second, `numerator / denominator`, in lowest terms, both positive.
    public let numerator: Int
    public let denominator: Int

    /// `numerator / denominator` in lowest terms; nil unless both are positive.
    public init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Real time.
    public static let realTime = PlaybackSpeed(numerator: 1, denominator: 1)!

    /// The speeds `speed:` accepts: a quarter of real time to four times it.
    public static let allowed = PlaybackSpeed(numerator: 1, denominator: 4)!...PlaybackSpeed(numerator: 4, denominator: 1)!

    /// Parses a decimal (`0.5`, `2`, `1.25`, at most three decimals) or a fraction (`1/3`).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let top = Self.wholeNumber(parts[0]), let bottom = Self.wholeNumber(parts[1]) else { return nil }
            self.init(numerator: top, denominator: bottom)
            return
        }
        let decimal = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = Self.wholeNumber(decimal[0]) else { return nil }
        guard decimal.count == 2 else {
            self.init(numerator: whole, denominator: 1)
            return
        }
        let digits = decimal[1]
        guard (1...3).contains(digits.count), let fraction = Self.wholeNumber(digits) else { return nil }
        let scale = [1, 10, 100, 1000][digits.count]
        self.init(numerator: whole * scale + fraction, denominator: scale)
    }

    /// `1/8`, `2`, `3/2`.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// The reel time that `source` of a clip lasts at this speed, to the nearest millisecond.
    public func reelTime(ofSource source: TimeSpan) -> TimeSpan {
        TimeSpan(milliseconds: Self.divideRounded(source.milliseconds * Int64(denominator), by: Int64(numerator)))
    }

    /// The source time that `reel` time of a clip shows at this speed, to the nearest millisecond.
    public func sourceTime(ofReel reel: TimeSpan) -> TimeSpan {
        TimeSpan(milliseconds: sourceUnits(ofReel: reel.milliseconds))
    }

    /// How many units of a clip (milliseconds, samples) `reel` units of the reel show at this speed, to the
    /// nearest, halves up.
    public func sourceUnits(ofReel reel: Int64) -> Int64 {
        Self.divideRounded(reel * Int64(numerator), by: Int64(denominator))
    }

    public static func < (left: PlaybackSpeed, right: PlaybackSpeed) -> Bool {
        left.numerator * right.denominator < right.numerator * left.denominator
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let speed = PlaybackSpeed(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a speed: \(text)"))
        }
        self = speed
    }

    /// Encoded as its fraction (`"1/8"`), exact.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func wholeNumber(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func divideRounded(_ value: Int64, by divisor: Int64) -> Int64 {
        (2 * value + divisor) / (2 * divisor)
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }
}
