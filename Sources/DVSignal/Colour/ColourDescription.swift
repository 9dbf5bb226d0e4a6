/// What a video source says its colours are, or what dvpipe assumed when it said nothing: primaries,
/// transfer function, Y′CbCr matrix and range. Names follow FFmpeg's (`ffprobe` shows the same words).
package struct ColourDescription: Sendable, Hashable, Codable {
    package var primaries: ColourPrimaries
    package var transfer: TransferFunction
    package var matrix: YCbCrMatrix
    /// True for full-range samples (0…255), false for limited range (16…235 luma, 16…240 chroma).
    package var fullRange: Bool

    package init(primaries: ColourPrimaries, transfer: TransferFunction, matrix: YCbCrMatrix, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The reel's own description: BT.709 primaries, transfer and matrix, limited range.
    package static let bt709 = ColourDescription(primaries: .bt709, transfer: .bt709, matrix: .bt709, fullRange: false)

    /// True when the source's light needs no more than a change of matrix or range to become BT.709: its
    /// primaries are BT.709's and its transfer is the SDR curve.
    package var hasBT709Light: Bool { primaries == .bt709 && transfer == .bt709 }

    /// True for high dynamic range transfers (PQ, HLG).
    package var isHDR: Bool { transfer != .bt709 }
}

/// The chromaticities of a source's red, green and blue (the white point is D65 for all of them).
package enum ColourPrimaries: String, Sendable, Hashable, Codable, CaseIterable {
    /// ITU-R BT.709: HD video, sRGB.
    case bt709
    /// SMPTE 170M (SMPTE C): 525-line SD video, BT.601's 480-line variant.
    case smpte170m
    /// ITU-R BT.470 System B/G (EBU): 625-line SD video, BT.601's 576-line variant.
    case bt470bg
    /// ITU-R BT.2020: UHD and HDR video.
    case bt2020
    /// SMPTE EG 432-1 with D65 white: Display P3, which iPhones record SDR video in.
    case smpte432

    /// CIE 1931 xy of red, green and blue.
    var chromaticities: [(x: Double, y: Double)] {
        switch self {
        case .bt709: [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)]
        case .smpte170m: [(0.630, 0.340), (0.310, 0.595), (0.155, 0.070)]
        case .bt470bg: [(0.640, 0.330), (0.290, 0.600), (0.150, 0.060)]
        case .bt2020: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
        case .smpte432: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
        }
    }
}

/// How a source's code values relate to light.
package enum TransferFunction: String, Sendable, Hashable, Codable, CaseIterable {
    /// The SDR curve of BT.709 (also BT.601's and BT.2020's 10- and 12-bit SDR).
    case bt709
    /// SMPTE ST 2084 perceptual quantizer (HDR10, Dolby Vision 8.1's base layer).
    case pq = "smpte2084"
    /// ARIB STD-B67 hybrid log-gamma (BT.2100 HLG, Dolby Vision 8.4's base layer).
    case hlg = "arib-std-b67"
}

/// The weights that mix R′G′B′ into Y′, Cb and Cr.
package enum YCbCrMatrix: String, Sendable, Hashable, Codable, CaseIterable {
    case bt709
    /// BT.601 (FFmpeg's `smpte170m` and `bt470bg` matrices are the same weights).
    case bt601 = "smpte170m"
    /// BT.2020 non-constant luminance.
    case bt2020 = "bt2020nc"

    /// Red's and blue's luma weights.
    var weights: (red: Double, blue: Double) {
        switch self {
        case .bt709: (0.2126, 0.0722)
        case .bt601: (0.299, 0.114)
        case .bt2020: (0.2627, 0.0593)
        }
    }

    /// The weights of red, green and blue in luma (for BT.709 also the luminance of linear BT.709 light).
    var lumaWeights: SIMD3<Double> {
        let (red, blue) = weights
        return SIMD3(red, 1 - red - blue, blue)
    }
}
