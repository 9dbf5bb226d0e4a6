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

    /// True when the `moov` box comes before the first `mdat`.
    package var movieFirst: Bool {
        guard let movie = topLevel.firstIndex(of: "moov") else { return false }
        return topLevel.firstIndex(of: "mdat").map { movie < $0 } ?? true
    }
}
