#ifndef DVPIPE_CTEXT_SHIM_H
#define DVPIPE_CTEXT_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <fribidi.h>
#include <fontconfig/fontconfig.h>

/* FT_HAS_KERNING and FT_HAS_COLOR are macros over face_flags. */
static inline int dv_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int dv_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
static inline int dv_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

/* FRIBIDI_LEVEL_IS_RTL and the paragraph directions are macros. */
static inline FriBidiParType dv_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType dv_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType dv_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
/* FriBidi's version, as `1.0.8`. */
static inline const char *dv_fribidi_version(void) { return FRIBIDI_VERSION; }

/* fontconfig's property names are macros. */
static inline const char *dv_fc_file(void) { return FC_FILE; }
static inline const char *dv_fc_family(void) { return FC_FAMILY; }
static inline const char *dv_fc_charset(void) { return FC_CHARSET; }
static inline const char *dv_fc_lang(void) { return FC_LANG; }
static inline const char *dv_fc_color(void) { return FC_COLOR; }
static inline const char *dv_fc_index(void) { return FC_INDEX; }
static inline const char *dv_fc_scalable(void) { return FC_SCALABLE; }

#endif
