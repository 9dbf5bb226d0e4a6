import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Colour from sources in other encodings, against an independent converter: a colour chart turned into
/// clips by the ffmpeg command's `zscale` (zimg) in each encoding, rendered by `dvpipe run`, decoded back
/// to RGB by `zscale` again and compared patch by patch in CIE L*a*b* (ΔE 1976). dvpipe's own colour code
/// only renders; the measuring is zimg's and this file's.
@Suite(.tags(.endToEnd, .reference))
struct ColourTests {
    /// The 24 patches of the ColorChecker chart as 8-bit sRGB, row by row; the last row is the greys.
    static let chart: [SIMD3<Double>] = [
        [115, 82, 68], [194, 150, 130], [98, 122, 157], [87, 108, 67], [133, 128, 177], [103, 189, 170],
        [214, 126, 44], [80, 91, 166], [193, 90, 99], [94, 60, 108], [157, 188, 64], [224, 163, 46],
        [56, 61, 150], [70, 148, 73], [175, 54, 60], [231, 199, 31], [187, 86, 149], [8, 133, 161],
        [243, 243, 242], [200, 200, 200], [160, 160, 160], [122, 122, 121], [85, 85, 85], [52, 52, 52]
    ].map { SIMD3($0[0], $0[1], $0[2]) }
    static let greys = 18..<24

    /// One way a phone or camera may have stored the chart: its size, zimg's output parameters, the tags
    /// the encoder writes (none: dvpipe must guess) and the largest mean ΔE the issue allows.
    struct Source: CustomStringConvertible {
        var description: String
        var width: Int, height: Int
        var zscale: String
        var tags: [String]
        var meanLimit: Double
        /// The largest ΔE any patch may have, where the issue sets one.
        var worstLimit: Double? = nil
        /// True for 10-bit HEVC (as phones record HDR), false for 8-bit H.264.
        var tenBit = false
        /// `hlg` to have colour-science encode the chart instead of zimg, whose HLG applies the OOTF to
        /// each channel where BT.2100 applies it to the luminance (saturated patches differ by ΔE 5 to 12).
        var bt2100: String? = nil
    }

    static func tags(_ primaries: String, _ transfer: String, _ matrix: String, _ range: String) -> [String] {
        ["-color_primaries", primaries, "-color_trc", transfer, "-colorspace", matrix, "-color_range", range]
    }

    static let sources = [
        Source(
            description: "BT.709", width: 1280, height: 720, zscale: "p=709:t=709:m=709:r=limited", tags: tags("bt709", "bt709", "bt709", "tv"),
            meanLimit: 1),
        Source(
            description: "BT.709 full range", width: 1280, height: 720, zscale: "p=709:t=709:m=709:r=full",
            tags: tags("bt709", "bt709", "bt709", "pc"), meanLimit: 1),
        Source(
            description: "BT.601", width: 640, height: 360, zscale: "p=170m:t=601:m=170m:r=limited",
            tags: tags("smpte170m", "smpte170m", "smpte170m", "tv"), meanLimit: 1.5),
        Source(
            description: "Display P3, BT.601 matrix, full range (an iPhone's SDR video)", width: 1280, height: 720,
            zscale: "p=smpte432:t=709:m=170m:r=full", tags: tags("smpte432", "bt709", "smpte170m", "pc"), meanLimit: 1, worstLimit: 2),
        Source(
            description: "BT.601 untagged (SD, guessed)", width: 640, height: 360, zscale: "p=170m:t=601:m=170m:r=limited", tags: [], meanLimit: 1.5),
        Source(
            description: "BT.601 smaller than the canvas (converted before scaling)", width: 320, height: 180,
            zscale: "p=170m:t=601:m=170m:r=limited", tags: tags("smpte170m", "smpte170m", "smpte170m", "tv"), meanLimit: 1.5),
        Source(
            description: "HLG BT.2020 10-bit HEVC", width: 1280, height: 720, zscale: "",
            tags: tags("bt2020", "arib-std-b67", "bt2020nc", "tv"), meanLimit: 3, tenBit: true, bt2100: "hlg"),
        Source(
            description: "PQ BT.2020 10-bit HEVC", width: 1280, height: 720, zscale: "npl=203:p=2020:t=smpte2084:m=2020_ncl:r=limited",
            tags: tags("bt2020", "smpte2084", "bt2020nc", "tv"), meanLimit: 3, tenBit: true),
        Source(
            description: "HLG smaller than the canvas (converted before scaling)", width: 320, height: 180, zscale: "",
            tags: tags("bt2020", "arib-std-b67", "bt2020nc", "tv"), meanLimit: 3, tenBit: true, bt2100: "hlg")
    ]

