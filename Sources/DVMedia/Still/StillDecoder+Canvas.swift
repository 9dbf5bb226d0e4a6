internal import CFFmpeg
import DVSignal

extension StillDecoder {
    /// Turns a decoded picture upright at its working size in the canvas's colour: an ICC profile's colour
    /// through `PictureColour` (as overlay pictures), then everything else as `CanvasNormalizer` draws a clip.
    static func finish(
        _ decoded: Decoded, covering: (width: Int, height: Int), format: CanvasFormat, toneMap: Bool, look: ColourCube?, path: String
    ) throws -> StillPicture {
        let working = workingSize(width: decoded.fullWidth, height: decoded.fullHeight, covering: covering)
        guard working.width >= 16, working.height >= 16 else {
            throw MediaError.unreadableStill(
                path: path, reason: "a picture of \(decoded.fullWidth)×\(decoded.fullHeight) pixels is too small to show")
        }
        var source = decoded.frame
        source.pointer.pointee.sample_aspect_ratio = AVRational(num: 0, den: 1)
        if let colour = decoded.colour {
            let stored = decoded.rotation.swapsAxes ? (working.height, working.width) : (working.width, working.height)
            let rgba = try PictureResampler(from: source, width: stored.0, height: stored.1, format: AV_PIX_FMT_RGBA).scale(source)
            colour.convert(rgba: rgba)
            rgba.pointer.pointee.color_primaries = AVCOL_PRI_BT709
            rgba.pointer.pointee.color_trc = AVCOL_TRC_IEC61966_2_1
            rgba.pointer.pointee.colorspace = AVCOL_SPC_RGB
            rgba.pointer.pointee.color_range = AVCOL_RANGE_JPEG
            source = rgba
        }
        let normalizer = try CanvasNormalizer(
            canvasWidth: working.width, canvasHeight: working.height, fit: .cover, toneMap: toneMap, look: look, format: format)
        let canvas = try normalizer.makeCanvas()
        try normalizer.normalize(source, rotation: decoded.rotation, into: canvas)
        if decoded.mirrored { canvas.mirrorLeftToRight() }
        return StillPicture(frame: canvas, fullWidth: decoded.fullWidth, fullHeight: decoded.fullHeight)
    }
}

extension PictureColour {
    /// Converts the packed RGBA pixels of `frame` into sRGB in place, row by row.
    fileprivate func convert(rgba frame: VideoFrame) {
        for row in 0..<frame.height {
            let line = frame.plane(0) + row * frame.stride(0)
            var pixels = Array(UnsafeBufferPointer(start: line, count: frame.width * 4))
            convert(rgba: &pixels)
            line.update(from: pixels, count: pixels.count)
        }
    }
}

extension VideoFrame {
    /// Shows only the `width`×`height` region at (`x`, `y`) (even) of the picture, without copying it.
    func crop(x: Int, y: Int, width: Int, height: Int) throws {
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= self.width, y + height <= self.height else {
            throw MediaError.invalidSize(width: width, height: height, reason: "a crop outside the \(self.width)x\(self.height) picture")
        }
        pointer.pointee.crop_left = x
        pointer.pointee.crop_top = y
        pointer.pointee.crop_right = self.width - x - width
        pointer.pointee.crop_bottom = self.height - y - height
        try check(av_frame_apply_cropping(pointer, Int32(AV_FRAME_CROP_UNALIGNED)), "cropping a picture")
    }

    /// Mirrors a canvas frame left to right.
    func mirrorLeftToRight() {
        switch canvasFormat {
        case .sdr8?: mirror(as: UInt8.self)
        case .hlg10?: mirror(as: UInt16.self)
        case nil: break
        }
    }

    private func mirror<Sample>(as: Sample.Type) {
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            let width = self.width >> shift
            for row in 0..<(height >> shift) {
                let line = UnsafeMutableRawPointer(self.plane(plane) + row * stride(plane)).assumingMemoryBound(to: Sample.self)
                var samples = UnsafeMutableBufferPointer(start: line, count: width)
                samples.reverse()
            }
        }
    }
}
