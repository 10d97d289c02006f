// A status text's HTML through libxml2's SAX HTML parser: no tree is built; each callback
// appends an event and copies the strings it needs into one arena. The parser context is kept
// and reset between texts (making one costs more than parsing a short text).
#include "CHTMLText.h"

#include <libxml/HTMLparser.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct chtmltext_parser {
    htmlParserCtxtPtr context;
    chtmltext_event *events;
    size_t count, capacity;
    uint8_t *arena;
    size_t used, size;
    int hidden;        // depth inside script / style / template
    int depth;         // open elements, the wrapper included
    uint8_t *input;    // the text inside the wrapper <div>…</div> (libxml2 puts an implied <p>
    size_t input_capacity; // around text at the top level: the wrapper keeps the text where it is)
    int after_space;   // the last character kept is a space, or a line break came since
    int failed;        // out of memory
};

static pthread_once_t initialized = PTHREAD_ONCE_INIT;
static void initialize(void) { xmlInitParser(); }

static int reserve_arena(chtmltext_parser *p, size_t more) {
    if (p->used + more <= p->size) return 1;
    size_t size = p->size ? p->size : 1024;
    while (size < p->used + more) size *= 2;
    uint8_t *arena = realloc(p->arena, size);
    if (!arena) return p->failed = 1, 0;
    p->arena = arena;
    p->size = size;
    return 1;
}

static chtmltext_string copy(chtmltext_parser *p, const uint8_t *bytes, size_t length) {
    chtmltext_string s = {0, 0};
    if (!bytes || length == 0 || !reserve_arena(p, length)) return s;
    memcpy(p->arena + p->used, bytes, length);
    s.start = (uint32_t)p->used;
    s.length = (uint32_t)length;
    p->used += length;
    return s;
}

static chtmltext_event *add(chtmltext_parser *p, int32_t kind) {
    if (p->count == p->capacity) {
        size_t capacity = p->capacity ? 2 * p->capacity : 64;
        chtmltext_event *events = realloc(p->events, capacity * sizeof *events);
        if (!events) return p->failed = 1, NULL;
        p->events = events;
        p->capacity = capacity;
    }
    chtmltext_event *event = &p->events[p->count++];
    memset(event, 0, sizeof *event);
    event->kind = kind;
    return event;
}

static int32_t element(const xmlChar *name) {
    const char *n = (const char *)name;
    switch (n[0] | 0x20) {
    case 'a': if (n[1] == 0) return CHTMLTEXT_A; break;
    case 'b':
        if (strcasecmp(n, "br") == 0) return CHTMLTEXT_BR;
        if (strcasecmp(n, "blockquote") == 0) return CHTMLTEXT_BLOCK;
        break;
    case 'd': if (strcasecmp(n, "div") == 0) return CHTMLTEXT_DIV; break;
    case 'h': if (n[1] >= '1' && n[1] <= '6' && n[2] == 0) return CHTMLTEXT_BLOCK; break;
    case 'i': if (strcasecmp(n, "img") == 0) return CHTMLTEXT_IMG; break;
    case 'l': if (strcasecmp(n, "li") == 0) return CHTMLTEXT_LI; break;
    case 'o': if (strcasecmp(n, "ol") == 0) return CHTMLTEXT_OL; break;
    case 'p':
        if (n[1] == 0) return CHTMLTEXT_P;
        if (strcasecmp(n, "pre") == 0) return CHTMLTEXT_BLOCK;
        break;
    case 's':
        if (strcasecmp(n, "span") == 0) return CHTMLTEXT_SPAN;
        if (strcasecmp(n, "script") == 0 || strcasecmp(n, "style") == 0) return CHTMLTEXT_HIDDEN;
        break;
    case 't': if (strcasecmp(n, "template") == 0) return CHTMLTEXT_HIDDEN; break;
    case 'u': if (strcasecmp(n, "ul") == 0) return CHTMLTEXT_UL; break;
    default: break;
    }
    return CHTMLTEXT_OTHER;
}

static void on_start(void *context, const xmlChar *name, const xmlChar **attributes) {
    chtmltext_parser *p = ((htmlParserCtxtPtr)context)->_private;
    if (++p->depth == 1) return;  // the wrapper
    int32_t kind = element(name);
    if (kind == CHTMLTEXT_HIDDEN) { p->hidden++; return; }
    if (p->hidden) return;
    chtmltext_event *event = add(p, CHTMLTEXT_START);
    if (!event) return;
    event->element = kind;
    for (const xmlChar **a = attributes; a && a[0]; a += 2) {
        const char *key = (const char *)a[0];
        const uint8_t *value = a[1];
        if (!value) continue;
        size_t length = strlen((const char *)value);
        chtmltext_string *slot = NULL;
        if (strcasecmp(key, "class") == 0) slot = &event->class_;
        else if (strcasecmp(key, "href") == 0) slot = &event->href;
        else if (strcasecmp(key, "alt") == 0) slot = &event->alt;
        else if (strcasecmp(key, "src") == 0) slot = &event->src;
        // The first of a repeated attribute wins, as in browsers (copy moves the arena, not the events).
        if (slot && slot->length == 0) *slot = copy(p, value, strlen((const char *)value));
    }
    // A line break: white space after it is not shown.
    if (kind == CHTMLTEXT_BR || kind == CHTMLTEXT_P || kind == CHTMLTEXT_DIV) p->after_space = 1;
}

