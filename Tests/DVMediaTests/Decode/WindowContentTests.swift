import DVMedia
import DVRemote
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@Suite("WindowContent")
struct WindowContentTests {
    /// The SHA-256 of a window's material, and what was read.
    static func digest(_ url: URL, start: Double, end: Double) throws -> (digest: String, summary: WindowContent.Summary) {
        var material = Data()
        let summary = try WindowContent.write(.file(url.path), start: start, end: end) { material.append(contentsOf: $0) }
        return (ContentHash.hex(of: material), summary)
    }

    /// Where each video packet lies in the file and when it is shown, as ffprobe (not dvpipe's demuxing) lists them.
    static func videoPackets(of url: URL) throws -> [(seconds: Double, position: Int, size: Int)] {
        let printed = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFprobe,
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,pos,size", "-of", "json", url.path])
        let json = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
        let packets = try #require(json["packets"] as? [[String: Any]])
        return packets.compactMap { packet in
            guard let time = (packet["pts_time"] as? String).flatMap(Double.init), let position = (packet["pos"] as? String).flatMap(Int.init),
                let size = (packet["size"] as? String).flatMap(Int.init)
            else { return nil }
            return (time, position, size)
        }
    }

    /// A copy of `url` with one byte flipped in the middle of the video packet shown at `seconds`.
    static func copy(of url: URL, flippingPacketAt seconds: Double, packets: [(seconds: Double, position: Int, size: Int)], to copy: URL) throws {
        let packet = try #require(packets.first { abs($0.seconds - seconds) < 0.001 }, "a packet at \(seconds) s")
        var bytes = try Data(contentsOf: url)
        bytes[packet.position + packet.size / 2] ^= 0x5A
        try bytes.write(to: copy)
    }

    @Test(
        "a window's material changes with a packet the window decodes, not with one after it or before its keyframe",
        .tags(.reference)
    )
    func materialFollowsTheWindow() throws {
        let folder = try TestMedia.makeFolder()
        let clip = folder.url.appendingPathComponent("ten-seconds.mp4")
        // Ten seconds with a keyframe every second, every picture different.
        try TestMedia.writeClip(to: clip, fps: 30, count: 300, keyframeInterval: 30) { frame, index in
            frame.fill(y: UInt8(16 + index % 200), u: UInt8(64 + index % 100), v: 128)
        }
        let packets = try Self.videoPackets(of: clip)
        #expect(packets.count == 300)
        let (window, summary) = try Self.digest(clip, start: 4.2, end: 5.5)
        // From the keyframe at or before 2.7 s (a second and a half early) to 5.6 s: 4 s of 10.
        #expect(summary.packets >= 3 * 30 && summary.packets <= 4 * 30 + 8, "\(summary.packets) packets")
        #expect(!summary.reachedEnd)
        #expect(try Self.digest(clip, start: 4.2, end: 5.5).digest == window, "the same bytes give the same material")

        let later = folder.url.appendingPathComponent("later.mp4")
        try Self.copy(of: clip, flippingPacketAt: 8.0, packets: packets, to: later)
        #expect(try Self.digest(later, start: 4.2, end: 5.5).digest == window, "a packet three seconds after the window")
        #expect(try Self.digest(later, start: 7.5, end: 8.5).digest != (try Self.digest(clip, start: 7.5, end: 8.5).digest))

        let earlier = folder.url.appendingPathComponent("earlier.mp4")
        try Self.copy(of: clip, flippingPacketAt: 1.0, packets: packets, to: earlier)
        #expect(try Self.digest(earlier, start: 4.2, end: 5.5).digest == window, "a packet before the window's keyframe")

        for seconds in [2.0, 4.0, 5.0, 5.5] {
            let inside = folder.url.appendingPathComponent("inside-\(seconds).mp4")
            try Self.copy(of: clip, flippingPacketAt: seconds, packets: packets, to: inside)
            #expect(try Self.digest(inside, start: 4.2, end: 5.5).digest != window, "a packet at \(seconds) s, which the window decodes")
        }
    }

    @Test("a window that runs past the clip's end reads to the end; one at its start reads from the first packet")
    func windowsAtTheEdges() throws {
        let folder = try TestMedia.makeFolder()
        let clip = folder.url.appendingPathComponent("two-seconds.mp4")
        try TestMedia.writeClip(to: clip, fps: 30, count: 60, keyframeInterval: 30) { frame, index in
            frame.fill(y: UInt8(16 + 3 * index), u: 128, v: 128)
        }
        let whole = try Self.digest(clip, start: 0, end: 2).summary
        #expect(whole.packets == 60 && whole.reachedEnd)
        let past = try Self.digest(clip, start: 1.5, end: 3).summary
        #expect(past.packets == 60 && past.reachedEnd, "the keyframe before a second and a half early is the first")
        let head = try Self.digest(clip, start: 0, end: 0.5).summary
        #expect(head.packets < 30 && !head.reachedEnd, "\(head.packets) packets")
        #expect(throws: MediaError.self) { try Self.digest(folder.url.appendingPathComponent("missing.mp4"), start: 0, end: 1) }
    }
}
