import DVMediaFacts
import DVSignal
import Foundation

/// What matters at one frame of a clip's window: the faces seen, and where something moves, each a
/// rectangle in ten-thousandths of the upright picture's width and height (`SubjectFraming.scale`), so
/// they apply at any size.
package struct FaceSample: Sendable, Hashable, Codable {
    /// The frame of the window, at the output frame rate.
    package var frame: Int
    package var faces: [PixelRect]
    /// Where the picture changed since the frame before, when the change is local (not the whole picture,
    /// as a moving camera gives) and not small: the span holding the middle 80% of the changed samples.
    package var motion: PixelRect?
    /// What stands out: where the middle 80% of the picture's edge strength lies; nil for a flat picture.
    /// It is followed only where it spans at most 60% of the axis the crop cuts (a picture detailed all
    /// over stands out nowhere).
    package var salient: PixelRect?

    package init(frame: Int, faces: [PixelRect], motion: PixelRect? = nil, salient: PixelRect? = nil) {
        self.frame = frame
        self.faces = faces
        self.motion = motion
        self.salient = salient
    }
}

/// Finds what matters in a clip's window for `fit: subject`: two frames a second, each turned upright and
/// shrunk to a grey proxy at most `proxyWidth` wide, searched by OpenCV's trained frontal cascade and, where
/// it finds no face, the profile one (on the mirrored picture too), the sizes `scaleFactor` apart; where
/// those frames differ from the frame before (`motion`); and where their edges gather (`salient`).
package enum FaceAnalyzer {
    /// Bumped when the faces found for the same frames would change.
    package static let version = 5
    /// The proxy's widest: a face is found from the cascade's window up, 24 samples, a sixteenth of it.
    package static let proxyWidth = 400
    /// The pyramid's step from one size to the next: OpenCV's usual 1.1 searched half again as long for
    /// faces that 1.2 also finds, at sizes between its steps.
    package static let scaleFactor = 1.2
    /// The profile passes' step: a second view of faces, searched more coarsely.
    package static let profileScaleFactor = 1.45
    /// Frames a second searched.
    package static let samplesPerSecond = 2

    /// Where OpenCV's cascades are looked for: `DVPIPE_FACE_CASCADES`, then Debian's opencv-data folders.
    package static var cascadeFolders: [String] {
        [ProcessInfo.processInfo.environment["DVPIPE_FACE_CASCADES"]].compactMap { $0 }
            + ["/usr/share/opencv4/haarcascades", "/usr/share/opencv/haarcascades"]
    }

    /// The detector of OpenCV's frontal and (with `profiles`) profile face cascades, read from the first of
    /// `cascadeFolders` that holds them.
    package static func detector(profiles: Bool = true) throws -> FaceDetector {
        let names = ["haarcascade_frontalface_default.xml"] + (profiles ? ["haarcascade_profileface.xml"] : [])
        guard
            let folder = cascadeFolders.first(where: { folder in
                names.allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) }
            })
        else {
            throw MediaError.io(
                path: cascadeFolders.joined(separator: ", "),
                reason:
                    "fit: subject needs OpenCV's face cascades (\(names.joined(separator: ", "))): install Debian's opencv-data or set DVPIPE_FACE_CASCADES to their folder"
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
        return FaceDetector(
            scaleFactor: scaleFactor,
            passes: [FaceDetector.Pass(cascade: cascades[0], mirrored: false)]
                + cascades.dropFirst().map {
                    FaceDetector.Pass(cascade: $0, mirrored: true, onlyIfNoneYet: true, scaleFactor: profileScaleFactor)
                })
    }

    /// The faces of frames `0 ..< frameCount` (at `fps`) of the window that starts `windowStart` seconds
    /// into the file at `location` and plays at `speed`, every `fps / samplesPerSecond` frames.
    package static func faces(
        in location: MediaLocation, windowStart: Double, frameCount: Int, fps: Int, speed: PlaybackSpeed = .realTime,
        detector: FaceDetector
    ) throws -> [FaceSample] {
        let reader = try ClipReader(
            location, windowStart: windowStart, firstTick: 0, frameCount: frameCount,
            outputFPS: fps, threads: 1, speed: speed
        )
        let every = max(1, fps / samplesPerSecond)
        var samples: [FaceSample] = []
        // The small proxy of the frame before each searched one, to see what moves.
        var previous: LumaProxy?
        while let frame = try reader.next() {
            guard frame.index % every == 0 || (frame.index + 1) % every == 0 else { continue }
            let small = upright(MomentAnalyzer.proxy(of: frame.picture, maxWidth: motionWidth), rotation: reader.rotation)
            guard frame.index % every == 0 else {
                previous = small
                continue
            }
            defer { previous = nil }
            let proxy = upright(MomentAnalyzer.proxy(of: frame.picture, maxWidth: proxyWidth), rotation: reader.rotation)
            let faces = detector.faces(in: proxy).map { face in
                PixelRect(
                    x: face.rect.x * SubjectFraming.scale / proxy.width, y: face.rect.y * SubjectFraming.scale / proxy.height,
                    width: face.rect.width * SubjectFraming.scale / proxy.width, height: face.rect.height * SubjectFraming.scale / proxy.height
                )
            }
            samples.append(
                FaceSample(
                    frame: frame.index, faces: faces, motion: previous.flatMap { motion(from: $0, to: small) }, salient: salience(of: small)
                ))
        }
        return samples
    }

    /// The grey proxy's widest for finding motion.
    static let motionWidth = 160

    /// Where `current` differs from `previous` (by more than 12 levels), as `FaceSample.motion`: nil when
    /// under 2% of the samples changed (nothing moves, or only something small: a bird, a leaf, a title's
    /// bar) or over 40% (the camera moves).
    static func motion(from previous: LumaProxy, to current: LumaProxy) -> PixelRect? {
        guard previous.width == current.width, previous.height == current.height else { return nil }
        let width = current.width, height = current.height
        var columns = [Int](repeating: 0, count: width), rows = [Int](repeating: 0, count: height)
        for row in 0..<height {
            for column in 0..<width where abs(Int(current.samples[row * width + column]) - Int(previous.samples[row * width + column])) > 12 {
                columns[column] += 1
                rows[row] += 1
            }
        }
        let changed = columns.reduce(0, +)
        guard changed * 50 >= width * height, changed * 5 <= width * height * 2 else { return nil }
        return middleSpan(columns: columns, rows: rows, width: width, height: height)
    }

    /// Where `picture`'s edges (steps of more than 8 levels to the next sample across or down) gather, as
    /// `FaceSample.salient`: the middle 80% of the edge strength each way; nil when under 1% of its samples
    /// are edges.
    static func salience(of picture: LumaProxy) -> PixelRect? {
        let width = picture.width, height = picture.height
        guard width > 1, height > 1 else { return nil }
        var columns = [Int](repeating: 0, count: width), rows = [Int](repeating: 0, count: height)
        var edges = 0
        for row in 0..<(height - 1) {
            for column in 0..<(width - 1) {
                let here = Int(picture.samples[row * width + column])
                let step = abs(Int(picture.samples[row * width + column + 1]) - here) + abs(Int(picture.samples[(row + 1) * width + column]) - here)
                guard step > 8 else { continue }
                columns[column] += step
                rows[row] += step
                edges += 1
            }
        }
        guard edges * 100 >= width * height else { return nil }
        return middleSpan(columns: columns, rows: rows, width: width, height: height)
    }

    /// The rectangle holding the middle 80% of the weights of `columns` and of `rows`, in
    /// `SubjectFraming.scale` units of a `width` × `height` picture.
    static func middleSpan(columns: [Int], rows: [Int], width: Int, height: Int) -> PixelRect? {
        let total = columns.reduce(0, +)
        guard total > 0 else { return nil }
        /// The first and last index of the middle 80% of `weights`.
        func middle(_ weights: [Int]) -> (Int, Int) {
            let total = weights.reduce(0, +)
            var seen = 0, first = 0, last = weights.count - 1
            for (index, weight) in weights.enumerated() {
                if seen * 10 < total, (seen + weight) * 10 >= total { first = index }
                if seen * 10 < total * 9, (seen + weight) * 10 >= total * 9 { last = index }
                seen += weight
            }
            return (first, max(first, last))
        }
        let (left, right) = middle(columns), (top, bottom) = middle(rows)
        let scale = SubjectFraming.scale
        return PixelRect(
            x: left * scale / width, y: top * scale / height, width: (right + 1 - left) * scale / width, height: (bottom + 1 - top) * scale / height
        )
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
