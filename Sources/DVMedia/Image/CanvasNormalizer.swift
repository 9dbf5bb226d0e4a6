internal import CFFmpeg
import DVPlanning
import DVSignal

/// Turns decoded pictures of any size, pixel format and rotation into upright 8-bit yuv420p canvas
/// frames of one size, fitted by `contain`, `cover` or `blur` on a background colour.
///
/// Pictures are scaled by libswscale straight into the canvas, then the bars are painted (libswscale's
/// vector code may write a few samples past the scaled width: canvas rows carry padding for that, and
/// painting the bars afterwards overwrites the rest). Rotated pictures, and pictures over a blurred
/// backdrop, are scaled into a scratch frame which is then turned or copied into place. The
/// libswscale contexts and scratch frames are kept while the source geometry stays the same, so a
/// clip costs no allocation per frame. Not thread-safe: one normalizer per clip or per task.
public final class CanvasNormalizer {
    /// Canvas width in pixels (even).
    public let canvasWidth: Int
    /// Canvas height in pixels (even).
    public let canvasHeight: Int
    /// How pictures are fitted.
    public let fit: Job.Output.Fit
    /// The colour of the bars in `contain`.
    public let background: RGBAColor

    /// False to read HDR pictures' values as if they were SDR (`output.tone_map: off`), true to tone map them.
    public let toneMap: Bool
    /// The job's look (`LookCube`), applied to the picture (and the backdrop drawn from it) after its colour
    /// conversion, never to the background colour; nil for none.
    public let look: ColourCube?

    private let backgroundYUV: YUVColor
    private var pictureWorkspace = Workspace()
    private var backdropWorkspace = Workspace()
    private var backdropUpscaler: Scaler?
    private var backdrop: VideoFrame?
    private let blur = PlaneBlur()

    /// The blurred backdrop is made at 1/`backdropDivisor` of the canvas size, then scaled up.
    private static let backdropDivisor = 8
    /// Backdrop luma keeps this share (of 256) of its distance from black; chroma keeps `backdropChroma`.
    private static let backdropLuma = 140
    private static let backdropChroma = 200

    /// A normalizer for a `canvasWidth`×`canvasHeight` canvas (both even).
    public init(
        canvasWidth: Int, canvasHeight: Int, fit: Job.Output.Fit, background: RGBAColor = .black, toneMap: Bool = true, look: ColourCube? = nil
    ) throws {
        self.look = look
        guard canvasWidth >= 16, canvasHeight >= 16, canvasWidth % 2 == 0, canvasHeight % 2 == 0 else {
            throw MediaError.invalidSize(width: canvasWidth, height: canvasHeight, reason: "a canvas needs even sizes of at least 16")
        }
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.fit = fit
        self.background = background
        self.toneMap = toneMap
        backgroundYUV = background.bt709Limited
    }

    /// Bytes of padding after each luma row of the frames libswscale writes into.
    static let rowPadding = 128

    /// A new yuv420p frame of the canvas size (with the row padding the normalizer needs), filled
    /// with the background colour.
    public func makeCanvas() throws -> VideoFrame {
        let frame = try VideoFrame(width: canvasWidth, height: canvasHeight, format: AV_PIX_FMT_YUV420P, rowPadding: Self.rowPadding)
        frame.fill(y: backgroundYUV.y, u: backgroundYUV.u, v: backgroundYUV.v)
        return frame
    }

    /// Draws `picture`, turned upright by `rotation`, into `canvas` (a frame from `makeCanvas()`,
    /// reused from frame to frame). Every canvas pixel is written. `subjectEdge`, for `subject`: where the
    /// crop window's left (or top) edge lies in the upright picture, in `SubjectFraming.scale` units;
    /// without it the window is centred, as `cover`'s.
    public func normalize(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame, subjectEdge: Int? = nil) throws {
        try canvas.makeWritable()
        guard canvas.width == canvasWidth, canvas.height == canvasHeight, canvas.isYUV420P,
            canvas.stride(0) >= canvasWidth + Self.rowPadding, canvas.stride(1) >= (canvasWidth + Self.rowPadding) / 2
        else {
            throw MediaError.invalidSize(
                width: canvas.width, height: canvas.height, reason: "not a \(canvasWidth)x\(canvasHeight) canvas from makeCanvas()")
        }
        var contained = placement(of: picture, rotation: rotation, width: canvasWidth, height: canvasHeight, cover: fit.crops)
        if fit == .subject, let subjectEdge {
            contained.moveCrop(
                toShownEdge: subjectEdge, of: SubjectFraming.scale, width: Int(picture.pointer.pointee.width),
                height: Int(picture.pointer.pointee.height), rotation: rotation, alignment: alignment(of: picture))
        }
        let overBackdrop = fit == .blur && !contained.fills(width: canvasWidth, height: canvasHeight)
        if overBackdrop {
            try drawBackdrop(picture, rotation: rotation, into: canvas)
        }
        try draw(picture, rotation: rotation, at: contained, into: canvas, viaScratch: overBackdrop, workspace: &pictureWorkspace)
        if let look {
            let whole = overBackdrop || fit.crops
            look.apply(
                to: canvas, x: whole ? 0 : contained.rectX, y: whole ? 0 : contained.rectY, width: whole ? canvasWidth : contained.rectWidth,
                height: whole ? canvasHeight : contained.rectHeight)
        }
        if fit == .contain {
            fillOutside(contained, of: canvas)
        }
    }

