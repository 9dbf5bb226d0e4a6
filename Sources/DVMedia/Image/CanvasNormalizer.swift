internal import CFFmpeg
import DVSignal

/// Turns decoded pictures of any size, pixel format and rotation into upright canvas frames of one size,
/// fitted by `contain`, `cover` or `blur` on a background colour: 8-bit yuv420p for an SDR reel, 10-bit
/// yuv420p10 HLG for an HLG reel (`ColourPath` says how each picture's colours get there).
///
/// Pictures are scaled by libswscale straight into the canvas, then the bars are painted (libswscale's
/// vector code may write a few samples past the scaled width: canvas rows carry padding for that, and
/// painting the bars afterwards overwrites the rest). Rotated pictures, and pictures over a blurred
/// backdrop, are scaled into a scratch frame which is then turned or copied into place. The
/// libswscale contexts and scratch frames are kept while the source geometry stays the same, so a
/// clip costs no allocation per frame. Not thread-safe: one normalizer per clip or per task.
package final class CanvasNormalizer {
    /// Canvas width in pixels (even).
    package let canvasWidth: Int
    /// Canvas height in pixels (even).
    package let canvasHeight: Int
    /// How pictures are fitted.
    package let fit: CanvasFit
    /// The colour of the bars in `contain`.
    package let background: SRGBColour

    /// False to read HDR pictures' values as if they were SDR (`output.tone_map: off`), true to tone map them.
    package let toneMap: Bool
    /// The job's look (`LookCube`), applied to the picture (and the backdrop drawn from it) after its colour
    /// conversion, never to the background colour; nil for none.
    package let look: ColourCube?
    /// The canvas format: 8-bit BT.709 for an SDR reel, 10-bit BT.2020 HLG for an HLG one.
    package let format: CanvasFormat
    /// True for a canvas of 16-bit samples.
    private var tenBit: Bool { format.bytesPerSample == 2 }

    /// The background colour's codes on the canvas.
    private let backgroundCodes: SIMD3<Int>
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
    package init(
        canvasWidth: Int, canvasHeight: Int, fit: CanvasFit, background: SRGBColour = .black, toneMap: Bool = true, look: ColourCube? = nil,
        format: CanvasFormat = .sdr8
    ) throws {
        self.look = look
        self.format = format
        guard canvasWidth >= 16, canvasHeight >= 16, canvasWidth % 2 == 0, canvasHeight % 2 == 0 else {
            throw MediaError.invalidSize(width: canvasWidth, height: canvasHeight, reason: "a canvas needs even sizes of at least 16")
        }
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.fit = fit
        self.background = background
        self.toneMap = toneMap
        backgroundCodes = SIMD3(truncatingIfNeeded: background.codes(on: format))
    }

    /// Bytes of padding after each luma row of the frames libswscale writes into.
    static let rowPadding = 128

    /// A new canvas frame (yuv420p, or yuv420p10 for HLG; with the row padding the normalizer needs),
    /// filled with the background colour.
    package func makeCanvas() throws -> VideoFrame {
        let frame = try VideoFrame(
            width: canvasWidth, height: canvasHeight, format: format.pixelFormat, rowPadding: Self.rowPadding)
        fillOutside(nil, of: frame)
        return frame
    }

    /// Draws `picture`, turned upright by `rotation`, into `canvas` (a frame from `makeCanvas()`,
    /// reused from frame to frame). Every canvas pixel is written. `subjectEdge`, for `subject`: where the
    /// crop window's left (or top) edge lies in the upright picture, in `SubjectFraming.scale` units;
    /// without it the window is centred, as `cover`'s.
    package func normalize(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame, subjectEdge: Int? = nil) throws {
        try canvas.makeWritable()
        let sampleBytes = format.bytesPerSample
        guard canvas.width == canvasWidth, canvas.height == canvasHeight, canvas.canvasFormat == format,
            canvas.stride(0) >= (canvasWidth + Self.rowPadding) * sampleBytes, canvas.stride(1) >= (canvasWidth + Self.rowPadding) / 2 * sampleBytes
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
            let (x, y) = whole ? (0, 0) : (contained.rectX, contained.rectY)
            let (width, height) = whole ? (canvasWidth, canvasHeight) : (contained.rectWidth, contained.rectHeight)
            if tenBit {
                look.apply(from: canvas, at: (x, y), into: canvas, at: (x, y), width: width, height: height)
            } else {
                look.apply(to: canvas, x: x, y: y, width: width, height: height)
            }
        }
        if fit == .contain {
            fillOutside(contained, of: canvas)
        }
    }

    /// Fills `canvas` (a frame from `makeCanvas()`) with `picture`, turned upright, blurred and darkened
    /// as `blur` draws behind pictures that do not fill the canvas: a quiet background for a title card.
    package func drawBackdropOnly(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame) throws {
        try canvas.makeWritable()
        try drawBackdrop(picture, rotation: rotation, into: canvas)
    }

    /// The picture scaled to cover a small frame, blurred, darkened, then scaled up over the canvas.
    private func drawBackdrop(_ picture: VideoFrame, rotation: FrameRotation, into canvas: VideoFrame) throws {
        let width = max(2, canvasWidth / Self.backdropDivisor & ~1)
        let height = max(2, canvasHeight / Self.backdropDivisor & ~1)
        let small = try Self.reuse(&backdrop, width: width, height: height, tenBit: tenBit)
        let covering = placement(of: picture, rotation: rotation, width: width, height: height, cover: true)
        try draw(picture, rotation: rotation, at: covering, into: small, viaScratch: false, workspace: &backdropWorkspace)
        let radius = max(1, width / 48)
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let planeWidth = width >> shift, planeHeight = height >> shift, planeRadius = max(1, radius >> shift)
            let isLuma = plane == 0
            let factor = isLuma ? Self.backdropLuma : Self.backdropChroma
            if tenBit {
                let samples = small.plane(plane, as: UInt16.self)
                for _ in 0..<2 {
                    blur.blur(samples.base, stride: samples.stride, width: planeWidth, height: planeHeight, radius: planeRadius)
                }
                PlaneBlur.scale(
                    samples.base, stride: samples.stride, width: planeWidth, height: planeHeight,
                    neutral: isLuma ? format.black.luma : format.black.chroma, factor: factor)
            } else {
                for _ in 0..<2 {
                    blur.blur(small.plane(plane), stride: small.stride(plane), width: planeWidth, height: planeHeight, radius: planeRadius)
                }
                PlaneBlur.scale(
                    small.plane(plane), stride: small.stride(plane), width: planeWidth, height: planeHeight,
                    neutral: isLuma ? format.black.luma : format.black.chroma,
                    factor: factor)
            }
        }
        let key = Scaler.Key(
            sourceWidth: width, sourceHeight: height, sourceFormat: small.pointer.pointee.format, encoding: .bt709Limited,
            targetWidth: canvasWidth, targetHeight: canvasHeight, targetTenBit: tenBit
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
        let colour = ColourPath(for: picture, toneMap: toneMap, format: format)
        var (source, cropX, cropY, cube) = (picture, placement.cropX, placement.cropY, colour.cube)
        let (cropWidth, cropHeight) = (placement.cropWidth, placement.cropHeight)
        let cubeLayout = colour.readsTenBits ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        if let early = cube, picture.pointer.pointee.format == cubeLayout.rawValue, colour.scalerEncoding == .bt709Limited,
            cropWidth * cropHeight < placement.scaledWidth * placement.scaledHeight
        {
            let copy = try Self.reuse(&workspace.converted, width: cropWidth, height: cropHeight, tenBit: early.outputBits == 10)
            if early.inputBits == 8, early.outputBits == 8 {
                Self.copyRegion(of: picture, x: cropX, y: cropY, into: copy, width: cropWidth, height: cropHeight)
                early.apply(to: copy, x: 0, y: 0, width: cropWidth, height: cropHeight)
            } else {
                early.apply(from: picture, at: (cropX, cropY), into: copy, at: (0, 0), width: cropWidth, height: cropHeight)
            }
            (source, cropX, cropY, cube) = (copy, 0, 0, nil)
        }
        // The scaled picture holds what the cube still to come reads, else the canvas's own codes.
        let scaledTenBit = cube.map { $0.inputBits == 10 } ?? tenBit
        let key = Scaler.Key(
            sourceWidth: cropWidth, sourceHeight: cropHeight, sourceFormat: source.pointer.pointee.format,
            encoding: colour.scalerEncoding,
            targetWidth: placement.scaledWidth, targetHeight: placement.scaledHeight, targetTenBit: scaledTenBit
        )
        let context = try Self.scaler(&workspace.scaler, for: key)
        let direct = rotation == .none && !viaScratch
        let (drawn, at) =
            direct
            ? (target, (x: placement.rectX, y: placement.rectY))
            : (try Self.reuse(&workspace.turned, width: placement.scaledWidth, height: placement.scaledHeight, tenBit: tenBit), (x: 0, y: 0))
        if let cube, cube.inputBits == 8, cube.outputBits == 8 {
            try context.scale(source, cropX: cropX, cropY: cropY, into: drawn, x: at.x, y: at.y)
            cube.apply(to: drawn, x: at.x, y: at.y, width: placement.scaledWidth, height: placement.scaledHeight)
        } else if let cube {
            let unscaled = cropWidth == placement.scaledWidth && cropHeight == placement.scaledHeight
            // Only where libswscale has nothing to convert: an SDR clip in BT.709's light but another matrix
            // or range reaches an HLG canvas's cube through it.
            if unscaled, source.pointer.pointee.format == cubeLayout.rawValue, colour.scalerEncoding == .bt709Limited {
                cube.apply(from: source, at: (cropX, cropY), into: drawn, at: at, width: cropWidth, height: cropHeight)
            } else {
                let scaled = try Self.reuse(
                    &workspace.deep, width: placement.scaledWidth, height: placement.scaledHeight, tenBit: cube.inputBits == 10)
                try context.scale(source, cropX: cropX, cropY: cropY, into: scaled, x: 0, y: 0)
                cube.apply(from: scaled, at: (0, 0), into: drawn, at: at, width: placement.scaledWidth, height: placement.scaledHeight)
            }
        } else {
            try context.scale(source, cropX: cropX, cropY: cropY, into: drawn, x: at.x, y: at.y)
        }
        guard !direct else { return }
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let width = placement.scaledWidth >> shift, height = placement.scaledHeight >> shift
            let (x, y) = (placement.rectX >> shift, placement.rectY >> shift)
            if tenBit {
                let turned = drawn.plane(plane, as: UInt16.self), into = target.plane(plane, as: UInt16.self)
                PlaneRotation.rotate(
                    turned.base, stride: turned.stride, width: width, height: height, into: into.base + y * into.stride + x, stride: into.stride,
                    rotation: rotation)
            } else {
                PlaneRotation.rotate(
                    drawn.plane(plane), stride: drawn.stride(plane), width: width, height: height,
                    into: target.plane(plane) + y * target.stride(plane) + x, stride: target.stride(plane), rotation: rotation)
            }
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

    /// Paints the background colour everywhere outside `placement`'s rectangle (everywhere without one).
    private func fillOutside(_ placement: CanvasPlacement?, of canvas: VideoFrame) {
        switch format {
        case .sdr8: fillOutside(placement, of: canvas, as: UInt8.self)
        case .hlg10: fillOutside(placement, of: canvas, as: UInt16.self)
        }
    }

    private func fillOutside<Sample: CanvasSample>(_ placement: CanvasPlacement?, of canvas: VideoFrame, as: Sample.Type) {
        for plane in 0..<3 {
            let value = Sample(truncatingIfNeeded: backgroundCodes[plane])
            let shift = plane == 0 ? 0 : 1
            let width = canvasWidth >> shift, height = canvasHeight >> shift
            let left = (placement?.rectX ?? 0) >> shift, top = (placement?.rectY ?? 0) >> shift
            let right = left + ((placement?.rectWidth ?? 0) >> shift), bottom = top + ((placement?.rectHeight ?? 0) >> shift)
            let stride = canvas.stride(plane) / MemoryLayout<Sample>.size
            let base = UnsafeMutableRawPointer(canvas.plane(plane)).assumingMemoryBound(to: Sample.self)
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

    /// The cached frame when its size and format match, else a new yuv420p (or yuv420p10) one in its place.
    private static func reuse(_ slot: inout VideoFrame?, width: Int, height: Int, tenBit: Bool = false) throws -> VideoFrame {
        let format = tenBit ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
        if let existing = slot, existing.width == width, existing.height == height, existing.pointer.pointee.format == format.rawValue {
            return existing
        }
        let made = try VideoFrame(width: width, height: height, format: format, rowPadding: tenBit ? 2 * rowPadding : rowPadding)
        slot = made
        return made
    }
}
