/// The sound of a day that shows several clips at once: one of them, or all together.
package enum LayerSounds {
    /// `tracks` played together over `length` samples, each at 1/√n, n the tracks with sound
    /// (`StereoSamples.hasSound`), so that unrelated sounds keep about the level of one and a silent clip
    /// takes nothing from the others; a track shorter than `length` is silent after its end.
    package static func mix(_ tracks: [StereoSamples], length: Int) -> StereoSamples {
        var mixed = StereoSamples(silence: length)
        guard !tracks.isEmpty else { return mixed }
        let gain = 1 / Float(max(1, tracks.count { $0.hasSound })).squareRoot()
        for track in tracks {
            for index in 0..<min(length, track.count) {
                mixed.left[index] += gain * track.left[index]
                mixed.right[index] += gain * track.right[index]
            }
        }
        return mixed
    }

    /// `track` cut, or lengthened with silence, to `length` samples.
    package static func fitted(_ track: StereoSamples, length: Int) -> StereoSamples {
        mix([track], length: length)
    }

    /// The position of the loudest of `tracks` by integrated loudness (one too quiet to measure counts as
    /// silent), the first of equals; nil when there are none.
    package static func loudest(_ tracks: [StereoSamples]) -> Int? {
        let levels = tracks.map { LoudnessMeter.measure($0).integrated ?? -.infinity }
        var best: Int?
        for (index, level) in levels.enumerated() where best.map({ level > levels[$0] }) ?? true {
            best = index
        }
        return best
    }
}