    /// Fills `canvas` (a frame from `makeCanvas()`) with `picture`, turned upright, blurred and darkened
    /// as `blur` draws behind pictures that do not fill the canvas: a quiet background for a title card.
    public func drawBackdropOnly(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame) throws {
        try canvas.makeWritable()
        try drawBackdrop(picture, rotation: rotation, into: canvas)
    }

    /// The picture scaled to cover a small frame, blurred, darkened, then scaled up over the canvas.
    private func drawBackdrop(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame) throws {
        let width = max(2, canvasWidth / Self.backdropDivisor & ~1)
        let height = max(2, canvasHeight / Self.backdropDivisor & ~1)
        let small = try Self.reuse(&backdrop, width: width, height: height)
        let covering = placement(of: picture, rotation: rotation, width: width, height: height, cover: true)
        try draw(picture, rotation: rotation, at: covering, into: small, viaScratch: false, workspace: &backdropWorkspace)
        let radius = max(1, width / 48)
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let planeWidth = width >> shift, planeHeight = height >> shift, planeRadius = max(1, radius >> shift)
            for _ in 0..<2 {
                blur.blur(small.plane(plane), stride: small.stride(plane), width: planeWidth, height: planeHeight, radius: planeRadius)
            }
            let isLuma = plane == 0
            PlaneBlur.scale(
                small.plane(plane), stride: small.stride(plane), width: planeWidth, height: planeHeight,
                neutral: isLuma ? 16 : 128, factor: isLuma ? Self.backdropLuma : Self.backdropChroma
            )
        }
        let key = Scaler.Key(
            sourceWidth: width, sourceHeight: height, sourceFormat: AV_PIX_FMT_YUV420P.rawValue, encoding: .bt709Limited,
            targetWidth: canvasWidth, targetHeight: canvasHeight, targetTenBit: false
        )
        try Self.scaler(&backdropUpscaler, for: key).scale(small, cropX: 0, cropY: 0, into: canvas, x: 0, y: 0)
    }

    /// The libswscale context and scratch frames one kind of drawing (the picture, or its backdrop) keeps.
    private struct Workspace {
        var scaler: Scaler?
        /// The scaled picture before it is turned, or drawn over a backdrop.
        var turned: VideoFrame?
        /// The source region after its colour conversion, when that is done before scaling.
        var converted: VideoFrame?
        /// The scaled 10-bit picture an HDR cube reads.
        var deep: VideoFrame?
    }

    /// Scales (and turns) `picture` into `placement`'s rectangle of `target`; through the scratch frame
    /// when turning, or when `viaScratch` asks for nothing outside the rectangle to be touched. A colour
    /// cube is applied where the picture has fewer pixels: to the source region before scaling when the
    /// source is smaller than the rectangle and already in the cube's 4:2:0 layout, else to the scaled picture;
    /// a 10-bit source region the size of the rectangle goes through the cube alone, with no scaling pass.
    private func draw(
        _ picture: VideoFrame, rotation: FrameRotation, at placement: CanvasPlacement, into target: VideoFrame,
        viaScratch: Bool, workspace: inout Workspace
    ) throws {
        let colour = ColourPath(for: picture, toneMap: toneMap)
        var (source, cropX, cropY, cube) = (picture, placement.cropX, placement.cropY, colour.cube)
        let (cropWidth, cropHeight) = (placement.cropWidth, placement.cropHeight)
        let cubeLayout = colour.readsTenBits ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        if let early = cube, picture.pointer.pointee.format == cubeLayout.rawValue,
            cropWidth * cropHeight < placement.scaledWidth * placement.scaledHeight
        {
            let copy = try Self.reuse(&workspace.converted, width: cropWidth, height: cropHeight)
            if early.inputBits == 10 {
                early.apply(from: picture, at: (cropX, cropY), into: copy, at: (0, 0), width: cropWidth, height: cropHeight)
            } else {
                Self.copyRegion(of: picture, x: cropX, y: cropY, into: copy, width: cropWidth, height: cropHeight)
                early.apply(to: copy, x: 0, y: 0, width: cropWidth, height: cropHeight)
            }
            (source, cropX, cropY, cube) = (copy, 0, 0, nil)
        }
        let deep = cube?.inputBits == 10
        let key = Scaler.Key(
            sourceWidth: cropWidth, sourceHeight: cropHeight, sourceFormat: source.pointer.pointee.format,
            encoding: colour.scalerEncoding,
            targetWidth: placement.scaledWidth, targetHeight: placement.scaledHeight, targetTenBit: deep
        )
        let context = try Self.scaler(&workspace.scaler, for: key)
        let direct = rotation == .none && !viaScratch
        let (drawn, at) =
            direct
            ? (target, (x: placement.rectX, y: placement.rectY))
            : (try Self.reuse(&workspace.turned, width: placement.scaledWidth, height: placement.scaledHeight), (x: 0, y: 0))
        if let cube, deep {
            let unscaled = cropWidth == placement.scaledWidth && cropHeight == placement.scaledHeight
            if unscaled, source.pointer.pointee.format == AV_PIX_FMT_YUV420P10LE.rawValue {
                cube.apply(from: source, at: (cropX, cropY), into: drawn, at: at, width: cropWidth, height: cropHeight)
            } else {
                let scaled = try Self.reuse(&workspace.deep, width: placement.scaledWidth, height: placement.scaledHeight, tenBit: true)
                try context.scale(source, cropX: cropX, cropY: cropY, into: scaled, x: 0, y: 0)
                cube.apply(from: scaled, at: (0, 0), into: drawn, at: at, width: placement.scaledWidth, height: placement.scaledHeight)
            }
        } else {
            try context.scale(source, cropX: cropX, cropY: cropY, into: drawn, x: at.x, y: at.y)
            cube?.apply(to: drawn, x: at.x, y: at.y, width: placement.scaledWidth, height: placement.scaledHeight)
        }
        guard !direct else { return }
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            PlaneRotation.rotate(
                drawn.plane(plane), stride: drawn.stride(plane),
                width: placement.scaledWidth >> shift, height: placement.scaledHeight >> shift,
                into: target.plane(plane) + (placement.rectY >> shift) * target.stride(plane) + (placement.rectX >> shift),
                stride: target.stride(plane), rotation: rotation
            )
        }
    }

    private func placement(of picture: VideoFrame, rotation: FrameRotation, width: Int, height: Int, cover: Bool) -> CanvasPlacement {
        let frame = picture.pointer.pointee
        let aspect =
            frame.sample_aspect_ratio.num > 0 && frame.sample_aspect_ratio.den > 0
            ? Double(frame.sample_aspect_ratio.num) / Double(frame.sample_aspect_ratio.den) : 1
        return CanvasPlacement(
            width: Int(frame.width), height: Int(frame.height), sampleAspect: aspect, rotation: rotation,
            canvasWidth: width, canvasHeight: height, cover: cover, alignment: alignment(of: picture)
        )
    }

    /// The crop offset granularity the picture's chroma subsampling needs.
    private func alignment(of picture: VideoFrame) -> Int {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(picture.pointer.pointee.format)) else { return 2 }
        return max(2, 1 << Int(descriptor.pointee.log2_chroma_w), 1 << Int(descriptor.pointee.log2_chroma_h))
    }

    /// Paints the background colour everywhere outside `placement`'s rectangle.
    private func fillOutside(_ placement: CanvasPlacement, of canvas: VideoFrame) {
        for plane in 0..<3 {
            let value = plane == 0 ? backgroundYUV.y : plane == 1 ? backgroundYUV.u : backgroundYUV.v
            let shift = plane == 0 ? 0 : 1
            let width = canvasWidth >> shift, height = canvasHeight >> shift
            let left = placement.rectX >> shift, top = placement.rectY >> shift
            let right = left + (placement.rectWidth >> shift), bottom = top + (placement.rectHeight >> shift)
            let base = canvas.plane(plane), stride = canvas.stride(plane)
            for row in 0..<height {
                let line = base + row * stride
                if row < top || row >= bottom {
                    line.update(repeating: value, count: width)
                } else {
                    line.update(repeating: value, count: left)
                    (line + right).update(repeating: value, count: width - right)
                }
            }
        }
    }

    /// Copies the `width`×`height` region at (`x`, `y`) (all even) of an 8-bit yuv420p `source` to the top
    /// left of `target`.
    private static func copyRegion(of source: VideoFrame, x: Int, y: Int, into target: VideoFrame, width: Int, height: Int) {
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let from = source.plane(plane) + (y >> shift) * source.stride(plane) + (x >> shift)
            for row in 0..<(height >> shift) {
                (target.plane(plane) + row * target.stride(plane)).update(from: from + row * source.stride(plane), count: width >> shift)
            }
        }
    }

    /// The cached scaler when its key matches, else a new one in its place.
    private static func scaler(_ slot: inout Scaler?, for key: Scaler.Key) throws -> Scaler {
        if let existing = slot, existing.key == key { return existing }
        let made = try Scaler(key: key)
        slot = made
        return made
    }

    /// The cached frame when its size matches, else a new yuv420p (or yuv420p10) one in its place.
    private static func reuse(_ slot: inout VideoFrame?, width: Int, height: Int, tenBit: Bool = false) throws -> VideoFrame {
        if let existing = slot, existing.width == width, existing.height == height { return existing }
        let format = tenBit ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        let made = try VideoFrame(width: width, height: height, format: format, rowPadding: tenBit ? 2 * rowPadding : rowPadding)
        slot = made
        return made
    }
}
