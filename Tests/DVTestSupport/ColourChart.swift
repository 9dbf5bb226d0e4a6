import Foundation

/// A colour chart in Display P3, as an iPhone's photo carries it: sRGB patches moved by LittleCMS (Pillow's
/// ImageCms) into the Display P3 profile the corpus's iPhone HEIC embeds (its primary picture's `colr` box;
/// exiftool would give the gain map's PQ profile instead), saved as a JPEG with that profile; and
/// colour-science's mean CIEDE2000 between the chart and what a decoder or a reel shows of it.
package enum ColourChart {
    /// Six columns by four rows of sRGB patches: saturated primaries and secondaries, skin, sky, foliage, greys.
    package static let patches: [[Int]] = [
        [200, 40, 40], [40, 160, 60], [40, 60, 190], [220, 200, 50], [190, 60, 170], [50, 170, 190],
        [115, 82, 68], [194, 150, 130], [98, 122, 157], [87, 108, 67], [133, 128, 177], [103, 189, 170],
        [214, 126, 44], [80, 91, 166], [193, 90, 99], [94, 60, 108], [157, 188, 64], [224, 163, 46],
        [245, 245, 245], [200, 200, 200], [160, 160, 160], [122, 122, 121], [85, 85, 85], [52, 52, 52]
    ]
    /// The chart's size in pixels.
    package static let size = (width: 600, height: 400)

    /// The patches as JSON, for the Python scripts.
    package static var json: String { "[" + patches.map { "[\($0[0]),\($0[1]),\($0[2])]" }.joined(separator: ",") + "]" }

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

    /// The Display P3 profile of the iPhone HEIC at `heic` (its primary picture's `colr` box of type `prof`).
    package static func displayP3Profile(of heic: URL) throws -> Data {
        let bytes = [UInt8](try Data(contentsOf: heic))
        guard let colr = (4..<bytes.count - 8).first(where: { Array(bytes[$0..<$0 + 8]) == Array("colrprof".utf8) }) else {
            throw ReferenceCommand.Failure(description: "\(heic.lastPathComponent) has no colr box with an ICC profile")
        }
        let boxSize = bytes[colr - 4..<colr].reduce(0) { $0 << 8 | Int($1) }
        return Data(bytes[colr + 8..<colr - 4 + boxSize])
    }

    /// Writes the chart in the Display P3 profile of the iPhone HEIC at `heic` as a JPEG at `jpeg`.
    package static func writeDisplayP3(to jpeg: URL, profileFrom heic: URL) throws {
        let python = try ReferenceCommand.requiredReferencePython
        let profile = jpeg.deletingLastPathComponent().appendingPathComponent("\(jpeg.lastPathComponent).icc")
        try displayP3Profile(of: heic).write(to: profile)
        _ = try ReferenceCommand.output(python, ["-W", "ignore", "-c", writeChart, json, profile.path, jpeg.path])
    }

    /// colour-science's mean CIEDE2000 between the chart and `measured`, its patches as sRGB (JSON, 0–255).
    package static func meanDifference(_ measured: String) throws -> Double {
        let python = try ReferenceCommand.requiredReferencePython
        let printed = try ReferenceCommand.output(python, ["-W", "ignore", "-c", compare, json, measured])
        return Double(String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
    }
}
