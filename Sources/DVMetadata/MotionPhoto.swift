/// Finds the MP4 movie an Android "Motion Photo" JPEG or HEIC carries beside its picture, without FFmpeg, in
/// the layouts phones write (a HEIC's are in `MotionPhoto+HEIF.swift`): Google's Motion Photo 1.0 (XMP
/// `Camera:MotionPhoto` and a `Container:Directory` of the items appended to the JPEG), the older Pixel
/// MicroVideo (XMP `GCamera:MicroVideoOffset`, counted from the end of the file), and Samsung's
/// (`MotionPhoto_Data` after the image, up to its `SEFH`…`SEFT` trailer).
///
/// Every offset and length is checked against the file: the movie must lie after the JPEG image and inside the
/// file, and start with an `ftyp` box. The JPEG's end marker is not needed (some Pixels leave it out): without
/// it, the image's headers bound the movie's start and Samsung's marker is searched for from there. A file
/// that claims a movie and fails a check is `.malformed`.
public struct MotionPhoto: Sendable, Hashable {
    /// The ways phones append the movie.
    public enum Layout: String, Sendable, Hashable {
        case motionPhoto = "motion_photo"
        case microVideo = "micro_video"
        case samsung
        /// A HEIC's top-level `mpvd` box (Google's and Samsung's HEIC Motion Photos).
        case heicBox = "mpvd"
    }

    /// Which layout the file uses.
    public var layout: Layout
    /// Where the movie starts, in bytes from the start of the file.
    public var videoOffset: Int
    /// How many bytes the movie takes.
    public var videoLength: Int
    /// Where the still lies in the movie's timeline, in microseconds, when the XMP says so (Google's -1,
    /// "unspecified", reads as nil; Samsung's layout never says).
    public var presentationTimestampMicroseconds: Int?

    /// The ASCII name of the Samsung data block that holds the movie; the movie follows it at once.
    private static let samsungMarker = Array("MotionPhoto_Data".utf8)
    /// The bytes of a Samsung data block before its name: two zero bytes, a type, the name's length.
    private static let samsungBlockHeaderLength = 8
    /// Most entries a Samsung trailer's directory may list; real ones list a handful.
    private static let maximumSamsungEntries = 1_000
    /// The shortest movie accepted: one box header.
    private static let minimumVideoLength = 8

    /// The movie embedded in `bytes` (a whole file), or why a file that claims one does not hold it.
    public static func locate(in bytes: [UInt8]) -> MotionPhotoResult {
        if HEIFSniff.isHEIF(bytes) { return heifVideo(bytes) }
        guard let jpeg = JPEGSegments(bytes) else { return .notMotionPhoto }
        let image = ImageExtent(jpeg)
        if let packet = jpeg.xmp {
            let xmp = XMPProperties(packet: bytes[packet])
            if xmp.cameraValue("MotionPhoto") == "1" { return directoryVideo(xmp, image, bytes) }
            if xmp.cameraValue("MicroVideo") == "1" { return microVideo(xmp, image, bytes) }
        }
        return samsungVideo(image, bytes)
    }

    /// Where the picture a movie is appended to ends, and how a reason names that place; nil `end` when the
    /// file shows no end at all.
    struct ImageExtent {
        var end: Int?
        var description: String
    }

