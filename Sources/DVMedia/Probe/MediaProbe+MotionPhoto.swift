import DVMediaFacts
import DVMetadata
import Foundation

extension MediaProbe {
    /// Extensions of the pictures that may be Motion Photos.
    static let motionPhotoExtensions: Set<String> = ["jpg", "jpeg", "heic", "heif"]

    /// The probe of a JPEG or HEIC that is an Android Motion Photo: the movie inside it, probed in place, as a
    /// clip whose capture time is the picture's EXIF `DateTimeOriginal` with `OffsetTimeOriginal` (else the movie's
    /// own tags, else the name), and the people and keywords of the picture's XMP. Nil for any other JPEG or HEIC; `.unreadable` for one that claims a movie it does
    /// not hold whole, or whose movie does not open.
    static func motionPhoto(_ location: MediaLocation, _ file: ByteReader) -> ProbeResult? {
        switch MotionPhoto.locate(in: file) {
        case .notMotionPhoto:
            return nil
        case .malformed(let reason):
            return .unreadable(reason: "\(location.path): a Motion Photo, but \(reason)")
        case .motionPhoto(let found):
            let movie = EmbeddedMovie(
                layout: found.layout.rawValue, offset: found.videoOffset, length: found.videoLength,
                stillTime: found.presentationTimestampMicroseconds.map { TimeSpan(milliseconds: Int64($0 / 1000)) })
            do {
                prefetchHeader(of: movie.byteRange, file)
                let input = try InputFile(location.inside(movie.byteRange), reading: file, headersOnly: true)
                guard input.firstStream(.video) != nil else {
                    return .unreadable(reason: "\(location.path): the movie inside this Motion Photo has no video stream")
                }
                var info = info(of: input)
                info.isStill = false
                info.embeddedMovie = movie
                if let exif = MotionPhoto.exifCaptureTime(in: file), let offset = exif.offsetTimeOriginal,
                    let local = localCreationDate(exif.dateTimeOriginal, offset: offset)
                {
                    info.tags.localCreationDate = local
                }
                if let camera = ExifCamera.read(in: file) {
                    info.tags.make = camera.make ?? info.tags.make
                    info.tags.model = camera.model ?? info.tags.model
                }
                info.tags.position = ExifPosition.read(in: file).flatMap(GeoPosition.init) ?? info.tags.position
                // The still's XMP names who is in the movie (the movie's own is not read).
                info.annotations = XMPAnnotations.read(still: file)
                return .media(info)
            } catch {
                return .unreadable(reason: "\(location.path): the movie inside this Motion Photo does not open: \(error)")
            }
        }
    }

    /// EXIF's `2024:12:03 23:40:00` and `-08:00` as the ISO 8601 local time with offset that container tags
    /// carry; without an offset, the local time alone (a still's wall clock as shot).
    static func localCreationDate(_ dateTime: String, offset: String?) -> String? {
        let parts = dateTime.split(separator: " ")
        guard parts.count == 2, parts[0].count == 10 else { return nil }
        return parts[0].replacingOccurrences(of: ":", with: "-") + "T" + parts[1] + (offset ?? "")
    }
}
