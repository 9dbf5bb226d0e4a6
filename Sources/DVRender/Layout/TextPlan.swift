import DVMedia
import DVPlanning
import DVSignal

/// Where one output's texts and pictures go on each day, and why any moved (`TextPlacement`, as the render
/// places them in the output's safe area): for `dvpipe plan` and its JSON.
package struct TextPlan: Sendable, Hashable, Encodable {
    /// One text or picture of a day, where it is drawn.
    package struct Text: Sendable, Hashable, Encodable {
        /// What it is: `the text "…"`, `the picture logo.png`.
        package var item: String
        /// Its rectangle in pixels of the output.
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int
        /// The share of its size it is drawn at (1: as asked).
        package var scale: Double
        /// The width it is wrapped at, in pixels, when it is wrapped narrower than the safe area.
        package var wrapWidth: Int?
        /// Why it is not where its anchor puts it, or what it is drawn over; nil when it stays as asked.
        package var why: String?
        /// False when it could not be placed clear of the others and is drawn over them.
        package var placed: Bool

        enum CodingKeys: String, CodingKey {
            case item, x, y, width, height, scale, why, placed
            case wrapWidth = "wrap_width"
        }
    }

    /// One day's texts and pictures.
    package struct Day: Sendable, Hashable, Encodable {
        package var date: String
        package var texts: [Text]
    }

    package var width: Int
    package var height: Int
    /// The margins the texts keep out of, as fractions of the output; nil for none.
    package var safeArea: SafeArea?
    /// The days that show a text or a picture, in reel order.
    package var days: [Day]

    enum CodingKeys: String, CodingKey {
        case width, height, days
        case safeArea = "safe_area"
    }

    /// True when there is something to say: the output has a safe area, or a text moved or could not be placed.
    package var isWorthShowing: Bool { safeArea != nil || !changedDays.isEmpty }

    /// The days with a text that moved or could not be placed.
    package var changedDays: [Day] { days.filter { $0.texts.contains { $0.why != nil } } }

    /// The texts and pictures of `plan`'s days as `job.output` shows them (each day's overlays laid out
    /// together on its canvas, `fallbacks` giving the fonts a text needs besides its own), with `fonts`. A day
    /// whose picture does not open is left out: the render names that.
    package init(
        plan: Plan, job: Job, fonts: FontPool, fallbacks: (_ text: String, _ fontPath: String, _ language: String?) -> [OverlayFont]
    ) {
        let canvas = CanvasSettings(output: job.output, identities: [:])
        let daysByDate = Dictionary(plan.days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
        width = canvas.width
        height = canvas.height
        safeArea = canvas.safeArea
        var days: [Day] = []
        for item in plan.timeline.items where item.role == .clip {
            guard let date = item.date, let planned = daysByDate[date], planned.clip != nil else { continue }
            let overlays = PieceOverlays(
                job: job, day: planned, firstFrame: item.firstFrame, endFrame: item.endFrame, fps: canvas.fps,
                defaultFont: TextStyle.defaultFontPath
            ).withFallbacks(fallbacks)
            let painter = OverlayPainter(overlays: overlays, canvas: canvas, fonts: fonts)
            guard let placement = try? painter.textPlacement().placement, !placement.items.isEmpty else { continue }
            let area = OverlayPlacement(
                frameWidth: canvas.width, frameHeight: canvas.height, insets: OverlayPlacement.Insets(canvas.safeArea ?? .none)
            )
            .area.width
            days.append(Day(date: date.description, texts: Self.texts(of: placement, areaWidth: area)))
        }
        self.days = days
    }

    /// Each item of `placement` with its rectangle, fit and why it moved, in a safe area `areaWidth` pixels wide.
    static func texts(of placement: TextPlacement, areaWidth: Int) -> [Text] {
        zip(placement.items, placement.placed).map { item, placed in
            let names = placed.overlapped.map { placement.items[$0].name }.joined(separator: " and ")
            var why: String?
            if placed.moved {
                var steps: [String] = []
                if placed.fit.scale < 1 { steps.append("shrunk to \(Int((placed.fit.scale * 100).rounded())) %") }
                if let wrap = placed.fit.wrapWidth { steps.append("wrapped at \(wrapShare(wrap, of: areaWidth)) width") }
                steps.append("moved \(item.side == .up ? "up" : "down") clear of \(names)")
                why = steps.joined(separator: ", ")
            } else if !placed.overlapped.isEmpty {
                why = "could not fit: drawn over \(names)"
            }
            return Text(
                item: item.name, x: placed.rect.x, y: placed.rect.y, width: placed.rect.width, height: placed.rect.height,
                scale: placed.fit.scale, wrapWidth: placed.fit.wrapWidth, why: why, placed: placed.moved || placed.overlapped.isEmpty)
        }
    }

    /// `2/3`, `1/2` (the shares `TextPlacement.wrapFractions` wraps at) or `N px` for a wrap of `wrap` pixels.
    static func wrapShare(_ wrap: Int, of width: Int) -> String {
        let shares = [(2.0 / 3, "2/3"), (0.5, "1/2")]
        return shares.first { max(1, Int(Double(width) * $0.0)) == wrap }?.1 ?? "\(wrap) px"
    }
}
