import DVFiles
import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// One day's framing sheet for `dvpipe plan --contact-sheet` when an output has `fit: subject` and the day's
/// window follows faces: the day's
/// clip as a row of thumbnails (one per half second of its window, at most 16) with the crop window the
/// plan keeps at that moment outlined in the accent colour, and a label with the file and the framing.
package struct FramingSheet {
    package let date: String
    package let output: String
    package let clip: ClipSource
    /// The clip's upright width over its height, as the thumbnails show it.
    package let shownAspect: Double
    package let fps: Int
    /// What the label says of the framing (`subject: pan`, …).
    package let summary: String
    /// How the clip's file opens.
    let files: LibraryFiles

    static let thumbnailWidth = ContactSheet.thumbnailWidth, thumbnailHeight = ContactSheet.thumbnailHeight
    static let gap = 4, margin = 12, labelHeight = 22, outline = 2

    /// The sheets of every day of `layout` (one output's) whose window follows faces, still or panning, days
    /// in order; `describe` words each day's framing.
    package static func sheets(for layout: ReelLayout, output: String, planned: PlannedJob, describe: (ClipSource) -> String) -> [FramingSheet] {
        let videos = planned.scan.entries.videoStreamsByPath
        return layout.pieces.compactMap(\.source.clip).compactMap { clip in
            guard let motion = clip.framing?.motion, motion == .still || motion == .pan, let video = videos[clip.path] else { return nil }
            let shown = video.displaySize
            let aspect = Double(shown.width) / Double(max(1, shown.height))
            return FramingSheet(
                date: clip.day, output: output, clip: clip, shownAspect: aspect, fps: layout.canvas.fps, summary: describe(clip),
                files: planned.files)
        }
    }

    /// Draws the sheet and writes it as a PNG to `url` (through a temporary file, renamed into place).
    ///
    /// - Throws: `MediaError` when a font cannot render or the clip cannot be decoded.
    package func write(to url: URL, canvasAspect: Double) throws {
        let frames = max(1, clip.frameCount)
        let halfSecond = max(1, fps / 2)
        let shown = ContactSheet.spread((frames + halfSecond - 1) / halfSecond, over: ContactSheet.maximumThumbnails).map { $0 * halfSecond }
        let width = (2 * Self.margin + shown.count * (Self.thumbnailWidth + Self.gap) + 1) & ~1
        let height = (2 * Self.margin + 2 * Self.labelHeight + Self.thumbnailHeight + 1) & ~1
        let sheet = try VideoFrame(width: width, height: height)
        let palette = CalendarPalette.standard
        sheet.fill(palette.background.bt709Limited)
        let file = URL(fileURLWithPath: clip.path).lastPathComponent
        let label = try TextLayout(
            "\(date) (\(output)): \(file), \(summary)", fontPath: TextStyle.boldFontPath,
            settings: TextLayout.Settings(pixelSize: 14, alignment: .left),
            fonts: FontSet()
        ).image()
        sheet.draw(label, x: Self.margin, y: Self.margin + 14 - label.mask.baseline + 2, shown: palette.text)
        let thumbnailer = try ClipThumbnailer(width: Self.thumbnailWidth, height: Self.thumbnailHeight)
        // The picture as `contain` places it in a thumbnail, and the window's share of its cut axis.
        let fitsWidth = shownAspect >= Double(Self.thumbnailWidth) / Double(Self.thumbnailHeight)
        let pictureWidth = fitsWidth ? Self.thumbnailWidth : Int((Double(Self.thumbnailHeight) * shownAspect).rounded())
        let pictureHeight = fitsWidth ? Int((Double(Self.thumbnailWidth) / shownAspect).rounded()) : Self.thumbnailHeight
        let cutsWidth = shownAspect > canvasAspect
        let share = cutsWidth ? canvasAspect / shownAspect : shownAspect / canvasAspect
        for (column, frame) in shown.enumerated() {
            let x = Self.margin + column * (Self.thumbnailWidth + Self.gap)
            let top = Self.margin + 2 * Self.labelHeight
            let seconds = clip.sourceSeconds(atFrame: frame, fps: fps)
            let thumbnail = try thumbnailer.thumbnail(of: files.location(clip.path, byteRange: clip.byteRange), at: seconds)
            try sheet.place(thumbnail, centredIn: PixelRect(x: x, y: top, width: Self.thumbnailWidth, height: Self.thumbnailHeight))
            let left = x + (Self.thumbnailWidth - pictureWidth) / 2, upper = top + (Self.thumbnailHeight - pictureHeight) / 2
            let positions = clip.framing?.positions ?? []
            let edge = positions.indices.contains(frame) ? Double(positions[frame]) / Double(SubjectFraming.scale) : (1 - share) / 2
            let window =
                cutsWidth
                ? PixelRect(x: left + Int(edge * Double(pictureWidth)), y: upper, width: Int(share * Double(pictureWidth)), height: pictureHeight)
                : PixelRect(x: left, y: upper + Int(edge * Double(pictureHeight)), width: pictureWidth, height: Int(share * Double(pictureHeight)))
            outline(window, in: sheet, color: palette.badge)
        }
        try FileSync.writeAtomically(try PNGEncoder(width: width, height: height).encode(try RGBPicture(canvas: sheet)), to: url)
    }

    /// Draws the edges of `rect` (on even places, for 4:2:0) `outline` pixels thick.
    private func outline(_ rect: PixelRect, in sheet: VideoFrame, color: SRGBColour) {
        let colour = color.bt709Limited, thick = Self.outline
        let x = rect.x & ~1, y = rect.y & ~1, width = max(thick, rect.width & ~1), height = max(thick, rect.height & ~1)
        sheet.fill(colour, x: x, y: y, width: width, height: thick)
        sheet.fill(colour, x: x, y: y + height - thick, width: width, height: thick)
        sheet.fill(colour, x: x, y: y, width: thick, height: height)
        sheet.fill(colour, x: x + width - thick, y: y, width: thick, height: height)
    }
}
