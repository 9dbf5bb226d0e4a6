import DVFiles
import DVMedia
import DVPlanning
import DVRemote
import Foundation

/// A contact sheet of what a job's style does to pictures: each picture graded with the job's look and
/// stamped with its date and, on the second, a caption, side by side on a dark sheet. For `dvpipe themes
/// --preview`, to choose a theme without rendering a reel.
package enum ThemePreview {
    /// Space around and between the pictures, in pixels.
    private static let gap = 16

    /// The sheet of `pictures` (8-bit 4:2:0 frames of one size) as `job` would show them on days from
    /// 2024-12-01, written as a PNG to `url` (atomically).
    package static func write(job: Job, pictures: [VideoFrame], to url: URL) throws {
        guard let first = pictures.first else { return }
        let width = first.width, height = first.height
        let sheet = try VideoFrame(width: gap + pictures.count * (width + gap), height: height + 2 * gap)
        sheet.fill(y: 30, u: 128, v: 128)
        let identities =
            try job.output.look.map { look in
                BuiltInTheme.lookName(of: look.lut) != nil ? [:] : [look.lut: try ContentHash.hex(ofFileAt: look.lut)]
            } ?? [:]
        let cube = try job.output.look.flatMap { look in try LookCube.cube([AppliedLook(look, identities: identities)]) }
        for (index, picture) in pictures.enumerated() {
            cube?.apply(to: picture, x: 0, y: 0, width: width, height: height)
            let day = PlannedDay(
                date: CalendarDay(year: 2024, month: 12, day: index + 1)!, status: .chosen, reason: "preview",
                caption: index == 1 ? "Grandma's birthday" : nil)
            let overlays = PieceOverlays(job: job, day: day, firstFrame: 0, endFrame: 90, fps: 30, defaultFont: TextStyle.defaultFontPath)
            try OverlayPainter(overlays: overlays, frameWidth: width, frameHeight: height).draw(into: picture, atFrame: 45)
            sheet.paste(picture, x: gap + index * (width + gap), y: gap, opacity: 1)
        }
        let png = try PNGEncoder(width: sheet.width, height: sheet.height).encode(try RGBPicture(canvas: sheet))
        try FileSync.writeAtomically(png, to: url)
    }
}
