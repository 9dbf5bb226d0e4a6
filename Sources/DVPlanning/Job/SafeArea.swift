/// The margins of a frame that a platform's interface covers (its top bar; the caption, account name and
/// buttons at the bottom; the column of buttons on the right), as fractions of the frame's height (`top`,
/// `bottom`) and width (`left`, `right`). Overlays' texts and pictures, captions and cards are placed in
/// the frame inset by them (`output.safe_area`, or the output's `profile:`).
public struct SafeArea: Sendable, Hashable, Codable, CustomStringConvertible {
    public var top: Double
    public var bottom: Double
    public var left: Double
    public var right: Double

    public init(top: Double, bottom: Double, left: Double, right: Double) {
        self.top = top
        self.bottom = bottom
        self.left = left
        self.right = right
    }

    /// No margins: overlays are placed in the whole frame.
    public static let none = SafeArea(top: 0, bottom: 0, left: 0, right: 0)

    /// The largest margin a job may give on one side (`output.safe_area`), so that the area left is never empty.
    public static let largestMargin = 0.45

    /// True when every margin is zero.
    public var isNone: Bool { self == .none }

    /// `top 14 %, bottom 35 %, left 6 %, right 6 %`, or `none`: as docs/delivery.md lists them.
    public var description: String {
        guard !isNone else { return "none" }
        let percent = { (value: Double) -> String in
            let tenths = (value * 1000).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) %" : "\(tenths) %"
        }
        return "top \(percent(top)), bottom \(percent(bottom)), left \(percent(left)), right \(percent(right))"
    }

    /// The margins on a `width`×`height` frame of a platform whose margins are given for a full 9:16 phone
    /// screen: a frame wider than 9:16 is shown full width, centred on that screen, so it keeps what of the
    /// screen's top and bottom margins falls on it (a 16:9 reel loses its top margin and most of its
    /// bottom one); its sides keep theirs. A frame of 9:16 or taller keeps the margins as they are.
    public func shown(width: Int, height: Int) -> SafeArea {
        guard width > 0, height > 0, width * 16 > height * 9 else { return self }
        let screen = Double(width) * 16 / 9
        let above = (screen - Double(height)) / 2
        let covered = { (margin: Double) in max(0, margin * screen - above) / Double(height) }
        return SafeArea(top: covered(top), bottom: covered(bottom), left: left, right: right)
    }
}
