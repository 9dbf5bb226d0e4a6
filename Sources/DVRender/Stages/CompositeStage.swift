import DVMedia
import DVPlanning
import DVSignal

/// The clips of a layered day on one canvas: the composite stage's product.
///
/// Each layer is loaded and fitted into its rectangle by a normalizer of its own (its own colour
/// conversion and rotation), then drawn over the background in z order (equals in list order) with its
/// opacity. A layer is opened at the first frame that shows it and read on from there; past its own frames
/// its rectangle shows what lies under it. Frames read on from an earlier segment are the same as those
/// of a layer opened afresh at the same frame, as for a clip of its own (`OpenClip`).
struct LayeredClip: ClipFrames {
    let source: ClipSource
    private(set) var nextFrame: Int
    /// One past the last frame of the piece this clip is read for so far.
    private var endFrame: Int
    /// The layers in drawing order.
    private var layers: [OpenLayer]
    private let canvas: VideoFrame
    private let stage: CompositeStage

    fileprivate init(source: ClipSource, layers: [ClipLayer], firstFrame: Int, frameCount: Int, stage: CompositeStage) throws {
        self.source = source
        nextFrame = firstFrame
        endFrame = firstFrame + frameCount
        self.layers = layers.enumerated()
            .sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }
            .map { OpenLayer(layer: $0.element, clip: $0.element.clip(day: source.day)) }
        canvas = try VideoFrame(width: stage.canvas.width, height: stage.canvas.height, format: stage.canvas.format)
        self.stage = stage
    }

    mutating func extendWindow(by frames: Int) {
        endFrame += frames
        for index in layers.indices {
            layers[index].extend(to: endFrame)
        }
    }

    mutating func next() throws -> VideoFrame? {
        guard nextFrame < endFrame else { return nil }
        try canvas.makeWritable()
        canvas.fill(shown: SRGBColour(stage.canvas.background))
        for index in layers.indices {
            guard let picture = try layers[index].picture(at: nextFrame, until: endFrame, stage: stage) else { continue }
            let layer = layers[index].layer
            canvas.paste(picture, x: layer.rect.x, y: layer.rect.y, opacity: layer.opacity)
        }
        nextFrame += 1
        return canvas
    }
}

/// One layer of a `LayeredClip`: opened when first shown, then read on.
private struct OpenLayer {
    let layer: ClipLayer
    /// The layer as a clip of its own, for loading it.
    let clip: ClipSource
    var frames: (any ClipFrames)?
    /// One past the last frame the open reader's window reaches.
    var openedEnd = 0

    init(layer: ClipLayer, clip: ClipSource) {
        self.layer = layer
        self.clip = clip
    }

    /// The layer's picture for the piece's frame `index`, in its rectangle's size; nil past its frames.
    mutating func picture(at index: Int, until end: Int, stage: CompositeStage) throws -> VideoFrame? {
        guard index < layer.frameCount else { return nil }
        if frames == nil {
            let last = min(end, layer.frameCount)
            if let still = clip.still {
                frames = try StillStage(canvas: stage.canvas, pictures: stage.stills, files: stage.files).show(
                    clip, still, width: layer.rect.width, height: layer.rect.height, fit: layer.fit, firstFrame: index, frameCount: last - index)
            } else {
                let loaded = try LoadStage(fps: stage.canvas.fps, decoderThreads: stage.decoderThreads, share: stage.share, files: stage.files)
                    .load(clip, firstFrame: index, frameCount: last - index)
                frames = try NormalizeStage(canvas: stage.canvas).normalize(
                    loaded, width: layer.rect.width, height: layer.rect.height, fit: layer.fit)
            }
            openedEnd = last
        }
        return try frames?.next()
    }

    /// Reads on up to the piece's frame `end` (within the layer's own frames), once opened.
    mutating func extend(to end: Int) {
        let wanted = min(end, layer.frameCount)
        guard frames != nil, wanted > openedEnd else { return }
        frames?.extendWindow(by: wanted - openedEnd)
        openedEnd = wanted
    }
}

/// Composite: a layered day's clips, each fitted into its rectangle, on one canvas.
struct CompositeStage {
    let canvas: CanvasSettings
    let decoderThreads: Int
    /// The readers shared by the outputs rendered together, if several are.
    let share: DecodeShare?
    /// The photos' working pictures, decoded once.
    let stills: StillPictures
    /// How the layers' files open.
    let files: LibraryFiles

    /// The piece's frames `firstFrame ..< firstFrame + frameCount` of `source`, whose `layers` are set.
    func compose(_ source: ClipSource, layers: [ClipLayer], firstFrame: Int, frameCount: Int) throws -> LayeredClip {
        try LayeredClip(source: source, layers: layers, firstFrame: firstFrame, frameCount: frameCount, stage: self)
    }
}
