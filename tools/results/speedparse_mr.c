/*
 * speedparse_mr.c - the -mr records of openssl and ember ("+H", "+F",
 * "+F2".."+F10", "+EMBER:ENGINE:"; progress records read past, but for
 * openssl 3.5's +R15..+R20, which name the rows of its +F9 and +F10), and what the
 * text tables share with them: the block sizes of a header ("+H", "type
 * ... bytes"), the engine the rows were measured through ("+EMBER:ENGINE:",
 * "engine NAME:", the "engine:" lines), "md5/ref" implementation labels,
 * public-key rates from seconds or operations per second, and the metadata
 * lines of openssl's and ember's headers. speedparse_text.c reads the lines
 * and calls this file; it calls only speedparse.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "speedparse_int.h"

void sp_default_sizes(size_t n, unsigned *sizes)
{
	static const unsigned def[] = { 16, 64, 256, 1024, 8192, 16384 };
	size_t i;

	for (i = 0; i < n && i < 6; i++)
		sizes[i] = def[i];
}

/* An engine's name as `ember speed` prints it: letters, digits, '-', '_', '.'. */
int sp_engine_word(const sp_state *st, const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n >= sizeof(st->engine))
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '-' && s[i] != '_' && s[i] != '.')
			return 0;
	return 1;
}

/*
 * The engine the rows being read were measured through: the table's
 * ("engine NAME:", "+EMBER:ENGINE:NAME"), else the one engine the header
 * names, else Ember's own for an Ember file; NULL when the file does not say.
 */
const char *sp_row_engine(const sp_state *st)
{
	if (st->engine[0])
		return st->engine;
	if (st->nhdr_engines == 1 && st->hdr_engine[0])
		return st->hdr_engine;
	return st->ember ? "ember" : NULL;
}

/*
 * `ember speed -impl all` labels rows "md5/avx512": the implementation is
 * after the last '/' when that is a tag (a letter, then letters, digits or
 * '_'); openssl's "rc5-32/12-cbc" has none. |norm| keeps the algorithm.
 */
void sp_split_impl(char *norm, size_t norm_len, char *impl, size_t len)
{
	char *sl = strrchr(norm, '/');
	const char *t;
	char alg[96];

	impl[0] = 0;
	if (sl == NULL || sl == norm || !islower((unsigned char)sl[1]) || strlen(sl + 1) >= len)
		return;
	for (t = sl + 1; *t; t++)
		if (!islower((unsigned char)*t) && !isdigit((unsigned char)*t) && *t != '_')
			return;
	snprintf(impl, len, "%s", sl + 1);
	*sl = 0;
	snprintf(alg, sizeof(alg), "%s", norm);
	sp_normalise(alg, norm, norm_len);
}

/* A header whose sizes cannot be read: skipped, and the rows under it until the next header. */
static int header_bad(sp_state *st, const char *what, const char *at)
{
	st->nsizes = 0;
	st->bad_header = st->line;
	if (at)
		return sp_pbad(st, "%s at '%s'", what, at);
	return sp_pbad(st, "%s", what);
}

static int take_sizes(sp_state *st, const unsigned *sizes, size_t k)
{
	memcpy(st->sizes, sizes, k * sizeof(*sizes));
	st->nsizes = k;
	st->bad_header = 0;
	if (k > (size_t)st->maxcols)
		st->maxcols = (int)k;
	return 0;
}

/*
 * "type  16 bytes  64 bytes ...": the block sizes of the table that follows;
 * "type  engine  16 bytes ...": those of ember's side-by-side table.
 */
int sp_parse_type_header(sp_state *st, char **tok, size_t n, size_t first)
{
	unsigned sizes[SP_MAX_SIZES];
	size_t i, k = 0;

	if (n < first + 2 || (n - first) % 2 != 0 || (n - first) / 2 > SP_MAX_SIZES)
		return header_bad(st, "cannot read the 'type' header: expected '<n> bytes' columns", NULL);
	for (i = first; i < n; i += 2) {
		char *end;
		unsigned long v;
		errno = 0;
		v = strtoul(tok[i], &end, 10);
		if (*end != 0 || !isdigit((unsigned char)tok[i][0]) || v == 0 || v > 1u << 30 ||
		    errno || strcmp(tok[i + 1], "bytes") != 0)
			return header_bad(st, "cannot read the 'type' header", tok[i]);
		sizes[k++] = (unsigned)v;
	}
	return take_sizes(st, sizes, k);
}

