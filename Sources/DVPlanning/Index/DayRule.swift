/// Which of the spec's four rules ("Which day a clip belongs to") gave a clip its calendar day, in the order
/// they are tried.
public enum DayRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// 1. `com.apple.quicktime.creationdate`: a local time that carries its own UTC offset.
    case localCreationDate = "local_creation_date"
    /// 2. `creation_time`: a UTC instant read in the library's time zone.
    case creationTime = "creation_time"
    /// 3. A date and time in the file name, as local wall-clock time.
    case fileName = "file_name"
    /// 4. The file's modification time in the library's time zone; the plan warns about it.
    case modificationTime = "modification_time"

    /// Short words for the plan table.
    public var label: String {
        switch self {
        case .localCreationDate: "creation date"
        case .creationTime: "creation time"
        case .fileName: "file name"
        case .modificationTime: "file mtime"
        }
    }
}
