/*
 * speedparse.c - every speed output format into one result set.
 *
 * Layouts, from each version's apps/speed.c:
 *   0.9.8, 1.0.x  "type        " then "%7d bytes" x5; rows "%-13s" then
 *                 " %11.2fk" (bytes/s / 1000, when above 10000) or " %11.2f "
 *                 (bytes/s); names with spaces ("aes-128 cbc", "rc5-32/12 cbc").
 *                 -mr: "+H:16:...", "+F:%d:%s:%.2f...", "+F2:%u:%u:%f:%f" with
 *                 SECONDS per sign and verify (+F3 DSA, +F4 ECDSA likewise;
 *                 +F5 ECDH: seconds, then ops/s).
 *   1.1.x, 3.x    six sizes (16384 added); "+F2".."+F4" carry OPS PER SECOND
 *                 (1.1.0 still seconds); +F5 ECDH ops/s then seconds; 3.x adds
 *                 "+F6:%u:%u:%s:%f:%f" (EdDSA, named), +F7 (SM2, named), +F8
 *                 (FFDH, ops/s then seconds), and "+F2" with four values
 *                 (sign, verify, encrypt, decrypt).
 *   public-key text tables: a header of op words ("sign verify sign/s verify/s",
 *                 "op op/s", "... encr./s decr./s"), then rows of the name,
 *                 one time per op ("0.000426s") and one rate per op.
 *   ember speed   text and -mr as openssl 3.0; JSON as docs/CONTRACTS
 *                 ({"format": "ember-speed", "results": [...], "pk": [...]}).
 * Seconds-or-rate in the two-value -mr records is decided by physics where
 * the header cannot tell: an RSA signature is slower than its verification,
 * a DSA or ECDSA signature faster.
 *
 * The reader is five files that call downwards only. This one: the messages
 * (one error, warnings held until the file loads), strict numbers and
 * canonical names, the row store every reader adds to, the implementation
 * tags, and sp_free, sp_find, sp_describe, sp_basename. speedparse_text.c
 * reads the text tables, and speedparse_mr.c the -mr records and the
 * header lines (sizes, engines, metadata) for it; speedparse_json.c reads
 * the ember JSON; speedparse_load.c reads a file, picks its reader and
 * finishes the rows. speedparse_int.h is what they share.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "speedparse_int.h"

/*
 * Rows (algorithm x size x implementation x engine, or public-key op) and
 * samples a file may hold: `ember speed` at its limits (25 rows, 32 sizes,
 * every implementation, four engines) writes about 20 000 rows.
 */
#define SP_MAX_ROWS 65536u
#define SP_MAX_SAMPLES (1u << 22)

char *sp_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s, n);
	return d;
}

