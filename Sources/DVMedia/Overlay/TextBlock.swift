import DVPlanning
import DVSignal

/// Lays out text of one or more lines (`\n` breaks them) with a font: each line centred under the
/// widest (or lined up on its left or right), baselines one line height apart, shrunk until it fits a
/// width so it is never cut off.
public struct TextBlock {
    /// The lines' coverage; its height is the lines' full height (ascender to descender), so texts of
    /// the same size line up whatever letters they hold.
    public let mask: TextMask
    /// The pixel size the text ended up at.
    public let pixelSize: Int

    /// Renders `text` at `pixelSize` pixels per em with `font`, smaller when wider than `maxWidth`, its
    /// lines lined up as `alignment` says.
    public init(_ text: String, font: FontFace, pixelSize: Int, maxWidth: Int, alignment: TextAlignment = .center) throws {
        var size = max(1, pixelSize)
        var block = try Self.render(text, font: font, pixelSize: size, alignment: alignment)
        while block.width > maxWidth, size > 1 {
            size = max(1, min(size - 1, size * maxWidth / block.width))
            block = try Self.render(text, font: font, pixelSize: size, alignment: alignment)
        }
        mask = block
        self.pixelSize = size
    }

    /// `text` with line breaks added between words so that each line, at `pixelSize`, fits `maxWidth`
    /// where it can (a single word wider than that stays whole, for the block to shrink).
    public static func wrapped(_ text: String, font: FontFace, pixelSize: Int, maxWidth: Int) throws -> String {
        try font.setPixelSize(max(1, pixelSize))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if !line.isEmpty, try font.render(candidate).width > maxWidth {
                    lines.append(line)
                    line = String(word)
                } else {
                    line = candidate
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func render(_ text: String, font: FontFace, pixelSize: Int, alignment: TextAlignment) throws -> TextMask {
        try font.setPixelSize(pixelSize)
        let lines = try text.split(separator: "\n", omittingEmptySubsequences: false).map { try font.render(String($0)) }
        let lineHeight = max(font.lineHeight, 1)
        let width = lines.map(\.width).max() ?? 0
        var block = TextMask(width: width, height: lineHeight * lines.count, baseline: font.ascender)
        for (index, line) in lines.enumerated() {
            let x = switch alignment {
            case .left: 0
            case .center: (width - line.width) / 2
            case .right: width - line.width
            }
            block.place(line, x: x, y: index * lineHeight + font.ascender - line.baseline)
        }
        return block
    }
}
