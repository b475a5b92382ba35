/*
 * pem.c - PEM armor (RFC 7468): strict base64 between BEGIN and END lines.
 *
 * Decoding: white space inside the body is ignored; any other character
 * outside the base64 alphabet, '=' anywhere but at the end, a body whose
 * length is not a multiple of 4, a missing or mismatched END line are
 * refused. RFC 1421 headers ("Proc-Type:", an encrypted key) are refused
 * by ember_pem_decode and handed to the caller by ember_pem_decode_hdr:
 * header lines right after the BEGIN line, each "Name: value" (no
 * continuation lines), ended by an empty line.
 */
#include <stdio.h>

#include "pk_impl.h"

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Position of |needle| in in[0..len), or NULL. */
static const char *find(const char *in, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(in + i, needle, n) == 0)
			return in + i;
	return NULL;
}

static int label_wanted(const char *labels, const char *label, size_t n)
{
	const char *l;

	if (labels == NULL)
		return 1;
	for (l = labels; *l; l += strlen(l) + 1)
		if (strlen(l) == n && memcmp(l, label, n) == 0)
			return 1;
	return 0;
}

/*
 * The header block at |body| (just after "-----BEGIN X-----"), if any:
 * *hdr and *hdr_len cover its lines, and the base64 starts at *data. Without
 * headers *hdr_len is 0 and *data is |body|. EMBER_EDECODE for a header
 * block without its empty line or with a continuation line.
 */
static int headers(const char *body, const char *stop, const char **hdr, size_t *hdr_len, const char **data)
{
	const char *p = body, *line, *nl;

	*hdr = NULL;
	*hdr_len = 0;
	*data = body;
	/* the rest of the BEGIN line */
	if (p < stop && *p == '\r')
		p++;
	if (p >= stop || *p != '\n')
		return 0;
	p++;
	nl = memchr(p, '\n', (size_t)(stop - p));
	if (nl == NULL || memchr(p, ':', (size_t)(nl - p)) == NULL)
		return 0;
	*hdr = p;
	for (line = p; line < stop; line = nl + 1) {
		size_t n;
		nl = memchr(line, '\n', (size_t)(stop - line));
		if (nl == NULL)
			return EMBER_EDECODE;
		n = (size_t)(nl - line);
		if (n > 0 && line[n - 1] == '\r')
			n--;
		if (n == 0) {
			*hdr_len = (size_t)(line - p);
			*data = nl + 1;
			return 0;
		}
		if (line[0] == ' ' || line[0] == '\t' || memchr(line, ':', n) == NULL)
			return EMBER_EDECODE; /* a continuation line, or no "Name:" */
	}
	return EMBER_EDECODE;
}

int ember_pem_decode(const char *in, size_t len, const char *labels, char *label, size_t label_cap,
    uint8_t *out, size_t cap, size_t *out_len)
{
	return ember_pem_decode_hdr(in, len, labels, label, label_cap, NULL, NULL, out, cap, out_len);
}

