internal import CFFmpeg
import DVSignal

/// One libswscale context for a fixed source geometry, format and YUV encoding, scaling into 8-bit
/// yuv420p planes in the canvas's encoding (BT.709, limited range): sources in another matrix or range
/// are converted on the way, as `YUVEncoding` reads them. HDR pictures are scaled into 10-bit yuv420p10
/// planes instead, their values untouched, for a colour cube to tone map.
///
/// Flags: bilinear, because it is the cheapest filter that still averages every source pixel when
/// shrinking (swscale widens the bilinear filter with the scale factor), which matters for 4K → 1080p;
/// plus `SWS_ACCURATE_RND | SWS_BITEXACT`, so the result does not depend on which SIMD paths the
/// machine's CPU has: the same job gives the same bytes on any machine. Limited-range yuv420p pictures
/// shrunk by exactly 2:1 (4K into 1080p) skip libswscale: `PlaneHalving` averages each 2×2 block.
final class Scaler {
    /// What decides a context: source size, format and encoding, and the destination size.
    struct Key: Hashable {
        var sourceWidth: Int, sourceHeight: Int, sourceFormat: Int32, encoding: YUVEncoding
        var targetWidth: Int, targetHeight: Int
        /// True for yuv420p10 planes, false for yuv420p.
        var targetTenBit: Bool
    }

    let key: Key
    /// The libswscale context; nil when the picture is halved by `PlaneHalving` instead.
    private let context: OpaquePointer?
    private let sourcePlanes = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: 4)
    private let sourceStrides = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
    private let targetPlanes = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: 4)
    private let targetStrides = UnsafeMutablePointer<Int32>.allocate(capacity: 4)
    private let planeSteps: [Int]
    private let planeShifts: [(x: Int, y: Int)]

    init(key: Key) throws {
        self.key = key
        let format = AVPixelFormat(key.sourceFormat)
        guard let descriptor = av_pix_fmt_desc_get(format) else {
            throw MediaError.invalidSize(
                width: key.sourceWidth, height: key.sourceHeight, reason: "libswscale cannot convert this picture format to yuv420p")
        }
        (planeSteps, planeShifts) = Self.planeLayout(descriptor.pointee)
        sourcePlanes.initialize(repeating: nil, count: 4)
        sourceStrides.initialize(repeating: 0, count: 4)
        targetPlanes.initialize(repeating: nil, count: 4)
        targetStrides.initialize(repeating: 0, count: 4)
        if Self.halves(key) {
            context = nil
            return
        }
        guard
            let context = sws_getContext(
                Int32(key.sourceWidth), Int32(key.sourceHeight), format,
                Int32(key.targetWidth), Int32(key.targetHeight), key.targetTenBit ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P,
                SWS_BILINEAR | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil
            )
        else {
            throw MediaError.invalidSize(
                width: key.sourceWidth, height: key.sourceHeight, reason: "libswscale cannot convert this picture format to yuv420p")
        }
        self.context = context
        let isRGB = descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) != 0
        let target = YUVEncoding.bt709Limited
        var accepted: Int32 = 0
        if key.encoding != .bt709Limited || isRGB {
            accepted = sws_setColorspaceDetails(
                context, key.encoding.coefficients, key.encoding.fullRange ? 1 : 0, target.coefficients, 0, 0, 1 << 16, 1 << 16
            )
        } else if YUVEncoding.fullRangeFormats.contains(format) {
            // `.bt709Limited` asks for the values as they are (a colour cube reads them next), but libswscale
            // takes a `yuvj` format for full range and would squeeze it into limited range on the way.
            accepted = sws_setColorspaceDetails(context, target.coefficients, 1, target.coefficients, 1, 0, 1 << 16, 1 << 16)
        }
        guard accepted >= 0 else {
            throw MediaError.invalidSize(
                width: key.sourceWidth, height: key.sourceHeight, reason: "libswscale cannot convert this picture's colours to BT.709")
        }
    }

    /// True when `PlaneHalving` does the key's work: BT.709 limited-range yuv420p shrunk by exactly 2:1 into even sizes.
    static func halves(_ key: Key) -> Bool {
        key.sourceFormat == AV_PIX_FMT_YUV420P.rawValue && key.encoding == .bt709Limited && !key.targetTenBit
            && key.sourceWidth == 2 * key.targetWidth && key.sourceHeight == 2 * key.targetHeight
            && key.targetWidth % 2 == 0 && key.targetHeight % 2 == 0
    }

    deinit {
        sws_freeContext(context)
        sourcePlanes.deallocate()
        sourceStrides.deallocate()
        targetPlanes.deallocate()
        targetStrides.deallocate()
    }

    /// Scales the region at (`cropX`, `cropY`) of `source` (the key's size) into `target` at
    /// (`x`, `y`), both even, filling the key's target size.
    func scale(_ source: VideoFrame, cropX: Int, cropY: Int, into target: VideoFrame, x: Int, y: Int) throws {
        let planes = dv_frame_planes(source.pointer)!
        let strides = dv_frame_linesizes(source.pointer)!
        for plane in 0..<4 {
            sourceStrides[plane] = strides[plane]
            guard plane < planeSteps.count, let base = planes[plane] else {
                sourcePlanes[plane] = planes[plane].map { UnsafePointer($0) }
                continue
            }
            let shift = planeShifts[plane]
            let offset = (cropY >> shift.y) * Int(strides[plane]) + (cropX >> shift.x) * planeSteps[plane]
            sourcePlanes[plane] = UnsafePointer(base + offset)
        }
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            targetPlanes[plane] = target.plane(plane) + (y >> shift) * target.stride(plane) + (x >> shift) * (key.targetTenBit ? 2 : 1)
            targetStrides[plane] = Int32(target.stride(plane))
        }
        guard let context else {
            for plane in 0..<3 {
                let shift = plane == 0 ? 0 : 1
                PlaneHalving.halve(
                    sourcePlanes[plane]!, stride: Int(sourceStrides[plane]), into: targetPlanes[plane]!, stride: Int(targetStrides[plane]),
                    width: key.targetWidth >> shift, height: key.targetHeight >> shift
                )
            }
            return
        }
        let rows = sws_scale(context, sourcePlanes, sourceStrides, 0, Int32(key.sourceHeight), targetPlanes, targetStrides)
        try check(rows, "scaling a picture")
    }

    /// Bytes per pixel and chroma shifts of each plane, for finding a crop's first sample.
    private static func planeLayout(_ descriptor: AVPixFmtDescriptor) -> ([Int], [(x: Int, y: Int)]) {
        var steps = [Int](repeating: 0, count: 4)
        var shifts = [(x: Int, y: Int)](repeating: (0, 0), count: 4)
        let components = withUnsafeBytes(of: descriptor.comp) { Array($0.bindMemory(to: AVComponentDescriptor.self)) }
        for (index, component) in components.prefix(Int(descriptor.nb_components)).enumerated() {
            let plane = Int(component.plane)
            steps[plane] = max(steps[plane], Int(component.step))
            if plane != 0 && (index == 1 || index == 2) {
                shifts[plane] = (Int(descriptor.log2_chroma_w), Int(descriptor.log2_chroma_h))
            }
        }
        let planeCount = (steps.lastIndex { $0 > 0 } ?? 0) + 1
        return (Array(steps.prefix(planeCount)), Array(shifts.prefix(planeCount)))
    }
}
