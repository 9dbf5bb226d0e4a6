/// Where the texts and pictures over one piece go so that no two that show on the same frame overlap: each
/// item, in priority order (the first keeps its place), sits where its anchor puts it; one that overlaps an
/// item placed before it is moved away along its anchor side (up from the bottom, down from the top), then
/// shrunk (down to `minimumScale` of its size) and moved, then wrapped narrower and moved, then shrunk further
/// (down to `lastScale`, for a long text in a tall frame's safe area) and moved; one that fits in none of these
/// ways stays where its anchor puts it and is reported as a conflict. Each item keeps one
/// rectangle for all its frames, so nothing jumps while the piece plays; an item that overlaps nothing keeps
/// the rectangle its anchor gives, so a piece without collisions is drawn as before.
package struct TextPlacement: Sendable {
    /// Which way an item moves when it must.
    package enum Side: Sendable, Hashable {
        case up
        case down
    }

    /// How an item is drawn: at `scale` of its size, and wrapped at `wrapWidth` pixels (nil: the frame's width).
    package struct Fit: Sendable, Hashable {
        package var scale: Double
        package var wrapWidth: Int?

        package init(scale: Double = 1, wrapWidth: Int? = nil) {
            self.scale = scale
            self.wrapWidth = wrapWidth
        }

        /// As the job asks: full size, wrapped at the frame's width.
        package static let asked = Fit()
    }

    /// One text or picture to place.
    package struct Item: Sendable, Hashable {
        /// What it is, for warnings: `the caption "…"`, say.
        package var name: String
        /// The piece's frames it shows on.
        package var frames: Range<Int>
        /// Which way it moves when it overlaps an item placed before it.
        package var side: Side

        package init(name: String, frames: Range<Int>, side: Side) {
            self.name = name
            self.frames = frames
            self.side = side
        }
    }

    /// Where one item went and how it is drawn.
    package struct Placed: Sendable, Hashable {
        package var rect: PixelRect
        package var fit: Fit
        /// True when it is not where its anchor put it at full size.
        package var moved: Bool
        /// The items placed before it (their indices) that it overlapped where its anchor put it: moved clear
        /// of them, or drawn over them when it could not be.
        package var overlapped: [Int]

        package init(rect: PixelRect, fit: Fit, moved: Bool, overlapped: [Int] = []) {
            self.rect = rect
            self.fit = fit
            self.moved = moved
            self.overlapped = overlapped
        }
    }

    /// Two or more items that show at once and cannot all fit: the item that could not be placed and the
    /// items it overlaps.
    package struct Conflict: Sendable, Hashable {
        package var item: String
        package var overlaps: [String]

        package init(item: String, overlaps: [String]) {
            self.item = item
            self.overlaps = overlaps
        }
    }

    /// The smallest an item is shrunk to, as a fraction of its size, before it is wrapped.
    package static let minimumScale = 0.7
    /// The sizes an item is tried at, largest first.
    package static let scales = [1, 0.85, minimumScale]
    /// The widths, as fractions of the frame's width, a shrunk item is wrapped at when shrinking is not enough.
    package static let wrapFractions = [2.0 / 3, 0.5]
    /// The sizes an item is tried at, at the frame's width, when wrapping is not enough either: a long caption
    /// that fills the safe area of a 9:16 frame beside a big date.
    package static let lastScales = [0.6, 0.5, lastScale]
    /// The smallest an item is ever drawn, as a fraction of its size.
    package static let lastScale = 0.4

    /// The items placed, in the order given.
    package let items: [Item]
    /// Each item's place, in the order given.
    package let placed: [Placed]
    /// The items that could not be placed clear of the others.
    package let conflicts: [Conflict]

    /// Places `items` (first = highest priority) in `area` (the frame, or the frame less its safe area), whose
    /// items keep `margin` pixels from its top and bottom edges and `gap` pixels from each other when moved; `rect` gives
    /// item `index`'s rectangle drawn at a `Fit`, anchored where the job says. `fixed` are named rectangles
    /// placed already, on every item's frames, which the items are kept clear of as of each other.
    package init(
        items: [Item], area: PixelRect, margin: Int, gap: Int, keepingClearOf fixed: [(name: String, rect: PixelRect)] = [],
        rect: (_ index: Int, _ fit: Fit) throws -> PixelRect
    ) rethrows {
        var placed: [Placed] = []
        var conflicts: [Conflict] = []
        for (index, item) in items.enumerated() {
            let others = fixed.map(\.rect) + placed.indices.filter { items[$0].frames.overlaps(item.frames) }.map { placed[$0].rect }
            let asked = try rect(index, .asked)
            let overlapped = placed.indices.filter { items[$0].frames.overlaps(item.frames) && placed[$0].rect.overlaps(asked) }
            let fixedOverlapped = fixed.filter { $0.rect.overlaps(asked) }.map(\.name)
            guard !overlapped.isEmpty || !fixedOverlapped.isEmpty else {
                placed.append(Placed(rect: asked, fit: .asked, moved: false))
                continue
            }
            var fits = Self.scales.map { Fit(scale: $0) }
            fits += Self.wrapFractions.map { Fit(scale: Self.minimumScale, wrapWidth: max(1, Int(Double(area.width) * $0))) }
            fits += Self.lastScales.map { Fit(scale: $0) }
            var found: Placed?
            for fit in fits {
                let start = fit == .asked ? asked : try rect(index, fit)
                if let moved = Self.moved(start, side: item.side, clear: others, top: area.y + margin, bottom: area.maxY - margin, gap: gap) {
                    found = Placed(rect: moved, fit: fit, moved: true, overlapped: overlapped)
                    break
                }
            }
            if let found {
                placed.append(found)
            } else {
                placed.append(Placed(rect: asked, fit: .asked, moved: false, overlapped: overlapped))
                conflicts.append(Conflict(item: item.name, overlaps: fixedOverlapped + overlapped.map { items[$0].name }))
            }
        }
        self.items = items
        self.placed = placed
        self.conflicts = conflicts
    }

    /// `rect` moved along `side` past each rectangle of `clear` it overlaps, `gap` pixels clear of it, or nil
    /// when that takes it above `top` or below `bottom`.
    static func moved(_ rect: PixelRect, side: Side, clear others: [PixelRect], top: Int, bottom: Int, gap: Int) -> PixelRect? {
        var rect = rect
        // Each step moves past at least one rectangle, never back, so one step per rectangle is enough.
        for _ in 0...others.count {
            let hit = others.filter { $0.overlaps(rect) }
            if hit.isEmpty { return rect }
            switch side {
            case .up: rect.y = (hit.map(\.y).min() ?? rect.y) - gap - rect.height
            case .down: rect.y = (hit.map(\.maxY).max() ?? rect.y) + gap
            }
            if rect.y < top || rect.maxY > bottom { return nil }
        }
        return others.contains { $0.overlaps(rect) } ? nil : rect
    }
}

extension PixelRect {
    /// True when the two share at least one pixel.
    package func overlaps(_ other: PixelRect) -> Bool {
        width > 0 && height > 0 && other.width > 0 && other.height > 0 && x < other.maxX && other.x < maxX && y < other.maxY
            && other.y < maxY
    }
}
