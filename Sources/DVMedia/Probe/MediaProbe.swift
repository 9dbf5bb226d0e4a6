internal import CFFmpeg
import DVMediaFacts
import DVMetadata
import Foundation

/// Reads what the library index needs from a file's headers and stream info, without decoding it whole.
package enum MediaProbe {
    /// Container tag names for the capture metadata phones write.
    package enum TagKey {
        package static let localCreationDate = "com.apple.quicktime.creationdate"
        package static let creationTime = "creation_time"
        package static let contentIdentifier = "com.apple.quicktime.content.identifier"
        /// The camera's maker, as iPhones and as Android phones tag their movies.
        package static let make = ["com.apple.quicktime.make", "com.android.manufacturer"]
        /// The camera's model, likewise.
        package static let model = ["com.apple.quicktime.model", "com.android.model"]
        /// Where the movie was shot, ISO 6709: Apple's key, then QuickTime's `©xyz` (which FFmpeg calls
        /// `location`, also what Android writes), with or without its language suffix.
        package static let position = ["com.apple.quicktime.location.ISO6709", "location", "location-eng"]
    }

    /// Probes the file at `location`; any failure (missing, empty, not media, damaged) becomes `.unreadable` with FFmpeg's message,
    /// and so does Dolby Vision profile 5, whose pictures only Dolby's decoder can show.
    ///
    /// Movies are read by libavformat through a `ByteReader` of `movieBlockSize` blocks. JPEG, HEIC and HEIF files
    /// (in `stillBlockSize` blocks) are read by their structure, never whole (see `still(_:_:)`): a Motion Photo is
    /// the clip inside it, a still is described from its headers. Other files go to FFmpeg.
    package static func probe(_ location: MediaLocation) -> ProbeResult {
        // One reader a file: what the still parsers read stays cached for libavformat, should it be asked after
        // them. A local file that does not open as one is left to libavformat, whose message names the trouble.
        probe(location, reader: reader(of: location))
    }

    /// The reader a probe of `location` reads through: blocks of `stillBlockSize` for a picture, else of
    /// `movieBlockSize`; nil for a local file that does not open as one.
    static func reader(of location: MediaLocation) -> ByteReader? {
        let isPicture = motionPhotoExtensions.contains(location.url.pathExtension.lowercased())
        return try? location.reader(blockSize: isPicture ? stillBlockSize : movieBlockSize, maximumBlocks: maximumBlocks)
    }

    /// `probe(_:)` through `reader` (nil: a local file that does not open as one), which counts what it reads.
    static func probe(_ location: MediaLocation, reader: ByteReader?) -> ProbeResult {
        let isPicture = motionPhotoExtensions.contains(location.url.pathExtension.lowercased())
        if isPicture, let reader {
            let result = still(location, reader)
            if let failure = reader.failure { return .unreadable(reason: String(describing: failure)) }
            if let result { return result }
        }
        do {
            // Through the reader, so a movie's `moov` at its end costs a seek.
            let input =
                try reader.map { reader in
                    prefetchHeader(of: location.byteRange ?? 0..<reader.size, reader)
                    return try InputFile(location, reading: reader, headersOnly: true)
                } ?? InputFile(location)
            guard input.firstStream(.video) != nil || input.firstStream(.audio) != nil else {
                return .unreadable(reason: "\(location.path): no video or audio stream")
            }
            if let video = input.firstStream(.video), let dolbyVision = dv_stream_dovi_configuration(input.stream(video)),
                dolbyVision.pointee.dv_profile == 5
            {
                return .unreadable(
                    reason:
                        "\(location.path): Dolby Vision profile 5 has no base layer that can be shown without Dolby's decoder; export it as HDR10, HLG or SDR"
                )
            }
            var found = info(of: input)
            if found.isStill, let reader {
                found.tags = stillTags(found.tags, reader)
                found.annotations = XMPAnnotations.read(still: reader)
            } else if let reader {
                found.annotations = XMPAnnotations.read(movie: reader, range: location.byteRange ?? 0..<reader.size)
            }
            return .media(found)
        } catch {
            // A read that failed (a server that stopped answering, say) is the reason, not FFmpeg's "I/O error".
            return .unreadable(reason: String(describing: reader?.failure ?? error))
        }
    }

    /// Probes the local file `url`, as `probe(_:)` does.
    package static func probe(_ url: URL) -> ProbeResult {
        probe(.file(url.path))
    }

    /// The block a movie's reader reads at once: its header is read through a 4 KiB buffer, and its `moov`
    /// beforehand in one read (`prefetchHeader(of:_:)`); a movie read further asks for 32 KiB at a time, a
    /// run of blocks read at once.
    static let movieBlockSize = 4 * 1024
    /// Most blocks a probe's reader keeps: 4 MiB, what a movie read past its header may go back to.
    static let maximumBlocks = 1024
    /// The largest `moov` read ahead in one read: half of what the reader keeps (libavformat reads all of it).
    static let largestPrefetchedHeader = 2 * 1024 * 1024

    /// Reads the `moov` box of the movie at `range` in one read, found by its top-level boxes' headers, so that
    /// libavformat's small reads of it are served from the reader's cache; a `moov` too large to keep is left to
    /// libavformat.
    static func prefetchHeader(of range: Range<Int>, _ file: ByteReader) {
        guard let header = MovieBoxes.movieHeader(in: file, range: range), header.count <= largestPrefetchedHeader else { return }
        _ = file.bytes(header)
    }
    /// The block a still's reader reads at once: a JPEG's headers, a HEIF's `meta` box and `Exif` item are a
    /// few KiB each (a run of blocks is read at once).
    static let stillBlockSize = 4 * 1024

    /// A JPEG's, HEIC's or HEIF's probe from its headers, metadata and trailer: a Motion Photo's movie (see
    /// `motionPhoto(_:_:)`), a HEIF still (`HEIFSniff`: FFmpeg 5.1 has no HEIF demuxer), or a JPEG still whose
    /// frame header FFmpeg would describe the same way (`jpegStill(_:_:)`). Nil for a file FFmpeg must probe.
    /// Each one's `annotations` are what its embedded XMP names (`XMPAnnotations`), a movie's from its `uuid` or
    /// `moov/udta/XMP_` box.
    static func still(_ location: MediaLocation, _ file: ByteReader) -> ProbeResult? {
        let url = location.url
        if HEIFSniff.extensions.contains(url.pathExtension.lowercased()), HEIFSniff.isHEIF(file) {
            if let motionPhoto = motionPhoto(location, file) {
                return motionPhoto
            }
            let exifItem = HEIFSniff.exifItemLocation(in: file).flatMap { file.bytes($0.offset..<($0.offset + $0.length)) }
            let camera = exifItem.flatMap(ExifCamera.read(exifItem:))
            return .media(
                MediaInfo(
                    container: HEIFSniff.containerName, duration: nil, video: nil, audio: nil,
                    tags: CaptureTags(
                        localCreationDate: stillCaptureDate(file), contentIdentifier: exifItem.flatMap(StillContentIdentifier.read(exifItem:)),
                        make: camera?.make, model: camera?.model, position: exifItem.flatMap(ExifPosition.read(exifItem:)).flatMap(GeoPosition.init)),
                    isStill: true, annotations: XMPAnnotations.read(still: file)))
        }
        if let motionPhoto = motionPhoto(location, file) {
            return motionPhoto
        }
        return jpegStill(url, file).map { .media($0) }
    }

    /// When a still was taken, from its Exif block: DateTimeOriginal with OffsetTimeOriginal, or the local time
    /// alone when the camera wrote no offset.
    static func stillCaptureDate(_ file: ByteReader) -> String? {
        MotionPhoto.exifCaptureTime(in: file).flatMap { localCreationDate($0.dateTimeOriginal, offset: $0.offsetTimeOriginal) }
    }

    /// `tags` completed from a JPEG still's Exif segment: its capture time, Live Photo identifier
    /// (`StillContentIdentifier`), camera and position, where the container gave none.
    static func stillTags(_ tags: CaptureTags, _ file: ByteReader) -> CaptureTags {
        var tags = tags
        tags.localCreationDate = tags.localCreationDate ?? stillCaptureDate(file)
        tags.contentIdentifier = tags.contentIdentifier ?? StillContentIdentifier.read(jpeg: file)
        let camera = ExifCamera.read(in: file)
        tags.make = tags.make ?? camera?.make
        tags.model = tags.model ?? camera?.model
        tags.position = tags.position ?? ExifPosition.read(in: file).flatMap(GeoPosition.init)
        return tags
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
