import DVMetadata
import FuzzSupport

/// libFuzzer's entry: reads `size` bytes as a JPEG with every JPEG reader (the frame header, the EXIF fields,
/// Apple's content identifier, the Motion Photo layouts) in memory and by ranges; traps when the two differ or a
/// movie found lies outside the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func jpegFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    expectSameAnswerInMemoryAndByRanges(bytes) { file in
        let motionPhoto = MotionPhoto.locate(in: file)
        expectInside(motionPhoto, size: size)
        return [
            String(describing: JPEGFrameHeader(file)),
            String(describing: ExifCamera.read(in: file)),
            String(describing: ExifPosition.read(in: file)),
            String(describing: MotionPhoto.exifCaptureTime(in: file)),
            String(describing: StillContentIdentifier.read(jpeg: file)),
            String(describing: motionPhoto)
        ]
    }
    return 0
}
