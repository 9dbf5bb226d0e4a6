import DVPlanning
import Testing

/// What a plan says of a clip's colours: the stream's own words, and the conventional guess (named in
/// `assumed`) for what it leaves unspecified.
@Suite struct StreamColourTests {
    @Test("an untagged SD clip is read as BT.601 (SMPTE C at 480 lines, EBU at 576), limited range, the SDR curve; all four assumed")
    func untaggedStandardDefinition() {
        let ntsc = StreamColour.unspecified.resolved(width: 720, height: 480, pixelFormat: "yuv420p")
        #expect(
            ntsc
                == StreamColour(
                    primaries: "smpte170m", transfer: "bt709", matrix: "smpte170m", range: "tv", assumed: ["range", "matrix", "primaries", "transfer"]
                ))
        let pal = StreamColour.unspecified.resolved(width: 720, height: 576, pixelFormat: "yuv420p")
        #expect(pal.primaries == "bt470bg" && pal.matrix == "bt470bg")
    }

    @Test("an untagged HD clip is read as BT.709; a yuvj one as full range with BT.709 primaries")
    func untaggedHighDefinition() {
        let hd = StreamColour.unspecified.resolved(width: 1920, height: 1080, pixelFormat: "yuv420p")
        #expect(hd.primaries == "bt709" && hd.matrix == "bt709" && hd.range == "tv" && hd.transfer == "bt709")
        let jpeg = StreamColour(primaries: "unknown", transfer: "unknown", matrix: "bt470bg", range: "unknown")
            .resolved(width: 640, height: 480, pixelFormat: "yuvj420p")
        #expect(jpeg.range == "pc" && jpeg.primaries == "bt709" && jpeg.matrix == "bt470bg")
        #expect(jpeg.assumed == ["range", "primaries", "transfer"])
    }

    @Test("a fully tagged clip keeps its words and assumes nothing; an HDR one stays HDR")
    func taggedIsKept() {
        let hlg = StreamColour(primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc", range: "tv")
        #expect(
            hlg.resolved(width: 3840, height: 2160, pixelFormat: "yuv420p10le")
                == StreamColour(
                    primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc", range: "tv", assumed: []))
        #expect(hlg.resolved(width: 3840, height: 2160, pixelFormat: "yuv420p10le").hdr == "HLG")
    }
}
