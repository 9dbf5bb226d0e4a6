/// Why a pin could not be used; the day falls back to its own clips.
enum PinProblem: Error, Hashable {
    /// No file of the index has the pinned path.
    case missing(file: String)
    /// The file is in the index but cannot be opened or decoded.
    case broken(entry: MediaEntry, reason: String)
    /// The file is a still picture that belongs to no Live Photo.
    case still(entry: MediaEntry)

    func warning(on day: CalendarDay) -> PlanWarning {
        switch self {
        case .missing(let file):
            PlanWarning(
                .orphanPin, date: day, file: file,
                "pinned file \(file) is not in the library; check the path (relative to library.paths)")
        case .broken(let entry, let reason):
            PlanWarning(
                .brokenPin, date: day, file: entry.relativePath,
                "pinned file \(entry.relativePath) cannot be used (\(reason)); the day's own clips are used instead")
        case .still(let entry):
            PlanWarning(
                .pinNotAClip, date: day, file: entry.relativePath,
                "pinned file \(entry.relativePath) is a still picture, not a clip; the day's own clips are used instead")
        }
    }
}
