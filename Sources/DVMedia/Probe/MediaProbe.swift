internal import CFFmpeg
import DVMetadata
import DVPlanning
import Foundation

/// Reads what the library index needs from a file's headers and stream info, without decoding it whole.
public enum MediaProbe {
    /// Container tag names for the capture metadata phones write.
    public enum TagKey {
        public static let localCreationDate = "com.apple.quicktime.creationdate"
        public static let creationTime = "creation_time"
        public static let contentIdentifier = "com.apple.quicktime.content.identifier"
        /// The camera's maker, as iPhones and as Android phones tag their movies.
        public static let make = ["com.apple.quicktime.make", "com.android.manufacturer"]
        /// The camera's model, likewise.
        public static let model = ["com.apple.quicktime.model", "com.android.model"]
        /// Where the movie was shot, ISO 6709: Apple's key, then QuickTime's `©xyz` (which FFmpeg calls
        /// `location`, also what Android writes), with or without its language suffix.
        public static let position = ["com.apple.quicktime.location.ISO6709", "location", "location-eng"]
    }

    /// Probes `url`; any failure (missing, empty, not media, damaged) becomes `.unreadable` with FFmpeg's message,
    /// and so does Dolby Vision profile 5, whose pictures only Dolby's decoder can show.
    ///
    /// A `.heic`/`.heif` file whose `ftyp` names HEIF is a still without asking FFmpeg (see `HEIFSniff`). A
    /// still's Live Photo identifier comes from its Apple MakerNote (see `StillContentIdentifier`): in a JPEG's
    /// APP1 segment, or in a HEIF's `Exif` item. A JPEG or HEIC that is an Android Motion Photo is the clip
    /// inside it (see `motionPhoto(_:)`).
    public static func probe(_ url: URL) -> ProbeResult {
        if HEIFSniff.extensions.contains(url.pathExtension.lowercased()),
            let start = bytes(of: url, at: 0, length: HEIFSniff.prefixLength), HEIFSniff.isHEIF(start)
        {
            if let motionPhoto = motionPhoto(url) {
                return motionPhoto
            }
            let exifItem = HEIFSniff.exifItemLocation(in: start).flatMap { bytes(of: url, at: $0.offset, length: $0.length) }
            let camera = exifItem.flatMap(ExifCamera.read(exifItem:))
            return .media(
                MediaInfo(
                    container: HEIFSniff.containerName, duration: nil, video: nil, audio: nil,
                    tags: CaptureTags(
                        contentIdentifier: exifItem.flatMap(StillContentIdentifier.read(exifItem:)), make: camera?.make, model: camera?.model,
                        position: exifItem.flatMap(ExifPosition.read(exifItem:)).flatMap(GeoPosition.init)),
                    isStill: true))
        }
        if let motionPhoto = motionPhoto(url) {
            return motionPhoto
        }
        do {
            let input = try InputFile(url: url)
            guard input.firstStream(.video) != nil || input.firstStream(.audio) != nil else {
                return .unreadable(reason: "\(url.path): no video or audio stream")
            }
            if let video = input.firstStream(.video), let dolbyVision = dv_stream_dovi_configuration(input.stream(video)),
                dolbyVision.pointee.dv_profile == 5
            {
                return .unreadable(
                    reason:
                        "\(url.path): Dolby Vision profile 5 has no base layer that can be shown without Dolby's decoder; export it as HDR10, HLG or SDR"
                )
            }
            var found = info(of: input)
            if found.isStill, let start = bytes(of: url, at: 0, length: StillContentIdentifier.prefixLength) {
                found.tags.contentIdentifier = found.tags.contentIdentifier ?? StillContentIdentifier.read(jpeg: start)
                let camera = ExifCamera.read(in: start)
                found.tags.make = found.tags.make ?? camera?.make
                found.tags.model = found.tags.model ?? camera?.model
                found.tags.position = found.tags.position ?? ExifPosition.read(in: start).flatMap(GeoPosition.init)
            }
            return .media(found)
        } catch {
            return .unreadable(reason: String(describing: error))
        }
    }

