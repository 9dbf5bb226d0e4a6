/// How text is drawn into frames.
package enum TextStyle {
    /// DejaVu Sans from Debian's `fonts-dejavu-core`: the font used when a job names none.
    package static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The font a text is drawn in: the one it names (`fontPath`), else the default: the one place that
    /// decision is made.
    package static func font(_ fontPath: String?) -> String {
        fontPath ?? defaultFontPath
    }

    /// DejaVu Sans Bold, for the sample library's large digits.
    package static let boldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
}
