import DVMedia
import DVPlanning
import DVSignal

extension ReelLayout {
    /// Places each card's text clear of the texts and pictures of the clips it crossfades with: while one
    /// dissolves into the other they show on the same frames, so the card's text moves (then shrinks, then
    /// wraps) away from those the crossfade shows (`TextPlacement`, theirs kept where the clip's placement put
    /// them); one that cannot be placed is warned of. A card whose text overlaps none of them keeps its place
    /// and its key. Gives the warnings.
    static func placeCardTexts(in pieces: inout [Piece], joins: [Join], canvas: CanvasSettings, fonts: FontPool) -> [String] {
        var warnings: [String] = []
        for index in pieces.indices {
            guard case var .card(card) = pieces[index].source, !card.text.isEmpty else { continue }
            var shown: [(name: String, rect: PixelRect)] = []
            // The clip before the card shows its last frames in the crossfade, the clip after it its first.
            for (neighbour, join) in [(index - 1, index - 1), (index + 1, index)] where pieces.indices.contains(neighbour) {
                guard joins.indices.contains(join), joins[join].style == .crossfade, joins[join].frameCount > 0,
                    case let .clip(clip) = pieces[neighbour].source
                else { continue }
                let frames = neighbour < index ? (clip.frameCount - joins[join].frameCount)..<clip.frameCount : 0..<joins[join].frameCount
                shown += overlaysShown(clip: clip, frames: frames, canvas: canvas, fonts: fonts)
            }
            guard !shown.isEmpty, let centred = try? CardStage.text(of: card, canvas: canvas, fonts: fonts).rect else { continue }
            // Away from what it overlaps: up when that lies mostly below the text's middle.
            let hit = shown.map(\.rect).filter { $0.overlaps(centred) }
            guard !hit.isEmpty else { continue }
            let below = hit.count(where: { $0.y + $0.height / 2 > centred.y + centred.height / 2 }) * 2 >= hit.count
            let placement = OverlayPlacement(
                frameWidth: canvas.width, frameHeight: canvas.height, insets: OverlayPlacement.Insets(canvas.safeArea ?? .none))
            let area = PixelRect(x: placement.area.x, y: placement.area.y, width: placement.area.width, height: placement.area.height)
            guard
                let placed = try? TextPlacement(
                    items: [TextPlacement.Item(name: "its text", frames: 0..<1, side: below ? .up : .down)], area: area,
                    margin: placement.margin, gap: max(1, placement.margin / 2), keepingClearOf: shown,
                    rect: { _, fit in try CardStage.text(of: card, canvas: canvas, fonts: fonts, fit: fit).rect })
            else { continue }
            if let text = placed.placed.first, text.moved {
                card.placed = PlacedCardText(rect: text.rect, scale: text.fit.scale, wrapWidth: text.fit.wrapWidth)
                pieces[index].source = .card(card)
            }
            warnings += placed.conflicts.map { conflict in
                "on the card \"\(card.text)\" in the \(canvas.width)×\(canvas.height) output, \(conflict.item) cannot be placed clear of "
                    + conflict.overlaps.joined(separator: " and ") + ", which the crossfade shows with it; they are drawn over each other"
            }
        }
        return warnings
    }

    /// The texts and pictures of `clip` that show on its `frames`, where its placement puts them on `canvas`,
    /// each named with its day (`the text "…" of 2024-11-16`); none for a picture that does not open (the
    /// render names that).
    static func overlaysShown(clip: ClipSource, frames: Range<Int>, canvas: CanvasSettings, fonts: FontPool) -> [(name: String, rect: PixelRect)] {
        let painter = OverlayPainter(overlays: clip.overlays, canvas: canvas, fonts: fonts)
        let placed = (try? painter.placedItems()) ?? []
        return placed.filter { $0.item.frames.overlaps(frames) }.map { ("\($0.item.name) of \(clip.day)", $0.placed.rect) }
    }
}
