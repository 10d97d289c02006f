// The framer: a resumable scan of JSON's grammar (strings, brackets, commas, colons and where
// each number or literal ends) over a stream of bytes, which says where each status starts and
// ends. It does not check what is inside a number, a literal or an escape: the parser does,
// status by status, and a bad one fails only its status.
//
// The stream is any number of top-level values, each followed by the end of its line:
//   - an object is a status, unless it has a "statuses" array (a timeline page): then each
//     element of that array is a status, and its other fields are skipped;
//   - an array: each element is a status;
//   - anything else stands where a status should (and fails to decode as one).
// At the top level, white space, blank lines and byte order marks are skipped.
//
// A broken unit (a status, or a top-level value before its elements) ends in one error item:
//   - when it began on the line of the error, reading goes on at the next line (JSON Lines:
//     a broken line costs itself);
//   - when it began on an earlier line, reading goes on at the first line after its start
//     that begins with '{' or '[' (the next line of JSON Lines whose previous line lost its
//     closing brace), or, if none came before the error, at the next such line after it (a
//     document broken in the middle: the rest of the document is skipped, and the error says
//     so).
// A unit is kept from its first byte until it ends, so memory follows the longest status, not
// the input.
#include "CStatusJSON.h"

#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

enum State : uint8_t {
    kTop,              // between top-level values
    kBom2,             // after EF at the top level
    kBom3,             // after EF BB
    kValue,            // a value must come (after ':', or ',' in an array)
    kValueOrClose,     // after '['
    kKeyOrClose,       // after '{'
    kKey,              // after ',' in an object
    kColon,
    kCommaOrClose,     // after a value inside an array or object
    kString,
    kStringEscape,     // after a backslash in a string
    kToken,            // inside a number or literal
    kLineEnd,          // after a top-level value: only white space until the end of the line
    kSkipLine,         // after an error in a unit of one line: to the end of the line
    kSkipToCandidate,  // after an error in a unit of several lines: to a line starting with { or [
};

enum Mode : uint8_t {
    kNone,           // no top-level value open
    kPlain,          // a top-level value that is itself the element
    kArray,          // a top-level array: its elements are elements
    kPendingObject,  // a top-level object: a status, or a timeline page until "statuses" is seen
    kTimeline,       // inside the "statuses" array of a timeline page
    kTimelineTail,   // the fields of a timeline page after its "statuses"
};

constexpr uint64_t kNoOffset = UINT64_MAX;
constexpr size_t kMaximumDepth = 1000000;
constexpr uint8_t kObject = 0;
constexpr uint8_t kArrayKind = 1;
constexpr char kStatuses[] = "statuses";

inline bool isSpace(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// What a number or a literal may be made of (and, at the start of a value, what begins one;
// "NaN" or "Infinity" are tokens too, refused by the parser with the field they are in).
inline bool isTokenByte(uint8_t c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
           c == '.';
}

}  // namespace

struct cstatusjson_framer {
    // Where the scan is.
    uint64_t pos = 0;
    uint64_t line = 1;
    uint64_t line_start = 0;
    uint64_t continuation = 0;  // UTF-8 continuation bytes on this line before pos
    bool at_line_start = true;
    State state = kTop;
    bool string_is_key = false;
    Mode mode = kNone;
    std::vector<uint8_t> stack;  // the open arrays and objects
    uint64_t top_line = 1;       // where the open top-level value began

    // The element being read.
    bool in_element = false;
    size_t element_depth = 0;  // the depth its value starts at
    uint64_t element_start = 0, element_line = 0, element_column = 0;
    uint32_t element_max = 0;
    bool held = false;         // a top-level element waiting for the end of its line
    uint64_t held_end = 0;     // where that element ends

    // The unit a hard error would cost, and where reading could go on after one.
    bool unit_valid = false;
    uint64_t unit_start = 0, unit_line = 0, unit_column = 0;
    uint64_t candidate = kNoOffset, candidate_line = 0;

