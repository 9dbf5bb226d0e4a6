import Foundation

/// One clip's loudness, as the meter found it: what the audio stage caches in its manifest so a
/// re-render does not decode an unchanged clip again to measure it.
package struct LoudnessMeasurement: Sendable, Hashable, Codable {
    /// Gated integrated loudness in LUFS; nil when no 400 ms block passed the −70 LUFS gate
    /// (digital silence, near-silence, or a clip shorter than one block).
    package var integrated: Double?
    /// The largest true (4× oversampled) peak of either channel, linear full scale (1 = 0 dBTP).
    package var truePeak: Double
    /// Blocks that passed both gates.
    package var gatedBlocks: Int

    /// A measurement with the given values.
    package init(integrated: Double?, truePeak: Double, gatedBlocks: Int) {
        self.integrated = integrated
        self.truePeak = truePeak
        self.gatedBlocks = gatedBlocks
    }

    /// True peak in dBTP (−∞ for digital silence).
    package var truePeakDBTP: Double { 20 * log10(truePeak) }
}
