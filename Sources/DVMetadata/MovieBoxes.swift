/// How an MP4 or MOV file's boxes are laid out, as far as uploads care: which of `moov` and `mdat` comes
/// first (players and upload services start without reading to the end when `moov` does), and which tracks
/// carry an edit list (`moov/trak/edts/elst`).
package struct MovieBoxes: Sendable, Hashable {
    /// The top-level box types in file order (`ftyp`, `moov`, `mdat`, …).
    package let topLevel: [String]
    /// Positions (from 0, in `moov` order) of the tracks that have an edit list.
    package let tracksWithEditLists: [Int]

    /// Reads the boxes of `file`; nil when it does not start as an ISO BMFF file (no `ftyp`, `moov` or `mdat`
    /// among the first boxes).
    package init?(_ file: ByteReader) {
        let boxes = HEIFSniff.children(of: BoundedBytes(whole: file))
        topLevel = boxes.map(\.type)
        guard topLevel.contains("moov") || topLevel.contains("mdat") else { return nil }
        let tracks = boxes.filter { $0.type == "moov" }.flatMap { HEIFSniff.children(of: $0.body) }.filter { $0.type == "trak" }
        tracksWithEditLists = tracks.indices.filter { index in
            HEIFSniff.children(of: tracks[index].body).filter { $0.type == "edts" }.contains { edits in
                HEIFSniff.children(of: edits.body).contains { $0.type == "elst" }
            }
        }
    }

    /// Where the `moov` box of the movie at `range` of `file` lies (its header included), found by walking the
    /// top-level boxes' headers by position; nil when the range holds none. Only box headers are read.
    package static func movieHeader(in file: ByteReader, range: Range<Int>) -> Range<Int>? {
        let boxes = HEIFSniff.children(of: BoundedBytes(reader: file, start: range.lowerBound, end: range.upperBound))
        guard let movie = boxes.first(where: { $0.type == "moov" })?.body else { return nil }
        // The header is 8 bytes, or 16 with a 64-bit size: the body's end less the box's own size tells which.
        let header = file.bytes((movie.start - 8)..<(movie.start - 4)).map { $0.reduce(0) { $0 << 8 | Int($1) } } == 1 ? 16 : 8
        return (movie.start - header)..<movie.end
    }

    /// True when the `moov` box comes before the first `mdat`.
    package var movieFirst: Bool {
        guard let movie = topLevel.firstIndex(of: "moov") else { return false }
        return topLevel.firstIndex(of: "mdat").map { movie < $0 } ?? true
    }
}
