/*
 * CStatusJSON: the JSON work of FeedLayout's status decoder, behind names prefixed
 * `cstatusjson_`. This header includes only standard headers; the implementation is C++17 over
 * simdjson 3 (Debian `libsimdjson-dev`).
 *
 * - A parser: simdjson's DOM parser (its SIMD kernels chosen at run time) reading one status
 *   at a time; values are read through small indices, objects by a table of keys in one pass.
 * - A framer: finds the statuses in a stream of bytes of any shape (JSON Lines, an array, a
 *   timeline object with "statuses", the web APIs' responses: m.weibo.cn's data.cards[].mblog
 *   with card_group nesting, weibo.com's data.list, a status as data; pretty-printed or not,
 *   any number of them), chunk by chunk, and says where each starts; a broken unit costs only
 *   itself, and reading goes on at the next element of the same container.
 * - A diagnosis: the first problem of a value that does not parse, with the path of the field.
 *
 * Every object is used by one thread at a time.
 */
#ifndef CSTATUSJSON_H
#define CSTATUSJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Parser ----------------------------------------------------------------------------- */

typedef struct cstatusjson_parser cstatusjson_parser;

/* Outcomes of cstatusjson_parse. */
#define CSTATUSJSON_OK                           0
#define CSTATUSJSON_INVALID_UTF8                 1  /* the bytes are not UTF-8 */
#define CSTATUSJSON_BAD_STRING                   2  /* a string with a bad escape, a lone surrogate or a raw control character */
#define CSTATUSJSON_BAD_NUMBER                   3  /* a number out of range or not a number */
#define CSTATUSJSON_TOO_DEEP                     4  /* nested deeper than the parser's maximum depth */
#define CSTATUSJSON_SYNTAX                       5  /* anything else: not one JSON value */
#define CSTATUSJSON_NO_MEMORY                    6

/* Value types. */
#define CSTATUSJSON_NULL                         0
#define CSTATUSJSON_FALSE                        1
#define CSTATUSJSON_TRUE                         2
#define CSTATUSJSON_INT64                        3  /* an integer that fits in 64 signed bits */
#define CSTATUSJSON_UINT64                       4  /* an integer above INT64_MAX that fits in 64 unsigned bits */
#define CSTATUSJSON_DOUBLE                       5  /* any other number (a fraction or an exponent) */
#define CSTATUSJSON_STRING                       6
#define CSTATUSJSON_ARRAY                        7
#define CSTATUSJSON_OBJECT                       8

/* No such value (a key that is absent). */
#define CSTATUSJSON_ABSENT 0xFFFFFFFFu

/* One value, read by cstatusjson_get. */
typedef struct {
    int32_t type;
    int64_t integer;            /* INT64 */
    uint64_t unsigned_integer;  /* UINT64 */
    double number;              /* DOUBLE, and INT64 / UINT64 as a double */
    const uint8_t *string;      /* STRING: its UTF-8 bytes, escapes resolved, valid until the next parse */
    size_t length;              /* STRING: bytes; ARRAY: elements; OBJECT: fields */
} cstatusjson_value;

/* A key to look up (UTF-8, compared byte for byte with the key as written). */
typedef struct {
    const uint8_t *bytes;
    size_t length;
} cstatusjson_key;

/* Makes a parser refusing values nested deeper than `max_depth` levels (an object or array is
 * a level); NULL when out of memory. */
cstatusjson_parser *cstatusjson_parser_create(size_t max_depth);
void cstatusjson_parser_destroy(cstatusjson_parser *parser);

/* Parses `length` bytes (copied: they need no padding) as one JSON value, which becomes value
 * 0. Returns CSTATUSJSON_OK or what is wrong; the values of the previous parse are gone. */
int32_t cstatusjson_parse(cstatusjson_parser *parser, const uint8_t *bytes, size_t length);

/* Reads value `index` (0 is the root of the last parse). */
void cstatusjson_get(const cstatusjson_parser *parser, uint32_t index, cstatusjson_value *value);

/* For the object `object`: values[i] becomes the index of the value of the first field whose
 * key is keys[i], or CSTATUSJSON_ABSENT; one pass over the fields. */
void cstatusjson_object_lookup(cstatusjson_parser *parser, uint32_t object, const cstatusjson_key *keys,
                               size_t key_count, uint32_t *values);

/* A table of keys made once and looked up by hash: for objects looked up with many keys. At
 * most 64 keys; NULL when out of memory or given more. */
