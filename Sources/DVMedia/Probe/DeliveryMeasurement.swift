internal import CFFmpeg
import DVMetadata
import Foundation

/// What an MP4 file is, in what the platforms' delivery rules ask of it (DVRender's `DeliveryInspection` judges it):
/// its boxes (`moov` first, edit lists), its video (codec, size, frame rate, chroma, fields, keyframes, closed GOPs,
/// bytes), its sound (codec and profile, sample rate, channels), its length and its size. Every packet of the video
/// is read (not decoded) for the keyframes and the bytes.
package struct DeliveryMeasurement: Sendable {
    /// The file's sound stream.
    package struct Sound: Sendable {
        /// FFmpeg's codec name (`aac`).
        package let codec: String
        /// True for AAC in its low-complexity profile.
        package let isAACLow: Bool
        /// FFmpeg's profile number.
        package let profile: Int
        package let sampleRate: Int
        package let channels: Int
    }

    /// True when the `moov` box comes before the media data.
    package let movieFirst: Bool
    /// The tracks (from 0) that have edit lists.
    package let tracksWithEditLists: [Int]
    /// The video's codec name as FFmpeg gives it (`h264`).
    package let videoCodec: String
    package let width: Int
    package let height: Int
    /// Frames per second: the average rate, else the stream's base rate.
    package let fps: Double
    /// The pixel format's name when its chroma is not halved both ways (4:2:0); nil when it is, or unknown.
    package let pixelFormatNot420: String?
    /// True when the video's fields are declared interlaced.
    package let isInterlaced: Bool
    /// The first sound stream, if there is one.
    package let sound: Sound?
    /// The picture's length in seconds (the video stream's, else the container's).
    package let seconds: Double
    /// The file's size in bytes.
    package let fileBytes: Int
    /// The most frames from one keyframe to the next, or to the end.
    package let longestKeyframeRun: Int
    /// How many keyframes open a GOP whose pictures reach back before them.
    package let openKeyframes: Int
    package let startsWithKeyframe: Bool
    /// The video packets' bytes.
    package let videoBytes: Int

    /// Measures the file at `url`; throws `MediaError` when it cannot be read as a movie.
    package init(url: URL) throws {
        let bytes = try LocalFileBytes(url: url)
        guard let boxes = MovieBoxes(ByteReader(bytes)) else {
            throw MediaError.io(path: url.path, reason: "not an MP4 or MOV file (no moov or mdat box)")
        }
        movieFirst = boxes.movieFirst
        tracksWithEditLists = boxes.tracksWithEditLists
        let file = try InputFile(url: url)
        guard let videoIndex = file.firstStream(.video) else {
            throw MediaError.noStream(kind: "video", path: url.path)
        }
        let video = file.stream(videoIndex).pointee
        videoCodec = String(cString: avcodec_get_name(video.codecpar.pointee.codec_id))
        width = Int(video.codecpar.pointee.width)
        height = Int(video.codecpar.pointee.height)
        let rate = video.avg_frame_rate.num > 0 ? video.avg_frame_rate : video.r_frame_rate
        fps = rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
        let format = AVPixelFormat(rawValue: video.codecpar.pointee.format)
        if let descriptor = av_pix_fmt_desc_get(format), descriptor.pointee.log2_chroma_w != 1 || descriptor.pointee.log2_chroma_h != 1 {
            pixelFormatNot420 = String(cString: descriptor.pointee.name)
        } else {
            pixelFormatNot420 = nil
        }
        let fieldOrder = video.codecpar.pointee.field_order
        isInterlaced = fieldOrder != AV_FIELD_PROGRESSIVE && fieldOrder != AV_FIELD_UNKNOWN
        sound = file.firstStream(.audio).map { audioIndex in
            let audio = file.stream(audioIndex).pointee.codecpar.pointee
            return Sound(
                codec: String(cString: avcodec_get_name(audio.codec_id)),
                isAACLow: audio.codec_id == AV_CODEC_ID_AAC && audio.profile == FF_PROFILE_AAC_LOW, profile: Int(audio.profile),
                sampleRate: Int(audio.sample_rate), channels: Int(audio.ch_layout.nb_channels))
        }
        let pictures = try Self.keyframes(in: file, stream: videoIndex)
        longestKeyframeRun = pictures.longestRun
        openKeyframes = pictures.openKeyframes
        startsWithKeyframe = pictures.startsWithKeyframe
        videoBytes = pictures.bytes
        // The picture's length: without edit lists the container's also counts the sound encoder's priming.
        seconds =
            video.duration > 0 ? Double(video.duration) * Double(video.time_base.num) / Double(video.time_base.den) : file.duration ?? 0
        fileBytes = bytes.size
    }

    /// What the video's packets say of its keyframes: the most frames from one keyframe to the next (or to the
    /// end), how many keyframes open a GOP whose pictures reach back before them, and the video's bytes.
    private static func keyframes(in file: InputFile, stream: Int) throws -> (
        longestRun: Int, openKeyframes: Int, startsWithKeyframe: Bool, bytes: Int
    ) {
        let packet = try Packet()
        var longest = 0, run = 0, open = 0, bytes = 0, first = true, starts = false
        var keyframePTS: Int64?
        var openHere = false
        while try file.read(into: packet) {
            guard packet.streamIndex == stream else { continue }
            bytes += Int(packet.pointer.pointee.size)
            if packet.isKeyframe {
                if first { starts = true }
                longest = max(longest, run)
                run = 0
                keyframePTS = packet.pts
                openHere = false
            } else if let keyframePTS, packet.pts != dv_nopts_value(), packet.pts < keyframePTS, !openHere {
                open += 1
                openHere = true
            }
            first = false
            run += 1
        }
        return (max(longest, run), open, starts, bytes)
    }
}
