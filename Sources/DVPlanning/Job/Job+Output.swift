import Foundation

extension Job {
    /// The rendered file and its encoding.
    public struct Output: Sendable, Hashable, Codable {
        /// Absolute path of the reel.
        public var path: String
        /// The output's name (`run --output NAME`, `outputs.json`): given in `outputs:`, else the file's
        /// name without its extension.
        public var name: String {
            get { givenName ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }
            set { givenName = newValue }
        }
        /// The name `outputs:` gave, if any.
        public var givenName: String?
        public var resolution: Resolution
        /// Shapes a preset resolution; ignored with `WxH`.
        public var aspect: AspectRatio
        public var fit: Fit
        public var background: RGBAColor
        public var fps: Int
        public var video: VideoEncoding
        public var audio: AudioEncoding
        /// Adds a `mov_text` subtitle track with each day's date and caption; default false.
        public var subtitles: Bool
        /// Whether HDR clips are tone mapped into the reel's SDR BT.709; default `auto`.
        public var toneMap: ToneMap
        /// The reel's dynamic range (`dynamic_range:`): SDR BT.709, or 10-bit BT.2020 HLG; default `sdr`.
        public var dynamicRange: DynamicRange = .sdr
        /// A look applied to every clip after its colour conversion and before overlays; none by default.
        public var look: Look?
        /// The platform the reel is made for (`profile:`): sets its keyframes, bitrate cap and container,
        /// and has the plan and the file checked against it; none by default.
        public var profile: DeliveryProfile?
        /// Where `profile:` stands in the job, for the plan's and the file's checks to point at.
        public var profileLocation: SourceLocation?
        /// The margins given by hand (`safe_area:`), in place of the profile's; none by default.
        public var safeArea: SafeArea?
        /// The WebDAV collection or S3 prefix the finished reel is uploaded to under its file's name
        /// (`publish:`, an address ending in `/`); none by default.
        public var publish: String?
        /// Whether the published reel may replace a file of the same name at `publish` (`publish_overwrite:`);
        /// false by default, so that publishing never destroys what is there.
        public var publishOverwrite = false

        public init(
            path: String, resolution: Resolution = .preset(1080), aspect: AspectRatio = .widescreen, fit: Fit = .contain,
            background: RGBAColor = .black, fps: Int = 30, video: VideoEncoding = VideoEncoding(), audio: AudioEncoding = AudioEncoding(),
            subtitles: Bool = false, toneMap: ToneMap = .auto
        ) {
            self.path = path
            self.resolution = resolution
            self.aspect = aspect
            self.fit = fit
            self.background = background
            self.fps = fps
            self.video = video
            self.audio = audio
            self.subtitles = subtitles
            self.toneMap = toneMap
        }

        /// A colour look from a `.cube` file, mixed with the picture by `strength` (1: all look, 0: none).
        public struct Look: Sendable, Hashable, Codable {
            /// Absolute path of the `.cube` file.
            public var lut: String
            public var strength: Double

            public init(lut: String, strength: Double = 1) {
                self.lut = lut
                self.strength = strength
            }
        }

        /// Width and height of the reel in pixels.
        public var frameSize: (width: Int, height: Int) { resolution.frameSize(aspect: aspect) }

        /// The margins overlays keep out of: `safe_area:` as given, else the profile's as its platform shows
        /// a frame of this size, else none.
        public var overlaySafeArea: SafeArea {
            if let safeArea { return safeArea }
            let size = frameSize
            return profile?.rules.safeArea.shown(width: size.width, height: size.height) ?? .none
        }

        /// How a clip of another shape fills the frame.
        public enum Fit: String, Sendable, Hashable, Codable, CaseIterable {
            /// The whole picture, scaled to fit, centred on `background` (letter- or pillarboxes).
            case contain
            /// The canvas filled, the picture scaled to cover it and cropped centred.
            case cover
            /// The whole picture, centred, over a blurred and darkened copy of itself that covers the canvas.
            case blur
            /// The canvas filled, as `cover`, with the crop window following the faces in the clip (still, or
            /// panning smoothly), else what moves in it, else what stands out; `blur` for a clip whose faces
            /// cannot share one window; centred without any of these.
            case subject

            /// True for the fits that fill the canvas by cropping the picture.
            public var crops: Bool { self == .cover || self == .subject }
        }

        /// What becomes of high dynamic range (HLG, PQ) clips.
        public enum ToneMap: String, Sendable, Hashable, Codable, CaseIterable {
            /// Converted to SDR BT.709: reference white to SDR white, highlights rolled off, colours kept.
            case auto
            /// Their values read as if they were SDR, for those who grade the reel themselves.
            case off
        }

        /// The light a reel holds.
        public enum DynamicRange: String, Sendable, Hashable, Codable, CaseIterable {
            /// 8-bit BT.709 limited range: HDR clips tone mapped (as `tone_map` says).
            case sdr
            /// 10-bit BT.2020 HLG (BT.2100) for a 1000 cd/m² display: HLG clips carried as they are, PQ clips
            /// converted, SDR clips, captions and cards at BT.2408's reference white (75% HLG). HEVC or AV1.
            case hlg
        }

        /// Video codec settings.
        public struct VideoEncoding: Sendable, Hashable, Codable {
            public var codec: VideoCodec
            /// Constant rate factor, 0…51 (1…63 for AV1; lower is better quality).
            public var crf: Int
            /// An x264/x265 speed preset.
            public var preset: EncoderPreset

            public init(codec: VideoCodec = .h264, crf: Int = 20, preset: EncoderPreset = .veryfast) {
                self.codec = codec
                self.crf = crf
                self.preset = preset
            }
        }

        /// Audio codec settings; the output is 48 kHz stereo.
        public struct AudioEncoding: Sendable, Hashable, Codable {
            public var codec: AudioCodec
            public var bitrate: Bitrate

            public init(codec: AudioCodec = .aac, bitrate: Bitrate = Bitrate(bitsPerSecond: 160_000)) {
                self.codec = codec
                self.bitrate = bitrate
            }
        }

        /// Output video codecs.
        public enum VideoCodec: String, Sendable, Hashable, Codable, CaseIterable {
            case h264
            case hevc
            /// SVT-AV1; its `crf` runs 1–63 (default 35), its speed from `preset`'s x264 name.
            case av1

            /// The `crf` values the codec takes, and its default.
            public var crfRange: ClosedRange<Int> { self == .av1 ? 1...63 : 0...51 }
            public var defaultCRF: Int { self == .av1 ? 35 : 20 }
        }

        /// Output audio codecs.
        public enum AudioCodec: String, Sendable, Hashable, Codable, CaseIterable {
            case aac
        }

        /// x264's speed presets, fastest first.
        public enum EncoderPreset: String, Sendable, Hashable, Codable, CaseIterable {
            case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo
        }
    }
}
