/*
 * t_x509_name.c - ember_x509_name_oneline (x509.h), the line s_client
 * prints as "Peer certificate:":
 *   x509_name_oneline: names built here, each with the line OpenSSL 3.0's
 *     `openssl x509 -nameopt oneline` prints for it (quoting, backslash
 *     and \XX escapes, multi-valued RDNs, BMPString, an unknown OID, a
 *     value that is not a string), the empty name, malformed DER and a
 *     buffer too small;
 *   x509_name_ossl: random names (attribute types, string types, bytes
 *     chosen to hit every escape) against the system's libcrypto
 *     X509_NAME_print_ex(XN_FLAG_ONELINE) (dlopen; skipped when absent),
 *     byte for byte wherever OpenSSL prints the name.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/x509.h"
#include "ossl.h"
#include "test.h"

#define XN_FLAG_ONELINE 0x82031ful /* OpenSSL's value (x509.h), for X509_NAME_print_ex */
#define BIO_CTRL_INFO 3

typedef struct der {
	uint8_t b[4096];
	size_t n;
} der;

/* Appends tag, length and |len| bytes. */
static void put_tlv(der *d, int tag, const uint8_t *p, size_t len)
{
	d->b[d->n++] = (uint8_t)tag;
	if (len < 128) {
		d->b[d->n++] = (uint8_t)len;
	} else if (len < 256) {
		d->b[d->n++] = 0x81;
		d->b[d->n++] = (uint8_t)len;
	} else {
		d->b[d->n++] = 0x82;
		d->b[d->n++] = (uint8_t)(len >> 8);
		d->b[d->n++] = (uint8_t)len;
	}
	memcpy(d->b + d->n, p, len);
	d->n += len;
}

/* One AttributeTypeAndValue: OID contents |oid|, value of |tag| with contents |v|. */
static void put_atv(der *rdn, const uint8_t *oid, size_t oid_len, int tag, const uint8_t *v, size_t vlen)
{
	der a;

	a.n = 0;
	put_tlv(&a, 0x06, oid, oid_len);
	put_tlv(&a, tag, v, vlen);
	put_tlv(rdn, 0x30, a.b, a.n);
}

/* Closes |rdn| (the SEQUENCEs of one SET) into |name| and empties it. */
static void put_rdn(der *name, der *rdn)
{
	put_tlv(name, 0x31, rdn->b, rdn->n);
	rdn->n = 0;
}

static void finish(der *out, const der *name)
{
	out->n = 0;
	put_tlv(out, 0x30, name->b, name->n);
}

static const uint8_t OID_CN[] = { 0x55, 0x04, 0x03 }, OID_C[] = { 0x55, 0x04, 0x06 }, OID_ST[] = { 0x55, 0x04, 0x08 },
		     OID_O[] = { 0x55, 0x04, 0x0a }, OID_OU[] = { 0x55, 0x04, 0x0b },
		     OID_EMAIL[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01 },
		     OID_DC[] = { 0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19 },
		     OID_PRIVATE[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0x86, 0x8d, 0x1f, 0x01 }; /* 1.3.6.1.4.1.99999.1 */

#define S(x) (const uint8_t *)(x), sizeof(x) - 1

/* Each case: what OpenSSL 3.0 prints (-nameopt oneline) and the builder of its RDNs. */
typedef struct name_case {
	const char *want;
	void (*build)(der *name);
} name_case;