static void on_end(void *context, const xmlChar *name) {
    chtmltext_parser *p = ((htmlParserCtxtPtr)context)->_private;
    if (p->depth > 0 && --p->depth == 0) return;  // the wrapper
    int32_t kind = element(name);
    if (kind == CHTMLTEXT_HIDDEN) { if (p->hidden) p->hidden--; return; }
    if (p->hidden) return;
    chtmltext_event *event = add(p, CHTMLTEXT_END);
    if (event) event->element = kind;
    if (kind == CHTMLTEXT_P || kind == CHTMLTEXT_DIV) p->after_space = 1;
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Characters, each run of white space one space, and none after a space or a line break (as a
// browser shows text; the caller drops a space before a line break or at the end).
static void on_characters(void *context, const xmlChar *characters, int length) {
    chtmltext_parser *p = ((htmlParserCtxtPtr)context)->_private;
    if (p->hidden || length <= 0) return;
    if (!reserve_arena(p, (size_t)length)) return;
    size_t start = p->used;
    for (int i = 0; i < length; i++) {
        uint8_t c = characters[i];
        if (is_space(c)) {
            if (!p->after_space) p->arena[p->used++] = ' ';
            p->after_space = 1;
        } else {
            p->arena[p->used++] = c;
            p->after_space = 0;
        }
    }
    if (p->used == start) return;
    // Appended to the previous text event when that is the last event.
    chtmltext_event *last = p->count ? &p->events[p->count - 1] : NULL;
    if (last && last->kind == CHTMLTEXT_TEXT && last->text.start + last->text.length == start) {
        last->text.length += (uint32_t)(p->used - start);
        return;
    }
    chtmltext_event *event = add(p, CHTMLTEXT_TEXT);
    if (!event) return;
    event->text.start = (uint32_t)start;
    event->text.length = (uint32_t)(p->used - start);
}

chtmltext_parser *chtmltext_parser_create(void) {
    pthread_once(&initialized, initialize);
    chtmltext_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->context = htmlNewParserCtxt();
    if (!p->context) { free(p); return NULL; }
    htmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.startElement = on_start;
    handler.endElement = on_end;
    handler.characters = on_characters;
    *p->context->sax = handler;
    return p;
}

void chtmltext_parser_destroy(chtmltext_parser *p) {
    if (!p) return;
    htmlFreeParserCtxt(p->context);
    free(p->events);
    free(p->arena);
    free(p->input);
    free(p);
}

long chtmltext_parse(chtmltext_parser *p, const uint8_t *bytes, size_t length) {
    p->count = 0;
    p->used = 0;
    p->hidden = 0;
    p->after_space = 1;
    p->failed = 0;
    // Give back what one long text took.
    if (p->size > (1u << 20) && length < p->size / 8) {
        free(p->arena);
        p->arena = NULL;
        p->size = 0;
    }
    if (length == 0) return 0;
    if (length > 0x3FFFFFF0) return -1;
    // A byte order mark says UTF-8 (libxml2 then reads the bytes as they are: given "UTF-8" as
    // an encoding it runs them through a converter, a third slower).
    static const char open[] = "\xEF\xBB\xBF<div>", close[] = "</div>";
    const size_t total = length + sizeof open - 1 + sizeof close - 1;
    if (total > p->input_capacity || (p->input_capacity > (1u << 20) && total < p->input_capacity / 8)) {
        free(p->input);
        p->input = malloc(total);
        p->input_capacity = p->input ? total : 0;
        if (!p->input) return -1;
    }
    memcpy(p->input, open, sizeof open - 1);
    memcpy(p->input + sizeof open - 1, bytes, length);
    memcpy(p->input + sizeof open - 1 + length, close, sizeof close - 1);
    p->depth = 0;
    htmlCtxtReset(p->context);
    p->context->_private = p;
    // No dictionary of names: a fragment's few names are cheaper copied than interned.
    htmlDocPtr document = htmlCtxtReadMemory(p->context, (const char *)p->input, (int)total, NULL, NULL,
                                             HTML_PARSE_NOIMPLIED | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                                                 HTML_PARSE_NONET | HTML_PARSE_NODEFDTD | XML_PARSE_NODICT);
    if (document) xmlFreeDoc(document);
    return p->failed ? -1 : (long)p->count;
}

const chtmltext_event *chtmltext_events(const chtmltext_parser *p) { return p->events; }
const uint8_t *chtmltext_arena(const chtmltext_parser *p) { return p->arena; }
