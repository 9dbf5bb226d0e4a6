/// Finds the MP4 movie an Android "Motion Photo" JPEG or HEIC carries beside its picture, without FFmpeg, in
/// the layouts phones write (a HEIC's are in `MotionPhoto+HEIF.swift`): Google's Motion Photo 1.0 (XMP
/// `Camera:MotionPhoto` and a `Container:Directory` of the items appended to the JPEG), the older Pixel
/// MicroVideo (XMP `GCamera:MicroVideoOffset`, counted from the end of the file), and Samsung's
/// (`MotionPhoto_Data` after the image, up to its `SEFH`…`SEFT` trailer).
///
/// Every offset and length is checked against the file: the movie must lie after the JPEG's headers and inside
/// the file, and start with an `ftyp` box. The picture itself is never read, so neither is its end marker (some
/// Pixels leave it out). A file that claims a movie and fails a check is `.malformed`.
package struct MotionPhoto: Sendable, Hashable {
    /// The ways phones append the movie.
    package enum Layout: String, Sendable, Hashable {
        case motionPhoto = "motion_photo"
        case microVideo = "micro_video"
        case samsung
        /// A HEIC's top-level `mpvd` box (Google's and Samsung's HEIC Motion Photos).
        case heicBox = "mpvd"
    }

    /// Which layout the file uses.
    package var layout: Layout
    /// Where the movie starts, in bytes from the start of the file.
    package var videoOffset: Int
    /// How many bytes the movie takes.
    package var videoLength: Int
    /// Where the still lies in the movie's timeline, in microseconds, when the XMP says so (Google's -1,
    /// "unspecified", reads as nil; Samsung's layout never says).
    package var presentationTimestampMicroseconds: Int?

    /// The ASCII name of the Samsung data block that holds the movie; the movie follows it at once.
    private static let samsungMarker = Array("MotionPhoto_Data".utf8)
    /// The bytes of a Samsung data block before its name: two zero bytes, a type, the name's length.
    private static let samsungBlockHeaderLength = 8
    /// Most entries a Samsung trailer's directory may list; real ones list a handful.
    private static let maximumSamsungEntries = 1_000
    /// The shortest movie accepted: one box header.
    private static let minimumVideoLength = 8

    /// The movie embedded in a file, or why a file that claims one does not hold it. Only the file's headers, its
    /// XMP, its end (a Samsung trailer) and the movie's first bytes are read.
    package static func locate(in file: ByteReader) -> MotionPhotoResult {
        if HEIFSniff.isHEIF(file) { return heifVideo(file) }
        guard let jpeg = JPEGSegments(file) else { return .notMotionPhoto }
        let image = ImageExtent(jpeg)
        if let packet = jpeg.xmp, let bytes = file.bytes(packet) {
            let xmp = XMPProperties(packet: bytes[...])
            if xmp.cameraValue("MotionPhoto") == "1" { return directoryVideo(xmp, image, file) }
            if xmp.cameraValue("MicroVideo") == "1" { return microVideo(xmp, image, file) }
        }
        return samsungVideo(image, file)
    }

    /// `locate(in:)` of a whole file in memory.
    package static func locate(in bytes: [UInt8]) -> MotionPhotoResult {
        locate(in: ByteReader(bytes: bytes))
    }

    /// Where the picture a movie is appended to ends, and how a reason names that place; nil `end` when the
    /// file shows no end at all.
    struct ImageExtent {
        var end: Int?
        var description: String
    }

    /// Google's layout: the directory's `MotionPhoto` item, found by adding up, from the end of the file, the
    /// lengths of the items from it to the last and the paddings between them.
    static func directoryVideo(_ xmp: XMPProperties, _ image: ImageExtent, _ file: ByteReader) -> MotionPhotoResult {
        let items = xmp.items
        guard let primary = items.first else {
            return .malformed(reason: "its XMP says it is a Motion Photo but has no Container:Directory")
        }
        guard primary["Semantic"] == "Primary" else {
            return .malformed(reason: "its Motion Photo directory does not start with the primary image")
        }
        guard let video = items.firstIndex(where: { $0["Semantic"] == "MotionPhoto" }) else {
            return .malformed(reason: "its Motion Photo directory lists no MotionPhoto item")
        }
        var tail = 0
        var videoLength = 0
        for index in video..<items.count {
            guard let text = items[index]["Length"] else {
                return .malformed(reason: "its Motion Photo directory gives item \(index + 1) no Item:Length")
            }
            guard let length = wholeNumber(text) else {
                return .malformed(reason: "its Motion Photo directory gives item \(index + 1) a length that is not a byte count")
            }
            var padding = 0
            if index < items.count - 1, let paddingText = items[index]["Padding"] {
                guard let value = wholeNumber(paddingText) else {
                    return .malformed(
                        reason: "its Motion Photo directory gives item \(index + 1) a padding that is not a byte count")
                }
                padding = value
            }
            let (withLength, lengthOverflow) = tail.addingReportingOverflow(length)
            let (withPadding, paddingOverflow) = withLength.addingReportingOverflow(padding)
            guard !lengthOverflow, !paddingOverflow else {
                return .malformed(reason: "its Motion Photo directory gives lengths larger than any file")
            }
            if index == video { videoLength = length }
            tail = withPadding
        }
        guard tail <= file.size else {
            let what = video == items.count - 1 ? "the video is" : "the video and the items after it take"
            return .malformed(reason: "its Motion Photo directory says \(what) \(grouped(tail)) bytes but the file has \(grouped(file.size))")
        }
        let timestamp = wholeNumber(xmp.cameraValue("MotionPhotoPresentationTimestampUs"))
        let found = MotionPhoto(
            layout: .motionPhoto, videoOffset: file.size - tail, videoLength: videoLength,
            presentationTimestampMicroseconds: timestamp)
        return checked(found, image, file)
    }

    /// The Pixel MicroVideo layout: the movie is the file's last `MicroVideoOffset` bytes.
    private static func microVideo(_ xmp: XMPProperties, _ image: ImageExtent, _ file: ByteReader) -> MotionPhotoResult {
        if let version = xmp.cameraValue("MicroVideoVersion"), version != "1" {
            return .malformed(reason: "its MicroVideo version is not 1, the only version known")
        }
        guard let text = xmp.cameraValue("MicroVideoOffset") else {
            return .malformed(reason: "its XMP says it is a MicroVideo but gives no MicroVideoOffset")
        }
        guard let length = wholeNumber(text) else {
            return .malformed(reason: "its MicroVideoOffset is not a byte count")
        }
        guard length <= file.size else {
            return .malformed(
                reason: "its MicroVideoOffset says the video is the last \(grouped(length)) bytes but the file has \(grouped(file.size))")
        }
        let timestamp = wholeNumber(xmp.cameraValue("MicroVideoPresentationTimestampUs"))
        let found = MotionPhoto(
            layout: .microVideo, videoOffset: file.size - length, videoLength: length,
            presentationTimestampMicroseconds: timestamp)
        return checked(found, image, file)
    }

    /// Samsung's layout: the movie is the data of the `MotionPhoto_Data` block that the file's trailer lists.
    /// The trailer (a little-endian length and `SEFT` at the very end) points back at an `SEFH` directory whose
    /// entries give each block's distance before the directory and its length; each block opens with two zero
    /// bytes, a type, its name's length and its name, and the movie follows the name. Only the trailer, the
    /// directory and the blocks' headers are read. A file without the trailer is no Samsung Motion Photo (as
    /// exiftool reads them); one whose trailer is damaged is searched for the block's name after the image, and
    /// is malformed when it holds one.
    static func samsungVideo(_ image: ImageExtent, _ file: ByteReader) -> MotionPhotoResult {
        guard let imageEnd = image.end, file.size >= 8, file.bytes((file.size - 4)..<file.size) == Array("SEFT".utf8) else {
            return .notMotionPhoto
        }
        let whole = BoundedBytes(whole: file)
        guard let length = whole.uint32(at: file.size - 8, .littleEndian).map(Int.init),
            let directory = whole.slice(from: file.size - 8 - length, count: length), directory.start >= imageEnd,
            directory.matches(Array("SEFH".utf8), at: 0)
        else {
            guard let marker = file.firstIndex(of: samsungMarker, from: imageEnd), marker < file.size - 8 else { return .notMotionPhoto }
            return .malformed(reason: "its Samsung trailer (SEFT) does not point at an SEFH directory after the video")
        }
        guard let block = samsungMovieBlock(directory: directory, file: whole) else { return .notMotionPhoto }
        let start = block.start + samsungBlockHeaderLength + samsungMarker.count
        let end = block.start + block.length
        guard end >= start, end <= directory.start else {
            return .malformed(reason: "its Samsung trailer says the MotionPhoto_Data block ends before the video or past the trailer")
        }
        return checked(MotionPhoto(layout: .samsung, videoOffset: start, videoLength: end - start), image, file)
    }

    /// The `MotionPhoto_Data` block among those the `SEFH` directory lists (after a 12-byte header, 12-byte
    /// entries: a type, how far before the directory the block starts, its length; all little-endian): where it
    /// starts and the length its entry gives; nil when no entry's block carries that name.
    private static func samsungMovieBlock(directory: BoundedBytes, file: BoundedBytes) -> (start: Int, length: Int)? {
        guard let count = directory.uint32(at: 8, .littleEndian) else { return nil }
        for index in 0..<min(Int(count), maximumSamsungEntries) {
            guard let distance = directory.uint32(at: 16 + 12 * index, .littleEndian),
                let length = directory.uint32(at: 20 + 12 * index, .littleEndian)
            else { break }
            let start = directory.start - Int(distance)
            guard start >= 0, file.uint32(at: start + 4, .littleEndian) == UInt32(samsungMarker.count),
                file.matches(samsungMarker, at: start + samsungBlockHeaderLength)
            else { continue }
            return (start, Int(length))
        }
        return nil
    }

    /// `found` when its movie lies after the picture and inside the file and opens with an `ftyp` box that
    /// fits in it; else why not.
    static func checked(_ found: MotionPhoto, _ image: ImageExtent, _ file: ByteReader) -> MotionPhotoResult {
        guard let imageEnd = image.end else {
            return .malformed(reason: "its JPEG has neither an image scan nor an end marker (EOI) for the video to follow")
        }
        guard found.videoOffset >= imageEnd else {
            return .malformed(
                reason: "its video would start at byte \(grouped(found.videoOffset)), inside \(image.description) at byte \(grouped(imageEnd))")
        }
        guard found.videoLength >= minimumVideoLength else {
            return .malformed(reason: "its video would be \(grouped(found.videoLength)) bytes long, too short for an MP4")
        }
        let video = BoundedBytes(whole: file).slice(from: found.videoOffset, count: found.videoLength)
        guard let video else {
            return .malformed(reason: "its video would run past the end of the file (\(grouped(file.size)) bytes)")
        }
        guard video.matches(Array("ftyp".utf8), at: 4), let size = video.number(at: 0, size: 4), size >= 8, size <= found.videoLength
        else {
            return .malformed(reason: "its video at byte \(grouped(found.videoOffset)) does not start with an MP4 ftyp box")
        }
        return .motionPhoto(found)
    }

    /// A decimal XMP value as a count of bytes or microseconds: nil when absent, not a whole number, too large,
    /// or negative (as Google's -1, "unspecified", is).
    static func wholeNumber(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value >= 0 else { return nil }
        return value
    }

    /// A byte count with commas between groups of three digits.
    static func grouped(_ count: Int) -> String {
        let digits = String(count)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}

/// What `MotionPhoto.locate(in:)` makes of a file.
package enum MotionPhotoResult: Sendable, Hashable {
    /// No XMP flag and no Samsung marker: a plain still, or not a JPEG at all.
    case notMotionPhoto
    case motionPhoto(MotionPhoto)
    /// The file claims a movie but its offsets, lengths or bytes say otherwise; `reason` is one line for people.
    case malformed(reason: String)
}

extension MotionPhoto.ImageExtent {
    /// Where a JPEG's image ends for what is appended to it.
    init(_ jpeg: JPEGSegments) {
        self.init(end: jpeg.appendedDataStart, description: jpeg.imageEnd == nil ? "the JPEG image, whose headers end" : "the JPEG image, which ends")
    }
}
