/*
 * x509_dn.c - a distinguished name (RFC 5280 4.1.2.4) as one line of
 * text, the way OpenSSL prints it with -nameopt oneline (its s_client
 * -brief "Peer certificate:" line): "C = US, O = Example, CN = host".
 *
 * RDNs in the order of the DER, ", " between them and " + " between the
 * attributes of a multi-valued RDN; attribute types by OpenSSL's short
 * names where this file knows them, else as a dotted OID. Values are
 * decoded to Unicode (PrintableString, IA5String, VisibleString,
 * NumericString, T61String as Latin-1, UTF8String, BMPString,
 * UniversalString) and written as UTF-8 bytes with RFC 2253's escapes in
 * OpenSSL's quoting form: a value holding , + < > ; or starting with a
 * space or '#', or ending with a space, is put in double quotes; '"' and
 * '\' take a backslash; control bytes, DEL and every byte of a non-ASCII
 * character are written \XX (upper-case hex). A value of any other type,
 * or one that does not decode (bad UTF-8, an odd BMPString), is written
 * '#' and the hex of its whole DER element, as RFC 2253 2.4 does.
 */
#include "x509/x509_int.h"

typedef struct dn_out {
	char *p;
	size_t cap, n;
	int err;
} dn_out;

static void put(dn_out *o, const char *s, size_t len)
{
	if (o->err || len > o->cap - o->n) {
		o->err = 1;
		return;
	}
	memcpy(o->p + o->n, s, len);
	o->n += len;
}