    // The "statuses" key, at depth 1 of a pending top-level object.
    int key_match = -1;
    bool last_key_statuses = false;

    uint64_t bom_offset = 0, bom_line = 0, bom_column = 0;
    cstatusjson_item pending{};  // the error a skip state will end
    uint64_t count = 0;
    std::vector<cstatusjson_item> items;

    uint64_t column() const { return pos - line_start - continuation + 1; }

    void consume(uint8_t c) {
        if (c == '\n') {
            line++;
            line_start = pos + 1;
            continuation = 0;
            at_line_start = true;
        } else {
            continuation += (c & 0xC0) == 0x80;
            at_line_start = false;
        }
        pos++;
    }

    void beginUnit() {
        unit_valid = true;
        unit_start = pos;
        unit_line = line;
        unit_column = column();
        candidate = kNoOffset;
    }

    void endUnit() {
        unit_valid = false;
        candidate = kNoOffset;
    }

    void beginElement() {
        in_element = true;
        element_start = pos;
        element_line = line;
        element_column = column();
        element_max = 0;
    }

    void emit(cstatusjson_item item) {
        item.index = ++count;
        items.push_back(item);
    }

    void emitElement(uint64_t end) {
        cstatusjson_item item{};
        item.kind = CSTATUSJSON_ITEM_ELEMENT;
        item.start = element_start;
        item.end = end;
        item.line = element_line;
        item.column = element_column;
        item.depth = element_max;
        emit(item);
        in_element = false;
    }

    // Opens an array or object; false (after a hard error) when nested too deep to follow.
    bool push(uint8_t kind) {
        if (stack.size() >= kMaximumDepth) {
            hardError(CSTATUSJSON_FRAME_TOO_DEEP, 0, 0);
            return false;
        }
        stack.push_back(kind);
        if (in_element && stack.size() - element_depth > element_max) element_max = uint32_t(stack.size() - element_depth);
        return true;
    }

    // A value that may be an element starts at pos.
    void valueStarts() {
        if ((mode == kArray || mode == kTimeline) && stack.size() == element_depth) {
            beginUnit();
            beginElement();
        }
    }

    // The value that just ended (pos is past its last byte).
    void valueEnded() {
        const size_t depth = stack.size();
        if (in_element && depth == element_depth) {
            if (depth == 0) {
                held = true;  // emitted when its line ends
                held_end = pos;
            } else {
                emitElement(pos);
                // What follows, up to the next element, is a unit of its own: if it breaks,
                // reading can go on at a line after this element.
                beginUnit();
            }
        }
        if (depth == 0) {
            state = kLineEnd;
        } else {
            state = kCommaOrClose;
            if (mode == kTimeline && depth == 1) mode = kTimelineTail;  // "statuses" is closed
        }
    }

    // The top-level value and the rest of its line are done.
    void lineEnded() {
        if (held) {
            held = false;
            emitElement(held_end);
        }
        in_element = false;
        mode = kNone;
        endUnit();
        state = kTop;
    }

    // The byte at pos (or the end of the input) is not what the grammar allows.
    void hardError(int32_t error, int32_t expected, uint8_t found) {
        cstatusjson_item item{};
        item.kind = CSTATUSJSON_ITEM_ERROR;
        item.error = error;
        item.expected = expected;
        item.found = found;
        item.error_offset = pos;
        item.error_line = line;
        item.error_column = column();
        item.open_line = top_line;
        item.in_element = in_element;
        if (state == kString || state == kStringEscape) {
            item.inside = 1;
        } else if (!stack.empty()) {
            item.inside = stack.back() == kArrayKind ? 2 : 3;
        }
        if (!unit_valid) beginUnit();
        item.start = unit_start;
        item.line = unit_line;
        item.column = unit_column;
        // The whole top-level value is given up.
        in_element = false;
        held = false;
        stack.clear();
        mode = kNone;
        if (unit_line == line) {
            pending = item;
            state = kSkipLine;
        } else if (candidate != kNoOffset) {
            item.end = candidate;
            item.resume_line = candidate_line;
            emit(item);
            pos = candidate;
            line = candidate_line;
            line_start = candidate;
            continuation = 0;
            at_line_start = true;
            state = kTop;
        } else {
            pending = item;
            state = kSkipToCandidate;
        }
        endUnit();
    }

