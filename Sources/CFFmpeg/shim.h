#ifndef DVPIPE_CFFMPEG_SHIM_H
#define DVPIPE_CFFMPEG_SHIM_H

#include <errno.h>
#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/display.h>
#include <libavutil/dovi_meta.h>
#include <libavutil/error.h>
#include <libavutil/hash.h>
#include <libavutil/imgutils.h>
#include <libavutil/mastering_display_metadata.h>
#include <libavutil/mathematics.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/* Macros that Swift cannot import, as functions and constants. */

static inline int dv_averror(int posix_error) { return AVERROR(posix_error); }
static inline int dv_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int dv_averror_eof(void) { return AVERROR_EOF; }
static inline int dv_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int64_t dv_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline AVRational dv_time_base_q(void) { return AV_TIME_BASE_Q; }

static inline AVChannelLayout dv_channel_layout_mono(void) { AVChannelLayout l = AV_CHANNEL_LAYOUT_MONO; return l; }
static inline AVChannelLayout dv_channel_layout_stereo(void) { AVChannelLayout l = AV_CHANNEL_LAYOUT_STEREO; return l; }
static inline AVChannelLayout dv_channel_layout_5point1(void) { AVChannelLayout l = AV_CHANNEL_LAYOUT_5POINT1; return l; }

/* `AVFrame.data` and `linesize` import as tuples; index them from C instead. */
static inline uint8_t *dv_frame_plane(const AVFrame *frame, int plane) { return frame->data[plane]; }
static inline int dv_frame_linesize(const AVFrame *frame, int plane) { return frame->linesize[plane]; }

/* The whole `data` and `linesize` arrays, for libswscale calls. */
static inline uint8_t *const *dv_frame_planes(const AVFrame *frame) { return frame->data; }
static inline const int *dv_frame_linesizes(const AVFrame *frame) { return frame->linesize; }

/* A stream's display matrix (nine 16.16/2.30 fixed-point values), or NULL when it has none. */
static inline const int32_t *dv_stream_display_matrix(const AVStream *stream) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    return (data != NULL && size >= 9 * sizeof(int32_t)) ? (const int32_t *)data : NULL;
}

/* The brightest light an HDR frame says it holds, in cd/m²: its content light level (MaxCLL), else its
   mastering display's peak, else 0 when it says neither. */
static inline double dv_frame_content_peak(const AVFrame *frame) {
    const AVFrameSideData *light = av_frame_get_side_data(frame, AV_FRAME_DATA_CONTENT_LIGHT_LEVEL);
    if (light != NULL && light->size >= sizeof(AVContentLightMetadata) && ((const AVContentLightMetadata *)light->data)->MaxCLL > 0) {
        return ((const AVContentLightMetadata *)light->data)->MaxCLL;
    }
    const AVFrameSideData *display = av_frame_get_side_data(frame, AV_FRAME_DATA_MASTERING_DISPLAY_METADATA);
    if (display != NULL && display->size >= sizeof(AVMasteringDisplayMetadata)) {
        const AVMasteringDisplayMetadata *mastering = (const AVMasteringDisplayMetadata *)display->data;
        if (mastering->has_luminance && mastering->max_luminance.den > 0) { return av_q2d(mastering->max_luminance); }
    }
    return 0;
}

/* A decoded picture's embedded ICC profile (PNG `iCCP`, JPEG `APP2`) and its size, or NULL when it has none. */
static inline const uint8_t *dv_frame_icc_profile(const AVFrame *frame, size_t *size) {
    const AVFrameSideData *profile = av_frame_get_side_data(frame, AV_FRAME_DATA_ICC_PROFILE);
    *size = profile != NULL ? profile->size : 0;
    return profile != NULL ? profile->data : NULL;
}

/* A stream's Dolby Vision configuration (the `dvcC`/`dvvC` box), or NULL when it has none. */
static inline const AVDOVIDecoderConfigurationRecord *dv_stream_dovi_configuration(const AVStream *stream) {
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DOVI_CONF, &size);
    return (data != NULL && size > offsetof(AVDOVIDecoderConfigurationRecord, dv_bl_signal_compatibility_id)) ? (const AVDOVIDecoderConfigurationRecord *)data : NULL;
}

/* Returns the message FFmpeg has for an error code (av_err2str is a macro over a compound literal). */
static inline const char *dv_error_string(int code, char *buffer, size_t size) {
    return av_make_error_string(buffer, size, code);
}

/* Audio reading: libswresample takes planes as `const uint8_t **`, which AVFrame's `extended_data`
   is not in Swift's eyes; convert a whole frame (or flush with NULL) from C. */
static inline int dv_swr_convert_frame_planes(SwrContext *swr, uint8_t **out, int out_count, const AVFrame *in) {
    if (in == NULL) { return swr_convert(swr, out, out_count, NULL, 0); }
    return swr_convert(swr, out, out_count, (const uint8_t **)in->extended_data, in->nb_samples);
}

#endif
