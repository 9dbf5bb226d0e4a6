import DVPlanning

extension Plan {
    /// The absolute paths of every photo the plan shows (each shot of a photo day, and photo layers), each once,
    /// in the plan's order.
    var photoPaths: [String] {
        var seen: Set<String> = []
        return days.flatMap(\.photoPaths).filter { seen.insert($0).inserted }
    }
}