    void endSkip(uint64_t resume_line) {
        pending.end = pos;
        pending.resume_line = resume_line;
        emit(pending);
        state = kTop;
    }

    // One step of the grammar on byte c at pos, outside strings.
    void step(uint8_t c) {
        switch (state) {
        case kTop:
            if (isSpace(c)) {
                consume(c);
            } else if (c == 0xEF) {
                bom_offset = pos;
                bom_line = line;
                bom_column = column();
                consume(c);
                state = kBom2;
            } else {
                topValue(c);
            }
            break;
        case kBom2:
        case kBom3:
            if (c == (state == kBom2 ? 0xBB : 0xBF)) {
                consume(c);
                state = state == kBom2 ? kBom3 : kTop;
            } else {
                brokenBom();
            }
            break;
        case kValue:
        case kValueOrClose:
            if (isSpace(c)) {
                consume(c);
            } else if (c == ']' && state == kValueOrClose) {
                close(c);
            } else {
                value(c, state == kValue ? CSTATUSJSON_EXPECTED_VALUE : CSTATUSJSON_EXPECTED_VALUE_OR_CLOSE_ARRAY);
            }
            break;
        case kKeyOrClose:
        case kKey:
            if (isSpace(c)) {
                consume(c);
            } else if (c == '}' && state == kKeyOrClose) {
                close(c);
            } else if (c == '"') {
                string_is_key = true;
                key_match = mode == kPendingObject && stack.size() == 1 ? 0 : -1;
                consume(c);
                state = kString;
            } else {
                hardError(CSTATUSJSON_FRAME_UNEXPECTED,
                          state == kKey ? CSTATUSJSON_EXPECTED_KEY : CSTATUSJSON_EXPECTED_KEY_OR_CLOSE_OBJECT, c);
            }
            break;
        case kColon:
            if (isSpace(c)) {
                consume(c);
            } else if (c == ':') {
                consume(c);
                state = kValue;
            } else {
                hardError(CSTATUSJSON_FRAME_UNEXPECTED, CSTATUSJSON_EXPECTED_COLON, c);
            }
            break;
        case kCommaOrClose: {
            const uint8_t kind = stack.back();
            if (isSpace(c)) {
                consume(c);
            } else if (c == ',') {
                consume(c);
                state = kind == kObject ? kKey : kValue;
            } else if (c == (kind == kObject ? '}' : ']')) {
                close(c);
            } else {
                hardError(CSTATUSJSON_FRAME_UNEXPECTED,
                          kind == kObject ? CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_OBJECT
                                          : CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_ARRAY,
                          c);
            }
            break;
        }
        case kStringEscape:
            if (c == '\n') {
                lineEndsInString();
            } else {
                key_match = -1;
                consume(c);
                state = kString;
            }
            break;
        case kToken:
            if (isTokenByte(c)) {
                consume(c);  // scanToken takes the rest of a run
            } else {
                valueEnded();
            }
            break;
        case kLineEnd:
            if (c == ' ' || c == '\t' || c == '\r') {
                consume(c);
            } else if (c == '\n') {
                consume(c);
                lineEnded();
            } else {
                hardError(CSTATUSJSON_FRAME_UNEXPECTED, CSTATUSJSON_EXPECTED_LINE_END, c);
            }
            break;
        case kSkipLine:
            consume(c);
            if (c == '\n') endSkip(line);
            break;
        case kSkipToCandidate:
            if (at_line_start && (c == '{' || c == '[')) {
                endSkip(line);
            } else {
                consume(c);
            }
            break;
        case kString:
            break;  // scanned by scanString
        }
    }

