internal import CFFmpeg

/// Whether the linked FFmpeg build has the encoders dvpipe uses.
public struct EncoderAvailability: Sendable {
    /// The libavcodec encoder name.
    public let name: String
    /// True when a render cannot run without it.
    public let required: Bool
    /// True when `avcodec_find_encoder_by_name` finds it.
    public let available: Bool
    /// The Debian package that brings it.
    public let debianPackage: String

    /// Checks libx264 and aac (required), libx265 (for `codec: hevc`) and SVT-AV1 (for `codec: av1`).
    public static func check() -> [EncoderAvailability] {
        [("libx264", true, "libavcodec59"), ("libx265", false, "libavcodec59"), ("libsvtav1", false, "libavcodec59"), ("aac", true, "libavcodec59")]
            .map {
                EncoderAvailability(
                    name: $0.0, required: $0.1, available: avcodec_find_encoder_by_name($0.0) != nil, debianPackage: $0.2
                )
            }
    }
}
