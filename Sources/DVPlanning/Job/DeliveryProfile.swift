/// A platform a reel is made for (`output.profile`): it sets what the platform asks of an upload and has
/// the job and the finished file checked against it (`DeliveryRules`).
public enum DeliveryProfile: String, Sendable, Hashable, Codable, CaseIterable {
    case youtube
    case shorts
    case reels
    case tiktok

    /// What the platform documents for uploads, and the few settings dvpipe chooses where it is silent.
    public var rules: DeliveryRules {
        switch self {
        case .youtube: .youtube
        case .shorts: .shorts
        case .reels: .reels
        case .tiktok: .tiktok
        }
    }
}

/// One platform's figures for an uploaded reel, with where they come from; besides these, every profile
/// asks for the `moov` box first, no edit lists, closed GOPs, AAC-LC sound and 4:2:0 progressive video. The table of docs/delivery.md
/// lists the same figures; a test keeps the two equal.
public struct DeliveryRules: Sendable, Hashable {
    /// The platform's name as users know it.
    public var platform: String
    /// The platform's page the figures come from.
    public var source: String
    /// Frames per second the platform takes.
    public var frameRates: ClosedRange<Int>
    /// Widest picture in pixels, when the platform limits the width.
    public var maximumWidth: Int?
    /// Longest side in pixels, when the platform limits it.
    public var maximumLongSide: Int?
    /// Shortest side in pixels, when the platform asks for one.
    public var minimumShortSide: Int?
    /// True when the picture must be square or taller than wide.
    public var squareOrVertical: Bool
    /// True when an output that gives neither `resolution` nor `aspect` is made 9:16 (the platform shows
    /// reels vertically).
    public var prefersVertical: Bool
    /// Shortest and longest reel, in seconds.
    public var seconds: ClosedRange<Double>
    /// Video codecs the platform takes, by dvpipe's names.
    public var videoCodecs: [Job.Output.VideoCodec]
    /// Audio sample rates the platform takes, in Hz.
    public var sampleRates: [Int]
    /// Most audio channels.
    public var maximumChannels: Int
    /// Seconds between keyframes: what the platform asks, or dvpipe's choice (two seconds) where it asks for
    /// closed GOPs without a length.
    public var keyframeSeconds: Double
    /// True when the platform documents the keyframe interval, so that a file with longer GOPs breaks its
    /// rules; false when the interval is only dvpipe's choice.
    public var keyframeSecondsDocumented: Bool
    /// Highest average video bitrate in bits per second, when the platform caps it.
    public var maximumVideoBitrate: Int?
    /// Largest file in bytes.
    public var maximumBytes: Int64
    /// The margins of a full 9:16 screen the platform's interface covers, where overlays are kept out of
    /// (`SafeArea.shown(width:height:)` gives them for a frame of another shape).
    public var safeArea: SafeArea = .none
    /// Where `safeArea` comes from.
    public var safeAreaSource = ""

    /// Frames between keyframes at `fps` (at least 1).
    public func keyframeInterval(fps: Int) -> Int { max(1, Int((Double(fps) * keyframeSeconds).rounded())) }

    /// YouTube's recommended upload encoding settings.
    public static let youtube = DeliveryRules(
        platform: "YouTube", source: "https://support.google.com/youtube/answer/1722171", frameRates: 24...60, maximumWidth: nil,
        maximumLongSide: 7680, minimumShortSide: nil, squareOrVertical: false, prefersVertical: false, seconds: 1...(12 * 3600),
        videoCodecs: [.h264, .hevc], sampleRates: [48_000, 96_000], maximumChannels: 2,
        keyframeSeconds: 0.5, keyframeSecondsDocumented: true,
        maximumVideoBitrate: nil, maximumBytes: 256_000_000_000, safeArea: .none,
        safeAreaSource: "none: YouTube's player draws nothing over a playing video (its controls show on a tap or a hover and hide again)")

    /// YouTube Shorts: YouTube's encoding, square or vertical, up to three minutes.
    public static let shorts: DeliveryRules = {
        var rules = youtube
        rules.platform = "YouTube Shorts"
        rules.source = "https://support.google.com/youtube/answer/15424877"
        rules.squareOrVertical = true
        rules.prefersVertical = true
        rules.seconds = 1...180
        rules.safeArea = SafeArea(top: 0.15, bottom: 0.35, left: 0.045, right: 0.178)
        rules.safeAreaSource =
            "Google's safe zone for vertical YouTube video ads (https://support.google.com/google-ads/answer/13547298): 288, 672, 48 and 192 px of 1080×1920, as https://shotstack.io/learn/vertical-video-safe-zones/ gives them"
        return rules
    }()

