/// Which of a clip's audio tracks is heard, and why. Phones and cameras write several (a commentary or
/// second microphone beside the main one); the one meant to be heard is the track marked default, else the
/// one with the most channels, else the first.
public struct AudioTrackChoice: Sendable, Hashable, Codable {
    /// Why the track was chosen.
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The file has one audio track.
        case only
        /// The only track marked default.
        case `default`
        /// More channels than every other candidate (the default tracks, when several are marked).
        case mostChannels = "most_channels"
        /// The first of candidates alike in both.
        case first
    }

    /// The chosen track's position among the file's audio tracks, from 0.
    public var track: Int
    /// How many audio tracks the file has.
    public var tracks: Int
    public var reason: Reason

    public init(track: Int, tracks: Int, reason: Reason) {
        self.track = track
        self.tracks = tracks
        self.reason = reason
    }

    /// The choice among audio tracks described, in file order, by whether each is marked default and its
    /// channel count; nil when there are none.
    public static func choose(_ candidates: [(isDefault: Bool, channels: Int)]) -> AudioTrackChoice? {
        guard !candidates.isEmpty else { return nil }
        guard candidates.count > 1 else { return AudioTrackChoice(track: 0, tracks: 1, reason: .only) }
        let defaults = candidates.indices.filter { candidates[$0].isDefault }
        if defaults.count == 1 {
            return AudioTrackChoice(track: defaults[0], tracks: candidates.count, reason: .default)
        }
        let pool = defaults.isEmpty ? Array(candidates.indices) : defaults
        let most = pool.map { candidates[$0].channels }.max() ?? 0
        let widest = pool.filter { candidates[$0].channels == most }
        return AudioTrackChoice(track: widest[0], tracks: candidates.count, reason: widest.count == 1 ? .mostChannels : .first)
    }
}
