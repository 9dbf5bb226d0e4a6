import DVMedia
import DVPlanning
import Foundation

/// An MP4 file measured against a platform's `DeliveryRules` (`DeliveryMeasurement` in DVMedia reads it): its
/// boxes (`moov` first, edit lists), its video (codec, size, frame rate, 4:2:0 progressive, keyframe spacing where
/// the platform documents it, closed GOPs, average bitrate), its sound (AAC-LC, sample rate, channels), its length
/// and its size.
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
        let file = try DeliveryMeasurement(url: url)
        var problems: [String] = []
        if !file.movieFirst {
            problems.append("the moov box comes after the media data; \(rules.platform) wants it first (+faststart)")
        }
        if !file.tracksWithEditLists.isEmpty {
            let tracks = file.tracksWithEditLists.map { String($0 + 1) }.joined(separator: ", ")
            let tracksHave = file.tracksWithEditLists.count == 1 ? "track \(tracks) has an edit list" : "tracks \(tracks) have edit lists"
            problems.append("\(tracksHave); \(rules.platform) wants none")
        }
        let fps = file.fps
        var summary = ["\(file.width)x\(file.height)", "\(Self.decimal(fps)) fps", file.videoCodec]

        if !rules.videoCodecs.map(\.rawValue).contains(file.videoCodec) {
            problems.append(
                "the video is \(file.videoCodec); \(rules.platform) takes \(rules.videoCodecs.map(\.rawValue).joined(separator: " or "))")
        }
        // The NTSC rates (23.976, 29.97, 59.94) are the platforms' 24, 30 and 60.
        let ntsc = 1000.0 / 1001
        if !(Double(rules.frameRates.lowerBound) * ntsc - 0.01...Double(rules.frameRates.upperBound) + 0.01).contains(fps) {
            problems.append(
                "the video runs at \(Self.decimal(fps)) fps; \(rules.platform) takes \(rules.frameRates.lowerBound)–\(rules.frameRates.upperBound)")
        }
        problems += rules.sizeProblems(width: file.width, height: file.height)
        if let pixelFormat = file.pixelFormatNot420 {
            problems.append("the video's pixels are \(pixelFormat); \(rules.platform) wants 4:2:0")
        }
        if file.isInterlaced {
            problems.append("the video is interlaced; \(rules.platform) wants progressive pictures")
        }

        if let sound = file.sound {
            let kilohertz = Self.decimal(Double(sound.sampleRate) / 1000)
            summary.append("\(sound.codec == "aac" ? "AAC" : sound.codec) \(kilohertz) kHz \(Self.channels(sound.channels))")
            if !sound.isAACLow {
                problems.append("the sound is \(sound.codec) (profile \(sound.profile)); \(rules.platform) wants AAC-LC")
            }
            if !rules.sampleRates.contains(sound.sampleRate) {
                let rates = rules.sampleRates.map { "\(Self.decimal(Double($0) / 1000)) kHz" }.joined(separator: " or ")
                problems.append("the sound is sampled at \(kilohertz) kHz; \(rules.platform) takes \(rates)")
            }
            if sound.channels > rules.maximumChannels {
                problems.append("the sound has \(sound.channels) channels; \(rules.platform) takes at most \(rules.maximumChannels)")
            }
        }

        let seconds = file.seconds
        summary.append(DeliveryRules.minutes(seconds))
        summary.append(String(format: "%.1f MB", Double(file.fileBytes) / 1_000_000))
        if !rules.seconds.contains(seconds) {
            problems.append(
                "the reel lasts \(DeliveryRules.minutes(seconds)); \(rules.platform) takes \(DeliveryRules.minutes(rules.seconds.lowerBound))–\(DeliveryRules.minutes(rules.seconds.upperBound))"
            )
        }
        if Int64(file.fileBytes) > rules.maximumBytes {
            problems.append("the file is \(file.fileBytes) bytes; \(rules.platform) takes at most \(rules.maximumBytes)")
        }
        if !file.startsWithKeyframe {
            problems.append("the video does not start with a keyframe")
        }
        let interval = rules.keyframeInterval(fps: Int(fps.rounded()))
        if rules.keyframeSecondsDocumented, file.longestKeyframeRun > interval {
            problems.append(
                "keyframes are up to \(file.longestKeyframeRun) frames apart; \(rules.platform) wants one every \(Self.decimal(rules.keyframeSeconds)) s (\(interval) frames)"
            )
        }
        if file.openKeyframes > 0 {
            problems.append(
                "\(file.openKeyframes) GOPs are open (pictures after a keyframe shown before it); \(rules.platform) wants closed GOPs")
        }
        if let cap = rules.maximumVideoBitrate, seconds > 0 {
            let bitrate = Double(file.videoBytes) * 8 / seconds
            if bitrate > Double(cap) {
                problems.append(
                    "the video averages \(Self.decimal(bitrate / 1_000_000)) Mbit/s; \(rules.platform) takes at most \(Self.decimal(Double(cap) / 1_000_000))"
                )
            }
        }
        self.summary = summary.joined(separator: ", ")
        self.problems = problems
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
