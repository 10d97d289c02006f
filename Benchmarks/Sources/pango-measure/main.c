/*
 * pango-measure: the whole-process peer of `feedlayout measure` for the start-up benchmark
 * (Benchmarks/startup.sh). Reads one text per line of standard input and prints, for each,
 * what Pango measures at the given width with the oracle's fonts and settings (CPangoPeer:
 * PangoFT2 at 72 dpi on a fontconfig configuration of only the fonts directory, the three
 * bundled families, 17 px, PANGO_WRAP_WORD_CHAR): {"lines": N, "height": H, "width": W}.
 *
 * usage: pango-measure FONTS_DIR [WIDTH]   (WIDTH in px, default 343)
 * exit status: 0 done, 1 the fonts could not be opened, 64 bad usage.
 */
#include "CPangoPeer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: pango-measure FONTS_DIR [WIDTH]\n");
        return 64;
    }
    char *end = NULL;
    double width = argc == 3 ? strtod(argv[2], &end) : 343;
    if (argc == 3 && (end == argv[2] || *end != '\0' || !(width > 0))) {
        fprintf(stderr, "pango-measure: WIDTH must be a number above 0, got '%s'\n", argv[2]);
        return 64;
    }
    char error[512];
    cpangopeer_context *context = cpangopeer_open(argv[1], "Noto Sans,Noto Sans CJK SC,Noto Color Emoji", 17, error, sizeof error);
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
