/*
 * CHTMLText: the HTML of a status text (m.weibo.cn's and weibo.com's `text`, Mastodon's
 * `content`) read with libxml2's HTML parser (Debian `libxml2-dev`), behind names prefixed
 * `chtmltext_`. This header includes only standard headers.
 *
 * A parse turns a fragment into a flat list of events: an element starts (with the attributes
 * a status text's rules read: class, href, alt, src), an element ends, text (entities decoded,
 * runs of white space made one space as a browser shows them). The rules of each network
 * (which spans are emoticons, which links are hidden) are applied by the caller.
 *
 * Every parser is used by one thread at a time.
 */
#ifndef CHTMLTEXT_H
#define CHTMLTEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct chtmltext_parser chtmltext_parser;

/* Event kinds. */
#define CHTMLTEXT_START 0  /* an element starts */
#define CHTMLTEXT_END   1  /* an element ends */
#define CHTMLTEXT_TEXT  2  /* characters */

/* Elements told apart (any other is CHTMLTEXT_OTHER: its text is kept, the tag dropped). */
#define CHTMLTEXT_OTHER 0
#define CHTMLTEXT_A     1
#define CHTMLTEXT_SPAN  2
#define CHTMLTEXT_IMG   3
#define CHTMLTEXT_BR    4
#define CHTMLTEXT_P     5
#define CHTMLTEXT_DIV   6
#define CHTMLTEXT_HIDDEN 7 /* script, style, template: nothing of it is shown */
#define CHTMLTEXT_LI    8  /* a list item */
#define CHTMLTEXT_UL    9  /* a list */
#define CHTMLTEXT_OL    10 /* a numbered list */
#define CHTMLTEXT_BLOCK 11 /* blockquote, pre, h1 to h6: a block of its own */

/* A string of the parser's arena: `start` and `length` in bytes (length 0: absent or empty). */
typedef struct {
    uint32_t start;
    uint32_t length;
} chtmltext_string;

typedef struct {
    int32_t kind;
    int32_t element;          /* START and END */
    chtmltext_string text;    /* TEXT: the characters (UTF-8) */
    chtmltext_string class_;  /* START: the class attribute */
    chtmltext_string href;    /* START: href */
    chtmltext_string alt;     /* START: alt */
    chtmltext_string src;     /* START: src */
} chtmltext_event;

/* Makes a parser; NULL when out of memory. */
chtmltext_parser *chtmltext_parser_create(void);
void chtmltext_parser_destroy(chtmltext_parser *parser);

/* Parses `length` bytes of UTF-8 HTML (a fragment: no html or body needed). Returns the number
 * of events, read with chtmltext_events and chtmltext_arena until the next parse; -1 when out
 * of memory. Malformed HTML is read as browsers read it, never refused. */
long chtmltext_parse(chtmltext_parser *parser, const uint8_t *bytes, size_t length);
const chtmltext_event *chtmltext_events(const chtmltext_parser *parser);
const uint8_t *chtmltext_arena(const chtmltext_parser *parser);

#ifdef __cplusplus
}
#endif

#endif
