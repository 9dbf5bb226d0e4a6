/// Which rule ("Which day a clip belongs to") gave a clip its calendar day; `library.day_rules` orders them,
/// `defaultOrder` when it does not.
public enum DayRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// `com.apple.quicktime.creationdate` (or a Motion Photo's EXIF time): a local time with its own UTC offset.
    case localCreationDate = "local_creation_date"
    /// `creation_time`: a UTC instant read in the library's time zone.
    case creationTime = "creation_time"
    /// A sidecar's time: Takeout JSON's UTC instant read in the library's time zone, an XMP time as written.
    case sidecar
    /// A date and time in the file name, as local wall-clock time.
    case fileName = "file_name"
    /// The file's modification time in the library's time zone; the plan warns about it. Always the last
    /// resort, listed or not.
    case modificationTime = "modification_time"

    /// The file's own metadata, then a sidecar, then the name, then the modification time.
    public static let defaultOrder: [DayRule] = [.localCreationDate, .creationTime, .sidecar, .fileName, .modificationTime]

    /// Short words for the plan table.
    public var label: String {
        switch self {
        case .localCreationDate: "creation date"
        case .creationTime: "creation time"
        case .sidecar: "sidecar"
        case .fileName: "file name"
        case .modificationTime: "file mtime"
        }
    }
}
