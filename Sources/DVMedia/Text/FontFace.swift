internal import CFreeType
import DVSignal
import Foundation

/// A font file opened with FreeType at one pixel size, turning UTF-8 text into a `TextMask`.
///
/// Each glyph is rendered by FreeType once per pixel size and kept, so texts drawn again (the date on
/// the next clip, a caption at another opacity) only copy masks. Each instance owns its own
/// `FT_Library` (FreeType libraries must not be shared between threads) and its `FT_Face`, and frees
/// both when it goes away. Keep an instance on one task at a time (`FontPool` lends them out so).
public final class FontFace {
    private let library: OpaquePointer
    private let face: FT_Face
    /// The font file.
    public let path: String
    /// The size glyphs are rendered at: the font's em in pixels.
    public private(set) var pixelSize: Int
    private var glyphs: [GlyphKey: Glyph] = [:]

    private struct GlyphKey: Hashable {
        var index: FT_UInt
        var pixelSize: Int
    }

    /// A rendered glyph: its coverage, where it sits from the pen on the baseline, and how far it moves the pen.
    private struct Glyph {
        var mask: TextMask
        var left: Int
        var top: Int
        var advance: Int
    }

    /// Glyphs rendered so far, over all sizes.
    public var cachedGlyphCount: Int { glyphs.count }

    /// Loads the first face of the font file at `path`, set to `pixelSize` pixels per em.
    public init(path: String, pixelSize: Int) throws {
        var library: FT_Library?
        let initStatus = FT_Init_FreeType(&library)
        guard initStatus == 0, let library else {
            throw MediaError.font(path: path, code: initStatus)
        }
        var face: FT_Face?
        let faceStatus = FT_New_Face(library, path, 0, &face)
        guard faceStatus == 0, let face else {
            FT_Done_FreeType(library)
            throw MediaError.font(path: path, code: faceStatus)
        }
        self.library = library
        self.face = face
        self.path = path
        self.pixelSize = pixelSize
        try setPixelSize(pixelSize)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Changes the size later renders use.
    public func setPixelSize(_ size: Int) throws {
        let status = FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, size)))
        guard status == 0 else { throw MediaError.font(path: path, code: status) }
        pixelSize = size
    }

    /// Pixels from the baseline up to the font's ascender at the current size.
    public var ascender: Int { Int(face.pointee.size.pointee.metrics.ascender >> 6) }

    /// Pixels from one baseline to the next at the current size.
    public var lineHeight: Int { Int(face.pointee.size.pointee.metrics.height >> 6) }

    /// The characters of `text` the font has no glyph for (glyph index 0), each once, in the order they
    /// first appear; control characters such as line breaks are not drawn and never count.
    public func missingCharacters(in text: String) -> [Unicode.Scalar] {
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where scalar.properties.generalCategory != .control && !missing.contains(scalar) {
            if FT_Get_Char_Index(face, FT_ULong(scalar.value)) == 0 {
                missing.append(scalar)
            }
        }
        return missing
    }

    /// Renders `text` on one line, kerned, into a mask cut tight around the ink.
    /// Characters the font lacks are drawn as its missing-glyph box (see `missingCharacters(in:)`).
    public func render(_ text: String) throws -> TextMask {
        var placed: [(x: Int, y: Int, mask: TextMask)] = []
        var pen = 0
        var previous: FT_UInt = 0
        let kerning = dv_ft_has_kerning(face) != 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if kerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                FT_Get_Kerning(face, previous, index, FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta)
                pen += Int(delta.x >> 6)
            }
            let glyph = try self.glyph(index)
            placed.append((pen + glyph.left, -glyph.top, glyph.mask))
            pen += glyph.advance
            previous = index
        }
        let inked = placed.filter { $0.mask.width > 0 && $0.mask.height > 0 }
        guard let left = inked.map(\.x).min(), let top = inked.map(\.y).min(),
            let right = inked.map({ $0.x + $0.mask.width }).max(),
            let bottom = inked.map({ $0.y + $0.mask.height }).max()
        else {
            return TextMask(width: 0, height: 0)
        }
        var mask = TextMask(width: right - left, height: bottom - top, baseline: -top)
        for glyph in inked {
            mask.place(glyph.mask, x: glyph.x - left, y: glyph.y - top)
        }
        return mask
    }

    /// Glyph `index` at the current size: from the cache, or rendered by FreeType and kept.
    private func glyph(_ index: FT_UInt) throws -> Glyph {
        let key = GlyphKey(index: index, pixelSize: pixelSize)
        if let cached = glyphs[key] { return cached }
        let status = FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_RENDER))
        guard status == 0, let slot = face.pointee.glyph else {
            throw MediaError.font(path: path, code: status)
        }
        let glyph = Glyph(
            mask: copyBitmap(slot.pointee.bitmap), left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            advance: Int(slot.pointee.advance.x >> 6)
        )
        glyphs[key] = glyph
        return glyph
    }

    /// Copies an 8-bit grey FreeType bitmap, top row first whatever the sign of its pitch.
    private func copyBitmap(_ bitmap: FT_Bitmap) -> TextMask {
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var mask = TextMask(width: width, height: rows)
        guard let buffer = bitmap.buffer, width > 0, rows > 0 else { return mask }
        let pitch = Int(bitmap.pitch)
        let topRow = pitch < 0 ? buffer + (rows - 1) * -pitch : buffer
        for row in 0..<rows {
            let source = topRow + row * pitch
            for column in 0..<width {
                mask[column, row] = source[column]
            }
        }
        return mask
    }
}
