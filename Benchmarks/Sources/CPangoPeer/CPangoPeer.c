/*
 * CPangoPeer: see include/CPangoPeer.h. The only code in FeedLayout's benchmarks that calls
 * Pango, GLib or fontconfig.
 */
#include "CPangoPeer.h"

#include <pango/pangoft2.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <fontconfig/fontconfig.h>

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct cpangopeer_context {
    PangoFontMap *font_map;
    PangoContext *context;
    PangoFontDescription *description;
    PangoLayout *layout;
};

/*
 * The from-scratch configuration. fontconfig's stock setup scales bitmap-only fonts (colour
 * emoji fonts are CBDT bitmaps with one 109 px strike) to the requested pixel size with a
 * matrix; a configuration built from scratch has no such rule, and Pango would then measure
 * every emoji at the strike's size. The two rules below do that scaling: for a font without
 * outlines, the factor is the requested pixel size over the font's, applied to the matrix
 * and divided out of the size. (The stock rule's special case for non-colour bitmap fonts
 * with hinting does not matter here: the font directory has none.)
 */
static const char config_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <edit name=\"pixelsizefixupfactor\" mode=\"assign\">\n"
    "      <divide>\n"
    "        <name target=\"pattern\">pixelsize</name>\n"
    "        <name target=\"font\">pixelsize</name>\n"
    "      </divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>\n"
    "    <edit name=\"matrix\" mode=\"assign\">\n"
    "      <times>\n"
    "        <name>matrix</name>\n"
    "        <matrix>\n"
    "          <name>pixelsizefixupfactor</name><double>0</double>\n"
    "          <double>0</double><name>pixelsizefixupfactor</name>\n"
    "        </matrix>\n"
    "      </times>\n"
    "    </edit>\n"
    "    <edit name=\"size\" mode=\"assign\">\n"
    "      <divide><name>size</name><name>pixelsizefixupfactor</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "</fontconfig>\n";

static void set_error(char *buf, size_t len, const char *message, const char *detail) {
    if (buf == NULL || len == 0) return;
    if (detail != NULL)
        snprintf(buf, len, "%s: %s", message, detail);
    else
        snprintf(buf, len, "%s", message);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int has_font_suffix(const char *name) {
    static const char *const suffixes[] = {".ttf", ".ttc", ".otf", ".otc"};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if (n > 4 && strcasecmp(name + n - 4, suffixes[i]) == 0) return 1;
    return 0;
}

/*
 * Adds every font file of `dir` (not its subdirectories), in name order, as application
 * fonts. This is what FcConfigAppFontAddDir does, minus its attempt to write a cache file:
 * a configuration built from scratch has no cache directory, and fontconfig would print
 * "No writable cache directories" on every run.
 */
static int add_font_files(FcConfig *config, const char *dir) {
    DIR *d = opendir(dir);
    if (d == NULL) return -1;
    char **names = NULL;
    size_t count = 0, capacity = 0;
    int status = 0;
    struct dirent *entry;
    while ((entry = readdir(d)) != NULL) {
        if (!has_font_suffix(entry->d_name)) continue;
        if (count == capacity) {
            size_t grown = capacity ? capacity * 2 : 16;
            char **bigger = realloc(names, grown * sizeof *names);
            if (bigger == NULL) { status = -1; break; }
            names = bigger;
            capacity = grown;
        }
        size_t path_len = strlen(dir) + 1 + strlen(entry->d_name) + 1;
        char *path = malloc(path_len);
        if (path == NULL) { status = -1; break; }
        snprintf(path, path_len, "%s/%s", dir, entry->d_name);
        names[count++] = path;
    }
    closedir(d);
    if (status == 0) {
        qsort(names, count, sizeof *names, compare_names);
        for (size_t i = 0; i < count; i++)
            if (!FcConfigAppFontAddFile(config, (const FcChar8 *)names[i])) status = -1;
    }
    for (size_t i = 0; i < count; i++) free(names[i]);
    free(names);
    return status;
}

cpangopeer_context *cpangopeer_open(const char *fonts_dir, const char *families, double size_px,
                                    char *error_buf, size_t error_len) {
    if (fonts_dir == NULL || families == NULL || !(size_px > 0)) {
        set_error(error_buf, error_len, "bad arguments", NULL);
        return NULL;
    }
    FcConfig *config = FcConfigCreate();
    if (config == NULL) {
        set_error(error_buf, error_len, "FcConfigCreate failed", NULL);
        return NULL;
    }
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)config_xml, FcTrue)) {
        FcConfigDestroy(config);
        set_error(error_buf, error_len, "cannot parse the fontconfig configuration", NULL);
        return NULL;
    }
    if (add_font_files(config, fonts_dir) != 0) {
        FcConfigDestroy(config);
        set_error(error_buf, error_len, "cannot read the font directory", fonts_dir);
        return NULL;
    }
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    if (set == NULL || set->nfont == 0) {
        FcConfigDestroy(config);
        set_error(error_buf, error_len, "no fonts in the font directory", fonts_dir);
        return NULL;
    }

    /*
     * Pango 1.50 substitutes its patterns (FcConfigSubstitute) with fontconfig's *current*
     * configuration, not the font map's: without this, the system's rules leak into the
     * patterns (generic family aliases, emoji preferences) and digits, '#' and lone spaces are
     * measured in Noto Color Emoji (4.06 lines a paragraph at 343 px instead of 4.005). Making ours current also keeps FcInit from loading the
     * system configuration. This is process-wide; the benchmarks use fontconfig nowhere else.
     */
    if (!FcConfigSetCurrent(config)) {
        FcConfigDestroy(config);
        set_error(error_buf, error_len, "FcConfigSetCurrent failed", NULL);
        return NULL;
    }
    PangoFontMap *font_map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(font_map), 72.0, 72.0);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(font_map), config); /* takes a reference */
    FcConfigDestroy(config);

    PangoContext *context = pango_font_map_create_context(font_map);
    pango_context_set_round_glyph_positions(context, FALSE);

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, families);
    pango_font_description_set_absolute_size(description, size_px * PANGO_SCALE);
    pango_context_set_font_description(context, description);

    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, description);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);

    cpangopeer_context *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        g_object_unref(layout);
        pango_font_description_free(description);
        g_object_unref(context);
        g_object_unref(font_map);
        set_error(error_buf, error_len, "out of memory", NULL);
        return NULL;
    }
    ctx->font_map = font_map;
    ctx->context = context;
    ctx->description = description;
    ctx->layout = layout;
    return ctx;
}

