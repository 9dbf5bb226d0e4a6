internal import CFFmpeg
import DVMetadata
import DVPlanning
import Foundation

/// What an MP4 file is, measured against a platform's `DeliveryRules`: its boxes (`moov` first, edit
/// lists), its video (codec, size, frame rate, 4:2:0 progressive, keyframe spacing where the platform
/// documents it, closed GOPs, average
/// bitrate), its sound (AAC-LC, sample rate, channels), its length and its size. Every packet of the video
/// is read (not decoded) for the keyframes and the bitrate.
package struct DeliveryInspection: Sendable {
    /// The file inspected.
    package let path: String
    /// What the file is, in one line (`1080x1920, 30 fps, h264, AAC 48 kHz stereo, 0:42, 12.1 MB`).
    package let summary: String
    /// Every rule the file breaks, one line each; empty when it may be uploaded as it is.
    package let problems: [String]

    /// Inspects the file at `url` against `rules`; throws `MediaError` when it cannot be read as a movie.
    package init(url: URL, rules: DeliveryRules) throws {
        path = url.path
        var problems: [String] = []
        let bytes = try LocalFileBytes(url: url)
        let reader = ByteReader(bytes)
        guard let boxes = MovieBoxes(reader) else {
            throw MediaError.io(path: url.path, reason: "not an MP4 or MOV file (no moov or mdat box)")
        }
        if !boxes.movieFirst {
            problems.append("the moov box comes after the media data; \(rules.platform) wants it first (+faststart)")
        }
        if !boxes.tracksWithEditLists.isEmpty {
            let tracks = boxes.tracksWithEditLists.map { String($0 + 1) }.joined(separator: ", ")
            let tracksHave = boxes.tracksWithEditLists.count == 1 ? "track \(tracks) has an edit list" : "tracks \(tracks) have edit lists"
            problems.append("\(tracksHave); \(rules.platform) wants none")
        }
        let file = try InputFile(url: url)
        guard let videoIndex = file.firstStream(.video) else {
            throw MediaError.noStream(kind: "video", path: url.path)
        }
        let video = file.stream(videoIndex).pointee
        let codecName = String(cString: avcodec_get_name(video.codecpar.pointee.codec_id))
        let width = Int(video.codecpar.pointee.width), height = Int(video.codecpar.pointee.height)
        let rate = video.avg_frame_rate.num > 0 ? video.avg_frame_rate : video.r_frame_rate
        let fps = rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
        var summary = ["\(width)x\(height)", "\(Self.decimal(fps)) fps", codecName]

        if !rules.videoCodecs.map(\.rawValue).contains(codecName) {
            problems.append("the video is \(codecName); \(rules.platform) takes \(rules.videoCodecs.map(\.rawValue).joined(separator: " or "))")
        }
        // The NTSC rates (23.976, 29.97, 59.94) are the platforms' 24, 30 and 60.
        let ntsc = 1000.0 / 1001
        if !(Double(rules.frameRates.lowerBound) * ntsc - 0.01...Double(rules.frameRates.upperBound) + 0.01).contains(fps) {
            problems.append(
                "the video runs at \(Self.decimal(fps)) fps; \(rules.platform) takes \(rules.frameRates.lowerBound)–\(rules.frameRates.upperBound)")
        }
        problems += rules.sizeProblems(width: width, height: height)
        let format = AVPixelFormat(rawValue: video.codecpar.pointee.format)
        if let descriptor = av_pix_fmt_desc_get(format), descriptor.pointee.log2_chroma_w != 1 || descriptor.pointee.log2_chroma_h != 1 {
            problems.append("the video's pixels are \(String(cString: descriptor.pointee.name)); \(rules.platform) wants 4:2:0")
        }
        let fieldOrder = video.codecpar.pointee.field_order
        if fieldOrder != AV_FIELD_PROGRESSIVE, fieldOrder != AV_FIELD_UNKNOWN {
            problems.append("the video is interlaced; \(rules.platform) wants progressive pictures")
        }

        if let audioIndex = file.firstStream(.audio) {
            let audio = file.stream(audioIndex).pointee.codecpar.pointee
            let audioCodec = String(cString: avcodec_get_name(audio.codec_id))
            let channels = Int(audio.ch_layout.nb_channels), sampleRate = Int(audio.sample_rate)
            summary.append("\(audioCodec == "aac" ? "AAC" : audioCodec) \(Self.decimal(Double(sampleRate) / 1000)) kHz \(Self.channels(channels))")
            if audio.codec_id != AV_CODEC_ID_AAC || audio.profile != FF_PROFILE_AAC_LOW {
                problems.append("the sound is \(audioCodec) (profile \(audio.profile)); \(rules.platform) wants AAC-LC")
            }
            if !rules.sampleRates.contains(sampleRate) {
                let rates = rules.sampleRates.map { "\(Self.decimal(Double($0) / 1000)) kHz" }.joined(separator: " or ")
                problems.append("the sound is sampled at \(Self.decimal(Double(sampleRate) / 1000)) kHz; \(rules.platform) takes \(rates)")
            }
            if channels > rules.maximumChannels {
                problems.append("the sound has \(channels) channels; \(rules.platform) takes at most \(rules.maximumChannels)")
            }
        }

        let pictures = try Self.keyframes(in: file, stream: videoIndex)
        // The picture's length: without edit lists the container's also counts the sound encoder's priming.
        let seconds =
            video.duration > 0 ? Double(video.duration) * Double(video.time_base.num) / Double(video.time_base.den) : file.duration ?? 0
        summary.append(DeliveryRules.minutes(seconds))
        summary.append(String(format: "%.1f MB", Double(bytes.size) / 1_000_000))
        if !rules.seconds.contains(seconds) {
            problems.append(
                "the reel lasts \(DeliveryRules.minutes(seconds)); \(rules.platform) takes \(DeliveryRules.minutes(rules.seconds.lowerBound))–\(DeliveryRules.minutes(rules.seconds.upperBound))"
            )
        }
        if Int64(bytes.size) > rules.maximumBytes {
            problems.append("the file is \(bytes.size) bytes; \(rules.platform) takes at most \(rules.maximumBytes)")
        }
        if !pictures.startsWithKeyframe {
            problems.append("the video does not start with a keyframe")
        }
        let interval = rules.keyframeInterval(fps: Int(fps.rounded()))
        if rules.keyframeSecondsDocumented, pictures.longestRun > interval {
            problems.append(
                "keyframes are up to \(pictures.longestRun) frames apart; \(rules.platform) wants one every \(Self.decimal(rules.keyframeSeconds)) s (\(interval) frames)"
            )
        }
        if pictures.openKeyframes > 0 {
            problems.append(
                "\(pictures.openKeyframes) GOPs are open (pictures after a keyframe shown before it); \(rules.platform) wants closed GOPs")
        }
        if let cap = rules.maximumVideoBitrate, seconds > 0 {
            let bitrate = Double(pictures.bytes) * 8 / seconds
            if bitrate > Double(cap) {
                problems.append(
                    "the video averages \(Self.decimal(bitrate / 1_000_000)) Mbit/s; \(rules.platform) takes at most \(Self.decimal(Double(cap) / 1_000_000))"
                )
            }
        }
        self.summary = summary.joined(separator: ", ")
        self.problems = problems
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

    private static func decimal(_ value: Double) -> String {
        guard value != value.rounded() else { return String(Int(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private static func channels(_ count: Int) -> String {
        switch count {
        case 1: "mono"
        case 2: "stereo"
        default: "\(count) channels"
        }
    }
}
