/// Recognises a HEIF still (`.heic`, `.heif`) by its name and the brands of its `ftyp` box, without FFmpeg:
/// FFmpeg 5.1 has no HEIF demuxer, so such a file would otherwise probe as unreadable.
///
/// Only the container is read: the picture is not decoded, but the `Exif` item is found so the Live Photo
/// identifier in its Apple MakerNote can be read.
package enum HEIFSniff {
    /// Extensions (lower case) of the files sniffed.
    package static let extensions: Set<String> = ["heic", "heif"]
    /// `ftyp` brands of HEIF images and image sequences (ISO/IEC 23008-12).
    static let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "mif2", "msf1"]
    /// The container name the index records for a sniffed HEIF still.
    package static let containerName = "heif"

    /// True when the file opens with an `ftyp` box that names HEIF (only that box is read).
    package static func isHEIF(_ file: ByteReader) -> Bool {
        guard let header = file.bytes(0..<min(file.size, 8)), header.count == 8 else { return false }
        let size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size <= 4096, let ftyp = file.bytes(0..<min(file.size, size)) else { return false }
        return isHEIF(ftyp)
    }

    /// True when `bytes` (a file's start) open with an `ftyp` box whose major or compatible brands name HEIF.
    package static func isHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 16, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard size >= 16, size <= bytes.count else { return false }
        let major = 8
        let compatible = stride(from: 16, to: size - 3, by: 4)
        return ([major] + compatible).contains { offset in
            brands.contains(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
        }
    }
}
