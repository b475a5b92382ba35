/*
 * x509_name.c - the server name check (RFC 6125 6.4) of a certificate
 * parsed by x509.c: host names against the dNSNames of subjectAltName
 * (one left-most wildcard label), IPv4 addresses against iPAddress.
 */
#include "x509/x509_int.h"

#define TAG_DNSNAME 0x82   /* GeneralName dNSName [2] IMPLICIT IA5String */
#define TAG_IPADDRESS 0x87 /* GeneralName iPAddress [7] IMPLICIT OCTET STRING */

/* ---- Server names (RFC 6125 6.4) ---- */

static int eq_nocase(const uint8_t *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (ember_ascii_lower(a[i]) != ember_ascii_lower((unsigned char)b[i]))
			return 0;
	return 1;
}

/* A host name: labels of letters, digits, '-' and '_', none empty, at most 253 bytes. */
static int host_ok(const char *h, size_t n)
{
	size_t i, label = 0;

	if (n == 0 || n > 253)
		return 0;
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)h[i];
		if (ch == '.') {
			if (label == 0)
				return 0;
			label = 0;
			continue;
		}
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
		        ch == '_') ||
		    ++label > 63)
			return 0;
	}
	return label != 0;
}

/* A dotted IPv4 address (four decimal numbers 0..255 without leading zeros). */
static int ipv4(const char *h, size_t n, uint8_t ip[4])
{
	size_t i = 0;
	int part, digits_n, v;

	for (part = 0; part < 4; part++) {
		if (part && (i >= n || h[i++] != '.'))
			return 0;
		for (v = 0, digits_n = 0; i < n && h[i] >= '0' && h[i] <= '9'; i++, digits_n++)
			v = v * 10 + (h[i] - '0');
		if (digits_n == 0 || digits_n > 3 || v > 255 || (digits_n > 1 && h[i - (size_t)digits_n] == '0'))
			return 0;
		ip[part] = (uint8_t)v;
	}
	return i == n;
}

/* One dNSName |pat| against |host| (n bytes, checked by host_ok). */
static int dns_match(const uint8_t *pat, size_t plen, const char *host, size_t n)
{
	size_t i, dot;

	for (i = 0; i < plen; i++)
		if (pat[i] == 0)
			return 0;
	if (plen >= 2 && pat[0] == '*' && pat[1] == '.') {
		const uint8_t *rest = pat + 2;
		size_t rlen = plen - 2, inner = 0;
		/* at least two labels after the wildcard, no other wildcard, no empty label */
		for (i = 0; i < rlen; i++) {
			if (rest[i] == '*')
				return 0;
			if (rest[i] == '.') {
				if (i == 0 || i + 1 == rlen || rest[i - 1] == '.')
					return 0;
				inner = 1;
			}
		}
		if (!inner)
			return 0;
		for (dot = 0; dot < n && host[dot] != '.'; dot++)
			;
		if (dot == 0 || dot == n)
			return 0;
		if (dot >= 4 && eq_nocase((const uint8_t *)"xn--", host, 4))
			return 0; /* never an IDNA A-label for a wildcard (RFC 6125 6.4.3) */
		return n - dot == plen - 1 && eq_nocase(pat + 1, host + dot, plen - 1);
	}
	for (i = 0; i < plen; i++)
		if (pat[i] == '*')
			return 0; /* partial-label wildcards ("f*.example.com") are not honoured */
	if (plen && pat[plen - 1] == '.')
		plen--; /* an absolute name in the certificate */
	return plen == n && eq_nocase(pat, host, n);
}

int ember_x509_check_host(const ember_x509_cert *c, const char *host)
{
	ember_der san, names, gn;
	size_t n;
	uint8_t ip[4];
	int tag, is_ip;

	if (c == NULL || host == NULL)
		return EMBER_EINVAL;
	n = strlen(host);
	if (n && host[n - 1] == '.')
		n--;
	is_ip = ipv4(host, n, ip);
	if ((!is_ip && !host_ok(host, n)) || c->san == NULL)
		return EMBER_EVERIFY;
	san.p = c->san;
	san.len = c->san_len;
	if (ember_der_get(&san, EMBER_DER_SEQUENCE, &names) != 0)
		return EMBER_EVERIFY;
	while (names.len) {
		if (x509_der_any(&names, &tag, &gn) != 0)
			return EMBER_EVERIFY;
		if (is_ip ? tag == TAG_IPADDRESS && gn.len == 4 && memcmp(gn.p, ip, 4) == 0 :
		            tag == TAG_DNSNAME && dns_match(gn.p, gn.len, host, n))
			return 0;
	}
	return EMBER_EVERIFY;
}
