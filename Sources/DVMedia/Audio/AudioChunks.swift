internal import CFFmpeg
import DVSignal
import Foundation

/// One AAC packet of an encoded stretch of a sound track, as kept between runs.
package struct EncodedAudioPacket: Sendable, Equatable {
    /// Presentation time in samples of the track (the first packet of a track is at −1024: the priming).
    package var pts: Int64
    /// Samples the packet decodes to (1024, or fewer for the track's last).
    package var duration: Int64
    package var isKeyframe: Bool
    package var data: Data

    package init(pts: Int64, duration: Int64, isKeyframe: Bool, data: Data) {
        self.pts = pts
        self.duration = duration
        self.isKeyframe = isKeyframe
        self.data = data
    }
}

/// A sound track cut into chunks of `chunkLength` samples, each encoded to AAC by an encoder of its own,
/// so chunks can be encoded on several cores at once and a chunk whose samples did not change can be
/// taken from an earlier run.
///
/// A chunk's encoder first hears `preRoll` samples of the track before the chunk (so its
/// psychoacoustic model and rate control have settled when the chunk begins) and goes on `postRoll`
/// samples after it (a packet's transform covers the next two frames, and the model looks one frame
/// further); only the packets whose time falls in the chunk are kept. Neighbouring packets from two
/// encoders overlap-add over the same samples, so the decoded track runs on across a chunk boundary.
/// The first chunk keeps the priming packet and the last one the track's shorter last packet, so one
/// chunk alone is exactly the track encoded whole.
package struct AudioChunking: Sendable {
    /// Samples per AAC frame.
    package static let frameSize = 1024
    /// Samples per chunk: 240 AAC frames, 5.12 s at 48 kHz.
    package static let chunkLength = 240 * frameSize
    static let preRoll = 4 * frameSize
    static let postRoll = 4 * frameSize

    /// Samples in the whole track.
    package let length: Int
    /// Bits per second of the AAC stream.
    package let bitrate: Int

    package init(length: Int, bitrate: Int) {
        self.length = max(0, length)
        self.bitrate = bitrate
    }

    /// How many chunks the track has (one, even when the track is empty).
    package var chunkCount: Int { max(1, (length + Self.chunkLength - 1) / Self.chunkLength) }

    /// The samples chunk `index` keeps packets for.
    package func kept(_ index: Int) -> Range<Int> {
        min(length, index * Self.chunkLength)..<min(length, (index + 1) * Self.chunkLength)
    }

    /// The samples chunk `index`'s encoder hears: its kept range with the pre-roll and the post-roll.
    package func input(_ index: Int) -> Range<Int> {
        let kept = kept(index)
        return max(0, kept.lowerBound - Self.preRoll)..<min(length, kept.upperBound + Self.postRoll)
    }

    /// Encodes chunk `index` from `samples`, the track over `input(index)`.
    package func encode(chunk index: Int, samples: StereoSamples) throws -> [EncodedAudioPacket] {
        let input = input(index)
        precondition(samples.count == input.count, "a chunk is encoded from exactly its input range")
        let kept = kept(index)
        let isFirst = index == 0
        let isLast = index == chunkCount - 1
        let encoder = try AudioEncoder(settings: .stereoTrack(bitrate: bitrate))
        var packets: [EncodedAudioPacket] = []
        let keep = { (packet: Packet) in
            guard isFirst || packet.pts >= Int64(kept.lowerBound), isLast || packet.pts < Int64(kept.upperBound) else { return }
            packets.append(EncodedAudioPacket(pts: packet.pts, duration: packet.duration, isKeyframe: packet.isKeyframe, data: packet.data))
        }
        try encoder.encode(samples, range: 0..<samples.count, firstPTS: Int64(input.lowerBound), output: keep)
        try encoder.flush(output: keep)
        return packets
    }

    /// The bytes a chunk's packets are kept as: per packet its pts, duration, flags, size and payload.
    package static func serialize(_ packets: [EncodedAudioPacket]) -> Data {
        var data = Data()
        for packet in packets {
            for value in [packet.pts, packet.duration, packet.isKeyframe ? 1 : 0, Int64(packet.data.count)] {
                withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
            }
            data.append(packet.data)
        }
        return data
    }

    /// The packets `serialize` wrote, or nil when the bytes are not such a list (a damaged file).
    package static func deserialize(_ data: Data) -> [EncodedAudioPacket]? {
        var packets: [EncodedAudioPacket] = []
        var offset = data.startIndex
        func readInt64() -> Int64? {
            guard data.endIndex - offset >= 8 else { return nil }
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data[offset..<offset + 8]) }
            offset += 8
            return Int64(littleEndian: value)
        }
        while offset < data.endIndex {
            guard let pts = readInt64(), let duration = readInt64(), let flags = readInt64(), let size = readInt64(),
                flags == 0 || flags == 1, size >= 0, size <= data.endIndex - offset
            else { return nil }
            packets.append(EncodedAudioPacket(pts: pts, duration: duration, isKeyframe: flags == 1, data: data[offset..<offset + Int(size)]))
            offset += Int(size)
        }
        return packets
    }
}

/// Writes already encoded AAC packets, in order, as one track in an `.m4a` (all-or-nothing, through
/// `Muxer`'s temporary name).
package final class EncodedAudioTrackWriter {
    private let muxer: Muxer
    private let stream: Int

    /// Starts a track of AAC at `bitrate` bits per second, 48 kHz stereo: the settings the packets were encoded with.
    package init(destination: URL, bitrate: Int) throws {
        // An encoder with the packets' settings gives the stream its parameters (and the same codec header).
        let encoder = try AudioEncoder(settings: .stereoTrack(bitrate: bitrate))
        muxer = try Muxer(destination: destination, format: "ipod")
        stream = try muxer.addStream(for: encoder)
        try muxer.writeHeader()
    }

    /// Appends `packets` after those written before.
    package func write(_ packets: [EncodedAudioPacket]) throws {
        for encoded in packets {
            let packet = try Packet(data: encoded.data)
            packet.pointer.pointee.pts = encoded.pts
            packet.pointer.pointee.dts = encoded.pts
            packet.duration = encoded.duration
            if encoded.isKeyframe {
                packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
            }
            try muxer.write(packet, stream: stream)
        }
    }

    /// Writes the trailer and moves the file into place.
    package func finish() throws {
        try muxer.finish()
    }
}
