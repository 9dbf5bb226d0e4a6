/// What a JPEG's headers say of its picture, read without its entropy-coded data: the frame header (SOF) of
/// its first frame and whether an Adobe APP14 segment says how its colour is transformed.
package struct JPEGFrameHeader: Sendable, Hashable {
    /// One component of the frame: its identifier and sampling factors.
    package struct Component: Sendable, Hashable {
        package var identifier: UInt8
        package var horizontal: Int
        package var vertical: Int
    }

    /// The SOF marker's second byte (0xC0 baseline, 0xC1 extended, 0xC2 progressive, …).
    package var marker: UInt8
    /// Bits per sample.
    package var precision: Int
    package var width: Int
    package var height: Int
    package var components: [Component]
    /// Whether the headers hold an Adobe APP14 segment (whose transform flag changes how colour is read).
    package var hasAdobeSegment: Bool
    /// Whether a comment says `CS=ITU601` (limited-range samples, as FFmpeg's encoder marks them).
    package var declaresITU601: Bool

    /// The first frame's header, or nil when the file is no JPEG or its headers end before one.
    package init?(_ file: ByteReader) {
        guard let segments = JPEGSegments(file), let frame = segments.frame, let marker = segments.frameMarker,
            let precision = frame.uint8(at: 0), let height = frame.uint16(at: 1, .bigEndian), let width = frame.uint16(at: 3, .bigEndian),
            let count = frame.uint8(at: 5)
        else { return nil }
        var components: [Component] = []
        for index in 0..<Int(count) {
            guard let identifier = frame.uint8(at: 6 + 3 * index), let sampling = frame.uint8(at: 7 + 3 * index) else { return nil }
            components.append(Component(identifier: identifier, horizontal: Int(sampling >> 4), vertical: Int(sampling & 0xF)))
        }
        self.marker = marker
        self.precision = Int(precision)
        self.width = Int(width)
        self.height = Int(height)
        self.components = components
        hasAdobeSegment = segments.hasAdobeSegment
        declaresITU601 = segments.declaresITU601
    }
}
