import DVTestSupport
import Foundation
import Testing

/// Colour from sources in other encodings, against an independent converter: a colour chart turned into
/// clips by the ffmpeg command's `zscale` (zimg) in each encoding, rendered by `dvpipe run`, decoded back
/// to RGB by `zscale` again and compared patch by patch in CIE L*a*b* (ΔE 1976). dvpipe's own colour code
/// only renders; the measuring is zimg's and this file's.
@Suite(.enabled(if: ReferenceCommand.ffmpeg != nil && ReferenceCommand.ffprobe != nil, "needs the ffmpeg and ffprobe commands (Debian's ffmpeg package)"))
struct ColourTests {
    /// The 24 patches of the ColorChecker chart as 8-bit sRGB, row by row; the last row is the greys.
    static let chart: [SIMD3<Double>] = [
        [115, 82, 68], [194, 150, 130], [98, 122, 157], [87, 108, 67], [133, 128, 177], [103, 189, 170],
        [214, 126, 44], [80, 91, 166], [193, 90, 99], [94, 60, 108], [157, 188, 64], [224, 163, 46],
        [56, 61, 150], [70, 148, 73], [175, 54, 60], [231, 199, 31], [187, 86, 149], [8, 133, 161],
        [243, 243, 242], [200, 200, 200], [160, 160, 160], [122, 122, 121], [85, 85, 85], [52, 52, 52],
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
    }

    static func tags(_ primaries: String, _ transfer: String, _ matrix: String, _ range: String) -> [String] {
        ["-color_primaries", primaries, "-color_trc", transfer, "-colorspace", matrix, "-color_range", range]
    }

    static let sources = [
        Source(description: "BT.709", width: 1280, height: 720, zscale: "p=709:t=709:m=709:r=limited", tags: tags("bt709", "bt709", "bt709", "tv"), meanLimit: 1),
        Source(description: "BT.709 full range", width: 1280, height: 720, zscale: "p=709:t=709:m=709:r=full", tags: tags("bt709", "bt709", "bt709", "pc"), meanLimit: 1),
        Source(description: "BT.601", width: 640, height: 360, zscale: "p=170m:t=601:m=170m:r=limited", tags: tags("smpte170m", "smpte170m", "smpte170m", "tv"), meanLimit: 1.5),
        Source(description: "BT.601 untagged (SD, guessed)", width: 640, height: 360, zscale: "p=170m:t=601:m=170m:r=limited", tags: [], meanLimit: 1.5),
        Source(description: "BT.601 smaller than the canvas (converted before scaling)", width: 320, height: 180, zscale: "p=170m:t=601:m=170m:r=limited", tags: tags("smpte170m", "smpte170m", "smpte170m", "tv"), meanLimit: 1.5),
    ]

    static let canvas = (width: 640, height: 360)
    static let fps = 10

    @Test("every source's chart comes out within the issue's ΔE, greys grey, and the reel is tagged BT.709 limited")
    func chartsComeOutFaithfulAndTheReelIsTagged() throws {
        let folder = try TemporaryFolder("colour")
        let media = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for (index, source) in Self.sources.enumerated() {
            try Self.writeChartClip(source, to: media.appendingPathComponent("VID_2024120\(index + 1)_120000.mp4"), scratch: folder.url)
        }
        let job = folder.url.appendingPathComponent("chart.yaml")
        try """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-12-01, to: 2024-12-0\(Self.sources.count) }
            clips: { video: { duration: 1s, start: 0s } }
            transition: { style: cut }
            output:
              path: out/chart.mp4
              resolution: \(Self.canvas.width)x\(Self.canvas.height)
              fps: \(Self.fps)
              video: { codec: h264, crf: 10, preset: veryfast }

            """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let reel = folder.url.appendingPathComponent("out/chart.mp4").path

        let tags = try ReferenceCommand.output(ReferenceCommand.ffprobe!, [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=color_range,color_space,color_transfer,color_primaries",
            "-of", "csv=p=0", reel,
        ])
        #expect(String(decoding: tags, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "tv,bt709,bt709,bt709")

        let pixels = try ReferenceCommand.output(ReferenceCommand.ffmpeg!, [
            "-v", "error", "-i", reel,
            "-vf", "zscale=pin=709:tin=709:min=709:rin=limited:p=709:t=709:m=gbr:r=full,format=gbrp",
            "-pix_fmt", "rgb24", "-f", "rawvideo", "-",
        ])
        let frameBytes = Self.canvas.width * Self.canvas.height * 3
        try #require(pixels.count == frameBytes * Self.fps * Self.sources.count)
        for (index, source) in Self.sources.enumerated() {
            let frame = pixels.subdata(in: (index * Self.fps + Self.fps / 2) * frameBytes..<(index * Self.fps + Self.fps / 2 + 1) * frameBytes)
            let errors = zip(Self.chart, Self.patchMeans(frame)).map { Self.deltaE($0, $1) }
            let mean = errors.reduce(0, +) / Double(errors.count)
            let worstGrey = errors[Self.greys].max()!
            let report = "\(source): mean ΔE \(mean), worst grey \(worstGrey), each \(errors.map { ($0 * 10).rounded() / 10 })"
            #expect(mean <= source.meanLimit, "\(report)")
            #expect(worstGrey <= 2, "\(report)")
        }
    }

