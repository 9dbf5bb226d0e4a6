import DVMedia
import DVPlanning
import DVSignal

/// Frames in the output canvas, one at a time: what the transition and encode stages consume.
protocol CanvasFrameSource {
    /// The next canvas frame, or nil at the end; valid until the next call.
    mutating func next() throws -> VideoFrame?
}

/// A day's clip in canvas frames, read on from segment to segment: one clip fitted into the canvas
/// (`NormalizedClip`), or several on one canvas (`LayeredClip`).
protocol ClipFrames: CanvasFrameSource {
    /// The clip as planned.
    var source: ClipSource { get }
    /// The clip's frame index of the next frame.
    var nextFrame: Int { get }
    /// Reads on for `frames` more frames after the current end: the next segment's part of the clip.
    mutating func extendWindow(by frames: Int)
}

/// A loaded clip turned upright and fitted into the canvas: the normalize stage's product.
package struct NormalizedClip: ClipFrames {
    /// The clip as planned.
    package let source: ClipSource
    private let loaded: LoadedClip
    private let normalizer: CanvasNormalizer
    private let canvas: VideoFrame
    /// The reader's repeated ticks before the current window part began: a part fails on its own repeats only.
    private var repeatedBeforePart = 0

    fileprivate init(loaded: LoadedClip, normalizer: CanvasNormalizer, canvas: VideoFrame) {
        source = loaded.source
        self.loaded = loaded
        self.normalizer = normalizer
        self.canvas = canvas
    }

    /// The clip's frame index of the next frame.
    var nextFrame: Int { loaded.reader.nextTick }

    /// Reads on for `frames` more frames after the current end: the next segment's part of the clip.
    mutating func extendWindow(by frames: Int) {
        loaded.reader.extendWindow(by: frames)
        repeatedBeforePart = loaded.reader.repeatedAfterEnd
    }

    mutating func next() throws -> VideoFrame? {
        let decoded: DecodedFrame
        do {
            guard let frame = try loaded.reader.next() else { return nil }
            decoded = frame
        } catch let error as MediaError {
            throw RenderError.clipFailed(path: source.path, reason: error.reason(besides: source.path))
        }
        let missing = loaded.reader.repeatedAfterEnd - repeatedBeforePart
        if missing > loaded.reader.outputFPS / 2 {
            throw RenderError.clipFailed(
                path: source.path, reason: "the video ends \(missing) frames before the planned window does (a damaged or cut file)"
            )
        }
        let positions = source.framing?.positions ?? []
        let edge = positions.indices.contains(decoded.index) ? positions[decoded.index] : nil
        try normalizer.normalize(decoded.picture, rotation: loaded.reader.rotation, into: canvas, subjectEdge: edge)
        return canvas
    }
}

/// Normalize: rotation, scaling into the canvas with the job's fit and background, the job's look; 8-bit 4:2:0
/// BT.709, or 10-bit HLG for an HLG reel.
struct NormalizeStage {
    let canvas: CanvasSettings

    func normalize(_ loaded: LoadedClip) throws -> NormalizedClip {
        try normalize(loaded, width: canvas.width, height: canvas.height, fit: canvas.fit)
    }

    /// `loaded` fitted into a `width` × `height` picture by `fit` (the canvas, or a layer's rectangle); with
    /// `fit: subject`, a clip whose faces cannot share one window is fitted as `blur`.
    func normalize(_ loaded: LoadedClip, width: Int, height: Int, fit: Job.Output.Fit) throws -> NormalizedClip {
        let fit = fit == .subject && loaded.source.framing?.motion == .fallback ? .blur : fit
        let normalizer = try CanvasNormalizer(
            canvasWidth: width, canvasHeight: height, fit: CanvasFit(fit), background: SRGBColour(canvas.background), toneMap: canvas.toneMap,
            look: try lookCube(camera: loaded.source.look), format: canvas.format
        )
        return NormalizedClip(loaded: loaded, normalizer: normalizer, canvas: try normalizer.makeCanvas())
    }

    /// The clip's camera look then the canvas's as one colour cube, nil without either (or for looks that
    /// change nothing).
    private func lookCube(camera: AppliedLook?) throws -> ColourCube? {
        let looks = [camera, canvas.look].compactMap { $0 }
        guard !looks.isEmpty else { return nil }
        do {
            return try LookCube.cube(looks, format: canvas.format)
        } catch {
            throw RenderError.lookFailed(path: error.path, reason: error.reason)
        }
    }
}
