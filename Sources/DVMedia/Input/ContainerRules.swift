internal import CFFmpeg
import Foundation

/// What libavformat may open when dvpipe opens a file: only the containers of the movies, pictures and sound
/// dvpipe reads (`format_whitelist`), through the `file` protocol only (`subfile` too for a movie inside a
/// picture; nothing under custom I/O), and nothing but the file dvpipe names (`io_open`). A file that names
/// other inputs (an HLS playlist, a DASH manifest, an ffconcat list, a VobSub index, an SDP session, …) is
/// refused before its demuxer reads it, so it opens neither a file nor an address it lists.
enum ContainerRules {
    /// The demuxers dvpipe reads: MP4/MOV/M4A/3GP, Matroska/WebM, AVI and MPEG-TS movies; a JPEG, PNG or WebP
    /// picture (`image2` by its name, or the `_pipe` demuxers by its content); MP3, AAC, WAV, FLAC, Ogg and
    /// AIFF sound. None of them opens another input as dvpipe opens them (`openingOptions`).
    static let formats: Set<Substring> = [
        "mov", "mp4", "m4a", "3gp", "3g2", "mj2", "matroska", "webm", "avi", "mpegts",
        "image2", "jpeg_pipe", "png_pipe", "webp_pipe",
        "mp3", "aac", "wav", "flac", "ogg", "aiff"
    ]

    /// FFmpeg 5.1's demuxers that a file's content can select and that open further inputs it names (segments,
    /// listed files, chunks, a `.sub` beside it, the network addresses it gives), none of them in `formats`:
    /// what a refusal says of a file read as one. (`imf` and `rtsp` also open others, but only when asked for
    /// by name or by an `rtsp:` address, which dvpipe never does.)
    static let namingOtherInputs: Set<String> = ["hls", "dash", "concat", "mlv", "vobsub", "sdp"]

    /// The options given to `avformat_open_input` for a file opened by name (`protocols`, e.g. `file`) or
    /// through custom I/O (`protocols` empty): the whitelists, `image2` reading the one file named (never a
    /// numbered sequence or a glob its name could spell), and a movie's data references left unopened.
    static func openingOptions(protocols: String) -> OpaquePointer? {
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", formats.sorted().joined(separator: ","), 0)
        av_dict_set(&options, "protocol_whitelist", protocols, 0)
        av_dict_set(&options, "pattern_type", "none", 0)
        av_dict_set(&options, "enable_drefs", "0", 0)
        return options
    }

    /// The protocols a local file is opened through: `file`, and `subfile` for the movie at a byte range.
    static func protocols(byteRange: Range<Int>?) -> String {
        byteRange == nil ? "file" : "subfile,file"
    }

    /// An `io_open` that opens only the name the format context was opened with, and nothing under custom I/O
    /// (where that name is read through the caller's own I/O): every other input a demuxer asks for is refused.
    static let openNamedOnly:
        @convention(c) (
            UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?, UnsafePointer<CChar>?, Int32,
            UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32 = { context, io, url, flags, options in
            guard let context, let url, let named = context.pointee.url, context.pointee.flags & AVFMT_FLAG_CUSTOM_IO == 0, strcmp(url, named) == 0
            else { return dv_averror(EPERM) }
            return defaultOpen(context, io, url, flags, options)
        }

    /// libavformat's own `io_open`, which `openNamedOnly` hands the named file to.
    private nonisolated(unsafe) static let defaultOpen = {
        var context = avformat_alloc_context()
        defer { avformat_free_context(context) }
        return context!.pointee.io_open!
    }()

    /// The demuxer FFmpeg takes the input at `url` for, read through `io` from its start, when it is not one of
    /// `formats` (so the file was refused for being what it is); nil when it is one, or none reads it.
    static func refusedFormat(url: String, io: UnsafeMutablePointer<AVIOContext>) -> String? {
        var format: UnsafePointer<AVInputFormat>?
        guard av_probe_input_buffer2(io, &format, url, nil, 0, 0) >= 0, let format else { return nil }
        let name = String(cString: format.pointee.name)
        // A demuxer has one name or several (`mov,mp4,m4a,3gp,3g2,mj2`), as the whitelist matches them.
        return name.split(separator: ",").contains(where: formats.contains) ? nil : name
    }

    /// `refusedFormat(url:io:)` for a local file opened by name through `protocols`.
    static func refusedFormat(url: String, protocols: String) -> String? {
        var options: OpaquePointer? = nil
        av_dict_set(&options, "protocol_whitelist", protocols, 0)
        defer { av_dict_free(&options) }
        var io: UnsafeMutablePointer<AVIOContext>?
        guard avio_open2(&io, url, AVIO_FLAG_READ, nil, &options) >= 0, let opened = io else { return nil }
        defer { avio_closep(&io) }
        return refusedFormat(url: url, io: opened)
    }

    /// How FFmpeg describes the demuxer `name` (`Apple HTTP Live Streaming`), or the name itself.
    static func describe(_ name: String) -> String {
        av_find_input_format(name).flatMap { $0.pointee.long_name }.map { String(cString: $0) } ?? name
    }
}
