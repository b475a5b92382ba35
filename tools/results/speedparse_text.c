/*
 * speedparse_text.c - the text tables of speedparse: openssl's and ember's
 * throughput tables ("type  16 bytes ..." then a row per algorithm),
 * public-key tables, and what `ember speed` adds (the side-by-side table of
 * engines, "md5/ref" labels of -impl all; its spread and cycles tables are
 * read past), with the remarks around them and paste damage: mail quotes,
 * wiki bars, no-break spaces, and lines a mail client wrapped (rejoined
 * when the pieces fit the table). Each line is read here; the -mr records
 * and the header lines (sizes, engines, metadata) are handed to
 * speedparse_mr.c. The layouts of each openssl version are listed at the
 * top of speedparse.c.
 */
#include <ctype.h>
#include <math.h>
#include <string.h>

#include "json.h"
#include "speedparse_int.h"

/* The longest line two wrapped pieces are rejoined into (a table row is under 200 bytes). */
#define SP_MAX_JOIN 1024

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

/* Names users would recognise: a wrong number on such a row is a row that cannot be read, not prose. */
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

/* tok[0..n) joined by single spaces into |out|. */
static void join_tokens(char **tok, size_t n, char *out, size_t len)
{
	size_t i, used;

	out[0] = 0;
	for (i = 0; i < n; i++) {
		used = strlen(out);
		snprintf(out + used, len - used, "%s%s", i ? " " : "", tok[i]);
	}
}

/* "1024": a block size. */
static int size_tok(const char *t)
{
	return isdigit((unsigned char)t[0]) && strspn(t, "0123456789") == strlen(t);
}

/* tok[at..n) are "<n> bytes" pairs, maybe ending in a lone "<n>" (*dangling: a header cut by a wrap). */
static int size_pairs(char **tok, size_t at, size_t n, int *dangling)
{
	*dangling = 0;
	for (; at < n; at += 2) {
		if (!size_tok(tok[at]))
			return 0;
		if (at + 1 == n) {
			*dangling = 1;
			return 1;
		}
		if (strcmp(tok[at + 1], "bytes") != 0)
			return 0;
	}
	return 1;
}

