import DVMediaFacts
import DVMetadata
import Foundation

extension MediaProbe {
    /// A JPEG still's facts from its headers, the same FFmpeg 5.1 gives after decoding the picture, so the index
    /// does not change when the picture is no longer read: `mjpeg` at the frame header's size, full range,
    /// BT.601 (`bt470bg`) matrix, primaries and transfer unknown, no rotation. Only the layouts whose pixel
    /// format is certain are described here: 8-bit full-range YCbCr (no Adobe segment, no `R`,`G`,`B`
    /// components, no `CS=ITU601` comment) sampled 4:2:0, 4:2:2 or 4:4:4 in a sequential or progressive
    /// Huffman frame; nil sends any other file to FFmpeg.
    static func jpegStill(_ url: URL, _ file: ByteReader) -> MediaInfo? {
        // Only `.jpg`/`.jpeg` names: `image2` bids for those, `jpeg_pipe` alone for a JPEG under another name. A
        // name with `%` may be read by `image2` as a numbered sequence. FFmpeg decides the others.
        guard ["jpg", "jpeg"].contains(url.pathExtension.lowercased()), !url.lastPathComponent.contains("%"), let header = JPEGFrameHeader(file),
            let pixelFormat = pixelFormat(header),
            header.width > 0, header.height > 0,
            let start = file.bytes(0..<min(file.size, probeBufferLength))
        else { return nil }
        let video = VideoStreamInfo(
            codec: "mjpeg", width: header.width, height: header.height, frameRate: 0, rotation: 0, pixelFormat: pixelFormat,
            isVariableFrameRate: false, colour: StreamColour(primaries: "unknown", transfer: "unknown", matrix: "bt470bg", range: "pc"))
        return MediaInfo(
            container: isWholeJPEGPipe(start) ? "jpeg_pipe" : "image2", duration: nil, video: video, audio: nil,
            tags: stillTags(CaptureTags(), file), isStill: true, annotations: XMPAnnotations.read(still: file))
    }

    /// How many bytes libavformat's first format probe looks at (`PROBE_BUF_MIN`); a `.jpg` is decided there.
    static let probeBufferLength = 2048

    /// The pixel format FFmpeg's `mjpeg` decoder gives a frame header, for the layouts described here. As the
    /// decoder does, the sampling factors are packed into one number and halved while they are all even
    /// (ffmpeg's own encoder writes 4:4:4 as 1×2 everywhere), then matched.
    static func pixelFormat(_ header: JPEGFrameHeader) -> String? {
        guard header.precision == 8, [0xC0, 0xC1, 0xC2].contains(header.marker), !header.hasAdobeSegment, !header.declaresITU601,
            header.components.count == 3, header.components.map(\.identifier) != Array("RGB".utf8),
            header.components.allSatisfy({ (1...4).contains($0.horizontal) && (1...4).contains($0.vertical) })
        else { return nil }
        var packed: UInt32 = 0
        for (index, component) in header.components.enumerated() {
            packed |= UInt32(component.horizontal) << (28 - 8 * index) | UInt32(component.vertical) << (24 - 8 * index)
        }
        if packed & 0xD0D0_D0D0 == 0 { packed -= (packed & 0xF0F0_F0F0) >> 1 }
        if packed & 0x0D0D_0D0D == 0 { packed -= (packed & 0x0F0F_0F0F) >> 1 }
        switch packed {
        case 0x1111_1100: return "yuvj444p"
        case 0x2111_1100: return "yuvj422p"
        case 0x2211_1100: return "yuvj420p"
        default: return nil
        }
    }

    /// Whether libavformat's `jpeg_pipe` demuxer outbids `image2` (which bids on the `.jpg` name) for a file
    /// whose first `probeBufferLength` bytes are `start`. Its probe walks the markers there (skipping the
    /// segments it knows by their lengths, and the scan's data byte by byte) and outbids `image2` only when it
    /// meets SOF, SOS and EOI in that order: when the whole small JPEG is in the buffer.
    static func isWholeJPEGPipe(_ start: [UInt8]) -> Bool {
        let size = start.count
        // libavformat pads its probe buffer with zeros.
        let bytes = start + [UInt8](repeating: 0, count: 32)
        guard size >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8, !(bytes[2] == 0xFF && bytes[3] == 0xF7) else { return false }
        enum State { case opened, frame, scan, ended }
        var state = State.opened
        var index = 0
        while index < size - 3 {
            let position = index + 2
            if bytes[position] == 0xFF {
                let marker = bytes[position + 1]
                let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
                switch marker {
                case 0xD8:
                    return false
                case 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7:
                    index += length + 1
                    guard state == .opened else { return false }
                    state = .frame
                case 0xDA:
                    index += length + 1
                    guard state == .frame || state == .scan else { return false }
                    state = .scan
                case 0xD9:
                    guard state == .scan else { return false }
                    state = .ended
                case 0xDB, 0xE0...0xEF, 0xFE:
                    index += length + 1
                default:
                    if (marker > 0x01 && marker < 0xC0) || marker == 0xC8 { return false }
                }
            }
            index += 1
        }
        return state == .ended
    }
}