    /// Google's layout: the directory's `MotionPhoto` item, found by adding up, from the end of the file, the
    /// lengths of the items from it to the last and the paddings between them.
    static func directoryVideo(_ xmp: XMPProperties, _ image: ImageExtent, _ bytes: [UInt8]) -> MotionPhotoResult {
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
                return .malformed(reason: "its Motion Photo directory gives item \(index + 1) the length \(quoted(text)), not a byte count")
            }
            var padding = 0
            if index < items.count - 1, let paddingText = items[index]["Padding"] {
                guard let value = wholeNumber(paddingText) else {
                    return .malformed(
                        reason: "its Motion Photo directory gives item \(index + 1) the padding \(quoted(paddingText)), not a byte count")
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
        guard tail <= bytes.count else {
            let what = video == items.count - 1 ? "the video is" : "the video and the items after it take"
            return .malformed(reason: "its Motion Photo directory says \(what) \(grouped(tail)) bytes but the file has \(grouped(bytes.count))")
        }
        let timestamp = wholeNumber(xmp.cameraValue("MotionPhotoPresentationTimestampUs"))
        let found = MotionPhoto(
            layout: .motionPhoto, videoOffset: bytes.count - tail, videoLength: videoLength,
            presentationTimestampMicroseconds: timestamp)
        return checked(found, image, bytes)
    }

    /// The Pixel MicroVideo layout: the movie is the file's last `MicroVideoOffset` bytes.
    private static func microVideo(_ xmp: XMPProperties, _ image: ImageExtent, _ bytes: [UInt8]) -> MotionPhotoResult {
        if let version = xmp.cameraValue("MicroVideoVersion"), version != "1" {
            return .malformed(reason: "its MicroVideo version is \(quoted(version)); only version 1 is known")
        }
        guard let text = xmp.cameraValue("MicroVideoOffset") else {
            return .malformed(reason: "its XMP says it is a MicroVideo but gives no MicroVideoOffset")
        }
        guard let length = wholeNumber(text) else {
            return .malformed(reason: "its MicroVideoOffset is \(quoted(text)), not a byte count")
        }
        guard length <= bytes.count else {
            return .malformed(
                reason: "its MicroVideoOffset says the video is the last \(grouped(length)) bytes but the file has \(grouped(bytes.count))")
        }
        let timestamp = wholeNumber(xmp.cameraValue("MicroVideoPresentationTimestampUs"))
        let found = MotionPhoto(
            layout: .microVideo, videoOffset: bytes.count - length, videoLength: length,
            presentationTimestampMicroseconds: timestamp)
        return checked(found, image, bytes)
    }

    /// Samsung's layout: the movie follows the first `MotionPhoto_Data` after the image. When the file ends with
    /// Samsung's trailer (a little-endian length and `SEFT`, pointing back at an `SEFH` directory), the movie ends
    /// where the directory says the marker's data block ends, or at the directory when no entry is for that
    /// block; without the trailer it runs to the end of the file. The search reads each byte after the image once.
    static func samsungVideo(_ image: ImageExtent, _ bytes: [UInt8]) -> MotionPhotoResult {
        guard let imageEnd = image.end, let marker = firstIndex(of: samsungMarker, in: bytes, from: imageEnd) else {
            return .notMotionPhoto
        }
        let start = marker + samsungMarker.count
        let file = BoundedBytes(bytes: bytes, start: 0, end: bytes.count)
        guard file.matches(Array("SEFT".utf8), at: bytes.count - 4) else {
            return checked(MotionPhoto(layout: .samsung, videoOffset: start, videoLength: bytes.count - start), image, bytes)
        }
        guard let length = file.uint32(at: bytes.count - 8, .littleEndian).map(Int.init),
            let directory = file.slice(from: bytes.count - 8 - length, count: length),
            directory.start >= start, directory.matches(Array("SEFH".utf8), at: 0)
        else {
            return .malformed(reason: "its Samsung trailer (SEFT) does not point at an SEFH directory after the video")
        }
        guard let end = samsungBlockEnd(block: marker - samsungBlockHeaderLength, dataStart: start, directory: directory) else {
            return .malformed(reason: "its Samsung trailer says the MotionPhoto_Data block ends before the video or past the trailer")
        }
        return checked(MotionPhoto(layout: .samsung, videoOffset: start, videoLength: end - start), image, bytes)
    }

    /// Where the SEF data block that starts at `block` ends by its entry in the `SEFH` directory (after a
    /// 12-byte header, 12-byte entries: a type, how far before the directory the block starts, its length; all
    /// little-endian): the directory's start when no entry is for that block, nil when its entry's length ends
    /// the block before `dataStart` or past the directory.
    private static func samsungBlockEnd(block: Int, dataStart: Int, directory: BoundedBytes) -> Int? {
        guard let count = directory.uint32(at: 8, .littleEndian) else { return directory.start }
        for index in 0..<min(Int(count), maximumSamsungEntries) {
            guard let distance = directory.uint32(at: 16 + 12 * index, .littleEndian),
                let length = directory.uint32(at: 20 + 12 * index, .littleEndian)
            else { break }
            guard directory.start - Int(distance) == block else { continue }
            let end = block + Int(length)
            return end >= dataStart && end <= directory.start ? end : nil
        }
        return directory.start
    }

    /// `found` when its movie lies after the picture and inside the file and opens with an `ftyp` box that
    /// fits in it; else why not.
    static func checked(_ found: MotionPhoto, _ image: ImageExtent, _ bytes: [UInt8]) -> MotionPhotoResult {
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
        let video = BoundedBytes(bytes: bytes, start: 0, end: bytes.count).slice(from: found.videoOffset, count: found.videoLength)
        guard let video else {
            return .malformed(reason: "its video would run past the end of the file (\(grouped(bytes.count)) bytes)")
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

    /// Where `pattern` first occurs in `bytes` at or after `start`.
    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = pattern.first, start >= 0 else { return nil }
        var candidate = start
        while candidate <= bytes.count - pattern.count {
            guard let found = bytes[candidate...(bytes.count - pattern.count)].firstIndex(of: first) else { return nil }
            if bytes[found..<found + pattern.count].elementsEqual(pattern) { return found }
            candidate = found + 1
        }
        return nil
    }

    /// An XMP value as a reason quotes it: in quotes, on one line, cut after 24 characters.
    private static func quoted(_ text: String) -> String {
        let line = text.prefix(24).map { $0.isNewline ? " " : String($0) }.joined()
        return "\"\(line)\(text.count > 24 ? "…" : "")\""
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
public enum MotionPhotoResult: Sendable, Hashable {
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
