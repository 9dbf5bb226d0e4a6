/// A colour as 8-bit Y, U and V samples (scaled up for 10-bit frames), in whatever range the frame uses.
public struct YUVColor: Sendable, Hashable {
    public var y: UInt8
    public var u: UInt8
    public var v: UInt8

    public init(y: UInt8, u: UInt8, v: UInt8) {
        self.y = y
        self.u = u
        self.v = v
    }
}

/// A colour as 10-bit Y, U and V codes (0…1023; limited range: black 64, white 940, neutral chroma 512),
/// for drawing into 10-bit canvases without losing the two bits an 8-bit `YUVColor` lacks.
public struct YUV10Color: Sendable, Hashable {
    public var y: UInt16
    public var u: UInt16
    public var v: UInt16

    public init(y: UInt16, u: UInt16, v: UInt16) {
        self.y = y
        self.u = u
        self.v = v
    }

    /// The 8-bit colour at the same place on the 10-bit scale (each sample times 4).
    public init(_ color: YUVColor) {
        self.init(y: UInt16(color.y) << 2, u: UInt16(color.u) << 2, v: UInt16(color.v) << 2)
    }
}