    void topValue(uint8_t c) {
        beginUnit();
        top_line = line;
        if (c == '[') {
            mode = kArray;
            element_depth = 1;
            consume(c);
            stack.push_back(kArrayKind);
            state = kValueOrClose;
        } else if (c == '{') {
            mode = kPendingObject;
            element_depth = 0;
            beginElement();
            consume(c);
            push(kObject);
            last_key_statuses = false;
            state = kKeyOrClose;
        } else if (c == '"' || isTokenByte(c)) {
            mode = kPlain;
            element_depth = 0;
            beginElement();
            consume(c);
            string_is_key = false;
            state = c == '"' ? kString : kToken;
        } else {
            hardError(CSTATUSJSON_FRAME_UNEXPECTED, CSTATUSJSON_EXPECTED_VALUE, c);
        }
    }

    // A value inside an array or object.
    void value(uint8_t c, int32_t expected) {
        const bool statusesValue = mode == kPendingObject && stack.size() == 1 && last_key_statuses;
        if (mode == kPendingObject && stack.size() == 1) last_key_statuses = false;
        if (c == '[' && statusesValue) {
            // A timeline page: its statuses are the elements; the rest of it is not kept.
            mode = kTimeline;
            in_element = false;
            element_depth = 2;
            consume(c);
            if (push(kArrayKind)) {
                beginUnit();
                state = kValueOrClose;
            }
            return;
        }
        if (c == '{' || c == '[') {
            valueStarts();
            consume(c);
            if (push(c == '{' ? kObject : kArrayKind)) state = c == '{' ? kKeyOrClose : kValueOrClose;
        } else if (c == '"') {
            valueStarts();
            string_is_key = false;
            consume(c);
            state = kString;
        } else if (isTokenByte(c)) {
            valueStarts();
            consume(c);
            state = kToken;
        } else {
            hardError(CSTATUSJSON_FRAME_UNEXPECTED, expected, c);
        }
    }

    void close(uint8_t c) {
        consume(c);
        stack.pop_back();
        valueEnded();
    }

    void lineEndsInString() {
        hardError(CSTATUSJSON_FRAME_LINE_ENDS_IN_STRING, 0, '\n');
        // A unit of one line ends with this line break: the error is complete.
        if (state == kSkipLine) {
            consume('\n');
            endSkip(line);
        }
    }

    // EF at the top level not followed by BB BF: an error where the EF is.
    void brokenBom() {
        unit_valid = true;
        unit_start = bom_offset;
        unit_line = bom_line;
        unit_column = bom_column;
        candidate = kNoOffset;
        state = kTop;
        hardError(CSTATUSJSON_FRAME_UNEXPECTED, CSTATUSJSON_EXPECTED_VALUE, 0xEF);
        pending.error_offset = bom_offset;
        pending.error_line = bom_line;
        pending.error_column = bom_column;
    }

    // Inside a string: runs to its closing quote, a backslash or a line break.
    void scanString(const uint8_t *buffer, uint64_t offset, uint64_t end) {
        const uint8_t *p = buffer + (pos - offset);
        const uint8_t *const stop = buffer + (end - offset);
        const uint8_t *const first = p;
        uint64_t continuations = 0;
        if (string_is_key && key_match >= 0) {
            // A key at depth 1 of a pending object: compare it with "statuses" as it goes.
            while (p < stop && *p != '"' && *p != '\\' && *p != '\n') {
                if (key_match >= 0) key_match = key_match < 8 && *p == uint8_t(kStatuses[key_match]) ? key_match + 1 : -1;
                continuations += (*p & 0xC0) == 0x80;
                p++;
            }
        } else {
#if defined(__SSE2__)
            // 16 bytes at a time: stop at a quote, a backslash or a line break; count the
            // UTF-8 continuation bytes passed (for columns).
            const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), newline = _mm_set1_epi8('\n');
            const __m128i top = _mm_set1_epi8(char(0xC0)), continuationBits = _mm_set1_epi8(char(0x80));
            while (stop - p >= 16) {
                const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
                const __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                                                     _mm_cmpeq_epi8(block, newline));
                const unsigned stops = unsigned(_mm_movemask_epi8(special));
                const unsigned continuing =
                    unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(block, top), continuationBits)));
                if (stops != 0) {
                    const int n = __builtin_ctz(stops);
                    continuations += uint64_t(__builtin_popcount(continuing & ((1u << n) - 1)));
                    p += n;
                    goto found;
                }
                continuations += uint64_t(__builtin_popcount(continuing));
                p += 16;
            }
