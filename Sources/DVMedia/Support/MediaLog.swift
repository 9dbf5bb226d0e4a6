internal import CFFmpeg

/// FFmpeg's own log output, which goes to standard error.
public enum MediaLog {
    /// Lets only FFmpeg's errors through (the default prints banners and statistics).
    public static func showErrorsOnly() {
        av_log_set_level(AV_LOG_ERROR)
    }

    /// Silences FFmpeg entirely; dvpipe reports failures itself, naming the file.
    public static func silence() {
        av_log_set_level(AV_LOG_QUIET)
    }
}
