internal import CFFmpeg
import DVMetadata
import DVSignal

extension StillDecoder {
    /// Decodes a HEIF still's primary picture: each HEVC tile in turn, laid into the grid at full size, or each
    /// scaled into its place when a tenth of the photo's pixels or less are needed (so a 48 MP photo never
    /// exists whole in memory); then cropped to the grid's output and the clean aperture.
    static func decodeHEIF(_ reader: ByteReader, head: [UInt8], covering: (width: Int, height: Int), path: String) throws -> Decoded {
        let image: HEIFImage
        do {
            image = try HEIFImage(reader)
        } catch {
            if let failure = reader.failure { throw MediaError.io(path: path, reason: "\(failure)") }
            throw MediaError.unreadableStill(path: path, reason: reason(error, head: head))
        }
        try checkSize(image.width, image.height, path: path)
        try checkSize(image.tileWidth, image.tileHeight, path: path)
        let shown = image.crop ?? HEIFImage.Crop(x: 0, y: 0, width: image.width, height: image.height)
        let (rotation, mirrored) = turn(image.transforms)
        let full = rotation.swapsAxes ? (shown.height, shown.width) : (shown.width, shown.height)
        let scale = neededScale(width: full.0, height: full.1, covering: covering)
        // Tiles keep their size unless a third of each side or less is needed; scaled ones keep even sizes.
        let tile =
            scale > 1.0 / 3
            ? (width: image.tileWidth, height: image.tileHeight)
            : (
                width: min(image.tileWidth, (Int((Double(image.tileWidth) * scale).rounded(.up)) + 1) & ~1),
                height: min(image.tileHeight, (Int((Double(image.tileHeight) * scale).rounded(.up)) + 1) & ~1)
            )
        let codec = try StillCodec(AV_CODEC_ID_HEVC, extradata: image.configuration, path: path)
        var mosaic: VideoFrame?
        var resampler: PictureResampler?
        for (index, extents) in image.tiles.enumerated() {
            var bytes: [UInt8] = []
            for extent in extents {
                guard let part = reader.bytes(extent) else {
                    if let failure = reader.failure { throw MediaError.io(path: path, reason: "\(failure)") }
                    throw MediaError.unreadableStill(path: path, reason: "a HEIF cut short: tile \(index + 1) lies past the end of the file")
                }
                bytes += part
            }
            let decoded = try codec.decode(bytes)
            if mosaic == nil {
                let made = try VideoFrame(
                    width: (image.columns * tile.width + 1) & ~1, height: (image.rows * tile.height + 1) & ~1,
                    format: AVPixelFormat(decoded.pointer.pointee.format))
                Self.copyColourTags(from: decoded, to: made)
                mosaic = made
            }
            guard let mosaic, decoded.pointer.pointee.format == mosaic.pointer.pointee.format else {
                throw MediaError.unreadableStill(path: path, reason: "tile \(index + 1) is coded in another pixel format than the first")
            }
            var placed = decoded
            if tile != (decoded.width, decoded.height) {
                if resampler == nil || resampler!.sourceWidth != decoded.width || resampler!.sourceHeight != decoded.height {
                    resampler = try PictureResampler(
                        from: decoded, width: tile.width, height: tile.height, format: AVPixelFormat(decoded.pointer.pointee.format))
                }
                placed = try resampler!.scale(decoded)
            }
            Self.copy(
                placed, into: mosaic, x: index % image.columns * tile.width, y: index / image.columns * tile.height,
                width: min(tile.width, placed.width), height: min(tile.height, placed.height))
        }
        guard let mosaic else { throw MediaError.unreadableStill(path: path, reason: "a HEIF grid without tiles") }
        // The shown region in the mosaic's pixels, on even positions.
        let factor = (x: Double(tile.width) / Double(image.tileWidth), y: Double(tile.height) / Double(image.tileHeight))
        let left = Int(Double(shown.x) * factor.x) & ~1, top = Int(Double(shown.y) * factor.y) & ~1
        let width = max(2, min(mosaic.width - left, Int((Double(shown.width) * factor.x).rounded())))
        let height = max(2, min(mosaic.height - top, Int((Double(shown.height) * factor.y).rounded())))
        try mosaic.crop(x: left, y: top, width: width, height: height)
        var colour: PictureColour?
        switch image.colour {
        case let .nclx(primaries, transfer, matrix, fullRange):
            mosaic.pointer.pointee.color_primaries = AVColorPrimaries(UInt32(primaries))
            mosaic.pointer.pointee.color_trc = AVColorTransferCharacteristic(UInt32(transfer))
            mosaic.pointer.pointee.colorspace = AVColorSpace(UInt32(matrix))
            mosaic.pointer.pointee.color_range = fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        case let .profile(bytes):
            colour = ICCProfile(bytes: bytes).flatMap(PictureColour.declared(by:))
        case nil:
            break
        }
        // What HEIF says of a picture that declares nothing: sRGB, BT.601's matrix, full range (as libheif reads it).
        if mosaic.pointer.pointee.colorspace == AVCOL_SPC_UNSPECIFIED {
            mosaic.pointer.pointee.colorspace = AVCOL_SPC_SMPTE170M
            mosaic.pointer.pointee.color_range = AVCOL_RANGE_JPEG
        }
        return Decoded(frame: mosaic, rotation: rotation, mirrored: mirrored, colour: colour, fullWidth: full.0, fullHeight: full.1)
    }