    /// Up to `length` bytes of the file from `offset`, or nil when they cannot be read.
    private static func bytes(of url: URL, at offset: Int, length: Int) -> [UInt8]? {
        guard offset >= 0, let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(offset))) != nil else { return nil }
        return (try? handle.read(upToCount: length)).map { Array($0) }
    }

    /// Demuxers that hold a single picture rather than a movie.
    static func isStillFormat(_ name: String) -> Bool {
        name == "image2" || name.hasSuffix("_pipe") || name == "webp" || name == "heif"
    }

    static func info(of input: InputFile) -> MediaInfo {
        let container = input.formatName
        let still = isStillFormat(container)
        let metadata = input.metadata
        let videoIndex = input.firstStream(.video)
        let creationTime = metadata[TagKey.creationTime] ?? videoIndex.flatMap { input.metadata(stream: $0)[TagKey.creationTime] }
        return MediaInfo(
            container: container,
            duration: still ? nil : input.duration,
            video: videoIndex.map { videoInfo(input.stream($0), still: still) },
            audio: input.chosenAudioStream.map { audioInfo(input.stream($0.stream), choice: $0.choice) },
            tags: CaptureTags(
                localCreationDate: metadata[TagKey.localCreationDate],
                creationTime: creationTime,
                contentIdentifier: metadata[TagKey.contentIdentifier],
                make: TagKey.make.lazy.compactMap { metadata[$0] }.first,
                model: TagKey.model.lazy.compactMap { metadata[$0] }.first,
                position: TagKey.position.lazy.compactMap { metadata[$0].flatMap(GeoPosition.init(iso6709:)) }.first
            ),
            isStill: still
        )
    }

    private static func videoInfo(_ stream: UnsafeMutablePointer<AVStream>, still: Bool) -> VideoStreamInfo {
        let parameters = stream.pointee.codecpar.pointee
        let average = stream.pointee.avg_frame_rate
        let real = stream.pointee.r_frame_rate
        let rate = rational(average) ?? rational(real) ?? 0
        return VideoStreamInfo(
            codec: String(cString: avcodec_get_name(parameters.codec_id)),
            width: Int(parameters.width),
            height: Int(parameters.height),
            frameRate: still ? 0 : rate,
            rotation: rotation(of: stream),
            pixelFormat: av_get_pix_fmt_name(AVPixelFormat(parameters.format)).map { String(cString: $0) } ?? "unknown",
            isVariableFrameRate: !still && isVariable(average: rational(average), real: rational(real)),
            colour: StreamColour(
                primaries: name(av_color_primaries_name(parameters.color_primaries)),
                transfer: name(av_color_transfer_name(parameters.color_trc)),
                matrix: name(av_color_space_name(parameters.color_space)),
                range: name(av_color_range_name(parameters.color_range))
            )
        )
    }

    /// The MOV demuxer computes `avg_frame_rate` from the sample table (frames ÷ total duration) and,
    /// when every sample has the same duration, sets `r_frame_rate` from that one duration; otherwise
    /// `avformat_find_stream_info` estimates `r_frame_rate` as the finest regular rate of the first
    /// timestamps. Even spacing makes the two agree; dropped or uneven frames make them differ.
    static func isVariable(average: Double?, real: Double?) -> Bool {
        guard let average, let real else { return false }
        return abs(average - real) / real > 0.01
    }

    /// Clockwise display rotation in {0, 90, 180, 270} from the stream's display matrix (0 without one).
    private static func rotation(of stream: UnsafeMutablePointer<AVStream>) -> Int {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size),
            size >= 9 * MemoryLayout<Int32>.size
        else { return 0 }
        let counterClockwise = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard counterClockwise.isFinite else { return 0 }
        let quarterTurns = Int((-counterClockwise / 90).rounded())
        return ((quarterTurns % 4) + 4) % 4 * 90
    }

    private static func audioInfo(_ stream: UnsafeMutablePointer<AVStream>, choice: AudioTrackChoice) -> AudioStreamInfo {
        let parameters = stream.pointee.codecpar.pointee
        var layout = AVChannelLayout()
        defer { av_channel_layout_uninit(&layout) }
        if parameters.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            // An MP4 without a `chan` box gives only a channel count; decoders then use the default
            // layout for that count (AAC's channel configurations), so describe that one.
            av_channel_layout_default(&layout, parameters.ch_layout.nb_channels)
        } else {
            var source = parameters.ch_layout
            av_channel_layout_copy(&layout, &source)
        }
        var buffer = [CChar](repeating: 0, count: 64)
        let written = buffer.withUnsafeMutableBufferPointer {
            av_channel_layout_describe(&layout, $0.baseAddress, $0.count)
        }
        return AudioStreamInfo(
            codec: String(cString: avcodec_get_name(parameters.codec_id)),
            sampleRate: Int(parameters.sample_rate),
            channels: Int(parameters.ch_layout.nb_channels),
            layout: written < 0 ? "unknown" : String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            choice: choice
        )
    }

    /// FFmpeg's name for a colour property, `unknown` when it has none.
    private static func name(_ text: UnsafePointer<CChar>?) -> String {
        text.map { String(cString: $0) } ?? "unknown"
    }

    private static func rational(_ value: AVRational) -> Double? {
        value.num > 0 && value.den > 0 ? Double(value.num) / Double(value.den) : nil
    }
}
