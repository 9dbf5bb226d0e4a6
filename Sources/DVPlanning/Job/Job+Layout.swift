extension Job {
    /// How a day with several clips shares the frame: `layout:` for every day, `days.<date>.layout` for one.
    public struct Layout: Sendable, Hashable, Codable {
        /// Where the clips go.
        public var style: LayoutStyle
        /// How many of a day's clips are shown at once (the best first); a day with fewer shows what it has.
        public var clipsPerDay: Int
        /// Which clips are heard.
        public var audio: LayerAudio
        /// How each clip fills its rectangle.
        public var fit: Output.Fit

        /// A layout of `style`, showing `clipsPerDay` clips (default: the style's own count).
        public init(style: LayoutStyle = .single, clipsPerDay: Int? = nil, audio: LayerAudio = .mix, fit: Output.Fit = .cover) {
            self.style = style
            self.clipsPerDay = clipsPerDay ?? style.defaultClipsPerDay
            self.audio = audio
            self.fit = fit
        }
    }

    /// Where a day's clips go on the frame.
    public enum LayoutStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// One clip, the whole frame.
        case single
        /// Side by side, in columns of equal width.
        case splitH = "split-h"
        /// One above the other, in rows of equal height.
        case splitV = "split-v"
        /// A grid as square as the count allows, filled row by row.
        case grid
        /// The first clip fills the frame; each other one is a third of it, inset in a corner.
        case pip

        /// The clips a day shows when `clips_per_day` is not given.
        public var defaultClipsPerDay: Int {
            switch self {
            case .single: 1
            case .splitH, .splitV, .pip: 2
            case .grid: 4
            }
        }

        /// The rectangles of `count` clips, in the order the clips come (the best first).
        public func cells(count: Int) -> [UnitRect] {
            let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
            guard count > 1 else { return count == 1 ? [whole] : [] }
            switch self {
            case .single:
                return Array(repeating: whole, count: count)
            case .splitH:
                return Self.grid(columns: count, rows: 1, count: count)
            case .splitV:
                return Self.grid(columns: 1, rows: count, count: count)
            case .grid:
                var columns = 1
                while columns * columns < count { columns += 1 }
                return Self.grid(columns: columns, rows: (count + columns - 1) / columns, count: count)
            case .pip:
                // Corners in the order a reader's eye leaves the main picture: bottom right, bottom left,
                // top right, top left; a fifth clip and later go over the first corner again.
                let (size, margin) = (1.0 / 3, 0.03)
                let far = 1 - size - margin
                let corners = [(far, far), (margin, far), (far, margin), (margin, margin)]
                return [whole]
                    + (1..<count).map { index in
                        let corner = corners[(index - 1) % corners.count]
                        return UnitRect(x: corner.0, y: corner.1, width: size, height: size)
                    }
            }
        }

        private static func grid(columns: Int, rows: Int, count: Int) -> [UnitRect] {
            (0..<count).map { index in
                UnitRect(
                    x: Double(index % columns) / Double(columns), y: Double(index / columns) / Double(rows),
                    width: 1 / Double(columns), height: 1 / Double(rows)
                )
            }
        }
    }

    /// Whose sound a day with several clips plays.
    public enum LayerAudio: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every clip's sound together, each at 1/√n so the sum keeps the level of one.
        case mix
        /// The first clip's (the first listed layer, or the day's best clip).
        case first
        /// The clip whose window is loudest (integrated loudness; the first of equals).
        case loudest
        /// None: the day is silent (music, if any, plays on).
        case none
    }

    /// One clip on a day's frame (`days.<date>.layers`).
    public struct Layer: Sendable, Hashable, Codable {
        /// The file, as a pin names it; nil takes the day's next best clip not shown yet.
        public var file: String?
        /// Where its window starts in the file; nil: as `clips:` says for its kind.
        public var start: ClipStart?
        /// How long it shows; nil: as `clips:` says for its kind.
        public var duration: ClipLength?
        /// Where it goes on the frame; nil: its place in the day's layout.
        public var rect: UnitRect?
        /// Stacking order: higher is drawn over lower; equals stack in list order.
        public var z: Int
        /// How opaque it is, 0…1.
        public var opacity: Double
        /// How it fills its rectangle; nil: the layout's `fit`.
        public var fit: Output.Fit?

        public init(
            file: String? = nil, start: ClipStart? = nil, duration: ClipLength? = nil, rect: UnitRect? = nil, z: Int = 0,
            opacity: Double = 1, fit: Output.Fit? = nil
        ) {
            self.file = file
            self.start = start
            self.duration = duration
            self.rect = rect
            self.z = z
            self.opacity = opacity
            self.fit = fit
        }
    }
}
