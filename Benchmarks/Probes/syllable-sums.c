/*
 * Would a word of an Indic script measure as its syllables shaped alone? For each word of a
 * corpus (between spaces) written only in the script's block, this shapes the word, and each
 * of its syllables alone (a new syllable before each consonant or independent vowel that no
 * virama precedes), with HarfBuzz as FeedLayout shapes a run (left to right, the run's edges
 * as the text's, each character its own cluster), and counts the words whose advance is the
 * sum of their syllables'. Then, for every two syllables side by side, what shaping them
 * together adds, and how often the same last glyph and first glyph add different amounts (the
 * kerning reads past the last glyph, or another rule reaches across).
 *
 *   cc -O2 $(pkg-config --cflags harfbuzz) syllable-sums.c -o syllable-sums $(pkg-config --libs harfbuzz)
 *   ./syllable-sums /usr/share/fonts/truetype/noto/NotoSansTelugu-Regular.ttf Telu 0C4D < Corpus/scripts/telugu.txt
 *
 * Arguments: the font, the ISO 15924 script, the script's virama (hexadecimal; its block is
 * the 128 code points around it). Prints a few words that differ, then the counts.
 * (Results/2026-12-05-indic-syllables.md)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hb.h>
#include <hb-ot.h>

static hb_font_t *font;
static hb_buffer_t *buffer;
static hb_script_t script;

/* The advance of `length` bytes at `text` shaped alone; its first and last glyphs. */
static long shape(const char *text, int length, unsigned *first, unsigned *last) {
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, text, length, 0, length);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, script);
    hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_BOT | HB_BUFFER_FLAG_EOT);
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    hb_shape(font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    long advance = 0;
    for (unsigned i = 0; i < count; i++) advance += positions[i].x_advance;
    if (first && count) {
        *first = infos[0].codepoint;
        *last = infos[count - 1].codepoint;
    }
    return advance;
}

/* The code point at `s` (valid UTF-8) and its length in bytes. */
static unsigned decode(const unsigned char *s, int *length) {
    if (s[0] < 0x80) { *length = 1; return s[0]; }
    if (s[0] < 0xE0) { *length = 2; return (unsigned)(s[0] & 0x1F) << 6 | (s[1] & 0x3F); }
    if (s[0] < 0xF0) { *length = 3; return (unsigned)(s[0] & 0x0F) << 12 | (unsigned)(s[1] & 0x3F) << 6 | (s[2] & 0x3F); }
    *length = 4;
    return (unsigned)(s[0] & 0x07) << 18 | (unsigned)(s[1] & 0x3F) << 12 | (unsigned)(s[2] & 0x3F) << 6 | (s[3] & 0x3F);
}

#define MAX_SYLLABLES 512
#define PAIR_SLOTS (1 << 20)
static unsigned pair_keys[PAIR_SLOTS];
static long pair_values[PAIR_SLOTS];

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: syllable-sums FONT SCRIPT VIRAMA < corpus\n");
        return 64;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) {
        fprintf(stderr, "syllable-sums: cannot read %s\n", argv[1]);
        return 1;
    }
    hb_face_t *face = hb_face_create(blob, 0);
    font = hb_font_create(face);
    hb_ot_font_set_funcs(font);
    script = hb_script_from_string(argv[2], -1);
    unsigned virama = (unsigned)strtoul(argv[3], NULL, 16);
    unsigned block = virama & ~0x7Fu;
    buffer = hb_buffer_create();
    static char line[1 << 20];
    long words = 0, equal = 0, differ = 0, syllables = 0, pairs = 0, kerned = 0, conflicts = 0;
    while (fgets(line, sizeof line, stdin)) {
        for (char *word = strtok(line, " \t\n"); word; word = strtok(NULL, " \t\n")) {
            int n = (int)strlen(word), at = 0, step = 0, inBlock = 1;
            while (at < n) {
                unsigned c = decode((unsigned char *)word + at, &step);
                if ((c & ~0x7Fu) != block) inBlock = 0;
                at += step;
            }
            if (!inBlock) continue;
            words++;
            int starts[MAX_SYLLABLES + 1], count = 0;
            unsigned previous = 0;
            for (at = 0; at < n; at += step) {
                unsigned c = decode((unsigned char *)word + at, &step), offset = c - block;
                int letter = (offset >= 0x05 && offset <= 0x39) || offset == 0x58 || offset == 0x59 ||
                             offset == 0x5A || offset == 0x5D || offset == 0x60 || offset == 0x61 ||
                             (offset >= 0x7A && offset <= 0x7F);
                if ((at == 0 || (letter && previous != virama)) && count < MAX_SYLLABLES) starts[count++] = at;
                previous = c;
            }
            starts[count] = n;
            syllables += count;
            long whole = shape(word, n, NULL, NULL), sum = 0;
            for (int i = 0; i < count; i++) sum += shape(word + starts[i], starts[i + 1] - starts[i], NULL, NULL);
            if (whole == sum) {
                equal++;
            } else if (++differ <= 8) {
                printf("%.*s: %ld whole, %ld as syllables\n", n, word, whole, sum);
            }
            for (int i = 0; i + 1 < count; i++) {
                unsigned f1 = 0, l1 = 0, f2 = 0, l2 = 0;
                long a = shape(word + starts[i], starts[i + 1] - starts[i], &f1, &l1);
                long b = shape(word + starts[i + 1], starts[i + 2] - starts[i + 1], &f2, &l2);
                long delta = shape(word + starts[i], starts[i + 2] - starts[i], NULL, NULL) - a - b;
                pairs++;
                if (delta) kerned++;
                unsigned key = (l1 & 0xFFFF) << 16 | (f2 & 0xFFFF), slot = (key * 2654435761u) >> 12;
                while (pair_keys[slot] && pair_keys[slot] != key + 1) slot = (slot + 1) & (PAIR_SLOTS - 1);
                if (!pair_keys[slot]) {
                    pair_keys[slot] = key + 1;
                    pair_values[slot] = delta;
                } else if (pair_values[slot] != delta) {
                    conflicts++;
                }
            }
        }
    }
    printf("words %ld, syllables %ld: %ld measure as their syllables, %ld do not\n", words, syllables, equal, differ);
    printf("syllable pairs %ld: %ld add something together; %ld add another amount than the same glyphs did before\n",
           pairs, kerned, conflicts);
    return 0;
}
