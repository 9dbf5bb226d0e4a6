import DVSignal

extension VideoFrame {
    /// Draws `view` of `picture` (a still's working picture, in this frame's canvas format) into this frame:
    /// all three planes, chroma through the view's 4:2:0 counterpart. Pixels outside the view's rectangle
    /// (clipped to the frame) are left as they are, for the background drawn before.
    ///
    /// - Throws: `MediaError.invalidSize` when the frames are not both 8-bit yuv420p or both 10-bit yuv420p10le.
    package func draw(_ picture: VideoFrame, view: StillView) throws {
        guard let format = canvasFormat, picture.canvasFormat == format else {
            throw MediaError.invalidSize(
                width: picture.width, height: picture.height, reason: "a still is drawn from and into frames of one canvas format")
        }
        let left = max(0, view.rect.x) & ~1, top = max(0, view.rect.y) & ~1
        let right = min(width, view.rect.maxX) & ~1, bottom = min(height, view.rect.maxY) & ~1
        guard left < right, top < bottom else { return }
        var clipped = view
        clipped.rect = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        switch format {
        case .sdr8: draw(picture, view: clipped, maximum: 255, as: UInt8.self)
        case .hlg10: draw(picture, view: clipped, maximum: (1 << format.bitDepth) - 1, as: UInt16.self)
        }
    }

    /// `draw` with samples of `Sample`.
    private func draw<Sample: CanvasSample>(_ picture: VideoFrame, view: StillView, maximum: Int, as: Sample.Type) {
        for index in 0..<3 {
            let source = picture.plane(index, as: Sample.self), target = plane(index, as: Sample.self)
            let chroma = index > 0
            StillResampler.draw(
                source.base, stride: source.stride, width: chroma ? (picture.width + 1) / 2 : picture.width,
                height: chroma ? (picture.height + 1) / 2 : picture.height, into: target.base, stride: target.stride,
                view: chroma ? view.chroma : view, maximum: maximum)
        }
    }
}
