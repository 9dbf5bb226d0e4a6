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

    @Test("a Display P3 JPEG (the iPhone's own profile) shows the chart's colours on an SDR canvas: mean CIEDE2000 ≤ 1")
    func displayP3() throws {
        let folder = try TemporaryFolder("still-colour")
        let jpeg = folder.url.appendingPathComponent("chart-p3.jpg")
        try ColourChart.writeDisplayP3(to: jpeg, profileFrom: StillDecoderTests.corpus.appendingPathComponent("IMG_3582.HEIC"))
        let (width, height) = ColourChart.size
        let picture = try StillDecoder.decode(.file(jpeg.path), covering: (width, height), format: .sdr8, toneMap: true, look: nil)
        #expect(picture.frame.width == width && picture.frame.height == height)
        let measured = Self.patchMeans(picture.frame)
        let mean = try ColourChart.meanDifference(measured)
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