/* The logical width of `line` without the white space at its end: the advances of the
 * glyphs whose cluster starts before that white space. */
static int trimmed_line_width(PangoLayoutLine *line, const char *text) {
    const char *start = text + line->start_index;
    const char *end = start + line->length;
    while (end > start) {
        const char *previous = g_utf8_find_prev_char(start, end);
        if (previous == NULL || !g_unichar_isspace(g_utf8_get_char(previous))) break;
        end = previous;
    }
    int content_end = (int)(end - text);
    int width = 0;
    for (GSList *r = line->runs; r != NULL; r = r->next) {
        PangoGlyphItem *run = r->data;
        PangoGlyphString *glyphs = run->glyphs;
        for (int i = 0; i < glyphs->num_glyphs; i++)
            if (run->item->offset + glyphs->log_clusters[i] < content_end)
                width += glyphs->glyphs[i].geometry.width;
    }
    return width;
}

int cpangopeer_measure(cpangopeer_context *ctx, const char *utf8, int64_t len, double width_px,
                       cpangopeer_result *out) {
    if (ctx == NULL || out == NULL || len < 0 || len > INT_MAX || (utf8 == NULL && len > 0))
        return -1;
    PangoLayout *layout = ctx->layout;
    pango_layout_set_width(layout, width_px > 0 ? (int)(width_px * PANGO_SCALE + 0.5) : -1);
    pango_layout_set_text(layout, len > 0 ? utf8 : "", (int)len);

    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    const char *text = pango_layout_get_text(layout);
    int widest = 0, widest_trimmed = 0;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l != NULL; l = l->next) {
        PangoLayoutLine *line = l->data;
        PangoRectangle line_logical;
        pango_layout_line_get_extents(line, NULL, &line_logical);
        if (line_logical.width > widest) widest = line_logical.width;
        int trimmed = trimmed_line_width(line, text);
        if (trimmed > widest_trimmed) widest_trimmed = trimmed;
    }
    out->line_count = pango_layout_get_line_count(layout);
    out->height = (double)logical.height / PANGO_SCALE;
    out->width = (double)widest / PANGO_SCALE;
    out->trimmed_width = (double)widest_trimmed / PANGO_SCALE;
    return 0;
}

