internal import CFFmpeg
internal import CLineBreak
internal import CText
import Foundation

/// Versions of the C libraries this process is linked against, read from the libraries themselves.
package struct LibraryVersions: Sendable, Equatable {
    /// A library's name and its version, e.g. `libavcodec 59.37.100`.
    package struct Entry: Sendable, Equatable {
        package let name: String
        package let version: String
    }

    /// FFmpeg's release string (`5.1.x-…`), as the library reports it.
    package let ffmpegRelease: String
    /// The five FFmpeg libraries with their major.minor.micro versions.
    package let ffmpegLibraries: [Entry]
    /// FreeType's version.
    package let freetype: String
    /// The text stack's other libraries: HarfBuzz, FriBidi, fontconfig and ICU.
    package let text: [Entry]
    /// libx264's core version as written in its own SEI (e.g. `core 164 r3095 baee400`), or nil if absent.
    package let x264: String?

    /// Reads every version from the linked libraries; encodes one tiny frame to ask libx264 its version.
    package static func current() -> LibraryVersions {
        func dotted(_ packed: UInt32) -> String {
            "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
        }
        let libraries = [
            Entry(name: "libavformat", version: dotted(avformat_version())),
            Entry(name: "libavcodec", version: dotted(avcodec_version())),
            Entry(name: "libavutil", version: dotted(avutil_version())),
            Entry(name: "libswscale", version: dotted(swscale_version())),
            Entry(name: "libswresample", version: dotted(swresample_version()))
        ]
        return LibraryVersions(
            ffmpegRelease: String(cString: av_version_info()),
            ffmpegLibraries: libraries,
            freetype: freetypeVersion(),
            text: [
                Entry(name: "HarfBuzz", version: String(cString: hb_version_string())),
                Entry(name: "FriBidi", version: String(cString: dv_fribidi_version())),
                Entry(
                    name: "fontconfig",
                    version: {
                        let packed = FcGetVersion()
                        return "\(packed / 10000).\(packed / 100 % 100).\(packed % 100)"
                    }()),
                Entry(name: "ICU", version: String(cString: dv_icu_version()))
            ],
            x264: try? x264CoreVersion()
        )
    }

    private static func freetypeVersion() -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unavailable" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// libx264 writes "x264 - core N rXXXX hash" into the first access unit; read it from there.
    private static func x264CoreVersion() throws -> String? {
        let encoder = try VideoEncoder(
            settings: .init(codec: .h264, width: 64, height: 64, fps: 25, crf: 30, preset: "ultrafast", threads: 1)
        )
        let frame = try VideoFrame(width: 64, height: 64)
        frame.fill(y: 16, u: 128, v: 128)
        var bytes = Data()
        try encoder.encode(frame, pts: 0) { bytes.append($0.data) }
        try encoder.flush { bytes.append($0.data) }
        guard let marker = bytes.range(of: Data("x264 - core ".utf8)) else { return nil }
        let tail = bytes[marker.upperBound...].prefix(64)
        let text = String(decoding: tail, as: UTF8.self)
        let words = text.split(separator: " ").prefix(3)
        return "core " + words.joined(separator: " ")
    }
}