/* "rsa 2048 bits" -> rsa2048, "256 bits ecdsa (nistp256)" -> ecdsa(nistp256). */
static void pk_name(char **tok, size_t n, char *out, size_t len)
{
	char joined[128];

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
	join_tokens(tok, n, joined, sizeof(joined));
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

/* Rates then times counted from the end of a public-key row; 1 when it has that shape. */
static int pk_shape(char **tok, size_t n, size_t *times, size_t *rates)
{
	*rates = *times = 0;
	while (*rates < n && numberish(tok[n - 1 - *rates]) && !timetok(tok[n - 1 - *rates]))
		(*rates)++;
	while (*times + *rates < n && timetok(tok[n - 1 - *rates - *times]))
		(*times)++;
	return *times > 0 && *times + *rates < n;
}

static int parse_pk_row(sp_state *st, char **tok, size_t n)
{
	size_t rates, times, i, nops;
	char name[96];
	double v[SP_MAX_TOKENS / 2];
	static const char *const def2[] = { "sign", "verify" };
	static const char *const def4[] = { "sign", "verify", "encrypt", "decrypt" };

	if (!pk_shape(tok, n, &times, &rates) || rates != times)
		return sp_pbad(st, "cannot read this public-key row: expected a name, %u times and %u rates",
		    (unsigned)(times ? times : 1), (unsigned)(times ? times : 1));
	nops = times;
	if (st->npkops && st->npkops != nops)
		return sp_pbad(st, "public-key row has %u values per op, the header names %u ops",
		    (unsigned)nops, (unsigned)st->npkops);
	pk_name(tok, n - 2 * nops, name, sizeof(name));
	for (i = 0; i < nops; i++) {
		const char *ttok = tok[n - 2 * nops + i], *rtok = tok[n - nops + i];
		char tbuf[64];
		double t, r;
		size_t tl = strlen(ttok);

		if (tl >= sizeof(tbuf))
			return sp_pbad(st, "bad time '%s'", ttok);
		memcpy(tbuf, ttok, tl - 1);
		tbuf[tl - 1] = 0;
		if (sp_number(tbuf, 0, &t) != 0)
			return sp_pbad(st, "bad time '%s'", ttok);
		if (sp_number(rtok, 0, &r) != 0)
			return sp_pbad(st, "bad rate '%s'", rtok);
		/* Take whichever column was printed with the smaller relative error. */
		v[i] = r;
		if (t > 0.0) {
			double rel_t = 0.5 * pow(10.0, -decimals(tbuf)) / t;
			double rel_r = r > 0.0 ? 0.5 * pow(10.0, -decimals(rtok)) / r : 1.0;
			if (rel_t < rel_r)
				v[i] = 1.0 / t;
		}
	}
	for (i = 0; i < nops; i++) {
		const char *op;
		if (st->npkops)
			op = st->pkops[i];
		else
			op = nops == 1 ? "op" : nops == 2 ? def2[i] : nops == 4 ? def4[i] : "op";
		if (sp_pk_add(st, name, op, v[i], 0))
			return -1;
	}
	return 0;
}

/* "sign    verify    sign/s verify/s": the op words, then as many rate words. */
static int pk_header_shape(char **tok, size_t n)
{
	size_t i;

	if (n < 2 || n % 2 != 0 || n / 2 > 8)
		return 0;
	for (i = 0; i < n; i++) {
		size_t l = strlen(tok[i]);
		int rate = l > 2 && strcmp(tok[i] + l - 2, "/s") == 0;
		if (!isalpha((unsigned char)tok[i][0]) || (i >= n / 2) != rate)
			return 0;
	}
	return 1;
}

/* 1 when this is a public-key header; its ops name the columns of the rows below. */
static int pk_header(sp_state *st, char **tok, size_t n)
{
	size_t i, half = n / 2;

	if (!pk_header_shape(tok, n))
		return 0;
	/* The op names are the time columns' words: sign, verify, encrypt, op, keygen ... */
	for (i = 0; i < half; i++)
		/* openssl 3.5's signature table says "signs" where its other tables say "sign" */
		snprintf(st->pkops[i], sizeof(st->pkops[i]), "%s", strcmp(tok[i], "signs") == 0 ? "sign" : tok[i]);
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

/* Values of a row, all read before any is kept: a bad one skips the row. Zeros are kept out later. */
static int row_values(sp_state *st, const char *joined, char **tok, size_t n, int allow_k, double *v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (sp_number(tok[i], allow_k, &v[i]) != 0)
			return sp_pbad(st, "'%s': bad number '%s'", joined, tok[i]) - 1;
	return 0;
}

/*
 * Adds a throughput row's values; openssl prints 0.00 for what was not
 * built or did not run: not measured, so not kept (a zero rate would read
 * as "infinitely slower").
 */
static int add_rates(sp_state *st, char *norm, size_t norm_len, const char *impl, const char *engine,
    const unsigned *sizes, const double *v, size_t n)
{
	char lab[32];
	size_t i;

	sp_split_impl(norm, norm_len, lab, sizeof(lab));
	if (lab[0])
		impl = lab;
	for (i = 0; i < n; i++)
		if (v[i] > 0.0 && sp_add_sample(st, norm, impl, engine, NULL, sizes[i], v[i], NULL))
			return -1;
	return 0;
}

static int parse_sym_row(sp_state *st, char **tok, size_t n)
{
	size_t m = 0, ns, nname;
	unsigned sizes[SP_MAX_SIZES];
	double v[SP_MAX_TOKENS];
	char joined[160], norm[96];

	while (m < n && numberish(tok[n - 1 - m]))
		m++;
	if (m == 0 || m == n) {
		sp_pwarn(st, "not a result line");
		return 0;
	}
	ns = st->nsizes;
	/* numbers beyond the columns belong to the name only when they are plain integers, never rates */
	while (ns && m > ns && size_tok(tok[n - m]))
		m--;
	nname = n - m;
	join_tokens(tok, nname, joined, sizeof(joined));
	sp_normalise(joined, norm, sizeof(norm));
	if (!known_name(norm) && m < 2) {
		sp_pwarn(st, "not a result line");
		return 0;
	}
	if (st->bad_header)
		return sp_pbad(st, "'%s': the 'type' header of line %u could not be read", joined, st->bad_header);
	if (ns == 0) {
		if (m != 5 && m != 6) {
			if (known_name(norm))
				return sp_pbad(st, "%u values and no 'type' header line: cannot tell the block sizes",
				    (unsigned)m);
			sp_pwarn(st, "not a result line");
			return 0;
		}
		ns = m;
		sp_default_sizes(ns, sizes);
	} else {
		memcpy(sizes, st->sizes, sizeof(sizes));
	}
	if (m != ns)
		return sp_pbad(st, "'%s': expected %u values, found %u%s", joined, (unsigned)ns, (unsigned)m,
		    m < ns ? " (truncated line?)" : "");
	if (row_values(st, joined, tok + nname, ns, 1, v))
		return 0;
	if ((int)ns > st->maxcols)
		st->maxcols = (int)ns;
	st->text = 1;
	return add_rates(st, norm, sizeof(norm), NULL, sp_row_engine(st), sizes, v, ns);
}

/*
 * A row of ember's side-by-side table: "md5  ember  avx512  223601.03k ...",
 * then "     openssl  evp  130593.83k x0.58 ..." (the name is the row
 * above's; "x0.58" is the ratio to the first engine), or "     afalg  n/a:
 * why". Older layouts put the implementation last, "[avx512]". Its figures
 * are those of the engines' own tables when the file has them: then it is
 * read past.
 */
static int parse_sbs_row(sp_state *st, char **tok, size_t n)
{
	char impl[32] = "", name[96], norm[96];
	double v[SP_MAX_TOKENS];
	size_t i, m = 0, pre, nimpl = st->section == SP_SEC_SBS && st->sbs_impl;
	int pk = st->section == SP_SEC_SBS_PK;
	const char *engine;

	if (st->engine_tables)
		return 0;
	if (n && tok[n - 1][0] == '[') {
		size_t l = strlen(tok[n - 1]);
		if (l > 2 && l - 2 < sizeof(impl) && tok[n - 1][l - 1] == ']' && sp_engine_word(st, tok[n - 1] + 1, l - 2))
			snprintf(impl, sizeof(impl), "%.*s", (int)(l - 2), tok[n - 1] + 1);
		n--;
	}
	/* name, engine and implementation, up to the first figure or "n/a" */
	for (pre = 0; pre < n && !numberish(tok[pre]) && strncmp(tok[pre], "n/a", 3) != 0; pre++)
		;
	if (pre == 0 || pre == n) {
		sp_pwarn(st, "not a result line");
		return 0;
	}
	if (strncmp(tok[pre], "n/a", 3) == 0) {
		if (pre >= 2)
			join_tokens(tok, pre - 1, st->sbs_name, sizeof(st->sbs_name));
		return 0; /* that engine has no numbers for the row, and says why */
	}
	if (pre < 1 + nimpl) {
		sp_pwarn(st, "not a result line");
		return 0;
	}
	if (pre >= 2 + nimpl)
		join_tokens(tok, pre - 1 - nimpl, st->sbs_name, sizeof(st->sbs_name));
	snprintf(name, sizeof(name), "%s", st->sbs_name);
	engine = tok[pre - 1 - nimpl];
	if (nimpl && sp_engine_word(st, tok[pre - 1], strlen(tok[pre - 1])) && strlen(tok[pre - 1]) < sizeof(impl))
		snprintf(impl, sizeof(impl), "%s", tok[pre - 1]);
	if (name[0] == 0 || !sp_engine_word(st, engine, strlen(engine))) {
		sp_pwarn(st, "not a result line");
		return 0;
	}
	/* the figures, without the ratios to the first engine ("x0.58", "x1234", "x>1e5") */
	for (i = pre; i < n; i++) {
		if (tok[i][0] == 'x')
			continue;
		if (!numberish(tok[i]))
			return sp_pbad(st, "'%s' %s: '%s' is not a figure", name, engine, tok[i]);
		tok[pre + m++] = tok[i];
	}
	if (st->bad_header && !pk)
		return sp_pbad(st, "'%s': the 'type' header of line %u could not be read", name, st->bad_header);
	if (m != (pk ? 2u + (st->sbs_kem == 1 || st->sbs_kem == 2) : st->nsizes))
		return sp_pbad(st, "'%s' %s: expected %u values, found %u", name, engine,
		    (unsigned)(pk ? 2u + (st->sbs_kem == 1 || st->sbs_kem == 2) : st->nsizes), (unsigned)m);
	if (row_values(st, name, tok + pre, m, !pk, v))
		return 0;
	sp_normalise(name, norm, sizeof(norm));
	if (pk && st->sbs_kem == 3) {
		if ((v[0] > 0.0 && sp_add_sample(st, norm, NULL, engine, "server", 0, v[0], NULL)) ||
		    (v[1] > 0.0 && sp_add_sample(st, norm, NULL, engine, "client", 0, v[1], NULL)))
			return -1;
		return 0;
	}
	if (pk && st->sbs_kem) {
		static const char *const ops[2][3] = { { "keygen", "encaps", "decaps" }, { "keygen", "sign", "verify" } };
		for (i = 0; i < 3; i++)
			if (v[i] > 0.0 && sp_add_sample(st, norm, NULL, engine, ops[st->sbs_kem == 2][i], 0, v[i], NULL))
				return -1;
		return 0;
	}
	if (pk) {
		if ((v[0] > 0.0 && sp_add_sample(st, norm, NULL, engine, "sign", 0, v[0], NULL)) ||
		    (v[1] > 0.0 && sp_add_sample(st, norm, NULL, engine, "verify", 0, v[1], NULL)))
			return -1;
		return 0;
	}
	st->text = 1;
	return add_rates(st, norm, sizeof(norm), impl[0] ? impl : NULL, engine, st->sizes, v, m);
}

/*
 * A row of Ember's handshake table: "tls13:x25519:ecdsap256" (or a TLS 1.2
 * word, "tls12:x25519:ecdsap256", in its own table), then per side
 * (server, client) handshakes per second, milliseconds and bytes; or
 * "failed" in place of the figures.
 */
static int parse_tls_row(sp_state *st, char **tok, size_t n)
{
	double v[6];
	size_t i;

	if (n == 7 && strcmp(tok[1], "failed") == 0)
		return 0;
	if (n != 7)
		return sp_pbad(st, "'%s': expected 6 values, found %u", tok[0], (unsigned)(n - 1));
	for (i = 0; i < 6; i++)
		if (sp_number(tok[1 + i], 0, &v[i]) != 0)
			return sp_pbad(st, "'%s': bad number '%s'", tok[0], tok[1 + i]);
	st->ember = 1;
	if (sp_pk_add(st, tok[0], "server", v[0], 0) || sp_pk_add(st, tok[0], "client", v[3], 0))
		return -1;
	return 0;
}

/*
 * The remarks that open a table and say what it holds: ember's spread,
 * cycles-per-byte and -impl all ratio tables are not rates and are read
 * past; its side-by-side table repeats the engines' tables. 1 when |p| is one.
 */
static int section_title(sp_state *st, const char *p)
{
	if (strncmp(p, "The 'numbers' are in 1000s", 26) == 0)
		st->section = SP_SEC_RATES;
	else if (strncmp(p, "The 'numbers' are", 17) == 0 || strncmp(p, "The spread is", 13) == 0)
		st->section = SP_SEC_SKIP; /* cycles per byte, ratios of -impl all, the spread of -repeat */
	else if (strncmp(p, "Side by side", 12) == 0)
		st->section = SP_SEC_SBS;
	else if (strncmp(p, "Handshake breakdown", 19) == 0)
		st->section = SP_SEC_SKIP; /* -breakdown: microseconds per phase, not rates */
	else
		return 0;
	return 1;
}

/* One line, cleaned by clean_line (or two a mail client had wrapped, rejoined). */
static int parse_line(sp_state *st, char *p)
{
	char *tok[SP_MAX_TOKENS];
	size_t n, i;
	int r;

	if (*p == 0) {
		if (st->section == SP_SEC_SKIP)
			st->section = SP_SEC_RATES; /* ember's extra tables end at a blank line */
		return 0;
	}
	if (*p == '+')
		return sp_parse_mr(st, p);
	if ((r = sp_meta_line(st, p)) != 0)
		return r < 0 ? -1 : 0;
	if (section_title(st, p))
		return 0;
	{
		/* openssl's remarks around the tables, all versions */
		static const char *const remarks[] = {
			"The 'numbers'", "available timing options", "timing function used",
			"To get the most accurate", "You have chosen to measure", "First we calculate",
			"Forked child", "Got:", "Doing ", "TLS 1.3 handshakes,", "TLS 1.2 handshakes,",
		};
		for (i = 0; i < sizeof(remarks) / sizeof(remarks[0]); i++)
			if (strncmp(p, remarks[i], strlen(remarks[i])) == 0)
				return 0;
	}
	if (st->section == SP_SEC_SKIP)
		return 0;
	n = tokenize(p, tok, SP_MAX_TOKENS);
	if (n == 0)
		return 0;
	if (strcmp(tok[0], "type") == 0 && n >= 4 && strcmp(tok[1], "engine") == 0) {
		/* "type  engine  impl  16 bytes ...", or without the impl column */
		st->section = SP_SEC_SBS;
		st->ember = 1; /* only ember speed prints engines side by side */
		st->sbs_impl = strcmp(tok[2], "impl") == 0;
		return sp_parse_type_header(st, tok, n, st->sbs_impl ? 3 : 2);
	}
	if (strcmp(tok[0], "type") == 0 && n >= 3 && strcmp(tok[2], "bytes") == 0) {
		st->section = SP_SEC_RATES;
		return sp_parse_type_header(st, tok, n, 1);
	}
	if (n >= 3 && strcmp(tok[0], "public") == 0 && strcmp(tok[1], "key") == 0 && strcmp(tok[2], "engine") == 0) {
		st->section = SP_SEC_SBS_PK;
		st->sbs_kem = 0;
		return 0;
	}
	if (n == 5 && strcmp(tok[0], "KEM") == 0 && strcmp(tok[1], "engine") == 0 && strcmp(tok[2], "keygen/s") == 0) {
		st->section = SP_SEC_SBS_PK; /* ember's side-by-side KEM rows: keygen, encaps, decaps */
		st->sbs_kem = 1;
		return 0;
	}
	if (n == 5 && strcmp(tok[0], "signature") == 0 && strcmp(tok[1], "engine") == 0 && strcmp(tok[2], "keygen/s") == 0) {
		st->section = SP_SEC_SBS_PK; /* ember's side-by-side ML-DSA rows: keygen, sign, verify */
		st->sbs_kem = 2;
		return 0;
	}
	if (n == 8 && strcmp(tok[0], "TLS") == 0 && strcmp(tok[3], "engine") == 0 && strcmp(tok[4], "server") == 0) {
		st->section = SP_SEC_SBS_PK; /* ember's side-by-side handshake rows: server, client */
		st->sbs_kem = 3;
		return 0;
	}
	if (st->section == SP_SEC_SBS || st->section == SP_SEC_SBS_PK)
		return parse_sbs_row(st, tok, n);
	if ((strncmp(tok[0], "tls13:", 6) == 0 || strncmp(tok[0], "tls12:", 6) == 0) && st->section == SP_SEC_RATES)
		return parse_tls_row(st, tok, n);
	if ((n == 2 && strcmp(tok[0], "server") == 0 && strcmp(tok[1], "client") == 0) ||
	    (n == 6 && strcmp(tok[0], "handshakes/s") == 0))
		return 0; /* the handshake table's two header lines */
	if (progress_line(tok, n))
		return 0;
	if (pk_header(st, tok, n))
		return 0;
	for (i = 0; i < n; i++)
		if (timetok(tok[i]))
			return parse_pk_row(st, tok, n);
	return parse_sym_row(st, tok, n);
}

/*
 * Checks the bytes of a line and strips its paste damage: returns the
 * content (maybe ""), or NULL with the file's error.
 */
static char *clean_line(sp_state *st, char *line)
{
	size_t len = strlen(line);
	unsigned char *u;
	char *p, *q;

	while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = 0;
	/*
	 * Everything kept from a line (names, metadata) and quoted in a message
	 * reaches a terminal: no C0 or C1 control, no DEL, and no byte that is
	 * not UTF-8 (an 8-bit terminal reads a lone 0x9b as CSI).
	 */
	for (u = (unsigned char *)line; *u; u++) {
		size_t sl;
		if ((*u < 0x20 && *u != '\t') || *u == 0x7f) {
			sp_perr(st, "binary data (byte 0x%02x): not a speed result", *u);
			return NULL;
		}
		if (*u < 0x80)
			continue;
		sl = json_utf8_len(u, (const unsigned char *)line + len);
		if (sl == 2 && u[0] == 0xc2 && u[1] < 0xa0) {
			sp_perr(st, "control character U+%04X: not a speed result", u[1]);
			return NULL;
		}
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
			return p + strlen(p);
	}
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * 1 when |nxt| is what a mail client cut from the end of |cur|, and the
 * pieces fit the table: a header's size columns ("... 1024 bytes   8192"
 * then "bytes  16384 bytes"), a row's last values (as many as the header
 * has columns more), a public-key row's last rates.
 */
static int wrapped(const sp_state *st, const char *cur, const char *nxt)
{
	char a[SP_MAX_JOIN], b[SP_MAX_JOIN];
	char *ta[SP_MAX_TOKENS], *tb[SP_MAX_TOKENS];
	size_t na, nb, i, m = 0, times, rates;
	int dangling, d2;

	if (*cur == 0 || *nxt == 0 || *cur == '+' || *nxt == '+' || strlen(cur) >= sizeof(a) ||
	    strlen(nxt) >= sizeof(b) || strlen(cur) + strlen(nxt) + 2 > SP_MAX_JOIN)
		return 0;
	memcpy(a, cur, strlen(cur) + 1);
	memcpy(b, nxt, strlen(nxt) + 1);
	na = tokenize(a, ta, SP_MAX_TOKENS);
	nb = tokenize(b, tb, SP_MAX_TOKENS);
	if (na == 0 || nb == 0 || na + nb > SP_MAX_TOKENS)
		return 0;
	/* the compiler's flags and openssl's options carried over: "-DNDEBUG ...", "blowfish(ptr)" */
	if (strncmp(cur, "compiler:", 9) == 0 || strncmp(cur, "options:", 8) == 0) {
		for (i = 0; i < nb; i++)
			if (tb[i][0] != '-' && strchr(tb[i], '(') == NULL)
				return 0;
		return 1;
	}
	if (strcmp(ta[0], "type") == 0) {
		size_t at = na > 1 && strcmp(ta[1], "engine") == 0 ? 2 : 1;
		if (na <= at || !size_pairs(ta, at, na, &dangling))
			return 0;
		if (dangling)
			return strcmp(tb[0], "bytes") == 0 && size_pairs(tb, 1, nb, &d2) && !d2;
		return size_pairs(tb, 0, nb, &d2) && !d2;
	}
	if (st->section != SP_SEC_RATES || numberish(ta[0]))
		return 0;
	/* 3.2's "sign verify encrypt decrypt sign/s verify/s" and "encr./s decr./s" */
	if (!pk_header_shape(ta, na) && strstr(nxt, "/s") != NULL) {
		memcpy(ta + na, tb, nb * sizeof(*tb));
		return pk_header_shape(ta, na + nb);
	}
	if (st->bad_header)
		return 0;
	for (i = 0; i < nb; i++)
		if (!numberish(tb[i]) || timetok(tb[i]))
			return 0;
	for (i = 0; i < na; i++)
		if (timetok(ta[i]))
			return pk_shape(ta, na, &times, &rates) && rates < times && rates + nb == times &&
			    (st->npkops == 0 || times == st->npkops);
	while (m < na && numberish(ta[na - 1 - m]))
		m++;
	if (m == 0 || m == na)
		return 0;
	if (st->nsizes)
		return m < st->nsizes && m + nb == st->nsizes;
	return m != 5 && m != 6 && (m + nb == 5 || m + nb == 6);
}

/* The next line from |*pos|, cleaned, into |*out| (NULL at the end); its number in |*no|. */
static int next_line(sp_state *st, char *data, size_t len, size_t *pos, unsigned *no, char **out)
{
	size_t end = *pos;

	*out = NULL;
	if (*pos >= len)
		return 0;
	while (end < len && data[end] != '\n')
		end++;
	st->line = ++*no;
	if (memchr(data + *pos, 0, end - *pos) != NULL)
		return sp_perr(st, "binary data (byte 0x00): not a speed result");
	data[end] = 0;
	*out = clean_line(st, data + *pos);
	*pos = end + 1;
	return *out == NULL ? -1 : 0;
}

int sp_parse_text(sp_state *st, char *data, size_t len)
{
	char joined[SP_MAX_JOIN], *cur, *nxt;
	size_t pos = 0;
	unsigned no = 0, cur_no;

	if (next_line(st, data, len, &pos, &no, &cur) != 0)
		return -1;
	while (cur != NULL) {
		cur_no = no;
		if (next_line(st, data, len, &pos, &no, &nxt) != 0)
			return -1;
		st->line = cur_no;
		/* the pieces a mail client cut, rejoined into one line (wrapped() checked the length) */
		while (nxt != NULL && wrapped(st, cur, nxt)) {
			size_t cl = strlen(cur), nl = strlen(nxt);
			if (cur != joined)
				memmove(joined, cur, cl + 1);
			joined[cl] = ' ';
			memcpy(joined + cl + 1, nxt, nl + 1);
			cur = joined;
			if (next_line(st, data, len, &pos, &no, &nxt) != 0)
				return -1;
			st->line = cur_no;
		}
		if (parse_line(st, cur) != 0)
			return -1;
		cur = nxt;
	}
	return 0;
}