static void puts_(dn_out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void put_hex(dn_out *o, unsigned b, int backslash)
{
	static const char hex[] = "0123456789ABCDEF";
	char t[3] = { '\\', hex[(b >> 4) & 15], hex[b & 15] };

	put(o, backslash ? t : t + 1, backslash ? 3 : 2);
}

/* OpenSSL's short names of the attribute types certificates use (obj_dat.h). */
static const struct {
	uint8_t len;
	uint8_t oid[10];
	const char *sn;
} attr_names[] = {
	{ 3, { 0x55, 0x04, 0x03 }, "CN" },
	{ 3, { 0x55, 0x04, 0x04 }, "SN" },
	{ 3, { 0x55, 0x04, 0x05 }, "serialNumber" },
	{ 3, { 0x55, 0x04, 0x06 }, "C" },
	{ 3, { 0x55, 0x04, 0x07 }, "L" },
	{ 3, { 0x55, 0x04, 0x08 }, "ST" },
	{ 3, { 0x55, 0x04, 0x09 }, "street" },
	{ 3, { 0x55, 0x04, 0x0a }, "O" },
	{ 3, { 0x55, 0x04, 0x0b }, "OU" },
	{ 3, { 0x55, 0x04, 0x0c }, "title" },
	{ 3, { 0x55, 0x04, 0x0d }, "description" },
	{ 3, { 0x55, 0x04, 0x0f }, "businessCategory" },
	{ 3, { 0x55, 0x04, 0x11 }, "postalCode" },
	{ 3, { 0x55, 0x04, 0x29 }, "name" },
	{ 3, { 0x55, 0x04, 0x2a }, "GN" },
	{ 3, { 0x55, 0x04, 0x2b }, "initials" },
	{ 3, { 0x55, 0x04, 0x2c }, "generationQualifier" },
	{ 3, { 0x55, 0x04, 0x2e }, "dnQualifier" },
	{ 3, { 0x55, 0x04, 0x41 }, "pseudonym" },
	{ 3, { 0x55, 0x04, 0x61 }, "organizationIdentifier" },
	{ 9, { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x01 }, "emailAddress" },
	{ 10, { 0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x01 }, "UID" },
	{ 10, { 0x09, 0x92, 0x26, 0x89, 0x93, 0xf2, 0x2c, 0x64, 0x01, 0x19 }, "DC" },
};

/* The type: a short name, or the OID in dots. */
static void put_type(dn_out *o, const ember_der *oid)
{
	char num[160];
	size_t i;

	for (i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++)
		if (ember_der_oid_is(oid, attr_names[i].oid, attr_names[i].len)) {
			puts_(o, attr_names[i].sn);
			return;
		}
	ember_der_oid_text(oid, num, sizeof(num));
	puts_(o, num);
}

/* The next character of a string of |tag|: 0 and *cp, or -1 when it does not decode. */
static int next_char(int tag, const uint8_t **p, const uint8_t *end, uint32_t *cp)
{
	const uint8_t *s = *p;
	size_t n, i;
	uint32_t c;

	switch (tag) {
	case 0x1e: /* BMPString: UCS-2, big-endian */
		if (end - s < 2)
			return -1;
		*cp = (uint32_t)s[0] << 8 | s[1];
		*p = s + 2;
		return 0;
	case 0x1c: /* UniversalString: UCS-4, big-endian */
		if (end - s < 4)
			return -1;
		*cp = (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 | (uint32_t)s[2] << 8 | s[3];
		*p = s + 4;
		return *cp > 0x10ffff ? -1 : 0;
	case 0x0c: /* UTF8String: shortest forms, no surrogates, at most U+10FFFF */
		c = s[0];
		n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : 9;
		if (n == 9 || (size_t)(end - s) < n + 1)
			return -1;
		if (n)
			c &= 0x3fu >> n;
		for (i = 1; i <= n; i++) {
			if ((s[i] & 0xc0) != 0x80)
				return -1;
			c = c << 6 | (s[i] & 0x3f);
		}
		if ((n == 1 && c < 0x80) || (n == 2 && c < 0x800) || (n == 3 && c < 0x10000) || c > 0x10ffff ||
		    (c >= 0xd800 && c <= 0xdfff))
			return -1;
		*cp = c;
		*p = s + n + 1;
		return 0;
	default: /* one byte per character (T61String read as Latin-1, as OpenSSL does) */
		*cp = s[0];
		*p = s + 1;
		return 0;
	}
}

static size_t utf8(uint32_t c, uint8_t b[4])
{
	if (c < 0x80) {
		b[0] = (uint8_t)c;
		return 1;
	}
	if (c < 0x800) {
		b[0] = (uint8_t)(0xc0 | c >> 6);
		b[1] = (uint8_t)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		b[0] = (uint8_t)(0xe0 | c >> 12);
		b[1] = (uint8_t)(0x80 | (c >> 6 & 0x3f));
		b[2] = (uint8_t)(0x80 | (c & 0x3f));
		return 3;
	}
	b[0] = (uint8_t)(0xf0 | c >> 18);
	b[1] = (uint8_t)(0x80 | (c >> 12 & 0x3f));
	b[2] = (uint8_t)(0x80 | (c >> 6 & 0x3f));
	b[3] = (uint8_t)(0x80 | (c & 0x3f));
	return 4;
}

/* Writes the escaped value (pass 1: |o| NULL, returns whether quotes are needed; -1: does not decode). */
static int put_string(dn_out *o, int tag, const uint8_t *s, size_t len)
{
	const uint8_t *p = s, *end = s + len;
	int quote = 0;

	while (p < end) {
		uint8_t b[4];
		size_t n, i;
		uint32_t c;
		int first = p == s, last;

		if (next_char(tag, &p, end, &c))
			return -1;
		/* as OpenSSL: the last character's rule replaces the first's (a lone '#' is not quoted) */
		last = p == end;
		first = first && !last;
		n = utf8(c, b);
		for (i = 0; i < n; i++) {
			uint8_t ch = b[i];

			if (ch == ',' || ch == '+' || ch == '<' || ch == '>' || ch == ';' ||
			    (first && (ch == ' ' || ch == '#')) || (last && ch == ' ')) {
				quote = 1;
				if (o)
					put(o, (const char *)&ch, 1);
			} else if (!o) {
				continue;
			} else if (ch == '"' || ch == '\\') {
				put(o, "\\", 1);
				put(o, (const char *)&ch, 1);
			} else if (ch < 0x20 || ch >= 0x7f) {
				put_hex(o, ch, 1);
			} else {
				put(o, (const char *)&ch, 1);
			}
		}
	}
	return quote;
}

static int string_tag(int tag)
{
	switch (tag) {
	case 0x0c: case 0x12: case 0x13: case 0x14: case 0x16: case 0x1a: case 0x1c: case 0x1e:
		return 1;
	default:
		return 0;
	}
}

static void put_value(dn_out *o, int tag, const ember_der *val, const uint8_t *whole, size_t whole_len)
{
	int q = string_tag(tag) ? put_string(NULL, tag, val->p, val->len) : -1;
	size_t i;

	if (q < 0) {
		put(o, "#", 1);
		for (i = 0; i < whole_len; i++)
			put_hex(o, whole[i], 0);
		return;
	}
	if (q)
		put(o, "\"", 1);
	put_string(o, tag, val->p, val->len);
	if (q)
		put(o, "\"", 1);
}

static int oneline(char *out, size_t cap, const uint8_t *name_der, size_t name_len)
{
	ember_der d, name, rdn, atv, oid, val;
	dn_out o;
	int tag, first_rdn = 1;

	if (out == NULL || cap == 0 || (name_der == NULL && name_len))
		return EMBER_EINVAL;
	o.p = out;
	o.cap = cap - 1;
	o.n = 0;
	o.err = 0;
	out[0] = 0;
	d.p = name_der;
	d.len = name_len;
	if (ember_der_get(&d, EMBER_DER_SEQUENCE, &name) != 0 || d.len)
		return EMBER_EDECODE;
	while (name.len) {
		int first_atv = 1;

		if (ember_der_get(&name, 0x31 /* SET */, &rdn) != 0 || rdn.len == 0)
			return EMBER_EDECODE;
		while (rdn.len) {
			const uint8_t *vstart;

			if (ember_der_get(&rdn, EMBER_DER_SEQUENCE, &atv) != 0 ||
			    ember_der_get(&atv, EMBER_DER_OID, &oid) != 0)
				return EMBER_EDECODE;
			vstart = atv.p;
			if (x509_der_any(&atv, &tag, &val) != 0 || atv.len)
				return EMBER_EDECODE;
			puts_(&o, first_atv ? (first_rdn ? "" : ", ") : " + ");
			put_type(&o, &oid);
			puts_(&o, " = ");
			put_value(&o, tag, &val, vstart, (size_t)(atv.p - vstart));
			first_atv = first_rdn = 0;
		}
	}
	if (o.err) {
		out[0] = 0;
		return EMBER_ELEN;
	}
	out[o.n] = 0;
	return 0;
}

int ember_x509_name_oneline(char *out, size_t cap, const uint8_t *name_der, size_t name_len)
{
	int ret;

	if (out == NULL || cap == 0 || (name_der == NULL && name_len))
		return EMBER_EINVAL;
	ret = oneline(out, cap, name_der, name_len);
	if (ret != 0)
		out[0] = 0; /* never a cut or half-written line */
	return ret;
}