int32_t cpangopeer_line_count(const cpangopeer_context *ctx) {
    if (ctx == NULL) return 0;
    return pango_layout_get_line_count(ctx->layout);
}

int cpangopeer_line_info(const cpangopeer_context *ctx, int32_t index, int64_t *start,
                         int64_t *length, double *width, double *trimmed_width, double *height) {
    if (ctx == NULL || index < 0) return -1;
    PangoLayoutLine *line = pango_layout_get_line_readonly(ctx->layout, index);
    if (line == NULL) return -1;
    if (start != NULL) *start = line->start_index;
    if (length != NULL) *length = line->length;
    PangoRectangle logical;
    pango_layout_line_get_extents(line, NULL, &logical);
    if (width != NULL) *width = (double)logical.width / PANGO_SCALE;
    if (height != NULL) *height = (double)logical.height / PANGO_SCALE;
    if (trimmed_width != NULL)
        *trimmed_width = (double)trimmed_line_width(line, pango_layout_get_text(ctx->layout)) / PANGO_SCALE;
    return 0;
}

int32_t cpangopeer_break_offsets(const cpangopeer_context *ctx, int64_t *offsets, int32_t capacity) {
    if (ctx == NULL) return 0;
    const char *text = pango_layout_get_text(ctx->layout);
    int32_t count = 0;
    const char *previous = text;
    glong scalars = 0;
    GSList *l = pango_layout_get_lines_readonly(ctx->layout);
    for (l = l != NULL ? l->next : NULL; l != NULL; l = l->next) {
        const char *start = text + ((PangoLayoutLine *)l->data)->start_index;
        scalars += g_utf8_pointer_to_offset(previous, start);
        previous = start;
        if (offsets != NULL && count < capacity) offsets[count] = scalars;
        count++;
    }
    return count;
}

int32_t cpangopeer_line_break_opportunities(cpangopeer_context *ctx, const char *utf8, int64_t len,
                                            int64_t *offsets, int32_t capacity) {
    if (ctx == NULL || (utf8 == NULL && len > 0) || len < 0 || len > INT32_MAX) return -1;
    pango_layout_set_width(ctx->layout, -1);
    pango_layout_set_text(ctx->layout, utf8 != NULL ? utf8 : "", (int)len);
    int n_attrs = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(ctx->layout, &n_attrs);
    int32_t count = 0;
    /* n_attrs is the scalar count plus one: the positions before each scalar and the end. */
    for (int i = 1; i < n_attrs - 1; i++) {
        if (!attrs[i].is_line_break) continue;
        if (offsets != NULL && count < capacity) offsets[count] = i;
        count++;
    }
    return count;
}

int cpangopeer_font_at(const cpangopeer_context *ctx, int64_t byte_index, char *buf, size_t len) {
    if (ctx == NULL || buf == NULL || len == 0 || byte_index < 0) return -1;
    for (GSList *l = pango_layout_get_lines_readonly(ctx->layout); l != NULL; l = l->next) {
        for (GSList *r = ((PangoLayoutLine *)l->data)->runs; r != NULL; r = r->next) {
            PangoGlyphItem *run = r->data;
            int64_t start = run->item->offset;
            if (byte_index < start || byte_index >= start + run->item->length) continue;
            PangoFont *font = run->item->analysis.font;
            if (font == NULL || !PANGO_IS_FC_FONT(font)) return -1;
            FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
            FcChar8 *family = NULL;
            int face_index = 0;
            FcPatternGetString(pattern, FC_FAMILY, 0, &family);
            FcPatternGetInteger(pattern, FC_INDEX, 0, &face_index);
            snprintf(buf, len, "%s #%d", family ? (const char *)family : "?", face_index);
            return 0;
        }
    }
    return -1;
}

const char *cpangopeer_pango_version(void) { return pango_version_string(); }

void cpangopeer_close(cpangopeer_context *ctx) {
    if (ctx == NULL) return;
    g_object_unref(ctx->layout);
    pango_font_description_free(ctx->description);
    g_object_unref(ctx->context);
    g_object_unref(ctx->font_map);
    free(ctx);
}