int ember_pem_decode_hdr(const char *in, size_t len, const char *labels, char *label, size_t label_cap,
    const char **hdr, size_t *hdr_len, uint8_t *out, size_t cap, size_t *out_len)
{
	const char *p = in, *end = in + len;

	for (;;) {
		const char *begin = find(p, (size_t)(end - p), "-----BEGIN ");
		const char *lab, *lab_end, *body, *stop;
		char endline[96];
		size_t n, i, o = 0, pad = 0;
		uint32_t acc = 0;
		unsigned k = 0;

		if (begin == NULL)
			return EMBER_EDECODE;
		lab = begin + 11;
		lab_end = find(lab, (size_t)(end - lab), "-----");
		if (lab_end == NULL || (size_t)(lab_end - lab) > 64)
			return EMBER_EDECODE;
		n = (size_t)(lab_end - lab);
		for (i = 0; i < n; i++)
			if (lab[i] == '\n' || lab[i] == '\r')
				return EMBER_EDECODE;
		body = lab_end + 5;
		snprintf(endline, sizeof(endline), "-----END %.*s-----", (int)n, lab);
		stop = find(body, (size_t)(end - body), endline);
		if (stop == NULL)
			return EMBER_EDECODE;
		if (!label_wanted(labels, lab, n)) {
			p = stop + strlen(endline);
			continue;
		}
		if (n + 1 > label_cap)
			return EMBER_ELEN;
		memcpy(label, lab, n);
		label[n] = 0;
		{
			const char *h, *data;
			size_t hl;
			int r = headers(body, stop, &h, &hl, &data);
			if (r != 0)
				return hdr == NULL ? EMBER_ENOTSUP : r;
			if (h != NULL && hdr == NULL)
				return EMBER_ENOTSUP; /* RFC 1421 headers: an encrypted key */
			if (hdr != NULL) {
				*hdr = h;
				*hdr_len = hl;
			}
			body = data;
		}
		for (p = body; p < stop; p++) {
			int c = (unsigned char)*p, v;
			if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
				continue;
			if (c == '=') {
				pad++;
				if (pad > 2)
					return EMBER_EDECODE;
				k++;
				continue;
			}
			if (pad)
				return EMBER_EDECODE; /* data after padding */
			if ((v = b64_value(c)) < 0)
				return EMBER_EDECODE;
			acc = (acc << 6) | (uint32_t)v;
			if (++k == 4) {
				if (o + 3 > cap)
					return EMBER_ELEN;
				out[o++] = (uint8_t)(acc >> 16);
				out[o++] = (uint8_t)(acc >> 8);
				out[o++] = (uint8_t)acc;
				acc = 0;
				k = 0;
			}
		}
		if (k % 4 != 0)
			return EMBER_EDECODE;
		if (pad) {
			/* the last quantum had 4 - pad characters of data */
			unsigned have = 4 - (unsigned)pad;
			acc <<= 6 * pad;
			if (have < 2 || o + have - 1 > cap)
				return EMBER_EDECODE;
			if ((pad == 1 && (acc & 0xff) != 0) || (pad == 2 && (acc & 0xffff) != 0))
				return EMBER_EDECODE; /* non-canonical: bits after the data */
			out[o++] = (uint8_t)(acc >> 16);
			if (have == 3)
				out[o++] = (uint8_t)(acc >> 8);
		}
		*out_len = o;
		return o ? 0 : EMBER_EDECODE;
	}
}

int ember_pem_encode(const char *label, const uint8_t *der, size_t der_len, char *out, size_t cap,
    size_t *out_len)
{
	return ember_pem_encode_hdr(label, NULL, der, der_len, out, cap, out_len);
}

int ember_pem_encode_hdr(const char *label, const char *hdr, const uint8_t *der, size_t der_len, char *out,
    size_t cap, size_t *out_len)
{
	size_t o = 0, i, col = 0;
	int n;

	n = snprintf(out, cap, "-----BEGIN %s-----\n%s%s", label, hdr ? hdr : "", hdr ? "\n" : "");
	if (n < 0 || (size_t)n >= cap)
		return EMBER_ELEN;
	o = (size_t)n;
	for (i = 0; i < der_len; i += 3) {
		uint32_t v = (uint32_t)der[i] << 16;
		size_t left = der_len - i;
		if (left > 1)
			v |= (uint32_t)der[i + 1] << 8;
		if (left > 2)
			v |= der[i + 2];
		if (o + 6 > cap)
			return EMBER_ELEN;
		out[o++] = b64[(v >> 18) & 63];
		out[o++] = b64[(v >> 12) & 63];
		out[o++] = left > 1 ? b64[(v >> 6) & 63] : '=';
		out[o++] = left > 2 ? b64[v & 63] : '=';
		col += 4;
		if (col == 64) {
			out[o++] = '\n';
			col = 0;
		}
	}
	if (col)
		out[o++] = '\n';
	n = snprintf(out + o, cap - o, "-----END %s-----\n", label);
	if (n < 0 || (size_t)n >= cap - o)
		return EMBER_ELEN;
	*out_len = o + (size_t)n;
	return 0;
}
