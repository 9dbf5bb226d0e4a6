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
}
