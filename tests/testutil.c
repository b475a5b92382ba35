/*
 * testutil.c - hex, paths, and the readers for vector files (Key = Value
 * stanzas, kat/ lines, Wycheproof JSON). Tests may allocate; the library may not.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "test.h"

static int hexval(int c)
{
	if (c >= '0' && c <= '9') return c - '0';
	if (c >= 'a' && c <= 'f') return c - 'a' + 10;
	if (c >= 'A' && c <= 'F') return c - 'A' + 10;
	return -1;
}

int t_hex(const char *hex, uint8_t **out, size_t *out_len)
{
	size_t n = strlen(hex), i;
	uint8_t *p;

	if (n % 2 != 0)
		return -1;
	p = malloc(n / 2 + 1);
	if (p == NULL)
		return -1;
	for (i = 0; i < n / 2; i++) {
		int hi = hexval((unsigned char)hex[2 * i]), lo = hexval((unsigned char)hex[2 * i + 1]);
		if (hi < 0 || lo < 0) {
			free(p);
			return -1;
		}
		p[i] = (uint8_t)(hi << 4 | lo);
	}
	*out = p;
	*out_len = n / 2;
	return 0;
}

const char *t_tohex(const uint8_t *p, size_t n)
{
	static char buf[2 * 512 + 4];
	size_t i;

	if (n > 512)
		n = 512;
	for (i = 0; i < n; i++)
		sprintf(buf + 2 * i, "%02x", p[i]);
	buf[2 * n] = 0;
	return buf;
}

const char *t_path(const char *dir, const char *name)
{
	static char buf[4096];
	if (dir == NULL)
		return NULL;
	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

int t_dir_exists(const char *path)
{
	struct stat st;
	return path != NULL && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- Key = Value stanzas ---- */

int t_vec_open(t_vec *v, const char *path)
{
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	memset(v, 0, sizeof(*v));
	v->f = f;
	v->path = path;
	return 0;
}

void t_vec_close(t_vec *v)
{
	if (v->f)
		fclose(v->f);
	v->f = NULL;
}

