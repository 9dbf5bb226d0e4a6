import DVMedia
import DVPlanning
import DVSignal

extension ReelLayout {
    /// One warning for each piece whose texts and pictures cannot all be placed clear of each other
    /// (`TextPlacement`), naming the day, the output's size and the pieces drawn over each other. A text or
    /// picture that cannot be drawn is left to the render, which fails naming it.
    func textOverlapWarnings() -> [String] {
        let fonts = FontPool()
        var warnings: [String] = []
        for piece in pieces {
            guard case let .clip(clip) = piece.source else { continue }
            let placed = clip.overlays.items.filter { if case .video = $0 { false } else { true } }
            guard placed.count > 1 else { continue }
            let painter = OverlayPainter(
                overlays: clip.overlays, frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none,
                fps: canvas.fps, fonts: fonts, format: canvas.format)
            guard let placement = try? painter.textPlacement().placement else { continue }
            let day = piece.day.map { "\($0.date)" } ?? "a clip"
            for conflict in placement.conflicts {
                warnings.append(
                    "on \(day) in the \(canvas.width)×\(canvas.height) output, \(conflict.item) cannot be placed clear of "
                        + conflict.overlaps.joined(separator: " and ") + "; they are drawn over each other")
            }
        }
        return warnings
    }

    /// Where `overlays`' texts and pictures are drawn on `canvas` when placing them together moved any of them
    /// (`OverlayPainter.textPlacement()`), for the piece's key; nil when each stays where its anchor puts it
    /// (fewer than two, none moved, or a picture that does not open: the render names that).
    static func placedOverlays(_ overlays: PieceOverlays, canvas: CanvasSettings, fonts: FontPool) -> [PixelRect]? {
        guard overlays.items.count(where: { if case .video = $0 { false } else { true } }) > 1 else { return nil }
        let painter = OverlayPainter(
            overlays: overlays, frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none,
            fps: canvas.fps, fonts: fonts, format: canvas.format)
        guard let placement = try? painter.textPlacement().placement, placement.placed.contains(where: \.moved) else { return nil }
        return placement.placed.map(\.rect)
    }
}
