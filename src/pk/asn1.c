/*
 * asn1.c - the strict DER (X.690) reader and writer of every key structure:
 * definite minimal lengths only, no high tag numbers, minimal non-negative
 * INTEGERs. Reading never goes outside the input: every element's length is
 * checked against what is left of its parent before it is used. Writing
 * goes to a bounded buffer whose first overflow is remembered.
 */
#include <stdio.h>

#include "bn/bn_internal.h"
#include "pk_impl.h"

int ember_der_get(ember_der *d, int tag, ember_der *out)
{
	size_t len, n, i;

	if (d->len < 2 || d->p[0] != tag)
		return EMBER_EDECODE;
	len = d->p[1];
	n = 2;
	if (len & 0x80) {
		size_t k = len & 0x7f;
		/* 0x80 is the indefinite form; more than 4 length bytes is absurd here */
		if (k == 0 || k > 4 || d->len < 2 + k || d->p[2] == 0)
			return EMBER_EDECODE;
		len = 0;
		for (i = 0; i < k; i++)
			len = (len << 8) | d->p[2 + i];
		if (len < 0x80)
			return EMBER_EDECODE; /* not minimal */
		n += k;
	}
	if (len > d->len - n)
		return EMBER_EDECODE;
	out->p = d->p + n;
	out->len = len;
	d->p += n + len;
	d->len -= n + len;
	return 0;
}

int ember_der_peek(const ember_der *d)
{
	return d->len ? d->p[0] : -1;
}

int ember_der_uint(ember_der *d, ember_der *out)
{
	int ret = ember_der_get(d, EMBER_DER_INTEGER, out);

	if (ret != 0)
		return ret;
	if (out->len == 0 || (out->p[0] & 0x80))
		return EMBER_EDECODE; /* empty or negative */
	if (out->len > 1 && out->p[0] == 0 && (out->p[1] & 0x80) == 0)
		return EMBER_EDECODE; /* not minimal */
	if (out->p[0] == 0 && out->len > 1) {
		out->p++;
		out->len--;
	}
	return 0;
}

int ember_der_small(ember_der *d, unsigned v)
{
	ember_der i;
	int ret = ember_der_uint(d, &i);

	if (ret != 0)
		return ret;
	return i.len == 1 && i.p[0] == v ? 0 : EMBER_EDECODE;
}

int ember_der_u64(ember_der *d, uint64_t *v)
{
	ember_der i;
	size_t k;
	int ret = ember_der_uint(d, &i);

	if (ret != 0)
		return ret;
	if (i.len > 8)
		return EMBER_ERANGE;
	*v = 0;
	for (k = 0; k < i.len; k++)
		*v = (*v << 8) | i.p[k];
	return *v == 0 ? EMBER_EDECODE : 0;
}

int ember_der_end(const ember_der *d)
{
	return d->len == 0 ? 0 : EMBER_EDECODE;
}

int ember_der_oid_is(const ember_der *oid, const uint8_t *want, size_t len)
{
	return oid->len == len && memcmp(oid->p, want, len) == 0;
}

void ember_der_oid_text(const ember_der *oid, char *buf, size_t cap)
{
	size_t i, o = 0;
	uint64_t v = 0;
	int first = 1, n;

	if (cap == 0)
		return;
	buf[0] = 0;
	for (i = 0; i < oid->len; i++) {
		if (v > (UINT64_MAX >> 7)) {
			snprintf(buf + o, cap - o, "%s...", first ? "" : ".");
			return;
		}
		v = (v << 7) | (oid->p[i] & 0x7f);
		if (oid->p[i] & 0x80)
			continue;
		if (first)
			n = snprintf(buf + o, cap - o, "%u.%llu", v < 80 ? (unsigned)(v / 40) : 2u,
			    (unsigned long long)(v < 80 ? v % 40 : v - 80));
		else
			n = snprintf(buf + o, cap - o, ".%llu", (unsigned long long)v);
		if (n < 0 || (size_t)n >= cap - o)
			return;
		o += (size_t)n;
		first = 0;
		v = 0;
	}
}

void ember_der_put(ember_der_out *o, const void *data, size_t n)
{
	if (o->err || n > o->cap - o->len) {
		o->err = EMBER_ELEN;
		return;
	}
	if (n)
		memcpy(o->p + o->len, data, n);
	o->len += n;
}

void ember_der_put_header(ember_der_out *o, int tag, size_t len)
{
	uint8_t h[6];
	size_t n = 0;

	h[n++] = (uint8_t)tag;
	if (len < 0x80) {
		h[n++] = (uint8_t)len;
	} else if (len < 0x100) {
		h[n++] = 0x81;
		h[n++] = (uint8_t)len;
	} else if (len < 0x10000) {
		h[n++] = 0x82;
		h[n++] = (uint8_t)(len >> 8);
		h[n++] = (uint8_t)len;
	} else {
		o->err = EMBER_ELEN;
		return;
	}
	ember_der_put(o, h, n);
}

void ember_der_put_wrapped(ember_der_out *o, int tag, const ember_der_out *inner)
{
	if (inner->err) {
		o->err = inner->err;
		return;
	}
	ember_der_put_header(o, tag, inner->len);
	ember_der_put(o, inner->p, inner->len);
}

void ember_der_put_prim(ember_der_out *o, int tag, const void *data, size_t n)
{
	ember_der_put_header(o, tag, n);
	ember_der_put(o, data, n);
}

void ember_der_put_uint(ember_der_out *o, const ember_bn_word *a, size_t n)
{
	uint8_t buf[EMBER_RSA_MAX_LEN + 1];
	unsigned bits = ember_bn_bits(a, n);
	size_t len = bits / 8 + 1; /* room for the sign bit */

	if (len > sizeof(buf)) {
		o->err = EMBER_ELEN;
		return;
	}
	ember_bn_to_bytes(buf, len, a, n);
	ember_der_put_prim(o, EMBER_DER_INTEGER, buf, len);
	ember_wipe(buf, sizeof(buf));
}

void ember_der_put_small(ember_der_out *o, uint32_t v)
{
	uint8_t b[5];
	size_t n = 0;
	int s;

	/* minimal: the bytes from the first non-zero one, a 0 first when its top bit is set */
	for (s = 24; s > 0 && (v >> s) == 0; s -= 8)
		;
	if ((v >> s) & 0x80)
		b[n++] = 0;
	for (; s >= 0; s -= 8)
		b[n++] = (uint8_t)(v >> s);
	ember_der_put_prim(o, EMBER_DER_INTEGER, b, n);
}