static char *trim(char *s)
{
	char *e;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

static char *store(t_vec *v, const char *s)
{
	size_t n = strlen(s) + 1;
	char *p;
	if (v->used + n > sizeof(v->buf))
		return NULL;
	p = v->buf + v->used;
	memcpy(p, s, n);
	v->used += n;
	return p;
}

static int add_field(t_vec *v, const char *k, const char *val)
{
	char *ks, *vs;
	if (v->n >= T_MAX_FIELDS)
		return -1;
	ks = store(v, k);
	vs = store(v, val);
	if (ks == NULL || vs == NULL)
		return -1;
	v->key[v->n] = ks;
	v->val[v->n] = vs;
	v->n++;
	return 0;
}

/* Reads one line of any length into a growing static buffer. */
static char *read_line(FILE *f)
{
	static char *line;
	static size_t cap;
	size_t len = 0;
	int c;

	if (line == NULL) {
		cap = 1 << 16;
		line = malloc(cap);
		if (line == NULL)
			return NULL;
	}
	while ((c = fgetc(f)) != EOF) {
		if (len + 2 > cap) {
			char *nl = realloc(line, cap * 2);
			if (nl == NULL)
				return NULL;
			line = nl;
			cap *= 2;
		}
		if (c == '\n')
			break;
		line[len++] = (char)c;
	}
	if (c == EOF && len == 0)
		return NULL;
	if (len > 0 && line[len - 1] == '\r')
		len--;
	line[len] = 0;
	return line;
}

int t_vec_next(t_vec *v)
{
	unsigned lineno = 0;
	char *line;

	v->n = 0;
	v->used = 0;
	for (;;) {
		char *s, *eq;
		line = read_line(v->f);
		if (line == NULL)
			return v->n > 0;
		lineno++;
		s = trim(line);
		if (*s == '#')
			continue;
		if (*s == 0) {
			if (v->n > 0)
				return 1;
			continue;
		}
		if (*s == '[') {
			char *e = strchr(s, ']');
			if (e)
				*e = 0;
			snprintf(v->section, sizeof(v->section), "%s", s + 1);
			if (v->n > 0)
				return 1;
			continue;
		}
		eq = strchr(s, '=');
		if (eq == NULL)
			continue;
		*eq = 0;
		if (v->n == 0)
			v->line = lineno;
		if (add_field(v, trim(s), trim(eq + 1)) != 0) {
			fprintf(stderr, "%s: stanza too large\n", v->path);
			return 0;
		}
	}
}

int t_kat_next(t_vec *v)
{
	char *line;

	v->n = 0;
	v->used = 0;
	while ((line = read_line(v->f)) != NULL) {
		char *s = trim(line), *tok, *save = NULL;
		v->line++;
		if (*s == 0 || *s == '#')
			continue;
		for (tok = strtok_r(s, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
			char *eq = strchr(tok, '=');
			if (eq == NULL)
				continue;
			*eq = 0;
			if (add_field(v, tok, eq + 1) != 0)
				return 0;
		}
		if (v->n > 0)
			return 1;
	}
	return 0;
}

const char *t_vec_get(const t_vec *v, const char *key)
{
	int i;
	for (i = 0; i < v->n; i++)
		if (strcasecmp(v->key[i], key) == 0)
			return v->val[i];
	return NULL;
}

int t_vec_bytes(const t_vec *v, const char *key, uint8_t **out, size_t *len)
{
	const char *s = t_vec_get(v, key);
	size_t n;

	if (s == NULL)
		return -1;
	n = strlen(s);
	if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
		uint8_t *p = malloc(n);
		if (p == NULL)
			return -1;
		memcpy(p, s + 1, n - 2);
		*out = p;
		*len = n - 2;
		return 0;
	}
	return t_hex(s, out, len);
}

/* ---- JSON ---- */

typedef struct {
	const char *p, *end;
	int err;
} jp;

static void jws(jp *j)
{
	while (j->p < j->end && isspace((unsigned char)*j->p))
		j->p++;
}

static tj *jnew(int type)
{
	tj *n = calloc(1, sizeof(*n));
	if (n)
		n->type = type;
	return n;
}

static tj *jvalue(jp *j, int depth);

static char *jstring(jp *j)
{
	size_t cap = 16, len = 0;
	char *s = malloc(cap);

	if (s == NULL || *j->p != '"') {
		free(s);
		j->err = 1;
		return NULL;
	}
	j->p++;
	while (j->p < j->end && *j->p != '"') {
		int c = (unsigned char)*j->p++;
		if (c == '\\' && j->p < j->end) {
			c = (unsigned char)*j->p++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned u = 0, k;
				for (k = 0; k < 4 && j->p < j->end; k++)
					u = u * 16 + (unsigned)(hexval((unsigned char)*j->p++) & 15);
				c = u < 0x80 ? (int)u : '?';
				break;
			}
			default: break;
			}
		}
		if (len + 2 > cap) {
			char *ns = realloc(s, cap *= 2);
			if (ns == NULL) {
				free(s);
				j->err = 1;
				return NULL;
			}
			s = ns;
		}
		s[len++] = (char)c;
	}
	if (j->p >= j->end) {
		free(s);
		j->err = 1;
		return NULL;
	}
	j->p++;
	s[len] = 0;
	return s;
}

static int jpush(tj *n, tj *item, char *key)
{
	tj **ni = realloc(n->items, (n->n + 1) * sizeof(*ni));
	if (ni == NULL)
		return -1;
	n->items = ni;
	if (n->type == TJ_OBJ) {
		char **nk = realloc(n->keys, (n->n + 1) * sizeof(*nk));
		if (nk == NULL)
			return -1;
		n->keys = nk;
		n->keys[n->n] = key;
	}
	n->items[n->n++] = item;
	return 0;
}