    /// The Instagram Graph API's video specification for Reels.
    public static let reels = DeliveryRules(
        platform: "Instagram Reels",
        source: "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media#reel-specifications",
        frameRates: 23...60, maximumWidth: 1920, maximumLongSide: nil, minimumShortSide: nil, squareOrVertical: false, prefersVertical: true,
        seconds: 3...900,
        videoCodecs: [.h264, .hevc], sampleRates: [48_000], maximumChannels: 2,
        keyframeSeconds: 2, keyframeSecondsDocumented: false,
        maximumVideoBitrate: 25_000_000, maximumBytes: 1_000_000_000, safeArea: SafeArea(top: 0.14, bottom: 0.35, left: 0.06, right: 0.06),
        safeAreaSource:
            "Meta's safe zone for Reels ads: 14 % at the top, 35 % at the bottom, 6 % on each side, as https://shotstack.io/learn/vertical-video-safe-zones/ gives it"
    )

    /// TikTok's Content Posting API media requirements.
    public static let tiktok = DeliveryRules(
        platform: "TikTok", source: "https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide",
        frameRates: 23...60, maximumWidth: nil, maximumLongSide: 4096, minimumShortSide: 360, squareOrVertical: false, prefersVertical: true,
        seconds: 1...600,
        videoCodecs: [.h264, .hevc], sampleRates: [48_000], maximumChannels: 2,
        keyframeSeconds: 2, keyframeSecondsDocumented: false,
        maximumVideoBitrate: nil, maximumBytes: 4_000_000_000, safeArea: SafeArea(top: 0.1, bottom: 0.25, left: 0.06, right: 0.15),
        safeAreaSource:
            "dvpipe's reading of TikTok's in-feed safe-zone template (https://ads.tiktok.com/help/article/tiktok-auction-in-feed-ads), which gives no figures: the tabs at the top, the caption and sound at the bottom, the buttons on the right"
    )

    /// What an output's own settings break (its frame rate, size, shape, codec), each with the job key it
    /// comes from (`fps`, `resolution`, `video.codec`) and one line that says what to change.
    public func problems(of output: Job.Output) -> [(key: String, message: String)] {
        var found: [(String, String)] = []
        if !frameRates.contains(output.fps) {
            found.append(("fps", "\(platform) takes \(frameRates.lowerBound)–\(frameRates.upperBound) fps, not \(output.fps)"))
        }
        let (width, height) = output.frameSize
        found += sizeProblems(width: width, height: height).map { ("resolution", $0) }
        if !videoCodecs.contains(output.video.codec) {
            let names = videoCodecs.map(\.rawValue).joined(separator: " or ")
            found.append(("video.codec", "\(platform) takes \(names) here, not \(output.video.codec.rawValue)"))
        }
        return found
    }

    /// What a picture of `width`×`height` breaks: too wide, too large, too small, or wider than tall where
    /// the platform wants square or vertical pictures.
    public func sizeProblems(width: Int, height: Int) -> [String] {
        var found: [String] = []
        if let maximumWidth, width > maximumWidth {
            found.append("\(platform) takes pictures up to \(maximumWidth) px wide; \(width)x\(height) is wider")
        } else if let maximumLongSide, max(width, height) > maximumLongSide {
            found.append("\(platform) takes pictures up to \(maximumLongSide) px on the long side; \(width)x\(height) is larger")
        }
        if let minimumShortSide, min(width, height) < minimumShortSide {
            found.append("\(platform) takes pictures of at least \(minimumShortSide) px on the short side; \(width)x\(height) is smaller")
        }
        if squareOrVertical, width > height {
            found.append("\(platform) are square or vertical; \(width)x\(height) is wider than tall (try aspect: \"9:16\")")
        }
        return found
    }

    /// What a reel of `seconds` breaks, or nil when its length is within the platform's.
    public func lengthProblem(seconds: Double) -> String? {
        guard !self.seconds.contains(seconds) else { return nil }
        let long = seconds > self.seconds.upperBound
        let limit = long ? "at most \(Self.minutes(self.seconds.upperBound))" : "at least \(Self.minutes(self.seconds.lowerBound))"
        let change = long ? "shorten the timeframe or the clips" : "lengthen the timeframe or the clips"
        return "\(platform) takes a reel of \(limit); this plan's reel is \(Self.minutes(seconds)) (\(change))"
    }

    /// `2:05` for 125 s, `1.5 s` under a minute, `12 h` for whole hours.
    public static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        guard whole >= 60 else {
            let tenths = (seconds * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) s" : "\(tenths) s"
        }
        let rest = whole % 60
        return whole % 3600 == 0 && whole >= 3600 ? "\(whole / 3600) h" : "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}

extension Job {
    /// What the plan decides against each output's profile: a reel of `reelSeconds` too long or too short
    /// for its platform, as an error at the output's `profile:`.
    public func deliveryDiagnostics(reelSeconds: Double) -> [Diagnostic] {
        outputs.compactMap { output in
            guard let profile = output.profile, let location = output.profileLocation,
                let problem = profile.rules.lengthProblem(seconds: reelSeconds)
            else { return nil }
            return Diagnostic(.error, at: location, "profile \(profile.rawValue): \(problem)")
        }
    }
}
