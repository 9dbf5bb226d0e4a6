import Foundation

extension ColourPrimaries {
    /// Linear RGB in these primaries to CIE XYZ, white (D65) at Y = 1.
    var toXYZ: Matrix3 {
        Matrix3.rgbToXYZ(primaries: chromaticities, white: (0.3127, 0.3290))
    }

    /// Linear RGB in these primaries to linear RGB in `target`'s.
    func conversion(to target: ColourPrimaries) -> Matrix3 {
        target.toXYZ.inverse * toXYZ
    }
}
