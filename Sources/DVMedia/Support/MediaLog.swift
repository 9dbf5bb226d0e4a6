internal import CFFmpeg

/// FFmpeg's own log output, which goes to standard error.
package enum MediaLog {
    /// Lets only FFmpeg's errors through (the default prints banners and statistics).
    package static func showErrorsOnly() {
        av_log_set_level(AV_LOG_ERROR)
    }

    /// Silences FFmpeg entirely, and SVT-AV1's banner (printed by the library itself, not through FFmpeg's
    /// log, unless `SVT_LOG` says otherwise); dvpipe reports failures itself, naming the file. Call it at
    /// the start, before any thread reads the environment.
    package static func silence() {
        av_log_set_level(AV_LOG_QUIET)
        setenv("SVT_LOG", "1", 0)
    }
}
