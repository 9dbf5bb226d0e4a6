import Foundation

/// How a still moves over a piece: per frame, which part of the picture fills which part of the destination.
///
/// The motion is one similarity (a scale and a shift) applied the same amount every frame: a push zooms at a
/// constant rate in log scale about the one point that stays put, a pan travels at constant speed, so the
/// frame-to-frame motion has no acceleration to see (no ease in or out). Only the first and last windows are
/// kept (a segment's key holds them), and every frame is computed from them the same way every run.
package struct StillMotion: Sendable, Hashable, Codable {
    /// The motion asked for: `auto` chooses a push, or a pan where the destination's shape crops much of
    /// the picture.
    package enum Mode: String, Sendable, Hashable, Codable {
        case auto, push, pan, none
    }

    /// How the picture fills the destination, as `Job.Output.Fit`.
    package enum Fit: String, Sendable, Hashable, Codable {
        case contain, cover, blur, subject

        /// True for the fits that fill the destination by cropping the picture.
        package var crops: Bool { self == .cover || self == .subject }
    }

    /// A window of the picture: its centre in picture pixels and picture pixels per destination pixel.
    package struct Window: Sendable, Hashable, Codable {
        package var x: Double
        package var y: Double
        package var step: Double
    }

    /// The motion chosen (`push`, `pan` or `none`, never `auto`).
    package let mode: Mode
    /// The destination pixels the picture covers on every frame.
    package let rect: PixelRect
    /// The window shown on the first frame and on the last.
    package let start: Window, end: Window
    package let frameCount: Int

    /// The zoom a push reaches on its last frame.
    package static let pushZoom = 1.15
    /// A pan is chosen (by `auto`) when the destination shows less than this share of the picture along the
    /// axis it crops (a 4:3 photo in a 16:9 frame keeps 75% and is pushed; in a 9:16 frame, 42%, and pans).
    static let panBelow = 0.7
    /// The most a pan travels when nothing forces it further (faces far apart), in windows.
    static let panReach = 0.5

    package init(mode: Mode, rect: PixelRect, start: Window, end: Window, frameCount: Int) {
        self.mode = mode
        self.rect = rect
        self.start = start
        self.end = end
        self.frameCount = frameCount
    }

    /// The motion of a `picture` (its upright size) shown in `destination` (the canvas or layer rectangle)
    /// by `fit` for `frameCount` frames. `subjects` are the faces found (unit boxes of the upright picture),
    /// `interest` the centre of interest used when there are none.
    package static func plan(
        picture: (width: Int, height: Int), destination: (width: Int, height: Int), fit: Fit, mode: Mode,
        subjects: [UnitRect], interest: UnitPoint?, frameCount: Int
    ) -> StillMotion {
        let pictureWidth = Double(max(1, picture.width)), pictureHeight = Double(max(1, picture.height))
        let rect = placement(picture: picture, destination: destination, fit: fit)
        let baseStep = min(pictureWidth / Double(rect.width), pictureHeight / Double(rect.height))
        let baseWidth = Double(rect.width) * baseStep, baseHeight = Double(rect.height) * baseStep
        let faces = subjects.compactMap { box -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? in
            let left = min(max(box.x, 0), 1), right = min(max(box.maxX, 0), 1)
            let top = min(max(box.y, 0), 1), bottom = min(max(box.maxY, 0), 1)
            guard left < right, top < bottom else { return nil }
            return ((left * pictureWidth)...(right * pictureWidth), (top * pictureHeight)...(bottom * pictureHeight))
        }
        let union = faces.first.map { first in
            faces.dropFirst().reduce(first) { union, face in
                (
                    min(union.x.lowerBound, face.x.lowerBound)...max(union.x.upperBound, face.x.upperBound),
                    min(union.y.lowerBound, face.y.lowerBound)...max(union.y.upperBound, face.y.upperBound)
                )
            }
        }
        let focus: (x: Double, y: Double) =
            if let union {
                ((union.x.lowerBound + union.x.upperBound) / 2, (union.y.lowerBound + union.y.upperBound) / 2)
            } else if let interest, interest.x.isFinite, interest.y.isFinite {
                (min(max(interest.x, 0), 1) * pictureWidth, min(max(interest.y, 0), 1) * pictureHeight)
            } else {
                (pictureWidth / 2, pictureHeight / 2)
            }
        /// The centre of a `width`×`height` window nearest `centre` whose window lies inside `bounds`.
        func inside(_ centre: Double, size: Double, _ bounds: ClosedRange<Double>) -> Double {
            min(max(centre, bounds.lowerBound + size / 2), bounds.upperBound - size / 2)
        }
        let whole = (x: 0...pictureWidth, y: 0...pictureHeight)
        // The still window: on the faces when there are any (or always for `subject`), else centred.
        let placed = union != nil || fit == .subject
        let still = Window(
            x: inside(placed ? focus.x : pictureWidth / 2, size: baseWidth, whole.x),
            y: inside(placed ? focus.y : pictureHeight / 2, size: baseHeight, whole.y), step: baseStep)
        let shown = min(baseWidth / pictureWidth, baseHeight / pictureHeight)
        let chosen: Mode = mode == .auto ? (fit.crops && shown < panBelow ? .pan : .push) : mode
        let frames = max(0, frameCount)
        switch chosen {
        case .auto, .none:
            return StillMotion(mode: .none, rect: rect, start: still, end: still, frameCount: frames)
        case .push:
            // As far as `pushZoom`, but no further than keeps the faces' union whole when the first window
            // holds it.
            var zoom = pushZoom
            if let union {
                let fits = min(baseWidth / (union.x.upperBound - union.x.lowerBound), baseHeight / (union.y.upperBound - union.y.lowerBound))
                if fits >= 1 { zoom = min(zoom, fits) }
            }
            let width = baseWidth / zoom, height = baseHeight / zoom
            let startBounds = (x: (still.x - baseWidth / 2)...(still.x + baseWidth / 2), y: (still.y - baseHeight / 2)...(still.y + baseHeight / 2))
            let end = Window(x: inside(focus.x, size: width, startBounds.x), y: inside(focus.y, size: height, startBounds.y), step: baseStep / zoom)
            return StillMotion(mode: .push, rect: rect, start: still, end: end, frameCount: frames)
        case .pan:
            // A picture the fit does not crop (or hardly) is panned zoomed in, so that there is somewhere to travel.
            let zoom = shown > 0.9 ? pushZoom : 1
            let width = baseWidth / zoom, height = baseHeight / zoom
            let alongX = (pictureWidth - width) / pictureWidth >= (pictureHeight - height) / pictureHeight
            let size = alongX ? width : height, extent = alongX ? pictureWidth : pictureHeight
            let spans = faces.map { alongX ? $0.x : $0.y }.sorted { ($0.lowerBound + $0.upperBound) < ($1.lowerBound + $1.upperBound) }
            let centres = travel(spans: spans, focus: alongX ? focus.x : focus.y, size: size, extent: extent)
            let across = alongX ? inside(focus.y, size: height, whole.y) : inside(focus.x, size: width, whole.x)
            func window(_ centre: Double) -> Window {
                alongX ? Window(x: centre, y: across, step: baseStep / zoom) : Window(x: across, y: centre, step: baseStep / zoom)
            }
            return StillMotion(mode: .pan, rect: rect, start: window(centres.from), end: window(centres.to), frameCount: frames)
        }
    }

    /// Where a pan's window of `size` travels along an axis of `extent`, as centres, lowest first: across the
    /// positions that keep every face (`spans`, in order) in view when they fit in one window, else from
    /// the first face to the last; around `focus` when there are none.
    static func travel(spans: [ClosedRange<Double>], focus: Double, size: Double, extent: Double) -> (from: Double, to: Double) {
        let lowest = size / 2, highest = extent - size / 2
        func clamped(_ centre: Double) -> Double { min(max(centre, lowest), highest) }
        let reach = min(highest - lowest, size * panReach)
        guard let first = spans.first, let last = spans.last else {
            let from = min(max(focus - reach / 2, lowest), highest - reach)
            return (from, from + reach)
        }
        let low = spans.map(\.lowerBound).min() ?? first.lowerBound, high = spans.map(\.upperBound).max() ?? last.upperBound
        guard high - low <= size else {
            return (clamped((first.lowerBound + first.upperBound) / 2), clamped((last.lowerBound + last.upperBound) / 2))
        }
        // Centres that keep low…high in view, within the picture.
        let allowed = clamped(high - size / 2)...clamped(low + size / 2)
        let length = min(allowed.upperBound - allowed.lowerBound, reach)
        let middle = (allowed.lowerBound + allowed.upperBound) / 2
        return (middle - length / 2, middle + length / 2)
    }

    /// The destination rectangle a `fit` gives the picture: all of it when the fit crops, else the picture's
    /// shape scaled to fit and centred, as a clip's `contain` places it.
    static func placement(picture: (width: Int, height: Int), destination: (width: Int, height: Int), fit: Fit) -> PixelRect {
        let width = max(2, destination.width & ~1), height = max(2, destination.height & ~1)
        guard !fit.crops else { return PixelRect(x: 0, y: 0, width: width, height: height) }
        let placement = CanvasPlacement(
            width: max(1, picture.width), height: max(1, picture.height), sampleAspect: 1, rotation: .none,
            canvasWidth: width, canvasHeight: height, cover: false, alignment: 1)
        return PixelRect(x: placement.rectX, y: placement.rectY, width: placement.rectWidth, height: placement.rectHeight)
    }

    /// What frame `index` (0 to `frameCount` − 1; clamped) shows.
    package func view(at index: Int) -> StillView {
        let progress = frameCount > 1 ? Double(min(max(index, 0), frameCount - 1)) / Double(frameCount - 1) : 0
        let ratio = end.step / start.step
        let step: Double, x: Double, y: Double
        if abs(ratio - 1) < 1e-9 {
            step = start.step
            x = start.x + (end.x - start.x) * progress
            y = start.y + (end.y - start.y) * progress
        } else {
            // The one point the zoom leaves in place, and the windows shrinking toward it geometrically.
            let scale = progress == 1 ? ratio : pow(ratio, progress)
            let fixedX = (end.x - ratio * start.x) / (1 - ratio), fixedY = (end.y - ratio * start.y) / (1 - ratio)
            step = progress == 1 ? end.step : start.step * scale
            x = fixedX + (start.x - fixedX) * scale
            y = fixedY + (start.y - fixedY) * scale
        }
        let centreX = Double(rect.x) + Double(rect.width) / 2, centreY = Double(rect.y) + Double(rect.height) / 2
        return StillView(originX: x - centreX * step, originY: y - centreY * step, step: step, rect: rect)
    }
}
