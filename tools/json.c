/*
 * json.c - a small strict JSON reader (RFC 8259) for the tools.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

#define JSON_MAX_DEPTH 64

typedef struct jp {
	const char *p, *end;
	unsigned line;
	char *err;
	size_t err_len;
	unsigned err_line;
	int failed;
} jp;

static void fail(jp *j, const char *what)
{
	if (j->failed)
		return;
	j->failed = 1;
	j->err_line = j->line;
	snprintf(j->err, j->err_len, "%s", what);
}

static void skip_ws(jp *j)
{
	while (j->p < j->end) {
		char c = *j->p;
		if (c == '\n')
			j->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			break;
		j->p++;
	}
}

static json *node(jp *j, int type)
{
	json *v = calloc(1, sizeof(*v));
	if (v == NULL) {
		fail(j, "out of memory");
		return NULL;
	}
	v->type = type;
	v->line = j->line;
	return v;
}

void json_free(json *v)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < v->n; i++) {
		json_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	free(v);
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int hex4(jp *j, unsigned *out)
{
	unsigned v = 0;
	int i;

	if (j->end - j->p < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		int h = hexval(j->p[i]);
		if (h < 0)
			return -1;
		v = v << 4 | (unsigned)h;
	}
	j->p += 4;
	*out = v;
	return 0;
}

/* Reads a string after the opening quote into a malloc'd buffer. */
static char *jstring(jp *j)
{
	size_t cap = 32, n = 0;
	char *s = malloc(cap);

	if (s == NULL) {
		fail(j, "out of memory");
		return NULL;
	}
	for (;;) {
		unsigned char c;
		unsigned cp;
		char tmp[4];
		size_t k, tn = 0;

		if (j->p >= j->end) {
			fail(j, "unterminated string");
			break;
		}
		c = (unsigned char)*j->p++;
		if (c == '"') {
			s[n] = 0;
			return s;
		}
		if (c < 0x20) {
			fail(j, "control character in string");
			break;
		}
		if (c != '\\') {
			tmp[tn++] = (char)c;
		} else {
			if (j->p >= j->end) {
				fail(j, "unterminated string");
				break;
			}
			c = (unsigned char)*j->p++;
			switch (c) {
			case '"': case '\\': case '/': tmp[tn++] = (char)c; break;
			case 'b': tmp[tn++] = '\b'; break;
			case 'f': tmp[tn++] = '\f'; break;
			case 'n': tmp[tn++] = '\n'; break;
			case 'r': tmp[tn++] = '\r'; break;
			case 't': tmp[tn++] = '\t'; break;
			case 'u':
				if (hex4(j, &cp) != 0) {
					fail(j, "bad \\u escape");
					goto out;
				}
				if (cp >= 0xd800 && cp < 0xdc00) {
					unsigned lo;
					if (j->end - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u') {
						fail(j, "lone surrogate in \\u escape");
						goto out;
					}
					j->p += 2;
					if (hex4(j, &lo) != 0 || lo < 0xdc00 || lo > 0xdfff) {
						fail(j, "bad surrogate pair");
						goto out;
					}
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				} else if (cp >= 0xdc00 && cp < 0xe000) {
					fail(j, "lone surrogate in \\u escape");
					goto out;
				}
				if (cp < 0x80) {
					tmp[tn++] = (char)cp;
				} else if (cp < 0x800) {
					tmp[tn++] = (char)(0xc0 | cp >> 6);
					tmp[tn++] = (char)(0x80 | (cp & 0x3f));
				} else if (cp < 0x10000) {
					tmp[tn++] = (char)(0xe0 | cp >> 12);
					tmp[tn++] = (char)(0x80 | (cp >> 6 & 0x3f));
					tmp[tn++] = (char)(0x80 | (cp & 0x3f));
				} else {
					tmp[tn++] = (char)(0xf0 | cp >> 18);
					tmp[tn++] = (char)(0x80 | (cp >> 12 & 0x3f));
					tmp[tn++] = (char)(0x80 | (cp >> 6 & 0x3f));
					tmp[tn++] = (char)(0x80 | (cp & 0x3f));
				}
				break;
			default:
				fail(j, "bad escape in string");
				goto out;
			}
		}
		if (n + tn + 1 > cap) {
			char *t;
			cap = cap * 2 + tn;
			t = realloc(s, cap);
			if (t == NULL) {
				fail(j, "out of memory");
				break;
			}
			s = t;
		}
		for (k = 0; k < tn; k++)
			s[n++] = tmp[k];
	}
out:
	free(s);
	return NULL;
}

static int push(jp *j, json *v, json *item, char *key)
{
	json **ni;
	char **nk = v->keys;

	ni = realloc(v->items, (v->n + 1) * sizeof(*ni));
	if (ni == NULL) {
		fail(j, "out of memory");
		return -1;
	}
	v->items = ni;
	if (v->type == JSON_OBJ) {
		nk = realloc(v->keys, (v->n + 1) * sizeof(*nk));
		if (nk == NULL) {
			fail(j, "out of memory");
			return -1;
		}
		v->keys = nk;
		v->keys[v->n] = key;
	}
	v->items[v->n++] = item;
	return 0;
}

