import DVPlanning
import Testing

/// `outputs:`: several outputs of one job, each an output mapping with a name, one frame rate for all.
@Suite struct OutputsDecodingTests {
    static let job = """
        version: 1
        library: { paths: [lib] }
        timeframe: { month: 2024-12 }

        """

    @Test("outputs are read in order, named by their name or their file; output stays the first")
    func readInOrder() throws {
        let job = try #require(
            validJob(
                Self.job + """
                    outputs:
                      - { name: wide, path: wide.mp4, resolution: 1920x1080 }
                      - { path: out/tall.mp4, resolution: 1080x1920, fit: cover }

                    """))
        #expect(job.outputs.map(\.name) == ["wide", "tall"])
        #expect(job.outputs.map { $0.frameSize.width } == [1920, 1080] && job.outputs[1].fit == .cover)
        #expect(job.output == job.outputs[0] && job.outputs[1].givenName == nil)
        let single = try #require(validJob(minimalJob))
        #expect(single.outputs.count == 1 && single.output.name == "out" && single.output.givenName == nil)
    }

    @Test("mistakes are located: another frame rate, a name or a path twice, both output and outputs, an empty list")
    func mistakes() {
        expectDiagnostic(Self.job + "outputs:\n  - { path: a.mp4 }\n  - 1️⃣{ path: b.mp4, fps: 25 }\n", containing: "one frame rate")
        expectDiagnostic(
            Self.job + "outputs:\n  - { name: x, path: a.mp4 }\n  - 1️⃣{ name: x, path: b.mp4 }\n", containing: "named 'x' as outputs[0] is")
        expectDiagnostic(Self.job + "outputs:\n  - { path: a.mp4 }\n  - 1️⃣{ name: other, path: a.mp4 }\n", containing: "as outputs[0] does")
        expectDiagnostic(Self.job + "1️⃣output: { path: a.mp4 }\noutputs: [{ path: b.mp4 }]\n", containing: "output and outputs")
        expectDiagnostic(Self.job + "outputs: 1️⃣[]\n", containing: "outputs must be a list of outputs")
        expectDiagnostic(Self.job + "outputs:\n  - { path: a.mp4, video: { crf: 1️⃣99 } }\n", containing: "outputs[0].video.crf")
    }

    @Test("av1's crf runs 1–63 (35 unless given); h264's and hevc's 0–51 (20)")
    func codecCRF() throws {
        let av1 = try #require(validJob(Self.job + "output: { path: a.mp4, video: { codec: av1 } }\n"))
        #expect(av1.output.video.codec == .av1 && av1.output.video.crf == 35)
        let given = try #require(validJob(Self.job + "output: { path: a.mp4, video: { codec: av1, crf: 60 } }\n"))
        #expect(given.output.video.crf == 60)
        let hevc = try #require(validJob(Self.job + "output: { path: a.mp4, video: { codec: hevc } }\n"))
        #expect(hevc.output.video.crf == 20)
        expectDiagnostic(Self.job + "output: { path: a.mp4, video: { codec: h264, crf: 1️⃣60 } }\n", containing: "output.video.crf")
        expectDiagnostic(Self.job + "output: { path: a.mp4, video: { codec: av1, crf: 1️⃣0 } }\n", containing: "output.video.crf")
    }

    @Test("dynamic_range: sdr unless given; hlg is HEVC unless av1 is asked for, and never h264, at its line; each output its own")
    func dynamicRange() throws {
        let plain = try #require(validJob(Self.job + "output: { path: a.mp4 }\n"))
        #expect(plain.output.dynamicRange == .sdr && plain.output.video.codec == .h264)
        let hlg = try #require(validJob(Self.job + "output: { path: a.mp4, dynamic_range: hlg }\n"))
        #expect(hlg.output.dynamicRange == .hlg && hlg.output.video.codec == .hevc && hlg.output.video.crf == 20)
        let av1 = try #require(validJob(Self.job + "output: { path: a.mp4, dynamic_range: hlg, video: { codec: av1 } }\n"))
        #expect(av1.output.video.codec == .av1 && av1.output.video.crf == 35)
        let both = try #require(
            validJob(Self.job + "outputs:\n  - { path: a.mp4 }\n  - { path: b.mp4, dynamic_range: hlg }\n"))
        #expect(both.outputs.map(\.dynamicRange) == [.sdr, .hlg] && both.outputs.map(\.video.codec) == [.h264, .hevc])
        expectDiagnostic(
            Self.job + "output: { path: a.mp4, dynamic_range: hlg, video: { codec: 1️⃣h264 } }\n", containing: "h264 cannot carry dynamic_range: hlg")
        expectDiagnostic(Self.job + "output: { path: a.mp4, dynamic_range: 1️⃣hdr10 }\n", containing: "one of: sdr, hlg")
    }

    @Test("an unknown codec is refused at its line, never taken as h264: the codec stays an enum to the encoder")
    func unknownCodec() {
        expectDiagnostic(Self.job + "output: { path: a.mp4, video: { codec: 1️⃣vp9 } }\n", containing: "unknown output.video.codec 'vp9'")
        expectDiagnostic(
            Self.job + "outputs:\n  - { path: a.mp4 }\n  - { path: b.mp4, video: { codec: 1️⃣h265 } }\n", containing: "(one of: h264, hevc, av1)")
    }
}
