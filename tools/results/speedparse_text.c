/*
 * speedparse_text.c - the text readers of speedparse: openssl's and ember's
 * throughput tables ("type  16 bytes ..." then a row per algorithm),
 * public-key tables, and the -mr records ("+H", "+F", "+F2".."+F8"), with
 * the remarks, metadata lines and paste damage (mail quotes, wiki bars,
 * no-break spaces) around them. The layouts of each openssl version are
 * listed at the top of speedparse.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "speedparse_int.h"

#define SP_MAX_TOKENS 64

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
		return sp_perr(st, "cannot read the 'type' header: expected '<n> bytes' columns");
	for (i = 1; i < n; i += 2) {
		char *end;
		unsigned long v;
		errno = 0;
		v = strtoul(tok[i], &end, 10);
		if (*end != 0 || !isdigit((unsigned char)tok[i][0]) || v == 0 || v > 1u << 30 ||
		    errno || strcmp(tok[i + 1], "bytes") != 0)
			return sp_perr(st, "cannot read the 'type' header at '%s'", tok[i]);
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
			return sp_perr(st, "too many sizes in '+H'");
		errno = 0;
		v = strtoul(t, &end, 10);
		if (*end != 0 || !isdigit((unsigned char)t[0]) || v == 0 || v > 1u << 30 || errno)
			return sp_perr(st, "bad size '%s' in '+H'", t);
		st->sizes[k++] = (unsigned)v;
	}
	if (k == 0)
		return sp_perr(st, "'+H' without sizes");
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
		return sp_perr(st, "bad number '%s'", t);
	return 0;
}

/* Public-key rate from a seconds-per-op or ops/s figure. */
static int pk_add(sp_state *st, const char *name, const char *op, double v, int is_seconds)
{
	if (is_seconds) {
		if (v <= 0.0)
			return sp_perr(st, "zero time for %s %s", name, op);
		v = 1.0 / v;
	}
	return sp_add_sample(st, name, NULL, op, 0, v, NULL);
}

