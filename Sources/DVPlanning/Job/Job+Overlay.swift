extension Job {
    /// One thing drawn over every clip, in list order.
    public enum Overlay: Sendable, Hashable, Codable {
        /// The clip's day, formatted.
        case date(DateStamp)
        /// Fixed text.
        case text(TextOverlay)
        /// A picture such as a logo.
        case image(ImageOverlay)
        /// A picture-in-picture movie.
        case video(VideoOverlay)
    }

    /// `date:` overlay.
    public struct DateStamp: Sendable, Hashable, Codable {
        /// A Unicode date pattern (`EEE, MMM d`).
        public var format: String
        public var position: Position
        /// Text height as a fraction of the frame height.
        public var size: Double
        /// Locale for month and weekday names.
        public var locale: String
        /// For a clip pinned from another day, add "(from <its own day>)".
        public var showSource: Bool
        public var look: TextStyle
        /// Absolute path of a TTF/OTF font file; nil: DejaVu Sans.
        public var font: String?

        public init(
            format: String = "EEE, MMM d", position: Position = .anchor(.bottomLeft), size: Double = 0.045, locale: String = "en_US",
            showSource: Bool = false, look: TextStyle = TextStyle(), font: String? = nil
        ) {
            self.format = format
            self.position = position
            self.size = size
            self.locale = locale
            self.showSource = showSource
            self.look = look
            self.font = font
        }
    }

    /// `text:` overlay.
    public struct TextOverlay: Sendable, Hashable, Codable {
        public var text: String
        public var position: Position
        public var size: Double
        /// When it appears, on the reel's timeline.
        public var start: TimeSpan
        /// How long it stays; nil: to the end of the reel.
        public var duration: TimeSpan?
        public var look: TextStyle
        /// Absolute path of a TTF/OTF font file; nil: DejaVu Sans.
        public var font: String?
        /// How its lines line up.
        public var align: TextAlignment
        /// Which way it runs.
        public var direction: TextDirection
        /// Its language, for choosing fonts and shaping; nil: from its script.
        public var language: String?

        public init(
            text: String, position: Position = .anchor(.center), size: Double = 0.045, start: TimeSpan = .zero, duration: TimeSpan? = nil,
            look: TextStyle = TextStyle(), font: String? = nil, align: TextAlignment = .center, direction: TextDirection = .auto,
            language: String? = nil
        ) {
            self.text = text
            self.position = position
            self.size = size
            self.start = start
            self.duration = duration
            self.look = look
            self.font = font
            self.align = align
            self.direction = direction
            self.language = language
        }
    }

    /// How overlay text is painted: its colour, and an optional shadow, outline and rounded background box,
    /// each a colour whose alpha is its opacity.
    public struct TextStyle: Sendable, Hashable, Codable {
        public var color: RGBAColor
        public var shadow: RGBAColor?
        public var outline: RGBAColor?
        public var box: RGBAColor?

        public init(color: RGBAColor = .white, shadow: RGBAColor? = nil, outline: RGBAColor? = nil, box: RGBAColor? = nil) {
            self.color = color
            self.shadow = shadow
            self.outline = outline
            self.box = box
        }
    }

    /// `image:` overlay.
    public struct ImageOverlay: Sendable, Hashable, Codable {
        /// Absolute path of the picture.
        public var file: String
        public var position: Position
        /// Width as a fraction of the frame width.
        public var width: Double
        public var opacity: Double

        public init(file: String, position: Position = .anchor(.topRight), width: Double = 0.12, opacity: Double = 0.8) {
            self.file = file
            self.position = position
            self.width = width
            self.opacity = opacity
        }
    }

    /// `video:` picture-in-picture overlay: another movie, muted, fitted to cover `rect`. It stacks with
    /// the other overlays in list order, and its clock restarts with every clip.
    public struct VideoOverlay: Sendable, Hashable, Codable {
        /// Absolute path of the movie.
        public var file: String
        public var rect: UnitRect
        /// Start the movie again when it ends before the clip does; otherwise hold its last frame.
        public var loop: Bool
        public var opacity: Double

        public init(file: String, rect: UnitRect, loop: Bool = true, opacity: Double = 1) {
            self.file = file
            self.rect = rect
            self.loop = loop
            self.opacity = opacity
        }
    }

    /// A rectangle in fractions of the frame: origin top-left, all values 0…1.
    public struct UnitRect: Sendable, Hashable, Codable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
