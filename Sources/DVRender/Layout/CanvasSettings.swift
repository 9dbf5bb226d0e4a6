import DVMedia
import DVPlanning
import DVSignal

/// The output settings that decide every segment's pixels and bytes.
package struct CanvasSettings: Sendable, Hashable, Encodable {
    /// Output width and height in pixels (even).
    package var width: Int
    package var height: Int
    /// Output frames per second.
    package var fps: Int
    /// How a clip fills the canvas.
    package var fit: Job.Output.Fit
    /// Background colour around a contained clip.
    package var background: RGBAColor
    /// `h264`, `hevc` or `av1`, as the job says (`Job.Output.VideoCodec`).
    package var codec: VideoCodec
    package var crf: Int
    package var preset: String
    /// Encoder threads per segment, fixed so the bytes do not depend on the machine.
    package var encoderThreads: Int
    /// True to tone map HDR clips into SDR (`output.tone_map: auto`), false to read their values as SDR.
    package var toneMap: Bool
    /// The look applied to every clip (`output.look`), or nil for none.
    package var look: AppliedLook?
    /// Frames between keyframes an output's `profile:` asks for; nil leaves the encoder's (and the key's)
    /// own, so outputs without a profile keep their bytes.
    package var keyframeInterval: Int?
    /// The video bitrate cap of an output's `profile:`, in bits per second; nil for none.
    package var maximumVideoBitrate: Int?
    /// The margins overlays, captions and cards keep out of (`output.safe_area` or the profile's); nil for
    /// none, so outputs without one keep their keys and bytes.
    package var safeArea: SafeArea?
    /// The canvas's pixels, made once from the output's `dynamic_range` and handed to every stage: 8-bit
    /// BT.709 for SDR, 10-bit BT.2020 HLG (canvas and stream) for HLG.
    package var format: CanvasFormat = .sdr8

    package init(
        width: Int, height: Int, fps: Int, fit: Job.Output.Fit, background: RGBAColor, codec: VideoCodec, crf: Int, preset: String,
        encoderThreads: Int, toneMap: Bool = true, look: AppliedLook? = nil
    ) {
        self.width = width
        self.height = height
        self.fps = fps
        self.fit = fit
        self.background = background
        self.codec = codec
        self.crf = crf
        self.preset = preset
        self.encoderThreads = encoderThreads
        self.toneMap = toneMap
        self.look = look
    }
}

extension CanvasSettings {
    private enum CodingKeys: String, CodingKey {
        case width, height, fps, fit, background, codec, crf, preset, encoderThreads, toneMap, look, keyframeInterval, maximumVideoBitrate, safeArea
        case dynamicRange
    }

    /// The settings as segment keys name them: an HLG canvas as `dynamicRange: hlg`, an SDR one by nothing,
    /// so SDR outputs keep the keys they had before HLG existed.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(fps, forKey: .fps)
        try container.encode(fit, forKey: .fit)
        try container.encode(background, forKey: .background)
        try container.encode(codec, forKey: .codec)
        try container.encode(crf, forKey: .crf)
        try container.encode(preset, forKey: .preset)
        try container.encode(encoderThreads, forKey: .encoderThreads)
        try container.encode(toneMap, forKey: .toneMap)
        try container.encodeIfPresent(look, forKey: .look)
        try container.encodeIfPresent(keyframeInterval, forKey: .keyframeInterval)
        try container.encodeIfPresent(maximumVideoBitrate, forKey: .maximumVideoBitrate)
        try container.encodeIfPresent(safeArea, forKey: .safeArea)
        switch format {
        case .sdr8: break
        case .hlg10: try container.encode(Job.Output.DynamicRange.hlg, forKey: .dynamicRange)
        }
    }
}
