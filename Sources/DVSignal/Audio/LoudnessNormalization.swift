import Foundation

/// The gain rule that brings every clip to one loudness (`audio.normalize: true`).
///
/// A clip's gain is `target − integrated` dB, then lowered if needed so its true peak stays at or
/// under the ceiling (the peak limit wins over the target: a clip with sharp transients ends up a
/// little quieter rather than clipped). Two guards keep noise from being pumped up:
/// - a clip with no gated block or quieter than `silenceFloor` is left as it is (gain 1): it is
///   silence or room noise, and raising it to the target would turn hiss into a roar;
/// - a boost is capped at `maxBoost` (20 dB by default): a −40 LUFS clip is mostly noise floor
///   with a distant voice, and 20 dB already brings speech recorded from across a room to a
///   listenable level while keeping the noise floor of a phone microphone (≈ −60 dBFS) below −40.
/// Attenuation is not capped: a clip can always be made quieter without harm.
package struct LoudnessNormalization: Sendable, Hashable, Codable {
    /// Target integrated loudness in LUFS.
    package var target: Double
    /// Largest true peak after gain, in dBTP.
    package var truePeakCeiling: Double
    /// Largest boost, in dB.
    package var maxBoost: Double
    /// Clips quieter than this (LUFS) are never boosted.
    package var silenceFloor: Double

    /// The rule with EBU R128-for-streaming defaults: −16 LUFS, −1 dBTP.
    package init(target: Double = -16, truePeakCeiling: Double = -1, maxBoost: Double = 20, silenceFloor: Double = -60) {
        self.target = target
        self.truePeakCeiling = truePeakCeiling
        self.maxBoost = maxBoost
        self.silenceFloor = silenceFloor
    }

    /// The linear gain for a clip measured as `measurement`.
    package func gain(for measurement: LoudnessMeasurement) -> Float {
        guard let integrated = measurement.integrated, integrated >= silenceFloor else { return 1 }
        var decibels = min(target - integrated, maxBoost)
        if measurement.truePeak > 0 {
            decibels = min(decibels, truePeakCeiling - measurement.truePeakDBTP)
        }
        return Float(pow(10, decibels / 20))
    }
}
