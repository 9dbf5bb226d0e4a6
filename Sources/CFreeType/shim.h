#ifndef DVPIPE_CFREETYPE_SHIM_H
#define DVPIPE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H

/* FT_HAS_KERNING is a macro over face_flags. */
static inline int dv_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

#endif
