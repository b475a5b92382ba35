/*
 * json.h - a small strict JSON reader for the tools (tools may allocate).
 *
 * Numbers are parsed with strtod and must be finite; strings are decoded
 * (\uXXXX to UTF-8). Errors carry the line number of the offending byte.
 */
#ifndef EMBER_TOOL_JSON_H
#define EMBER_TOOL_JSON_H

#include <stddef.h>

enum { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

typedef struct json {
	int type;
	double num;           /* JSON_NUM */
	int boolean;          /* JSON_BOOL */
	char *str;            /* JSON_STR, decoded */
	struct json **items;  /* JSON_ARR items; JSON_OBJ values */
	char **keys;          /* JSON_OBJ keys */
	size_t n;
	unsigned line;        /* line where the value starts */
} json;

/*
 * Parses |len| bytes. Returns the root, or NULL with a one-line reason in
 * |err| and the line in |*err_line|. Free with json_free.
 */
json *json_parse(const char *text, size_t len, char *err, size_t err_len, unsigned *err_line);
void json_free(json *j);
/* Member |key| of an object, NULL if absent or |obj| is not an object. */
const json *json_get(const json *obj, const char *key);
/* String member or NULL. */
const char *json_str(const json *obj, const char *key);
/* Number member: 1 and *out set, or 0 when absent or not a number. */
int json_num(const json *obj, const char *key, double *out);

#endif
