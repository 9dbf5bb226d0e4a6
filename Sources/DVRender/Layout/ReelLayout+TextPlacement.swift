import DVMedia
import DVPlanning
import DVSignal

extension ReelLayout {
    /// `overlays`' texts and pictures placed together on `canvas` (`OverlayPainter.textPlacement()`), once at
    /// layout: what moved names the piece's key (`ClipSource.placedOverlays`), what cannot be placed is
    /// warned of. Nil for fewer than two, or for a picture that does not open (the render names that).
    static func textPlacement(of overlays: PieceOverlays, canvas: CanvasSettings, fonts: FontPool) -> TextPlacement? {
        guard overlays.items.count(where: { if case .video = $0 { false } else { true } }) > 1 else { return nil }
        let painter = OverlayPainter(overlays: overlays, canvas: canvas, fonts: fonts)
        return try? painter.textPlacement().placement
    }

    /// Where `placement` draws the piece's texts and pictures when it moved any of them, for the piece's key;
    /// nil when each stays where its anchor puts it.
    static func placedOverlays(_ placement: TextPlacement) -> [PixelRect]? {
        placement.placed.contains(where: \.moved) ? placement.placed.map(\.rect) : nil
    }

    /// The warnings for `conflicts` of a piece of `day` on `canvas`: each names the item, what it is drawn
    /// over, the day and the output's size.
    static func overlapWarnings(_ conflicts: [TextPlacement.Conflict], day: CalendarDay, canvas: CanvasSettings) -> [String] {
        conflicts.map { conflict in
            "on \(day) in the \(canvas.width)×\(canvas.height) output, \(conflict.item) cannot be placed clear of "
                + conflict.overlaps.joined(separator: " and ") + "; they are drawn over each other"
        }
    }
}
