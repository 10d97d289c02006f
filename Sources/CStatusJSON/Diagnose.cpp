// The diagnosis of a value the parser refused: a strict reading of JSON (RFC 8259, with
// simdjson's limits: integers in 64 bits, doubles finite) that stops at the first problem and
// knows the path of the field it is in. Iterative (an explicit stack), so no input can
// overflow the thread's stack; run only for statuses that fail, never on the fast path.
#include "CStatusJSON.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Frame {
    bool object;
    uint64_t index;          // arrays: the element being read
    const uint8_t *key;      // objects: the key of the field being read (as written)
    size_t key_length;
};

struct Reader {
    const uint8_t *bytes;
    size_t length;
    size_t i = 0;
    std::vector<Frame> stack;
    cstatusjson_problem *out;

    bool atEnd() const { return i >= length; }

    void spaces() {
        while (i < length && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r')) i++;
    }

    void unexpected(int32_t expected) {
        out->problem = CSTATUSJSON_PROBLEM_UNEXPECTED;
        out->expected = expected;
        out->offset = i;
        out->at_end = atEnd();
        out->found = atEnd() ? 0 : bytes[i];
    }

    void token(int32_t problem, size_t start, size_t end) {
        out->problem = problem;
        out->offset = start;
        out->token_start = start;
        out->token_length = end - start;
    }

    static int hex(uint8_t c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    }

    // The four hex digits after "\u" at `at`, or -1.
    long escapedUnit(size_t at) const {
        if (at + 6 > length || bytes[at] != '\\' || bytes[at + 1] != 'u') return -1;
        long value = 0;
        for (size_t k = at + 2; k < at + 6; k++) {
            const int digit = hex(bytes[k]);
            if (digit < 0) return -1;
            value = value * 16 + digit;
        }
        return value;
    }

    // A string from its opening quote; false at a problem.
    bool string() {
        i++;
        while (i < length) {
            const uint8_t c = bytes[i];
            if (c == '"') {
                i++;
                return true;
            }
            if (c == '\\') {
                if (i + 1 >= length) break;
                const uint8_t e = bytes[i + 1];
                if (std::strchr("\"\\/bfnrt", e) != nullptr && e != 0) {
                    i += 2;
                    continue;
                }
                if (e != 'u') {
                    token(CSTATUSJSON_PROBLEM_BAD_ESCAPE, i, i + 2);
                    return false;
                }
                const long unit = escapedUnit(i);
                if (unit < 0) {
                    size_t end = i + 2;
                    while (end < length && end < i + 6 && hex(bytes[end]) >= 0) end++;
                    token(CSTATUSJSON_PROBLEM_BAD_ESCAPE, i, end < length ? end + 1 : end);
                    return false;
                }
                if (unit >= 0xDC00 && unit <= 0xDFFF) {
                    token(CSTATUSJSON_PROBLEM_LONE_SURROGATE, i, i + 6);
                    return false;
                }
                if (unit >= 0xD800 && unit <= 0xDBFF) {
                    const long low = escapedUnit(i + 6);
                    if (low < 0xDC00 || low > 0xDFFF) {
                        token(CSTATUSJSON_PROBLEM_LONE_SURROGATE, i, i + 6);
                        return false;
                    }
                    i += 12;
                    continue;
                }
                i += 6;
                continue;
            }
            if (c < 0x20) {
                out->problem = CSTATUSJSON_PROBLEM_CONTROL;
                out->offset = i;
                out->found = c;
                return false;
            }
            i++;
        }
        unexpected(0);  // the bytes end inside the string
        return false;
    }

    static bool tokenByte(uint8_t c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '+' ||
               c == '.';
    }

    // A number or literal; false at a problem.
    bool scalar() {
        const size_t start = i;
        while (i < length && tokenByte(bytes[i])) i++;
        const size_t end = i;
        const size_t n = end - start;
        const uint8_t *t = bytes + start;
        if ((n == 4 && std::memcmp(t, "true", 4) == 0) || (n == 5 && std::memcmp(t, "false", 5) == 0) ||
            (n == 4 && std::memcmp(t, "null", 4) == 0)) {
            return true;
        }
        // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
        size_t k = 0;
        const bool negative = k < n && t[k] == '-';
        if (negative) k++;
        const size_t digits = k;
        if (k < n && t[k] == '0') {
            k++;
        } else {
            while (k < n && t[k] >= '0' && t[k] <= '9') k++;
        }
        bool integer = true;
        bool ok = k > digits;
        if (ok && k < n && t[k] == '.') {
            integer = false;
            const size_t fraction = ++k;
            while (k < n && t[k] >= '0' && t[k] <= '9') k++;
            ok = k > fraction;
        }
        if (ok && k < n && (t[k] == 'e' || t[k] == 'E')) {
            integer = false;
            k++;
            if (k < n && (t[k] == '+' || t[k] == '-')) k++;
            const size_t exponent = k;
            while (k < n && t[k] >= '0' && t[k] <= '9') k++;
            ok = k > exponent;
        }
        if (!ok || k != n) {
            token(CSTATUSJSON_PROBLEM_BAD_TOKEN, start, end);
            return false;
        }
        const std::string text(reinterpret_cast<const char *>(t), n);
        if (integer) {
            // simdjson keeps integers in 64 bits: from -2^63 to 2^64 - 1.
            errno = 0;
            if (negative) {
                (void)std::strtoll(text.c_str(), nullptr, 10);
            } else {
                (void)std::strtoull(text.c_str(), nullptr, 10);
            }
            if (errno == ERANGE) {
                token(CSTATUSJSON_PROBLEM_NUMBER_RANGE, start, end);
                return false;
            }
            return true;
        }
        if (std::isinf(std::strtod(text.c_str(), nullptr))) {
            token(CSTATUSJSON_PROBLEM_NUMBER_RANGE, start, end);
            return false;
        }
        return true;
    }

    // How deep the rest nests, counting from `depth` at i (strings skipped).
    uint64_t deepest(uint64_t depth) const {
        uint64_t most = depth;
        bool in_string = false;
        for (size_t k = i; k < length; k++) {
            const uint8_t c = bytes[k];
            if (in_string) {
                if (c == '\\') {
                    k++;
                } else if (c == '"') {
                    in_string = false;
                }
            } else if (c == '"') {
                in_string = true;
            } else if (c == '[' || c == '{') {
                if (++depth > most) most = depth;
            } else if ((c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return most;
    }

    void run(size_t max_depth) {
        enum { kValue, kValueOrClose, kKeyOrClose, kKey, kColon, kCommaOrClose } want = kValue;
        for (;;) {
            spaces();
            if (want == kCommaOrClose && stack.empty()) {
                if (!atEnd()) unexpected(CSTATUSJSON_EXPECTED_LINE_END);  // something after the value
                return;
            }
            if (atEnd()) {
                static const int32_t expected[] = {CSTATUSJSON_EXPECTED_VALUE, CSTATUSJSON_EXPECTED_VALUE_OR_CLOSE_ARRAY,
                                                   CSTATUSJSON_EXPECTED_KEY_OR_CLOSE_OBJECT, CSTATUSJSON_EXPECTED_KEY,
                                                   CSTATUSJSON_EXPECTED_COLON, 0};
                unexpected(want == kCommaOrClose ? (stack.back().object ? CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_OBJECT
                                                                        : CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_ARRAY)
                                                 : expected[want]);
                return;
            }
            const uint8_t c = bytes[i];
            switch (want) {
            case kValueOrClose:
                if (c == ']') {
                    i++;
                    stack.pop_back();
                    want = kCommaOrClose;
                    break;
                }
                [[fallthrough]];
            case kValue:
                if (c == '{' || c == '[') {
                    if (stack.size() >= max_depth) {
                        out->problem = CSTATUSJSON_PROBLEM_TOO_DEEP;
                        out->offset = i;
                        out->depth = deepest(stack.size());
                        return;
                    }
                    stack.push_back(Frame{c == '{', 0, nullptr, 0});
                    i++;
                    want = c == '{' ? kKeyOrClose : kValueOrClose;
                } else if (c == '"') {
                    if (!string()) return;
                    want = kCommaOrClose;
                } else if (tokenByte(c)) {
                    if (!scalar()) return;
                    want = kCommaOrClose;
                } else {
                    unexpected(want == kValue ? CSTATUSJSON_EXPECTED_VALUE : CSTATUSJSON_EXPECTED_VALUE_OR_CLOSE_ARRAY);
                    return;
                }
                break;
            case kKeyOrClose:
                if (c == '}') {
                    i++;
                    stack.pop_back();
                    want = kCommaOrClose;
                    break;
                }
                [[fallthrough]];
            case kKey:
                if (c != '"') {
                    unexpected(want == kKey ? CSTATUSJSON_EXPECTED_KEY : CSTATUSJSON_EXPECTED_KEY_OR_CLOSE_OBJECT);
                    return;
                }
                {
                    const size_t start = i + 1;
                    if (!string()) return;
                    stack.back().key = bytes + start;
                    stack.back().key_length = i - 1 - start;
                }
                want = kColon;
                break;
            case kColon:
                if (c != ':') {
                    unexpected(CSTATUSJSON_EXPECTED_COLON);
                    return;
                }
                i++;
                want = kValue;
                break;
            case kCommaOrClose: {
                Frame &frame = stack.back();
                if (c == ',') {
                    i++;
                    if (frame.object) {
                        frame.key = nullptr;
                        want = kKey;
                    } else {
                        frame.index++;
                        want = kValue;
                    }
                } else if (c == (frame.object ? '}' : ']')) {
                    i++;
                    stack.pop_back();
                } else {
                    unexpected(frame.object ? CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_OBJECT
                                            : CSTATUSJSON_EXPECTED_COMMA_OR_CLOSE_ARRAY);
                    return;
                }
                break;
            }
            }
        }
    }

    // "user.screen_name", "pic_urls[0].width": the fields open where the problem is.
    std::string path() const {
        std::string text;
        for (const Frame &frame : stack) {
            if (frame.object) {
                if (frame.key == nullptr) break;
                if (!text.empty()) text += '.';
                text.append(reinterpret_cast<const char *>(frame.key), frame.key_length);
            } else {
                text += '[' + std::to_string(frame.index) + ']';
            }
        }
        return text;
    }
};

// Whether `bytes` are UTF-8; *bad is where the first invalid sequence starts.
bool validUTF8(const uint8_t *bytes, size_t length, size_t *bad) {
    size_t i = 0;
    while (i < length) {
        const uint8_t c = bytes[i];
        size_t n;
        uint32_t cp;
        if (c < 0x80) {
            i++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            cp = c & 0x07;
        } else {
            *bad = i;
            return false;
        }
        for (size_t k = 1; k <= n; k++) {
            if (i + k >= length || (bytes[i + k] & 0xC0) != 0x80) {
                *bad = i;
                return false;
            }
            cp = (cp << 6) | (bytes[i + k] & 0x3F);
        }
        if ((n == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
            *bad = i;
            return false;
        }
        i += n + 1;
    }
    return true;
}

}  // namespace

extern "C" void cstatusjson_diagnose(const uint8_t *bytes, size_t length, size_t max_depth,
                                     cstatusjson_problem *problem, char *path, size_t capacity) {
    *problem = cstatusjson_problem{};
    Reader reader{bytes, length, 0, {}, problem};
    size_t bad = 0;
    if (!validUTF8(bytes, length, &bad)) {
        problem->problem = CSTATUSJSON_PROBLEM_INVALID_UTF8;
        problem->offset = bad;
    } else {
        reader.run(max_depth);
    }
    std::string text = problem->problem == CSTATUSJSON_PROBLEM_NONE ? std::string() : reader.path();
    if (text.size() > capacity) {
        size_t cut = capacity;
        while (cut > 0 && (uint8_t(text[cut]) & 0xC0) == 0x80) cut--;  // not inside a character
        text.resize(cut);
    }
    if (!text.empty()) std::memcpy(path, text.data(), text.size());
    problem->path_length = text.size();
}