static int parse_mr_header(sp_state *st, char *rest)
{
	unsigned sizes[SP_MAX_SIZES];
	size_t k = 0;
	char *save = NULL, *t;

	for (t = strtok_r(rest, ":", &save); t; t = strtok_r(NULL, ":", &save)) {
		char *end;
		unsigned long v;
		if (k == SP_MAX_SIZES)
			return header_bad(st, "too many sizes in '+H'", NULL);
		errno = 0;
		v = strtoul(t, &end, 10);
		if (*end != 0 || !isdigit((unsigned char)t[0]) || v == 0 || v > 1u << 30 || errno)
			return header_bad(st, "bad size in '+H'", t);
		sizes[k++] = (unsigned)v;
	}
	if (k == 0)
		return header_bad(st, "'+H' without sizes", NULL);
	return take_sizes(st, sizes, k);
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

/*
 * Public-key rate from a seconds-per-op or ops/s figure. Zero is openssl's
 * mark of what did not run: not a measurement, no row.
 */
int sp_pk_add(sp_state *st, const char *name, const char *op, double v, int is_seconds)
{
	if (v <= 0.0)
		return 0;
	if (is_seconds)
		v = 1.0 / v;
	return sp_add_sample(st, name, NULL, sp_row_engine(st), op, 0, v, NULL);
}

/* The values of a -mr record, all read before any is kept: a bad one skips the record. */
static int mr_values(sp_state *st, char **f, size_t n, double *v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (sp_number(f[i], 0, &v[i]) != 0)
			return sp_pbad(st, "bad number '%s'", f[i]) - 1;
	return 0;
}

static int parse_mr_pk(sp_state *st, int kind, char **f, size_t n)
{
	char name[64];
	unsigned long idx, bits;
	double v[4];
	char *end;
	int secs;

	if (n < 4)
		return sp_pbad(st, "'+F%d' record with too few fields", kind);
	idx = strtoul(f[1], &end, 10);
	if (*end || !isdigit((unsigned char)f[1][0]))
		return sp_pbad(st, "bad index '%s'", f[1]);
	bits = strtoul(f[2], &end, 10);
	if (*end || !isdigit((unsigned char)f[2][0]) || bits == 0 || bits > 100000)
		return sp_pbad(st, "bad key size '%s'", f[2]);
	switch (kind) {
	case 2: case 3: case 4:
		if (kind == 2 && n == 7) {
			if (mr_values(st, f + 3, 4, v))
				return 0;
			snprintf(name, sizeof(name), "rsa%lu", bits);
			if (sp_pk_add(st, name, "sign", v[0], 0) || sp_pk_add(st, name, "verify", v[1], 0) ||
			    sp_pk_add(st, name, "encrypt", v[2], 0) || sp_pk_add(st, name, "decrypt", v[3], 0))
				return -1;
			return 0;
		}
		if (n != 5)
			return sp_pbad(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
		if (mr_values(st, f + 3, 2, v))
			return 0;
		if (kind == 2) {
			snprintf(name, sizeof(name), "rsa%lu", bits);
			secs = v[0] > v[1]; /* seconds when signing took longer than verifying */
		} else {
			const char *cv = curve_name((unsigned)idx, (unsigned)bits);
			if (kind == 3)
				snprintf(name, sizeof(name), "dsa%lu", bits);
			else if (cv)
				snprintf(name, sizeof(name), "ecdsa(%s)", cv);
			else
				snprintf(name, sizeof(name), "ecdsa%lu", bits);
			secs = v[0] < v[1]; /* seconds when signing took less time than verifying */
		}
		/*
		 * Both below one: seconds (no board verifies less than once a second);
		 * both at least one: rates. Only a mixed pair needs the relation above.
		 * A five-size header is 0.9.8/1.0.x: always seconds.
		 */
		if (v[0] < 1.0 && v[1] < 1.0)
			secs = 1;
		else if (v[0] >= 1.0 && v[1] >= 1.0)
			secs = 0;
		if (st->nsizes == 5)
			secs = 1;
		if (sp_pk_add(st, name, "sign", v[0], secs) || sp_pk_add(st, name, "verify", v[1], secs))
			return -1;
		return 0;
	case 5: case 8: {
		/* One value and its reciprocal: the larger is the rate (> 1 op/s). */
		const char *cv = curve_name((unsigned)idx, (unsigned)bits);
		if (n != 5)
			return sp_pbad(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
		if (mr_values(st, f + 3, 2, v))
			return 0;
		if (kind == 8)
			snprintf(name, sizeof(name), "ffdh%lu", bits);
		else if (cv)
			snprintf(name, sizeof(name), "ecdh(%s)", cv);
		else
			snprintf(name, sizeof(name), "ecdh%lu", bits);
		return sp_pk_add(st, name, "op", v[0] > v[1] ? v[0] : v[1], 0);
	}
	case 6: case 7: {
		char low[48];
		if (n != 6)
			return sp_pbad(st, "'+F%d' record: expected a name and 2 values", kind);
		if (mr_values(st, f + 4, 2, v))
			return 0;
		sp_normalise(f[3], low, sizeof(low));
		snprintf(name, sizeof(name), "%s(%s)", kind == 6 ? "eddsa" : "sm2", low);
		if (sp_pk_add(st, name, "sign", v[0], 0) || sp_pk_add(st, name, "verify", v[1], 0))
			return -1;
		return 0;
	}
	default:
		sp_pwarn(st, "unknown '+F' record");
		return 0;
	}
}

/* A KEM or signature name as openssl 3.5 prints it: letters, digits, '-', '_', '.', '+', '/'; at most SP_KS_NAME - 1. */
static int ks_name_ok(const char *s)
{
	size_t n = strlen(s), i;

	if (n == 0 || n >= SP_KS_NAME)
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && strchr("-_.+/", s[i]) == NULL)
			return 0;
	return 1;
}

/*
 * openssl 3.5's progress records "+R15:count:name:secs" .. "+R20:...":
 * +R15..+R17 a KEM's keygen, encaps, decaps, +R18..+R20 a signature's
 * keygen, sign, verify. Their rates are in the +F9 and +F10 records; what
 * is kept here is the order of the names, which is the order of those
 * records (openssl runs and prints its lists in index order).
 */
static int ks_progress(sp_state *st, int sig, const char *rest)
{
	const char *a = strchr(rest, ':'), *b;
	char name[SP_KS_NAME];
	size_t i, len;

	if (a == NULL || (b = strrchr(a + 1, ':')) == NULL || b == a)
		return sp_pbad(st, "'+R%d' record without a name", sig ? 18 : 15);
	len = (size_t)(b - a - 1);
	if (len == 0 || len >= sizeof(name))
		return sp_pbad(st, "'+R' record: bad name");
	memcpy(name, a + 1, len);
	name[len] = 0;
	if (!ks_name_ok(name))
		return sp_pbad(st, "'+R' record: bad name");
	for (i = 0; i < st->ks_nseen[sig]; i++)
		if (strcmp(st->ks_seen[sig][i], name) == 0)
			return 0; /* the next operation of the same row, or a repeat */
	if (st->ks_nseen[sig] == SP_MAX_KS)
		return sp_pbad(st, "more than %d %s names", SP_MAX_KS, sig ? "signature" : "KEM");
	snprintf(st->ks_seen[sig][st->ks_nseen[sig]++], SP_KS_NAME, "%s", name);
	return 0;
}

/* Ember's "+EMBER:KEM:k:name" and "+EMBER:SIG:k:name": the name of index k of its +F9 / +F10 records. */
static int ks_named(sp_state *st, int sig, const char *rest)
{
	unsigned long k;
	char *end;

	k = strtoul(rest, &end, 10);
	if (!isdigit((unsigned char)rest[0]) || *end != ':' || k >= SP_MAX_KS || !ks_name_ok(end + 1))
		return sp_pbad(st, "bad '+EMBER:%s:' record", sig ? "SIG" : "KEM");
	snprintf(st->ks_named[sig][k], SP_KS_NAME, "%s", end + 1);
	return 0;
}

/*
 * openssl 3.5's "+F9:k:keygen:encaps:decaps" (KEMs) and
 * "+F10:k:keygen:sign:verify" (signatures), operations per second. k is
 * an index into a list openssl makes at run time, so the row's name comes
 * from Ember's +EMBER record of that index, else from the next name of the
 * +R15 (+R18) records; without either the record is skipped with a
 * warning. A record of zeros (openssl's mark of a row that failed its
 * check, which printed no +R record) is no row and takes no name.
 */
static int parse_mr_ks(sp_state *st, int sig, char **f, size_t n)
{
	static const char *const ops[2][3] = { { "keygen", "encaps", "decaps" }, { "keygen", "sign", "verify" } };
	const char *name = NULL;
	unsigned long k;
	double v[3];
	char norm[64], *end;
	size_t i;

	if (n != 5)
		return sp_pbad(st, "'+F%d' record: expected an index and 3 values", sig ? 10 : 9);
	k = strtoul(f[1], &end, 10);
	if (*end || !isdigit((unsigned char)f[1][0]))
		return sp_pbad(st, "bad index '%s'", f[1]);
	if (mr_values(st, f + 2, 3, v))
		return 0;
	if (v[0] <= 0.0 && v[1] <= 0.0 && v[2] <= 0.0)
		return 0;
	if (k < SP_MAX_KS && st->ks_named[sig][k][0])
		name = st->ks_named[sig][k];
	if (st->ks_used[sig] < st->ks_nseen[sig]) {
		const char *next = st->ks_seen[sig][st->ks_used[sig]++];
		if (name == NULL)
			name = next;
	}
	if (name == NULL)
		return sp_pbad(st, "'+F%d' record: index %lu names no %s here (openssl names them only in its +R%d "
		                   "records, on standard error)", sig ? 10 : 9, k, sig ? "signature" : "KEM", sig ? 18 : 15);
	sp_normalise(name, norm, sizeof(norm));
	for (i = 0; i < 3; i++)
		if (sp_pk_add(st, norm, ops[sig][i], v[i], 0))
			return -1;
	return 0;
}

/* A handshake word: tls13 or tls12, a group and a server key, each of letters and digits. */
static int tls_word_ok(char **f)
{
	size_t i, k;

	if (strcmp(f[0], "tls13") != 0 && strcmp(f[0], "tls12") != 0)
		return 0;
	for (k = 1; k < 3; k++) {
		if (f[k][0] == 0 || strlen(f[k]) > 20)
			return 0;
		for (i = 0; f[k][i]; i++)
			if (!islower((unsigned char)f[k][i]) && !isdigit((unsigned char)f[k][i]))
				return 0;
	}
	return 1;
}

/*
 * Ember's "+EMBER:TLS:tls13:GROUP:SIG:SUITE:server:client:server_bytes:client_bytes"
 * (and tls12:GROUP:SIG, its SUITE openssl's name: ECDHE-ECDSA-AES128-GCM-SHA256):
 * a handshake row's two rates (handshakes per second of each side's time), kept as
 * the word with op "server" and "client".
 */
static int tls_record(sp_state *st, char *rest)
{
	char *f[9], *p = rest, *colon, name[64];
	double v[4];
	size_t n = 0;

	while (n < 9) {
		f[n++] = p;
		colon = strchr(p, ':');
		if (colon == NULL)
			break;
		*colon = 0;
		p = colon + 1;
	}
	if (n != 8 || !tls_word_ok(f))
		return sp_pbad(st, "bad '+EMBER:TLS:' record");
	if (mr_values(st, f + 4, 4, v))
		return 0;
	snprintf(name, sizeof(name), "%s:%s:%s", f[0], f[1], f[2]);
	if (sp_pk_add(st, name, "server", v[0], 0) || sp_pk_add(st, name, "client", v[1], 0))
		return -1;
	return 0;
}

int sp_parse_mr(sp_state *st, char *line)
{
	char *f[SP_MAX_TOKENS];
	size_t n = 0, i;
	char *p = line + 1, *colon;

	st->mr = 1;
	st->section = SP_SEC_RATES;
	if (strncmp(line, "+H:", 3) == 0)
		return parse_mr_header(st, line + 3);
	if (strncmp(line, "+R", 2) == 0 && isdigit((unsigned char)line[2]) && isdigit((unsigned char)line[3]) &&
	    line[4] == ':') {
		int r = (line[2] - '0') * 10 + (line[3] - '0');
		if (r >= 15 && r <= 20)
			return ks_progress(st, r >= 18, line + 5); /* 15..17 a KEM's, 18..20 a signature's */
	}
	if (strncmp(line, "+D", 2) == 0 || strncmp(line, "+R", 2) == 0)
		return 0; /* progress records ("+DT:md5:3:16", "+R:123:md5:3.00") */
	if (strncmp(line, "+EMBER:", 7) == 0) {
		/* "+EMBER:ENGINE:openssl" heads an engine's records; the others are -multi's and missing engines */
		st->ember = 1;
		if (strncmp(line + 7, "KEM:", 4) == 0 || strncmp(line + 7, "SIG:", 4) == 0)
			return ks_named(st, line[7] == 'S', line + 11);
		if (strncmp(line + 7, "TLS:", 4) == 0)
			return tls_record(st, line + 11);
		if (strncmp(line + 7, "ENGINE:", 7) != 0)
			return 0;
		if (!sp_engine_word(st, line + 14, strlen(line + 14)))
			return sp_pbad(st, "bad engine name in '+EMBER:ENGINE:'");
		snprintf(st->engine, sizeof(st->engine), "%s", line + 14);
		return 0;
	}
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
		char norm[96], impl[32];
		unsigned sizes[SP_MAX_SIZES];
		double v[SP_MAX_SIZES];
		size_t ns = st->nsizes, nv;
		if (n < 4)
			return sp_pbad(st, "'+F' record with too few fields");
		if (st->bad_header)
			return sp_pbad(st, "'+F' record under the '+H' header of line %u, which could not be read",
			    st->bad_header);
		nv = n - 3;
		if (ns == 0) {
			if (nv != 5 && nv != 6)
				return sp_pbad(st, "'+F' record with %u values and no '+H' header", (unsigned)nv);
			ns = nv;
			sp_default_sizes(ns, sizes);
		} else {
			memcpy(sizes, st->sizes, sizeof(sizes));
		}
		if (nv != ns)
			return sp_pbad(st, "'+F' record: expected %u values, found %u", (unsigned)ns, (unsigned)nv);
		sp_normalise(f[2], norm, sizeof(norm));
		if (norm[0] == 0)
			return sp_pbad(st, "'+F' record without a name");
		if (mr_values(st, f + 3, ns, v))
			return 0;
		if ((int)ns > st->maxcols)
			st->maxcols = (int)ns;
		sp_split_impl(norm, sizeof(norm), impl, sizeof(impl));
		for (i = 0; i < ns; i++)
			if (v[i] > 0.0 && sp_add_sample(st, norm, impl[0] ? impl : NULL, sp_row_engine(st), NULL, sizes[i], v[i],
			    NULL))
				return -1;
		return 0;
	}
	if (strcmp(f[0], "F9") == 0 || strcmp(f[0], "F10") == 0)
		return parse_mr_ks(st, f[0][1] == '1', f, n);
	if (f[0][0] == 'F' && f[0][1] >= '2' && f[0][1] <= '9' && f[0][2] == 0)
		return parse_mr_pk(st, f[0][1] - '0', f, n);
	sp_pwarn(st, "unknown '+' record");
	return 0;
}

/* An "engine:" line of the header: "engine: openssl (OpenSSL 3.0.22 ...)"; one per engine. */
static int header_engine(sp_state *st, const char *v)
{
	char buf[1024];
	size_t n;

	while (*v == ' ' || *v == '\t')
		v++;
	if (strstr(v, ": not available") != NULL)
		return 0; /* "engine: afalg: not available: why" */
	n = strcspn(v, " (");
	if (sp_engine_word(st, v, n) && st->nhdr_engines++ == 0)
		snprintf(st->hdr_engine, sizeof(st->hdr_engine), "%.*s", (int)n, v);
	if (st->f->engine == NULL)
		return sp_set_meta(st, &st->f->engine, v);
	snprintf(buf, sizeof(buf), "%s; %s", st->f->engine, v);
	return sp_set_meta(st, &st->f->engine, buf);
}

/* The metadata lines of openssl's and ember's headers; 1 when |p| was one (or -1 on an error). */
int sp_meta_line(sp_state *st, char *p)
{
	static const char *const keys[] = { "built on:", "options:", "compiler:", "CPUINFO:", "platform:" };
	char **const slots[] = { &st->f->built_on, &st->f->options, &st->f->compiler, &st->f->cpuinfo,
		&st->f->platform };
	char v[1024], *q;
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strncmp(p, keys[i], strlen(keys[i])) == 0)
			return sp_set_meta(st, slots[i], p + strlen(keys[i])) ? -1 : 1;
	if (strncmp(p, "engine:", 7) == 0)
		return header_engine(st, p + 7) ? -1 : 1;
	if (strncmp(p, "implementations:", 16) == 0) {
		if (!st->ember)
			return 1; /* `ember version -a`: not a speed result's */
		/* the older ember text: flags on "options:", its implementations on this line */
		if (st->f->options && st->f->compiler && strstr(st->f->compiler, st->f->options) == NULL) {
			snprintf(v, sizeof(v), "%s %s", st->f->compiler, st->f->options);
			if (sp_set_meta(st, &st->f->compiler, v))
				return -1;
		}
		return sp_set_meta(st, &st->f->options, p + 16) ? -1 : 1;
	}
	if (strncmp(p, "timer:", 6) == 0 || strncmp(p, "timing:", 7) == 0 || strncmp(p, "Cycles per byte:", 16) == 0)
		return 1; /* facts of `ember speed` the comparison does not use */
	if (strncmp(p, "version:", 8) == 0) {
		const char *s = p + 8;
		if (st->f->version)
			return 1;
		while (*s == ' ')
			s++;
		/* openssl 3 prints "version: 3.0.11"; ember speed "version: Ember 0.1.0" */
		snprintf(v, sizeof(v), "%s%s", isdigit((unsigned char)*s) ? "OpenSSL " : "", s);
		if (strncmp(s, "Ember ", 6) == 0)
			st->ember = 1;
		return sp_set_meta(st, &st->f->version, v) ? -1 : 1;
	}
	if (strncmp(p, "Ember ", 6) == 0 || (strncmp(p, "ember ", 6) == 0 && isdigit((unsigned char)p[6])) ||
	    strncmp(p, "OpenSSL ", 8) == 0 ||
	    strncmp(p, "LibreSSL ", 9) == 0 || strncmp(p, "BoringSSL", 9) == 0) {
		if (tolower((unsigned char)p[0]) == 'e')
			st->ember = 1;
		if (st->f->version)
			return 1;
		/* "OpenSSL 1.0.2u  20 Dec 2019": the name and the version */
		snprintf(v, 96, "%.*s", (int)strcspn(p, " "), p);
		q = p + strcspn(p, " ");
		while (*q == ' ')
			q++;
		snprintf(v + strlen(v), 96 - strlen(v), " %.*s", (int)strcspn(q, " "), q);
		return sp_set_meta(st, &st->f->version, v) ? -1 : 1;
	}
	if (strncmp(p, "engine \"", 8) == 0) {
		snprintf(v, 96, "%.*s", (int)strcspn(p + 8, "\""), p + 8);
		return sp_set_meta(st, &st->f->engine, v) ? -1 : 1;
	}
	if (strncmp(p, "engine ", 7) == 0) {
		size_t l = strlen(p + 7);
		/* "engine openssl:" heads that engine's tables; "engine afalg: not available: why" */
		if (l >= 2 && p[6 + l] == ':' && sp_engine_word(st, p + 7, l - 1)) {
			snprintf(st->engine, sizeof(st->engine), "%.*s", (int)(l - 1), p + 7);
			st->engine_tables = 1;
			st->section = SP_SEC_RATES;
			return 1;
		}
		if (strstr(p, ": not available") != NULL)
			return 1;
	}
	return 0;
}

