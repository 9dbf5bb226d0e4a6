internal import CFFmpeg

/// Whether the linked FFmpeg build has the encoders dvpipe uses.
package struct EncoderAvailability: Sendable {
    /// The libavcodec encoder name.
    package let name: String
    /// True when a render cannot run without it.
    package let required: Bool
    /// True when `avcodec_find_encoder_by_name` finds it.
    package let available: Bool
    /// The Debian package that brings it.
    package let debianPackage: String

    /// Checks libx264 and aac (required), libx265 (for `codec: hevc`) and SVT-AV1 (for `codec: av1`).
    package static func check() -> [EncoderAvailability] {
        [("libx264", true, "libavcodec59"), ("libx265", false, "libavcodec59"), ("libsvtav1", false, "libavcodec59"), ("aac", true, "libavcodec59")]
            .map {
                EncoderAvailability(
                    name: $0.0, required: $0.1, available: avcodec_find_encoder_by_name($0.0) != nil, debianPackage: $0.2
                )
            }
    }
}
