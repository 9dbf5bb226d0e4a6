extension Job.SelectionOrder {
    /// True when `lhs` ranks before `rhs`; ties fall to the path, so rankings are total and repeatable.
    /// `best` ranks by score first (`scores`, by path; a clip without one after those with one), then as `earliest`.
    /// Before any order, `favourites` (paths, `selection.favourites: prefer`) rank first.
    func ranks(
        _ lhs: MediaCatalog.Clip, before rhs: MediaCatalog.Clip, scores: [String: Double] = [:], favourites: Set<String> = []
    ) -> Bool {
        let (left, right) = (lhs.capture.localTime, rhs.capture.localTime)
        let (leftScore, rightScore) = (scores[lhs.entry.path] ?? -1, scores[rhs.entry.path] ?? -1)
        let (leftFavourite, rightFavourite) = (favourites.contains(lhs.entry.path), favourites.contains(rhs.entry.path))
        if leftFavourite != rightFavourite { return leftFavourite }
        switch self {
        case .best where leftScore != rightScore: return leftScore > rightScore
        case .earliest where left != right, .best where left != right: return left < right
        case .latest where left != right: return left > right
        case .longest where lhs.length != rhs.length: return lhs.length > rhs.length
        case .longest where left != right: return left < right
        default: return lhs.entry.path < rhs.entry.path
        }
    }
}
