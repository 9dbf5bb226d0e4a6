/// A colour as 8-bit Y, U and V samples (scaled up for 10-bit frames), in whatever range the frame uses.
package struct YUVColor: Sendable, Hashable {
    package var y: UInt8
    package var u: UInt8
    package var v: UInt8

    package init(y: UInt8, u: UInt8, v: UInt8) {
        self.y = y
        self.u = u
        self.v = v
    }
}

/// A colour as 10-bit Y, U and V codes (0…1023; limited range: black 64, white 940, neutral chroma 512),
/// for drawing into 10-bit canvases without losing the two bits an 8-bit `YUVColor` lacks.
package struct YUV10Color: Sendable, Hashable {
    package var y: UInt16
    package var u: UInt16
    package var v: UInt16

    package init(y: UInt16, u: UInt16, v: UInt16) {
        self.y = y
        self.u = u
        self.v = v
    }

    /// The 8-bit colour at the same place on the 10-bit scale (each sample times 4).
    package init(_ color: YUVColor) {
        self.init(y: UInt16(color.y) << 2, u: UInt16(color.u) << 2, v: UInt16(color.v) << 2)
    }
}