int sp_perr(sp_state *st, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (st->line)
		n = snprintf(st->err, st->err_len, "%s:%u: ", st->name, st->line);
	else
		n = snprintf(st->err, st->err_len, "%s: ", st->name);
	if (n < 0 || (size_t)n >= st->err_len)
		return -1;
	va_start(ap, fmt);
	vsnprintf(st->err + n, st->err_len - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

void sp_hold(sp_state *st, const char *fmt, ...)
{
	va_list ap;

	st->nwarn++;
	if (st->nheld == SP_MAX_HELD)
		return;
	va_start(ap, fmt);
	vsnprintf(st->held[st->nheld++], sizeof(st->held[0]), fmt, ap);
	va_end(ap);
}

void sp_pwarn(sp_state *st, const char *what)
{
	st->f->warnings++;
	sp_hold(st, "%s:%u: skipped: %s", st->name, st->line, what);
}

int sp_pbad(sp_state *st, const char *fmt, ...)
{
	char what[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (st->first_bad[0] == 0)
		snprintf(st->first_bad, sizeof(st->first_bad), "%s:%u: %s", st->name, st->line, what);
	sp_pwarn(st, what);
	return 0;
}

/* The held warnings, and how many more there were, once the file has loaded. */
void sp_flush_warnings(const sp_state *st)
{
	unsigned i;

	if (st->warn == NULL)
		return;
	for (i = 0; i < st->nheld; i++)
		fprintf(st->warn, "%s\n", st->held[i]);
	if (st->nwarn > st->nheld)
		fprintf(st->warn, "%s: %u more warnings not shown\n", st->name, st->nwarn - st->nheld);
}

int sp_number(const char *tok, int allow_k, double *out)
{
	char buf[64];
	size_t n = strlen(tok), i;
	int digits = 0, dots = 0;
	double mul = 1.0, d;
	char *end;

	if (n == 0 || n >= sizeof(buf))
		return -1;
	memcpy(buf, tok, n + 1);
	if (allow_k && buf[n - 1] == 'k') {
		mul = 1000.0;
		buf[--n] = 0;
	}
	/* Only plain decimal notation: strtod alone would take "inf", "nan", hex. */
	for (i = 0; i < n; i++) {
		char c = buf[i];
		if (c >= '0' && c <= '9') {
			digits++;
		} else if (c == '.') {
			if (++dots > 1)
				return -1;
		} else if (c == 'e' || c == 'E') {
			if (digits == 0 || i + 1 >= n)
				return -1;
			i++;
			if (buf[i] == '+' || buf[i] == '-')
				i++;
			if (i >= n)
				return -1;
			for (; i < n; i++)
				if (buf[i] < '0' || buf[i] > '9')
					return -1;
			break;
		} else {
			return -1;
		}
	}
	if (digits == 0)
		return -1;
	errno = 0;
	d = strtod(buf, &end);
	if (*end != 0 || (errno == ERANGE && d != 0.0) || !isfinite(d))
		return -1;
	d *= mul;
	if (!isfinite(d) || d < 0.0)
		return -1;
	*out = d;
	return 0;
}

static const struct alias {
	const char *from, *to;
} aliases[] = {
	{ "blowfish-cbc", "bf-cbc" }, { "blowfish", "bf-cbc" }, { "bf", "bf-cbc" },
	{ "rc5-32/12-cbc", "rc5-cbc" }, { "rc5", "rc5-cbc" },
	{ "ripemd160", "rmd160" }, { "ripemd-160", "rmd160" }, { "ripemd", "rmd160" },
	{ "cast", "cast-cbc" }, { "cast5-cbc", "cast-cbc" },
	{ "des-ede3-cbc", "des-ede3" }, { "des", "des-cbc" },
	{ "idea", "idea-cbc" }, { "seed", "seed-cbc" }, { "rc2", "rc2-cbc" },
	{ "sha2-224", "sha224" }, { "sha2-256", "sha256" }, { "sha2-384", "sha384" },
	{ "sha2-512", "sha512" }, { "sha-1", "sha1" }, { "sha-256", "sha256" },
	{ "sha-512", "sha512" }, { "hmac-md5", "hmac(md5)" },
};

void sp_normalise(const char *raw, char *out, size_t out_len)
{
	size_t n = 0, i;
	int space = 0;

	if (out_len == 0)
		return;
	while (*raw == ' ' || *raw == '\t')
		raw++;
	for (; *raw && n + 1 < out_len; raw++) {
		unsigned char c = (unsigned char)*raw;
		if (c == ' ' || c == '\t') {
			space = 1;
			continue;
		}
		if (space && n + 2 < out_len)
			out[n++] = '-';
		space = 0;
		out[n++] = (char)tolower(c);
	}
	out[n] = 0;
	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
		if (strcmp(out, aliases[i].from) == 0) {
			snprintf(out, out_len, "%s", aliases[i].to);
			return;
		}
	}
}

/* FNV-1a over the key of a row; NULL and "" differ. */
static uint64_t hash_str(uint64_t h, const char *s)
{
	if (s == NULL)
		return (h ^ 0xff) * 0x100000001b3ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
	return (h ^ 0xfe) * 0x100000001b3ull;
}

static size_t row_hash(const char *name, const char *impl, const char *engine, const char *op, unsigned size)
{
	uint64_t h = 0xcbf29ce484222325ull;

	h = hash_str(h, name);
	h = hash_str(h, impl);
	h = hash_str(h, engine);
	h = hash_str(h, op);
	h = (h ^ size) * 0x100000001b3ull;
	return (size_t)(h ^ h >> 32);
}

static int same_str(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* The slot of the row with this key, or of the free slot where it belongs. */
static size_t *find_slot(sp_state *st, const char *name, const char *impl, const char *engine, const char *op,
    unsigned size)
{
	size_t mask = st->nslot - 1, i = row_hash(name, impl, engine, op, size) & mask;

	for (;; i = (i + 1) & mask) {
		const sp_row *r;
		if (st->slot[i] == 0)
			return &st->slot[i];
		r = &st->f->rows[st->slot[i] - 1];
		if (r->size == size && strcmp(r->name, name) == 0 && same_str(r->op, op) && same_str(r->impl, impl) &&
		    same_str(r->engine, engine))
			return &st->slot[i];
	}
}

/* Doubles the index and the row arrays when the next row would not fit. */
static int grow_rows(sp_state *st)
{
	sp_file *f = st->f;
	size_t i;

	if (f->nrows == f->cap) {
		size_t nc = f->cap ? f->cap * 2 : 32;
		sp_row *nr = realloc(f->rows, nc * sizeof(*nr));
		sp_rowx *nx;
		if (nr == NULL)
			return sp_perr(st, "out of memory");
		f->rows = nr;
		nx = realloc(st->x, nc * sizeof(*nx));
		if (nx == NULL)
			return sp_perr(st, "out of memory");
		st->x = nx;
		f->cap = nc;
	}
	if (2 * (f->nrows + 1) > st->nslot) {
		size_t ns = st->nslot ? st->nslot * 2 : 64;
		size_t *old = st->slot, on = st->nslot;
		st->slot = calloc(ns, sizeof(*st->slot));
		if (st->slot == NULL) {
			st->slot = old;
			return sp_perr(st, "out of memory");
		}
		st->nslot = ns;
		for (i = 0; i < on; i++) {
			if (old[i]) {
				const sp_row *r = &f->rows[old[i] - 1];
				*find_slot(st, r->name, r->impl, r->engine, r->op, r->size) = old[i];
			}
		}
		free(old);
	}
	return 0;
}

/* The row in a message: its name, implementation and size or op (the line number says the rest). */
static const char *row_label(const sp_row *r, char *buf, size_t len)
{
	if (r->op)
		snprintf(buf, len, "%s%s%s %s", r->name, r->impl ? " " : "", r->impl ? r->impl : "", r->op);
	else
		snprintf(buf, len, "%s%s%s %u", r->name, r->impl ? " " : "", r->impl ? r->impl : "", r->size);
	return buf;
}

/* A row whose spread came as min/max alone takes no more samples. */
int sp_add_sample(sp_state *st, const char *name, const char *impl, const char *engine, const char *op,
    unsigned size, double v, size_t *at)
{
	sp_file *f = st->f;
	size_t *slot, i;
	sp_row *r;
	sp_rowx *x;

	if (grow_rows(st) != 0)
		return -1;
	slot = find_slot(st, name, impl, engine, op, size);
	if (*slot == 0) {
		if (f->nrows >= SP_MAX_ROWS)
			return sp_perr(st, "more than %u result rows: not a speed result", SP_MAX_ROWS);
		r = &f->rows[f->nrows];
		memset(r, 0, sizeof(*r));
		memset(&st->x[f->nrows], 0, sizeof(st->x[0]));
		r->name = sp_xstrdup(name);
		r->algo = sp_xstrdup(name);
		r->impl = impl ? sp_xstrdup(impl) : NULL;
		r->engine = engine ? sp_xstrdup(engine) : NULL;
		r->op = op ? sp_xstrdup(op) : NULL;
		if (r->name == NULL || r->algo == NULL || (impl && r->impl == NULL) || (engine && r->engine == NULL) ||
		    (op && r->op == NULL)) {
			free(r->name);
			free(r->algo);
			free(r->impl);
			free(r->engine);
			free(r->op);
			return sp_perr(st, "out of memory");
		}
		r->size = size;
		r->line = st->line;
		*slot = ++f->nrows;
	}
	i = *slot - 1;
	r = &f->rows[i];
	x = &st->x[i];
	if (at)
		*at = i;
	if (x->spread_line) {
		char l[160];
		return sp_perr(st, "%s appears again after its min/max spread on line %u", row_label(r, l, sizeof(l)),
		    x->spread_line);
	}
	if (st->nsamples >= SP_MAX_SAMPLES)
		return sp_perr(st, "more than %u samples: not a speed result", SP_MAX_SAMPLES);
	if (x->nstored == r->cap) {
		size_t nc = r->cap ? r->cap * 2 : 4;
		double *ns = realloc(r->samples, nc * sizeof(*ns));
		if (ns == NULL)
			return sp_perr(st, "out of memory");
		r->samples = ns;
		r->cap = nc;
	}
	r->samples[x->nstored++] = v;
	st->nsamples++;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * Median and spread of each row's samples. A row whose spread was given as
 * min/max keeps those and counts the document's declared repeats, with no
 * samples stored.
 */
void sp_finish_rows(sp_state *st)
{
	sp_file *f = st->f;
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		sp_row *r = &f->rows[i];
		size_t n = st->x[i].nstored;
		if (st->x[i].spread_line) {
			/* runs was set from the declared repeat; no sample is kept */
			free(r->samples);
			r->samples = NULL;
			r->nsamples = r->cap = 0;
			continue;
		}
		r->nsamples = r->runs = n;
		if (n == 0)
			continue;
		qsort(r->samples, n, sizeof(double), cmp_double);
		r->value = n & 1 ? r->samples[n / 2] : (r->samples[n / 2 - 1] + r->samples[n / 2]) / 2;
		r->lo = r->samples[0];
		r->hi = r->samples[n - 1];
	}
}

int sp_set_meta(sp_state *st, char **slot, const char *v)
{
	while (*v == ' ' || *v == '\t')
		v++;
	free(*slot);
	*slot = sp_xstrdup(v);
	if (*slot == NULL)
		return sp_perr(st, "out of memory");
	return 0;
}

/* NULL sorts first; NULL and "" differ. */
static int nstrcmp(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* Rows by algorithm, engine, implementation, then position. */
static int cmp_by_algo(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = strcmp(x->algo, y->algo);

	if (c == 0)
		c = nstrcmp(x->engine, y->engine);
	if (c == 0)
		c = nstrcmp(x->impl, y->impl);
	return c ? c : (x < y ? -1 : x > y);
}

/* Rows by engine, then position: the engines in order of first appearance. */
static int cmp_by_engine(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = nstrcmp(x->engine, y->engine);

	return c ? c : (x < y ? -1 : x > y);
}

static int cmp_by_pos(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;

	return x < y ? -1 : x > y;
}

static int tag_one(sp_state *st, sp_row *r, int by_engine, int by_impl)
{
	const char *e = by_engine ? r->engine : NULL, *im = by_impl ? r->impl : NULL;
	size_t l;
	char *nn;

	if (e == NULL && im == NULL)
		return 0;
	l = strlen(r->algo) + (e ? strlen(e) : 0) + (im ? strlen(im) : 0) + 4;
	nn = malloc(l);
	if (nn == NULL)
		return sp_perr(st, "out of memory");
	snprintf(nn, l, "%s[%s%s%s]", r->algo, e ? e : "", e && im ? ":" : "", im ? im : "");
	free(r->name);
	r->name = nn;
	return 0;
}

/*
 * When one algorithm was measured through several engines, or several
 * implementations, its rows keep them in the name: "sha256[openssl]",
 * "aes-128-cbc[x86ni]", "sha256[ember:ref]" when both vary; a single
 * engine and implementation keep the plain name, and so do names that
 * already carry brackets. f->engines lists the engines. Rows are grouped
 * through sorted lists of pointers: n log n, not n squared.
 */
int sp_tag_rows(sp_state *st)
{
	sp_file *f = st->f;
	sp_row **by;
	size_t i, k, g, e;

	if (f->nrows == 0)
		return 0;
	by = malloc(f->nrows * sizeof(*by));
	f->engines = malloc(f->nrows * sizeof(*f->engines));
	if (by == NULL || f->engines == NULL) {
		free(by);
		return sp_perr(st, "out of memory");
	}
	for (i = 0; i < f->nrows; i++)
		by[i] = &f->rows[i];
	qsort(by, f->nrows, sizeof(*by), cmp_by_engine);
	for (g = 0; g < f->nrows; g = k) {
		for (k = g + 1; k < f->nrows && nstrcmp(by[k]->engine, by[g]->engine) == 0; k++)
			;
		if (by[g]->engine)
			by[f->nengines++] = by[g]; /* the first row of each engine, kept in place */
	}
	qsort(by, f->nengines, sizeof(*by), cmp_by_pos);
	for (e = 0; e < f->nengines; e++)
		f->engines[e] = by[e]->engine;

	for (i = 0; i < f->nrows; i++)
		by[i] = &f->rows[i];
	qsort(by, f->nrows, sizeof(*by), cmp_by_algo);
	for (g = 0; g < f->nrows; g = k) {
		int engines = 0, impls = 0;
		for (k = g + 1; k < f->nrows && strcmp(by[k]->algo, by[g]->algo) == 0; k++) {
			if (nstrcmp(by[k]->engine, by[k - 1]->engine) != 0)
				engines = 1;
			else if (nstrcmp(by[k]->impl, by[k - 1]->impl) != 0)
				impls = 1;
		}
		if ((!engines && !impls) || strchr(by[g]->algo, '['))
			continue;
		for (i = g; i < k; i++) {
			if (tag_one(st, by[i], engines, impls) != 0) {
				free(by);
				return -1;
			}
		}
	}
	free(by);
	return 0;
}

/*
 * An Ember text names the implementation of each row on its "options:"
 * line ("md5:avx512 sha256:x86shani", "ember: md5:avx512; openssl: md5:evp")
 * and not on the rows: rows that carry none take the one listed for their
 * engine and algorithm, so that they match the same implementation's row
 * of a -impl all run or a JSON result. Only the first 4 KiB of the line
 * are read: a real one is far shorter.
 */
int sp_fill_impls(sp_state *st)
{
	sp_file *f = st->f;
	char list[4096], *tok[512], *save = NULL, *t;
	const char *eng[512];
	const char *cur = NULL;
	size_t n = 0, i, k, g, j;
	sp_row **by;

	if (f->options == NULL || f->nrows == 0)
		return 0;
	snprintf(list, sizeof(list), "%s", f->options);
	for (t = strtok_r(list, " \t", &save); t && n < 512; t = strtok_r(NULL, " \t", &save)) {
		size_t l = strlen(t);
		char *colon;
		if (l && t[l - 1] == ';')
			t[--l] = 0;
		colon = strchr(t, ':');
		if (colon == NULL || colon == t)
			continue;
		if (colon == t + l - 1) {
			*colon = 0; /* "openssl:" heads that engine's entries */
			cur = t;
			continue;
		}
		eng[n] = cur;
		tok[n++] = t;
	}
	if (n == 0)
		return 0;
	by = malloc(f->nrows * sizeof(*by));
	if (by == NULL)
		return sp_perr(st, "out of memory");
	for (i = 0; i < f->nrows; i++)
		by[i] = &f->rows[i];
	qsort(by, f->nrows, sizeof(*by), cmp_by_algo);
	for (g = 0; g < f->nrows; g = k) {
		const char *impl = NULL;
		size_t found = 0, alen = strlen(by[g]->algo);
		int tagged = 0;
		for (k = g; k < f->nrows && strcmp(by[k]->algo, by[g]->algo) == 0 &&
		     nstrcmp(by[k]->engine, by[g]->engine) == 0; k++)
			tagged |= by[k]->impl != NULL;
		if (tagged)
			continue;
		for (j = 0; j < n; j++) {
			if (strncmp(tok[j], by[g]->algo, alen) != 0 || tok[j][alen] != ':' ||
			    (eng[j] && nstrcmp(eng[j], by[g]->engine) != 0))
				continue;
			found++;
			impl = tok[j] + alen + 1;
		}
		if (found != 1)
			continue;
		for (i = g; i < k; i++) {
			by[i]->impl = sp_xstrdup(impl);
			if (by[i]->impl == NULL) {
				free(by);
				return sp_perr(st, "out of memory");
			}
		}
	}
	free(by);
	return 0;
}

/* Appends to |buf| while it has room; "..." marks the cut. */
static void list_add(char *buf, size_t len, const char *a, const char *b, const char *c)
{
	size_t used = strlen(buf), need = strlen(a) + strlen(b) + strlen(c);

	if (used >= 3 && strcmp(buf + used - 3, "...") == 0)
		return;
	if (used + need + 4 >= len) {
		snprintf(buf + used, len - used, "...");
		return;
	}
	snprintf(buf + used, len - used, "%s%s%s", a, b, c);
}

/*
 * Ember's implementation list as `ember speed` prints it on its "options:"
 * line: "md5:avx512 sha256:x86shani", prefixed by each engine's name when
 * there are several ("ember: sha256:x86shani; openssl: sha256:evp").
 */
int sp_impl_list(sp_state *st)
{
	sp_file *f = st->f;
	sp_row **by;
	size_t i, k, g, n = 0;
	char buf[1024] = "";
	const char *last_engine = NULL;

	if (f->nrows == 0)
		return 0;
	by = malloc(f->nrows * sizeof(*by));
	if (by == NULL)
		return sp_perr(st, "out of memory");
	for (i = 0; i < f->nrows; i++)
		by[i] = &f->rows[i];
	qsort(by, f->nrows, sizeof(*by), cmp_by_algo);
	for (g = 0; g < f->nrows; g = k) {
		for (k = g + 1; k < f->nrows && strcmp(by[k]->algo, by[g]->algo) == 0 &&
		     nstrcmp(by[k]->engine, by[g]->engine) == 0 && nstrcmp(by[k]->impl, by[g]->impl) == 0; k++)
			;
		if (by[g]->impl)
			by[n++] = by[g]; /* the first row of each (algorithm, engine, implementation) */
	}
	qsort(by, n, sizeof(*by), cmp_by_pos);
	for (i = 0; i < n; i++) {
		const sp_row *r = by[i];
		if (f->nengines > 1 && r->engine && nstrcmp(r->engine, last_engine) != 0) {
			list_add(buf, sizeof(buf), buf[0] ? "; " : "", r->engine, ":");
			last_engine = r->engine;
		}
		list_add(buf, sizeof(buf), buf[0] ? " " : "", r->algo, "");
		list_add(buf, sizeof(buf), ":", r->impl, "");
	}
	free(by);
	if (buf[0] == 0)
		return 0;
	return sp_set_meta(st, &st->f->options, buf);
}

void sp_free(sp_file *f)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		free(f->rows[i].name);
		free(f->rows[i].algo);
		free(f->rows[i].impl);
		free(f->rows[i].engine);
		free(f->rows[i].op);
		free(f->rows[i].samples);
	}
	free(f->rows);
	free(f->engines);
	free(f->path);
	free(f->format);
	free(f->version);
	free(f->built_on);
	free(f->options);
	free(f->compiler);
	free(f->cpuinfo);
	free(f->platform);
	free(f->engine);
	memset(f, 0, sizeof(*f));
}

const sp_row *sp_find(const sp_file *f, const char *name, const char *op, unsigned size)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		const sp_row *r = &f->rows[i];
		if (r->size == size && strcmp(r->name, name) == 0 &&
		    ((r->op == NULL && op == NULL) || (r->op && op && strcmp(r->op, op) == 0)))
			return r;
	}
	return NULL;
}

const char *sp_basename(const sp_file *f)
{
	const char *s = strrchr(f->path, '/');

	return s ? s + 1 : f->path;
}

int sp_is_ember(const sp_file *f)
{
	return f->format != NULL && strncmp(f->format, "ember", 5) == 0;
}

void sp_describe(const sp_file *f, char *buf, size_t len)
{
	size_t used;

	snprintf(buf, len, "%s", f->version ? f->version : f->format ? f->format : "speed results");
	used = strlen(buf);
	if (f->engine && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", engine%s %s", f->nengines > 1 ? "s" : "", f->engine);
	/* Ember prints its implementations where openssl prints its options. */
	if (f->options && used < len)
		snprintf(buf + used, len - used, ", %s: %s", sp_is_ember(f) ? "implementations" : "options", f->options);
}
