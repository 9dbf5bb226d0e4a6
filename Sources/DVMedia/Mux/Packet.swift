internal import CFFmpeg
import Foundation

/// One compressed packet, owning its `AVPacket`.
package final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet (to read into with `InputFile.read(into:)`).
    package init() throws {
        guard let packet = av_packet_alloc() else {
            throw MediaError.ffmpeg(operation: "av_packet_alloc", code: dv_averror(ENOMEM), message: "out of memory", path: nil)
        }
        pointer = packet
    }

    /// A packet holding a copy of `data`, with no timestamps yet.
    convenience init(data: Data) throws {
        try self.init()
        try check(av_new_packet(pointer, Int32(data.count)), "allocating a packet")
        data.withUnsafeBytes { bytes in
            if let source = bytes.baseAddress, bytes.count > 0 {
                pointer.pointee.data.update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
        }
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    /// The packet's payload, copied.
    package var data: Data {
        guard let bytes = pointer.pointee.data, pointer.pointee.size > 0 else { return Data() }
        return Data(bytes: bytes, count: Int(pointer.pointee.size))
    }

    /// Presentation time in the stream's time base.
    package var pts: Int64 { pointer.pointee.pts }
    /// Decoding time in the stream's time base.
    package var dts: Int64 { pointer.pointee.dts }
    /// True for a packet that starts a keyframe.
    package var isKeyframe: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// Drops the payload so the packet can be filled again.
    func reset() { av_packet_unref(pointer) }

    /// The stream the packet belongs to.
    package var streamIndex: Int { Int(pointer.pointee.stream_index) }
    /// Duration in the stream's time base (0 when unknown).
    package var duration: Int64 {
        get { pointer.pointee.duration }
        set { pointer.pointee.duration = newValue }
    }
}
