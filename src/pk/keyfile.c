/*
 * keyfile.c - key files as a whole: PEM or DER (detected), plain or
 * encrypted (EncryptedPrivateKeyInfo in DER or "ENCRYPTED PRIVATE KEY"
 * PEM, or a PEM block with RFC 1421 encryption headers), read with or
 * without a passphrase, and private keys written encrypted.
 *
 * A file is first located (which container, which scheme) without the
 * passphrase, so that what it asks for (an unsupported scheme, an
 * iteration count over the cap) is refused before any key is derived.
 */
#include <stdio.h>

#include "pbe_impl.h"

/* Room for the DER of an encrypted key: the key, padding and PBES2's parameters. */
#define ENC_MAX (EMBER_PKEY_MAX_DER + 512)

/* Every PEM label read: PKCS#8, SPKI, encrypted PKCS#8, then each key type's own (der.c). */
static size_t labels(char *buf, size_t cap)
{
	static const char fixed[] = "PRIVATE KEY\0PUBLIC KEY\0ENCRYPTED PRIVATE KEY\0";
	size_t n = sizeof(fixed) - 1, t;

	memcpy(buf, fixed, n);
	for (t = 1; t < 256; t++) {
		const ember_pkey_kind *kind = ember_pkey_kind_of((int)t);
		const char *l[2];
		size_t j;
		if (kind == NULL)
			continue;
		l[0] = kind->trad_label;
		l[1] = kind->trad_pub_label;
		for (j = 0; j < 2; j++) {
			size_t m = l[j] ? strlen(l[j]) + 1 : 0;
			if (m && n + m + 1 <= cap) {
				memcpy(buf + n, l[j], m);
				n += m;
			}
		}
	}
	buf[n] = 0;
	return n;
}

/* What a file holds: the DER to parse (plain) or to decrypt, and how. */
typedef struct located {
	ember_pbe pbe;           /* scheme EMBER_PBE_NONE: not encrypted */
	const uint8_t *der;
	size_t der_len;
	const char *label;       /* the PEM label of the (decrypted) DER; NULL: DER of any form */
	char label_buf[80];
} located;

/* EncryptedPrivateKeyInfo (RFC 5958 3): SEQUENCE { AlgorithmIdentifier, OCTET STRING }. 1 when |in| has its shape. */
static int epki(const uint8_t *in, size_t len, located *l, int *ret)
{
	ember_der d = { in, len }, seq, alg, body, data;

	if (ember_der_get(&d, EMBER_DER_SEQUENCE, &seq) != 0 || ember_der_end(&d) != 0)
		return 0;
	alg = seq;
	if (ember_der_get(&seq, EMBER_DER_SEQUENCE, &body) != 0)
		return 0;
	alg.len -= seq.len; /* the whole AlgorithmIdentifier element */
	if (ember_der_get(&seq, EMBER_DER_OCTETSTRING, &data) != 0 || ember_der_end(&seq) != 0)
		return 0;
	*ret = ember_pbe_parse_algid(alg, &l->pbe);
	l->der = data.p;
	l->der_len = data.len;
	l->label = "PRIVATE KEY";
	return 1;
}

static int locate(const uint8_t *in, size_t len, uint8_t *buf, size_t cap, located *l)
{
	char list[512];
	const char *hdr = NULL;
	size_t hdr_len = 0, n;
	int ret = 0;

	memset(l, 0, sizeof(*l));
	if (in == NULL || len == 0)
		return EMBER_EDECODE;
	if (in[0] == EMBER_DER_SEQUENCE) {
		if (!epki(in, len, l, &ret)) {
			l->der = in;
			l->der_len = len;
		}
		return ret;
	}
	labels(list, sizeof(list));
	ret = ember_pem_decode_hdr((const char *)in, len, list, l->label_buf, sizeof(l->label_buf), &hdr, &hdr_len, buf,
	    cap, &n);
	if (ret == EMBER_ELEN)
		return EMBER_EKEYLEN;
	if (ret != 0)
		return ret;
	l->label = l->label_buf;
	if (strcmp(l->label, "ENCRYPTED PRIVATE KEY") == 0) {
		if (hdr_len != 0 || !epki(buf, n, l, &ret))
			return EMBER_EDECODE;
		return ret;
	}
	if (hdr_len != 0 && (ret = ember_pbe_parse_dek(hdr, hdr_len, &l->pbe)) != 0)
		return ret;
	l->der = buf;
	l->der_len = n;
	return 0;
}

