/// The readers of a file's structure as the fuzz targets in Fuzz/ drive them (outside this package, hence SPI
/// rather than `package`). Each reads its input twice, in memory and by ranges, and traps when the answers
/// differ or break a promise: a reader must not depend on how its bytes arrive.
@_spi(Fuzzing) public enum MetadataFuzzing {
    /// A JPEG's segments: frame header, EXIF (camera, position, capture time, Apple's identifier), XMP, Motion
    /// Photo layouts, and who and what the XMP names (Extended XMP reassembled).
    public static func jpeg(_ bytes: [UInt8]) {
        expectSameAnswerInMemoryAndByRanges(bytes) { file in
            let motionPhoto = MotionPhoto.locate(in: file)
            expectInside(motionPhoto, size: bytes.count)
            return [
                String(describing: JPEGFrameHeader(file)),
                String(describing: ExifCamera.read(in: file)),
                String(describing: ExifPosition.read(in: file)),
                String(describing: MotionPhoto.exifCaptureTime(in: file)),
                String(describing: StillContentIdentifier.read(jpeg: file)),
                String(describing: motionPhoto),
                String(describing: XMPAnnotations.read(still: file, extendedXMP: .always))
            ]
        }
    }

    /// A HEIF's boxes: `ftyp` brands, `meta`/`iinf`/`iloc` items, the `Exif` item, the primary picture
    /// (`HEIFImage`, whose tiles must lie inside the file), the HEIC Motion Photo layouts, who and what its XMP
    /// item names.
    public static func heif(_ bytes: [UInt8]) {
        expectSameAnswerInMemoryAndByRanges(bytes) { file in
            var answers = [String(HEIFSniff.isHEIF(file))]
            if let exif = HEIFSniff.exifItemLocation(in: file) {
                precondition(exif.offset >= 0 && (1...HEIFSniff.maximumExifLength).contains(exif.length), "Exif item at \(exif)")
                let item = file.bytes(exif.offset..<(exif.offset + exif.length)) ?? []
                answers += [
                    String(describing: exif),
                    String(describing: ExifCamera.read(exifItem: item)),
                    String(describing: ExifPosition.read(exifItem: item)),
                    String(describing: StillContentIdentifier.read(exifItem: item))
                ]
            }
            do {
                let image = try HEIFImage(file)
                precondition(
                    image.tiles.allSatisfy { $0.allSatisfy { $0.lowerBound >= 0 && $0.upperBound <= bytes.count } }, "a tile outside the file")
                answers.append(String(describing: image))
            } catch {
                answers.append(String(describing: error))
            }
            let motionPhoto = MotionPhoto.locate(in: file)
            expectInside(motionPhoto, size: bytes.count)
            return answers + [String(describing: motionPhoto), String(describing: XMPAnnotations.read(still: file))]
        }
    }

    /// An MP4 or MOV file's box tree: top-level order and `moov/trak/edts/elst`; who and what its `uuid` and
    /// `XMP_` boxes name.
    public static func movieBoxes(_ bytes: [UInt8]) {
        expectSameAnswerInMemoryAndByRanges(bytes) { file in
            let annotations = String(describing: XMPAnnotations.read(movie: file, range: 0..<file.size))
            guard let boxes = MovieBoxes(file) else { return ["nil", annotations] }
            return [String(describing: boxes), String(boxes.movieFirst), annotations]
        }
    }

    /// The input served as a server serves a library file read in place: by ranges, through `ByteReader`'s
    /// block cache with the smallest blocks (512 bytes) and two of them kept, so a reader's walk crosses blocks
    /// and empties the cache as it would over HTTP.
    private struct RangedSource: ByteSource {
        let bytes: [UInt8]
        var size: Int { bytes.count }

        func read(at offset: Int, count: Int) throws -> [UInt8] {
            precondition(offset >= 0 && count > 0 && offset < bytes.count, "ByteReader asked for \(count) bytes at \(offset) of \(bytes.count)")
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    /// Runs `read` over `bytes` in memory and by ranges and traps when the two answers differ.
    private static func expectSameAnswerInMemoryAndByRanges(_ bytes: [UInt8], _ read: (ByteReader) -> [String]) {
        let inMemory = read(ByteReader(bytes: bytes))
        let byRanges = read(ByteReader(RangedSource(bytes: bytes), blockSize: 512, maximumBlocks: 2))
        precondition(inMemory == byRanges, "in memory \(inMemory), by ranges \(byRanges)")
    }

    /// Traps unless a Motion Photo's movie lies inside the file's `size` bytes, as `MotionPhoto.locate` promises.
    private static func expectInside(_ result: MotionPhotoResult, size: Int) {
        guard case let .motionPhoto(found) = result else { return }
        precondition(
            found.videoOffset >= 0 && found.videoLength > 0 && found.videoOffset <= size - found.videoLength,
            "movie at \(found.videoOffset), \(found.videoLength) bytes, in a file of \(size)")
    }
}
