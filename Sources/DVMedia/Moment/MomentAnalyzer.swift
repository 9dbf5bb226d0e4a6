internal import CFFmpeg
import DVMediaFacts
import DVSignal
import Foundation

/// Judges every half second of a clip for `start: auto` and `order: best`: its pictures decoded roughly
/// (reference pictures only, no deblocking) at 8 frames a second and reduced to grey proxies at most 160
/// pixels wide (sharpness, exposure, and from one proxy
/// to the next, steadiness and motion), the first of each half second searched for a face, and its sound
/// mixed to mono (level, low rumble). See `MomentMeasure`.
///
/// The pictures come from libavcodec's exact decoding and every measure from whole-number sums, so the same
/// file gives the same scores on every machine.
package enum MomentAnalyzer {
    /// Proxy pictures per second.
    static let fps = 8
    /// Changes whenever the measures change, so that kept analyses are made again.
    package static let version = 3
    /// The face search of each half second's first picture (OpenCV's frontal cascade), nil where the
    /// cascades are not installed: faces then count 0.
    static let faceDetector = try? FaceAnalyzer.detector(profiles: false)
    /// The widest picture searched for faces: a face of a tenth of it or more is found.
    static let faceProxyWidth = 240

    /// The scores of the clip at `location` (or of the movie at its `byteRange`, a Motion Photo's), `length` long.
    package static func analyze(_ location: MediaLocation, length: TimeSpan) throws -> MomentScores {
        let seconds = Double(length.milliseconds) / 1000
        let stepCount = max(1, Int((length.milliseconds + MomentScores.step.milliseconds - 1) / MomentScores.step.milliseconds))
        let framesPerStep = Int(MomentScores.step.milliseconds) * fps / 1000
        var stills = [[(sharpness: Double, exposure: Double)]](repeating: [], count: stepCount)
        var changes = [[(steadiness: Double, motion: Double)]](repeating: [], count: stepCount)
        let reader = try ClipReader(
            location, start: 0, duration: seconds, outputFPS: fps, threads: 1, rough: true
        )
        var previous: LumaProxy?
        var faces = [Double](repeating: 0, count: stepCount)
        while let frame = try reader.next(), !frame.isRepeatAfterEnd {
            let step = min(stepCount - 1, frame.index / framesPerStep)
            if frame.index % framesPerStep == 0, let detector = faceDetector {
                let searched = FaceAnalyzer.upright(Self.proxy(of: frame.picture, maxWidth: faceProxyWidth), rotation: reader.rotation)
                faces[step] = detector.faces(in: searched).isEmpty ? 0 : 1
            }
            let proxy = Self.proxy(of: frame.picture)
            stills[step].append(MomentMeasure.still(proxy))
            if let previous, previous.width == proxy.width, previous.height == proxy.height {
                changes[step].append(MomentMeasure.change(from: previous, to: proxy))
            }
            previous = proxy
        }
        let sound = try AudioClipReader(location).read(start: 0, duration: seconds)
        let mono = zip(sound.left, sound.right).map { ($0 + $1) / 2 }
        let samplesPerStep = StereoSamples.sampleRate * Int(MomentScores.step.milliseconds) / 1000
        let steps = (0..<stepCount).map { step in
            let heard = mono[min(mono.count, step * samplesPerStep)..<min(mono.count, (step + 1) * samplesPerStep)]
            return MomentScores.Step(
                sharpness: mean(stills[step].map(\.sharpness)), exposure: mean(stills[step].map(\.exposure)),
                steadiness: changes[step].isEmpty ? 1 : mean(changes[step].map(\.steadiness)), motion: mean(changes[step].map(\.motion)),
                sound: MomentMeasure.sound(heard, sampleRate: StereoSamples.sampleRate), faces: faces[step]
            )
        }
        return MomentScores(steps: steps)
    }

    /// The grey proxy of a decoded picture's luma plane, as its pixel format lays the samples out: bytes,
    /// or 16-bit words whose significant bits end `shift` above the lowest (`p010le`'s top ten).
    static func proxy(of picture: VideoFrame, maxWidth: Int = 160) -> LumaProxy {
        let luma = av_pix_fmt_desc_get(AVPixelFormat(picture.pointer.pointee.format))?.pointee.comp.0
        let depth = Int(luma?.depth ?? 8)
        return LumaProxy(
            plane: UnsafePointer(picture.plane(0)), stride: picture.stride(0), width: picture.width, height: picture.height,
            bytesPerSample: depth > 8 ? 2 : 1, bits: depth + Int(luma?.shift ?? 0), maxWidth: maxWidth
        )
    }

    /// The mean rounded to thousandths; 0 for none.
    private static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : ((values.reduce(0, +) / Double(values.count)) * 1000).rounded() / 1000
    }
}
