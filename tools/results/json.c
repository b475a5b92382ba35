/*
 * json.c - a small strict JSON reader (RFC 8259) for the tools.
 *
 * One allocation holds the nodes (a tape in document order, grown by
 * doubling and trimmed to size at the end) and a second one the copy of the
 * input in which strings are decoded in place: an escape never decodes to
 * more bytes than it spells ("\u00e9" is 6 bytes, its UTF-8 2), so the
 * write cursor never passes the read cursor.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

/* The document: the text copy first, then the nodes; json_parse returns &nodes[0]. */
typedef struct jdoc {
	char *text;
	json nodes[];
} jdoc;

#define JDOC_HEAD offsetof(jdoc, nodes)

typedef struct jp {
	char *p, *end;   /* read cursor in the copy */
	unsigned line;
	jdoc *doc;
	size_t nn, cap;  /* nodes used, allocated */
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

/* A new node at the end of the tape: its index, or (size_t)-1. Node pointers move when the tape grows. */
static size_t node(jp *j, int type)
{
	json *v;

	if (j->nn >= JSON_MAX_NODES) {
		char what[64];
		snprintf(what, sizeof(what), "more than %u values", JSON_MAX_NODES);
		fail(j, what);
		return (size_t)-1;
	}
	if (j->nn == j->cap) {
		size_t nc = j->cap * 2;
		jdoc *nd = realloc(j->doc, JDOC_HEAD + nc * sizeof(json));
		if (nd == NULL) {
			fail(j, "out of memory");
			return (size_t)-1;
		}
		j->doc = nd;
		j->cap = nc;
	}
	v = &j->doc->nodes[j->nn];
	memset(v, 0, sizeof(*v));
	v->type = (unsigned char)type;
	v->line = j->line;
	v->span = 1;
	return j->nn++;
}

void json_free(json *root)
{
	jdoc *d;

	if (root == NULL)
		return;
	d = (jdoc *)(void *)((char *)root - JDOC_HEAD);
	free(d->text);
	free(d);
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

size_t json_utf8_len(const unsigned char *s, const unsigned char *end)
{
	size_t n, i;
	unsigned cp;

	if (s >= end)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if ((size_t)(end - s) < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp < 0xe000))
		return 0;
	return n;
}

/* Decodes the string after the opening quote in place; returns its start, or NULL. */
static char *jstring(jp *j)
{
	char *s = j->p, *w = j->p;

	for (;;) {
		unsigned char c;
		unsigned cp;

		if (j->p >= j->end) {
			fail(j, "unterminated string");
			return NULL;
		}
		c = (unsigned char)*j->p;
		if (c == '"') {
			j->p++;
			*w = 0; /* w <= the quote just read */
			return s;
		}
		if (c < 0x20) {
			fail(j, "control character in string");
			return NULL;
		}
		if (c >= 0x80) {
			size_t n = json_utf8_len((const unsigned char *)j->p, (const unsigned char *)j->end);
			if (n == 0) {
				fail(j, "invalid UTF-8 in string");
				return NULL;
			}
			memmove(w, j->p, n);
			w += n;
			j->p += n;
			continue;
		}
		j->p++;
		if (c != '\\') {
			*w++ = (char)c;
			continue;
		}
		if (j->p >= j->end) {
			fail(j, "unterminated string");
			return NULL;
		}
		c = (unsigned char)*j->p++;
		switch (c) {
		case '"': case '\\': case '/': *w++ = (char)c; break;
		case 'b': *w++ = '\b'; break;
		case 'f': *w++ = '\f'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		case 't': *w++ = '\t'; break;
		case 'u':
			if (hex4(j, &cp) != 0) {
				fail(j, "bad \\u escape");
				return NULL;
			}
			if (cp >= 0xd800 && cp < 0xdc00) {
				unsigned lo;
				if (j->end - j->p < 6 || j->p[0] != '\\' || j->p[1] != 'u') {
					fail(j, "lone surrogate in \\u escape");
					return NULL;
				}
				j->p += 2;
				if (hex4(j, &lo) != 0 || lo < 0xdc00 || lo > 0xdfff) {
					fail(j, "bad surrogate pair");
					return NULL;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			} else if (cp >= 0xdc00 && cp < 0xe000) {
				fail(j, "lone surrogate in \\u escape");
				return NULL;
			}
			if (cp == 0) {
				fail(j, "\\u0000 in string");
				return NULL;
			}
			/* 6 bytes read (12 for a pair), at most 3 (4) written */
			if (cp < 0x80) {
				*w++ = (char)cp;
			} else if (cp < 0x800) {
				*w++ = (char)(0xc0 | cp >> 6);
				*w++ = (char)(0x80 | (cp & 0x3f));
			} else if (cp < 0x10000) {
				*w++ = (char)(0xe0 | cp >> 12);
				*w++ = (char)(0x80 | (cp >> 6 & 0x3f));
				*w++ = (char)(0x80 | (cp & 0x3f));
			} else {
				*w++ = (char)(0xf0 | cp >> 18);
				*w++ = (char)(0x80 | (cp >> 12 & 0x3f));
				*w++ = (char)(0x80 | (cp >> 6 & 0x3f));
				*w++ = (char)(0x80 | (cp & 0x3f));
			}
			break;
		default:
			fail(j, "bad escape in string");
			return NULL;
		}
	}
}

static int jvalue(jp *j, int depth);

/* Object or array at j->p; its items follow it on the tape. */
static int jcontainer(jp *j, int depth, int obj)
{
	size_t at = node(j, obj ? JSON_OBJ : JSON_ARR);
	char close = obj ? '}' : ']';
	unsigned n = 0;

	if (at == (size_t)-1)
		return -1;
	j->p++;
	skip_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		size_t item;

		skip_ws(j);
		if (obj) {
			if (j->p >= j->end || *j->p != '"') {
				fail(j, "expected a string key");
				return -1;
			}
			j->p++;
			key = jstring(j);
			if (key == NULL)
				return -1;
			skip_ws(j);
			if (j->p >= j->end || *j->p != ':') {
				fail(j, "expected ':'");
				return -1;
			}
			j->p++;
		}
		skip_ws(j);
		item = j->nn;
		if (jvalue(j, depth + 1) != 0)
			return -1;
		j->doc->nodes[item].key = key;
		n++;
		skip_ws(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			j->doc->nodes[at].n = n;
			j->doc->nodes[at].span = (unsigned)(j->nn - at);
			return 0;
		}
		fail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
		return -1;
	}
}

static int jnumber(jp *j)
{
	const char *s = j->p;
	char buf[64];
	size_t n, at;
	char *end;
	double d;

	if (s < j->end && *s == '-')
		s++;
	if (s >= j->end || !(*s >= '0' && *s <= '9')) {
		fail(j, "bad number");
		return -1;
	}
	if (*s == '0' && s + 1 < j->end && s[1] >= '0' && s[1] <= '9') {
		fail(j, "bad number (leading zero)");
		return -1;
	}
	while (s < j->end && ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' || *s == 'E' ||
	    *s == '+' || *s == '-'))
		s++;
	n = (size_t)(s - j->p);
	if (n >= sizeof(buf)) {
		fail(j, "number too long");
		return -1;
	}
	memcpy(buf, j->p, n);
	buf[n] = 0;
	errno = 0;
	d = strtod(buf, &end);
	if (*end != 0 || buf[n - 1] == '.' || strstr(buf, ".e") || strstr(buf, ".E")) {
		fail(j, "bad number");
		return -1;
	}
	if (errno == ERANGE && fabs(d) > 1.0) {
		fail(j, "number out of range");
		return -1;
	}
	if (!isfinite(d)) {
		fail(j, "number out of range");
		return -1;
	}
	at = node(j, JSON_NUM);
	if (at == (size_t)-1)
		return -1;
	j->doc->nodes[at].u.num = d;
	j->p += n;
	return 0;
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

/* One value at j->p (after blanks): 0, or -1 with the failure recorded. */
static int jvalue(jp *j, int depth)
{
	size_t at;
	const char *s;

	if (depth > JSON_MAX_DEPTH) {
		fail(j, "nested too deeply");
		return -1;
	}
	skip_ws(j);
	if (j->p >= j->end) {
		fail(j, "unexpected end of input");
		return -1;
	}
	switch (*j->p) {
	case '{':
		return jcontainer(j, depth, 1);
	case '[':
		return jcontainer(j, depth, 0);
	case '"':
		at = node(j, JSON_STR);
		if (at == (size_t)-1)
			return -1;
		j->p++;
		s = jstring(j);
		if (s == NULL)
			return -1;
		j->doc->nodes[at].u.str = s;
		return 0;
	case 't':
	case 'f':
	case 'n':
		if (word(j, "true") || word(j, "false")) {
			at = node(j, JSON_BOOL);
			if (at == (size_t)-1)
				return -1;
			j->doc->nodes[at].boolean = j->p[-4] == 't';
			return 0;
		}
		if (word(j, "null"))
			return node(j, JSON_NULL) == (size_t)-1 ? -1 : 0;
		fail(j, "unexpected character");
		return -1;
	default:
		if (*j->p == '-' || (*j->p >= '0' && *j->p <= '9'))
			return jnumber(j);
		fail(j, "unexpected character");
		return -1;
	}
}

json *json_parse(const char *text, size_t len, char *err, size_t err_len, unsigned *err_line)
{
	jp j;
	int rc;

	memset(&j, 0, sizeof(j));
	j.line = 1;
	j.err = err;
	j.err_len = err_len;
	if (err_len)
		err[0] = 0;
	j.cap = 64;
	j.doc = malloc(JDOC_HEAD + j.cap * sizeof(json));
	if (j.doc != NULL)
		j.doc->text = malloc(len + 1);
	if (j.doc == NULL || j.doc->text == NULL) {
		if (j.doc)
			free(j.doc);
		snprintf(err, err_len, "out of memory");
		if (err_line)
			*err_line = 0;
		return NULL;
	}
	memcpy(j.doc->text, text, len);
	j.doc->text[len] = 0;
	j.p = j.doc->text;
	j.end = j.doc->text + len;
	rc = jvalue(&j, 0);
	if (rc == 0) {
		skip_ws(&j);
		if (j.p != j.end) {
			fail(&j, "trailing data after the JSON value");
			rc = -1;
		}
	}
	if (rc != 0) {
		if (err_line)
			*err_line = j.err_line ? j.err_line : j.line;
		free(j.doc->text);
		free(j.doc);
		return NULL;
	}
	/* Trimmed to the values read: no slack kept. */
	if (j.nn < j.cap) {
		jdoc *nd = realloc(j.doc, JDOC_HEAD + j.nn * sizeof(json));
		if (nd != NULL)
			j.doc = nd;
	}
	return &j.doc->nodes[0];
}

const json *json_first(const json *v)
{
	if (v == NULL || (v->type != JSON_ARR && v->type != JSON_OBJ) || v->n == 0)
		return NULL;
	return v + 1;
}

const json *json_next(const json *v)
{
	return v + v->span;
}

const json *json_get(const json *obj, const char *key)
{
	const json *m;
	unsigned i;

	if (obj == NULL || obj->type != JSON_OBJ)
		return NULL;
	for (i = 0, m = json_first(obj); i < obj->n; i++, m = json_next(m))
		if (strcmp(m->key, key) == 0)
			return m;
	return NULL;
}

const char *json_str(const json *obj, const char *key)
{
	const json *v = json_get(obj, key);

	return v && v->type == JSON_STR ? v->u.str : NULL;
}

int json_num(const json *obj, const char *key, double *out)
{
	const json *v = json_get(obj, key);

	if (v == NULL || v->type != JSON_NUM)
		return 0;
	*out = v->u.num;
	return 1;
}
