import DVMedia
import DVMediaFacts
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// dvpipe's beat tracker against two others on real music: Debian's `aubiotrack` (aubio) and librosa's
/// `beat_track`, scored with mir_eval's F-measure (±70 ms) by `scripts/beat-reference.py`. The music is
/// TecnoballZ's soundtrack (Debian's tecnoballz-data, fifteen tracker modules, 1.5 MB to download), the first
/// 60 s of each, decoded once by the ffmpeg command (its libopenmpt; dvpipe's container rules open no tracker
/// module) to a WAV file that all three trackers read: dvpipe through its own FFmpeg reader.
@Suite(.tags(.reference)) struct BeatReferenceTests {
    static let folder = "/usr/share/games/tecnoballz/musics"
    static let seconds = 60.0

    /// One track's scores, as the script prints them.
    struct Scores: Decodable {
        let path: String
        let tempo: [String: Double]
        let f: [String: Double]
    }

    /// The tempo of `reference` that `tempo` matches: the same within 2%, or 2:1, 1:2, 3:2 or 2:3 of it.
    static func related(_ tempo: Double, _ reference: Double) -> Bool {
        [1.0, 2, 0.5, 1.5, 2.0 / 3].contains { abs(tempo / (reference * $0) - 1) <= 0.02 }
    }

    @Test("beats agree with aubio's and librosa's on ten or more real tracks")
    func againstReferences() throws {
        let python = try #require(ReferenceCommand.beatPython, "make test makes .build-beats/venv (scripts/setup-beat-reference.sh)")
        #expect(ReferenceCommand.aubiotrack != nil, "make test installs aubio-tools")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".mod") }.sorted()
        try #require(files.count >= 10, "make test installs tecnoballz-data, with fifteen tracks in \(Self.folder)")
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let folder = try TemporaryFolder("beats")
        var tracks: [[String: Any]] = []
        for file in files {
            let wav = folder.url.appendingPathComponent("\(file).wav").path
            _ = try ReferenceCommand.output(
                ffmpeg, ["-v", "error", "-i", "\(Self.folder)/\(file)", "-t", "\(Self.seconds)", "-ac", "1", "-ar", "44100", wav])
            tracks.append(["path": wav, "beats": try MusicBeats.grid(of: .file(wav)).beats])
        }
        let request = folder.url.appendingPathComponent("request.json")
        try JSONSerialization.data(withJSONObject: ["tracks": tracks]).write(to: request)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = try ReferenceCommand.output(python, [root.appendingPathComponent("scripts/beat-reference.py").path, request.path])
        let scores = try String(decoding: output, as: UTF8.self).split(separator: "\n").map {
            try JSONDecoder().decode(Scores.self, from: Data($0.utf8))
        }
        #expect(scores.count == files.count)
        var met: [String] = []
        for track in scores {
            let name = URL(fileURLWithPath: track.path).deletingPathExtension().lastPathComponent
            let tempo = track.tempo["dvpipe"] ?? 0
            let matched = ["aubio", "librosa"].filter { Self.related(tempo, track.tempo[$0] ?? 0) }
            let best = matched.map { track.f["dvpipe-\($0)"] ?? 0 }.max() ?? 0
            let agreeing = track.f["aubio-librosa"] ?? 0 >= 0.8
            let againstBoth = min(track.f["dvpipe-aubio"] ?? 0, track.f["dvpipe-librosa"] ?? 0)
            // Every track: a tempo of the references' (or a 2:1 or 3:2 relative), at a tempo-matched F of 0.8.
            #expect(!matched.isEmpty, "\(name): tempo \(tempo) is none of \(track.tempo)")
            // Where aubio and librosa agree, dvpipe agrees with both (0.85: area5-game scores 0.90 against aubio,
            // whose beats drift from 10 to 14 s and which itself scores 0.88 against librosa; dvpipe 1.00 there).
            #expect(!agreeing || againstBoth >= 0.85, "\(name): aubio and librosa agree, and dvpipe scores \(track.f)")
            if !matched.isEmpty, best >= 0.8, !agreeing || againstBoth >= 0.9 { met.append(name) }
            print(
                "beats: \(name) tempo \(track.tempo.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.1f", $0.value))" })"
                    + " F \(track.f.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.2f", $0.value))" })")
        }
        // The issue's whole bar holds on 13 of the 15 tracks so far. Of the others, gardien-go and area1-game2
        // keep aubio's tempo and one phase throughout, where aubio itself slips half a beat (at 21 s and 31 to
        // 34 s) and librosa counts 3 beats to dvpipe's 2 (F 0.27 and 0.48 against aubio). A floor, so no change
        // loses one.
        #expect(met.count >= 13, "the bar is met on \(met.count) tracks: \(met)")
    }

    @Test("dvpipe beats prints a click track's grid, says when there is no beat, and refuses a corrupt file")
    func command() throws {
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let folder = try TemporaryFolder("beats-command")
        let clicks = folder.url.appendingPathComponent("clicks.ogg").path
        let silence = folder.url.appendingPathComponent("silence.wav").path
        let corrupt = folder.url.appendingPathComponent("corrupt.mp3").path
        // A 5 ms burst of 3 kHz every half second (120 BPM) for 20 s, encoded as Vorbis.
        _ = try ReferenceCommand.output(
            ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", "aevalsrc=if(lt(mod(t\\,0.5)\\,0.005)\\,0.8*sin(2*PI*3000*t)\\,0):d=20:s=44100",
                "-c:a", "libvorbis", clicks
            ])
        _ = try ReferenceCommand.output(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "anullsrc=d=10", silence])
        try Data("ID3 not really an mp3".utf8).write(to: URL(fileURLWithPath: corrupt))

        let printed = try DVPipeProcess.run(["beats", clicks, "--json"])
        #expect(printed.status == 0, "\(printed.standardError)")
        let grid = try JSONDecoder().decode(BeatGrid.self, from: Data(printed.standardOutput.utf8))
        #expect(abs((grid.tempo ?? 0) - 120) < 1, "tempo \(grid.tempo ?? 0)")
        for beat in grid.beats where beat > 1 && beat < 19 {
            let error = abs(beat - (beat * 2).rounded() / 2)
            #expect(error < 0.015, "beat \(beat) is \(error) s from the click")
        }
        let quiet = try DVPipeProcess.run(["beats", silence])
        #expect(quiet.status == 0 && quiet.standardOutput.hasPrefix("no clear beat"), "\(quiet.standardOutput)")
        let broken = try DVPipeProcess.run(["beats", corrupt])
        #expect(broken.status != 0 && broken.standardError.contains(corrupt), "\(broken.standardError)")
    }
}
