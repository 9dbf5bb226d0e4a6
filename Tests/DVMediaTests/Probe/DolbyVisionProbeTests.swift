import DVMedia
import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Dolby Vision configurations in real MP4 boxes: an HEVC clip from the ffmpeg command with a `dvcC` box
/// (ETSI TS 103 572's layout) added to its sample entry, as a phone or an export tool writes it.
@Suite(.tags(.reference)) struct DolbyVisionProbeTests {
    init() { MediaLog.silence() }

    @Test("profile 5, with no base layer to show, is unreadable and says why; profile 8.4 (HLG base layer) is a clip")
    func profileFiveIsUnreadableAndEightFourIsAClip() throws {
        let folder = try TemporaryFolder("dolby-vision")
        let plain = folder.url.appendingPathComponent("plain.mp4")
        _ = try ReferenceCommand.output(
            try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command"),
            [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=1", "-pix_fmt", "yuv420p10le",
                "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc",
                "-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast", "-tag:v", "hvc1", "-y", plain.path
            ])
        let original = try Data(contentsOf: plain)

        let profileFive = folder.url.appendingPathComponent("profile5.mp4")
        try Self.addingDolbyVision(to: original, profile: 5, compatibility: 0).write(to: profileFive)
        guard case let .unreadable(reason) = MediaProbe.probe(profileFive) else {
            Issue.record("profile 5 probed as media")
            return
        }
        #expect(reason.contains("profile5.mp4") && reason.contains("Dolby Vision profile 5"), "\(reason)")

        let profileEight = folder.url.appendingPathComponent("profile84.mp4")
        try Self.addingDolbyVision(to: original, profile: 8, compatibility: 4).write(to: profileEight)
        guard case let .media(info) = MediaProbe.probe(profileEight) else {
            Issue.record("profile 8.4 did not probe as media")
            return
        }
        #expect(info.video?.colour.hdr == "HLG")
    }

    /// `mp4` with a Dolby Vision configuration box appended to its first `hvc1` sample entry, and every box
    /// around it made longer to match. The movie box must follow the media data (ffmpeg's default), so no
    /// chunk offset moves.
    static func addingDolbyVision(to mp4: Data, profile: UInt8, compatibility: UInt8) throws -> Data {
        var bytes = [UInt8](mp4)
        let level: UInt16 = 6
        let packed = UInt16(profile) << 9 | level << 3 | 1 << 2 | 1
        var payload: [UInt8] = [1, 0, UInt8(packed >> 8), UInt8(packed & 0xFF), compatibility << 4]
        payload += [UInt8](repeating: 0, count: 24 - payload.count)
        let box = Self.box(profile > 7 ? "dvvC" : "dvcC", payload)

        var parents: [Int] = []
        var (start, end) = (0, bytes.count)
        for name in ["moov", "trak", "mdia", "minf", "stbl", "stsd", "hvc1"] {
            guard let found = Self.child(named: name, in: bytes, from: start, to: end) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "no \(name) box"])
            }
            parents.append(found)
            // `stsd` holds a version, flags and an entry count before its entries.
            (start, end) = (found + (name == "stsd" ? 16 : 8), found + Self.size(at: found, in: bytes))
        }
        let entry = parents.last!
        bytes.insert(contentsOf: box, at: entry + Self.size(at: entry, in: bytes))
        for parent in parents {
            let size = Self.size(at: parent, in: bytes) + box.count
            bytes.replaceSubrange(
                parent..<(parent + 4), with: [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)])
        }
        return Data(bytes)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = 8 + payload.count
        return [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + payload
    }

    static func size(at offset: Int, in bytes: [UInt8]) -> Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The offset of the first box called `name` among the boxes from `start` to `end`.
    static func child(named name: String, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var offset = start
        while offset + 8 <= end {
            let size = Self.size(at: offset, in: bytes)
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == name { return offset }
            guard size >= 8 else { return nil }
            offset += size
        }
        return nil
    }
}
