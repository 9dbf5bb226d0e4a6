/// How a picture of another shape fills the canvas (the output's `fit:`, which `DVRender` maps here).
package enum CanvasFit: String, Sendable, Hashable, Codable, CaseIterable {
    /// The whole picture, scaled to fit, centred on the background (letter- or pillarboxes).
    case contain
    /// The canvas filled, the picture scaled to cover it and cropped centred.
    case cover
    /// The whole picture, centred, over a blurred and darkened copy of itself that covers the canvas.
    case blur
    /// The canvas filled, as `cover`, with the crop window where `subjectEdge` puts it.
    case subject

    /// True for the fits that fill the canvas by cropping the picture.
    package var crops: Bool { self == .cover || self == .subject }
}
