/*
 * json.h - a small strict JSON reader for the tools (tools may allocate).
 *
 * Numbers are parsed with strtod and must be finite; strings must be UTF-8
 * and are decoded (\uXXXX to UTF-8; \u0000 is refused: values are C
 * strings). Errors carry the line number of the offending byte.
 *
 * The document is one block: every value is a 32-byte node in document
 * order (a container is followed by its items, each item by its own
 * subtree), and the strings are decoded in place in one copy of the input.
 * Memory is the input's size plus 32 bytes per value, with no per-value
 * allocation; at most JSON_MAX_NODES values and JSON_MAX_DEPTH levels.
 */
#ifndef EMBER_TOOL_JSON_H
#define EMBER_TOOL_JSON_H

#include <stddef.h>

#define JSON_MAX_NODES (1u << 21)
#define JSON_MAX_DEPTH 64

enum { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

typedef struct json {
	const char *key;      /* member name when the value is an object's member, else NULL */
	union {
		double num;       /* JSON_NUM */
		const char *str;  /* JSON_STR, decoded, NUL-terminated */
	} u;
	unsigned line;        /* line where the value starts */
	unsigned n;           /* JSON_ARR items, JSON_OBJ members */
	unsigned span;        /* nodes in this value's subtree, itself included */
	unsigned char type;
	unsigned char boolean; /* JSON_BOOL */
} json;

/*
 * Parses |len| bytes. Returns the root, or NULL with a one-line reason in
 * |err| and the line in |*err_line|. Free with json_free.
 */
json *json_parse(const char *text, size_t len, char *err, size_t err_len, unsigned *err_line);
/* Frees a document by its root (NULL is allowed). */
void json_free(json *root);

/*
 * Items of an array (members of an object) in order:
 *     for (i = 0, e = json_first(a); i < a->n; i++, e = json_next(e))
 * json_first is NULL for an empty container or a scalar; json_next is only
 * to be used while counting up to the parent's n.
 */
const json *json_first(const json *v);
const json *json_next(const json *v);

/* Member |key| of an object (the first, when repeated); NULL if absent or |obj| is not an object. */
const json *json_get(const json *obj, const char *key);
/* String member or NULL. */
const char *json_str(const json *obj, const char *key);
/* Number member: 1 and *out set, or 0 when absent or not a number. */
int json_num(const json *obj, const char *key, double *out);

/*
 * Length of the well-formed UTF-8 sequence at |s| (RFC 3629: shortest form,
 * no surrogate, at most U+10FFFF), or 0; also for the text reader.
 */
size_t json_utf8_len(const unsigned char *s, const unsigned char *end);

#endif
