internal import CFFmpeg
import DVFiles
import Foundation

/// Writes packets into a container file with libavformat, all-or-nothing: the file appears at its
/// destination only when `finish()` has written the trailer; until then it lives under a temporary name.
package final class Muxer {
    /// Where the finished file goes.
    package let destination: URL
    private let temporary: URL
    private let context: UnsafeMutablePointer<AVFormatContext>
    private var sourceTimeBases: [AVRational] = []
    private var headerWritten = false
    private var trailerWritten = false
    private var finished = false
    private let options: [String: String]

    /// Prepares a file of the given container (`mp4`, `mov`, `matroska`, `image2`, …) at `destination`.
    /// `options` are muxer options such as `movflags=+faststart`.
    package init(destination: URL, format: String, options: [String: String] = [:], bitExact: Bool = true) throws {
        self.destination = destination
        self.options = options
        temporary = FileSync.temporary(for: destination, suffix: "partial")
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(
            avformat_alloc_output_context2(&context, nil, format, temporary.path),
            "preparing a \(format) file", path: destination.path
        )
        guard let context else {
            throw MediaError.ffmpeg(
                operation: "avformat_alloc_output_context2", code: dv_averror(ENOMEM), message: "out of memory", path: destination.path)
        }
        self.context = context
        if bitExact {
            context.pointee.flags |= AVFMT_FLAG_BITEXACT
        }
    }

    deinit {
        if headerWritten && !trailerWritten {
            av_write_trailer(context)
        }
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, context.pointee.pb != nil {
            avio_closep(&context.pointee.pb)
        }
        avformat_free_context(context)
        if !finished {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Adds a stream that will carry `encoder`'s packets; returns its index.
    package func addStream(for encoder: VideoEncoder) throws -> Int {
        try addStream(codecContext: encoder.context)
    }

    /// Adds a stream that will carry `encoder`'s packets; returns its index.
    package func addStream(for encoder: AudioEncoder) throws -> Int {
        try addStream(codecContext: encoder.context)
    }

    private func addStream(codecContext: UnsafeMutablePointer<AVCodecContext>) throws -> Int {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError.ffmpeg(operation: "avformat_new_stream", code: dv_averror(ENOMEM), message: "out of memory", path: destination.path)
        }
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codecContext), "copying codec parameters", path: destination.path)
        stream.pointee.time_base = codecContext.pointee.time_base
        sourceTimeBases.append(codecContext.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// Adds a stream that copies packets of an already encoded stream; returns its index.
    package func addStream(copying parameters: StreamParameters) throws -> Int {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError.ffmpeg(operation: "avformat_new_stream", code: dv_averror(ENOMEM), message: "out of memory", path: destination.path)
        }
        try check(avcodec_parameters_copy(stream.pointee.codecpar, parameters.pointer), "copying codec parameters", path: destination.path)
        stream.pointee.codecpar.pointee.codec_tag = 0
        stream.pointee.time_base = parameters.timeBase
        sourceTimeBases.append(parameters.timeBase)
        return Int(stream.pointee.index)
    }

    /// Sets a container-level metadata tag (before the header is written).
    package func setMetadata(_ key: String, _ value: String) {
        av_dict_set(&context.pointee.metadata, key, value, 0)
    }

    /// Sets a stream-level metadata tag (before the header is written).
    package func setMetadata(_ key: String, _ value: String, stream: Int) {
        av_dict_set(&context.pointee.streams[stream]!.pointee.metadata, key, value, 0)
    }

    /// Marks a video stream as shown rotated clockwise by `degrees`, through a display matrix.
    package func setRotation(degrees: Int, stream: Int) throws {
        let size = MemoryLayout<Int32>.size * 9
        guard let data = av_stream_new_side_data(context.pointee.streams[stream], AV_PKT_DATA_DISPLAYMATRIX, size) else {
            throw MediaError.ffmpeg(operation: "av_stream_new_side_data", code: dv_averror(ENOMEM), message: "out of memory", path: destination.path)
        }
        data.withMemoryRebound(to: Int32.self, capacity: 9) { matrix in
            // av_display_rotation_set takes a clockwise angle (av_display_rotation_get reads it back
            // counter-clockwise, as -90 for a portrait phone clip, which is what players expect).
            av_display_rotation_set(matrix, Double(degrees))
        }
    }

    /// Opens the file and writes the container header.
    package func writeHeader() throws {
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try check(avio_open(&context.pointee.pb, temporary.path, AVIO_FLAG_WRITE), "opening for writing", path: temporary.path)
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&dictionary, key, value, 0)
        }
        if context.pointee.flags & AVFMT_FLAG_BITEXACT != 0 {
            av_dict_set(&dictionary, "fflags", "+bitexact", 0)
        }
        try check(avformat_write_header(context, &dictionary), "writing the header", path: destination.path)
        headerWritten = true
    }

    /// Writes one packet to `stream`, converting its timestamps from the source time base.
    package func write(_ packet: Packet, stream: Int) throws {
        let target = context.pointee.streams[stream]!.pointee.time_base
        packet.pointer.pointee.stream_index = Int32(stream)
        av_packet_rescale_ts(packet.pointer, sourceTimeBases[stream], target)
        try check(av_interleaved_write_frame(context, packet.pointer), "writing a packet", path: destination.path)
    }

    /// Writes the trailer, closes the file and moves it to its destination with one `rename(2)`, which
    /// replaces a previous file atomically: a reader sees the old file or the new one, never neither.
    package func finish() throws {
        trailerWritten = true
        try check(av_write_trailer(context), "writing the trailer", path: destination.path)
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            avio_closep(&context.pointee.pb)
        }
        do {
            try FileSync.sync(temporary)
        } catch let error as FileError {
            throw MediaError.io(path: error.path, reason: error.reason)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            throw MediaError.io(path: destination.path, reason: "could not move the finished file into place: \(String(cString: strerror(code)))")
        }
        finished = true
    }
}