typedef struct cstatusjson_key_index cstatusjson_key_index;
cstatusjson_key_index *cstatusjson_key_index_create(const cstatusjson_key *keys, size_t key_count);

/* cstatusjson_object_lookup with an index: values[i] becomes the index of the value of the first
 * field whose key is the index's key i, or CSTATUSJSON_ABSENT. One hash per field. */
void cstatusjson_object_lookup_indexed(cstatusjson_parser *parser, uint32_t object, const cstatusjson_key_index *index,
                                       uint32_t *values);

/* For the array `array`: makes its elements values first, first + 1, ... (as many as its
 * length) and returns first. */
uint32_t cstatusjson_array_elements(cstatusjson_parser *parser, uint32_t array);

/* For the object `object`: makes its members' values first, first + 1, ... (as many as its
 * length), writes the first `capacity` keys into `keys` (valid until the next parse) and
 * returns first. */
uint32_t cstatusjson_object_members(cstatusjson_parser *parser, uint32_t object, cstatusjson_key *keys, size_t capacity);

/* simdjson's message for a cstatusjson_parse failure of the last parse. */
const char *cstatusjson_parser_error_message(const cstatusjson_parser *parser);

/* ---- Framer ----------------------------------------------------------------------------- */

typedef struct cstatusjson_framer cstatusjson_framer;

/* Item kinds. */
#define CSTATUSJSON_ITEM_ELEMENT                 0  /* the bytes of one status (or of whatever stands where one should) */
#define CSTATUSJSON_ITEM_ERROR                   1  /* bytes that are not JSON, skipped */
#define CSTATUSJSON_ITEM_TABLE                   2  /* the bytes of objects a response's statuses name by ID (`table`) */
#define CSTATUSJSON_ITEM_END                     3  /* the end of a response whose elements may name such objects */

/* Why an error item was made. */
#define CSTATUSJSON_FRAME_UNEXPECTED             1  /* `found` where `expected` was */
#define CSTATUSJSON_FRAME_LINE_ENDS_IN_STRING    2  /* a line ended inside a string */
#define CSTATUSJSON_FRAME_TRUNCATED              3  /* the input ended inside a value */
#define CSTATUSJSON_FRAME_TOO_DEEP               4  /* nested deeper than the framer follows (1,000,000 levels) */

/* What was expected where an unexpected byte was found. */
#define CSTATUSJSON_EXPECTED_VALUE               1
#define CSTATUSJSON_EXPECTED_VALUE_OR_CLOSE_ARRAY 2
#define CSTATUSJSON_EXPECTED_KEY                 3
#define CSTATUSJSON_EXPECTED_KEY_OR_CLOSE_OBJECT 4
#define CSTATUSJSON_EXPECTED_COLON               5
#define CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_ARRAY 6
#define CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_OBJECT 7
#define CSTATUSJSON_EXPECTED_LINE_END            8  /* only white space may follow a value on its line */

/* Where an element was found. */
#define CSTATUSJSON_ROUTE_PLAIN                  0  /* a top-level value, an element of a top-level array or of a "statuses" array */
#define CSTATUSJSON_ROUTE_WEB                    1  /* inside a web API's "data" (m.weibo.cn cards, weibo.com's list, a status as data) */
#define CSTATUSJSON_ROUTE_DATA_ARRAY             2  /* an element of a top-level "data" array (Twitter API v2) */
#define CSTATUSJSON_ROUTE_TWEETS                 3  /* a member of YYKit's "twitter_objects"."tweets" (`key`: its ID) */

/* What a table item holds. */
#define CSTATUSJSON_TABLE_INCLUDES               1  /* Twitter API v2's "includes" object */
#define CSTATUSJSON_TABLE_USERS                  2  /* YYKit's "twitter_objects"."users" object, users by ID */
#define CSTATUSJSON_TABLE_TIMELINE               3  /* YYKit's "response"."timeline" array: the order of the tweets */

#define CSTATUSJSON_KEY_CAPACITY                 24

/* One element or error. Offsets count bytes from the start of the stream; lines from 1;
 * columns count characters (UTF-8 sequences) from 1. */
