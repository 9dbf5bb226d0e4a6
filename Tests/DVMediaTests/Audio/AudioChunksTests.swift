import DVMedia
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@Suite("audio encoded in chunks")
struct AudioChunksTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// `track` encoded chunk by chunk into an `.m4a` at `url`.
    func writeInChunks(_ track: StereoSamples, to url: URL, bitrate: Int) throws {
        let chunking = AudioChunking(length: track.count, bitrate: bitrate)
        let writer = try EncodedAudioTrackWriter(destination: url, bitrate: bitrate)
        for index in 0..<chunking.chunkCount {
            let input = chunking.input(index)
            let samples = StereoSamples(left: Array(track.left[input]), right: Array(track.right[input]))
            let packets = try chunking.encode(chunk: index, samples: samples)
            #expect(AudioChunking.deserialize(AudioChunking.serialize(packets)) == packets)
            try writer.write(packets)
        }
        try writer.finish()
    }

    @Test("a track shorter than a chunk is the same file as the track encoded whole")
    func oneChunkIsTheWholeEncoding() throws {
        let tone = TestSignal.sine(frequency: 700, amplitude: 0.3, count: 100_003)
        let track = StereoSamples(left: tone, right: tone)
        let whole = folder.url.appendingPathComponent("whole.m4a")
        let chunked = folder.url.appendingPathComponent("chunked.m4a")
        try AudioTrackWriter.write(track, to: whole, bitrate: 160_000)
        try writeInChunks(track, to: chunked, bitrate: 160_000)
        #expect(try Data(contentsOf: chunked) == Data(contentsOf: whole))
    }

    @Test("chunks join without a seam: as long as the track encoded whole, and no larger error at a chunk boundary")
    func chunkBoundariesAreSeamless() throws {
        // 12.5 s: three chunks, the last shorter. A sweep from 200 Hz to 2 kHz, so a boundary falls mid-tone.
        let count = 600_007
        let sweep = (0..<count).map { index -> Float in
            let seconds = Double(index) / 48_000
            return Float(0.3 * sin(2 * Double.pi * (200 * seconds + 72 * seconds * seconds)))
        }
        let track = StereoSamples(left: sweep, right: sweep.map { -$0 })
        let chunkedFile = folder.url.appendingPathComponent("chunked.m4a")
        let wholeFile = folder.url.appendingPathComponent("whole.m4a")
        try writeInChunks(track, to: chunkedFile, bitrate: 160_000)
        try AudioTrackWriter.write(track, to: wholeFile, bitrate: 160_000)

        let chunked = try AudioClipReader(.file(chunkedFile.path)).readAll(limit: count + 10_000)
        let whole = try AudioClipReader(.file(wholeFile.path)).readAll(limit: count + 10_000)
        #expect(chunked.count == whole.count)
        #expect(abs(chunked.count - count) < AudioChunking.frameSize)
        func rmsError(_ decoded: StereoSamples, _ range: Range<Int>) -> Double {
            let sum = range.reduce(0.0) { $0 + Double((decoded.left[$1] - track.left[$1]) * (decoded.left[$1] - track.left[$1])) }
            return (sum / Double(range.count)).squareRoot()
        }
        let overall = rmsError(chunked, 4_096..<count - 4_096)
        #expect(overall < 0.03, "the AAC round trip keeps the sweep (RMS error \(overall))")
        for boundary in [AudioChunking.chunkLength, 2 * AudioChunking.chunkLength] {
            let near = boundary - 2_048..<boundary + 2_048
            let seam = rmsError(chunked, near)
            let unbroken = rmsError(whole, near)
            #expect(seam < 2 * unbroken + 0.002, "RMS error \(seam) around the boundary at \(boundary); \(unbroken) encoded whole")
            let jumps = (boundary - 64..<boundary + 64).map { abs(chunked.left[$0] - chunked.left[$0 - 1]) }
            // A 2 kHz sine at 0.3 moves at most 0.3 × 2π × 2000 / 48000 ≈ 0.08 per sample.
            #expect(jumps.max()! < 0.1, "largest step at the boundary \(boundary): \(jumps.max()!)")
        }
    }

    @Test("kept packets are read back only when whole")
    func damagedPacketsAreRejected() throws {
        let packets = [
            EncodedAudioPacket(pts: -1_024, duration: 1_024, isKeyframe: true, data: Data([1, 2, 3])),
            EncodedAudioPacket(pts: 0, duration: 512, isKeyframe: true, data: Data())
        ]
        let data = AudioChunking.serialize(packets)
        #expect(AudioChunking.deserialize(data) == packets)
        #expect(AudioChunking.deserialize(data.dropLast()) == nil)
        #expect(AudioChunking.deserialize(Data(repeating: 0xFF, count: 40)) == nil)
        #expect(AudioChunking.deserialize(Data()) == [])
    }

    @Test("chunk ranges cover the track once, and each encoder hears a little before and after its chunk")
    func ranges() {
        let chunking = AudioChunking(length: 2 * AudioChunking.chunkLength + 10, bitrate: 160_000)
        #expect(chunking.chunkCount == 3)
        #expect((0..<3).map(chunking.kept).map(\.count) == [AudioChunking.chunkLength, AudioChunking.chunkLength, 10])
        #expect(chunking.input(0).lowerBound == 0)
        #expect(chunking.input(1).lowerBound < chunking.kept(1).lowerBound)
        #expect(chunking.input(1).upperBound > chunking.kept(1).upperBound)
        #expect(chunking.input(2).upperBound == chunking.length)
        #expect(AudioChunking(length: 0, bitrate: 160_000).chunkCount == 1)
    }
}
