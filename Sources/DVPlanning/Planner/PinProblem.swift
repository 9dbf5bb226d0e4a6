/// Why a pin could not be used; the day falls back to its own clips.
enum PinProblem: Error, Hashable {
    /// No file of the index has the pinned path.
    case missing(file: String)
    /// The file is in the index but cannot be opened or decoded.
    case broken(entry: MediaEntry, reason: String)

    /// The warning for `day`'s pin, or for its layer `layer` (1-based) when given: the day falls back to its
    /// own clips, or the layer is left out.
    func warning(on day: CalendarDay, layer: Int? = nil) -> PlanWarning {
        let subject = layer.map { "layer \($0)'s file" } ?? "pinned file"
        let outcome = layer == nil ? "the day's own clips are used instead" : "the layer is left out"
        return switch self {
        case .missing(let file):
            PlanWarning(
                .orphanPin, date: day, file: file,
                "\(subject) \(file) is not in the library; check the path (relative to library.paths)"
                    + (layer == nil ? "" : "; \(outcome)"))
        case .broken(let entry, let reason):
            PlanWarning(
                .brokenPin, date: day, file: entry.relativePath, "\(subject) \(entry.relativePath) cannot be used (\(reason)); \(outcome)")
        }
    }
}
