import DVMedia
import DVMetadata
import DVSignal
import DVTestBasics
import Foundation
import Testing

/// libavformat opens only the file it is given: a playlist is `MediaError.notMediaFile` wherever it is
/// opened (by name, through a reader, as a movie inside a file), and a picture's name is never read as a
/// numbered sequence.
@Suite struct ContainerRulesTests {
    init() { MediaLog.silence() }

    /// An HLS playlist naming `segment` (a file outside its folder).
    static func playlist(naming segment: URL) -> String {
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2,\nfile:\(segment.path)\n#EXT-X-ENDLIST\n"
    }

    @Test("a playlist is not a media file, the same typed error by name, through a reader and at a byte range")
    func playlistIsRefusedEverywhere() throws {
        let folder = try TemporaryFolder("container-rules")
        let segment = folder.url.appendingPathComponent("segment.ts")
        let url = folder.url.appendingPathComponent("clip.mp4")
        let text = Self.playlist(naming: segment)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let refused = MediaError.notMediaFile(path: url.path, format: "hls")
        #expect(throws: refused) { try InputFile(url: url) }
        #expect(throws: refused) {
            try InputFile(.file(url.path), reading: ByteReader(LocalFileBytes(url: url), blockSize: 4_096), headersOnly: true)
        }
        // The playlist after 16 bytes of something else: the movie a picture would hold.
        let holder = folder.url.appendingPathComponent("holder.jpg")
        var held = Data(repeating: 0xFF, count: 16)
        held.append(Data(text.utf8))
        try held.write(to: holder)
        #expect(throws: MediaError.notMediaFile(path: holder.path, format: "hls")) {
            try InputFile(.file(holder.path, byteRange: 16..<(16 + text.utf8.count)))
        }
        #expect(throws: refused) { try RGBPicture.read(from: url) }
        guard case let .unreadable(reason) = MediaProbe.probe(url) else {
            Issue.record("the playlist probed as media")
            return
        }
        #expect(reason == refused.description)
        #expect(refused.reason.hasPrefix("not a media file: FFmpeg reads it as Apple HTTP Live Streaming ('hls'), which names other files"))
    }

    @Test("a picture whose name spells a numbered sequence is read as itself, never as the pictures its name numbers")
    func patternNameIsOneFile() throws {
        let folder = try TemporaryFolder("container-rules-pattern")
        for (name, colour) in [("IMG_%d.jpg", SRGBColour(red: 230, green: 20, blue: 20)), ("IMG_1.jpg", SRGBColour(red: 20, green: 20, blue: 230))] {
            let encoder = try JPEGEncoder(width: 16, height: 16)
            let frame = try encoder.makeFrame()
            frame.fill(shown: colour)
            try encoder.encode(frame).write(to: folder.url.appendingPathComponent(name))
        }
        let picture = try RGBPicture.read(from: folder.url.appendingPathComponent("IMG_%d.jpg"))
        let middle = picture[8, 8]
        #expect(middle.red > 200 && middle.blue < 60, "\(middle)")
    }
}
