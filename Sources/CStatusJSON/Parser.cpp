// The parser: simdjson's DOM parser over a padded copy of one status, its values read through
// indices into a vector of dom::element (cheap handles: a document pointer and a tape index).
//
// Why DOM and not On-Demand: the DOM parser's kernels are compiled into libsimdjson for every
// processor and chosen at run time (icelake, haswell, westmere...), while On-Demand is compiled
// inline for the processor the including file targets, which without -march flags is the
// scalar fallback. DOM also validates the whole status (every string, number and literal), so
// a bad value anywhere fails its status rather than going unread.
#include "CStatusJSON.h"

#include <simdjson.h>

#include <cstring>
#include <new>
#include <vector>

struct cstatusjson_parser {
    simdjson::dom::parser dom;
    std::vector<simdjson::dom::element> values;
    std::vector<uint8_t> buffer;  // the bytes parsed, followed by simdjson's padding
    simdjson::error_code last = simdjson::SUCCESS;
    size_t max_depth;

    explicit cstatusjson_parser(size_t depth) : max_depth(depth) { values.reserve(64); }
};

namespace {

// Above this many bytes a parser gives its buffers back after use, so that one long status
// does not keep every thread's parser large.
constexpr size_t kKeptCapacity = size_t(1) << 20;

int32_t outcome(simdjson::error_code code) {
    switch (code) {
    case simdjson::SUCCESS: return CSTATUSJSON_OK;
    case simdjson::UTF8_ERROR: return CSTATUSJSON_INVALID_UTF8;
    case simdjson::STRING_ERROR:
    case simdjson::UNESCAPED_CHARS: return CSTATUSJSON_BAD_STRING;
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE: return CSTATUSJSON_BAD_NUMBER;
    case simdjson::DEPTH_ERROR: return CSTATUSJSON_TOO_DEEP;
    case simdjson::MEMALLOC:
    case simdjson::CAPACITY: return CSTATUSJSON_NO_MEMORY;
    default: return CSTATUSJSON_SYNTAX;
    }
}

uint32_t push(cstatusjson_parser *parser, simdjson::dom::element element) {
    parser->values.push_back(element);
    return uint32_t(parser->values.size() - 1);
}

}  // namespace

extern "C" {

cstatusjson_parser *cstatusjson_parser_create(size_t max_depth) {
    auto *parser = new (std::nothrow) cstatusjson_parser(max_depth);
    if (parser == nullptr) return nullptr;
    if (parser->dom.allocate(64 * 1024, max_depth) != simdjson::SUCCESS) {
        delete parser;
        return nullptr;
    }
    return parser;
}

void cstatusjson_parser_destroy(cstatusjson_parser *parser) { delete parser; }

int32_t cstatusjson_parse(cstatusjson_parser *parser, const uint8_t *bytes, size_t length) {
    parser->values.clear();
    // Give back what one long status took, before parsing a short one.
    if (parser->dom.capacity() > kKeptCapacity && length < parser->dom.capacity() / 4) {
        if (parser->dom.allocate(length > 64 * 1024 ? length : 64 * 1024, parser->max_depth) != simdjson::SUCCESS) {
            parser->last = simdjson::MEMALLOC;
            return CSTATUSJSON_NO_MEMORY;
        }
        std::vector<uint8_t>().swap(parser->buffer);
    }
    try {
        if (parser->buffer.size() < length + simdjson::SIMDJSON_PADDING) {
            parser->buffer.resize(length + simdjson::SIMDJSON_PADDING);
        }
    } catch (const std::bad_alloc &) {
        parser->last = simdjson::MEMALLOC;
        return CSTATUSJSON_NO_MEMORY;
    }
    if (length > 0) std::memcpy(parser->buffer.data(), bytes, length);
    std::memset(parser->buffer.data() + length, ' ', simdjson::SIMDJSON_PADDING);
    auto result = parser->dom.parse(parser->buffer.data(), length, false);
    parser->last = result.error();
    if (parser->last != simdjson::SUCCESS) return outcome(parser->last);
    push(parser, result.value_unsafe());
    return CSTATUSJSON_OK;
}

void cstatusjson_get(const cstatusjson_parser *parser, uint32_t index, cstatusjson_value *value) {
    const simdjson::dom::element &element = parser->values[index];
    *value = cstatusjson_value{};
    switch (element.type()) {
    case simdjson::dom::element_type::NULL_VALUE: value->type = CSTATUSJSON_NULL; break;
    case simdjson::dom::element_type::BOOL:
        value->type = element.get_bool().value_unsafe() ? CSTATUSJSON_TRUE : CSTATUSJSON_FALSE;
        break;
    case simdjson::dom::element_type::INT64:
        value->type = CSTATUSJSON_INT64;
        value->integer = element.get_int64().value_unsafe();
        value->number = double(value->integer);
        break;
    case simdjson::dom::element_type::UINT64:
        value->type = CSTATUSJSON_UINT64;
        value->unsigned_integer = element.get_uint64().value_unsafe();
        value->number = double(value->unsigned_integer);
        break;
    case simdjson::dom::element_type::DOUBLE:
        value->type = CSTATUSJSON_DOUBLE;
        value->number = element.get_double().value_unsafe();
        break;
    case simdjson::dom::element_type::STRING: {
        value->type = CSTATUSJSON_STRING;
        std::string_view text = element.get_string().value_unsafe();
        value->string = reinterpret_cast<const uint8_t *>(text.data());
        value->length = text.size();
        break;
    }
    case simdjson::dom::element_type::ARRAY:
        value->type = CSTATUSJSON_ARRAY;
        value->length = element.get_array().value_unsafe().size();
        break;
    case simdjson::dom::element_type::OBJECT:
        value->type = CSTATUSJSON_OBJECT;
        value->length = element.get_object().value_unsafe().size();
        break;
    }
}

void cstatusjson_object_lookup(cstatusjson_parser *parser, uint32_t object, const cstatusjson_key *keys,
                               size_t key_count, uint32_t *values) {
    for (size_t i = 0; i < key_count; i++) values[i] = CSTATUSJSON_ABSENT;
    simdjson::dom::object fields = parser->values[object].get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : fields) {
        const std::string_view key = field.key;
        if (key.empty()) continue;
        for (size_t i = 0; i < key_count; i++) {
            // Length and first byte before the bytes: most keys differ there.
            if (keys[i].length == key.size() && keys[i].bytes[0] == uint8_t(key[0]) &&
                std::memcmp(keys[i].bytes, key.data(), key.size()) == 0) {
                if (values[i] == CSTATUSJSON_ABSENT) values[i] = push(parser, field.value);  // the first wins
                break;
            }
        }
    }
}

}  // extern "C"

