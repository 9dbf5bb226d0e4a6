import DVMedia
import DVPlanning

/// The output settings that decide every segment's pixels and bytes.
public struct CanvasSettings: Sendable, Hashable, Encodable {
    /// Output width and height in pixels (even).
    public var width: Int
    public var height: Int
    /// Output frames per second.
    public var fps: Int
    /// How a clip fills the canvas.
    public var fit: Job.Output.Fit
    /// Background colour around a contained clip.
    public var background: RGBAColor
    /// `h264`, `hevc` or `av1`.
    public var codec: String
    public var crf: Int
    public var preset: String
    /// Encoder threads per segment, fixed so the bytes do not depend on the machine.
    public var encoderThreads: Int
    /// True to tone map HDR clips into SDR (`output.tone_map: auto`), false to read their values as SDR.
    public var toneMap: Bool
    /// The look applied to every clip (`output.look`), or nil for none.
    public var look: AppliedLook?
    /// Frames between keyframes an output's `profile:` asks for; nil leaves the encoder's (and the key's)
    /// own, so outputs without a profile keep their bytes.
    public var keyframeInterval: Int?
    /// The video bitrate cap of an output's `profile:`, in bits per second; nil for none.
    public var maximumVideoBitrate: Int?
    /// `hlg` for an HLG reel (10-bit BT.2020 canvas and stream); nil for SDR, so SDR outputs keep their keys.
    public var dynamicRange: Job.Output.DynamicRange?

    /// True for an HLG reel.
    public var isHLG: Bool { dynamicRange == .hlg }
    /// The reel's dynamic range.
    public var range: Job.Output.DynamicRange { dynamicRange ?? .sdr }

    public init(
        width: Int, height: Int, fps: Int, fit: Job.Output.Fit, background: RGBAColor, codec: String, crf: Int, preset: String,
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
