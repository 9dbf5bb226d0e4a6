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
        let fullRange =
            pointee.color_range == AVCOL_RANGE_JPEG
            || YUVEncoding.fullRangeFormats.contains(format)
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
            case AVCOL_PRI_SMPTE432: .smpte432
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

/// How a picture's colours become the canvas's. RGB pictures and pictures in BT.709's light go through
/// libswscale alone (`scalerEncoding` says which matrix and range to read). SDR pictures in other
/// primaries go through an 8-bit `ColourCube` after libswscale has read their matrix and range. HDR
/// pictures are scaled with their values untouched into 10-bit planes, which a 10-bit cube then tone maps
/// into the canvas; with tone mapping off they are read as their matrix and range only, as SDR would be.
///
/// An HLG reel's canvas is 10-bit: HLG BT.2020 pictures are scaled into it with their values untouched; other
/// HDR pictures are scaled untouched into 10-bit planes and SDR ones (after libswscale, as for an SDR reel)
/// into 8-bit planes, which a cube then converts into the canvas's HLG codes (`ColourConversion.toHLG`).
struct ColourPath {
    /// What libswscale is told the source is; `.bt709Limited`, which leaves the values as they are, whenever
    /// there is a cube (so it holds for a region the cube has already converted, too).
    let scalerEncoding: YUVEncoding
    /// The conversion applied to the scaled picture, nil when libswscale did it all.
    let cube: ColourCube?

    /// True when the cube reads the source's own 10-bit values (scaled, not converted).
    var readsTenBits: Bool { cube?.inputBits == 10 }

    /// The path for `frame` into a canvas of `format`.
    init(for frame: VideoFrame, toneMap: Bool, format: CanvasFormat = .sdr8) {
        let description = ColourDescription(of: frame)
        let isYUV =
            av_pix_fmt_desc_get(AVPixelFormat(frame.pointer.pointee.format))
            .map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0 && $0.pointee.nb_components >= 3 } ?? false
        if format == .hlg10 {
            self = Self.intoHLG(description, isYUV: isYUV, declaredPeak: dv_frame_content_peak(frame.pointer))
            return
        }
        guard isYUV, !description.hasBT709Light, toneMap || !description.isHDR else {
            self.init(scalerEncoding: YUVEncoding(description), cube: nil)
            return
        }
        let key: CubeKey =
            if description.isHDR {
                CubeKey(
                    description: description,
                    peak: Int(ColourConversion.highlightPeak(of: description, declared: dv_frame_content_peak(frame.pointer)).rounded()))
            } else {
                CubeKey(description: description, peak: nil)
            }
        let cube = Self.cubes.withLock { cubes in
            if let cube = cubes[key] { return cube }
            let cube =
                if let peak = key.peak {
                    ColourCube(HDRToneMap(description, peak: Double(peak)))
                } else {
                    ColourCube(measuring: ColourConversion.sdrToBT709(description))
                }
            cubes[key] = cube
            return cube
        }
        self.init(scalerEncoding: .bt709Limited, cube: cube)
    }

    private init(scalerEncoding: YUVEncoding, cube: ColourCube?) {
        self.scalerEncoding = scalerEncoding
        self.cube = cube
    }

    /// The path into an HLG canvas for a picture of `description`, declaring `declaredPeak` cd/m² (0 for none).
    private static func intoHLG(_ description: ColourDescription, isYUV: Bool, declaredPeak: Double) -> ColourPath {
        if isYUV, description == HLGReel.description {
            return ColourPath(scalerEncoding: .bt709Limited, cube: nil)
        }
        // SDR pictures in BT.709's light are made BT.709 limited range by libswscale first, as for an SDR reel.
        let read = isYUV && !description.hasBT709Light ? description : .bt709
        let scalerEncoding = isYUV && !description.hasBT709Light ? YUVEncoding.bt709Limited : YUVEncoding(description)
        let key =
            read.isHDR
            ? CubeKey(description: read, peak: Int(ColourConversion.highlightPeak(of: read, declared: declaredPeak).rounded()), hlg: true)
            : CubeKey(description: read, peak: nil, hlg: true)
        let cube = cubes.withLock { cubes in
            if let cube = cubes[key] { return cube }
            let bits = read.isHDR ? 10 : 8
            let cube = ColourCube(
                inputBits: bits, tenBitOutput: ColourConversion.toHLG(read, bits: bits, peak: Double(key.peak ?? 0)),
                measured: { read.holdsSignal($0, bits: bits) })
            cubes[key] = cube
            return cube
        }
        return ColourPath(scalerEncoding: scalerEncoding, cube: cube)
    }

    /// What a cube is built from: the source's description and, for HDR, the peak its highlights roll off to
    /// (so HLG clips declaring different light levels share one cube), and the canvas it draws into.
    private struct CubeKey: Hashable {
        var description: ColourDescription
        var peak: Int?
        var hlg = false
    }

    /// One cube per source description, for the whole process.
    private static let cubes = Mutex<[CubeKey: ColourCube]>([:])
}

extension ColourCube {
    /// Converts the `width`×`height` rectangle at (`x`, `y`) (all even) of a yuv420p `frame` in place.
    package func apply(to frame: VideoFrame, x: Int, y: Int, width: Int, height: Int) {
        apply(inPlace: frame.planes420(x: x, y: y, as: UInt8.self), width: width, height: height)
    }

    /// Converts the `width`×`height` rectangle at `from` of `source` (yuv420p10 for a cube of 10-bit codes,
    /// else yuv420p) into the rectangle at `to` of `target` (yuv420p10 for a cube writing 10-bit codes, else
    /// yuv420p), all even.
    func apply(from source: VideoFrame, at from: (x: Int, y: Int), into target: VideoFrame, at to: (x: Int, y: Int), width: Int, height: Int) {
        switch (inputBits, outputBits) {
        case (10, 8):
            apply(
                from: source.planes420(x: from.x, y: from.y, as: UInt16.self), into: target.planes420(x: to.x, y: to.y, as: UInt8.self),
                width: width, height: height)
        case (10, _):
            apply(
                from: source.planes420(x: from.x, y: from.y, as: UInt16.self), into: target.planes420(x: to.x, y: to.y, as: UInt16.self),
                width: width, height: height)
        default:
            apply(
                from: source.planes420(x: from.x, y: from.y, as: UInt8.self), into: target.planes420(x: to.x, y: to.y, as: UInt16.self),
                width: width, height: height)
        }
    }
}

extension VideoFrame {
    /// The planes of a 4:2:0 frame from the sample at (`x`, `y`) (both even), read as samples of `Sample`.
    func planes420<Sample>(x: Int, y: Int, as sample: Sample.Type) -> Planes420<Sample> {
        let size = MemoryLayout<Sample>.size
        func start(_ plane: Int, _ shift: Int) -> UnsafeMutablePointer<Sample> {
            UnsafeMutableRawPointer(self.plane(plane) + (y >> shift) * stride(plane) + (x >> shift) * size)
                .assumingMemoryBound(to: Sample.self)
        }
        return Planes420(y: start(0, 0), yStride: stride(0) / size, u: start(1, 1), v: start(2, 1), chromaStride: stride(1) / size)
    }
}
