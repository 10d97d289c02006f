/* hb-raw: the least HarfBuzz work that measures a paragraph's advance. */
#include "CBaselines.h"

#include <stdio.h>
#include <stdlib.h>

#include <hb-ot.h>
#include <hb.h>

struct cbaselines_shaper {
    hb_font_t *font;
    hb_buffer_t *buffer;
    unsigned int units_per_em;
};

static void set_error(char *buffer, size_t length, const char *message, const char *path) {
    if (buffer == NULL || length == 0) return;
    snprintf(buffer, length, "%s: %s", message, path);
}

cbaselines_shaper *cbaselines_shaper_open(const char *path, uint32_t face_index, char *error_buf,
                                          size_t error_len) {
    if (path == NULL) {
        set_error(error_buf, error_len, "no font path", "");
        return NULL;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (blob == NULL) {
        set_error(error_buf, error_len, "cannot read the font file", path);
        return NULL;
    }
    if (face_index >= hb_face_count(blob)) {
        hb_blob_destroy(blob);
        set_error(error_buf, error_len, "no such face index in", path);
        return NULL;
    }
    hb_face_t *face = hb_face_create(blob, face_index);
    hb_blob_destroy(blob);
    unsigned int upem = hb_face_get_upem(face);
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    hb_ot_font_set_funcs(font);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_font_make_immutable(font);

    hb_buffer_t *buffer = hb_buffer_create();
    cbaselines_shaper *shaper = calloc(1, sizeof *shaper);
    if (shaper == NULL || !hb_buffer_allocation_successful(buffer)) {
        free(shaper);
        hb_buffer_destroy(buffer);
        hb_font_destroy(font);
        set_error(error_buf, error_len, "out of memory opening", path);
        return NULL;
    }
    shaper->font = font;
    shaper->buffer = buffer;
    shaper->units_per_em = upem;
    return shaper;
}

uint32_t cbaselines_shaper_units_per_em(const cbaselines_shaper *shaper) {
    return shaper == NULL ? 0 : shaper->units_per_em;
}

int64_t cbaselines_shaper_advance(cbaselines_shaper *shaper, const char *utf8, int64_t length) {
    if (shaper == NULL || length < 0 || length > INT32_MAX || (utf8 == NULL && length > 0)) return 0;
    hb_buffer_t *buffer = shaper->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, utf8, (int)length, 0, (int)length);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(shaper->font, buffer, NULL, 0);
    unsigned int count = 0;
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    int64_t advance = 0;
    for (unsigned int i = 0; i < count; i++) advance += positions[i].x_advance;
    return advance;
}

void cbaselines_shaper_close(cbaselines_shaper *shaper) {
    if (shaper == NULL) return;
    hb_buffer_destroy(shaper->buffer);
    hb_font_destroy(shaper->font);
    free(shaper);
}
