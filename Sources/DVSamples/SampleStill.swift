import DVMedia
import DVPlanning
import DVSignal

/// A still picture (JPEG) for the sample library or a test: `text` in large digits over `background`.
package struct SampleStill: Sendable, Hashable {
    /// File name inside the destination folder (`IMG_0042.JPG`).
    package var fileName: String
    package var width: Int
    package var height: Int
    package var text: String
    package var label: String?
    package var background: SRGBColour
    /// A Live Photo content identifier to write in an Apple MakerNote (EXIF tag 0x0011), as iPhones do.
    package var contentIdentifier: String?
    /// Where it was shot, written in an Exif GPS IFD as phones do; not together with `contentIdentifier`.
    package var position: GeoPosition?

    package init(
        fileName: String, width: Int = 320, height: Int = 180, text: String = "1", label: String? = nil,
        background: SRGBColour = SRGBColour(red: 40, green: 70, blue: 120), contentIdentifier: String? = nil, position: GeoPosition? = nil
    ) {
        precondition(contentIdentifier == nil || position == nil, "a sample still carries a content identifier or a position, not both")
        self.fileName = fileName
        self.width = width
        self.height = height
        self.text = text
        self.label = label
        self.background = background
        self.contentIdentifier = contentIdentifier
        self.position = position
    }
}
