// The framer: a resumable scan of JSON's grammar (strings, brackets, commas, colons and where
// each number or literal ends) over a stream of bytes, which says where each status starts and
// ends. It does not check what is inside a number, a literal or an escape: the parser does,
// status by status, and a bad one fails only its status.
//
// The stream is any number of top-level values, each followed by the end of its line. Where the
// statuses are is a small set of routes, read from the keys as they come:
//   - a top-level array: each element is a status;
//   - a top-level object is a status, unless one of its keys says it is a response:
//       "statuses": [statuses]                         (timeline pages of Weibo and Twitter)
//       "data": [statuses]  or  "data": {object}       (web APIs and Twitter API v2; the object
//                                                       is a status unless its keys say it
//                                                       holds them:)
//           "cards": [cards]   a card's "mblog" is a status, its "card_group" holds more cards
//           "list": [statuses], "statuses": [statuses]
//       "includes": {object}                            (Twitter API v2: a table, see below)
//       "twitter_objects": {"tweets": {id: status}, "users": {table}}, "response": {"timeline":
//           [table]}                                    (the pages of YYKit's Twitter demo)
//     then the response's other fields are skipped unread;
//   - a table holds objects the statuses name by ID (users, media, the tweets they quote): it
//     comes out as one TABLE item, and every element of a response that has "data" or
//     "twitter_objects" is marked joinable, the response ending with an END item, so that the
//     reader can hold its statuses until their tables are read (they may come after them);
//   - anything else stands where a status should (and fails to decode as one).
// At the top level, white space, blank lines and byte order marks are skipped.
//
// A broken unit ends in one error item, and reading goes on:
//   - inside a value: at the next element of the innermost array of statuses (or cards) it is
//     in, found by following brackets and strings leniently through the broken text (a line
//     break ends a string: JSON strings hold none), or when that array closes; or at a line that
//     begins with '{' or '[' after a line that ended a value (or ended inside a string): a new
//     top-level value, as in JSON Lines whose line lost its closing bracket. So a nested object
//     is never taken for a status, however the document is indented;
//   - between top-level values: at the next line.
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
    kSkipLine,         // after an error between top-level values: to the end of the line
    kRecover,          // after an error inside a value: following brackets to where reading goes on
};

// What an open array or object is for.
enum Route : uint8_t {
    kRouteNone,      // content: inside a status, or a response field that is skipped
    kRouteElements,  // an array whose elements are statuses
    kRouteCards,     // an array whose elements are cards
    kRouteTop,       // a top-level object: a status, or a response
    kRouteData,      // a response's "data" object: a status, or what holds them
    kRouteCard,      // a card: its "mblog" is a status, its "card_group" holds cards
    kRouteDataElements,  // a top-level "data" array: its elements are statuses (Twitter API v2)
    kRouteObjects,   // YYKit's "twitter_objects": "tweets" holds statuses, "users" is a table
    kRouteTweets,    // YYKit's "tweets": each member's value is a status, its key the ID
    kRouteResponse,  // YYKit's "response": "timeline" is a table
};

// The keys that route.
enum Key : uint8_t {
    kKeyNone, kKeyStatuses, kKeyData, kKeyCards, kKeyList, kKeyCardGroup, kKeyMblog, kKeyIncludes, kKeyObjects,
    kKeyTweets, kKeyUsers, kKeyResponse, kKeyTimeline,
};

struct Level {
    uint8_t kind;   // kObject or kArrayKind
    uint8_t route;  // Route
};

constexpr uint64_t kNoOffset = UINT64_MAX;
constexpr size_t kMaximumDepth = 1000000;
constexpr uint8_t kObject = 0;
constexpr uint8_t kArrayKind = 1;
constexpr size_t kKeyCapacity = CSTATUSJSON_KEY_CAPACITY;