static tj *jvalue(jp *j, int depth)
{
	tj *n = NULL;

	jws(j);
	if (j->p >= j->end || depth > 64) {
		j->err = 1;
		return NULL;
	}
	if (*j->p == '{' || *j->p == '[') {
		int obj = *j->p == '{';
		n = jnew(obj ? TJ_OBJ : TJ_ARR);
		if (n == NULL) {
			j->err = 1;
			return NULL;
		}
		j->p++;
		jws(j);
		if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
			j->p++;
			return n;
		}
		for (;;) {
			char *key = NULL;
			tj *item;
			jws(j);
			if (obj) {
				key = jstring(j);
				jws(j);
				if (j->err || j->p >= j->end || *j->p != ':') {
					free(key);
					j->err = 1;
					return n;
				}
				j->p++;
			}
			item = jvalue(j, depth + 1);
			if (item == NULL || jpush(n, item, key) != 0) {
				free(key);
				tj_free(item);
				j->err = 1;
				return n;
			}
			jws(j);
			if (j->p < j->end && *j->p == ',') {
				j->p++;
				continue;
			}
			if (j->p < j->end && *j->p == (obj ? '}' : ']')) {
				j->p++;
				return n;
			}
			j->err = 1;
			return n;
		}
	}
	if (*j->p == '"') {
		n = jnew(TJ_STR);
		if (n)
			n->str = jstring(j);
		return n;
	}
	if (j->end - j->p >= 4 && memcmp(j->p, "true", 4) == 0) {
		j->p += 4;
		n = jnew(TJ_BOOL);
		if (n)
			n->boolean = 1;
		return n;
	}
	if (j->end - j->p >= 5 && memcmp(j->p, "false", 5) == 0) {
		j->p += 5;
		return jnew(TJ_BOOL);
	}
	if (j->end - j->p >= 4 && memcmp(j->p, "null", 4) == 0) {
		j->p += 4;
		return jnew(TJ_NULL);
	}
	{
		const char *s = j->p;
		while (j->p < j->end && strchr("+-0123456789.eE", *j->p))
			j->p++;
		if (j->p == s) {
			j->err = 1;
			return NULL;
		}
		n = jnew(TJ_NUM);
		if (n) {
			n->str = malloc((size_t)(j->p - s) + 1);
			if (n->str) {
				memcpy(n->str, s, (size_t)(j->p - s));
				n->str[j->p - s] = 0;
				n->num = strtod(n->str, NULL);
			}
		}
		return n;
	}
}

tj *tj_load(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *data;
	long size;
	jp j;
	tj *root;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	size = ftell(f);
	fseek(f, 0, SEEK_SET);
	data = malloc((size_t)size + 1);
	if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size) {
		free(data);
		fclose(f);
		return NULL;
	}
	fclose(f);
	j.p = data;
	j.end = data + size;
	j.err = 0;
	root = jvalue(&j, 0);
	free(data);
	if (j.err) {
		fprintf(stderr, "%s: JSON parse error\n", path);
		tj_free(root);
		return NULL;
	}
	return root;
}

void tj_free(tj *n)
{
	size_t i;
	if (n == NULL)
		return;
	for (i = 0; i < n->n; i++) {
		tj_free(n->items[i]);
		if (n->keys)
			free(n->keys[i]);
	}
	free(n->items);
	free(n->keys);
	free(n->str);
	free(n);
}

const tj *tj_get(const tj *o, const char *key)
{
	size_t i;
	if (o == NULL || o->type != TJ_OBJ)
		return NULL;
	for (i = 0; i < o->n; i++)
		if (o->keys[i] && strcmp(o->keys[i], key) == 0)
			return o->items[i];
	return NULL;
}

const char *tj_str(const tj *o, const char *key)
{
	const tj *v = tj_get(o, key);
	return v && v->type == TJ_STR ? v->str : NULL;
}

long tj_int(const tj *o, const char *key, long dflt)
{
	const tj *v = tj_get(o, key);
	return v && v->type == TJ_NUM ? (long)v->num : dflt;
}


uint8_t *tj_hex(const tj *t, const char *key, size_t *len)
{
	const char *hex = tj_str(t, key);
	uint8_t *out = NULL;

	*len = 0;
	if (hex == NULL)
		return NULL;
	if (*hex == '\0')
		return calloc(1, 1);
	if (t_hex(hex, &out, len) != 0)
		return NULL;
	return out;
}

int tj_has_flag(const tj *t, const char *flag)
{
	const tj *f = tj_get(t, "flags");
	size_t i;

	for (i = 0; f != NULL && f->type == TJ_ARR && i < f->n; i++)
		if (f->items[i]->type == TJ_STR && strcmp(f->items[i]->str, flag) == 0)
			return 1;
	return 0;
}

int t_all_eq(const uint8_t *p, int v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != (uint8_t)v)
			return 0;
	return 1;
}

int t_near(double a, double b)
{
	double d = a > b ? a - b : b - a, m = b < 0 ? -b : b;

	return d <= 1e-9 * (m > 1 ? m : 1);
}

uint8_t *t_read_path(const char *path, size_t *len)
{
	uint8_t *buf = malloc(T_READ_MAX);
	FILE *f = fopen(path, "rb");

	if (f == NULL || buf == NULL) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	*len = fread(buf, 1, T_READ_MAX, f);
	fclose(f);
	return buf;
}
