extension Job.SelectionOrder {
    /// True when `lhs` ranks before `rhs`; ties fall to the path, so rankings are total and repeatable.
    func ranks(_ lhs: MediaCatalog.Clip, before rhs: MediaCatalog.Clip) -> Bool {
        let (left, right) = (lhs.capture.localTime, rhs.capture.localTime)
        switch self {
        case .earliest where left != right: return left < right
        case .latest where left != right: return left > right
        case .longest where lhs.length != rhs.length: return lhs.length > rhs.length
        case .longest where left != right: return left < right
        default: return lhs.entry.path < rhs.entry.path
        }
    }
}
