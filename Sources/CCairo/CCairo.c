// The cairo functions the Rendering module calls, each forwarding to libcairo.so.2, which is
// loaded the first time any of them is called (CLazyLibrary): cairo and the X11 libraries it
// pulls in (pixman, xcb, Xrender, X11, Xext…: twelve of the executable's 34) cost every
// process about 1 ms to map and relocate at start-up, and only the commands that draw need
// them.
//
// Each function has the prototype of cairo's headers (the compiler checks the definitions
// against them). A new cairo call in Rendering needs its line here: the link fails on an
// undefined cairo_* symbol until it has one.
#include "CCairo.h"

#include <CLazyLibrary.h>

#define FORWARD(type, name, parameters, arguments) \
    LAZYLIBRARY_FORWARD("libcairo.so.2", "libcairo2", type, name, parameters, arguments)
#define FORWARD_VOID(name, parameters, arguments) \
    LAZYLIBRARY_FORWARD_VOID("libcairo.so.2", "libcairo2", name, parameters, arguments)

FORWARD_VOID(cairo_arc, (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2), (cr, xc, yc, radius, angle1, angle2))
FORWARD_VOID(cairo_clip, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_close_path, (cairo_t *cr), (cr))
FORWARD(cairo_t *, cairo_create, (cairo_surface_t *target), (target))
FORWARD_VOID(cairo_curve_to, (cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3), (cr, x1, y1, x2, y2, x3, y3))
FORWARD_VOID(cairo_destroy, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_fill, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_fill_preserve, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_font_face_destroy, (cairo_font_face_t *font_face), (font_face))
FORWARD(cairo_status_t, cairo_font_face_set_user_data, (cairo_font_face_t *font_face, const cairo_user_data_key_t *key, void *user_data, cairo_destroy_func_t destroy), (font_face, key, user_data, destroy))
FORWARD(cairo_font_options_t *, cairo_font_options_create, (void), ())
FORWARD_VOID(cairo_font_options_destroy, (cairo_font_options_t *options), (options))
FORWARD_VOID(cairo_font_options_set_antialias, (cairo_font_options_t *options, cairo_antialias_t antialias), (options, antialias))
FORWARD_VOID(cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, cairo_hint_metrics_t hint_metrics), (options, hint_metrics))
FORWARD_VOID(cairo_font_options_set_hint_style, (cairo_font_options_t *options, cairo_hint_style_t hint_style), (options, hint_style))
FORWARD(int, cairo_format_stride_for_width, (cairo_format_t format, int width), (format, width))
FORWARD(cairo_font_face_t *, cairo_ft_font_face_create_for_ft_face, (FT_Face face, int load_flags), (face, load_flags))
FORWARD(cairo_pattern_t *, cairo_get_source, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_glyph_extents, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs, cairo_text_extents_t *extents), (cr, glyphs, num_glyphs, extents))
FORWARD(cairo_surface_t *, cairo_image_surface_create, (cairo_format_t format, int width, int height), (format, width, height))
FORWARD(cairo_surface_t *, cairo_image_surface_create_for_data, (unsigned char *data, cairo_format_t format, int width, int height, int stride), (data, format, width, height, stride))
FORWARD(cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename), (filename))
FORWARD(unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface), (surface))
FORWARD(cairo_format_t, cairo_image_surface_get_format, (cairo_surface_t *surface), (surface))
FORWARD(int, cairo_image_surface_get_height, (cairo_surface_t *surface), (surface))
FORWARD(int, cairo_image_surface_get_stride, (cairo_surface_t *surface), (surface))
FORWARD(int, cairo_image_surface_get_width, (cairo_surface_t *surface), (surface))
FORWARD_VOID(cairo_line_to, (cairo_t *cr, double x, double y), (cr, x, y))
FORWARD_VOID(cairo_mask_surface, (cairo_t *cr, cairo_surface_t *surface, double surface_x, double surface_y), (cr, surface, surface_x, surface_y))
FORWARD_VOID(cairo_move_to, (cairo_t *cr, double x, double y), (cr, x, y))
FORWARD_VOID(cairo_new_sub_path, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_paint, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_pattern_set_filter, (cairo_pattern_t *pattern, cairo_filter_t filter), (pattern, filter))
FORWARD_VOID(cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height), (cr, x, y, width, height))
FORWARD_VOID(cairo_restore, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_rotate, (cairo_t *cr, double angle), (cr, angle))
FORWARD_VOID(cairo_save, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_scale, (cairo_t *cr, double sx, double sy), (cr, sx, sy))
FORWARD_VOID(cairo_set_antialias, (cairo_t *cr, cairo_antialias_t antialias), (cr, antialias))
FORWARD_VOID(cairo_set_font_face, (cairo_t *cr, cairo_font_face_t *font_face), (cr, font_face))
FORWARD_VOID(cairo_set_font_options, (cairo_t *cr, const cairo_font_options_t *options), (cr, options))
FORWARD_VOID(cairo_set_font_size, (cairo_t *cr, double size), (cr, size))
FORWARD_VOID(cairo_set_line_join, (cairo_t *cr, cairo_line_join_t line_join), (cr, line_join))
FORWARD_VOID(cairo_set_line_width, (cairo_t *cr, double width), (cr, width))
FORWARD_VOID(cairo_set_source_rgba, (cairo_t *cr, double red, double green, double blue, double alpha), (cr, red, green, blue, alpha))
FORWARD_VOID(cairo_set_source_surface, (cairo_t *cr, cairo_surface_t *surface, double x, double y), (cr, surface, x, y))
FORWARD_VOID(cairo_show_glyphs, (cairo_t *cr, const cairo_glyph_t *glyphs, int num_glyphs), (cr, glyphs, num_glyphs))
FORWARD(const char *, cairo_status_to_string, (cairo_status_t status), (status))
FORWARD_VOID(cairo_stroke, (cairo_t *cr), (cr))
FORWARD_VOID(cairo_surface_destroy, (cairo_surface_t *surface), (surface))
FORWARD_VOID(cairo_surface_flush, (cairo_surface_t *surface), (surface))
FORWARD(cairo_status_t, cairo_surface_status, (cairo_surface_t *surface), (surface))
FORWARD(cairo_status_t, cairo_surface_write_to_png_stream, (cairo_surface_t *surface, cairo_write_func_t write_func, void *closure), (surface, write_func, closure))
FORWARD_VOID(cairo_translate, (cairo_t *cr, double tx, double ty), (cr, tx, ty))
