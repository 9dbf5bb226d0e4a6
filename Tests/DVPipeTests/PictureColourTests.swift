import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Overlay pictures in other colour spaces, against an independent colour engine: the colour chart moved by
/// LittleCMS (through Pillow's ImageCms) from sRGB into Display P3 or Adobe RGB, saved by Pillow with the
/// profile embedded (or, for `cICP`, only named), drawn by `dvpipe run` as a full-frame overlay, decoded by
/// zimg and compared patch by patch with the chart. dvpipe's colour code only renders.
@Suite(.tags(.endToEnd, .reference))
struct PictureColourTests {
    /// Writes ICC v4 matrix/TRC profiles, the chart converted into them by LittleCMS, and the pictures:
    /// arguments are the folder, the width and height, and the chart (JSON).
    static let pictures = """
        import io, json, struct, sys
        from PIL import Image, ImageCms, PngImagePlugin
        folder, width, height, chart = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])

        def s15(v): return struct.pack(">i", round(v * 65536))
        def xyz(v): return b"XYZ \\0\\0\\0\\0" + b"".join(s15(c) for c in v)
        def mluc(text):
            encoded = text.encode("utf-16-be")
            return b"mluc\\0\\0\\0\\0" + struct.pack(">II2s2sII", 1, 12, b"en", b"US", len(encoded), 28) + encoded
        def para(g, a, b, c, d): return b"para\\0\\0\\0\\0" + struct.pack(">HH", 3, 0) + b"".join(s15(v) for v in (g, a, b, c, d))
        def curv(gamma): return b"curv\\0\\0\\0\\0" + struct.pack(">IH", 1, round(gamma * 256)) + b"\\0\\0"

        def profile(name, colorants, curve):
            tags = [(b"desc", mluc(name)), (b"cprt", mluc("test")), (b"wtpt", xyz((0.9642, 1.0, 0.8249)))]
            tags += [(tag, xyz(value)) for tag, value in zip((b"rXYZ", b"gXYZ", b"bXYZ"), colorants)]
            tags += [(tag, curve) for tag in (b"rTRC", b"gTRC", b"bTRC")]
            table, data = b"", b""
            offset = 128 + 4 + 12 * len(tags)
            for tag, body in tags:
                body += b"\\0" * (-len(body) % 4)
                table += tag + struct.pack(">II", offset + len(data), len(body))
                data += body
            size = offset + len(data)
            header = struct.pack(">I4sI4s4s4s6H4s", size, b"\\0" * 4, 0x04300000, b"mntr", b"RGB ", b"XYZ ", 2024, 1, 1, 0, 0, 0, b"acsp")
            header += b"\\0" * 28 + s15(0.9642) + s15(1.0) + s15(0.8249)
            header += b"\\0" * (128 - len(header))
            return header + struct.pack(">I", len(tags)) + table + data

        # Apple's Display P3 (DCI-P3 primaries, D65, sRGB's curve) and Adobe RGB (1998), colorants adapted to D50.
        srgb_curve = para(2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
        p3 = profile("Display P3", [(0.515121, 0.241196, -0.001053), (0.291977, 0.692245, 0.041885), (0.157104, 0.066574, 0.784073)], srgb_curve)
        adobe = profile("Adobe RGB (1998)", [(0.609741, 0.311111, 0.019470), (0.205276, 0.625671, 0.060867), (0.149185, 0.063217, 0.744568)], curv(563 / 256))

        picture = Image.new("RGB", (width, height))
        pixels = picture.load()
        for y in range(height):
            for x in range(width):
                pixels[x, y] = tuple(int(c) for c in chart[(y * 4 // height) * 6 + x * 6 // width])
        srgb = ImageCms.createProfile("sRGB")
        def into(target):
            converted = ImageCms.profileToProfile(picture, srgb, ImageCms.ImageCmsProfile(io.BytesIO(target)), renderingIntent=1)
            converted.info.pop("icc_profile", None)
            return converted

        into(p3).save(f"{folder}/p3-icc.png", icc_profile=p3)
        into(adobe).save(f"{folder}/adobe-icc.jpg", quality=98, subsampling=0, icc_profile=adobe)
        cicp = PngImagePlugin.PngInfo()
        cicp.add(b"cICP", bytes([12, 13, 0, 1]))
        into(p3).save(f"{folder}/p3-cicp.png", pnginfo=cicp)
        into(p3).save(f"{folder}/p3-untagged.png")
        """

    @Test("pictures with a Display P3 or Adobe RGB profile, or P3 code points, show the chart's colours")
    func taggedPicturesShowTheirColours() throws {
        let folder = try TemporaryFolder("picture-colour")
        let media = try folder.subfolder("media")
        let json = "[" + ColourTests.chart.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",") + "]"
        let (width, height) = ColourTests.canvas
        _ = try ReferenceCommand.output(
            (try ReferenceCommand.requiredReferencePython),
            [
                "-W", "ignore", "-c", Self.pictures, folder.url.path, "\(width)", "\(height)", json
            ])
        _ = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-f", "lavfi", "-i", "color=gray:s=\(width)x\(height):r=\(ColourTests.fps):d=1",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", media.appendingPathComponent("VID_20241201_120000.mp4").path
            ])

        func meanError(_ picture: String) throws -> (mean: Double, worstGrey: Double) {
            let reel = try Self.render(overlay: picture, in: folder.url)
            let frame = try ColourTests.rgbFrames(of: reel, frames: 1)
            let errors = zip(ColourTests.chart, ColourTests.patchMeans(frame)).map { ColourTests.deltaE($0, $1) }
            return (errors.reduce(0, +) / Double(errors.count), errors[ColourTests.greys].max()!)
        }
        for picture in ["p3-icc.png", "adobe-icc.jpg", "p3-cicp.png"] {
            let (mean, worstGrey) = try meanError(picture)
            #expect(mean <= 1.5, "\(picture): mean ΔE \(mean)")
            #expect(worstGrey <= 2, "\(picture): worst grey ΔE \(worstGrey)")
        }
        // The same P3 values with nothing to say they are P3 are read as sRGB: the chart's colours are lost,
        // which is what the tagged pictures above are measured against.
        let untagged = try meanError("p3-untagged.png")
        #expect(untagged.mean > 3, "P3 values read as sRGB: mean ΔE \(untagged.mean)")
    }

    /// Renders the 1 s grey clip of `folder`/media with `picture` (in `folder`) over the whole frame; returns
    /// the reel's path.
    static func render(overlay picture: String, in folder: URL) throws -> String {
        let name = URL(fileURLWithPath: picture).deletingPathExtension().lastPathComponent
        let job = folder.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-01 }
        clips: { video: { duration: 1s, start: 0s } }
        overlays:
          - image: { file: \(picture), position: center, width: 1, opacity: 1 }
        output:
          path: out/\(name).mp4
          resolution: \(ColourTests.canvas.width)x\(ColourTests.canvas.height)
          fps: \(ColourTests.fps)
          video: { codec: h264, crf: 10, preset: veryfast }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        return folder.appendingPathComponent("out/\(name).mp4").path
    }
}