    /// What a HEIF reader's failure tells the user.
    private static func reason(_ error: HEIFImage.Failure, head: [UInt8]) -> String {
        switch error {
        case .codec("av01"): unsupported("an AVIF picture")
        case let .codec(type): unsupported("a HEIF picture coded as '\(type)'")
        case .noImageItem:
            String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self).hasPrefix("avi")
                ? unsupported("an AVIF picture") : "a HEIF without a picture item"
        case let .damaged(what): "a damaged HEIF: \(what)"
        }
    }

    /// The rotation and left-to-right mirror of HEIF's transforms applied in order: each rotation turns the
    /// picture so far, each mirror flips it.
    static func turn(_ transforms: [HEIFImage.Transform]) -> (FrameRotation, Bool) {
        // The picture so far is the stored one turned `clockwise` quarter turns, then mirrored when `mirrored`.
        var clockwise = 0, mirrored = false
        for transform in transforms {
            switch transform {
            case let .rotation(quarterTurns):
                // A turn after a mirror is the opposite turn before it.
                clockwise += mirrored ? quarterTurns : -quarterTurns
            case let .mirror(axis):
                // Mirroring top to bottom is a half turn and a mirror left to right.
                if axis == 1 { clockwise += mirrored ? -2 : 2 }
                mirrored.toggle()
            }
        }
        return (FrameRotation(rawValue: (clockwise % 4 + 4) % 4 * 90) ?? .none, mirrored)
    }

    /// Copies the colour tags a decoder gave `source` to `target`.
    private static func copyColourTags(from source: VideoFrame, to target: VideoFrame) {
        target.pointer.pointee.color_primaries = source.pointer.pointee.color_primaries
        target.pointer.pointee.color_trc = source.pointer.pointee.color_trc
        target.pointer.pointee.colorspace = source.pointer.pointee.colorspace
        target.pointer.pointee.color_range = source.pointer.pointee.color_range
    }

    /// Copies the `width`×`height` top-left region of `source` to (`x`, `y`) (even) of `target`, a frame of its pixel format.
    private static func copy(_ source: VideoFrame, into target: VideoFrame, x: Int, y: Int, width: Int, height: Int) {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(source.pointer.pointee.format)) else { return }
        let bytes = Int(descriptor.pointee.comp.0.step)
        let chroma = (x: Int(descriptor.pointee.log2_chroma_w), y: Int(descriptor.pointee.log2_chroma_h))
        let clipped = (width: min(width, target.width - x), height: min(height, target.height - y))
        for plane in 0..<Int(av_pix_fmt_count_planes(AVPixelFormat(source.pointer.pointee.format))) {
            let shift = plane == 0 || plane == 3 ? (x: 0, y: 0) : chroma
            let into = target.plane(plane) + (y >> shift.y) * target.stride(plane) + (x >> shift.x) * bytes
            av_image_copy_plane(
                into, Int32(target.stride(plane)), source.plane(plane), Int32(source.stride(plane)),
                Int32((clipped.width + (1 << shift.x) - 1) >> shift.x * bytes), Int32((clipped.height + (1 << shift.y) - 1) >> shift.y))
        }
    }
}