static void b_basic(der *n)
{
	der r = { { 0 }, 0 };

	put_atv(&r, OID_C, sizeof(OID_C), 0x13, S("US"));
	put_rdn(n, &r);
	put_atv(&r, OID_ST, sizeof(OID_ST), 0x0c, S("Some, State"));
	put_rdn(n, &r);
	put_atv(&r, OID_O, sizeof(OID_O), 0x0c, S("Test"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("localhost"));
	put_rdn(n, &r);
	put_atv(&r, OID_EMAIL, sizeof(OID_EMAIL), 0x16, S("x@y.z"));
	put_rdn(n, &r);
}

static void b_escapes(der *n)
{
	der r = { { 0 }, 0 };

	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("caf\xc3\xa9 x"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("#a"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S(" lead"));
	put_rdn(n, &r);
	put_atv(&r, OID_O, sizeof(OID_O), 0x0c, S("tr "));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("q\"uo"));
	put_rdn(n, &r);
	put_atv(&r, OID_O, sizeof(OID_O), 0x0c, S("a;b<c>"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("a\\b"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("a\001b\177c"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("a,\"b"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x0c, S("x#y=z"));
	put_rdn(n, &r);
}

static void b_multi(der *n)
{
	der r = { { 0 }, 0 };
	static const uint8_t bmp[] = { 0x00, 0xe9, 0x20, 0xac }; /* U+00E9 U+20AC */
	static const uint8_t five[] = { 5 };

	put_atv(&r, OID_CN, sizeof(OID_CN), 0x13, S("a"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x13, S("b"));
	put_atv(&r, OID_O, sizeof(OID_O), 0x13, S("c"));
	put_rdn(n, &r);
	put_atv(&r, OID_OU, sizeof(OID_OU), 0x1e, bmp, sizeof(bmp));
	put_rdn(n, &r);
	put_atv(&r, OID_DC, sizeof(OID_DC), 0x16, S("example"));
	put_rdn(n, &r);
	put_atv(&r, OID_PRIVATE, sizeof(OID_PRIVATE), 0x0c, S("v"));
	put_rdn(n, &r);
	put_atv(&r, OID_CN, sizeof(OID_CN), 0x02, five, sizeof(five)); /* an INTEGER: dumped */
	put_rdn(n, &r);
}

static void b_empty(der *n)
{
	(void)n;
}

static const name_case cases[] = {
	{ "C = US, ST = \"Some, State\", O = Test, CN = localhost, emailAddress = x@y.z", b_basic },
	{ "CN = caf\\C3\\A9 x, CN = \"#a\", CN = \" lead\", O = \"tr \", CN = q\\\"uo, O = \"a;b<c>\", CN = a\\\\b, "
	  "CN = a\\01b\\7Fc, CN = \"a,\\\"b\", CN = x#y=z",
	    b_escapes },
	{ "CN = a, CN = b + O = c, OU = \\C3\\A9\\E2\\82\\AC, DC = example, 1.3.6.1.4.1.99999.1 = v, CN = #020105",
	    b_multi },
	{ "", b_empty },
};

static void build_case(const name_case *c, der *out)
{
	static der name;

	name.n = 0;
	c->build(&name);
	finish(out, &name);
}

EMBER_TEST(x509_name_oneline)
{
	static der d;
	char out[1024];
	size_t i;
	int ret;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		build_case(&cases[i], &d);
		ret = ember_x509_name_oneline(out, sizeof(out), d.b, d.n);
		CHECK(ret == 0 && strcmp(out, cases[i].want) == 0, "case %zu: %d \"%s\", want \"%s\"", i, ret, out,
		    cases[i].want);
		/* exactly long enough, then one byte short */
		ret = ember_x509_name_oneline(out, strlen(cases[i].want) + 1, d.b, d.n);
		CHECK(ret == 0 && strcmp(out, cases[i].want) == 0, "case %zu: in its own length: %d", i, ret);
		if (cases[i].want[0]) {
			ret = ember_x509_name_oneline(out, strlen(cases[i].want), d.b, d.n);
			CHECK(ret == EMBER_ELEN && out[0] == 0, "case %zu: one byte short: %d \"%s\"", i, ret, out);
		}
	}
	build_case(&cases[0], &d);
	CHECK(ember_x509_name_oneline(out, sizeof(out), d.b, d.n - 1) == EMBER_EDECODE, "a name cut short");
	d.b[d.n] = 0;
	CHECK(ember_x509_name_oneline(out, sizeof(out), d.b, d.n + 1) == EMBER_EDECODE, "a byte after the name");
	d.b[2] = 0x30; /* the first RDN's SET made a SEQUENCE */
	CHECK(ember_x509_name_oneline(out, sizeof(out), d.b, d.n) == EMBER_EDECODE, "an RDN that is not a SET");
	CHECK(ember_x509_name_oneline(out, sizeof(out), (const uint8_t *)"\x30\x02\x31\x00", 4) == EMBER_EDECODE,
	    "an empty RDN");
	CHECK(ember_x509_name_oneline(NULL, 10, d.b, d.n) == EMBER_EINVAL &&
		  ember_x509_name_oneline(out, 0, d.b, d.n) == EMBER_EINVAL,
	    "NULL or empty output");
}

/* ---- Against libcrypto ---- */

static const struct {
	const uint8_t *oid;
	size_t len;
} types[] = {
	{ OID_CN, sizeof(OID_CN) }, { OID_C, sizeof(OID_C) }, { OID_ST, sizeof(OID_ST) }, { OID_O, sizeof(OID_O) },
	{ OID_OU, sizeof(OID_OU) }, { OID_EMAIL, sizeof(OID_EMAIL) }, { OID_DC, sizeof(OID_DC) },
	{ OID_PRIVATE, sizeof(OID_PRIVATE) },
};

/* A random character: mostly the ones with a rule of their own. */
static uint32_t rand_char(int ascii)
{
	static const char special[] = " #,+<>;\"\\=";
	size_t k = t_rand_below(10);

	if (k < 4)
		return (uint32_t)special[t_rand_below(sizeof(special) - 1)];
	if (k < 6)
		return (uint32_t)('a' + t_rand_below(26));
	if (k < 7)
		return (uint32_t)t_rand_below(0x20) | (t_rand_below(4) == 0 ? 0x7f : 0); /* control, DEL */
	if (ascii)
		return (uint32_t)(0x20 + t_rand_below(0x5f));
	if (k < 8)
		return (uint32_t)(0x80 + t_rand_below(0x780));
	if (k < 9)
		return (uint32_t)(0x800 + t_rand_below(0xd000 - 0x800));
	return (uint32_t)(0x10000 + t_rand_below(0x100000));
}

/* A random value of a random type into v (contents); returns its tag. */
static int rand_value(uint8_t *v, size_t *vlen)
{
	static const int tags[] = { 0x0c, 0x13, 0x16, 0x14, 0x1e, 0x1c, 0x04, 0x02 };
	int tag = tags[t_rand_below(sizeof(tags) / sizeof(tags[0]))];
	size_t n = t_rand_below(8), i, o = 0;

	if (tag == 0x04 || tag == 0x02) { /* not a string: dumped as DER */
		t_rand_bytes(v, n + 1);
		if (tag == 0x02)
			v[0] = (uint8_t)(1 + t_rand_below(0x7f)); /* a minimal positive INTEGER */
		*vlen = n + 1;
		return tag;
	}
	for (i = 0; i < n; i++) {
		uint32_t c = rand_char(tag != 0x0c && tag != 0x1e && tag != 0x1c);

		if (tag == 0x14) { /* T61String: one byte per character, read as Latin-1 */
			v[o++] = (uint8_t)(c < 0x100 ? c : 0xe0 + (c & 0x1f));
		} else if (tag == 0x1e) {
			if (c > 0xffff)
				c = 0x4e2d;
			v[o++] = (uint8_t)(c >> 8);
			v[o++] = (uint8_t)c;
		} else if (tag == 0x1c) {
			v[o++] = (uint8_t)(c >> 24);
			v[o++] = (uint8_t)(c >> 16);
			v[o++] = (uint8_t)(c >> 8);
			v[o++] = (uint8_t)c;
		} else if (tag == 0x0c && c >= 0x80) {
			if (c < 0x800) {
				v[o++] = (uint8_t)(0xc0 | c >> 6);
			} else if (c < 0x10000) {
				v[o++] = (uint8_t)(0xe0 | c >> 12);
				v[o++] = (uint8_t)(0x80 | (c >> 6 & 0x3f));
			} else {
				v[o++] = (uint8_t)(0xf0 | c >> 18);
				v[o++] = (uint8_t)(0x80 | (c >> 12 & 0x3f));
				v[o++] = (uint8_t)(0x80 | (c >> 6 & 0x3f));
			}
			v[o++] = (uint8_t)(0x80 | (c & 0x3f));
		} else {
			v[o++] = (uint8_t)c;
		}
	}
	*vlen = o;
	return tag;
}

static void rand_name(der *out)
{
	static der name, rdn;
	size_t r, a, nr = t_rand_below(5), na;
	uint8_t v[64];
	size_t vlen;

	name.n = rdn.n = 0;
	for (r = 0; r < nr; r++) {
		na = 1 + (t_rand_below(4) == 0);
		for (a = 0; a < na; a++) {
			size_t t = t_rand_below(sizeof(types) / sizeof(types[0]));
			int tag = rand_value(v, &vlen);

			put_atv(&rdn, types[t].oid, types[t].len, tag, v, vlen);
		}
		put_rdn(&name, &rdn);
	}
	finish(out, &name);
}

/* OpenSSL's line for |d|, or -1 when it does not take or print the name. */
static int ossl_line(const ossl_api *o, const der *d, char *out, size_t cap)
{
	const unsigned char *p = d->b;
	void *name = o->d2i_X509_NAME(NULL, &p, (long)d->n), *bio;
	char *mem = NULL;
	long len;
	int ok;

	if (name == NULL)
		return -1;
	bio = o->BIO_new(o->BIO_s_mem());
	ok = bio && o->X509_NAME_print_ex(bio, name, 0, XN_FLAG_ONELINE) >= 0;
	len = ok ? o->BIO_ctrl(bio, BIO_CTRL_INFO, 0, &mem) : -1;
	ok = ok && len >= 0 && (size_t)len < cap;
	if (ok) {
		if (len > 0) /* the empty name: no memory behind the BIO */
			memcpy(out, mem, (size_t)len);
		out[len] = 0;
	}
	if (bio)
		o->BIO_free(bio);
	o->X509_NAME_free(name);
	return ok ? 0 : -1;
}

EMBER_TEST(x509_name_ossl)
{
	static der d;
	static char ours[4096], theirs[4096];
	char err[512];
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, n = t_quick ? 300 : 3000, compared = 0;
	unsigned long fails = 0;

	if (o == NULL) {
		t_skip("names against libcrypto: %s", err);
		return;
	}
	if (!o->d2i_X509_NAME || !o->X509_NAME_free || !o->X509_NAME_print_ex || !o->BIO_s_mem || !o->BIO_new ||
	    !o->BIO_ctrl) {
		t_skip("names against libcrypto: %s lacks X509_NAME_print_ex or memory BIOs", o->version);
		return;
	}
	for (i = 0; i < n + sizeof(cases) / sizeof(cases[0]); i++) {
		int ret;

		if (i < sizeof(cases) / sizeof(cases[0]))
			build_case(&cases[i], &d);
		else
			rand_name(&d);
		if (ossl_line(o, &d, theirs, sizeof(theirs)) != 0)
			continue;
		compared++;
		ret = ember_x509_name_oneline(ours, sizeof(ours), d.b, d.n);
		if (ret != 0 || strcmp(ours, theirs) != 0) {
			if (fails++ < 5)
				CHECK(0, "name %zu: ours (%d) \"%s\", OpenSSL's \"%s\"", i, ret, ours, theirs);
		}
	}
	CHECK(fails == 0, "%lu of %zu names printed differently from %s", fails, compared, o->version);
	CHECK(compared >= n / 2, "OpenSSL printed only %zu of %zu names", compared, n);
}
