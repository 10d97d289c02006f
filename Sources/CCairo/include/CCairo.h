// cairo with its FreeType backend, for the Rendering module only, loaded when first drawn
// with (see CCairo.c): the declarations are cairo's own headers.
#ifndef FEEDLAYOUT_CCAIRO_H
#define FEEDLAYOUT_CCAIRO_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo/cairo.h>
#include <cairo/cairo-ft.h>

#endif
