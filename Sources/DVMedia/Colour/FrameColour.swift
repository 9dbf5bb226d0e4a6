internal import CFFmpeg
import DVSignal
import Synchronization

extension ColourDescription {
    /// What `frame` says of its colours (the codec's VUI, else the container's `colr` box, which
    /// libavcodec copies into every frame), with the conventional guess for whatever it leaves
    /// unspecified: BT.601 for standard definition (narrower than 1280 and at most 576 lines: SMPTE C
    /// primaries at 480 lines, EBU at 576), BT.709 otherwise; the SDR curve; limited range unless the
    /// pixel format is a full-range `yuvj` one. Full-range pictures without primaries are JPEG's world,
    /// whose pictures are sRGB: BT.709 primaries, whatever their matrix.
    init(of frame: VideoFrame) {
        let pointee = frame.pointer.pointee
        let format = AVPixelFormat(pointee.format)
        let fullRange = pointee.color_range == AVCOL_RANGE_JPEG
            || [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P].contains(format)
        let standardDefinition = frame.width < 1280 && frame.height <= 576
        let matrix: YCbCrMatrix =
            switch pointee.colorspace {
            case AVCOL_SPC_BT709, AVCOL_SPC_SMPTE240M: .bt709
            case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: .bt601
            case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: .bt2020
            default: standardDefinition ? .bt601 : .bt709
            }
        let primaries: ColourPrimaries =
            switch pointee.color_primaries {
            case AVCOL_PRI_BT709: .bt709
            case AVCOL_PRI_SMPTE170M, AVCOL_PRI_SMPTE240M: .smpte170m
            case AVCOL_PRI_BT470BG: .bt470bg
            case AVCOL_PRI_BT2020: .bt2020
            default:
                switch matrix {
                case _ where fullRange: .bt709
                case .bt709: .bt709
                case .bt601: frame.height > 480 ? .bt470bg : .smpte170m
                case .bt2020: .bt2020
                }
            }
        let transfer: TransferFunction =
            switch pointee.color_trc {
            case AVCOL_TRC_SMPTE2084: .pq
            case AVCOL_TRC_ARIB_STD_B67: .hlg
            default: .bt709
            }
        self.init(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: fullRange)
    }
}

/// How a picture's colours become the canvas's: by libswscale alone when only the matrix or the range
/// differs (`scalerEncoding` says which to read), else through a `ColourCube` applied after scaling.
struct ColourPath {
    /// What libswscale is told the source is; `.bt709Limited` leaves the values as they are.
    let scalerEncoding: YUVEncoding
    /// The conversion applied to the scaled picture, nil when libswscale did it all.
    let cube: ColourCube?

    /// The path for `frame`: RGB pictures and pictures in BT.709's light go through libswscale; SDR
    /// pictures in other primaries through a cube. HDR transfers are read as their matrix and range only.
    init(for frame: VideoFrame) {
        let description = ColourDescription(of: frame)
        let isYUV = av_pix_fmt_desc_get(AVPixelFormat(frame.pointer.pointee.format))
            .map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && $0.pointee.nb_components >= 3 } ?? false
        if isYUV, !description.hasBT709Light, !description.isHDR {
            scalerEncoding = .bt709Limited
            cube = Self.cubes.withLock { cubes in
                if let cube = cubes[description] { return cube }
                let cube = ColourCube(ColourConversion.sdrToBT709(description))
                cubes[description] = cube
                return cube
            }
        } else {
            scalerEncoding = YUVEncoding(description)
            cube = nil
        }
    }

    /// One cube per source description, for the whole process.
    private static let cubes = Mutex<[ColourDescription: ColourCube]>([:])
}

extension ColourCube {
    /// Converts the `width`×`height` rectangle at (`x`, `y`) of a yuv420p `frame` (all even) in place.
    func apply(to frame: VideoFrame, x: Int, y: Int, width: Int, height: Int) {
        apply(
            y: frame.plane(0) + y * frame.stride(0) + x, yStride: frame.stride(0),
            u: frame.plane(1) + (y / 2) * frame.stride(1) + x / 2, v: frame.plane(2) + (y / 2) * frame.stride(2) + x / 2,
            chromaStride: frame.stride(1), width: width, height: height
        )
    }
}
