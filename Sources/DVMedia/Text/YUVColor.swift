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
