internal import CFFmpeg
import DVMetadata
import Foundation

/// What rendering a window of a movie consumes, written out as bytes for a digest: each video and audio
/// stream's parameters (codec, size, pixel format, colour tags, extradata, time base, start, frame rate,
/// the stream's side data such as its display matrix and Dolby Vision configuration) and every packet of those
/// streams, with its timestamps, flags and side data, from the keyframe before the window to its end.
///
/// The packets cover what `ClipReader` and `AudioClipReader` read for any part of the window, with room
/// to spare: from the keyframe at or before a second and a half before the window (the readers seek half a
/// second, or four frames, before what they show), up to the first packet of each stream decoded after the
/// window's end (a picture shown inside the window is decoded before its time, and so are the pictures it
/// refers to). Two files that give the same bytes here render the window alike; a change anywhere else in
/// the file (a later scene, another still, a trailer) leaves them as they were. The bytes are read by the
/// same demuxer whether the file is on disk or on a server, so a file gives one digest wherever it lies.
package enum WindowContent {
    /// The version of this material: a change to what it writes changes every clip's digest, so it is part of it.
    static let version = 1
    /// How far before the window the packets start, in seconds: past both readers' own margins.
    static let lead = 1.5
    /// How far past the window's end each stream is followed, in seconds (rounding of the window to milliseconds and to frames).
    static let tail = 0.1

    /// What was read: the packets written, and where the reading stopped.
    package struct Summary: Sendable, Equatable {
        /// Packets of the window's streams written.
        package var packets: Int
        /// Bytes of those packets' payloads.
        package var payloadBytes: Int
        /// Whether the file ended before every stream had passed the window's end.
        package var reachedEnd: Bool
    }

    /// Writes the material of the window `[start, end)` seconds of the file at `location` (or of the movie at
    /// its `byteRange`) to `output`, a piece at a time. A demuxing error inside the window is written as the error's
    /// code and ends the material, as it would end a render at the same place.
    ///
    /// - Throws: `MediaError` when the file cannot be opened as a movie, or when a file on a server cannot be read.
    @discardableResult
    package static func write(
        _ location: MediaLocation, start: Double, end: Double, to output: @escaping (UnsafeRawBufferPointer) -> Void
    ) throws -> Summary {
        try write(container: ContainerReader(location), start: start, end: end, to: output)
    }

    static func write(
        container: ContainerReader, start: Double, end: Double, to output: @escaping (UnsafeRawBufferPointer) -> Void
    ) throws -> Summary {
        let material = Material(write: output)
        material.integers([Int64(version)])
        let video = try container.bestVideoStream()
        let streams = (0..<Int(container.context.pointee.nb_streams)).filter { index in
            let stream = container.stream(index)
            let kind = stream.pointee.codecpar.pointee.codec_type
            return (kind == AVMEDIA_TYPE_VIDEO || kind == AVMEDIA_TYPE_AUDIO)
                && stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
        }
        for index in streams {
            material.stream(container.stream(index), index: index)
        }
        // The readers count time from a stream's start; the earliest and latest starts bound where that is.
        let starts = streams.map { index -> Double in
            let stream = container.stream(index)
            let first = stream.pointee.start_time
            return first == dv_nopts_value() ? 0 : Double(first) * av_q2d(stream.pointee.time_base)
        }
        let earliest = min(0, starts.min() ?? 0), latest = max(0, starts.max() ?? 0)
        let videoStream = container.stream(video)
        let rate = videoStream.pointee.avg_frame_rate
        let frame = rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : 0
        let from = start - max(lead, 4 * frame + 1)
        if from > 0 {
            let timeBase = videoStream.pointee.time_base
            try container.seek(stream: video, toKeyframeBefore: Int64(((earliest + from) / av_q2d(timeBase)).rounded(.down)))
        }
        let until = latest + end + tail
        var open = Set(streams)
        let packet = try Packet()
        var summary = Summary(packets: 0, payloadBytes: 0, reachedEnd: false)
        while !open.isEmpty {
            av_packet_unref(packet.pointer)
            let status = av_read_frame(container.context, packet.pointer)
            if status == dv_averror_eof() {
                summary.reachedEnd = true
                material.integers([Int64(status)])
                break
            }
            if status < 0 {
                if let failure = container.readFailure {
                    throw MediaError.io(path: container.path, reason: failure)
                }
                material.integers([Int64(status)])
                break
            }
            let index = Int(packet.pointer.pointee.stream_index)
            guard open.contains(index) else { continue }
            let stream = container.stream(index)
            let decodedAt = packet.pointer.pointee.dts != dv_nopts_value() ? packet.pointer.pointee.dts : packet.pointer.pointee.pts
            if decodedAt != dv_nopts_value(), Double(decodedAt) * av_q2d(stream.pointee.time_base) >= until {
                open.remove(index)
                continue
            }
            material.packet(packet.pointer.pointee)
            summary.packets += 1
            summary.payloadBytes += Int(packet.pointer.pointee.size)
        }
        return summary
    }

    /// The material's writer: integers as eight little-endian bytes, byte strings after their length.
    private struct Material {
        let write: (UnsafeRawBufferPointer) -> Void

        func integers(_ values: [Int64]) {
            values.map(\.littleEndian).withUnsafeBytes(write)
        }

        func bytes(_ base: UnsafePointer<UInt8>?, count: Int) {
            integers([Int64(count)])
            guard let base, count > 0 else { return }
            write(UnsafeRawBufferPointer(start: base, count: count))
        }

        func stream(_ stream: UnsafeMutablePointer<AVStream>, index: Int) {
            let codec = stream.pointee.codecpar.pointee
            let layout = codec.ch_layout
            integers([
                Int64(index), Int64(codec.codec_type.rawValue), Int64(codec.codec_id.rawValue), Int64(codec.codec_tag),
                Int64(codec.format), Int64(codec.profile), Int64(codec.level), Int64(codec.width), Int64(codec.height),
                Int64(codec.sample_aspect_ratio.num), Int64(codec.sample_aspect_ratio.den), Int64(codec.field_order.rawValue),
                Int64(codec.color_range.rawValue), Int64(codec.color_primaries.rawValue), Int64(codec.color_trc.rawValue),
                Int64(codec.color_space.rawValue), Int64(codec.chroma_location.rawValue), Int64(codec.bits_per_raw_sample),
                Int64(codec.video_delay), Int64(codec.sample_rate), Int64(layout.order.rawValue), Int64(layout.nb_channels),
                // A custom layout's union holds a pointer to its channel map: its channels are written below instead.
                layout.order == AV_CHANNEL_ORDER_CUSTOM ? 0 : Int64(bitPattern: layout.u.mask),
                Int64(codec.frame_size), Int64(codec.initial_padding), Int64(codec.trailing_padding),
                Int64(codec.seek_preroll), Int64(codec.block_align),
                Int64(stream.pointee.time_base.num), Int64(stream.pointee.time_base.den), stream.pointee.start_time,
                Int64(stream.pointee.avg_frame_rate.num), Int64(stream.pointee.avg_frame_rate.den), Int64(stream.pointee.disposition)
            ])
            if layout.order == AV_CHANNEL_ORDER_CUSTOM, let channels = layout.u.map {
                integers((0..<Int(layout.nb_channels)).map { Int64(channels[$0].id.rawValue) })
            }
            bytes(codec.extradata, count: Int(codec.extradata_size))
            let sideData = (0..<Int(stream.pointee.nb_side_data)).map { stream.pointee.side_data[$0] }
            integers([Int64(sideData.count)])
            for item in sideData {
                integers([Int64(item.type.rawValue)])
                bytes(item.data, count: item.size)
            }
        }

        func packet(_ packet: AVPacket) {
            integers([
                Int64(packet.stream_index), packet.pts, packet.dts, packet.duration, Int64(packet.flags),
                Int64(packet.side_data_elems)
            ])
            for item in (0..<Int(packet.side_data_elems)).map({ packet.side_data[$0] }) {
                integers([Int64(item.type.rawValue)])
                bytes(item.data, count: item.size)
            }
            bytes(packet.data, count: Int(packet.size))
        }
    }
}