static int parse_mr_pk(sp_state *st, int kind, char **f, size_t n)
{
	char name[64];
	unsigned long idx, bits;
	double a, b, c, d;
	char *end;
	int secs;

	if (n < 4)
		return sp_perr(st, "'+F%d' record with too few fields", kind);
	idx = strtoul(f[1], &end, 10);
	if (*end || !isdigit((unsigned char)f[1][0]))
		return sp_perr(st, "bad index '%s'", f[1]);
	bits = strtoul(f[2], &end, 10);
	if (*end || !isdigit((unsigned char)f[2][0]) || bits == 0 || bits > 100000)
		return sp_perr(st, "bad key size '%s'", f[2]);
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
			return sp_perr(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
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
			return sp_perr(st, "'+F%d' record: expected 2 values, found %u", kind, (unsigned)(n - 3));
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
			return sp_perr(st, "'+F%d' record: expected a name and 2 values", kind);
		if (mr_value(st, f[4], &a) || mr_value(st, f[5], &b))
			return -1;
		sp_normalise(f[3], low, sizeof(low));
		snprintf(name, sizeof(name), "%s(%s)", kind == 6 ? "eddsa" : "sm2", low);
		if (pk_add(st, name, "sign", a, 0) || pk_add(st, name, "verify", b, 0))
			return -1;
		return 0;
	}
	default:
		sp_pwarn(st, "unknown '+F' record");
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
			return sp_perr(st, "'+F' record with too few fields");
		nv = n - 3;
		if (ns == 0) {
			if (nv != 5 && nv != 6)
				return sp_perr(st, "'+F' record with %u values and no '+H' header", (unsigned)nv);
			ns = nv;
			default_sizes(st, ns, sizes);
		} else {
			memcpy(sizes, st->sizes, sizeof(sizes));
		}
		if (nv != ns)
			return sp_perr(st, "'+F' record: expected %u values, found %u", (unsigned)ns, (unsigned)nv);
		if ((int)ns > st->maxcols)
			st->maxcols = (int)ns;
		sp_normalise(f[2], norm, sizeof(norm));
		if (norm[0] == 0)
			return sp_perr(st, "'+F' record without a name");
		for (i = 0; i < ns; i++) {
			double v;
			if (mr_value(st, f[3 + i], &v) || sp_add_sample(st, norm, NULL, NULL, sizes[i], v, NULL))
				return -1;
		}
		return 0;
	}
	if (f[0][0] == 'F' && f[0][1] >= '2' && f[0][1] <= '9' && f[0][2] == 0)
		return parse_mr_pk(st, f[0][1] - '0', f, n);
	sp_pwarn(st, "unknown '+' record");
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
		return sp_perr(st, "cannot read this public-key row: expected a name, %u times and %u rates",
		    (unsigned)(times ? times : 1), (unsigned)(times ? times : 1));
	nops = times;
	if (st->npkops && st->npkops != nops)
		return sp_perr(st, "public-key row has %u values per op, the header names %u ops",
		    (unsigned)nops, (unsigned)st->npkops);
	pk_name(tok, n - 2 * nops, name, sizeof(name));
	for (i = 0; i < nops; i++) {
		const char *ttok = tok[n - 2 * nops + i], *rtok = tok[n - nops + i];
		char tbuf[64];
		double t, r, v;
		const char *op;
		size_t tl = strlen(ttok);

		if (tl >= sizeof(tbuf))
			return sp_perr(st, "bad time '%s'", ttok);
		memcpy(tbuf, ttok, tl - 1);
		tbuf[tl - 1] = 0;
		if (sp_number(tbuf, 0, &t) != 0)
			return sp_perr(st, "bad time '%s'", ttok);
		if (sp_number(rtok, 0, &r) != 0)
			return sp_perr(st, "bad rate '%s'", rtok);
		/* Take whichever column was printed with the smaller relative error. */
		v = r;
		if (t > 0.0) {
			double rel_t = 0.5 * pow(10.0, -decimals(tbuf)) / t;
			double rel_r = r > 0.0 ? 0.5 * pow(10.0, -decimals(rtok)) / r : 1.0;
			if (rel_t < rel_r)
				v = 1.0 / t;
		}
		if (v <= 0.0)
			return sp_perr(st, "zero rate for %s", name);
		if (st->npkops)
			op = st->pkops[i];
		else
			op = nops == 1 ? "op" : nops == 2 ? def2[i] : nops == 4 ? def4[i] : "op";
		if (sp_add_sample(st, name, NULL, op, 0, v, NULL))
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
		sp_pwarn(st, "not a result line");
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
				return sp_perr(st, "%u values and no 'type' header line: cannot tell the block sizes",
				    (unsigned)m);
			sp_pwarn(st, "not a result line");
			return 0;
		}
		ns = m;
		default_sizes(st, ns, sizes);
	} else {
		memcpy(sizes, st->sizes, sizeof(sizes));
	}
	if (m < ns) {
		if (known_name(norm) || m >= 2)
			return sp_perr(st, "'%s': expected %u values, found %u (truncated line?)", joined,
			    (unsigned)ns, (unsigned)m);
		sp_pwarn(st, "not a result line");
		return 0;
	}
	if ((int)ns > st->maxcols)
		st->maxcols = (int)ns;
	st->text = 1;
	for (i = 0; i < ns; i++) {
		double v;
		if (sp_number(tok[nname + i], 1, &v) != 0)
			return sp_perr(st, "'%s': bad number '%s'", joined, tok[nname + i]);
		if (sp_add_sample(st, norm, NULL, NULL, sizes[i], v, NULL))
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
			return sp_perr(st, "binary data (byte 0x%02x): not a speed result", *u);
		if (*u < 0x80)
			continue;
		sl = json_utf8_len(u, (const unsigned char *)line + len);
		if (sl == 2 && u[0] == 0xc2 && u[1] < 0xa0)
			return sp_perr(st, "control character U+%04X: not a speed result", u[1]);
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
		return sp_set_meta(st, &st->f->built_on, p + 9);
	if (strncmp(p, "options:", 8) == 0)
		return sp_set_meta(st, &st->f->options, p + 8);
	if (strncmp(p, "compiler:", 9) == 0)
		return sp_set_meta(st, &st->f->compiler, p + 9);
	if (strncmp(p, "CPUINFO:", 8) == 0)
		return sp_set_meta(st, &st->f->cpuinfo, p + 8);
	if (strncmp(p, "platform:", 9) == 0)
		return sp_set_meta(st, &st->f->platform, p + 9);
	if (strncmp(p, "engine:", 7) == 0)
		return sp_set_meta(st, &st->f->engine, p + 7);
	if (strncmp(p, "implementations:", 16) == 0 || strncmp(p, "timer:", 6) == 0)
		return 0; /* `ember version -a` / `ember speed` facts the comparison does not use */
	if (strncmp(p, "version:", 8) == 0 && st->f->version == NULL) {
		char v[96];
		const char *s = p + 8;
		while (*s == ' ')
			s++;
		snprintf(v, sizeof(v), "OpenSSL %s", s);
		return sp_set_meta(st, &st->f->version, v);
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
			return sp_set_meta(st, &st->f->version, v);
		}
		return 0;
	}
	if (strncmp(p, "engine \"", 8) == 0) {
		char e[96];
		snprintf(e, sizeof(e), "%.*s", (int)strcspn(p + 8, "\""), p + 8);
		return sp_set_meta(st, &st->f->engine, e);
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

int sp_parse_text(sp_state *st, char *data, size_t len)
{
	size_t pos = 0;

	while (pos < len) {
		size_t end = pos;
		while (end < len && data[end] != '\n')
			end++;
		st->line++;
		if (memchr(data + pos, 0, end - pos) != NULL)
			return sp_perr(st, "binary data (byte 0x00): not a speed result");
		data[end] = 0;
		if (parse_line(st, data + pos) != 0)
			return -1;
		pos = end + 1;
	}
	return 0;
}
