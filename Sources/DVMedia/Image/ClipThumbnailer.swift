internal import CFFmpeg
import DVSignal
import Foundation

/// Decodes one picture of a clip and fits it, upright and whole (`contain`), into a small yuv420p frame.
///
/// Owns a `CanvasNormalizer` (and through it libswscale contexts) reused from clip to clip, so keep an
/// instance on one task.
package final class ClipThumbnailer {
    /// Thumbnail width in pixels (even).
    package let width: Int
    /// Thumbnail height in pixels (even).
    package let height: Int
    private let normalizer: CanvasNormalizer
    private let threads: Int

    /// A thumbnailer for `width`×`height` pictures (even, at least 16) with `background` bars, decoding with
    /// `threads` threads, HDR clips tone mapped unless `toneMap` is false.
    package init(width: Int, height: Int, background: SRGBColour = .black, threads: Int = 1, toneMap: Bool = true) throws {
        normalizer = try CanvasNormalizer(canvasWidth: width, canvasHeight: height, fit: .contain, background: background, toneMap: toneMap)
        self.width = width
        self.height = height
        self.threads = max(1, threads)
    }

    /// The picture on show `seconds` into the clip at `location` (the last one when the clip is shorter), turned
    /// upright by the stream's display matrix and scaled to fit the thumbnail, centred on the background.
    ///
    /// - Throws: `MediaError` naming the file when it cannot be opened or decoded.
    package func thumbnail(of location: MediaLocation, at seconds: Double) throws -> VideoFrame {
        let fps = 30
        let reader = try ClipReader(
            location, start: max(0, seconds), duration: 1 / Double(fps), outputFPS: fps, threads: threads)
        guard let decoded = try reader.next() else {
            throw MediaError.decode(
                path: location.path, stream: reader.streamIndex, operation: "decoding a thumbnail", code: dv_averror_eof(), message: "no picture")
        }
        let canvas = try normalizer.makeCanvas()
        try normalizer.normalize(decoded.picture, rotation: reader.rotation, into: canvas)
        return canvas
    }

    /// The photo at `location`, upright and scaled to fit the thumbnail, centred on the background.
    ///
    /// - Throws: `MediaError` naming the file when it cannot be read or decoded.
    package func thumbnail(ofPhoto location: MediaLocation) throws -> VideoFrame {
        let still = try StillDecoder.decode(location, covering: (width, height), format: .sdr8, toneMap: normalizer.toneMap, look: nil)
        let canvas = try normalizer.makeCanvas()
        try normalizer.normalize(still.frame, rotation: .none, into: canvas)
        return canvas
    }
}
