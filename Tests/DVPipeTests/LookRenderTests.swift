import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.look` in rendered reels, checked against ffmpeg's `lut3d` filter: a real 3D table grades the
/// frames as `lut3d` does, an identity table changes no byte, and a broken `.cube` file fails `validate`
/// at its own line.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct LookRenderTests {
    /// A `.cube` text of `size` whose rows are `transform` of their lattice points (red fastest).
    static func cube(size: Int, _ transform: (SIMD3<Double>) -> SIMD3<Double>) -> String {
        var lines = ["TITLE \"dvpipe test look\"", "LUT_3D_SIZE \(size)"]
        let step = 1 / Double(size - 1)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    let out = transform(SIMD3(Double(red), Double(green), Double(blue)) * step)
                    lines.append(String(format: "%.6f %.6f %.6f", out.x, out.y, out.z))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A warm, contrasty grade that mixes the channels a little: nothing a matrix alone could do.
    static func warm(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        let red = 0.04 + 0.94 * pow(rgb.x, 0.85), green = 0.01 + 0.97 * pow(rgb.y, 1.05)
        let blue = 0.9 * pow(rgb.z, 1.15) + 0.05 * rgb.x
        return SIMD3(red, green, blue).clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
    }

    /// A project of four days of the dated library, encoded losslessly (crf 0) so that the comparison
    /// measures the grade and nothing else, with no overlay (which the look leaves alone); `look` is
    /// the job's `output.look` line, if any.
    static func job(in folder: TemporaryFolder, look: String?) throws -> URL {
        try DatedLibrary.fourDays(in: folder)
        let job = folder.url.appendingPathComponent("look.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-19 }
        transition: { style: cut }
        output:
          path: out/reel.mp4
          resolution: 160x90
          fps: 10
          video: { crf: 0 }
        \(look.map { "  look: \($0)" } ?? "")

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The 160×90 frames of `reel` as 4:2:0 bytes, one `Data` each (from index 0), decoded by the ffmpeg
    /// command in `folder`.
    static func frames(_ reel: Data, ffmpeg: String, in folder: TemporaryFolder) throws -> [Data] {
        let file = folder.url.appendingPathComponent("decoded.mp4")
        try reel.write(to: file)
        let raw = try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", file.path, "-pix_fmt", "yuv420p", "-f", "rawvideo", "-"])
        let size = 160 * 90 * 3 / 2
        return stride(from: 0, to: raw.count, by: size).map { raw.subdata(in: $0..<min(raw.count, $0 + size)) }
    }

    static func render(_ job: URL) throws -> Data {
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(result.status == 0, "run failed: \(result.standardError)")
        return try Data(contentsOf: job.deletingLastPathComponent().appendingPathComponent("out/reel.mp4"))
    }

    @Test("a real 3D look grades the frames as ffmpeg's lut3d does (PSNR ≥ 38 dB); an identity look changes no byte")
    func lookMatchesLut3dAndIdentityChangesNothing() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("look")
        try Self.cube(size: 17, Self.warm).write(to: folder.url.appendingPathComponent("warm.cube"), atomically: true, encoding: .utf8)
        try Self.cube(size: 2) { $0 }.write(to: folder.url.appendingPathComponent("identity.cube"), atomically: true, encoding: .utf8)

        let plain = try Self.render(try Self.job(in: folder, look: nil))
        let plainReel = folder.url.appendingPathComponent("plain.mp4")
        try plain.write(to: plainReel)
        let identity = try Self.render(try Self.job(in: folder, look: "{ lut: identity.cube }"))
        #expect(identity == plain, "an identity .cube changes no byte")

        let graded = try Self.render(try Self.job(in: folder, look: "{ lut: warm.cube }"))
        #expect(graded != plain)
        let gradedReel = folder.url.appendingPathComponent("out/reel.mp4")
        let filter =
            "[0:v]format=gbrp,lut3d=file=\(folder.url.appendingPathComponent("warm.cube").path):interp=tetrahedral[reference];"
            + "[1:v]format=gbrp[graded];[graded][reference]psnr"
        let printed = try ReferenceCommand.printed(
            ffmpeg, ["-hide_banner", "-nostdin", "-i", plainReel.path, "-i", gradedReel.path, "-lavfi", filter, "-f", "null", "-"])
        try #require(printed.status == 0, "\(printed.printed)")
        let average = try #require(Self.psnrAverage(printed.printed), "no PSNR in \(printed.printed)")
        #expect(average >= 38, "dvpipe's look against lut3d on the same frames: \(average) dB")
        let ungraded = try ReferenceCommand.printed(
            ffmpeg,
            [
                "-hide_banner", "-nostdin", "-i", plainReel.path, "-i", gradedReel.path, "-lavfi",
                "[0:v]format=gbrp[a];[1:v]format=gbrp[b];[b][a]psnr", "-f", "null", "-"
            ])
        let apart = try #require(Self.psnrAverage(ungraded.printed))
        #expect(apart < average - 10, "the look is far from no look (\(apart) dB) and close to lut3d (\(average) dB)")

        let half = try Self.render(try Self.job(in: folder, look: "{ lut: warm.cube, strength: 0.5 }"))
        #expect(half != graded && half != plain, "strength mixes the look with the picture")
    }

    /// The `average:` of ffmpeg's psnr filter summary, in dB.
    static func psnrAverage(_ printed: String) -> Double? {
        guard let line = printed.split(separator: "\n").last(where: { $0.contains("PSNR") && $0.contains("average:") }),
            let range = line.range(of: "average:")
        else { return nil }
        return Double(line[range.upperBound...].prefix { !$0.isWhitespace })
    }

    @Test("a look that names a file of secrets (/proc/self/environ) is refused without a word of it")
    func environmentIsNeverQuoted() throws {
        let folder = try TemporaryFolder("look-environ")
        let job = try Self.job(in: folder, look: "{ lut: /proc/self/environ }")
        let secret = "never-shown-5f0c2a"
        let result = try DVPipeProcess.run(["validate", job.path], environment: ["AWS_SECRET_ACCESS_KEY": secret])
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains("/proc/self/environ:1:1: error: not a .cube file: line 1 is not a keyword or three numbers"),
            "\(result.standardOutput)")
        #expect(!(result.standardOutput + result.standardError).contains(secret))
        #expect(!(result.standardOutput + result.standardError).contains("AWS_SECRET"))
    }

    @Test("a broken .cube file fails validate at its own line and column, naming the job's key")
    func brokenCubeIsLocated() throws {
        let folder = try TemporaryFolder("look-broken")
        try "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 zero\n".write(
            to: folder.url.appendingPathComponent("broken.cube"), atomically: true, encoding: .utf8)
        let job = try Self.job(in: folder, look: "{ lut: broken.cube }")
        let result = try DVPipeProcess.run(["validate", job.path])
        #expect(result.status == 2)
        let cube = folder.url.appendingPathComponent("broken.cube").path
        #expect(
            result.standardOutput.contains("\(cube):5:5: error: this value is not a number; named by output.look.lut at \(job.path):10:"),
            "\(result.standardOutput)")
        try "LUT_3D_SIZE 2\n0 0 0\n".write(to: folder.url.appendingPathComponent("broken.cube"), atomically: true, encoding: .utf8)
        let short = try DVPipeProcess.run(["validate", job.path])
        #expect(short.standardOutput.contains("\(cube):1:1: error: LUT_3D_SIZE 2 needs 2³ = 8 rows; the file has 1"), "\(short.standardOutput)")
    }

    @Test("a camera look grades only the clips of matching cameras: their segments alone are made again, and plan lists their days")
    func cameraLookAppliesToMatchingClipsOnly() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("camera-look")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for index in 0..<4 {
            var clip = DatedLibrary.clip(index)
            if index < 2 {
                clip.tags.make = "Apple"
                clip.tags.model = "iPhone 15 Pro"
            }
            try writer.write(clip, in: media)
        }
        try Self.cube(size: 17, Self.warm).write(to: folder.url.appendingPathComponent("warm.cube"), atomically: true, encoding: .utf8)
        let job = try Self.job(in: folder, look: nil)
        let plain = try Self.render(job)
        let text = try String(contentsOf: job, encoding: .utf8)
        try (text + "looks:\n  - { match: { make: apple, model: \"iPhone 15*\" }, lut: warm.cube }\n").write(
            to: job, atomically: true, encoding: .utf8)

        let planned = try DVPipeProcess.run(["plan", job.path])
        #expect(
            planned.standardOutput.contains("Looks (by camera, from looks:):\n  - 2024-11-16: warm.cube\n  - 2024-11-17: warm.cube\n\n"),
            "\(planned.standardOutput)")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.standardOutput.contains("segments: 2 rendered, 2 reused (of 4)"), "\(run.standardOutput)")
        let graded = try Data(contentsOf: folder.url.appendingPathComponent("out/reel.mp4"))

        let before = try Self.frames(plain, ffmpeg: ffmpeg, in: folder), after = try Self.frames(graded, ffmpeg: ffmpeg, in: folder)
        try #require(before.count == 80 && after.count == 80, "four days of 2 s at 10 fps: \(before.count), \(after.count)")
        #expect((0..<40).allSatisfy { before[$0] != after[$0] }, "the two iPhone days are graded on every frame")
        #expect((40..<80).allSatisfy { before[$0] == after[$0] }, "the other two days are untouched")
    }

    @Test("each layer of a layered day takes its own camera's look: plan --json names it, and only that layer's half changes")
    func cameraLookAppliesToItsLayer() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("layer-look")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        var iphone = DatedLibrary.clip(1)
        iphone.tags.make = "Apple"
        iphone.tags.model = "iPhone 15 Pro"
        for clip in [DatedLibrary.clip(0), iphone] {
            try writer.write(clip, in: media)
        }
        try Self.cube(size: 17, Self.warm).write(to: folder.url.appendingPathComponent("warm.cube"), atomically: true, encoding: .utf8)
        let job = folder.url.appendingPathComponent("layers.yaml")
        let text = """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-11-16, to: 2024-11-16 }
            transition: { style: cut }
            output: { path: out/reel.mp4, resolution: 160x90, fps: 10, video: { crf: 0 } }
            days:
              2024-11-16:
                layout: split-h
                layers: [{ file: \(DatedLibrary.clip(0).fileName) }, { file: \(iphone.fileName) }]

            """
        try text.write(to: job, atomically: true, encoding: .utf8)
        let plain = try Self.render(job)
        try (text + "looks:\n  - { match: { make: apple }, lut: warm.cube }\n").write(to: job, atomically: true, encoding: .utf8)

        let planned = try DVPipeProcess.run(["plan", job.path, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(planned.standardOutput.utf8)) as? [String: Any])
        let layers = try #require(((json["days"] as? [[String: Any]])?.first?["layers"]) as? [[String: Any]])
        try #require(layers.count == 2)
        #expect(layers[0]["look"] is NSNull && layers[0]["rotation"] as? Int == 0 && layers[0].keys.contains("position"))
        #expect((layers[1]["look"] as? [String: Any])?["lut"].map { "\($0)".hasSuffix("/warm.cube") } == true, "\(layers[1])")
        let graded = try Self.render(job)

        /// Each frame's two halves (left, right), every plane.
        func halves(_ reel: Data) throws -> [(left: Data, right: Data)] {
            let planes = [(offset: 0, width: 160, height: 90), (offset: 14_400, width: 80, height: 45), (offset: 18_000, width: 80, height: 45)]
            return try Self.frames(reel, ffmpeg: ffmpeg, in: folder).map { frame in
                var (left, right) = (Data(), Data())
                for plane in planes {
                    for row in 0..<plane.height {
                        let start = plane.offset + row * plane.width
                        left += frame[start..<(start + plane.width / 2)]
                        right += frame[(start + plane.width / 2)..<(start + plane.width)]
                    }
                }
                return (left, right)
            }
        }
        let before = try halves(plain), after = try halves(graded)
        try #require(before.count == 20 && after.count == 20, "one day of 2 s at 10 fps: \(before.count), \(after.count)")
        #expect(zip(before, after).allSatisfy { $0.left == $1.left }, "the first layer, filmed by no matching camera, is untouched")
        #expect(zip(before, after).allSatisfy { $0.right != $1.right }, "the iPhone layer is graded on every frame")
    }
}
