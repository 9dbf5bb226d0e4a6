internal import CFFmpeg
import DVSignal

extension CanvasFormat {
    /// FFmpeg's pixel format for the format's frames.
    var pixelFormat: AVPixelFormat {
        switch self {
        case .sdr8: AV_PIX_FMT_YUV420P
        case .hlg10: AV_PIX_FMT_YUV420P10LE
        }
    }
}