    static let canvas = (width: 640, height: 360)
    static let fps = 10

    @Test("every source's chart comes out within the issue's ΔE, greys grey, and the reel is tagged BT.709 limited")
    func chartsComeOutFaithfulAndTheReelIsTagged() throws {
        let folder = try TemporaryFolder("colour")
        let media = try folder.subfolder("media")
        for (index, source) in Self.sources.enumerated() {
            try Self.writeChartClip(source, to: media.appendingPathComponent("VID_2024120\(index + 1)_120000.mp4"), scratch: folder.url)
        }
        let reel = try Self.render("chart", days: Self.sources.count, in: folder.url)

        let tags = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFprobe),
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=color_range,color_space,color_transfer,color_primaries",
                "-of", "csv=p=0", reel
            ])
        #expect(String(decoding: tags, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "tv,bt709,bt709,bt709")

        let pixels = try Self.rgbFrames(of: reel)
        let frameBytes = Self.canvas.width * Self.canvas.height * 3
        try #require(pixels.count == frameBytes * Self.fps * Self.sources.count)
        for (index, source) in Self.sources.enumerated() {
            let frame = pixels.subdata(in: (index * Self.fps + Self.fps / 2) * frameBytes..<(index * Self.fps + Self.fps / 2 + 1) * frameBytes)
            let errors = zip(Self.chart, Self.patchMeans(frame)).map { Self.deltaE($0, $1) }
            let mean = errors.reduce(0, +) / Double(errors.count)
            let worstGrey = errors[Self.greys].max()!
            let report = "\(source): mean ΔE \(mean), worst grey \(worstGrey), each \(errors.map { ($0 * 10).rounded() / 10 })"
            print(report)
            #expect(mean <= source.meanLimit, "\(report)")
            #expect(worstGrey <= 2, "\(report)")
            if let worstLimit = source.worstLimit {
                #expect(errors.max()! <= worstLimit, "\(report)")
            }
        }
    }

    @Test("a layered day converts each layer on its own: an HLG chart and a BT.601 chart in two quarters, each within its ΔE")
    func layersKeepTheirOwnColour() throws {
        let folder = try TemporaryFolder("colour-layers")
        let media = try folder.subfolder("media")
        let hlg = try #require(Self.sources.first { $0.description == "HLG BT.2020 10-bit HEVC" })
        let standard = try #require(Self.sources.first { $0.description == "BT.601" })
        try Self.writeChartClip(hlg, to: media.appendingPathComponent("VID_20241201_120000.mp4"), scratch: folder.url)
        try Self.writeChartClip(standard, to: media.appendingPathComponent("VID_20241201_130000.mp4"), scratch: folder.url)
        // Each layer a 16:9 quarter, so both charts are scaled whole into it, patches where the measure expects them.
        let reel = try Self.render(
            "layers", days: 1, in: folder.url,
            extra: """
                days:
                  2024-12-01:
                    layers:
                      - { file: VID_20241201_120000.mp4, rect: { x: 0, y: 0, width: 0.5, height: 0.5 } }
                      - { file: VID_20241201_130000.mp4, rect: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 } }
                """)
        let quarter = (width: Self.canvas.width / 2, height: Self.canvas.height / 2)
        for (source, crop) in [
            (hlg, "\(quarter.width):\(quarter.height):0:0"), (standard, "\(quarter.width):\(quarter.height):\(quarter.width):\(quarter.height)")
        ] {
            let pixels = try Self.rgbFrames(of: reel, crop: crop)
            let frameBytes = quarter.width * quarter.height * 3
            try #require(pixels.count == frameBytes * Self.fps)
            let frame = pixels.subdata(in: (Self.fps / 2) * frameBytes..<(Self.fps / 2 + 1) * frameBytes)
            let errors = zip(Self.chart, Self.patchMeans(frame, size: quarter)).map { Self.deltaE($0, $1) }
            let mean = errors.reduce(0, +) / Double(errors.count)
            let report = "\(source) as a layer: mean ΔE \(mean), each \(errors.map { ($0 * 10).rounded() / 10 })"
            #expect(mean <= source.meanLimit, "\(report)")
            #expect(errors[Self.greys].max()! <= 2, "\(report)")
        }
    }

    @Test("plan shows what each clip declares: its colour in the JSON, HDR clips marked in the table")
    func planShowsEachClipsColour() throws {
        let folder = try TemporaryFolder("colour-plan")
        let media = try folder.subfolder("media")
        let clips = [
            ("VID_20241201_120000.mp4", Self.tags("bt2020", "arib-std-b67", "bt2020nc", "tv")),
            ("VID_20241202_120000.mp4", Self.tags("bt2020", "smpte2084", "bt2020nc", "tv")),
            ("VID_20241203_120000.mp4", [String]())
        ]
        for (name, tags) in clips {
            _ = try ReferenceCommand.output(
                (try ReferenceCommand.requiredFFmpeg),
                [
                    "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=1", "-pix_fmt", "yuv420p"
                ] + tags + ["-c:v", "libx264", "-preset", "ultrafast", "-y", media.appendingPathComponent(name).path])
        }
        let job = folder.url.appendingPathComponent("plan.yaml")
        try "version: 1\nlibrary: { paths: [media], timezone: UTC }\ntimeframe: { from: 2024-12-01, to: 2024-12-03 }\noutput: { path: out.mp4 }\n"
            .write(to: job, atomically: true, encoding: .utf8)

        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(json.status == 0, "stderr: \(json.standardError)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let colours = try #require(plan["days"] as? [[String: Any]]).map { day -> [String] in
            let colour = day["colour"] as? [String: Any] ?? [:]
            return ["primaries", "transfer", "matrix", "range"].map { colour[$0] as? String ?? "-" } + (colour["assumed"] as? [String] ?? ["-"])
        }
        // The untagged 320x180 clip is read as standard definition: BT.601 (SMPTE C), limited range, the SDR curve.
        #expect(
            colours == [
                ["bt2020", "arib-std-b67", "bt2020nc", "tv"],
                ["bt2020", "smpte2084", "bt2020nc", "tv"],
                ["smpte170m", "bt709", "smpte170m", "tv", "range", "matrix", "primaries", "transfer"]
            ])
        let table = try DVPipeProcess.run(["plan", job.path])
        let rows = table.standardOutput.split(separator: "\n").filter { $0.hasPrefix("2024-12-0") }
        #expect(rows.count == 3)
        #expect(rows.first?.contains("video HDR HLG") == true, "\(table.standardOutput)")
        #expect(rows.dropFirst().first?.contains("video HDR PQ") == true, "\(table.standardOutput)")
        #expect(rows.last?.contains("HDR") == false, "\(table.standardOutput)")
    }

    @Test("PQ highlights stay distinct, in order and below white; a BT.2020 red keeps its hue in BT.709")
    func highlightsRollOffAndRedKeepsItsHue() throws {
        let folder = try TemporaryFolder("colour-highlights")
        let media = try folder.subfolder("media")
        let (width, height) = (1280, 720)
        let patches: [SIMD3<Double>] = [[203, 203, 203], [1000, 1000, 1000], [4000, 4000, 4000], [203, 0, 0]]
        let planes = folder.url.appendingPathComponent("highlights.yuv")
        try Self.writeBT2100Planes(patches, columns: 4, kind: "light", transfer: "pq", width: width, height: height, to: planes)
        try Self.writeLosslessClip(
            planes: planes, format: "yuv444p10le", width: width, height: height, tenBit: true,
            tags: Self.tags("bt2020", "smpte2084", "bt2020nc", "tv"), to: media.appendingPathComponent("VID_20241201_120000.mp4")
        )
        let pixels = try Self.rgbFrames(of: Self.render("highlights", days: 1, in: folder.url), frames: 1)
        let means = Self.patchMeans(pixels, columns: 4, rows: 1)
        let (white, bright, brighter) = (means[0].max(), means[1].max(), means[2].max())
        let report = "203, 1000 and 4000 cd/m² came out as \(means[0]), \(means[1]), \(means[2])"
        #expect(white + 1 <= bright && bright + 1 <= brighter, "\(report)")
        #expect(brighter < 255, "\(report)")

        let source = Self.lab(xyz: SIMD3(0.708 / 0.292, 1, 0))
        let red = means[3] / 255
        let shown = Self.lab(xyz: Self.bt709ToXYZ(SIMD3(pow(red.x, 2.4), pow(red.y, 2.4), pow(red.z, 2.4))))
        let difference = abs(Self.hue(source) - Self.hue(shown))
        #expect(difference <= 5, "BT.2020 red at hue \(Self.hue(source))° came out as \(means[3]), hue \(Self.hue(shown))°")
    }

    /// One way of writing the colour bars: the transfer, the mastering display's peak the clip declares (none
    /// when nil), and the peak dvpipe rolls highlights off to for it.
    struct BarsSource: CustomStringConvertible {
        var transfer: String
        var masteringPeak: Int?
        var rollOffPeak: Double
        var description: String {
            "\(transfer == "pq" ? "PQ" : "HLG") bars, " + (masteringPeak.map { "a \($0) cd/m² mastering display" } ?? "no metadata")
        }
    }

    static let barsSources = [
        BarsSource(transfer: "pq", masteringPeak: nil, rollOffPeak: 10000),
        BarsSource(transfer: "pq", masteringPeak: 1000, rollOffPeak: 1000),
        BarsSource(transfer: "pq", masteringPeak: 4000, rollOffPeak: 4000),
        BarsSource(transfer: "hlg", masteringPeak: nil, rollOffPeak: 1000),
        BarsSource(transfer: "hlg", masteringPeak: 1000, rollOffPeak: 1000)
    ]

    /// 75% bars over 100% bars (white, yellow, cyan, green, magenta, red, blue, black), as 8-bit sRGB values of
    /// BT.709 R′G′B′: every bar on BT.709's edge or at its white or black.
    static let bars: [SIMD3<Double>] = [0.75, 1].flatMap { level in
        [[1, 1, 1], [1, 1, 0], [0, 1, 1], [0, 1, 0], [1, 0, 1], [1, 0, 0], [0, 0, 1], [0, 0, 0]].map {
            SIMD3<Double>($0[0], $0[1], $0[2]) * 255 * level
        }
    }

    @Test(
        "75% and 100% colour bars as PQ and HLG BT.2020 10-bit clips come out as colour-science's exact conversion of their codes",
        arguments: 0..<5)
    func barsOnTheGamutsEdgeAreExact(sourceIndex: Int) throws {
        let source = Self.barsSources[sourceIndex]
        let folder = try TemporaryFolder("colour-bars")
        let media = try folder.subfolder("media")
        let (width, height) = (1280, 720)
        let planes = folder.url.appendingPathComponent("bars.yuv")
        try Self.writeBT2100Planes(Self.bars, columns: 8, kind: "chart", transfer: source.transfer, width: width, height: height, to: planes)
        let display =
            source.masteringPeak.map {
                ":master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(\($0 * 10000),1)"
            } ?? ""
        try Self.writeLosslessClip(
            planes: planes, format: "yuv444p10le", width: width, height: height, tenBit: true,
            tags: Self.tags("bt2020", source.transfer == "pq" ? "smpte2084" : "arib-std-b67", "bt2020nc", "tv"),
            to: media.appendingPathComponent("VID_20241201_120000.mp4"), x265Parameters: display)
        let pixels = try Self.rgbFrames(of: Self.render("bars", days: 1, in: folder.url), frames: 1)
        let measured = Self.patchMeans(pixels, columns: 8, rows: 2)

        let json = "[" + Self.bars.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",") + "]"
        let printed = try ReferenceCommand.output(
            (try ReferenceCommand.requiredReferencePython),
            [
                "-W", "ignore", "-c", Self.bt2100Reference, source.transfer, "\(source.rollOffPeak)", json
            ])
        let exact = try #require(try JSONSerialization.jsonObject(with: printed) as? [[Double]]).map { SIMD3($0[0], $0[1], $0[2]) }
        let errors = zip(exact, measured).map { Self.deltaE($0, $1) }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let report = "\(source): mean ΔE \(mean), each \(errors.map { ($0 * 10).rounded() / 10 })"
        #expect(mean <= 1, "\(report)")
        #expect(errors.max()! <= 2, "\(report)")
        print(report)
    }

    /// The exact conversion of bars that `bt2100Patches` encoded, computed per sample with colour-science, as
    /// a Python program taking `pq` or `hlg`, the peak highlights roll off to and the patches (JSON): each
    /// patch's 10-bit codes made again as `bt2100Patches` makes them, decoded by BT.2020's matrix, the EOTF
    /// (ST 2084, or BT.2100 HLG's for a 1000 cd/m² display), BT.2408's 203 cd/m² as SDR white, BT.2020 → BT.709
    /// in linear light, dvpipe's highlight roll-off (`HighlightRollOff`: light above 85% of reference white
    /// compressed in the PQ domain by a logarithm with slope 1 at the knee, reaching white at the peak),
    /// what is left outside 0…1 clipped (quantisation's crumbs), BT.1886's encoding. Prints each patch's
    /// R′G′B′ × 255 (JSON).
    static let bt2100Reference = """
        import json, sys
        import numpy as np, colour
        transfer, peak, patches = sys.argv[1], float(sys.argv[2]), np.array(json.loads(sys.argv[3]), dtype=float)
        bt709, bt2020 = colour.RGB_COLOURSPACES["ITU-R BT.709"], colour.RGB_COLOURSPACES["ITU-R BT.2020"]
        light = colour.RGB_to_RGB(203 * (patches / 255) ** 2.4, bt709, bt2020)
        if transfer == "hlg":
            signal = colour.models.eotf_inverse_BT2100_HLG(light, L_B=0, L_W=1000)
        else:
            signal = colour.models.eotf_inverse_ST2084(light)
        weights = colour.WEIGHTS_YCBCR["ITU-R BT.2020"]
        codes = colour.RGB_to_YCbCr(signal, K=weights, out_bits=10, out_legal=True, out_int=True)
        decoded = colour.YCbCr_to_RGB(codes, K=weights, in_bits=10, in_legal=True, in_int=True)
        if transfer == "hlg":
            shown = colour.models.eotf_BT2100_HLG(np.clip(decoded, 0, 1), L_B=0, L_W=1000)
        else:
            shown = colour.models.eotf_ST2084(np.clip(decoded, 0, 1))
        relative = (shown / 203) @ colour.matrix_RGB_to_RGB(bt2020, bt709).T
        pq = colour.models.eotf_inverse_ST2084
        knee, white, top = pq(0.85 * 203), pq(203), pq(max(peak, 203))
        strength = 1.0
        for _ in range(200):
            strength = np.log(1 + strength * (top - knee) / (white - knee))
        def rolled(value):
            signal = pq(value * 203)
            if signal <= knee:
                return value
            compressed = knee + (white - knee) * np.log(1 + strength * (min(signal, top) - knee) / (white - knee)) \
                / np.log(1 + strength * (top - knee) / (white - knee))
            return colour.models.eotf_ST2084(compressed) / 203
        out = []
        for rgb in relative:
            luminance = rgb @ np.array([0.2126, 0.7152, 0.0722])
            if luminance > 0:
                rgb = rgb * rolled(luminance) / luminance
            out.append((np.clip(rgb, 0, 1) ** (1 / 2.4) * 255).tolist())
        print(json.dumps(out))
        """

    /// The chart at the source's size, made into that source's encoding by zimg (HDR with the chart's
    /// white at BT.2408's 203 cd/m²) and into a lossless 2-second H.264 (or 10-bit HEVC) clip carrying the
    /// source's tags (or none).
    static func writeChartClip(_ source: Source, to url: URL, scratch: URL) throws {
        let planes = scratch.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".yuv")
        var format = source.tenBit ? "yuv420p10le" : "yuv420p"
        if let transfer = source.bt2100 {
            try writeBT2100Planes(chart, columns: 6, kind: "chart", transfer: transfer, width: source.width, height: source.height, to: planes)
            format = "yuv444p10le"
        } else {
            let picture = scratch.appendingPathComponent("chart-\(source.width)x\(source.height).ppm")
            var bytes = Data("P6 \(source.width) \(source.height) 255\n".utf8)
            for y in 0..<source.height {
                for x in 0..<source.width {
                    let patch = chart[(y * 4 / source.height) * 6 + x * 6 / source.width]
                    bytes.append(contentsOf: [UInt8(patch.x), UInt8(patch.y), UInt8(patch.z)])
                }
            }
            try bytes.write(to: picture)
            _ = try ReferenceCommand.output(
                (try ReferenceCommand.requiredFFmpeg),
                [
                    "-v", "error", "-i", picture.path, "-vf", "zscale=pin=709:tin=709:rin=full:\(source.zscale),format=\(format)",
                    "-f", "rawvideo", "-y", planes.path
                ])
        }
        try writeLosslessClip(
            planes: planes, format: format, width: source.width, height: source.height, tenBit: source.tenBit, tags: source.tags, to: url
        )
    }

    /// Encodes raw `format` planes of one `width`×`height` picture into a lossless 2-second clip carrying
    /// `tags` (and, for HEVC, `x265Parameters` after a colon, such as a mastering display): 10-bit 4:2:0 HEVC
    /// (as phones record HDR) or 8-bit 4:2:0 H.264.
    static func writeLosslessClip(
        planes: URL, format: String, width: Int, height: Int, tenBit: Bool, tags: [String], to url: URL, x265Parameters: String = ""
    ) throws {
        let encoder =
            tenBit
            ? ["-c:v", "libx265", "-x265-params", "lossless=1:log-level=error" + x265Parameters, "-preset", "ultrafast"]
            : ["-c:v", "libx264", "-qp", "0", "-preset", "ultrafast"]
        _ = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-f", "rawvideo", "-pix_fmt", format, "-s", "\(width)x\(height)", "-framerate", "\(fps)",
                "-stream_loop", "19", "-i", planes.path, "-pix_fmt", tenBit ? "yuv420p10le" : "yuv420p"
            ] + tags + encoder + ["-y", url.path])
    }

    /// Renders the first `days` days of December 2024 from `folder`/media, a 1 s cut of each, at the canvas
    /// size into `folder`/out/`name`.mp4 with `dvpipe run`; returns the reel's path.
    static func render(_ name: String, days: Int, in folder: URL, extra: String = "") throws -> String {
        let job = folder.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-0\(days) }
        clips: { video: { duration: 1s, start: 0s } }
        transition: { style: cut }
        output:
          path: out/\(name).mp4
          resolution: \(canvas.width)x\(canvas.height)
          fps: \(fps)
          video: { codec: h264, crf: 10, preset: veryfast }
        \(extra)

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        return folder.appendingPathComponent("out/\(name).mp4").path
    }

    /// The reel's frames (the first `frames`, when given; only `crop`, `w:h:x:y`, of each when given) as
    /// rgb24, decoded by zimg from BT.709 limited range.
    static func rgbFrames(of reel: String, frames: Int? = nil, crop: String? = nil) throws -> Data {
        try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-i", reel
            ] + (frames.map { ["-frames:v", "\($0)"] } ?? []) + [
                "-vf", (crop.map { "crop=\($0)," } ?? "") + "zscale=pin=709:tin=709:min=709:rin=limited:p=709:t=709:m=gbr:r=full,format=gbrp",
                "-pix_fmt", "rgb24", "-f", "rawvideo", "-"
            ])
    }

    /// colour-science's BT.2100 encoding of a picture of patches, as a Python program taking width, height,
    /// `hlg` or `pq`, `chart` or `light`, the number of columns, the patches (JSON) and the file to write
    /// yuv444p10le planes to. `chart` patches are 8-bit sRGB shown on a BT.1886 display whose white is
    /// BT.2408's 203 cd/m², moved into BT.2020 primaries; `light` patches are BT.2020 light in cd/m². The light
    /// is encoded by BT.2100's inverse EOTF (HLG's for a 1000 cd/m² display) and BT.2020's matrix into
    /// limited-range codes.
    static let bt2100Patches = """
        import json, sys
        import numpy as np, colour
        width, height, transfer, kind, columns = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
        patches, path = np.array(json.loads(sys.argv[6]), dtype=float), sys.argv[7]
        if kind == "chart":
            light = 203 * (patches / 255) ** 2.4
            light = colour.RGB_to_RGB(light, colour.RGB_COLOURSPACES["ITU-R BT.709"], colour.RGB_COLOURSPACES["ITU-R BT.2020"])
        else:
            light = patches
        if transfer == "hlg":
            signal = colour.models.eotf_inverse_BT2100_HLG(light, L_B=0, L_W=1000)
        else:
            signal = colour.models.eotf_inverse_ST2084(light)
        codes = colour.RGB_to_YCbCr(signal, K=colour.WEIGHTS_YCBCR["ITU-R BT.2020"], out_bits=10, out_legal=True, out_int=True)
        rows = len(patches) // columns
        patch = (np.arange(height) * rows // height)[:, None] * columns + (np.arange(width) * columns // width)[None, :]
        codes[patch].transpose(2, 0, 1).astype("<u2").tofile(path)
        """

    /// Writes the patches as yuv444p10le planes through `bt2100Patches`.
    static func writeBT2100Planes(
        _ patches: [SIMD3<Double>], columns: Int, kind: String, transfer: String, width: Int, height: Int, to url: URL
    ) throws {
        let json = "[" + patches.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",") + "]"
        _ = try ReferenceCommand.output(
            (try ReferenceCommand.requiredReferencePython),
            [
                "-W", "ignore", "-c", bt2100Patches, "\(width)", "\(height)", transfer, kind, "\(columns)", json, url.path
            ])
    }

    /// The mean RGB of the middle half (each way) of every patch of a `size` (default: the canvas's) rgb24
    /// frame of `columns`×`rows` patches.
    static func patchMeans(_ frame: Data, columns: Int = 6, rows: Int = 4, size: (width: Int, height: Int) = canvas) -> [SIMD3<Double>] {
        let (width, height) = size
        return (0..<(columns * rows)).map { patch in
            let (row, column) = patch.quotientAndRemainder(dividingBy: columns)
            let left = width * column / columns, right = width * (column + 1) / columns
            let top = height * row / rows, bottom = height * (row + 1) / rows
            var sum = SIMD3<Double>(repeating: 0)
            var count = 0.0
            for y in (top + (bottom - top) / 4)..<(bottom - (bottom - top) / 4) {
                for x in (left + (right - left) / 4)..<(right - (right - left) / 4) {
                    let offset = frame.startIndex + (y * width + x) * 3
                    sum += SIMD3(Double(frame[offset]), Double(frame[offset + 1]), Double(frame[offset + 2]))
                    count += 1
                }
            }
            return sum / count
        }
    }

    /// CIE 1976 colour difference between two 8-bit sRGB colours (D65).
    static func deltaE(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        let difference = lab(a) - lab(b)
        return (difference * difference).sum().squareRoot()
    }

    /// CIE L*a*b* of an 8-bit sRGB colour.
    static func lab(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        func linear(_ value: Double) -> Double {
            let v = value / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return lab(xyz: bt709ToXYZ(SIMD3(linear(rgb.x), linear(rgb.y), linear(rgb.z))))
    }

    /// CIE XYZ of linear BT.709 (sRGB) light, white at Y = 1 (IEC 61966-2-1's matrix).
    static func bt709ToXYZ(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            0.4124 * rgb.x + 0.3576 * rgb.y + 0.1805 * rgb.z,
            0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z,
            0.0193 * rgb.x + 0.1192 * rgb.y + 0.9505 * rgb.z
        )
    }

    /// CIE L*a*b* of XYZ (D65).
    static func lab(xyz: SIMD3<Double>) -> SIMD3<Double> {
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (x, y, z) = (f(xyz.x / 0.95047), f(xyz.y), f(xyz.z / 1.08883))
        return SIMD3(116 * y - 16, 500 * (x - y), 200 * (y - z))
    }

    /// The hue angle of a L*a*b* colour, in degrees.
    static func hue(_ lab: SIMD3<Double>) -> Double { atan2(lab.z, lab.y) * 180 / .pi }
}
