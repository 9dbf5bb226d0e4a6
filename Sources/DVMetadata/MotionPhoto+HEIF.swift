/// The HEIC Motion Photos of Samsung's and Google's phones: the movie in a top-level `mpvd` box after the
/// HEIF's own boxes, or appended after them as in a JPEG, located from the end of the file by the XMP
/// directory or by Samsung's `MotionPhoto_Data` block and trailer.
extension MotionPhoto {
    /// The box that holds a HEIC Motion Photo's movie.
    private static let movieBox = "mpvd"

    static func heifVideo(_ file: ByteReader) -> MotionPhotoResult {
        let boxes = HEIFSniff.children(of: BoundedBytes(whole: file))
        // The HEIF's own boxes end at a second `ftyp` (a movie appended as it is) or where the walk stops.
        let ownEnd = boxes.dropFirst().first { $0.type == "ftyp" }.map { $0.body.start - 8 } ?? boxes.last?.body.end ?? 0
        let image = ImageExtent(end: ownEnd, description: "the HEIF's boxes, which end")
        let xmp = HEIFSniff.xmpItemLocation(in: file).flatMap { location -> XMPProperties? in
            guard let packet = BoundedBytes(whole: file).slice(from: location.offset, count: location.length)?.contents else { return nil }
            return XMPProperties(packet: packet[...])
        }
        let claimsMovie = xmp?.cameraValue("MotionPhoto") == "1"
        if let box = boxes.first(where: { $0.type == movieBox }) {
            let found = MotionPhoto(
                layout: .heicBox, videoOffset: box.body.start, videoLength: box.body.end - box.body.start,
                presentationTimestampMicroseconds: wholeNumber(xmp?.cameraValue("MotionPhotoPresentationTimestampUs")))
            // The box is the movie's own frame, checked by its ftyp; the directory's Item:Length is not
            // (a Samsung S22 writes 80 for a 2 MB movie).
            return checked(found, ImageExtent(end: box.body.start, description: "its mpvd box, whose header ends"), file)
        }
        let samsung = samsungVideo(image, file)
        guard let xmp, claimsMovie else { return samsung }
        // Samsung's trailer may follow a movie that the Google directory also describes.
        let listed = directoryVideo(xmp, image, file)
        if case .motionPhoto = listed { return listed }
        if case .motionPhoto = samsung { return samsung }
        return listed
    }
}
