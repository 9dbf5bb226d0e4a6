/// A music file's beats, as the beat tracker found them: what a soundtrack's cuts can be placed on, and
/// what can be cached by the file's content (like `LoudnessMeasurement`) so it is tracked once.
///
/// Times are seconds from the first sample. A grid without a clear beat (speech, a drone, silence, noise)
/// has no tempo and no beats, so nothing is invented; its confidence says how close it came.
public struct BeatGrid: Sendable, Hashable, Codable {
    /// Beats per minute, from the beats' median spacing; nil when the audio has no clear beat.
    public var tempo: Double?
    /// Every beat, in increasing order.
    public var beats: [Double]
    /// The beats that start a bar (4/4 assumed), a subset of `beats`.
    public var downbeats: [Double]
    /// The downbeats that start a phrase (every 4 or 8 bars), where the music shows them; else empty.
    public var phrases: [Double]
    /// How periodic the onsets are at the tempo found, 0...1 (the onset envelope's normalised
    /// autocorrelation at the beat period); below `BeatTracker.clearBeat` the grid has no beats.
    public var confidence: Double
    /// Seconds of audio tracked.
    public var duration: Double

    /// A grid with the given values.
    public init(tempo: Double?, beats: [Double], downbeats: [Double], phrases: [Double], confidence: Double, duration: Double) {
        self.tempo = tempo
        self.beats = beats
        self.downbeats = downbeats
        self.phrases = phrases
        self.confidence = confidence
        self.duration = duration
    }

    /// Whether a beat was found.
    public var hasBeat: Bool { tempo != nil }
}