inline bool isSpace(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// What a number or a literal may be made of (and, at the start of a value, what begins one;
// "NaN" or "Infinity" are tokens too, refused by the parser with the field they are in).
inline bool isTokenByte(uint8_t c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
           c == '.';
}

// Whether a line whose last byte outside strings is `c` ended a value (nothing may follow it
// on the next line but ',', ':', a closer, or a new top-level value).
inline bool endsValue(uint8_t c) { return c == '"' || c == '}' || c == ']' || isTokenByte(c); }

bool equals(const uint8_t *bytes, size_t length, const char *word) {
    size_t i = 0;
    for (; i < length; i++) {
        if (word[i] == 0 || uint8_t(word[i]) != bytes[i]) return false;
    }
    return word[i] == 0;
}

// The routing key `bytes` are, for an object of `route`.
Key routingKey(uint8_t route, const uint8_t *bytes, size_t length) {
    switch (route) {
    case kRouteTop:
        if (equals(bytes, length, "statuses")) return kKeyStatuses;
        if (equals(bytes, length, "data")) return kKeyData;
        if (equals(bytes, length, "includes")) return kKeyIncludes;
        if (equals(bytes, length, "twitter_objects")) return kKeyObjects;
        if (equals(bytes, length, "response")) return kKeyResponse;
        return kKeyNone;
    case kRouteObjects:
        if (equals(bytes, length, "tweets")) return kKeyTweets;
        if (equals(bytes, length, "users")) return kKeyUsers;
        return kKeyNone;
    case kRouteResponse:
        if (equals(bytes, length, "timeline")) return kKeyTimeline;
        return kKeyNone;
    case kRouteData:
        if (equals(bytes, length, "cards")) return kKeyCards;
        if (equals(bytes, length, "list")) return kKeyList;
        if (equals(bytes, length, "statuses")) return kKeyStatuses;
        return kKeyNone;
    case kRouteCard:
        if (equals(bytes, length, "mblog")) return kKeyMblog;
        if (equals(bytes, length, "card_group")) return kKeyCardGroup;
        return kKeyNone;
    default: return kKeyNone;
    }
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
    std::vector<Level> stack;  // the open arrays and objects
    uint64_t top_line = 1;     // where the open top-level value began
    size_t web = 0;            // open "data" objects (the web APIs' responses)

    // The last byte outside strings that is not white space, and whether the line before this
    // one ended a value (or ended inside a string).
    uint8_t last_significant = '}';
    bool previous_line_ended_value = true;
    bool line_ended_in_string = false;

    // The element being read.
    bool in_element = false;
    size_t element_depth = 0;  // the depth its value starts at
    uint64_t element_start = 0, element_line = 0, element_column = 0;
    uint32_t element_max = 0;
    uint8_t element_route = CSTATUSJSON_ROUTE_PLAIN;
    uint8_t element_table = 0;  // CSTATUSJSON_TABLE_* when the value is a table
    uint8_t element_key[kKeyCapacity];
    uint8_t element_key_length = 0;
    bool held = false;         // a top-level element waiting for the end of its line

    // The top-level response being read: whether its elements are held for its tables (it has
    // "data" or "twitter_objects"), and which routing keys it has had.
    bool joinable = false;
    bool seen_data = false, seen_objects = false;
    uint64_t held_end = 0;     // where that element ends

    // The unit an error would cost.
    bool unit_valid = false;
    uint64_t unit_start = 0, unit_line = 0, unit_column = 0;

    // The key being read in a routing object, and the routing key just read.
    uint8_t key_bytes[kKeyCapacity];
    size_t key_length = 0;
    bool key_overflow = false;
    bool key_capture = false;
    Key pending_key = kKeyNone;

    // Recovery after an error inside a value.
    size_t recover_target = 0;  // the depth of the array reading goes on in (0: a new top-level value)
    bool recover_in_string = false, recover_escape = false;

    uint64_t bom_offset = 0, bom_line = 0, bom_column = 0;
    cstatusjson_item pending{};  // the error a skip or recovery will end
    uint64_t count = 0;
    std::vector<cstatusjson_item> items;

    uint64_t column() const { return pos - line_start - continuation + 1; }

    void consume(uint8_t c) {
        if (c == '\n') {
            line++;
            line_start = pos + 1;
            continuation = 0;
            at_line_start = true;
            previous_line_ended_value = line_ended_in_string || endsValue(last_significant);
            line_ended_in_string = false;
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
    }

    void endUnit() { unit_valid = false; }

    void beginElement(uint8_t route, uint8_t table = 0) {
        in_element = true;
        element_start = pos;
        element_line = line;
        element_column = column();
        element_max = 0;
        element_table = table;
        element_key_length = 0;
        element_route = web > 0 || route == CSTATUSJSON_ROUTE_WEB ? CSTATUSJSON_ROUTE_WEB : route;
    }

    void emit(cstatusjson_item item) {
        item.index = ++count;
        item.joinable = joinable;
        items.push_back(item);
    }

    void emitElement(uint64_t end) {
        cstatusjson_item item{};
        item.kind = element_table != 0 ? CSTATUSJSON_ITEM_TABLE : CSTATUSJSON_ITEM_ELEMENT;
        item.table = element_table;
        item.start = element_start;
        item.end = end;
        item.line = element_line;
        item.column = element_column;
        item.depth = element_max;
        item.route = element_route;
        item.key_length = element_key_length;
        for (size_t i = 0; i < element_key_length; i++) item.key[i] = element_key[i];
        emit(item);
        in_element = false;
    }

    // The top-level value is over: a joinable response says so.
    void endDocument() {
        if (joinable) {
            cstatusjson_item item{};
            item.kind = CSTATUSJSON_ITEM_END;
            item.start = item.end = pos;
            item.line = line;
            item.column = column();
            emit(item);
        }
        joinable = false;
        seen_data = seen_objects = false;
    }

    // Opens an array or object; false (after a hard error) when nested too deep to follow.
    bool push(uint8_t kind, uint8_t route) {
        if (stack.size() >= kMaximumDepth) {
            hardError(CSTATUSJSON_FRAME_TOO_DEEP, 0, 0);
            return false;
        }
        stack.push_back(Level{kind, route});
        if (route == kRouteData) web++;
        if (in_element && stack.size() - element_depth > element_max) element_max = uint32_t(stack.size() - element_depth);
        return true;
    }

    void pop() {
        if (stack.back().route == kRouteData) web--;
        stack.pop_back();
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
                // What follows, up to the next element, is a unit of its own.
                beginUnit();
            }
        }
        state = depth == 0 ? kLineEnd : kCommaOrClose;
    }

    // The top-level value and the rest of its line are done.
    void lineEnded() {
        if (held) {
            held = false;
            emitElement(held_end);
        }
        in_element = false;
        endUnit();
        endDocument();
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
            item.inside = stack.back().kind == kArrayKind ? 2 : 3;
        }
        if (!unit_valid) beginUnit();
        item.start = unit_start;
        item.line = unit_line;
        item.column = unit_column;
        in_element = false;
        held = false;
        pending = item;
        endUnit();
        if (stack.empty()) {
            // Between top-level values: the rest of the line is skipped.
            state = kSkipLine;
            return;
        }
        // Inside a value: reading goes on in the innermost array of statuses or cards.
        recover_target = 0;
        for (size_t i = stack.size(); i > 0; i--) {
            const uint8_t route = stack[i - 1].route;
            if (route == kRouteElements || route == kRouteCards || route == kRouteDataElements) {
                recover_target = i;
                break;
            }
        }
        recover_in_string = false;
        recover_escape = false;
        state = kRecover;
    }

    // Reading goes on at pos in `state`; the error ends here.
    void resume(State next, uint64_t resume_line) {
        pending.end = pos;
        pending.resume_line = resume_line;
        if (pending.last_line < pending.error_line) pending.last_line = pending.error_line;
        emit(pending);
        state = next;
    }

    void endSkip(uint64_t resume_line) { resume(kTop, resume_line); }

    // One byte of the broken text after an error inside a value.
    void recoverStep(uint8_t c) {
        if (at_line_start && (c == '{' || c == '[') && previous_line_ended_value && !recover_in_string) {
            // A new top-level value: the broken one is given up.
            while (!stack.empty()) pop();
            resume(kTop, line);
            endDocument();
            return;
        }
        if (recover_in_string) {
            pending.last_line = line;
            if (c == '\n') {
                recover_in_string = false;
                line_ended_in_string = true;
            } else if (recover_escape) {
                recover_escape = false;
            } else if (c == '\\') {
                recover_escape = true;
            } else if (c == '"') {
                recover_in_string = false;
                last_significant = '"';
            }
            consume(c);
            return;
        }
        switch (c) {
        case '"': recover_in_string = true; break;
        case '{':
        case '[':
            // Followed on the stack (what is nested in the broken text), as deep as the framer follows.
            if (stack.size() < kMaximumDepth) stack.push_back(Level{c == '{' ? kObject : kArrayKind, kRouteNone});
            break;
        case '}':
        case ']': {
            const uint8_t kind = c == '}' ? kObject : kArrayKind;
            if (recover_target > 0 && stack.size() == recover_target) {
                // At the array's level: its closer ends it (read on from there); another is stray.
                if (kind == kArrayKind) {
                    resume(kCommaOrClose, line);
                    return;
                }
                break;
            }
            // Closes the nearest open value of its kind above the array (a missing closer in the
            // broken text is taken as closed by an outer one, as HTML parsers recover); a closer
            // with none to close is ignored.
            size_t match = stack.size();
            while (match > recover_target && stack[match - 1].kind != kind) match--;
            if (match == recover_target) break;
            while (stack.size() >= match) pop();
            if (recover_target == 0 && stack.empty()) {
                // The broken top-level value ends here.
                consume(c);
                last_significant = c;
                resume(kLineEnd, line);
                return;
            }
            break;
        }
        case ',':
            if (recover_target > 0 && stack.size() == recover_target) {
                // The next element of the array.
                consume(c);
                last_significant = c;
                resume(kValue, line);
                return;
            }
            break;
        default: break;
        }
        if (!isSpace(c)) {
            last_significant = c;
            pending.last_line = line;
        }
        consume(c);
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
                const uint8_t route = stack.back().route;
                key_capture = route == kRouteTop || route == kRouteData || route == kRouteCard || route == kRouteObjects ||
                              route == kRouteTweets || route == kRouteResponse;
                key_length = 0;
                key_overflow = false;
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
            const uint8_t kind = stack.back().kind;
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
                key_overflow = true;  // an escaped key never routes
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
            if (!isSpace(c)) pending.last_line = line;
            consume(c);
            if (c == '\n') endSkip(line);
            break;
        case kRecover:
            recoverStep(c);
            break;
        case kString:
            break;  // scanned by scanString
        }
        if (!isSpace(c) && state != kRecover && state != kSkipLine) last_significant = c;
    }

    void topValue(uint8_t c) {
        beginUnit();
        top_line = line;
        pending_key = kKeyNone;
        joinable = false;
        seen_data = seen_objects = false;
        if (c == '[') {
            element_depth = 1;
            consume(c);
            stack.push_back(Level{kArrayKind, kRouteElements});
            state = kValueOrClose;
        } else if (c == '{') {
            element_depth = 0;
            beginElement(CSTATUSJSON_ROUTE_PLAIN);
            consume(c);
            push(kObject, kRouteTop);
            state = kKeyOrClose;
        } else if (c == '"' || isTokenByte(c)) {
            element_depth = 0;
            beginElement(CSTATUSJSON_ROUTE_PLAIN);
            consume(c);
            string_is_key = false;
            key_capture = false;
            state = c == '"' ? kString : kToken;
        } else {
            hardError(CSTATUSJSON_FRAME_UNEXPECTED, CSTATUSJSON_EXPECTED_VALUE, c);
        }
    }

    // Opens a container value at pos (its byte not consumed yet) with `route`.
    void open(uint8_t c, uint8_t route) {
        consume(c);
        if (push(c == '{' ? kObject : kArrayKind, route)) state = c == '{' ? kKeyOrClose : kValueOrClose;
    }

    // A value inside an array or object.
    void value(uint8_t c, int32_t expected) {
        const Level container = stack.back();
        const Key key = container.kind == kObject ? pending_key : kKeyNone;
        pending_key = kKeyNone;
        const bool opens = c == '{' || c == '[';
        if (!opens && c != '"' && !isTokenByte(c)) {
            hardError(CSTATUSJSON_FRAME_UNEXPECTED, expected, c);
            return;
        }
        // A routing key with a value of the shape it routes: the object holding it is a response
        // (not a status), and the value holds statuses, cards, or is one.
        uint8_t route = kRouteNone;
        bool element = false;
        uint8_t table = 0;
        if (key != kKeyNone && opens) {
            const bool top = container.route == kRouteTop;
            switch (key) {
            case kKeyStatuses:
            case kKeyList: route = c == '[' ? kRouteElements : kRouteNone; break;
            case kKeyData:
                route = c == '[' ? (top ? kRouteDataElements : kRouteElements) : kRouteData;
                element = c == '{';
                if (top) seen_data = true;
                break;
            case kKeyCards:
            case kKeyCardGroup: route = c == '[' ? kRouteCards : kRouteNone; break;
            case kKeyMblog: element = c == '{'; break;
            // Twitter API v2's includes, after its data.
            case kKeyIncludes: if (seen_data && c == '{') table = CSTATUSJSON_TABLE_INCLUDES; break;
            case kKeyObjects:
                if (c == '{') {
                    route = kRouteObjects;
                    seen_objects = true;
                }
                break;
            case kKeyTweets: route = c == '{' ? kRouteTweets : kRouteNone; break;
            case kKeyUsers: if (c == '{') table = CSTATUSJSON_TABLE_USERS; break;
            case kKeyResponse: route = seen_objects && c == '{' ? kRouteResponse : kRouteNone; break;
            case kKeyTimeline: if (c == '[') table = CSTATUSJSON_TABLE_TIMELINE; break;
            default: break;
            }
            if (route != kRouteNone || element || table != 0) {
                // The response was read as a status so far: it is not one.
                if (in_element && element_depth == stack.size() - 1) in_element = false;
                if (top && (seen_data || seen_objects)) joinable = true;
                beginUnit();
            }
        } else if (container.route == kRouteElements || container.route == kRouteDataElements) {
            beginUnit();
            element = true;
        } else if (container.route == kRouteCards) {
            if (c == '{') {
                beginUnit();
                route = kRouteCard;
            }
        } else if (container.route == kRouteTweets && c == '{') {
            beginUnit();
            element = true;
        }
        if (element || table != 0) {
            element_depth = stack.size();
            uint8_t elementRoute = CSTATUSJSON_ROUTE_PLAIN;
            if (route == kRouteData || key == kKeyMblog) elementRoute = CSTATUSJSON_ROUTE_WEB;
            else if (container.route == kRouteDataElements) elementRoute = CSTATUSJSON_ROUTE_DATA_ARRAY;
            else if (container.route == kRouteTweets) elementRoute = CSTATUSJSON_ROUTE_TWEETS;
            beginElement(elementRoute, table);
            if (container.route == kRouteTweets && !key_overflow && key_length <= kKeyCapacity) {
                for (size_t i = 0; i < key_length; i++) element_key[i] = key_bytes[i];
                element_key_length = uint8_t(key_length);
            }
        }
        if (opens) {
            open(c, route);
        } else {
            string_is_key = false;
            key_capture = false;
            consume(c);
            state = c == '"' ? kString : kToken;
        }
    }

    void close(uint8_t c) {
        consume(c);
        pop();
        valueEnded();
    }

    void lineEndsInString() {
        hardError(CSTATUSJSON_FRAME_LINE_ENDS_IN_STRING, 0, '\n');
        if (state == kRecover) {
            line_ended_in_string = true;
            consume('\n');
        } else if (state == kSkipLine) {
            // A top-level string that breaks its line: the error is complete.
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
        if (string_is_key && key_capture) {
            // A key of a routing object: kept (while short) to match against the routing keys.
            while (p < stop && *p != '"' && *p != '\\' && *p != '\n') {
                if (key_length < kKeyCapacity) key_bytes[key_length++] = *p; else key_overflow = true;
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
            last_significant = '"';
            if (string_is_key) {
                pending_key = key_capture && !key_overflow ? routingKey(stack.back().route, key_bytes, key_length) : kKeyNone;
                key_capture = false;
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
        if (p != first) {
            at_line_start = false;
            last_significant = p[-1];
        }
        if (p < stop) valueEnded();
    }

    // At the end of the input.
    void finish() {
        finishValue();
        endDocument();
    }

    void finishValue() {
        switch (state) {
        case kTop: return;
        case kBom2:
        case kBom3:
            brokenBom();
            endSkip(0);
            return;
        case kToken:
            valueEnded();
            if (state == kLineEnd) {
                lineEnded();
            } else {
                finishValue();
            }
            return;
        case kLineEnd:
            lineEnded();
            return;
        case kSkipLine:
        case kRecover:
            endSkip(0);
            return;
        default:
            hardError(CSTATUSJSON_FRAME_TRUNCATED, 0, 0);
            while (!stack.empty()) pop();
            endSkip(0);
            return;
        }
    }

    uint64_t retain() const { return unit_valid ? unit_start : in_element ? element_start : pos; }
};

extern "C" {

cstatusjson_framer *cstatusjson_framer_create(void) { return new (std::nothrow) cstatusjson_framer(); }

void cstatusjson_framer_destroy(cstatusjson_framer *framer) { delete framer; }

size_t cstatusjson_framer_scan(cstatusjson_framer *framer, const uint8_t *buffer, uint64_t offset, size_t length,
                               bool at_end) {
    framer->items.clear();
    const uint64_t end = offset + length;
    while (framer->pos < end) {
        if (framer->state == kString) {
            framer->scanString(buffer, offset, end);
            continue;
        }
        if (framer->state == kToken) {
            framer->scanToken(buffer, offset, end);
            continue;
        }
        framer->step(buffer[framer->pos - offset]);
    }
    if (at_end) framer->finish();
    return framer->items.size();
}

const cstatusjson_item *cstatusjson_framer_items(const cstatusjson_framer *framer) { return framer->items.data(); }

uint64_t cstatusjson_framer_position(const cstatusjson_framer *framer) { return framer->pos; }

uint64_t cstatusjson_framer_retain(const cstatusjson_framer *framer) { return framer->retain(); }

}  // extern "C"
