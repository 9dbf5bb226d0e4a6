import DVMetadata
import FuzzSupport

/// libFuzzer's entry: reads `size` bytes as a HEIF with every HEIF reader (the `ftyp` brands, the `Exif` item and
/// what it holds, the HEIC Motion Photo layouts) in memory and by ranges; traps when the two differ, or when an
/// `Exif` item's place is negative or too long, or a movie found lies outside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func heifFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    expectSameAnswerInMemoryAndByRanges(bytes) { file in
        var answers = [String(HEIFSniff.isHEIF(file))]
        if let exif = HEIFSniff.exifItemLocation(in: file) {
            precondition(exif.offset >= 0 && (1...HEIFSniff.maximumExifLength).contains(exif.length), "Exif item at \(exif)")
            // As the media probe reads it: the item may lie past the bytes at hand.
            let item = file.bytes(exif.offset..<(exif.offset + exif.length)) ?? []
            answers += [
                String(describing: exif),
                String(describing: ExifCamera.read(exifItem: item)),
                String(describing: ExifPosition.read(exifItem: item)),
                String(describing: StillContentIdentifier.read(exifItem: item))
            ]
        }
        let motionPhoto = MotionPhoto.locate(in: file)
        expectInside(motionPhoto, size: size)
        return answers + [String(describing: motionPhoto)]
    }
    return 0
}
