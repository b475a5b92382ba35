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
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json.h"
#include "speedparse.h"

#define SP_MAX_SIZES 16
#define SP_MAX_TOKENS 64
#define SP_MAX_FILE (64u << 20)
/*
 * Rows (algorithm x size x implementation x engine, or public-key op) and
 * samples a file may hold: `ember speed` at its limits (25 rows, 32 sizes,
 * every implementation, four engines) writes about 20 000 rows.
 */
#define SP_MAX_ROWS 65536u
#define SP_MAX_SAMPLES (1u << 22)
/* Warnings are held until the file is known to load: a refused file gets one error line, nothing more. */
#define SP_MAX_HELD 10

/* What the parser keeps per row besides the row itself. */
typedef struct sp_rowx {
	size_t nstored;       /* samples in row->samples, never above row->cap */
	unsigned spread_line; /* line of a JSON entry that gave min/max instead of samples, else 0 */
} sp_rowx;

typedef struct sp_state {
	sp_file *f;
	const char *name;
	FILE *warn;
	char *err;
	size_t err_len;
	unsigned line;
	unsigned sizes[SP_MAX_SIZES];
	size_t nsizes;       /* from the last "type" or "+H" header; 0 when none seen */
	char pkops[8][16];   /* ops of the last public-key header */
	size_t npkops;
	int mr, text, maxcols;
	char held[SP_MAX_HELD][160]; /* the first warnings, printed only when the file loads */
	unsigned nheld, nwarn;
	sp_rowx *x;          /* parallel to f->rows, f->cap of them */
	size_t *slot;        /* open-addressing index of f->rows by key: row + 1, 0 when free */
	size_t nslot;        /* a power of two, at least twice f->nrows */
	size_t nsamples;     /* over all rows */
} sp_state;

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s, n);
	return d;
}