struct cstatusjson_key_index {
    static constexpr size_t kSlots = 256;  // at most a quarter full: an absent key (most of a status's) ends its probe at once
    size_t count = 0;
    const cstatusjson_key *keys = nullptr;
    uint32_t hashes[kSlots];  // of the key in each slot
    uint8_t slots[kSlots];    // key index + 1; 0: empty
};

namespace {

// A key's length and three of its bytes, mixed: no loop over the key (keys that collide are
// told apart by comparing them).
inline uint32_t keyHash(const uint8_t *bytes, size_t length) {
    if (length == 0) return 0;
    const uint32_t mixed = uint32_t(length) * 0x9E3779B1u ^ uint32_t(bytes[0]) * 0x85EBCA77u ^
                           uint32_t(bytes[length - 1]) * 0xC2B2AE3Du ^ uint32_t(bytes[length / 2]) * 0x27D4EB2Fu;
    return mixed ^ (mixed >> 15);
}

}  // namespace

extern "C" {

cstatusjson_key_index *cstatusjson_key_index_create(const cstatusjson_key *keys, size_t key_count) {
    if (key_count > 64) return nullptr;
    auto *index = new (std::nothrow) cstatusjson_key_index();
    if (index == nullptr) return nullptr;
    index->count = key_count;
    index->keys = keys;
    std::memset(index->slots, 0, sizeof index->slots);
    for (size_t i = 0; i < key_count; i++) {
        const uint32_t hash = keyHash(keys[i].bytes, keys[i].length);
        size_t slot = hash & (cstatusjson_key_index::kSlots - 1);
        while (index->slots[slot] != 0) slot = (slot + 1) & (cstatusjson_key_index::kSlots - 1);
        index->slots[slot] = uint8_t(i + 1);
        index->hashes[slot] = hash;
    }
    return index;
}

void cstatusjson_object_lookup_indexed(cstatusjson_parser *parser, uint32_t object, const cstatusjson_key_index *index,
                                       uint32_t *values) {
    for (size_t i = 0; i < index->count; i++) values[i] = CSTATUSJSON_ABSENT;
    simdjson::dom::object fields = parser->values[object].get_object().value_unsafe();
    for (simdjson::dom::key_value_pair field : fields) {
        const std::string_view key = field.key;
        const uint32_t hash = keyHash(reinterpret_cast<const uint8_t *>(key.data()), key.size());
        for (size_t slot = hash & (cstatusjson_key_index::kSlots - 1); index->slots[slot] != 0;
             slot = (slot + 1) & (cstatusjson_key_index::kSlots - 1)) {
            if (index->hashes[slot] != hash) continue;
            const size_t i = index->slots[slot] - 1;
            if (index->keys[i].length == key.size() && std::memcmp(index->keys[i].bytes, key.data(), key.size()) == 0) {
                if (values[i] == CSTATUSJSON_ABSENT) values[i] = push(parser, field.value);  // the first wins
                break;
            }
        }
    }
}

uint32_t cstatusjson_array_elements(cstatusjson_parser *parser, uint32_t array) {
    const uint32_t first = uint32_t(parser->values.size());
    simdjson::dom::array elements = parser->values[array].get_array().value_unsafe();
    for (simdjson::dom::element element : elements) parser->values.push_back(element);
    return first;
}

uint32_t cstatusjson_object_members(cstatusjson_parser *parser, uint32_t object, cstatusjson_key *keys, size_t capacity) {
    const uint32_t first = uint32_t(parser->values.size());
    simdjson::dom::object fields = parser->values[object].get_object().value_unsafe();
    size_t index = 0;
    for (simdjson::dom::key_value_pair field : fields) {
        if (index < capacity) keys[index] = cstatusjson_key{reinterpret_cast<const uint8_t *>(field.key.data()), field.key.size()};
        parser->values.push_back(field.value);
        index++;
    }
    return first;
}

const char *cstatusjson_parser_error_message(const cstatusjson_parser *parser) {
    return simdjson::error_message(parser->last);
}

}  // extern "C"
