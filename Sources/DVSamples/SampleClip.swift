import DVMedia
import DVPlanning
import DVSignal

/// A movie for the sample library or a test, described by what a probe should find in it.
///
/// `SampleWriter.write(_:in:)` renders it with dvpipe's own encoders: every frame shows `text` in
/// large digits (upright as displayed, whatever the rotation) over `background`, with a bar that
/// moves from frame to frame, and `audio` as a sine tone.
package struct SampleClip: Sendable, Hashable {
    /// The container written.
    package enum Container: String, Sendable, Hashable {
        case mp4
        case mov
    }

    /// File name inside the destination folder (`IMG_0042.MOV`).
    package var fileName: String
    /// Length in seconds.
    package var duration: Double
    /// Coded width and height (before the display rotation); even numbers.
    package var width: Int
    package var height: Int
    /// Frames per second (the nominal rate when `variableFrameRate` is set).
    package var fps: Int
    package var codec: VideoCodec
    /// 10-bit 4:2:0 (`yuv420p10le`) instead of 8-bit.
    package var tenBit: Bool
    /// Clockwise display rotation in degrees (0, 90, 180, 270), written as a display matrix.
    package var rotation: Int
    /// Drops every fourth frame slot, as phones do in low light: uneven frame durations.
    package var variableFrameRate: Bool
    package var audio: SampleAudio
    package var tags: SampleTags
    package var container: Container
    /// The large text every frame shows (the day of the month in the demo).
    package var text: String
    /// A smaller line under it (the file name, say), or nil.
    package var label: String?
    package var background: SRGBColour
    /// Paints a red square (a third of the shorter displayed side) in the top-left corner as displayed, so a
    /// test can tell where a rendered picture's top-left went.
    package var cornerMark: Bool

    /// Seconds at the start that make a poor moment, silent: a third black, a third a flat picture
    /// without detail (as a blurred one), a third the card shaken a few pixels every frame. 0 for none.
    /// 8-bit clips only.
    package var poorStart: Double
    /// Photographs moved across the frames (after any poor start), in order, over the card.
    package var pictures: [SamplePicture]

    package init(
        fileName: String, duration: Double = 2, width: Int = 320, height: Int = 180, fps: Int = 30,
        codec: VideoCodec = .h264, tenBit: Bool = false, rotation: Int = 0, variableFrameRate: Bool = false,
        audio: SampleAudio = .tone(SampleTone()), tags: SampleTags = .none, container: Container? = nil,
        text: String = "1", label: String? = nil, background: SRGBColour = SRGBColour(red: 40, green: 70, blue: 120),
        cornerMark: Bool = false, poorStart: Double = 0, pictures: [SamplePicture] = []
    ) {
        self.fileName = fileName
        self.duration = duration
        self.width = width
        self.height = height
        self.fps = fps
        self.codec = codec
        self.tenBit = tenBit
        self.rotation = rotation
        self.variableFrameRate = variableFrameRate
        self.audio = audio
        self.tags = tags
        self.container = container ?? (fileName.lowercased().hasSuffix(".mov") ? .mov : .mp4)
        self.text = text
        self.label = label
        self.background = background
        self.cornerMark = cornerMark
        self.poorStart = poorStart
        self.pictures = pictures
    }

    /// Frame slots in the clip (`duration × fps`, rounded).
    package var frameSlots: Int { max(1, Int((duration * Double(fps)).rounded())) }

    /// Presentation times of the frames written, in frame slots: every slot, or three of every four.
    package var framePositions: [Int] {
        (0..<frameSlots).filter { !variableFrameRate || $0 % 4 != 3 || $0 == frameSlots - 1 }
    }

    /// The colour of the corner mark.
    package static let cornerMarkColor = SRGBColour(red: 230, green: 20, blue: 40)

    /// The corner mark's side in displayed pixels (even, so it covers whole 4:2:0 chroma samples).
    package var cornerMarkSide: Int { min(displaySize.width, displaySize.height) / 3 & ~1 }

    /// Width and height as displayed, after rotation.
    package var displaySize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (width, height) : (height, width)
    }
}
