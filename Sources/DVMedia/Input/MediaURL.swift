/// What libavformat is asked to open for a file, or for the bytes of a movie inside one (a Motion Photo's,
/// read in place through FFmpeg's `subfile` protocol, never copied out of the library). The `file:` prefix
/// keeps a name with a colon in it from being read as a protocol.
enum MediaURL {
    static func forOpening(path: String, byteRange: Range<Int>?) -> String {
        guard let byteRange else { return "file:" + path }
        return "subfile,,start,\(byteRange.lowerBound),end,\(byteRange.upperBound),,:file:" + path
    }
}