typedef struct {
    int32_t kind;
    int32_t error;              /* ERROR: CSTATUSJSON_FRAME_* */
    uint64_t index;             /* the item's place among the stream's items, from 1 */
    uint64_t start, end;        /* ELEMENT: its bytes; ERROR: the bytes skipped */
    uint64_t line, column;      /* where it starts */
    uint64_t error_offset;      /* ERROR: where the problem was found */
    uint64_t error_line, error_column;
    uint64_t resume_line;       /* ERROR: the line where reading went on (0 at the end of the input) */
    uint32_t depth;             /* ELEMENT: how deep arrays and objects nest in it (0 for a scalar) */
    int32_t expected;           /* UNEXPECTED: CSTATUSJSON_EXPECTED_* */
    uint8_t found;              /* UNEXPECTED: the byte found */
    uint8_t inside;             /* TRUNCATED, LINE_ENDS_IN_STRING: 1 in a string, 2 in an array, 3 in an object */
    uint8_t in_element;         /* TRUNCATED: 1 when the input ended inside an element, 0 between or around them */
    uint64_t open_line;         /* TRUNCATED: the line where the open top-level value began */
    uint8_t route;              /* ELEMENT: CSTATUSJSON_ROUTE_* */
    uint64_t last_line;         /* ERROR: the last line with a byte of what was skipped */
    uint8_t joinable;           /* ELEMENT, ERROR: inside a response that ends with an END item (hold it until then) */
    uint8_t table;              /* TABLE: CSTATUSJSON_TABLE_* (its bytes are start..end) */
    uint8_t key_length;         /* ELEMENT of ROUTE_TWEETS: the member key (at most CSTATUSJSON_KEY_CAPACITY bytes; 0 if longer) */
    uint8_t key[CSTATUSJSON_KEY_CAPACITY];
} cstatusjson_item;

cstatusjson_framer *cstatusjson_framer_create(void);
void cstatusjson_framer_destroy(cstatusjson_framer *framer);

/* Scans on from the framer's position. `buffer` holds the stream's bytes from `offset` to
 * `offset + length`; it must begin at or before cstatusjson_framer_retain and end after the
 * position. Pass `at_end` once no bytes follow. Returns the number of items found, read with
 * cstatusjson_framer_items until the next scan. */
size_t cstatusjson_framer_scan(cstatusjson_framer *framer, const uint8_t *buffer, uint64_t offset, size_t length,
                               bool at_end);
const cstatusjson_item *cstatusjson_framer_items(const cstatusjson_framer *framer);
/* The next byte to scan. */
uint64_t cstatusjson_framer_position(const cstatusjson_framer *framer);
/* The first byte a later scan may still need: bytes before it can be dropped. */
uint64_t cstatusjson_framer_retain(const cstatusjson_framer *framer);

/* ---- Diagnosis -------------------------------------------------------------------------- */

/* Problems. */
#define CSTATUSJSON_PROBLEM_NONE                 0
#define CSTATUSJSON_PROBLEM_UNEXPECTED           1  /* `found` at `offset` where `expected` was (or the end of the bytes) */
#define CSTATUSJSON_PROBLEM_LONE_SURROGATE       2  /* the token is the \u escape */
#define CSTATUSJSON_PROBLEM_BAD_ESCAPE           3  /* the token is the escape */
#define CSTATUSJSON_PROBLEM_CONTROL              4  /* a raw control character in a string; `found` */
#define CSTATUSJSON_PROBLEM_NUMBER_RANGE         5  /* the token is the number */
#define CSTATUSJSON_PROBLEM_BAD_TOKEN            6  /* not a number, true, false or null: the token */
#define CSTATUSJSON_PROBLEM_TOO_DEEP             7  /* `depth` is how deep it nests */
#define CSTATUSJSON_PROBLEM_INVALID_UTF8         8

typedef struct {
    int32_t problem;
    int32_t expected;           /* UNEXPECTED: CSTATUSJSON_EXPECTED_* (0: the end of the bytes) */
    uint64_t offset;            /* where, from the start of the bytes */
    uint64_t token_start, token_length;
    uint64_t depth;
    uint8_t found;
    bool at_end;                /* UNEXPECTED: the bytes ended */
    size_t path_length;         /* bytes of the path written */
} cstatusjson_problem;

/* Finds the first problem of `bytes` read as one JSON value no deeper than `max_depth`, and
 * writes the path of the field where it is ("user.screen_name", "pic_urls[0].width"; "" for
 * the value itself) into `path` (at most `capacity` bytes, cut at a character boundary). */
void cstatusjson_diagnose(const uint8_t *bytes, size_t length, size_t max_depth, cstatusjson_problem *problem,
                          char *path, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
