import DVMedia
import DVPlanning
import DVSignal
import Synchronization

/// A photo day's photos in a destination picture (the canvas, or a layer's rectangle): each frame resampled
/// from the shot's one decoded working picture along its motion, over the background (`contain`) or the
/// picture's own blurred backdrop (`blur`). The still stage's product.
struct MovingStill: ClipFrames {
    let source: ClipSource
    private let show: StillShow
    private(set) var nextFrame: Int
    /// One past the last frame of the piece this clip is read for so far.
    private var endFrame: Int
    private let stage: StillStage
    private let fit: Job.Output.Fit
    private let picture: VideoFrame
    /// The shot whose working picture is held, with its backdrop (for `blur`).
    private var held: (index: Int, still: StillPicture, backdrop: VideoFrame?)?
    /// A still shot's one frame (`motion: none`), drawn once and copied for its other frames.
    private var drawn: (index: Int, frame: VideoFrame)?

    fileprivate init(
        source: ClipSource, show: StillShow, width: Int, height: Int, fit: Job.Output.Fit, firstFrame: Int, frameCount: Int, stage: StillStage
    ) throws {
        self.source = source
        self.show = show
        nextFrame = firstFrame
        endFrame = firstFrame + frameCount
        self.stage = stage
        self.fit = fit
        picture = try VideoFrame(width: width, height: height, format: stage.canvas.format)
    }

    mutating func extendWindow(by frames: Int) {
        endFrame += frames
    }

    mutating func next() throws -> VideoFrame? {
        guard nextFrame < endFrame, let (shot, index) = show.shot(at: nextFrame) else { return nil }
        let number = show.shots.firstIndex(of: shot) ?? 0
        if held?.index != number {
            let still = try stage.pictures.picture(of: shot, look: source.look, canvas: stage.canvas, files: stage.files)
            held = (number, still, fit == .blur ? try stage.backdrop(of: still, width: picture.width, height: picture.height) : nil)
        }
        guard let held else { return nil }
        try picture.makeWritable()
        if let drawn, drawn.index == number {
            try picture.copyPicture(from: drawn.frame)
            nextFrame += 1
            return picture
        }
        if let backdrop = held.backdrop {
            try picture.copyPicture(from: backdrop)
        } else {
            picture.fill(shown: SRGBColour(stage.canvas.background))
        }
        var view = shot.motion.view(at: min(index, shot.frameCount - 1))
        // The motion is planned over the photo's full size; the working picture is that size reduced, each
        // way to an even size (a 4284 × 5712 photo to 738 × 982: 0.2% less down than across).
        let (across, down) = (
            Double(held.still.frame.width) / Double(shot.picture.width), Double(held.still.frame.height) / Double(shot.picture.height)
        )
        view.originX *= across
        view.originY *= down
        view.rowStep = view.step * down
        view.step *= across
        try picture.draw(held.still.frame, view: view)
        if shot.motion.mode == .none {
            let frame = try VideoFrame(width: picture.width, height: picture.height, format: stage.canvas.format)
            try frame.copyPicture(from: picture)
            drawn = (number, frame)
        }
        nextFrame += 1
        return picture
    }
}

/// Still: a photo's working picture decoded once (`StillPictures`) and moved along its `StillMotion`.
struct StillStage {
    let canvas: CanvasSettings
    let pictures: StillPictures
    /// How the photos' files open.
    let files: LibraryFiles

    /// The piece's frames `firstFrame ..< firstFrame + frameCount` of `source`, whose photos are `show`, in a
    /// `width` × `height` picture fitted by `fit`.
    func show(
        _ source: ClipSource, _ show: StillShow, width: Int, height: Int, fit: Job.Output.Fit, firstFrame: Int, frameCount: Int
    ) throws -> MovingStill {
        try MovingStill(
            source: source, show: show, width: width, height: height, fit: fit, firstFrame: firstFrame, frameCount: frameCount, stage: self)
    }

    /// `still` blurred over a whole `width` × `height` picture, as a clip's `blur` backdrop is drawn.
    fileprivate func backdrop(of still: StillPicture, width: Int, height: Int) throws -> VideoFrame {
        let normalizer = try CanvasNormalizer(
            canvasWidth: width, canvasHeight: height, fit: .blur, background: SRGBColour(canvas.background), toneMap: canvas.toneMap, look: nil,
            format: canvas.format)
        let backdrop = try normalizer.makeCanvas()
        try normalizer.drawBackdropOnly(still.frame, rotation: .none, into: backdrop)
        return backdrop
    }
}

/// The photos' working pictures, decoded once and shared by every output and position of a render: the
/// last few decoded are kept (a photo day's segments and its outputs follow one another).
final class StillPictures: Sendable {
    private struct Decoding: Hashable {
        var path: String
        var working: PixelSize
        /// The camera's look then the canvas's.
        var looks: [AppliedLook]
        /// The canvas's pixels and colour: outputs of an SDR and an HLG reel decode apart.
        var format: CanvasFormat
        var toneMap: Bool
    }

    private let kept = Mutex<[(decoding: Decoding, picture: StillPicture)]>([])
    /// Pictures kept: the photos of a day of `count: 4` shown in two outputs' segments together.
    private static let capacity = 4

    init() {}

    /// The working picture of `shot` in `canvas`'s colour, with its camera's `look` then the canvas's, decoded
    /// now or kept from an earlier decode. A photo that cannot be decoded fails like a clip (its day is
    /// planned again without it).
    func picture(of shot: StillShot, look: AppliedLook?, canvas: CanvasSettings, files: LibraryFiles) throws -> StillPicture {
        let decoding = Decoding(
            path: shot.path, working: shot.working, looks: [look, canvas.look].compactMap { $0 }, format: canvas.format, toneMap: canvas.toneMap)
        return try kept.withLock { kept in
            if let found = kept.first(where: { $0.decoding == decoding }) { return found.picture }
            let picture: StillPicture
            do {
                picture = try StillDecoder.decode(
                    files.location(shot.path, byteRange: nil), covering: (shot.working.width, shot.working.height), format: canvas.format,
                    toneMap: canvas.toneMap, look: try LookCube.cube(decoding.looks, format: canvas.format))
            } catch let error as MediaError {
                throw RenderError.clipFailed(path: shot.path, reason: error.reason(besides: shot.path))
            } catch let error as LookCube.Problem {
                throw RenderError.lookFailed(path: error.path, reason: error.reason)
            }
            kept.append((decoding, picture))
            if kept.count > Self.capacity { kept.removeFirst() }
            return picture
        }
    }
}
