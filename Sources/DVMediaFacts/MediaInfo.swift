/// The outcome of probing one file.
public enum ProbeResult: Sendable, Hashable, Codable {
    /// The file opened and these are its properties.
    case media(MediaInfo)
    /// The file could not be opened or has nothing decodable; the reason names the failure.
    case unreadable(reason: String)
}

/// What libavformat says about a file from its headers and stream info (no full decode).
public struct MediaInfo: Sendable, Hashable, Codable {
    /// Container format name as libavformat reports it (`mov,mp4,m4a,3gp,3g2,mj2`, `image2`, …).
    public var container: String
    /// Duration in seconds, when the container knows it.
    public var duration: Double?
    /// The first video stream (for a still image, the picture).
    public var video: VideoStreamInfo?
    /// The audio stream the clip is heard through.
    public var audio: AudioStreamInfo?
    /// Capture-time tags read from the container.
    public var tags: CaptureTags
    /// True when the file is a single picture (JPEG, PNG, HEIC) rather than a movie.
    public var isStill: Bool
    /// For a Motion Photo, the movie inside the JPEG, which `duration`, `video` and `audio` describe.
    public var embeddedMovie: EmbeddedMovie?
    /// Who and what the file's embedded XMP names; nil when it names nothing.
    public var annotations: Annotations?

    public init(
        container: String, duration: Double?, video: VideoStreamInfo?, audio: AudioStreamInfo?,
        tags: CaptureTags, isStill: Bool, embeddedMovie: EmbeddedMovie? = nil, annotations: Annotations? = nil
    ) {
        self.container = container
        self.duration = duration
        self.video = video
        self.audio = audio
        self.tags = tags
        self.isStill = isStill
        self.embeddedMovie = embeddedMovie
        self.annotations = annotations
    }
}

/// A video stream's properties.
public struct VideoStreamInfo: Sendable, Hashable, Codable {
    /// Codec name (`h264`, `hevc`, `mjpeg`, …).
    public var codec: String
    /// Coded width and height, before rotation.
    public var width: Int
    public var height: Int
    /// Average frame rate in frames per second (0 when unknown).
    public var frameRate: Double
    /// Rotation to apply for display, clockwise degrees in {0, 90, 180, 270}, from the display matrix.
    public var rotation: Int
    /// Pixel format name (`yuv420p`, `yuv420p10le`, …).
    public var pixelFormat: String
    /// True when the stream's timestamps are not evenly spaced.
    public var isVariableFrameRate: Bool
    /// The colour description the stream declares.
    public var colour: StreamColour

    public init(
        codec: String, width: Int, height: Int, frameRate: Double, rotation: Int, pixelFormat: String,
        isVariableFrameRate: Bool, colour: StreamColour = .unspecified
    ) {
        self.codec = codec
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.rotation = rotation
        self.pixelFormat = pixelFormat
        self.isVariableFrameRate = isVariableFrameRate
        self.colour = colour
    }

    /// Width and height as shown, after rotation.
    public var displaySize: (width: Int, height: Int) {
        rotation % 180 == 0 ? (width, height) : (height, width)
    }
}

/// The properties of the audio stream a clip is heard through (see `AudioTrackChoice`).
public struct AudioStreamInfo: Sendable, Hashable, Codable {
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    /// Channel layout description (`mono`, `stereo`, `5.1`, …).
    public var layout: String
    /// Which of the file's audio tracks this is, and why.
    public var choice: AudioTrackChoice

    public init(
        codec: String, sampleRate: Int, channels: Int, layout: String, choice: AudioTrackChoice = AudioTrackChoice(track: 0, tracks: 1, reason: .only)
    ) {
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.layout = layout
        self.choice = choice
    }
}

