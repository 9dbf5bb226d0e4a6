/// A text drawn over one piece of the reel: what it says, how it looks, where, and on which of the
/// piece's frames. Everything here decides pixels, so it is part of the piece's segment identity.
public struct OverlayText: Sendable, Hashable, Encodable {
    /// The text; `\n` breaks lines, each line centred unless `align` says otherwise.
    public var text: String
    public var position: Position
    /// Text height as a fraction of the frame height.
    public var size: Double
    public var look: Job.TextLook
    /// The first frame it shows on, counted from the piece's first frame.
    public var firstFrame: Int
    /// One past the last frame it shows on.
    public var endFrame: Int
    /// Frames over which it fades in after `firstFrame` and out before `endFrame` (0: no fade).
    public var fadeFrames: Int
    /// The font it is drawn with, with the file's content digest (the layout gives the system's default
    /// font here when the job names none); nil: the painter's default, unnamed.
    public var font: OverlayFont?
    /// How its lines line up; nil: centred (and left out of the identity, which stays what it was before
    /// texts could be aligned).
    public var align: TextAlignment?

    public init(
        text: String, position: Position, size: Double, look: Job.TextLook, firstFrame: Int, endFrame: Int, fadeFrames: Int = 0,
        font: OverlayFont? = nil, align: TextAlignment? = nil
    ) {
        self.text = text
        self.position = position
        self.size = size
        self.look = look
        self.firstFrame = firstFrame
        self.endFrame = endFrame
        self.fadeFrames = fadeFrames
        self.font = font
        self.align = align
    }

    /// How opaque the text is on the piece's frame `frame`: 0 outside its frames, ramping over the fades.
    public func opacity(atFrame frame: Int) -> Double {
        guard frame >= firstFrame, frame < endFrame else { return 0 }
        guard fadeFrames > 0 else { return 1 }
        let steps = min(frame - firstFrame + 1, endFrame - frame)
        return min(1, Double(steps) / Double(fadeFrames + 1))
    }
}
