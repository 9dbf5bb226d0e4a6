import DVMedia
import DVPlanning

extension PieceOverlays {
    /// The overlays with each text's fallback fonts, as `fallbacks` gives them for its text, font and language.
    func withFallbacks(_ fallbacks: (_ text: String, _ fontPath: String, _ language: String?) -> [OverlayFont]) -> PieceOverlays {
        PieceOverlays(
            items: items.map { item in
                guard case var .text(text) = item else { return item }
                text.fallbacks = fallbacks(text.text, TextStyle.font(text.font?.path), text.language)
                return .text(text)
            })
    }

    /// The shadow under every caption's letters.
    static let captionShadow = RGBAColor(red: 0, green: 0, blue: 0, alpha: 160)

    /// The overlays of the day's clip that spans reel frames `firstFrame ..< endFrame` at `fps`:
    /// `job.overlays` in order (timeline texts only where they reach into the piece), then the day's
    /// caption or its timed captions, each over the frames its times cover, in `job.captions`' look.
    /// `identities` gives each image, movie and font file's content digest, by path (see `OverlayImage.identity`);
    /// `defaultFont`, when given, is the font of the texts that name none (the caption, say), so that its
    /// content is part of the piece's identity too.
    init(
        job: Job, day: PlannedDay, firstFrame: Int, endFrame: Int, fps: Int, identities: [String: String] = [:], defaultFont: String? = nil
    ) {
        let count = endFrame - firstFrame
        let font = { (path: String?) in (path ?? defaultFont).map { OverlayFont(path: $0, identity: identities[$0] ?? "") } }
        var items: [Item] = []
        for overlay in job.overlays {
            switch overlay {
            case let .date(stamp):
                let text = stamp.text(for: day)
                items.append(
                    .text(
                        OverlayText(
                            text: text, position: stamp.position, size: stamp.size, look: stamp.look, firstFrame: 0, endFrame: count,
                            font: font(stamp.font),
                            language: stamp.locale
                        )))
            case let .text(timed):
                let start = timed.start.nearestFrame(fps: fps) - firstFrame
                let end = timed.duration.map { (timed.start + $0).nearestFrame(fps: fps) - firstFrame } ?? count
                // A text that ends before the piece or starts after it shows on none of its frames.
                let first = max(0, start), last = min(count, end)
                if first < last {
                    items.append(
                        .text(
                            OverlayText(
                                text: timed.text, position: timed.position, size: timed.size, look: timed.look, firstFrame: first,
                                endFrame: last, font: font(timed.font), align: timed.align == .center ? nil : timed.align,
                                direction: timed.direction == .auto ? nil : timed.direction, language: timed.language
                            )))
                }
            case let .image(image):
                items.append(
                    .image(
                        OverlayImage(
                            file: image.file, identity: identities[image.file] ?? "", position: image.position, width: image.width,
                            opacity: image.opacity
                        )))
            case let .video(video):
                items.append(
                    .video(
                        OverlayVideo(
                            file: video.file, identity: identities[video.file] ?? "", rect: video.rect, loop: video.loop,
                            opacity: video.opacity
                        )))
            }
        }
        let style = job.captions
        for caption in job.captions(on: day) {
            guard let shown = caption.frames(fps: fps, clipFrames: count) else { continue }
            let look = Job.TextStyle(color: caption.color ?? style.color, shadow: Self.captionShadow, box: caption.background ?? style.background)
            items.append(
                .text(
                    OverlayText(
                        text: style.letterCase.apply(to: job.filledText(of: caption, on: day)),
                        position: caption.position ?? .anchor(.bottom), size: caption.size ?? style.size,
                        look: look, firstFrame: shown.lowerBound, endFrame: shown.upperBound,
                        fadeFrames: min(style.fade.nearestFrame(fps: fps), shown.count / 2), font: font(style.font),
                        align: style.align == .center ? nil : style.align, direction: style.direction == .auto ? nil : style.direction,
                        language: style.language
                    )))
        }
        self.init(items: items)
    }
}
