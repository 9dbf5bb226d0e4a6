/// How a decoded picture must be turned to be shown upright, read from the stream's display matrix.
package enum FrameRotation: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Shown as decoded.
    case none = 0
    /// Turned a quarter turn clockwise (the top of the picture goes to the right).
    case clockwise90 = 90
    /// Turned upside down.
    case upsideDown = 180
    /// Turned a quarter turn counter-clockwise (the top of the picture goes to the left).
    case counterClockwise90 = 270

    /// The rotation for a display matrix angle as `av_display_rotation_get` gives it (counter-clockwise
    /// degrees, any sign), snapped to the nearest quarter turn.
    package init(displayMatrixDegrees degrees: Double) {
        guard degrees.isFinite else {
            self = .none
            return
        }
        let quarterTurns = Int((-degrees / 90).rounded())
        let clockwise = ((quarterTurns % 4) + 4) % 4 * 90
        self = FrameRotation(rawValue: clockwise) ?? .none
    }

    /// True when the shown picture's width is the decoded picture's height.
    package var swapsAxes: Bool { self == .clockwise90 || self == .counterClockwise90 }
}