static int perr(sp_state *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static int perr(sp_state *st, const char *fmt, ...)
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

static void hold(sp_state *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

static void hold(sp_state *st, const char *fmt, ...)
{
	va_list ap;

	st->nwarn++;
	if (st->nheld == SP_MAX_HELD)
		return;
	va_start(ap, fmt);
	vsnprintf(st->held[st->nheld++], sizeof(st->held[0]), fmt, ap);
	va_end(ap);
}

static void pwarn(sp_state *st, const char *what)
{
	st->f->warnings++;
	hold(st, "%s:%u: skipped: %s", st->name, st->line, what);
}

/* The held warnings, and how many more there were, once the file has loaded. */
static void flush_warnings(const sp_state *st)
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

/* A token that is meant to be a number (so a bad one is an error, not prose). */
static int numberish(const char *t)
{
	if (*t == '+' || *t == '-')
		t++;
	if (*t == '.')
		t++;
	return *t >= '0' && *t <= '9';
}

/* "0.000426s": a time column of a public-key table. */
static int timetok(const char *t)
{
	size_t n = strlen(t);

	return n >= 2 && t[n - 1] == 's' && numberish(t);
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

/* Names users would recognise: a wrong number on such a row is an error. */
static int known_name(const char *n)
{
	static const char *const prefixes[] = {
		"md2", "md4", "md5", "mdc2", "sha", "rmd160", "whirlpool", "hmac(", "rc4", "rc2-",
		"rc5-", "des-", "idea-", "seed-", "bf-", "cast-", "aes-", "camellia-", "ghash",
		"rand", "evp", "cmac", "chacha20", "poly1305", "sm3", "sm4", "blake2", "aria-",
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncmp(n, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	return 0;
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

static size_t row_hash(const char *name, const char *impl, const char *op, unsigned size)
{
	uint64_t h = 0xcbf29ce484222325ull;

	h = hash_str(h, name);
	h = hash_str(h, impl);
	h = hash_str(h, op);
	h = (h ^ size) * 0x100000001b3ull;
	return (size_t)(h ^ h >> 32);
}

static int same_str(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a && b && strcmp(a, b) == 0);
}

/* The slot of the row with this key, or of the free slot where it belongs. */
static size_t *find_slot(sp_state *st, const char *name, const char *impl, const char *op, unsigned size)
{
	size_t mask = st->nslot - 1, i = row_hash(name, impl, op, size) & mask;

	for (;; i = (i + 1) & mask) {
		const sp_row *r;
		if (st->slot[i] == 0)
			return &st->slot[i];
		r = &st->f->rows[st->slot[i] - 1];
		if (r->size == size && strcmp(r->name, name) == 0 && same_str(r->op, op) && same_str(r->impl, impl))
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
			return perr(st, "out of memory");
		f->rows = nr;
		nx = realloc(st->x, nc * sizeof(*nx));
		if (nx == NULL)
			return perr(st, "out of memory");
		st->x = nx;
		f->cap = nc;
	}
	if (2 * (f->nrows + 1) > st->nslot) {
		size_t ns = st->nslot ? st->nslot * 2 : 64;
		size_t *old = st->slot, on = st->nslot;
		st->slot = calloc(ns, sizeof(*st->slot));
		if (st->slot == NULL) {
			st->slot = old;
			return perr(st, "out of memory");
		}
		st->nslot = ns;
		for (i = 0; i < on; i++) {
			if (old[i]) {
				const sp_row *r = &f->rows[old[i] - 1];
				*find_slot(st, r->name, r->impl, r->op, r->size) = old[i];
			}
		}
		free(old);
	}
	return 0;
}

static const char *row_label(const sp_row *r, char *buf, size_t len)
{
	if (r->op)
		snprintf(buf, len, "%s%s%s %s", r->name, r->impl ? " " : "", r->impl ? r->impl : "", r->op);
	else
		snprintf(buf, len, "%s%s%s %u", r->name, r->impl ? " " : "", r->impl ? r->impl : "", r->size);
	return buf;
}

/*
 * Adds one sample; a row seen again in the same file is a repeat. |*at| gets
 * the row's index. A row whose spread came as min/max alone takes no more.
 */
static int add_sample(sp_state *st, const char *name, const char *impl, const char *op,
    unsigned size, double v, size_t *at)
{
	sp_file *f = st->f;
	size_t *slot, i;
	sp_row *r;
	sp_rowx *x;

	if (grow_rows(st) != 0)
		return -1;
	slot = find_slot(st, name, impl, op, size);
	if (*slot == 0) {
		if (f->nrows >= SP_MAX_ROWS)
			return perr(st, "more than %u result rows: not a speed result", SP_MAX_ROWS);
		r = &f->rows[f->nrows];
		memset(r, 0, sizeof(*r));
		memset(&st->x[f->nrows], 0, sizeof(st->x[0]));
		r->name = xstrdup(name);
		r->impl = impl ? xstrdup(impl) : NULL;
		r->op = op ? xstrdup(op) : NULL;
		if (r->name == NULL || (impl && r->impl == NULL) || (op && r->op == NULL)) {
			free(r->name);
			free(r->impl);
			free(r->op);
			return perr(st, "out of memory");
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
		return perr(st, "%s appears again after its min/max spread on line %u", row_label(r, l, sizeof(l)),
		    x->spread_line);
	}
	if (st->nsamples >= SP_MAX_SAMPLES)
		return perr(st, "more than %u samples: not a speed result", SP_MAX_SAMPLES);
	if (x->nstored == r->cap) {
		size_t nc = r->cap ? r->cap * 2 : 4;
		double *ns = realloc(r->samples, nc * sizeof(*ns));
		if (ns == NULL)
			return perr(st, "out of memory");
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
static void finish_rows(sp_state *st)
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

static int set_meta(sp_state *st, char **slot, const char *v)
{
	while (*v == ' ' || *v == '\t')
		v++;
	free(*slot);
	*slot = xstrdup(v);
	if (*slot == NULL)
		return perr(st, "out of memory");
	return 0;
}

static size_t tokenize(char *s, char **tok, size_t max)
{
	size_t n = 0;
	char *save = NULL, *t;

	for (t = strtok_r(s, " \t", &save); t && n < max; t = strtok_r(NULL, " \t", &save))
		tok[n++] = t;
	return n;
}

static void default_sizes(sp_state *st, size_t n, unsigned *sizes)
{
	static const unsigned def[] = { 16, 64, 256, 1024, 8192, 16384 };
	size_t i;

	(void)st;
	for (i = 0; i < n && i < 6; i++)
		sizes[i] = def[i];
}

/* "type  16 bytes  64 bytes ...": the block sizes of the table that follows. */
static int parse_type_header(sp_state *st, char **tok, size_t n)
{
	size_t i, k = 0;

	if ((n - 1) % 2 != 0 || n < 3 || (n - 1) / 2 > SP_MAX_SIZES)
		return perr(st, "cannot read the 'type' header: expected '<n> bytes' columns");
	for (i = 1; i < n; i += 2) {
		char *end;
		unsigned long v;
		errno = 0;
		v = strtoul(tok[i], &end, 10);
		if (*end != 0 || !isdigit((unsigned char)tok[i][0]) || v == 0 || v > 1u << 30 ||
		    errno || strcmp(tok[i + 1], "bytes") != 0)
			return perr(st, "cannot read the 'type' header at '%s'", tok[i]);
		st->sizes[k++] = (unsigned)v;
	}
	st->nsizes = k;
	if (k > (size_t)st->maxcols)
		st->maxcols = (int)k;
	return 0;
}

static int parse_mr_header(sp_state *st, char *rest)
{
	size_t k = 0;
	char *save = NULL, *t;

	for (t = strtok_r(rest, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
		char *end;
		unsigned long v;
		if (k == SP_MAX_SIZES)
			return perr(st, "too many sizes in '+H'");
		errno = 0;
		v = strtoul(t, &end, 10);
		if (*end != 0 || !isdigit((unsigned char)t[0]) || v == 0 || v > 1u << 30 || errno)
			return perr(st, "bad size '%s' in '+H'", t);
		st->sizes[k++] = (unsigned)v;
	}
	if (k == 0)
		return perr(st, "'+H' without sizes");
	st->nsizes = k;
	if (k > (size_t)st->maxcols)
		st->maxcols = (int)k;
	return 0;
}

/* Curves of openssl's ecdsa/ecdh tables, by index (same order 1.0.x to 3.x). */
static const char *curve_name(unsigned idx, unsigned bits)
{
	static const char *const c[] = {
		"secp160r1", "nistp192", "nistp224", "nistp256", "nistp384", "nistp521",
		"nistk163", "nistk233", "nistk283", "nistk409", "nistk571",
		"nistb163", "nistb233", "nistb283", "nistb409", "nistb571",
	};
	static const char *const bp[] = {
		"brainpoolp256r1", "brainpoolp256t1", "brainpoolp384r1", "brainpoolp384t1",
		"brainpoolp512r1", "brainpoolp512t1",
	};

	if (idx < 16)
		return c[idx];
	if (bits == 253)
		return "x25519";
	if (bits == 448)
		return "x448";
	if (idx - 16 < 6)
		return bp[idx - 16];
	return NULL;
}

static int mr_value(sp_state *st, const char *t, double *v)
{
	if (sp_number(t, 0, v) != 0)
		return perr(st, "bad number '%s'", t);
	return 0;
}

/* Public-key rate from a seconds-per-op or ops/s figure. */
static int pk_add(sp_state *st, const char *name, const char *op, double v, int is_seconds)
{
	if (is_seconds) {
		if (v <= 0.0)
			return perr(st, "zero time for %s %s", name, op);
		v = 1.0 / v;
	}
	return add_sample(st, name, NULL, op, 0, v, NULL);
}

static int parse_mr_pk(sp_state *st, int kind, char **f, size_t n)
{
	char name[64];
	unsigned long idx, bits;
	double a, b, c, d;
	char *end;
	int secs;

	if (n < 4)
		return perr(st, "'+F%d' record with too few fields", kind);
	idx = strtoul(f[1], &end, 10);
	if (*end || !isdigit((unsigned char)f[1][0]))
		return perr(st, "bad index '%s'", f[1]);
	bits = strtoul(f[2], &end, 10);
	if (*end || !isdigit((unsigned char)f[2][0]) || bits == 0 || bits > 100000)
		return perr(st, "bad key size '%s'", f[2]);
	switch (kind) {
	case 2: case 3: case 4:
		if (kind == 2 && n == 7) {
			if (mr_value(st, f[3], &a) || mr_value(st, f[4], &b) ||
			    mr_value(st, f[5], &c) || mr_value(st, f[6], &d))
				return -1;
			snprintf(name, sizeof(name), "rsa%lu", bits);
			if (pk_add(st, name, "sign", a, 0) || pk_add(st, name, "verify", b, 0) ||
			    pk_add(st, name, "encrypt", c, 0) || pk_add(st, name, "decrypt", d, 0))
				return -1;
			return 0;
		}
		if (n != 5)
			return perr(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
		if (mr_value(st, f[3], &a) || mr_value(st, f[4], &b))
			return -1;
		if (kind == 2) {
			snprintf(name, sizeof(name), "rsa%lu", bits);
			secs = a > b; /* seconds when signing took longer than verifying */
		} else {
			const char *cv = curve_name((unsigned)idx, (unsigned)bits);
			if (kind == 3)
				snprintf(name, sizeof(name), "dsa%lu", bits);
			else if (cv)
				snprintf(name, sizeof(name), "ecdsa(%s)", cv);
			else
				snprintf(name, sizeof(name), "ecdsa%lu", bits);
			secs = a < b; /* seconds when signing took less time than verifying */
		}
		/*
		 * Both below one: seconds (no board verifies less than once a second);
		 * both at least one: rates. Only a mixed pair needs the relation above.
		 * A five-size header is 0.9.8/1.0.x: always seconds.
		 */
		if (a < 1.0 && b < 1.0)
			secs = 1;
		else if (a >= 1.0 && b >= 1.0)
			secs = 0;
		if (st->nsizes == 5)
			secs = 1;
		if (pk_add(st, name, "sign", a, secs) || pk_add(st, name, "verify", b, secs))
			return -1;
		return 0;
	case 5: case 8: {
		/* One value and its reciprocal: the larger is the rate (> 1 op/s). */
		const char *cv = curve_name((unsigned)idx, (unsigned)bits);
		if (n != 5)
			return perr(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
		if (mr_value(st, f[3], &a) || mr_value(st, f[4], &b))
			return -1;
		if (kind == 8)
			snprintf(name, sizeof(name), "ffdh%lu", bits);
		else if (cv)
			snprintf(name, sizeof(name), "ecdh(%s)", cv);
		else
			snprintf(name, sizeof(name), "ecdh%lu", bits);
		return pk_add(st, name, "op", a > b ? a : b, 0);
	}
	case 6: case 7: {
		char low[48];
		if (n != 6)
			return perr(st, "'+F%d' record: expected a name and 2 values", kind);
		if (mr_value(st, f[4], &a) || mr_value(st, f[5], &b))
			return -1;
		sp_normalise(f[3], low, sizeof(low));
		snprintf(name, sizeof(name), "%s(%s)", kind == 6 ? "eddsa" : "sm2", low);
		if (pk_add(st, name, "sign", a, 0) || pk_add(st, name, "verify", b, 0))
			return -1;
		return 0;
	}
	default:
		pwarn(st, "unknown '+F' record");
		return 0;
	}
}

static int parse_mr(sp_state *st, char *line)
{
	char *f[SP_MAX_TOKENS];
	size_t n = 0, i;
	char *p = line + 1, *colon;

	st->mr = 1;
	if (strncmp(line, "+H:", 3) == 0)
		return parse_mr_header(st, line + 3);
	if (strncmp(line, "+D", 2) == 0 || strncmp(line, "+R", 2) == 0)
		return 0; /* progress records ("+DT:md5:3:16", "+R:123:md5:3.00") */
	/* Split on ':' keeping empty fields. */
	while (n < SP_MAX_TOKENS) {
		f[n++] = p;
		colon = strchr(p, ':');
		if (colon == NULL)
			break;
		*colon = 0;
		p = colon + 1;
	}
	if (strcmp(f[0], "F") == 0) {
		char norm[96];
		unsigned sizes[SP_MAX_SIZES];
		size_t ns = st->nsizes, nv;
		if (n < 4)
			return perr(st, "'+F' record with too few fields");
		nv = n - 3;
		if (ns == 0) {
			if (nv != 5 && nv != 6)
				return perr(st, "'+F' record with %u values and no '+H' header", (unsigned)nv);
			ns = nv;
			default_sizes(st, ns, sizes);
		} else {
			memcpy(sizes, st->sizes, sizeof(sizes));
		}
		if (nv != ns)
			return perr(st, "'+F' record: expected %u values, found %u", (unsigned)ns, (unsigned)nv);
		if ((int)ns > st->maxcols)
			st->maxcols = (int)ns;
		sp_normalise(f[2], norm, sizeof(norm));
		if (norm[0] == 0)
			return perr(st, "'+F' record without a name");
		for (i = 0; i < ns; i++) {
			double v;
			if (mr_value(st, f[3 + i], &v) || add_sample(st, norm, NULL, NULL, sizes[i], v, NULL))
				return -1;
		}
		return 0;
	}
	if (f[0][0] == 'F' && f[0][1] >= '2' && f[0][1] <= '9' && f[0][2] == 0)
		return parse_mr_pk(st, f[0][1] - '0', f, n);
	pwarn(st, "unknown '+' record");
	return 0;
}

/* "rsa 2048 bits" -> rsa2048, "256 bits ecdsa (nistp256)" -> ecdsa(nistp256). */
static void pk_name(char **tok, size_t n, char *out, size_t len)
{
	char joined[128] = "";
	size_t i;

	if (n == 3 && (strcmp(tok[2], "bits") == 0 || strcmp(tok[2], "bit") == 0) && isdigit((unsigned char)tok[1][0])) {
		char a[48];
		sp_normalise(tok[0], a, sizeof(a));
		snprintf(out, len, "%s%s", a, tok[1]);
		return;
	}
	/* "<bits> bit(s) <alg> (<curve>)" or 1.0.x's "<bits>-bit ecdh (<curve>)" */
	if (n >= 2 && isdigit((unsigned char)tok[0][0])) {
		size_t at = 1;
		char a[48];
		if (strcmp(tok[1], "bits") == 0 || strcmp(tok[1], "bit") == 0)
			at = 2;
		else if (strstr(tok[0], "-bit") == NULL)
			at = n;
		if (at < n) {
			sp_normalise(tok[at], a, sizeof(a));
			if (at + 1 < n && tok[at + 1][0] == '(') {
				char c[64];
				size_t cl;
				sp_normalise(tok[at + 1] + 1, c, sizeof(c));
				cl = strlen(c);
				if (cl && c[cl - 1] == ')')
					c[cl - 1] = 0;
				snprintf(out, len, "%s(%s)", a, c);
			} else {
				char bits[16];
				snprintf(bits, sizeof(bits), "%.*s", (int)strspn(tok[0], "0123456789"), tok[0]);
				snprintf(out, len, "%s%s", a, bits);
			}
			return;
		}
	}
	for (i = 0; i < n; i++) {
		size_t used = strlen(joined);
		snprintf(joined + used, sizeof(joined) - used, "%s%s", i ? " " : "", tok[i]);
	}
	sp_normalise(joined, out, len);
}

/* Decimal places of a printed figure: its precision. */
static int decimals(const char *t)
{
	const char *dot = strchr(t, '.');
	int n = 0;

	if (dot == NULL)
		return 0;
	for (dot++; *dot >= '0' && *dot <= '9'; dot++)
		n++;
	return n;
}

static int parse_pk_row(sp_state *st, char **tok, size_t n)
{
	size_t rates = 0, times = 0, i, nops;
	char name[96];
	static const char *const def2[] = { "sign", "verify" };
	static const char *const def4[] = { "sign", "verify", "encrypt", "decrypt" };

	while (rates < n && numberish(tok[n - 1 - rates]) && !timetok(tok[n - 1 - rates]))
		rates++;
	while (times + rates < n && timetok(tok[n - 1 - rates - times]))
		times++;
	if (times == 0 || rates != times || times + rates >= n)
		return perr(st, "cannot read this public-key row: expected a name, %u times and %u rates",
		    (unsigned)(times ? times : 1), (unsigned)(times ? times : 1));
	nops = times;
	if (st->npkops && st->npkops != nops)
		return perr(st, "public-key row has %u values per op, the header names %u ops",
		    (unsigned)nops, (unsigned)st->npkops);
	pk_name(tok, n - 2 * nops, name, sizeof(name));
	for (i = 0; i < nops; i++) {
		const char *ttok = tok[n - 2 * nops + i], *rtok = tok[n - nops + i];
		char tbuf[64];
		double t, r, v;
		const char *op;
		size_t tl = strlen(ttok);

		if (tl >= sizeof(tbuf))
			return perr(st, "bad time '%s'", ttok);
		memcpy(tbuf, ttok, tl - 1);
		tbuf[tl - 1] = 0;
		if (sp_number(tbuf, 0, &t) != 0)
			return perr(st, "bad time '%s'", ttok);
		if (sp_number(rtok, 0, &r) != 0)
			return perr(st, "bad rate '%s'", rtok);
		/* Take whichever column was printed with the smaller relative error. */
		v = r;
		if (t > 0.0) {
			double rel_t = 0.5 * pow(10.0, -decimals(tbuf)) / t;
			double rel_r = r > 0.0 ? 0.5 * pow(10.0, -decimals(rtok)) / r : 1.0;
			if (rel_t < rel_r)
				v = 1.0 / t;
		}
		if (v <= 0.0)
			return perr(st, "zero rate for %s", name);
		if (st->npkops)
			op = st->pkops[i];
		else
			op = nops == 1 ? "op" : nops == 2 ? def2[i] : nops == 4 ? def4[i] : "op";
		if (add_sample(st, name, NULL, op, 0, v, NULL))
			return -1;
	}
	return 0;
}

/* "sign    verify    sign/s verify/s": 1 when this is a public-key header. */
static int pk_header(sp_state *st, char **tok, size_t n)
{
	size_t i, half;

	if (n < 2 || n % 2 != 0 || n / 2 > 8)
		return 0;
	half = n / 2;
	for (i = 0; i < n; i++) {
		size_t l = strlen(tok[i]);
		int rate = l > 2 && strcmp(tok[i] + l - 2, "/s") == 0;
		if (!isalpha((unsigned char)tok[i][0]) || (i >= half) != rate)
			return 0;
	}
	/* The op names are the time columns' words: sign, verify, encrypt, op, keygen ... */
	for (i = 0; i < half; i++)
		snprintf(st->pkops[i], sizeof(st->pkops[i]), "%s", tok[i]);
	st->npkops = half;
	return 1;
}

/* "Doing md5 for 3s on 16 size blocks: ..." and "1234 md5's in 2.99s". */
static int progress_line(char **tok, size_t n)
{
	if (n >= 1 && strcmp(tok[0], "Doing") == 0)
		return 1;
	if (n >= 4 && isdigit((unsigned char)tok[0][0]) && strcmp(tok[n - 2], "in") == 0 && timetok(tok[n - 1]))
		return 1;
	return 0;
}

static int parse_sym_row(sp_state *st, char **tok, size_t n)
{
	size_t m = 0, i, ns, nname;
	unsigned sizes[SP_MAX_SIZES];
	char joined[160] = "", norm[96];

	while (m < n && numberish(tok[n - 1 - m]))
		m++;
	if (m == 0 || m == n) {
		pwarn(st, "not a result line");
		return 0;
	}
	ns = st->nsizes;
	if (ns && m > ns)
		m = ns; /* extra numbers belong to the name */
	nname = n - m;
	for (i = 0; i < nname; i++) {
		size_t used = strlen(joined);
		snprintf(joined + used, sizeof(joined) - used, "%s%s", i ? " " : "", tok[i]);
	}
	sp_normalise(joined, norm, sizeof(norm));
	if (ns == 0) {
		if (m != 5 && m != 6) {
			if (known_name(norm))
				return perr(st, "%u values and no 'type' header line: cannot tell the block sizes",
				    (unsigned)m);
			pwarn(st, "not a result line");
			return 0;
		}
		ns = m;
		default_sizes(st, ns, sizes);
	} else {
		memcpy(sizes, st->sizes, sizeof(sizes));
	}
	if (m < ns) {
		if (known_name(norm) || m >= 2)
			return perr(st, "'%s': expected %u values, found %u (truncated line?)", joined,
			    (unsigned)ns, (unsigned)m);
		pwarn(st, "not a result line");
		return 0;
	}
	if ((int)ns > st->maxcols)
		st->maxcols = (int)ns;
	st->text = 1;
	for (i = 0; i < ns; i++) {
		double v;
		if (sp_number(tok[nname + i], 1, &v) != 0)
			return perr(st, "'%s': bad number '%s'", joined, tok[nname + i]);
		if (add_sample(st, norm, NULL, NULL, sizes[i], v, NULL))
			return -1;
	}
	return 0;
}

static int parse_line(sp_state *st, char *line)
{
	char *tok[SP_MAX_TOKENS], *p, *q;
	size_t n, len;
	unsigned char *u;

	len = strlen(line);
	while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = 0;
	/*
	 * Everything kept from a line (names, metadata) and quoted in a message
	 * reaches a terminal: no C0 or C1 control, no DEL, and no byte that is
	 * not UTF-8 (an 8-bit terminal reads a lone 0x9b as CSI).
	 */
	for (u = (unsigned char *)line; *u; u++) {
		size_t sl;
		if ((*u < 0x20 && *u != '\t') || *u == 0x7f)
			return perr(st, "binary data (byte 0x%02x): not a speed result", *u);
		if (*u < 0x80)
			continue;
		sl = json_utf8_len(u, (const unsigned char *)line + len);
		if (sl == 2 && u[0] == 0xc2 && u[1] < 0xa0)
			return perr(st, "control character U+%04X: not a speed result", u[1]);
		if (sl == 2 && u[0] == 0xc2 && u[1] == 0xa0) {
			u[0] = u[1] = ' '; /* U+00A0 from wiki pages is a space */
		} else if (sl == 0) {
			*u = *u == 0xa0 ? ' ' : '?'; /* Latin-1's no-break space; anything else shown as '?' */
			sl = 1;
		}
		u += sl - 1;
	}
	p = line;
	/* Quoted mail ("> ") and wiki table bars are layout, not content. */
	while (*p == '>' || *p == ' ' || *p == '\t')
		p++;
	if (*p == '|') {
		for (q = p; *q; q++)
			if (*q == '|')
				*q = ' ';
		if (strspn(p, " -:") == strlen(p))
			return 0;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == 0)
		return 0;
	if (*p == '+')
		return parse_mr(st, p);
	if (strncmp(p, "built on:", 9) == 0)
		return set_meta(st, &st->f->built_on, p + 9);
	if (strncmp(p, "options:", 8) == 0)
		return set_meta(st, &st->f->options, p + 8);
	if (strncmp(p, "compiler:", 9) == 0)
		return set_meta(st, &st->f->compiler, p + 9);
	if (strncmp(p, "CPUINFO:", 8) == 0)
		return set_meta(st, &st->f->cpuinfo, p + 8);
	if (strncmp(p, "platform:", 9) == 0)
		return set_meta(st, &st->f->platform, p + 9);
	if (strncmp(p, "engine:", 7) == 0)
		return set_meta(st, &st->f->engine, p + 7);
	if (strncmp(p, "implementations:", 16) == 0 || strncmp(p, "timer:", 6) == 0)
		return 0; /* `ember version -a` / `ember speed` facts the comparison does not use */
	if (strncmp(p, "version:", 8) == 0 && st->f->version == NULL) {
		char v[96];
		const char *s = p + 8;
		while (*s == ' ')
			s++;
		snprintf(v, sizeof(v), "OpenSSL %s", s);
		return set_meta(st, &st->f->version, v);
	}
	if (strncmp(p, "Ember ", 6) == 0 || (strncmp(p, "ember ", 6) == 0 && isdigit((unsigned char)p[6])) ||
	    strncmp(p, "OpenSSL ", 8) == 0 ||
	    strncmp(p, "LibreSSL ", 9) == 0 || strncmp(p, "BoringSSL", 9) == 0) {
		if (st->f->version == NULL) {
			char v[96];
			/* "OpenSSL 1.0.2u  20 Dec 2019": the name and the version */
			snprintf(v, sizeof(v), "%.*s", (int)strcspn(p, " "), p);
			q = p + strcspn(p, " ");
			while (*q == ' ')
				q++;
			snprintf(v + strlen(v), sizeof(v) - strlen(v), " %.*s", (int)strcspn(q, " "), q);
			return set_meta(st, &st->f->version, v);
		}
		return 0;
	}
	if (strncmp(p, "engine \"", 8) == 0) {
		char e[96];
		snprintf(e, sizeof(e), "%.*s", (int)strcspn(p + 8, "\""), p + 8);
		return set_meta(st, &st->f->engine, e);
	}
	{
		/* openssl's remarks around the tables, all versions */
		static const char *const remarks[] = {
			"The 'numbers'", "available timing options", "timing function used",
			"To get the most accurate", "You have chosen to measure", "First we calculate",
			"Forked child", "Got:", "Doing ",
		};
		size_t i;
		for (i = 0; i < sizeof(remarks) / sizeof(remarks[0]); i++)
			if (strncmp(p, remarks[i], strlen(remarks[i])) == 0)
				return 0;
	}
	n = tokenize(p, tok, SP_MAX_TOKENS);
	if (n == 0)
		return 0;
	if (strcmp(tok[0], "type") == 0 && n >= 3 && strcmp(tok[2], "bytes") == 0)
		return parse_type_header(st, tok, n);
	if (progress_line(tok, n))
		return 0;
	if (pk_header(st, tok, n))
		return 0;
	for (len = 0; len < n; len++)
		if (timetok(tok[len]))
			return parse_pk_row(st, tok, n);
	return parse_sym_row(st, tok, n);
}

static int parse_text(sp_state *st, char *data, size_t len)
{
	size_t pos = 0;

	while (pos < len) {
		size_t end = pos;
		while (end < len && data[end] != '\n')
			end++;
		st->line++;
		if (memchr(data + pos, 0, end - pos) != NULL)
			return perr(st, "binary data (byte 0x00): not a speed result");
		data[end] = 0;
		if (parse_line(st, data + pos) != 0)
			return -1;
		pos = end + 1;
	}
	return 0;
}

/*
 * String member |key| of |obj| into |*out| (NULL when absent or not a
 * string). A string the reader keeps or quotes reaches a terminal: one with
 * a control character (C0, DEL, C1; the JSON reader has checked the UTF-8)
 * is refused, as the text reader refuses such bytes.
 */
static int jstr(sp_state *st, const json *obj, const char *key, const char **out)
{
	const json *v = json_get(obj, key);
	const unsigned char *u;

	*out = NULL;
	if (v == NULL || v->type != JSON_STR)
		return 0;
	for (u = (const unsigned char *)v->u.str; *u; u++) {
		unsigned cp = *u;
		if (u[0] == 0xc2 && u[1] >= 0x80 && u[1] < 0xa0)
			cp = u[1];
		if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
			st->line = v->line;
			return perr(st, "control character U+%04X in \"%s\"", cp, key);
		}
	}
	*out = v->u.str;
	return 0;
}

/* One result entry of the ember JSON: samples, else median, else the rate. */
static int json_entry(sp_state *st, const json *e, const char *rate_key, int pk, const char *root_engine,
    double repeat)
{
	const char *alg, *impl, *engine, *op = NULL;
	char tag[96];
	const json *samples = json_get(e, "samples");
	char norm[96];
	double size = 0, v, lo, hi;
	size_t i, at;
	sp_row *r;

	st->line = e->line;
	if (e->type != JSON_OBJ)
		return perr(st, "result entry is not an object");
	if (jstr(st, e, "algorithm", &alg) || jstr(st, e, "impl", &impl) || jstr(st, e, "engine", &engine) ||
	    (pk && jstr(st, e, "op", &op)))
		return -1;
	st->line = e->line;
	if (alg == NULL)
		return perr(st, "result entry without an \"algorithm\"");
	sp_normalise(alg, norm, sizeof(norm));
	/* Entries measured through another engine than the document's are kept apart by their tag. */
	if (engine && (root_engine == NULL || strcmp(engine, root_engine) != 0)) {
		snprintf(tag, sizeof(tag), "%s%s%s", engine, impl ? ":" : "", impl ? impl : "");
		impl = tag;
	}
	if (pk && op == NULL)
		return perr(st, "%s: public-key entry without an \"op\"", alg);
	if (!pk && (!json_num(e, "size", &size) || size < 1 || size > 1u << 30 || size != floor(size)))
		return perr(st, "%s: missing or bad \"size\"", alg);
	if (samples && samples->type == JSON_ARR && samples->n > 0) {
		const json *s;
		for (i = 0, s = json_first(samples); i < samples->n; i++, s = json_next(s)) {
			st->line = s->line;
			if (s->type != JSON_NUM || s->u.num < 0)
				return perr(st, "%s: bad sample", alg);
			if (add_sample(st, norm, impl, op, (unsigned)size, s->u.num, NULL))
				return -1;
		}
		return 0;
	}
	if (!json_num(e, "median", &v) && !json_num(e, rate_key, &v))
		return perr(st, "%s: no \"%s\", \"median\" or \"samples\"", alg, rate_key);
	if (v < 0)
		return perr(st, "%s: negative rate", alg);
	if (add_sample(st, norm, impl, op, (unsigned)size, v, &at))
		return -1;
	r = &st->f->rows[at];
	if (json_num(e, "min", &lo) && json_num(e, "max", &hi) && lo <= v && v <= hi && st->x[at].nstored == 1 &&
	    (repeat > 1 || hi > lo)) {
		/*
		 * Spread without the samples: min and max as given, and the declared
		 * repeat count as the number of runs. The one sample stays the only
		 * one stored; the row takes no more (add_sample refuses them).
		 */
		st->x[at].spread_line = e->line;
		r->value = v;
		r->lo = lo;
		r->hi = hi;
		r->runs = repeat >= 2 ? (size_t)repeat : 2;
	}
	return 0;
}

static int parse_json(sp_state *st, const char *data, size_t len)
{
	char jerr[128], v[96];
	unsigned jline = 0;
	json *root = json_parse(data, len, jerr, sizeof(jerr), &jline);
	const json *res, *pk, *build, *cpu, *rep, *e;
	const char *s, *tool, *root_engine;
	double d;
	size_t i;
	int rc = -1;

	if (root == NULL) {
		st->line = jline;
		return perr(st, "JSON: %s", jerr);
	}
	st->line = 0;
	s = json_str(root, "format");
	if (root->type != JSON_OBJ || s == NULL || strcmp(s, "ember-speed") != 0) {
		perr(st, "JSON but not an ember speed document (\"format\": \"ember-speed\")");
		goto out;
	}
	if (json_num(root, "format_version", &d) && d > 1)
		hold(st, "%s: format_version %g is newer than this reader (1)", st->name, d);
	if (jstr(st, root, "tool_version", &s) || jstr(st, root, "tool", &tool) ||
	    jstr(st, root, "engine", &root_engine))
		goto out;
	snprintf(v, sizeof(v), "%s %s", tool && strcmp(tool, "ember") != 0 ? tool : "Ember", s ? s : "");
	if (set_meta(st, &st->f->version, v))
		goto out;
	if (root_engine && set_meta(st, &st->f->engine, root_engine))
		goto out;
	build = json_get(root, "build");
	if (jstr(st, build, "compiler", &s) || (s && set_meta(st, &st->f->compiler, s)))
		goto out;
	if (jstr(st, build, "flags", &s) || (s && set_meta(st, &st->f->options, s)))
		goto out;
	if (jstr(st, build, "target", &s) || (s && set_meta(st, &st->f->platform, s)))
		goto out;
	if (jstr(st, build, "date", &s) || (s && set_meta(st, &st->f->built_on, s)))
		goto out;
	cpu = json_get(root, "cpu");
	if (jstr(st, cpu, "features", &s) || (s && set_meta(st, &st->f->cpuinfo, s)))
		goto out;
	res = json_get(root, "results");
	pk = json_get(root, "pk");
	if ((res && res->type != JSON_ARR) || (pk && pk->type != JSON_ARR)) {
		perr(st, "\"results\" and \"pk\" must be arrays");
		goto out;
	}
	/* The declared runs per row (docs/ember-speed.schema.json: an integer, at least 1). */
	d = 1;
	if ((rep = json_get(root, "repeat")) != NULL) {
		if (rep->type != JSON_NUM || rep->u.num < 1 || rep->u.num > 1e6 || rep->u.num != floor(rep->u.num)) {
			st->line = rep->line;
			perr(st, "bad \"repeat\" (an integer from 1 to 1000000)");
			goto out;
		}
		d = rep->u.num;
	}
	for (i = 0, e = json_first(res); res && i < res->n; i++, e = json_next(e))
		if (json_entry(st, e, "bytes_per_sec", 0, root_engine, d))
			goto out;
	for (i = 0, e = json_first(pk); pk && i < pk->n; i++, e = json_next(e))
		if (json_entry(st, e, "ops_per_sec", 1, root_engine, d))
			goto out;
	rc = 0;
out:
	json_free(root);
	return rc;
}

static int cmp_by_name(const void *a, const void *b)
{
	const sp_row *x = *(const sp_row *const *)a, *y = *(const sp_row *const *)b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x < y ? -1 : x > y);
}

static int tag_one(sp_state *st, sp_row *r)
{
	size_t l = strlen(r->name) + strlen(r->impl) + 3;
	char *nn = malloc(l);

	if (nn == NULL)
		return perr(st, "out of memory");
	snprintf(nn, l, "%s[%s]", r->name, r->impl);
	free(r->name);
	r->name = nn;
	return 0;
}

/*
 * With several implementations of one algorithm in a file, each keeps its
 * tag in the name ("aes-128-cbc[x86ni]"); rows without a tag, and names
 * that already carry brackets, are left alone. The rows are grouped by
 * name through a sorted list of pointers: n log n, not n squared.
 */
static int tag_impls(sp_state *st)
{
	sp_file *f = st->f;
	sp_row **by;
	size_t i, k, g;

	if (f->nrows < 2)
		return 0;
	by = malloc(f->nrows * sizeof(*by));
	if (by == NULL)
		return perr(st, "out of memory");
	for (i = 0; i < f->nrows; i++)
		by[i] = &f->rows[i];
	qsort(by, f->nrows, sizeof(*by), cmp_by_name);
	for (g = 0; g < f->nrows; g = k) {
		const char *first = NULL;
		int many = 0;
		for (k = g; k < f->nrows && strcmp(by[k]->name, by[g]->name) == 0; k++) {
			if (by[k]->impl == NULL)
				continue;
			if (first == NULL)
				first = by[k]->impl;
			else if (strcmp(first, by[k]->impl) != 0)
				many = 1;
		}
		if (!many || strchr(by[g]->name, '['))
			continue;
		for (i = g; i < k; i++) {
			if (by[i]->impl && tag_one(st, by[i]) != 0) {
				free(by);
				return -1;
			}
		}
	}
	free(by);
	return 0;
}

int sp_parse(const char *name, const char *data, size_t len, sp_file *f, FILE *warn,
    char *err, size_t err_len)
{
	sp_state st;
	char *copy;
	size_t i = 0;
	int rc;
	char fmt[64];

	memset(f, 0, sizeof(*f));
	memset(&st, 0, sizeof(st));
	st.f = f;
	st.name = name;
	st.warn = warn;
	st.err = err;
	st.err_len = err_len;
	if (err_len)
		err[0] = 0;
	f->path = xstrdup(name);
	if (f->path == NULL)
		return perr(&st, "out of memory");
	if (len == 0) {
		perr(&st, "empty file");
		sp_free(f);
		return -1;
	}
	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	if (i < len && data[i] == '{') {
		rc = parse_json(&st, data, len);
		snprintf(fmt, sizeof(fmt), "ember json");
	} else {
		copy = malloc(len + 1);
		if (copy == NULL) {
			sp_free(f);
			return perr(&st, "out of memory");
		}
		memcpy(copy, data, len);
		copy[len] = 0;
		rc = parse_text(&st, copy, len);
		free(copy);
		snprintf(fmt, sizeof(fmt), "%s%s%s",
		    f->version && strncmp(f->version, "Ember", 5) == 0 ? "ember" :
		    st.maxcols == 5 ? "openssl 0.9.8/1.0.x" : st.maxcols >= 6 ? "openssl 1.1.x/3.x" : "openssl",
		    st.text ? " text" : "", st.mr ? " -mr" : "");
	}
	if (rc == 0 && f->nrows == 0) {
		st.line = 0;
		rc = perr(&st, "no speed results found");
	}
	if (rc == 0)
		rc = tag_impls(&st);
	if (rc == 0) {
		f->format = xstrdup(fmt);
		if (f->format == NULL)
			rc = perr(&st, "out of memory");
	}
	if (rc == 0)
		finish_rows(&st);
	free(st.x);
	free(st.slot);
	if (rc != 0) {
		sp_free(f);
		return -1;
	}
	flush_warnings(&st);
	return 0;
}

int sp_load(const char *path, sp_file *f, FILE *warn, char *err, size_t err_len)
{
	FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *data = NULL;
	size_t len = 0, cap = 0;
	struct stat sb;
	int rc, rerr = 0;

	memset(f, 0, sizeof(*f));
	if (in == NULL) {
		snprintf(err, err_len, "%s: %s", path, strerror(errno));
		return -1;
	}
	/* A regular file's size is known: refuse a huge one before reading any of it. */
	if (in != stdin && fstat(fileno(in), &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > (off_t)SP_MAX_FILE) {
		snprintf(err, err_len, "%s: larger than %u MiB: not a speed result", path, SP_MAX_FILE >> 20);
		fclose(in);
		return -1;
	}
	for (;;) {
		size_t got;
		if (len == cap) {
			char *nd;
			if (cap >= SP_MAX_FILE) {
				snprintf(err, err_len, "%s: larger than %u MiB: not a speed result", path, SP_MAX_FILE >> 20);
				free(data);
				if (in != stdin)
					fclose(in);
				return -1;
			}
			cap = cap ? cap * 2 : 65536;
			nd = realloc(data, cap);
			if (nd == NULL) {
				snprintf(err, err_len, "%s: out of memory", path);
				free(data);
				if (in != stdin)
					fclose(in);
				return -1;
			}
			data = nd;
		}
		errno = 0;
		got = fread(data + len, 1, cap - len, in);
		rerr = errno;
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(in)) {
		snprintf(err, err_len, "%s: read error: %s", path, rerr ? strerror(rerr) : "unknown");
		free(data);
		if (in != stdin)
			fclose(in);
		return -1;
	}
	if (in != stdin)
		fclose(in);
	rc = sp_parse(path, data ? data : "", len, f, warn, err, err_len);
	free(data);
	return rc;
}

void sp_free(sp_file *f)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		free(f->rows[i].name);
		free(f->rows[i].impl);
		free(f->rows[i].op);
		free(f->rows[i].samples);
	}
	free(f->rows);
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

void sp_describe(const sp_file *f, char *buf, size_t len)
{
	size_t used;

	snprintf(buf, len, "%s", f->version ? f->version : f->format ? f->format : "speed results");
	used = strlen(buf);
	if (f->engine && used < len)
		used += (size_t)snprintf(buf + used, len - used, ", engine %s", f->engine);
	if (f->options && used < len)
		snprintf(buf + used, len - used, ", options: %s", f->options);
}
