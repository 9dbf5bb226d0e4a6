import DVFiles
import DVMedia
import DVPlanning
import DVRemote
import DVSignal
import Foundation

/// A contact sheet of what a job's style does to pictures in each shape and on each platform: one row per
/// shape (`shapes`), one column per delivery profile (`profiles`, the first none), each cell a picture
/// graded with the job's look and stamped with its date and a caption, placed as the render places them in
/// that output (in the profile's safe area, clear of each other), with the margins the platform covers shaded
/// in `shade`, each labelled with its shape and profile. For `dvpipe themes --preview`, to choose a theme without rendering a reel.
package enum ThemePreview {
    /// One shape of output: its name and the size a cell draws it at.
    package struct Shape: Sendable, Hashable {
        package var name: String
        package var width: Int
        package var height: Int
    }

    /// One picture of the sheet: where it lies on the sheet, the safe area its texts are placed in and the
    /// rectangles they are drawn in, all in pixels of the sheet.
    package struct Cell: Sendable, Hashable {
        package var shape: Shape
        package var profile: DeliveryProfile?
        package var rect: PixelRect
        /// The part of `rect` inside the profile's margins: all of it without a profile.
        package var safe: PixelRect
        package var texts: [PixelRect]
    }

    /// The rows: wide, vertical and square.
    package static let shapes = [
        Shape(name: "16:9", width: 384, height: 216), Shape(name: "9:16", width: 216, height: 384), Shape(name: "1:1", width: 288, height: 288)
    ]
    /// The columns: no profile, then each delivery profile.
    package static let profiles: [DeliveryProfile?] = [nil] + DeliveryProfile.allCases
    /// The colour the margins a platform covers are shaded in, at `shadeOpacity`.
    package static let shade = SRGBColour(red: 255, green: 0, blue: 255)
    package static let shadeOpacity = 0.45
    /// The colour of the labels.
    private static let labelColour = SRGBColour(red: 200, green: 200, blue: 200)
    /// The caption each cell shows.
    package static let caption = "Grandma's birthday"
    /// Space around and between the pictures, in pixels.
    private static let gap = 16
    /// The height of the label above each picture (its shape and profile), in pixels.
    private static let labelHeight = 20
    private static let columnWidth = shapes.map(\.width).max() ?? 0

    /// The sheet's width and height in pixels.
    package static var size: PixelSize {
        PixelSize(width: gap + profiles.count * (columnWidth + gap), height: gap + shapes.map { labelHeight + $0.height + gap }.reduce(0, +))
    }

    /// Every cell of the sheet for `job`'s style, row by row, each with where its texts go.
    package static func cells(job: Job, fonts: FontPool = FontPool()) throws -> [Cell] {
        try placed(job: job, fonts: fonts).map(\.cell)
    }

    /// The sheet of `job`'s style over `picture(row, width, height)` (an 8-bit 4:2:0 frame of that size; one
    /// picture a row, so that the columns differ only by their profile), written as a PNG to `url`
    /// (atomically); its cells.
    @discardableResult
    package static func write(job: Job, picture: (_ row: Int, _ width: Int, _ height: Int) throws -> VideoFrame, to url: URL) throws -> [Cell] {
        let size = size
        let sheet = try VideoFrame(width: size.width, height: size.height)
        sheet.fill(y: 30, u: 128, v: 128)
        let identities =
            try job.output.look.map { look in
                BuiltInTheme.lookName(of: look.lut) != nil ? [:] : [look.lut: try ContentHash.hex(ofFileAt: look.lut)]
            } ?? [:]
        let cube = try job.output.look.flatMap { look in try LookCube.cube([AppliedLook(look, identities: identities)]) }
        let fonts = FontPool()
        let labelFonts = FontSet(pool: fonts)
        let placed = try placed(job: job, fonts: fonts)
        for (row, shape) in shapes.enumerated() {
            for (cell, painter) in placed where cell.shape == shape {
                let frame = try picture(row, shape.width, shape.height)
                cube?.apply(to: frame, x: 0, y: 0, width: shape.width, height: shape.height)
                try painter.draw(into: frame, atFrame: 45)
                let safe = PixelRect(
                    x: cell.safe.x - cell.rect.x, y: cell.safe.y - cell.rect.y, width: cell.safe.width, height: cell.safe.height)
                for margin in margins(of: safe, width: shape.width, height: shape.height) {
                    frame.blend(
                        TextMask.roundedBox(width: margin.width, height: margin.height, radius: 0), x: margin.x, y: margin.y,
                        color: shade.bt709Limited, opacity: shadeOpacity)
                }
                sheet.paste(frame, x: cell.rect.x, y: cell.rect.y, opacity: 1)
                let label = try TextLayout(
                    "\(shape.name), \(cell.profile?.rawValue ?? "no profile")", fontPath: TextStyle.boldFontPath,
                    settings: TextLayout.Settings(pixelSize: 13, alignment: .left), fonts: labelFonts
                ).image()
                sheet.draw(label, x: cell.rect.x, y: cell.rect.y - labelHeight + 13 - label.mask.baseline + 2, shown: labelColour)
            }
        }
        let png = try PNGEncoder(width: sheet.width, height: sheet.height).encode(try RGBPicture(canvas: sheet))
        try FileSync.writeAtomically(png, to: url)
        return placed.map(\.cell)
    }

    /// The parts of a `width` × `height` picture outside `safe`: the top and bottom bands across it, then the
    /// left and right bands between them.
    package static func margins(of safe: PixelRect, width: Int, height: Int) -> [PixelRect] {
        [
            PixelRect(x: 0, y: 0, width: width, height: safe.y),
            PixelRect(x: 0, y: safe.maxY, width: width, height: height - safe.maxY),
            PixelRect(x: 0, y: safe.y, width: safe.x, height: safe.height),
            PixelRect(x: safe.maxX, y: safe.y, width: width - safe.maxX, height: safe.height)
        ].filter { $0.width > 0 && $0.height > 0 }
    }

    /// Each cell with the painter that draws its texts, as the render would for an output of its shape and profile.
    private static func placed(job: Job, fonts: FontPool) throws -> [(cell: Cell, painter: OverlayPainter)] {
        var placed: [(Cell, OverlayPainter)] = []
        var top = gap
        for (row, shape) in shapes.enumerated() {
            for (column, profile) in profiles.enumerated() {
                let origin = (x: gap + column * (columnWidth + gap) + (columnWidth - shape.width) / 2, y: top + labelHeight)
                let safeArea = profile?.rules.safeArea.shown(width: shape.width, height: shape.height) ?? .none
                let day = PlannedDay(
                    date: CalendarDay(year: 2024, month: 12, day: row + 1)!, status: .chosen, reason: "preview", caption: caption)
                let overlays = PieceOverlays(job: job, day: day, firstFrame: 0, endFrame: 90, fps: 30, defaultFont: TextStyle.defaultFontPath)
                let painter = OverlayPainter(overlays: overlays, frameWidth: shape.width, frameHeight: shape.height, safeArea: safeArea, fonts: fonts)
                let area = OverlayPlacement(frameWidth: shape.width, frameHeight: shape.height, insets: OverlayPlacement.Insets(safeArea)).area
                let moved = { (rect: PixelRect) in PixelRect(x: origin.x + rect.x, y: origin.y + rect.y, width: rect.width, height: rect.height) }
                let cell = Cell(
                    shape: shape, profile: profile, rect: PixelRect(x: origin.x, y: origin.y, width: shape.width, height: shape.height),
                    safe: moved(PixelRect(x: area.x, y: area.y, width: area.width, height: area.height)),
                    texts: try painter.textPlacement().placement.placed.map { moved($0.rect) })
                placed.append((cell, painter))
            }
            top += labelHeight + shape.height + gap
        }
        return placed
    }
}
