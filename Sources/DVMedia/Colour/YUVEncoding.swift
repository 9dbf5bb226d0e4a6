internal import CFFmpeg
import DVSignal

/// What libswscale is told of a picture's YUV samples: the matrix that mixed R′G′B′ into Y, Cb and Cr,
/// and the range the samples span (see `ColourDescription(of:)` for how a frame's are read).
struct YUVEncoding: Hashable {
    /// libswscale's coefficient table for the matrix (an `AVColorSpace` value).
    var matrix: Int32
    /// True when 0…255 (or 0…1023) is the whole scale, false for 16…235 (64…940).
    var fullRange: Bool

    /// What the canvas and the encoder use.
    static let bt709Limited = YUVEncoding(matrix: Int32(AVCOL_SPC_BT709.rawValue), fullRange: false)

    init(matrix: Int32, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The matrix and range of `description`.
    init(_ description: ColourDescription) {
        let matrix: AVColorSpace =
            switch description.matrix {
            case .bt709: AVCOL_SPC_BT709
            case .bt601: AVCOL_SPC_SMPTE170M
            case .bt2020: AVCOL_SPC_BT2020_NCL
            }
        self.init(matrix: Int32(matrix.rawValue), fullRange: description.fullRange)
    }

    /// libswscale's coefficients for the matrix.
    var coefficients: UnsafePointer<Int32> { sws_getCoefficients(matrix) }

    /// The deprecated `yuvj` pixel formats: full range by their name, whatever a frame's range says, and so
    /// for libswscale, whatever it is told.
    static let fullRangeFormats: Set<AVPixelFormat> = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P]
}