#endif
            while (p < stop) {
                const uint8_t c = *p;
                if (c == '"' || c == '\\' || c == '\n') break;
                continuations += (c & 0xC0) == 0x80;
                p++;
            }
        }
#if defined(__SSE2__)
    found:
#endif
        continuation += continuations;
        pos += uint64_t(p - first);
        if (p != first) at_line_start = false;
        if (p == stop) return;
        const uint8_t c = *p;
        if (c == '"') {
            consume(c);
            if (string_is_key) {
                last_key_statuses = key_match == 8;
                state = kColon;
            } else {
                valueEnded();
            }
        } else if (c == '\\') {
            consume(c);
            state = kStringEscape;
        } else {
            lineEndsInString();
        }
    }

    // Inside a number or literal: the rest of its bytes (no line breaks, no continuation bytes).
    void scanToken(const uint8_t *buffer, uint64_t offset, uint64_t end) {
        const uint8_t *p = buffer + (pos - offset);
        const uint8_t *const stop = buffer + (end - offset);
        const uint8_t *const first = p;
        while (p < stop && isTokenByte(*p)) p++;
        pos += uint64_t(p - first);
        if (p != first) at_line_start = false;
        if (p < stop) valueEnded();
    }

    // At the end of the input; true when reading must go on from an earlier byte.
    bool finish() {
        switch (state) {
        case kTop: return false;
        case kBom2:
        case kBom3:
            brokenBom();
            endSkip(0);
            return false;
        case kToken:
            valueEnded();
            return state == kLineEnd ? (lineEnded(), false) : finish();
        case kLineEnd:
            lineEnded();
            return false;
        case kSkipLine:
        case kSkipToCandidate:
            endSkip(0);
            return false;
        default: {
            const uint64_t before = count;
            hardError(CSTATUSJSON_FRAME_TRUNCATED, 0, 0);
            if (count != before) return true;  // gone back to a line after the unit's start
            endSkip(0);
            return false;
        }
        }
    }

    uint64_t retain() const { return unit_valid ? unit_start : pos; }
};

extern "C" {

cstatusjson_framer *cstatusjson_framer_create(void) { return new (std::nothrow) cstatusjson_framer(); }

void cstatusjson_framer_destroy(cstatusjson_framer *framer) { delete framer; }

size_t cstatusjson_framer_scan(cstatusjson_framer *framer, const uint8_t *buffer, uint64_t offset, size_t length,
                               bool at_end) {
    framer->items.clear();
    const uint64_t end = offset + length;
    for (;;) {
        while (framer->pos < end) {
            if (framer->state == kString) {
                framer->scanString(buffer, offset, end);
                continue;
            }
            if (framer->state == kToken) {
                framer->scanToken(buffer, offset, end);
                continue;
            }
            const uint8_t c = buffer[framer->pos - offset];
            if (framer->at_line_start && (c == '{' || c == '[') && framer->unit_valid && framer->candidate == kNoOffset &&
                framer->pos > framer->unit_start) {
                framer->candidate = framer->pos;
                framer->candidate_line = framer->line;
            }
            framer->step(c);
        }
        if (!at_end || !framer->finish()) break;
    }
    return framer->items.size();
}

const cstatusjson_item *cstatusjson_framer_items(const cstatusjson_framer *framer) { return framer->items.data(); }

uint64_t cstatusjson_framer_position(const cstatusjson_framer *framer) { return framer->pos; }

uint64_t cstatusjson_framer_retain(const cstatusjson_framer *framer) { return framer->retain(); }

}  // extern "C"
