import DVMedia

/// A file that should not probe as media, for tests of how unreadable files are reported.
package enum DamagedSample: Sendable, Hashable {
    /// A real movie cut to half its size (its index, at the end, is lost).
    case truncated(SampleClip)
    /// A file of zero bytes.
    case empty(fileName: String)
    /// A short text file, whatever its name says.
    case text(fileName: String)

    /// The name of the file written.
    package var fileName: String {
        switch self {
        case let .truncated(clip): clip.fileName
        case let .empty(name), let .text(name): name
        }
    }
}