static json *jvalue(jp *j, int depth);

static json *jcontainer(jp *j, int depth, int obj)
{
	json *v = node(j, obj ? JSON_OBJ : JSON_ARR);
	char close = obj ? '}' : ']';

	if (v == NULL)
		return NULL;
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		json *item;

		skip_ws(j);
		if (obj) {
			if (j->p >= j->end || *j->p != '"') {
				fail(j, "expected a string key");
				break;
			}
			j->p++;
			key = jstring(j);
			if (key == NULL)
				break;
			skip_ws(j);
			if (j->p >= j->end || *j->p != ':') {
				free(key);
				fail(j, "expected ':'");
				break;
			}
			j->p++;
		}
		item = jvalue(j, depth + 1);
		if (item == NULL) {
			free(key);
			break;
		}
		if (push(j, v, item, key) != 0) {
			json_free(item);
			free(key);
			break;
		}
		skip_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return v;
		}
		fail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
		break;
	}
	json_free(v);
	return NULL;
}

static json *jnumber(jp *j)
{
	const char *s = j->p;
	char buf[64];
	size_t n;
	char *end;
	double d;
	json *v;

	if (s < j->end && *s == '-')
		s++;
	if (s >= j->end || !(*s >= '0' && *s <= '9')) {
		fail(j, "bad number");
		return NULL;
	}
	if (*s == '0' && s + 1 < j->end && s[1] >= '0' && s[1] <= '9') {
		fail(j, "bad number (leading zero)");
		return NULL;
	}
	while (s < j->end && ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' || *s == 'E' ||
	    *s == '+' || *s == '-'))
		s++;
	n = (size_t)(s - j->p);
	if (n >= sizeof(buf)) {
		fail(j, "number too long");
		return NULL;
	}
	memcpy(buf, j->p, n);
	buf[n] = 0;
	errno = 0;
	d = strtod(buf, &end);
	if (*end != 0 || buf[n - 1] == '.' || strstr(buf, ".e") || strstr(buf, ".E")) {
		fail(j, "bad number");
		return NULL;
	}
	if (errno == ERANGE && fabs(d) > 1.0) {
		fail(j, "number out of range");
		return NULL;
	}
	if (!isfinite(d)) {
		fail(j, "number out of range");
		return NULL;
	}
	v = node(j, JSON_NUM);
	if (v)
		v->num = d;
	j->p = s;
	return v;
}

static int word(jp *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) >= n && memcmp(j->p, w, n) == 0) {
		j->p += n;
		return 1;
	}
	return 0;
}

static json *jvalue(jp *j, int depth)
{
	json *v;

	if (depth > JSON_MAX_DEPTH) {
		fail(j, "nested too deeply");
		return NULL;
	}
	skip_ws(j);
	if (j->p >= j->end) {
		fail(j, "unexpected end of input");
		return NULL;
	}
	switch (*j->p) {
	case '{':
		return jcontainer(j, depth, 1);
	case '[':
		return jcontainer(j, depth, 0);
	case '"':
		v = node(j, JSON_STR);
		if (v == NULL)
			return NULL;
		j->p++;
		v->str = jstring(j);
		if (v->str == NULL) {
			json_free(v);
			return NULL;
		}
		return v;
	case 't':
	case 'f':
	case 'n':
		v = node(j, JSON_NULL);
		if (v == NULL)
			return NULL;
		if (word(j, "true")) {
			v->type = JSON_BOOL;
			v->boolean = 1;
		} else if (word(j, "false")) {
			v->type = JSON_BOOL;
		} else if (!word(j, "null")) {
			json_free(v);
			fail(j, "unexpected character");
			return NULL;
		}
		return v;
	default:
		if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
			return jnumber(j);
		fail(j, "unexpected character");
		return NULL;
	}
}

json *json_parse(const char *text, size_t len, char *err, size_t err_len, unsigned *err_line)
{
	jp j;
	json *root;

	j.p = text;
	j.end = text + len;
	j.line = 1;
	j.err = err;
	j.err_len = err_len;
	j.err_line = 0;
	j.failed = 0;
	if (err_len)
		err[0] = 0;
	root = jvalue(&j, 0);
	if (root != NULL) {
		skip_ws(&j);
		if (j.p != j.end) {
			fail(&j, "trailing data after the JSON value");
			json_free(root);
			root = NULL;
		}
	}
	if (root == NULL && err_line)
		*err_line = j.err_line ? j.err_line : j.line;
	return root;
}

const json *json_get(const json *obj, const char *key)
{
	size_t i;

	if (obj == NULL || obj->type != JSON_OBJ)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return obj->items[i];
	return NULL;
}

const char *json_str(const json *obj, const char *key)
{
	const json *v = json_get(obj, key);

	return v && v->type == JSON_STR ? v->str : NULL;
}

int json_num(const json *obj, const char *key, double *out)
{
	const json *v = json_get(obj, key);

	if (v == NULL || v->type != JSON_NUM)
		return 0;
	*out = v->num;
	return 1;
}
