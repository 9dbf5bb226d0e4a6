extension Job {
    /// `captions:`: how every caption looks unless the caption says otherwise: `days.<date>.caption` and
    /// each of `days.<date>.captions`.
    public struct CaptionStyle: Sendable, Hashable, Codable {
        /// A TTF or OTF file; nil: the default font.
        public var font: String?
        /// Text height as a fraction of the frame height.
        public var size: Double
        /// How the lines of a caption of several lines line up.
        public var align: TextAlignment
        /// Letter case applied to every caption's text.
        public var letterCase: LetterCase
        public var color: RGBAColor
        /// The box behind the text; nil for none.
        public var background: RGBAColor?
        /// How long a caption takes to fade in and out.
        public var fade: TimeSpan
        /// Which way captions run.
        public var direction: TextDirection
        /// The captions' language (`ja`, `zh-Hant`, `ar`), for choosing fonts and shaping; nil: from each text's script.
        public var language: String?

        public init(
            font: String? = nil, size: Double = 0.055, align: TextAlignment = .center, letterCase: LetterCase = .asIs,
            color: RGBAColor = .white, background: RGBAColor? = RGBAColor(red: 0, green: 0, blue: 0, alpha: 96),
            fade: TimeSpan = TimeSpan(milliseconds: 250), direction: TextDirection = .auto, language: String? = nil
        ) {
            self.font = font
            self.size = size
            self.align = align
            self.letterCase = letterCase
            self.color = color
            self.background = background
            self.fade = fade
            self.direction = direction
            self.language = language
        }
    }

    /// One of `days.<date>.captions`: a text shown over part of the day's clip, times counted from the clip's
    /// first frame. What it leaves out comes from `captions:`.
    public struct TimedCaption: Sendable, Hashable, Codable {
        public var text: String
        public var start: TimeSpan
        /// nil: to the end of the clip.
        public var end: TimeSpan?
        /// nil: low in the middle.
        public var position: Position?
        public var color: RGBAColor?
        public var background: RGBAColor?
        /// Text height as a fraction of the frame height.
        public var size: Double?

        public init(
            text: String, start: TimeSpan = .zero, end: TimeSpan? = nil, position: Position? = nil, color: RGBAColor? = nil,
            background: RGBAColor? = nil, size: Double? = nil
        ) {
            self.text = text
            self.start = start
            self.end = end
            self.position = position
            self.color = color
            self.background = background
            self.size = size
        }
    }

    /// `captions.case`: the letters of every caption as written, or all capitals, capitalised words, or small.
    public enum LetterCase: String, Sendable, Hashable, Codable, CaseIterable {
        case asIs = "as-is"
        case upper
        case title
        case lower

        /// `text` in this case.
        public func apply(to text: String) -> String {
            switch self {
            case .asIs: text
            case .upper: text.uppercased()
            case .lower: text.lowercased()
            case .title: Self.capitalisingWords(text)
            }
        }

        /// Each word's first letter a capital, the others small; words are what white space separates.
        private static func capitalisingWords(_ text: String) -> String {
            var result = "", startsWord = true
            for character in text {
                result += startsWord ? character.uppercased() : character.lowercased()
                startsWord = character.isWhitespace
            }
            return result
        }
    }
}

/// How the lines of a text of several lines line up with each other: `left`, `center` and `right` as they
/// say, `start` and `end` on the side a paragraph begins and ends (the left for Latin, the right for Arabic
/// and Hebrew).
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    case left
    case center
    case right
    case start
    case end
}

/// Which way a text's paragraphs run: from their text (the first letter with a direction: Arabic and
/// Hebrew right to left, Latin left to right), or as a job says.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case auto
    case ltr
    case rtl
}

extension Job {
    /// The captions over `day`'s clip: its `caption` over the whole clip, else its timed `captions`.
    public func captions(on day: PlannedDay) -> [TimedCaption] {
        if let caption = day.caption {
            return caption.isEmpty ? [] : [TimedCaption(text: caption)]
        }
        return days[day.date]?.captions ?? []
    }
}

extension Job.TimedCaption {
    /// The frames it shows on at `fps`, counted from its clip's first frame and within the clip's
    /// `clipFrames`; nil when it shows on none.
    public func frames(fps: Int, clipFrames: Int) -> Range<Int>? {
        let first = max(0, start.nearestFrame(fps: fps))
        let last = min(clipFrames, end.map { $0.nearestFrame(fps: fps) } ?? clipFrames)
        return first < last ? first..<last : nil
    }
}

extension Job {
    /// The text `caption` shows over `day`'s clip: its place tokens (`{city}`) and `{people}` filled.
    public func filledText(of caption: TimedCaption, on day: PlannedDay) -> String {
        let placed = Place.fill(caption.text, with: day.clip?.place)
        return PeopleList.fill(placed, with: day.clip?.people ?? [], locale: peopleLocale)
    }

    /// The locale `{people}` is joined in: the date stamp's `locale`, else the captions' `language`, else
    /// English.
    public var peopleLocale: String {
        for overlay in overlays { if case .date(let stamp) = overlay { return stamp.locale } }
        return captions.language ?? "en"
    }

    /// True when a day's caption says `{people}`, so the plan must name each clip's people.
    public var captionsSayPeople: Bool {
        days.values.contains { settings in
            (settings.caption?.contains("{people") ?? false) || settings.captions.contains { $0.text.contains("{people") }
        }
    }
}