/// Capture-time metadata as written by phones, kept as the raw strings.
public struct CaptureTags: Sendable, Hashable, Codable {
    /// `com.apple.quicktime.creationdate`: local time with its UTC offset, e.g. `2024-12-03T23:40:00-0800`.
    public var localCreationDate: String?
    /// `creation_time`: a UTC instant, e.g. `2024-12-04T07:40:00.000000Z`.
    public var creationTime: String?
    /// Apple's Live Photo content identifier, shared by a Live Photo's movie and still: on a movie the
    /// `com.apple.quicktime.content.identifier` tag, on a still the Apple MakerNote tag 0x0011.
    public var contentIdentifier: String?
    /// The camera's maker and model (`Apple`, `iPhone 15 Pro`): a movie's `com.apple.quicktime.make`/`model`
    /// or `com.android.manufacturer`/`model` tags, a still's Exif Make and Model.
    public var make: String?
    public var model: String?
    /// Where the file was shot: a movie's ISO 6709 location tag (`com.apple.quicktime.location.ISO6709`,
    /// `location`), a still's Exif GPS latitude and longitude.
    public var position: GeoPosition?

    public init(
        localCreationDate: String? = nil, creationTime: String? = nil, contentIdentifier: String? = nil, make: String? = nil, model: String? = nil,
        position: GeoPosition? = nil
    ) {
        self.localCreationDate = localCreationDate
        self.creationTime = creationTime
        self.contentIdentifier = contentIdentifier
        self.make = make
        self.model = model
        self.position = position
    }
}

/// The colour description a video stream declares (codec parameters, else the container's `colr` box), in
/// FFmpeg's words as `ffprobe` prints them; `unknown` for what it leaves unspecified.
public struct StreamColour: Sendable, Hashable, Codable {
    public var primaries: String
    public var transfer: String
    public var matrix: String
    /// `tv` (limited), `pc` (full) or `unknown`.
    public var range: String
    /// In a plan, the properties the stream leaves unspecified, which hold dvpipe's conventional guess
    /// (`resolved(width:height:pixelFormat:)`); empty when it says everything. Nil in the index.
    public var assumed: [String]?

    public init(primaries: String, transfer: String, matrix: String, range: String, assumed: [String]? = nil) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.range = range
        self.assumed = assumed
    }

    /// The description rendering uses for a `width`×`height` stream in `pixelFormat`: what it declares,
    /// and for what it leaves unspecified the conventional guess, named in `assumed`. The same rules as
    /// the media layer's `ColourDescription(of:)`: the BT.601 matrix for standard definition (narrower
    /// than 1280 and at most 576 lines; `smpte170m` at 480 lines, `bt470bg` above), BT.709 otherwise;
    /// primaries after the matrix (BT.709 for full range); the SDR curve; limited range unless the pixel
    /// format is a full-range `yuvj` one.
    public func resolved(width: Int, height: Int, pixelFormat: String) -> StreamColour {
        var colour = self
        var assumed: [String] = []
        let sd601 = height > 480 ? "bt470bg" : "smpte170m"
        if !["tv", "pc"].contains(range) {
            colour.range = pixelFormat.hasPrefix("yuvj") ? "pc" : "tv"
            assumed.append("range")
        }
        let matrices = [
            "bt709": "bt709", "smpte240m": "bt709", "bt470bg": "bt601", "smpte170m": "bt601", "fcc": "bt601", "bt2020nc": "bt2020",
            "bt2020c": "bt2020"
        ]
        if matrices[matrix] == nil {
            colour.matrix = width < 1280 && height <= 576 ? sd601 : "bt709"
            assumed.append("matrix")
        }
        if !["bt709", "smpte170m", "smpte240m", "bt470bg", "bt2020", "smpte432"].contains(primaries) {
            colour.primaries =
                switch matrices[colour.matrix] {
                case _ where colour.range == "pc": "bt709"
                case "bt601": sd601
                case "bt2020": "bt2020"
                default: "bt709"
                }
            assumed.append("primaries")
        }
        if ["unknown", "reserved", "unspecified"].contains(transfer) {
            colour.transfer = "bt709"
            assumed.append("transfer")
        }
        colour.assumed = assumed
        return colour
    }

    /// A stream that says nothing of its colours.
    public static let unspecified = StreamColour(primaries: "unknown", transfer: "unknown", matrix: "unknown", range: "unknown")

    /// `HLG` or `PQ` for high dynamic range transfers, nil for SDR.
    public var hdr: String? {
        switch transfer {
        case "arib-std-b67": "HLG"
        case "smpte2084": "PQ"
        default: nil
        }
    }
}
