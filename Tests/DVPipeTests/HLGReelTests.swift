import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.dynamic_range: hlg` against independent references: colour charts made in each encoding (by the
/// ffmpeg command's `zscale`, colour-science for HLG) and rendered by `dvpipe run` into an SDR and an HLG
/// reel of one plan. ffprobe reads the HLG reel's tags; its 10-bit codes are compared, patch by patch, with
/// colour-science's exact conversion of each clip's own codes into HLG (BT.2100, BT.2408), in CIE L*a*b* of
/// the light a 1000 cd/m² HLG display shows, relative to BT.2408's 203 cd/m² reference white.
@Suite(.tags(.endToEnd, .reference))
struct HLGReelTests {
    /// A chart clip and how colour-science reads its codes: `sdr`, `pq` or `hlg`, its primaries and matrix
    /// by colour-science's names, bits and range.
    struct Source: CustomStringConvertible {
        var chart: ColourTests.Source
        var kind: String
        var primaries: String
        var matrix: String
        var bits: Int
        var legal: Bool
        /// 4:4:4 planes (colour-science's HLG charts) rather than 4:2:0 (zimg's).
        var fullChroma = false
        var description: String { chart.description }
    }

    static let sources: [Source] = {
        func chart(_ name: String) -> ColourTests.Source { ColourTests.sources.first { $0.description == name }! }
        return [
            Source(
                chart: chart("HLG BT.2020 10-bit HEVC"), kind: "hlg", primaries: "ITU-R BT.2020", matrix: "ITU-R BT.2020", bits: 10, legal: true,
                fullChroma: true),
            Source(chart: chart("PQ BT.2020 10-bit HEVC"), kind: "pq", primaries: "ITU-R BT.2020", matrix: "ITU-R BT.2020", bits: 10, legal: true),
            Source(chart: chart("BT.709"), kind: "sdr", primaries: "ITU-R BT.709", matrix: "ITU-R BT.709", bits: 8, legal: true),
            Source(
                chart: chart("Display P3, BT.601 matrix, full range (an iPhone's SDR video)"), kind: "sdr", primaries: "Display P3",
                matrix: "ITU-R BT.601", bits: 8, legal: false),
            Source(chart: chart("BT.601"), kind: "sdr", primaries: "SMPTE C", matrix: "ITU-R BT.601", bits: 8, legal: true),
            // The canvas's own size, so that libswscale has only its range to convert.
            Source(
                chart: ColourTests.Source(
                    description: "BT.709 full range at the canvas's size", width: ColourTests.canvas.width, height: ColourTests.canvas.height,
                    zscale: "p=709:t=709:m=709:r=full", tags: ColourTests.tags("bt709", "bt709", "bt709", "pc"), meanLimit: 1),
                kind: "sdr", primaries: "ITU-R BT.709", matrix: "ITU-R BT.709", bits: 8, legal: false)
        ]
    }()

    static let canvas = ColourTests.canvas
    static let fps = ColourTests.fps

    @Test(
        "an SDR and an HLG reel from one plan: the HLG one 10-bit BT.2020 HLG, its HLG clip's codes kept, PQ and SDR clips as colour-science converts them"
    )
    func sdrAndHLGFromOnePlan() throws {
        let folder = try TemporaryFolder("hlg-reel")
        let media = try folder.subfolder("media")
        for (index, source) in Self.sources.enumerated() {
            try ColourTests.writeChartClip(
                source.chart, to: media.appendingPathComponent("VID_2024120\(index + 1)_120000.mp4"), scratch: folder.url)
        }
        let job = folder.url.appendingPathComponent("hlg.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-0\(Self.sources.count) }
        clips: { video: { duration: 1s, start: 0s } }
        transition: { style: cut }
        outputs:
          - { name: sdr, path: out/sdr.mp4, resolution: \(Self.canvas.width)x\(Self.canvas.height), fps: \(Self.fps), video: { codec: h264, crf: 10 } }
          - { name: hlg, path: out/hlg.mp4, resolution: \(Self.canvas.width)x\(Self.canvas.height), fps: \(Self.fps), dynamic_range: hlg, video: { crf: 2 } }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let hlg = folder.url.appendingPathComponent("out/hlg.mp4").path
        let sdr = folder.url.appendingPathComponent("out/sdr.mp4").path

        #expect(try Self.streamTags(hlg) == "hevc,Main 10,yuv420p10le,tv,bt2020nc,arib-std-b67,bt2020")
        #expect(try Self.streamTags(sdr) == "h264,High,yuv420p,tv,bt709,bt709,bt709")

        let frames = try Self.codeFrames(of: hlg)
        let frameBytes = Self.canvas.width * Self.canvas.height * 3
        try #require(frames.count == frameBytes * Self.fps * Self.sources.count)
        var measured: [[SIMD3<Double>]] = []
        var original: [[SIMD3<Double>]] = []
        for (index, source) in Self.sources.enumerated() {
            let middle = (index * Self.fps + Self.fps / 2) * frameBytes
            measured.append(Self.codeMeans(frames.subdata(in: middle..<middle + frameBytes), size: Self.canvas, bytes: 2, chromaShift: 1))
            let planes = try Data(contentsOf: folder.url.appendingPathComponent("VID_2024120\(index + 1)_120000.yuv"))
            original.append(
                Self.codeMeans(
                    planes, size: (source.chart.width, source.chart.height), bytes: source.bits == 10 ? 2 : 1,
                    chromaShift: source.fullChroma ? 0 : 1))
        }

        // The HLG clip is carried as it is: its codes within a code of what it holds.
        let differences = zip(original[0], measured[0]).map { pointwiseMax($0 - $1, $1 - $0) }
        let meanDifference = differences.reduce(SIMD3<Double>.zero, +).sum() / Double(3 * differences.count)
        #expect(meanDifference <= 1, "HLG clip: mean difference \(meanDifference) codes, each \(differences)")

        let errors = try Self.referenceErrors(sources: Self.sources, original: original, measured: measured)
        for (source, patchErrors) in zip(Self.sources, errors) {
            let mean = patchErrors.reduce(0, +) / Double(patchErrors.count)
            let report = "\(source) in the HLG reel: mean ΔE \(mean), each \(patchErrors.map { ($0 * 10).rounded() / 10 })"
            print(report)
            #expect(mean <= 1, "\(report)")
            #expect(patchErrors.max()! <= 2, "\(report)")
        }

        // The SDR reel of the same plan is the SDR reel it always was.
        let pixels = try ColourTests.rgbFrames(of: sdr)
        let rgbFrame = Self.canvas.width * Self.canvas.height * 3
        for (index, source) in Self.sources.enumerated() {
            let middle = (index * Self.fps + Self.fps / 2) * rgbFrame
            let errors = zip(ColourTests.chart, ColourTests.patchMeans(pixels.subdata(in: middle..<middle + rgbFrame))).map {
                ColourTests.deltaE($0, $1)
            }
            let mean = errors.reduce(0, +) / Double(errors.count)
            #expect(mean <= source.chart.meanLimit, "\(source) in the SDR reel: mean ΔE \(mean)")
        }
    }

    @Test("a card's white background and white text sit at reference white, 75% HLG (code 721), not at the peak; black at 64")
    func graphicsAtReferenceWhite() throws {
        let folder = try TemporaryFolder("hlg-graphics")
        try DatedLibrary.writeClips(days: 1, in: folder)
        let job = folder.url.appendingPathComponent("cards.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-16 }
        clips: { video: { duration: 1s } }
        transition: { style: cut }
        intro: { text: "Hello", duration: 1s, background: "#FFFFFF", color: "#000000" }
        outro: { text: "HHHH", duration: 1s, background: "#000000", color: "#FFFFFF" }
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10, dynamic_range: hlg, video: { crf: 2 } }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let frames = try Self.codeFrames(of: folder.url.appendingPathComponent("out/reel.mp4").path, size: (160, 90))
        let frameBytes = 160 * 90 * 3
        try #require(frames.count == frameBytes * 30)
        // The intro's first frame, away from its text in the middle.
        let intro = Self.codeMeans(frames.prefix(frameBytes), size: (160, 90), bytes: 2, chromaShift: 1, columns: 4, rows: 4)[0]
        #expect(abs(intro.x - 721) <= 1 && abs(intro.y - 512) <= 1 && abs(intro.z - 512) <= 1, "a white card came out as \(intro)")
        // The outro's last frame: black around the text, and the text's fully covered pixels white.
        let outro = frames.suffix(frameBytes)
        let lumas = stride(from: 0, to: 160 * 90, by: 1).map {
            Int(outro[outro.startIndex + 2 * $0]) | Int(outro[outro.startIndex + 2 * $0 + 1]) << 8
        }
        #expect(
            abs(lumas[0] - 64) <= 1 && abs(lumas.max()! - 721) <= 1, "the outro's black and white text came out as \(lumas[0]) and \(lumas.max()!)")
    }

    /// ffprobe's codec, profile, pixel format, range, matrix, transfer and primaries of `reel`'s video.
    static func streamTags(_ reel: String) throws -> String {
        String(
            decoding: try ReferenceCommand.output(
                (try ReferenceCommand.requiredFFprobe),
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=codec_name,profile,pix_fmt,color_range,color_space,color_transfer,color_primaries", "-of", "csv=p=0", reel
                ]),
            as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every frame of `reel` as yuv420p10le planes, decoded by the ffmpeg command.
    static func codeFrames(of reel: String, size: (width: Int, height: Int) = canvas) throws -> Data {
        try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg), ["-v", "error", "-i", reel, "-pix_fmt", "yuv420p10le", "-f", "rawvideo", "-"])
    }

    /// The mean Y′, Cb and Cr codes of the middle half (each way) of every patch of a picture of `columns`×`rows`
    /// patches in planar Y′CbCr of `bytes` bytes a sample, its chroma halved `chromaShift` times each way.
    static func codeMeans(
        _ planes: Data, size: (width: Int, height: Int), bytes: Int, chromaShift: Int, columns: Int = 6, rows: Int = 4
    ) -> [SIMD3<Double>] {
        let (width, height) = size
        let chroma = (width: width >> chromaShift, height: height >> chromaShift)
        let starts = [0, width * height, width * height + chroma.width * chroma.height].map { $0 * bytes + planes.startIndex }
        func sample(_ plane: Int, _ x: Int, _ y: Int) -> Double {
            let rowWidth = plane == 0 ? width : chroma.width
            let offset = starts[plane] + (y * rowWidth + x) * bytes
            return bytes == 2 ? Double(UInt16(planes[offset]) | UInt16(planes[offset + 1]) << 8) : Double(planes[offset])
        }
        return (0..<(columns * rows)).map { patch in
            let (row, column) = patch.quotientAndRemainder(dividingBy: columns)
            let left = width * column / columns, right = width * (column + 1) / columns
            let top = height * row / rows, bottom = height * (row + 1) / rows
            var sum = SIMD3<Double>.zero
            var count = 0.0
            for y in stride(from: top + (bottom - top) / 4, to: bottom - (bottom - top) / 4, by: 2) {
                for x in stride(from: left + (right - left) / 4, to: right - (right - left) / 4, by: 2) {
                    let (cx, cy) = (x >> chromaShift, y >> chromaShift)
                    sum += SIMD3(sample(0, x, y), sample(1, cx, cy), sample(2, cx, cy))
                    count += 1
                }
            }
            return sum / count
        }
    }

    /// Each source's patches' ΔE76 between colour-science's exact conversion of the source's `original` codes
    /// into HLG and the `measured` codes of the reel (`hlgReference`).
    static func referenceErrors(sources: [Source], original: [[SIMD3<Double>]], measured: [[SIMD3<Double>]]) throws -> [[Double]] {
        func json(_ patches: [SIMD3<Double>]) -> String { "[" + patches.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",") + "]" }
        let described = sources.indices.map { index in
            let source = sources[index]
            return """
                {"kind": "\(source.kind)", "primaries": "\(source.primaries)", "matrix": "\(source.matrix)", "bits": \(source.bits), \
                "legal": \(source.legal ? "true" : "false"), "original": \(json(original[index])), "measured": \(json(measured[index]))}
                """
        }
        let printed = try ReferenceCommand.output(
            (try ReferenceCommand.requiredReferencePython), ["-W", "ignore", "-c", hlgReference, "[" + described.joined(separator: ",") + "]"])
        return try #require(try JSONSerialization.jsonObject(with: printed) as? [[Double]])
    }

    /// colour-science's conversion of a clip's codes into an HLG reel and the ΔE to what the reel holds, as a
    /// Python program taking the sources (JSON: kind, primaries, matrix, bits, range, original and measured
    /// codes per patch). The original codes are decoded by the source's matrix and range and taken to display
    /// light: SDR by BT.1886 (gamma 2.4, black 0) with white at BT.2408's 203 cd/m², PQ by ST 2084's EOTF, HLG
    /// by BT.2100's EOTF for a 1000 cd/m² display; moved into BT.2020 primaries; encoded by HLG's inverse
    /// EOTF for the same display and BT.2020's matrix. Both those codes and the reel's are then shown on that
    /// display, their light (relative to 203 cd/m²) taken to CIE L*a*b* (D65) and compared (ΔE 1976). Prints
    /// each source's patches' ΔE (JSON).
    static let hlgReference = """
        import json, sys
        import numpy as np, colour
        bt2020 = colour.RGB_COLOURSPACES["ITU-R BT.2020"]
        k2020 = colour.WEIGHTS_YCBCR["ITU-R BT.2020"]
        white = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]
        def to_hlg(source):
            rgb = colour.YCbCr_to_RGB(np.array(source["original"]), K=colour.WEIGHTS_YCBCR[source["matrix"]],
                                      in_bits=source["bits"], in_legal=source["legal"], in_int=True)
            if source["kind"] == "sdr":
                light = 203 * np.clip(rgb, 0, None) ** 2.4
            elif source["kind"] == "pq":
                light = colour.models.eotf_ST2084(np.clip(rgb, 0, 1))
            else:
                light = colour.models.eotf_BT2100_HLG(np.clip(rgb, 0, 1), L_B=0, L_W=1000)
            light = np.clip(colour.RGB_to_RGB(light, colour.RGB_COLOURSPACES[source["primaries"]], bt2020), 0, 1000)
            signal = colour.models.eotf_inverse_BT2100_HLG(light, L_B=0, L_W=1000)
            return colour.RGB_to_YCbCr(signal, K=k2020, out_bits=10, out_legal=True, out_int=False) * 1023
        def lab(codes):
            signal = colour.YCbCr_to_RGB(np.array(codes), K=k2020, in_bits=10, in_legal=True, in_int=True)
            shown = colour.models.eotf_BT2100_HLG(np.clip(signal, 0, 1), L_B=0, L_W=1000)
            xyz = colour.RGB_to_XYZ(shown / 203, bt2020)
            return colour.XYZ_to_Lab(xyz, white)
        out = []
        for source in json.loads(sys.argv[1]):
            out.append(colour.delta_E(lab(to_hlg(source)), lab(source["measured"]), method="CIE 1976").tolist())
        print(json.dumps(out))
        """
}
