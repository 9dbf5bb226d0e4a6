import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVSignal

/// dvpipe's face finder against OpenCV's own detector on a real photograph: scikit-image's astronaut, in
/// grey, searched with the same trained cascade (Debian's opencv-data) and the same settings.
@Suite("faces against OpenCV", .tags(.reference))
struct FaceDetectorTests {
    static let cascades = URL(fileURLWithPath: "/usr/share/opencv4/haarcascades")

    /// Writes the astronaut in grey (OpenCV's conversion), scaled to `width` when given (OpenCV's area
    /// resampling), to `samples`, and returns OpenCV's faces in it and its size.
    static func openCVFaces(cascade: URL, samples: URL, width: Int?) throws -> (width: Int, height: Int, faces: [PixelRect]) {
        let python = try #require(ReferenceCommand.facePython, "make test makes .build-faces/venv (scripts/setup-face-reference.sh)")
        let script = """
            import json, sys, cv2, skimage.data
            grey = cv2.cvtColor(skimage.data.astronaut(), cv2.COLOR_RGB2GRAY)
            if sys.argv[3] != "-":
                width = int(sys.argv[3])
                grey = cv2.resize(grey, (width, round(grey.shape[0] * width / grey.shape[1])), interpolation=cv2.INTER_AREA)
            open(sys.argv[1], "wb").write(grey.tobytes())
            faces = cv2.CascadeClassifier(sys.argv[2]).detectMultiScale(grey, scaleFactor=1.1, minNeighbors=3)
            print(json.dumps({"width": grey.shape[1], "height": grey.shape[0], "faces": [[int(v) for v in f] for f in faces]}))
            """
        let printed = try ReferenceCommand.output(python, ["-W", "ignore", "-c", script, samples.path, cascade.path, width.map(String.init) ?? "-"])
        let answer = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
        let faces = try #require(answer["faces"] as? [[Int]]).map { PixelRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        return (try #require(answer["width"] as? Int), try #require(answer["height"] as? Int), faces)
    }

    /// The share of the union of `a` and `b` that both cover.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let width = max(0, min(a.maxX, b.maxX) - max(a.x, b.x)), height = max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
        let both = Double(width * height)
        return both / (Double(a.width * a.height + b.width * b.height) - both)
    }

    @Test("the astronaut's face, where OpenCV finds it, at full size and at proxy sizes", arguments: [nil, 320, 200] as [Int?])
    func astronaut(width: Int?) throws {
        let file = Self.cascades.appendingPathComponent("haarcascade_frontalface_default.xml")
        let cascade = try HaarCascade(xml: String(contentsOf: file, encoding: .utf8))
        let folder = try TemporaryFolder("faces")
        let samples = folder.url.appendingPathComponent("grey")
        let reference = try Self.openCVFaces(cascade: file, samples: samples, width: width)
        let picture = LumaProxy(width: reference.width, height: reference.height, samples: [UInt8](try Data(contentsOf: samples)))
        let found = FaceDetector(passes: [FaceDetector.Pass(cascade: cascade, mirrored: false)]).faces(in: picture)

        try #require(!reference.faces.isEmpty, "OpenCV finds the astronaut's face")
        #expect(found.count == reference.faces.count, "found \(found.map(\.rect)), OpenCV \(reference.faces)")
        for face in reference.faces {
            let best = found.map { Self.overlap($0.rect, face) }.max() ?? 0
            #expect(best >= 0.8, "OpenCV's \(face) is covered by \(found.map(\.rect)) only to \(best)")
        }
    }

    @Test("cascades of stumps laid side by side pass exactly the windows the general layout passes, on the astronaut at every size")
    func stumpLayoutPassesTheSameWindows() throws {
        let folder = try TemporaryFolder("stumps")
        let samples = folder.url.appendingPathComponent("grey")
        let frontal = Self.cascades.appendingPathComponent("haarcascade_frontalface_default.xml")
        let reference = try Self.openCVFaces(cascade: frontal, samples: samples, width: 320)
        let picture = LumaProxy(width: reference.width, height: reference.height, samples: [UInt8](try Data(contentsOf: samples)))
        for name in ["haarcascade_frontalface_default.xml", "haarcascade_profileface.xml"] {
            let cascade = FlatCascade(try HaarCascade(xml: String(contentsOf: Self.cascades.appendingPathComponent(name), encoding: .utf8)))
            var size = (picture.width, picture.height)
            var compared = 0, passed = 0
            while size.0 > cascade.windowWidth, size.1 > cascade.windowHeight {
                let sums = IntegralSums(FaceDetector.resized(picture, width: size.0, height: size.1))
                let laid = CascadeWindows(flat: cascade, sums: sums), general = CascadeWindows(flat: cascade, sums: sums, layStumps: false)
                for y in 0..<(size.1 - cascade.windowHeight) {
                    for x in 0..<(size.0 - cascade.windowWidth) {
                        let result = laid.evaluate(x: x, y: y)
                        #expect(result == general.evaluate(x: x, y: y), "\(name) at \(x), \(y) of \(size)")
                        compared += 1
                        if result > 0 { passed += 1 }
                    }
                }
                size = (size.0 * 5 / 6, size.1 * 5 / 6)
            }
            #expect(compared > 100_000 && passed > 0, "\(name): \(compared) windows compared, \(passed) passing every stage")
        }
    }
}
