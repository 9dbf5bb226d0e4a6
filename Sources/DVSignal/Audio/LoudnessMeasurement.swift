import Foundation

/// One clip's loudness, as the meter found it: what the audio stage caches in its manifest so a
/// re-render does not decode an unchanged clip again to measure it.
public struct LoudnessMeasurement: Sendable, Hashable, Codable {
    /// Gated integrated loudness in LUFS; nil when no 400 ms block passed the −70 LUFS gate
    /// (digital silence, near-silence, or a clip shorter than one block).
    public var integrated: Double?
    /// The largest true (4× oversampled) peak of either channel, linear full scale (1 = 0 dBTP).
    public var truePeak: Double
    /// Blocks that passed both gates.
    public var gatedBlocks: Int

    /// A measurement with the given values.
    public init(integrated: Double?, truePeak: Double, gatedBlocks: Int) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.gatedBlocks = gatedBlocks
    }

    /// True peak in dBTP (−∞ for digital silence).
    public var truePeakDBTP: Double { 20 * log10(truePeak) }
}
