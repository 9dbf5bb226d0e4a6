/// Where a source picture goes in the canvas: the part of the picture used (in stored, unrotated
/// pixels) and the rectangle it fills (in canvas pixels). All offsets and sizes are even, for 4:2:0.
package struct CanvasPlacement: Hashable {
    /// Region of the stored picture that is scaled, before rotation.
    package var cropX: Int, cropY: Int, cropWidth: Int, cropHeight: Int
    /// Rectangle of the canvas the rotated, scaled picture fills.
    package var rectX: Int, rectY: Int, rectWidth: Int, rectHeight: Int
    /// The scaled picture's size before rotation (the rectangle's size with axes swapped for quarter turns).
    package var scaledWidth: Int, scaledHeight: Int

    /// True when the picture fills the whole canvas.
    package func fills(width: Int, height: Int) -> Bool { rectWidth == width && rectHeight == height }

    /// Places a `width`×`height` stored picture with sample aspect `sampleAspect` and `rotation` into
    /// the canvas, whole (`cover == false`, centred, aspect kept) or covering it (cropped centred).
    /// `alignment` is the crop offset granularity the source's chroma subsampling needs.
    package init(
        width: Int, height: Int, sampleAspect: Double, rotation: FrameRotation,
        canvasWidth: Int, canvasHeight: Int, cover: Bool, alignment: Int
    ) {
        let storedDisplayWidth = Double(width) * sampleAspect
        let shownWidth = rotation.swapsAxes ? Double(height) : storedDisplayWidth
        let shownHeight = rotation.swapsAxes ? storedDisplayWidth : Double(height)
        let canvasAspect = Double(canvasWidth) / Double(canvasHeight)
        let shownAspect = shownWidth / shownHeight
        var keptWidth = 1.0, keptHeight = 1.0
        if cover {
            rectX = 0
            rectY = 0
            rectWidth = canvasWidth
            rectHeight = canvasHeight
            if shownAspect > canvasAspect {
                keptWidth = canvasAspect / shownAspect
            } else {
                keptHeight = shownAspect / canvasAspect
            }
        } else {
            let scale = min(Double(canvasWidth) / shownWidth, Double(canvasHeight) / shownHeight)
            rectWidth = Self.even(shownWidth * scale, limit: canvasWidth)
            rectHeight = Self.even(shownHeight * scale, limit: canvasHeight)
            rectX = (canvasWidth - rectWidth) / 2 & ~1
            rectY = (canvasHeight - rectHeight) / 2 & ~1
        }
        let keptStoredWidth = rotation.swapsAxes ? keptHeight : keptWidth
        let keptStoredHeight = rotation.swapsAxes ? keptWidth : keptHeight
        cropWidth = Self.aligned(Double(width) * keptStoredWidth, alignment: alignment, limit: width)
        cropHeight = Self.aligned(Double(height) * keptStoredHeight, alignment: alignment, limit: height)
        cropX = (width - cropWidth) / 2 / alignment * alignment
        cropY = (height - cropHeight) / 2 / alignment * alignment
        scaledWidth = rotation.swapsAxes ? rectHeight : rectWidth
        scaledHeight = rotation.swapsAxes ? rectWidth : rectHeight
    }

    /// Moves a covering placement's crop along the axis it cuts so that the window's left (or top) edge in
    /// the upright picture lies at `edge` of `scale` (`SubjectFraming`'s units) of the upright picture, for a
    /// `width`×`height` stored picture shown turned by `rotation`. Offsets stay multiples of `alignment` and
    /// inside the picture.
    package mutating func moveCrop(toShownEdge edge: Int, of scale: Int, width: Int, height: Int, rotation: FrameRotation, alignment: Int) {
        func offset(size: Int, crop: Int, reversed: Bool) -> Int {
            let along = Int((Double(size) * Double(edge) / Double(max(1, scale))).rounded())
            let start = reversed ? size - crop - along : along
            return min(max(0, start / alignment * alignment), (size - crop) / alignment * alignment)
        }
        if cropWidth < width {
            cropX = offset(size: width, crop: cropWidth, reversed: rotation == .upsideDown || rotation == .counterClockwise90)
        } else if cropHeight < height {
            cropY = offset(size: height, crop: cropHeight, reversed: rotation == .upsideDown || rotation == .clockwise90)
        }
    }

    private static func even(_ value: Double, limit: Int) -> Int {
        min(limit, max(2, Int((value / 2).rounded()) * 2))
    }

    private static func aligned(_ value: Double, alignment: Int, limit: Int) -> Int {
        let rounded = Int((value / Double(alignment)).rounded()) * alignment
        return rounded >= limit - alignment ? limit : max(alignment, rounded)
    }
}