    @Test("plan shows what each clip declares: its colour in the JSON, HDR clips marked in the table")
    func planShowsEachClipsColour() throws {
        let folder = try TemporaryFolder("colour-plan")
        let media = folder.url.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let clips = [
            ("VID_20241201_120000.mp4", Self.tags("bt2020", "arib-std-b67", "bt2020nc", "tv")),
            ("VID_20241202_120000.mp4", Self.tags("bt2020", "smpte2084", "bt2020nc", "tv")),
            ("VID_20241203_120000.mp4", [String]()),
        ]
        for (name, tags) in clips {
            _ = try ReferenceCommand.output(ReferenceCommand.ffmpeg!, [
                "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=1", "-pix_fmt", "yuv420p",
            ] + tags + ["-c:v", "libx264", "-preset", "ultrafast", "-y", media.appendingPathComponent(name).path])
        }
        let job = folder.url.appendingPathComponent("plan.yaml")
        try "version: 1\nlibrary: { paths: [media], timezone: UTC }\ntimeframe: { from: 2024-12-01, to: 2024-12-03 }\noutput: { path: out.mp4 }\n"
            .write(to: job, atomically: true, encoding: .utf8)

        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(json.status == 0, "stderr: \(json.standardError)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let colours = try #require(plan["days"] as? [[String: Any]]).map { $0["colour"] as? [String: String] }
        #expect(colours == [
            ["primaries": "bt2020", "transfer": "arib-std-b67", "matrix": "bt2020nc", "range": "tv"],
            ["primaries": "bt2020", "transfer": "smpte2084", "matrix": "bt2020nc", "range": "tv"],
            ["primaries": "unknown", "transfer": "unknown", "matrix": "unknown", "range": "unknown"],
        ])
        let table = try DVPipeProcess.run(["plan", job.path])
        let rows = table.standardOutput.split(separator: "\n").filter { $0.hasPrefix("2024-12-0") }
        #expect(rows.count == 3)
        #expect(rows.first?.contains("video HDR HLG") == true, "\(table.standardOutput)")
        #expect(rows.dropFirst().first?.contains("video HDR PQ") == true, "\(table.standardOutput)")
        #expect(rows.last?.contains("HDR") == false, "\(table.standardOutput)")
    }

    /// The chart at the source's size, made into that source's encoding by zimg and into a lossless
    /// 2-second H.264 clip carrying the source's tags (or none).
    static func writeChartClip(_ source: Source, to url: URL, scratch: URL) throws {
        let picture = scratch.appendingPathComponent("chart-\(source.width)x\(source.height).ppm")
        var bytes = Data("P6 \(source.width) \(source.height) 255\n".utf8)
        for y in 0..<source.height {
            for x in 0..<source.width {
                let patch = chart[(y * 4 / source.height) * 6 + x * 6 / source.width]
                bytes.append(contentsOf: [UInt8(patch.x), UInt8(patch.y), UInt8(patch.z)])
            }
        }
        try bytes.write(to: picture)
        let planes = scratch.appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".yuv")
        _ = try ReferenceCommand.output(ReferenceCommand.ffmpeg!, [
            "-v", "error", "-i", picture.path, "-vf", "zscale=pin=709:tin=709:rin=full:\(source.zscale),format=yuv420p",
            "-f", "rawvideo", "-y", planes.path,
        ])
        _ = try ReferenceCommand.output(ReferenceCommand.ffmpeg!, [
            "-v", "error", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(source.width)x\(source.height)", "-framerate", "\(fps)",
            "-stream_loop", "19", "-i", planes.path,
        ] + source.tags + ["-c:v", "libx264", "-qp", "0", "-preset", "ultrafast", "-y", url.path])
    }

    /// The mean RGB of the middle half (each way) of every patch of a canvas-sized rgb24 frame.
    static func patchMeans(_ frame: Data) -> [SIMD3<Double>] {
        let (width, height) = canvas
        return (0..<24).map { patch in
            let (row, column) = patch.quotientAndRemainder(dividingBy: 6)
            let left = width * column / 6, right = width * (column + 1) / 6
            let top = height * row / 4, bottom = height * (row + 1) / 4
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

    static func lab(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        func linear(_ value: Double) -> Double {
            let v = value / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(rgb.x), linear(rgb.y), linear(rgb.z))
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return SIMD3(116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