int ember_pkey_encryption(const uint8_t *in, size_t len, ember_pbe_info *info)
{
	uint8_t buf[ENC_MAX];
	located l;
	int ret = locate(in, len, buf, sizeof(buf), &l);

	memset(info, 0, sizeof(*info));
	if (ret != 0)
		return ret;
	info->scheme = l.pbe.scheme;
	info->iterations = l.pbe.iterations;
	if (l.pbe.scheme == EMBER_PBE_UNSUPPORTED)
		snprintf(info->cipher, sizeof(info->cipher), "%s", l.pbe.what);
	else if (l.pbe.spec != NULL)
		snprintf(info->cipher, sizeof(info->cipher), "%s", l.pbe.spec->name);
	if (l.pbe.prf != NULL)
		snprintf(info->prf, sizeof(info->prf), "%s", l.pbe.prf);
	return 0;
}

int ember_pkey_read_pass(ember_pkey *k, const uint8_t *in, size_t len, const void *pass, size_t pass_len,
    uint64_t max_iter)
{
	uint8_t buf[ENC_MAX];
	located l;
	int ret;

	memset(k, 0, sizeof(*k));
	ret = locate(in, len, buf, sizeof(buf), &l);
	if (ret == 0 && l.pbe.scheme == EMBER_PBE_NONE) {
		ret = ember_pkey_parse(k, l.der, l.der_len, l.label);
	} else if (ret == 0) {
		size_t n;
		if (l.pbe.scheme == EMBER_PBE_UNSUPPORTED || pass == NULL)
			ret = EMBER_ENOTSUP;
		else if (l.pbe.iterations > (max_iter ? max_iter : EMBER_PBE_MAX_ITER))
			ret = EMBER_ERANGE; /* refused before any work */
		else
			ret = ember_pbe_crypt(&l.pbe, 1, pass, pass_len, l.der, l.der_len, buf, sizeof(buf), &n);
		if (ret == 0) {
			ret = ember_pkey_parse(k, buf, n, l.label);
			/* a wrong passphrase decrypts to noise that the padding check let through */
			if (ret == EMBER_EDECODE)
				ret = EMBER_EPAD;
		}
	}
	ember_wipe(buf, sizeof(buf));
	if (ret != 0)
		ember_pkey_clear(k);
	return ret;
}

int ember_pkey_read(ember_pkey *k, const uint8_t *in, size_t len)
{
	return ember_pkey_read_pass(k, in, len, NULL, 0, 0);
}

int ember_pkey_write_pass(const ember_pkey *k, int format, int pem, const ember_pbe_params *prm, const void *pass,
    size_t pass_len, uint8_t *outp, size_t cap, size_t *out_len)
{
	uint8_t plain[ENC_MAX], salt[64];
	ember_der_out o = { plain, 0, sizeof(plain), 0 };
	const char *label = NULL;
	ember_pbe p;
	size_t n;
	int trad = format == EMBER_PKEY_TRAD || format == EMBER_PKEY_PKCS1, ret;

	if (pass == NULL && pass_len != 0)
		return EMBER_EINVAL;
	if ((format != EMBER_PKEY_PKCS8 && !trad) || !k->has_private || (trad && !pem))
		return EMBER_ENOTSUP; /* only private keys are encrypted; a traditional one only in PEM */
	ret = ember_pkey_der(k, format, &o, &label);
	if (ret == 0)
		ret = ember_pbe_setup(&p, trad ? EMBER_PBE_TRAD : EMBER_PBE_PKCS8, prm, salt, sizeof(salt));
	if (ret == 0)
		ret = ember_pbe_crypt(&p, 0, pass ? pass : "", pass_len, plain, o.len, plain, sizeof(plain), &n);
	if (ret == 0 && trad) {
		char hdr[128];
		ret = ember_pbe_dek_header(&p, hdr, sizeof(hdr));
		if (ret == 0)
			ret = ember_pem_encode_hdr(label, hdr, plain, n, (char *)outp, cap, out_len);
	} else if (ret == 0) {
		uint8_t der[ENC_MAX], seq_buf[ENC_MAX];
		ember_der_out e = { der, 0, sizeof(der), 0 }, seq = { seq_buf, 0, sizeof(seq_buf), 0 };
		ember_pbe_write_algid(&seq, &p);
		ember_der_put_prim(&seq, EMBER_DER_OCTETSTRING, plain, n);
		ember_der_put_wrapped(&e, EMBER_DER_SEQUENCE, &seq);
		ret = e.err;
		if (ret == 0 && pem) {
			ret = ember_pem_encode("ENCRYPTED PRIVATE KEY", der, e.len, (char *)outp, cap, out_len);
		} else if (ret == 0) {
			if (e.len > cap)
				ret = EMBER_ELEN;
			else
				memcpy(outp, der, e.len);
			*out_len = e.len;
		}
	}
	ember_wipe(plain, sizeof(plain));
	return ret;
}
