/*
 * What a process asks of HarfBuzz: loaded before libharfbuzz (LD_PRELOAD), this counts the
 * calls to hb_shape(), the characters they shape and the glyphs they make, and the time spent
 * in them, and prints the totals on standard error when the process exits. With
 * FEEDLAYOUT_PROBE_NO_CONCAT_FLAG set, it clears HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT
 * before each call (what that flag costs; the answers may then differ, so compare times only).
 *
 *   cc -O2 -shared -fPIC $(pkg-config --cflags harfbuzz) hb-shape-calls.c -o hb-shape-calls.so -ldl
 *   LD_PRELOAD=$PWD/hb-shape-calls.so feedlayout measure --threads 1 --font ... < corpus.txt > /dev/null
 *
 * (Results/2026-12-05-indic-syllables.md)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <hb.h>

typedef void (*shape_function)(hb_font_t *, hb_buffer_t *, const hb_feature_t *, unsigned int);

static shape_function real_shape;
static long calls, characters, glyphs;
static double seconds;
static int clear_concat_flag;

static void report(void) {
    fprintf(stderr, "hb_shape: %ld calls, %ld characters, %ld glyphs, %.2f ms\n", calls, characters, glyphs,
            seconds * 1e3);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void hb_shape(hb_font_t *font, hb_buffer_t *buffer, const hb_feature_t *features, unsigned int count) {
    if (!real_shape) {
        real_shape = (shape_function)dlsym(RTLD_NEXT, "hb_shape");
        if (!real_shape) {
            fprintf(stderr, "hb-shape-calls: no hb_shape after this library\n");
            _exit(1);
        }
        clear_concat_flag = getenv("FEEDLAYOUT_PROBE_NO_CONCAT_FLAG") != NULL;
        atexit(report);
    }
    if (clear_concat_flag)
        hb_buffer_set_flags(buffer, hb_buffer_get_flags(buffer) & ~HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT);
    calls++;
    characters += hb_buffer_get_length(buffer);
    double start = now();
    real_shape(font, buffer, features, count);
    seconds += now() - start;
    glyphs += hb_buffer_get_length(buffer);
}
