/// How a clip is fitted into the output canvas.
public enum Fit: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole picture, scaled to fit, centred on the background colour (letter- or pillarboxes).
    case contain
    /// The canvas filled, the picture scaled to cover it and cropped centred.
    case cover
    /// The whole picture, centred, over a blurred and darkened copy of itself that covers the canvas.
    case blur
}
