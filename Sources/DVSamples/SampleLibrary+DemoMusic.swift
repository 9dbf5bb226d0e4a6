import DVMedia
import DVSignal
import Foundation

/// The demo's soundtrack: a short generated tune that example jobs use as `audio.music`.
extension SampleLibrary {
    /// Notes of the tune, in semitones above A3 (220 Hz): a slow arpeggio up and back down, A minor then F major.
    static let demoTuneNotes = [0, 3, 7, 12, 7, 3, -4, 0, 3, 8, 3, 0]
    /// Each note lasts half a second; the tune is 6 s and is meant to loop.
    static let demoNoteLength = 24_000

    /// The tune as 48 kHz stereo: each note a sine with its octave, under a raised-cosine envelope so
    /// notes start and stop without clicks and the loop seam is silent.
    static func demoTune() -> StereoSamples {
        var samples = [Float](repeating: 0, count: demoTuneNotes.count * demoNoteLength)
        for (index, note) in demoTuneNotes.enumerated() {
            let frequency = 220 * Foundation.pow(2, Double(note) / 12)
            for offset in 0..<demoNoteLength {
                let time = Double(offset) / Double(StereoSamples.sampleRate)
                let envelope = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(demoNoteLength))
                let tone = sin(2 * Double.pi * frequency * time) + 0.3 * sin(4 * Double.pi * frequency * time)
                samples[index * demoNoteLength + offset] = Float(0.25 * envelope * tone)
            }
        }
        return StereoSamples(left: samples, right: samples)
    }

    /// Writes the tune as AAC into `directory/music/theme.m4a` and returns its URL.
    static func writeDemoMusic(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("music")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MediaError.io(path: folder.path, reason: "could not create the folder: \(error)")
        }
        let file = folder.appendingPathComponent("theme.m4a")
        try AudioTrackWriter.write(demoTune(), to: file, bitrate: 128_000)
        return file
    }
}
