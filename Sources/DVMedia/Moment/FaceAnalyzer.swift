import DVSignal
import Foundation

/// The faces seen at one frame of a clip's window, each a rectangle in ten-thousandths of the upright
/// picture's width and height (`SubjectFraming.scale`), so they apply at any size.
public struct FaceSample: Sendable, Hashable, Codable {
    /// The frame of the window, at the output frame rate.
    public var frame: Int
    public var faces: [PixelRect]

    public init(frame: Int, faces: [PixelRect]) {
        self.frame = frame
        self.faces = faces
    }
}

/// Finds the faces in a clip's window for `fit: subject`: two frames a second, each turned upright and
/// shrunk to a grey proxy at most `proxyWidth` wide, searched by OpenCV's trained frontal cascade and, where
/// it finds no face, the profile one (on the mirrored picture too), the sizes `scaleFactor` apart.
public enum FaceAnalyzer {
    /// Bumped when the faces found for the same frames would change.
    public static let version = 2
    /// The proxy's widest: a face is found from the cascade's window up, 24 samples, a sixteenth of it.
    public static let proxyWidth = 400
    /// The pyramid's step from one size to the next: OpenCV's usual 1.1 searched half again as long for
    /// faces that 1.2 also finds, at sizes between its steps.
    public static let scaleFactor = 1.2
    /// Frames a second searched.
    public static let samplesPerSecond = 2

    /// Where OpenCV's cascades are looked for: `DVPIPE_FACE_CASCADES`, then Debian's opencv-data folders.
    public static var cascadeFolders: [String] {
        [ProcessInfo.processInfo.environment["DVPIPE_FACE_CASCADES"]].compactMap { $0 }
            + ["/usr/share/opencv4/haarcascades", "/usr/share/opencv/haarcascades"]
    }

    /// The detector of OpenCV's frontal and (with `profiles`) profile face cascades, read from the first of
    /// `cascadeFolders` that holds them.
    public static func detector(profiles: Bool = true) throws -> FaceDetector {
        let names = ["haarcascade_frontalface_default.xml"] + (profiles ? ["haarcascade_profileface.xml"] : [])
        guard let folder = cascadeFolders.first(where: { folder in
            names.allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        }) else {
            throw MediaError.io(
                path: cascadeFolders.joined(separator: ", "),
                reason: "fit: subject needs OpenCV's face cascades (\(names.joined(separator: ", "))): install Debian's opencv-data or set DVPIPE_FACE_CASCADES to their folder"
            )
        }
        let cascades = try names.map { name in
            let path = folder + "/" + name
            do {
                return try HaarCascade(xml: String(contentsOfFile: path, encoding: .utf8))
            } catch let error as HaarCascade.FormatError {
                throw MediaError.io(path: path, reason: error.description)
            }
        }
        return FaceDetector(scaleFactor: scaleFactor, passes: [FaceDetector.Pass(cascade: cascades[0], mirrored: false)] + cascades.dropFirst().map {
            FaceDetector.Pass(cascade: $0, mirrored: true, onlyIfNoneYet: true)
        })
    }

    /// The faces of frames `0 ..< frameCount` (at `fps`) of the window that starts `windowStart` seconds
    /// into the file, every `fps / samplesPerSecond` frames.
    public static func faces(
        path: String, byteRange: Range<Int>?, windowStart: Double, frameCount: Int, fps: Int, detector: FaceDetector
    ) throws -> [FaceSample] {
        let reader = try ClipReader(
            url: URL(fileURLWithPath: path), byteRange: byteRange, windowStart: windowStart, firstTick: 0, frameCount: frameCount,
            outputFPS: fps, threads: 1
        )
        let every = max(1, fps / samplesPerSecond)
        var samples: [FaceSample] = []
        while let frame = try reader.next() {
            guard frame.index % every == 0 else { continue }
            let proxy = upright(MomentAnalyzer.proxy(of: frame.picture, maxWidth: proxyWidth), rotation: reader.rotation)
            let faces = detector.faces(in: proxy).map { face in
                PixelRect(
                    x: face.rect.x * SubjectFraming.scale / proxy.width, y: face.rect.y * SubjectFraming.scale / proxy.height,
                    width: face.rect.width * SubjectFraming.scale / proxy.width, height: face.rect.height * SubjectFraming.scale / proxy.height
                )
            }
            samples.append(FaceSample(frame: frame.index, faces: faces))
        }
        return samples
    }

    /// `proxy` turned upright by `rotation`.
    static func upright(_ proxy: LumaProxy, rotation: FrameRotation) -> LumaProxy {
        guard rotation != .none else { return proxy }
        let width = rotation.swapsAxes ? proxy.height : proxy.width, height = rotation.swapsAxes ? proxy.width : proxy.height
        var turned = [UInt8](repeating: 0, count: width * height)
        proxy.samples.withUnsafeBufferPointer { source in
            turned.withUnsafeMutableBufferPointer { target in
                PlaneRotation.rotate(
                    source.baseAddress!, stride: proxy.width, width: proxy.width, height: proxy.height, into: target.baseAddress!, stride: width,
                    rotation: rotation
                )
            }
        }
        return LumaProxy(width: width, height: height, samples: turned)
    }
}
