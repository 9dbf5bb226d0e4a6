/// How one clip's sound meets the next clip's, following the video transition between them.
package enum AudioJoin: Sendable, Hashable, Codable {
    /// A hard cut in the picture: the clips abut, and each gets a short de-click fade at the join.
    case cut
    /// Any blended transition (crossfade, fade, wipe, slide): the last `overlap` samples of this clip
    /// play under the first `overlap` samples of the next, with equal-power gains (cos out, sin in).
    case crossfade(overlap: Int)

    /// Samples the two clips share.
    package var overlap: Int {
        switch self {
        case .cut: 0
        case let .crossfade(overlap): overlap
        }
    }
}
