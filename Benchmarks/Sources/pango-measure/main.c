/*
 * pango-measure: the whole-process Pango peer of `feedlayout measure` (Benchmarks/startup.sh,
 * Benchmarks/scripts-process.sh). Reads one text per line of standard input and prints, for
 * each, what Pango measures at the given width with the oracle's settings (CPangoPeer: PangoFT2
 * at 72 dpi on a fontconfig configuration of only the fonts directory, unrounded positions,
 * PANGO_WRAP_WORD_CHAR): {"lines": N, "height": H, "width": W}.
 *
 * usage: pango-measure FONTS_DIR [WIDTH] [--families LIST] [--size PX]
 *   WIDTH       in px, default 343
 *   --families  comma-separated families in fallback order, default the bundled three:
 *               "Noto Sans,Noto Sans CJK SC,Noto Color Emoji" (fontconfig's sort of the
 *               directory's other fonts comes after them, as for any Pango application)
 *   --size      the font size in px, default 17
 * exit status: 0 done, 1 the fonts could not be opened or a line could not be measured,
 * 64 bad usage.
 */
#include "CPangoPeer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *usage = "usage: pango-measure FONTS_DIR [WIDTH] [--families LIST] [--size PX]\n";

/* A number above 0 (and at most 1e6) from `text`, or 0 when it is not one. */
static double positive(const char *text) {
    char *end = NULL;
    double value = strtod(text, &end);
    return end != text && *end == '\0' && value > 0 && value <= 1e6 ? value : 0;
}

int main(int argc, char **argv) {
    const char *fonts_dir = NULL, *families = "Noto Sans,Noto Sans CJK SC,Noto Color Emoji";
    double width = 343, size = 17;
    int positional = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--families") == 0 || strcmp(argv[i], "--size") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "pango-measure: %s needs a value\n%s", argv[i], usage);
                return 64;
            }
            if (argv[i][2] == 'f') {
                families = argv[++i];
                if (*families == '\0') {
                    fprintf(stderr, "pango-measure: --families must name at least one family\n");
                    return 64;
                }
            } else if ((size = positive(argv[++i])) == 0) {
                fprintf(stderr, "pango-measure: --size must be a number above 0 and at most 1e6, got '%s'\n", argv[i]);
                return 64;
            }
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "pango-measure: unknown option '%s'\n%s", argv[i], usage);
            return 64;
        } else if (positional == 0) {
            fonts_dir = argv[i];
            positional++;
        } else if (positional == 1) {
            if ((width = positive(argv[i])) == 0) {
                fprintf(stderr, "pango-measure: WIDTH must be a number above 0 and at most 1e6, got '%s'\n", argv[i]);
                return 64;
            }
            positional++;
        } else {
            fprintf(stderr, "pango-measure: too many arguments\n%s", usage);
            return 64;
        }
    }
    if (fonts_dir == NULL) {
        fputs(usage, stderr);
        return 64;
    }
    char error[512];
    cpangopeer_context *context = cpangopeer_open(fonts_dir, families, size, error, sizeof error);
    if (context == NULL) {
        fprintf(stderr, "pango-measure: %s\n", error);
        return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = '\0';
        cpangopeer_result result;
        if (cpangopeer_measure(context, line, length, width, &result) != 0) {
            fprintf(stderr, "pango-measure: could not measure a line\n");
            return 1;
        }
        printf("{\"lines\": %d, \"height\": %.3f, \"width\": %.3f}\n", result.line_count, result.height, result.trimmed_width);
    }
    free(line);
    cpangopeer_close(context);
    return 0;
}
