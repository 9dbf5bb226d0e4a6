import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia

/// A Display P3 photo keeps its colours: a chart moved by LittleCMS (Pillow's ImageCms) from sRGB into the
/// Display P3 profile an iPhone embeds (the primary picture's `colr` box of the corpus's HEIC; exiftool would
/// give the gain map's PQ profile instead), saved as a JPEG with that
/// profile, decoded by `StillDecoder` and compared patch by patch with the chart in CIEDE2000 by colour-science.
@Suite(.tags(.reference))
struct StillColourTests {
    init() { MediaLog.silence() }

    /// Six columns by four rows of sRGB patches: saturated primaries and secondaries, skin, sky, foliage, greys.
    static let chart: [[Int]] = [
        [200, 40, 40], [40, 160, 60], [40, 60, 190], [220, 200, 50], [190, 60, 170], [50, 170, 190],
        [115, 82, 68], [194, 150, 130], [98, 122, 157], [87, 108, 67], [133, 128, 177], [103, 189, 170],
        [214, 126, 44], [80, 91, 166], [193, 90, 99], [94, 60, 108], [157, 188, 64], [224, 163, 46],
        [245, 245, 245], [200, 200, 200], [160, 160, 160], [122, 122, 121], [85, 85, 85], [52, 52, 52]
    ]
    static let size = (width: 600, height: 400)

    /// Writes the chart converted into the profile at argv[2] as a JPEG at argv[3]; argv[1] is the chart (JSON).
    static let writeChart = """
        import io, json, sys
        from PIL import Image, ImageCms
        chart, profile_path, out = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3]
        width, height = 600, 400
        picture = Image.new("RGB", (width, height))
        pixels = picture.load()
        for y in range(height):
            for x in range(width):
                pixels[x, y] = tuple(chart[(y * 4 // height) * 6 + x * 6 // width])
        profile = open(profile_path, "rb").read()
        converted = ImageCms.profileToProfile(picture, ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile)), renderingIntent=1)
        converted.info.pop("icc_profile", None)
        converted.save(out, quality=98, subsampling=0, icc_profile=profile)
        """

    /// Prints the mean CIEDE2000 between the chart (argv[1]) and the measured sRGB patches (argv[2]).
    static let compare = """
        import json, sys, numpy, colour
        chart, measured = (numpy.array(json.loads(a), dtype=float) / 255 for a in sys.argv[1:3])
        lab = [colour.XYZ_to_Lab(colour.sRGB_to_XYZ(c)) for c in (chart, measured)]
        print(float(numpy.mean(colour.delta_E(lab[0], lab[1], method="CIE 2000"))))
        """

    @Test("a Display P3 JPEG (the iPhone's own profile) shows the chart's colours on an SDR canvas: mean CIEDE2000 ≤ 1")
    func displayP3() throws {
        let python = try ReferenceCommand.requiredReferencePython
        let folder = try TemporaryFolder("still-colour")
        let profile = folder.url.appendingPathComponent("p3.icc")
        let heic = [UInt8](try Data(contentsOf: StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC")))
        let colr = try #require((4..<heic.count - 8).first { Array(heic[$0..<$0 + 8]) == Array("colrprof".utf8) })
        let boxSize = heic[colr - 4..<colr].reduce(0) { $0 << 8 | Int($1) }
        try Data(heic[colr + 8..<colr - 4 + boxSize]).write(to: profile)
        let json = "[" + Self.chart.map { "[\($0[0]),\($0[1]),\($0[2])]" }.joined(separator: ",") + "]"
        let jpeg = folder.url.appendingPathComponent("chart-p3.jpg")
        _ = try ReferenceCommand.output(python, ["-W", "ignore", "-c", Self.writeChart, json, profile.path, jpeg.path])
        let picture = try StillDecoder.decode(
            .file(jpeg.path), covering: (Self.size.width, Self.size.height), format: .sdr8, toneMap: true, look: nil)
        #expect(picture.frame.width == Self.size.width && picture.frame.height == Self.size.height)
        let measured = Self.patchMeans(picture.frame)
        let mean =
            Double(
                String(decoding: try ReferenceCommand.output(python, ["-W", "ignore", "-c", Self.compare, json, measured]), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
        #expect(mean <= 1.0, "mean ΔE2000 \(mean); measured \(measured)")
    }

    /// Writes the HEIC at argv[1] as pillow-heif's libheif shows it (its transforms applied, EXIF orientation
    /// not), moved from its own ICC profile into sRGB by LittleCMS, as a PNG at argv[2].
    static let showHEIC = """
        import io, sys
        import pillow_heif
        from PIL import Image, ImageCms
        picture = pillow_heif.open_heif(sys.argv[1]).to_pillow()
        profile = picture.info.get("icc_profile")
        if profile:
            picture = ImageCms.profileToProfile(picture, ImageCms.ImageCmsProfile(io.BytesIO(profile)), ImageCms.createProfile("sRGB"), renderingIntent=1)
        picture.save(sys.argv[2])
        """

    @Test("an iPhone 15 Pro HEIC with a gain map is shown as pillow-heif's libheif 1.20 and LittleCMS show it in sRGB")
    func iPhoneHEIC() throws {
        let python = try ReferenceCommand.requiredReferencePython
        let folder = try TemporaryFolder("still-iphone")
        let url = StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC")
        let reference = folder.url.appendingPathComponent("reference.png")
        _ = try ReferenceCommand.output(python, ["-W", "ignore", "-c", Self.showHEIC, url.path, reference.path])
        let picture = try StillDecoder.decode(.file(url.path), covering: (960, 540), format: .sdr8, toneMap: true, look: nil)
        #expect(picture.frame.width == 960 && picture.frame.height == 1280)
        let value = StillDecoderTests.psnr(
            StillDecoderTests.samples(picture.frame), try StillDecoderTests.reference(reference, width: 960, height: 1280))
        #expect(value >= 38, "PSNR \(value)")
    }

    /// Each patch's centre, its BT.709 limited-range samples averaged and turned into 8-bit sRGB, as JSON.
    static func patchMeans(_ frame: VideoFrame) -> String {
        var patches: [String] = []
        for index in 0..<24 {
            let (column, row) = (index % 6, index / 6)
            let (width, height) = (frame.width / 6, frame.height / 4)
            var sums = [0.0, 0.0, 0.0], count = 0.0
            for y in stride(from: row * height + height / 4, to: row * height + height * 3 / 4, by: 2) {
                for x in stride(from: column * width + width / 4, to: column * width + width * 3 / 4, by: 2) {
                    sums[0] += Double(frame.plane(0)[y * frame.stride(0) + x])
                    sums[1] += Double(frame.plane(1)[y / 2 * frame.stride(1) + x / 2])
                    sums[2] += Double(frame.plane(2)[y / 2 * frame.stride(2) + x / 2])
                    count += 1
                }
            }
            let luma = (sums[0] / count - 16) / 219, blue = (sums[1] / count - 128) / 224, red = (sums[2] / count - 128) / 224
            let rgb = [luma + 1.5748 * red, luma - 0.1873 * blue - 0.4681 * red, luma + 1.8556 * blue]
            patches.append("[" + rgb.map { String(min(255, max(0, $0 * 255))) }.joined(separator: ",") + "]")
        }
        return "[" + patches.joined(separator: ",") + "]"
    }
}
