/*
 * pbe.c - password-based encryption of private keys: the schemes, not the
 * files (keyfile.c finds them in PEM and DER).
 *
 *  - PBES2 (RFC 8018 6.2, A.4) with PBKDF2 (5.2, A.2) over HMAC-SHA-1,
 *    -SHA-224, -SHA-256, -SHA-384, -SHA-512, -SHA-512/224, -SHA-512/256,
 *    and AES-128/192/256-CBC or DES-EDE3-CBC (B.2): what
 *    EncryptedPrivateKeyInfo carries when OpenSSL 3 writes it.
 *  - The PEM encryption of "traditional" keys (RFC 1421 headers
 *    "Proc-Type: 4,ENCRYPTED" and "DEK-Info: <cipher>,<IV in hex>"), as
 *    OpenSSL's PEM_write_bio_PrivateKey_traditional: the key is
 *    EVP_BytesToKey(cipher, MD5, salt = the IV's first 8 bytes, one round),
 *    any CBC cipher of the registry by its OpenSSL name.
 *
 * The parsers are strict (asn1.c) and know nothing of the passphrase: they
 * say which scheme, cipher, digest and iteration count a file asks for, so
 * that the caller can refuse an iteration count before paying for it.
 */
#include <stdio.h>

#include "pk_impl.h"
#include "pbe_impl.h"
#include "ember/cipher.h"
#include "ember/kdf.h"

/* OIDs, contents only */
static const uint8_t oid_pbes2[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d };
static const uint8_t oid_pbkdf2[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0c };
/* 1.2.840.113549.1.5: PKCS#5 (PBES1 schemes: .1 .3 .4 .6 .10 .11); 1.2.840.113549.1.12.1: PKCS#12 PBE */
static const uint8_t oid_pkcs5[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05 };
static const uint8_t oid_pkcs12pbe[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x0c, 0x01 };
/* scrypt 1.3.6.1.4.1.11591.4.11 (RFC 7914) */
static const uint8_t oid_scrypt[] = { 0x2b, 0x06, 0x01, 0x04, 0x01, 0xda, 0x47, 0x04, 0x0b };

/* PBES2 encryption schemes (RFC 8018 B.2; NIST CSOR for AES) */
static const struct {
	const char *name; /* cipher spec */
	uint8_t oid[9];
	size_t oid_len;
} pbes2_ciphers[] = {
	{ "aes-128-cbc", { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x02 }, 9 },
	{ "aes-192-cbc", { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x16 }, 9 },
	{ "aes-256-cbc", { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2a }, 9 },
	{ "des-ede3-cbc", { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x03, 0x07 }, 8 },
};

/* PBKDF2 PRFs: hmacWithSHA1 .. hmacWithSHA512-256 are 1.2.840.113549.2.7 .. .13 (RFC 8018 B.1) */
static const uint8_t oid_hmac_prefix[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02 };
static const char *const prf_names[] = { "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224",
	"sha512-256" };
#define PRF_FIRST 7

#define N(a) (sizeof(a) / sizeof((a)[0]))

static int starts_with(const ember_der *oid, const uint8_t *prefix, size_t n)
{
	return oid->len > n && memcmp(oid->p, prefix, n) == 0;
}

/* What an unsupported scheme is called, into p->what. */
static int unsupported(ember_pbe *p, const char *what, const ember_der *oid)
{
	char dotted[64];

	p->scheme = EMBER_PBE_UNSUPPORTED;
	if (oid != NULL) {
		ember_der_oid_text(oid, dotted, sizeof(dotted));
		snprintf(p->what, sizeof(p->what), "%s%s%s", what, what[0] ? " " : "", dotted);
	} else {
		snprintf(p->what, sizeof(p->what), "%s", what);
	}
	return 0;
}

/* PBKDF2-params (RFC 8018 A.2): salt (specified), iterationCount, keyLength OPTIONAL, prf DEFAULT hmacWithSHA1 */
static int parse_pbkdf2(ember_der params, ember_pbe *p)
{
	ember_der seq, alg, oid;
	uint64_t key_len = 0;
	int ret;

	if ((ret = ember_der_get(&params, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&params)) != 0)
		return ret;
	if (ember_der_peek(&seq) == EMBER_DER_SEQUENCE)
		return unsupported(p, "PBKDF2 with a salt from another source (otherSource)", NULL);
	if ((ret = ember_der_get(&seq, EMBER_DER_OCTETSTRING, &p->salt)) != 0)
		return ret;
	ret = ember_der_u64(&seq, &p->iterations);
	if (ret == EMBER_ERANGE)
		p->iterations = UINT64_MAX; /* over any cap: said so before anything is derived */
	else if (ret != 0)
		return ret;
	if (ember_der_peek(&seq) == EMBER_DER_INTEGER && (ret = ember_der_u64(&seq, &key_len)) != 0)
		return ret == EMBER_ERANGE ? EMBER_EDECODE : ret;
	p->prf = "sha1";
	if (seq.len) {
		ember_der nul;
		if ((ret = ember_der_get(&seq, EMBER_DER_SEQUENCE, &alg)) != 0 ||
		    (ret = ember_der_get(&alg, EMBER_DER_OID, &oid)) != 0)
			return ret;
		/* parameters NULL, or absent */
		if (alg.len && ((ret = ember_der_get(&alg, EMBER_DER_NULL, &nul)) != 0 || nul.len != 0))
			return EMBER_EDECODE;
		if ((ret = ember_der_end(&alg)) != 0)
			return ret;
		if (oid.len != sizeof(oid_hmac_prefix) + 1 || !starts_with(&oid, oid_hmac_prefix, sizeof(oid_hmac_prefix)) ||
		    oid.p[oid.len - 1] < PRF_FIRST || oid.p[oid.len - 1] >= PRF_FIRST + N(prf_names))
			return unsupported(p, "PBKDF2 PRF", &oid);
		p->prf = prf_names[oid.p[oid.len - 1] - PRF_FIRST];
	}
	if ((ret = ember_der_end(&seq)) != 0)
		return ret;
	p->key_len = (size_t)key_len; /* checked against the cipher by the caller */
	if (key_len > 64)
		return EMBER_EDECODE;
	return 0;
}

/* PBES2-params (RFC 8018 A.4): keyDerivationFunc, encryptionScheme */
static int parse_pbes2(ember_der params, ember_pbe *p)
{
	ember_der seq, kdf, kdf_oid, enc, enc_oid, iv;
	size_t i;
	int ret;

	if ((ret = ember_der_get(&params, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&params)) != 0 ||
	    (ret = ember_der_get(&seq, EMBER_DER_SEQUENCE, &kdf)) != 0 ||
	    (ret = ember_der_get(&seq, EMBER_DER_SEQUENCE, &enc)) != 0 || (ret = ember_der_end(&seq)) != 0 ||
	    (ret = ember_der_get(&kdf, EMBER_DER_OID, &kdf_oid)) != 0 ||
	    (ret = ember_der_get(&enc, EMBER_DER_OID, &enc_oid)) != 0)
		return ret;
	if (!ember_der_oid_is(&kdf_oid, oid_pbkdf2, sizeof(oid_pbkdf2)))
		return unsupported(p, ember_der_oid_is(&kdf_oid, oid_scrypt, sizeof(oid_scrypt)) ? "scrypt" : "PBES2 KDF",
		    ember_der_oid_is(&kdf_oid, oid_scrypt, sizeof(oid_scrypt)) ? NULL : &kdf_oid);
	for (i = 0; i < N(pbes2_ciphers); i++)
		if (ember_der_oid_is(&enc_oid, pbes2_ciphers[i].oid, pbes2_ciphers[i].oid_len))
			break;
	if (i == N(pbes2_ciphers))
		return unsupported(p, "PBES2 cipher", &enc_oid);
	p->spec = ember_cipher_spec_find(pbes2_ciphers[i].name);
	if ((ret = ember_der_get(&enc, EMBER_DER_OCTETSTRING, &iv)) != 0 || (ret = ember_der_end(&enc)) != 0)
		return ret;
	if ((ret = parse_pbkdf2(kdf, p)) != 0 || p->scheme == EMBER_PBE_UNSUPPORTED)
		return ret;
	if (p->spec == NULL || (p->key_len != 0 && p->key_len != p->spec->key_len))
		return EMBER_EDECODE;
	p->key_len = p->spec->key_len;
	if (iv.len == 0 || iv.len > sizeof(p->iv))
		return EMBER_EDECODE;
	memcpy(p->iv, iv.p, iv.len);
	p->iv_len = iv.len;
	return 0;
}

int ember_pbe_parse_algid(ember_der alg, ember_pbe *p)
{
	ember_der seq, oid;
	int ret;

	memset(p, 0, sizeof(*p));
	p->scheme = EMBER_PBE_PKCS8;
	if ((ret = ember_der_get(&alg, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&alg)) != 0 ||
	    (ret = ember_der_get(&seq, EMBER_DER_OID, &oid)) != 0)
		return ret;
	if (ember_der_oid_is(&oid, oid_pbes2, sizeof(oid_pbes2)))
		return parse_pbes2(seq, p);
	if (starts_with(&oid, oid_pkcs5, sizeof(oid_pkcs5)))
		return unsupported(p, "PBES1 (PKCS#5 v1.5)", &oid);
	if (starts_with(&oid, oid_pkcs12pbe, sizeof(oid_pkcs12pbe)))
		return unsupported(p, "PKCS#12 PBE", &oid);
	return unsupported(p, "", &oid);
}

/* Strict hex of exactly |n| bytes. */
static int unhex(const char *s, size_t len, uint8_t *out, size_t n)
{
	size_t i;

	if (len != 2 * n)
		return EMBER_EDECODE;
	for (i = 0; i < len; i++) {
		int c = (unsigned char)s[i], v;
		if (c >= '0' && c <= '9')
			v = c - '0';
		else if (c >= 'a' && c <= 'f')
			v = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v = c - 'A' + 10;
		else
			return EMBER_EDECODE;
		if (i % 2 == 0)
			out[i / 2] = (uint8_t)(v << 4);
		else
			out[i / 2] |= (uint8_t)v;
	}
	return 0;
}

/* One header line "Name: value" (value without its line end) from *p, or EMBER_EDECODE. */
static int header(const char **p, const char *end, const char *name, const char **value, size_t *len)
{
	size_t n = strlen(name);
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));

	if (nl == NULL || (size_t)(nl - *p) < n || memcmp(*p, name, n) != 0)
		return EMBER_EDECODE;
	*value = *p + n;
	*len = (size_t)(nl - *value);
	if (*len && (*value)[*len - 1] == '\r')
		(*len)--;
	*p = nl + 1;
	return 0;
}

int ember_pbe_parse_dek(const char *hdr, size_t hdr_len, ember_pbe *p)
{
	const char *cur = hdr, *end = hdr + hdr_len, *v, *comma;
	char name[32];
	size_t n, i;

	memset(p, 0, sizeof(*p));
	p->scheme = EMBER_PBE_TRAD;
	/* RFC 1421 4.6.1.1 and 4.6.1.3, as OpenSSL writes them: exactly these two lines, in this order */
	if (header(&cur, end, "Proc-Type: ", &v, &n) != 0)
		return EMBER_EDECODE;
	if (n != 11 || memcmp(v, "4,ENCRYPTED", 11) != 0)
		return EMBER_EDECODE;
	if (header(&cur, end, "DEK-Info: ", &v, &n) != 0 || cur != end)
		return EMBER_EDECODE;
	comma = memchr(v, ',', n);
	if (comma == NULL || comma == v || (size_t)(comma - v) >= sizeof(name))
		return EMBER_EDECODE;
	for (i = 0; v + i < comma; i++) {
		char c = v[i];
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
			return EMBER_EDECODE;
		name[i] = c;
	}
	name[i] = 0;
	p->spec = ember_cipher_spec_find(name);
	if (p->spec == NULL || p->spec->mode != EMBER_MODE_CBC) {
		p->spec = NULL;
		return unsupported(p, name, NULL);
	}
	p->key_len = p->spec->key_len;
	p->prf = "md5";
	p->iterations = 1;
	/* the IV: one block (8 or 16 bytes for every CBC cipher here) */
	n -= (size_t)(comma + 1 - v);
	if (n != 16 && n != 32)
		return EMBER_EDECODE;
	if (unhex(comma + 1, n, p->iv, n / 2) != 0)
		return EMBER_EDECODE;
	p->iv_len = n / 2;
	return 0;
}

int ember_bytes_to_key(const ember_hash_desc *d, const uint8_t *salt, const void *pass, size_t pass_len,
    uint32_t count, uint8_t *key, size_t key_len, uint8_t *iv, size_t iv_len)
{
	uint8_t md[EMBER_MAX_DIGEST_LEN];
	ember_hash_ctx c;
	size_t md_len = 0, k = 0, v = 0, n;
	uint32_t i;

	if (d == NULL || count == 0 || (d->flags & EMBER_HASH_XOF) || (pass == NULL && pass_len != 0) ||
	    (key == NULL && key_len != 0) || (iv == NULL && iv_len != 0))
		return EMBER_EINVAL;
	if (!ember_hash_supported(d))
		return EMBER_ENOTSUP;
	/* OpenSSL's EVP_BytesToKey: D_i = H^count(D_{i-1} || pass || salt), key || iv = D_1 || D_2 || ... */
	while (k < key_len || v < iv_len) {
		ember_hash_init(&c, d);
		if (md_len)
			ember_hash_update(&c, md, md_len);
		ember_hash_update(&c, pass, pass_len);
		if (salt != NULL)
			ember_hash_update(&c, salt, 8);
		ember_hash_final(&c, md);
		md_len = d->digest_len;
		for (i = 1; i < count; i++)
			ember_hash(d, md, md, md_len);
		n = 0;
		while (k < key_len && n < md_len)
			key[k++] = md[n++];
		while (v < iv_len && n < md_len)
			iv[v++] = md[n++];
	}
	ember_wipe(md, sizeof(md));
	return 0;
}

/* The scheme's key from the passphrase. */
static int derive(const ember_pbe *p, const void *pass, size_t pass_len, uint8_t *key)
{
	const ember_hash_desc *d = ember_hash_find(p->prf, NULL);

	if (d == NULL || p->iterations == 0 || p->iterations > 0xffffffffu)
		return EMBER_ENOTSUP;
	if (p->scheme == EMBER_PBE_TRAD)
		return ember_bytes_to_key(d, p->iv, pass, pass_len, 1, key, p->key_len, NULL, 0);
	return ember_pbkdf2(d, pass, pass_len, p->salt.p, p->salt.len, (uint32_t)p->iterations, key, p->key_len);
}

int ember_pbe_crypt(const ember_pbe *p, int decrypt, const void *pass, size_t pass_len, const uint8_t *in,
    size_t in_len, uint8_t *out, size_t cap, size_t *out_len)
{
	uint8_t key[EMBER_MAX_KEY_LEN];
	const ember_block_desc *d;
	ember_cipher_ctx c;
	size_t n = in_len;
	int ret;

	if (p->spec == NULL || (p->scheme != EMBER_PBE_PKCS8 && p->scheme != EMBER_PBE_TRAD))
		return EMBER_ENOTSUP;
	if ((d = ember_block_find(p->spec->alg, NULL)) == NULL)
		return EMBER_ENOTSUP;
	if (p->iv_len != d->block_len || p->key_len > sizeof(key))
		return EMBER_EDECODE;
	if (decrypt && (in_len == 0 || in_len % d->block_len != 0))
		return EMBER_EDECODE; /* no whole block: damaged, whatever the passphrase */
	if (decrypt ? in_len > cap : cap < d->block_len || in_len > cap - d->block_len)
		return EMBER_ELEN;
	if ((ret = derive(p, pass, pass_len, key)) != 0)
		return ret;
	ret = ember_cipher_init(&c, d, EMBER_MODE_CBC, key, p->key_len, p->spec->param, p->iv, decrypt);
	ember_wipe(key, sizeof(key));
	if (ret != 0)
		return ret;
	if (!decrypt)
		ember_pkcs7_pad(out, &n, in, in_len, d->block_len);
	else
		memmove(out, in, in_len);
	ember_cipher_update(&c, out, out, n);
	ember_cipher_clear(&c);
	if (decrypt && ember_pkcs7_unpad(&n, out, in_len, d->block_len) != 0) {
		ember_wipe(out, in_len);
		return EMBER_EPAD;
	}
	*out_len = n;
	return 0;
}

int ember_pbe_setup(ember_pbe *p, int scheme, const ember_pbe_params *prm, uint8_t *salt_buf, size_t salt_cap)
{
	const char *cipher = prm && prm->cipher ? prm->cipher : "aes-256-cbc";
	const ember_block_desc *d;
	size_t i;
	int ret;

	memset(p, 0, sizeof(*p));
	p->scheme = scheme;
	p->spec = ember_cipher_spec_find(cipher);
	if (p->spec == NULL || p->spec->mode != EMBER_MODE_CBC)
		return EMBER_ENOTSUP;
	if (scheme == EMBER_PBE_PKCS8) {
		for (i = 0; i < N(pbes2_ciphers) && strcmp(pbes2_ciphers[i].name, p->spec->name) != 0; i++)
			;
		if (i == N(pbes2_ciphers))
			return EMBER_ENOTSUP;
		p->prf = prm && prm->prf ? prm->prf : "sha256";
		for (i = 0; i < N(prf_names) && strcmp(prf_names[i], p->prf) != 0; i++)
			;
		if (i == N(prf_names))
			return EMBER_ENOTSUP;
		p->iterations = prm && prm->iterations ? prm->iterations : EMBER_PBE_DEFAULT_ITER;
		if (prm && prm->salt) {
			if (prm->salt_len == 0 || prm->salt_len > salt_cap)
				return EMBER_EINVAL;
			memcpy(salt_buf, prm->salt, prm->salt_len);
			p->salt.len = prm->salt_len;
		} else {
			p->salt.len = salt_cap < 16 ? salt_cap : 16;
			if ((ret = ember_random_bytes(salt_buf, p->salt.len)) != 0)
				return ret;
		}
		p->salt.p = salt_buf;
	} else {
		p->prf = "md5";
		p->iterations = 1;
	}
	if ((d = ember_block_find(p->spec->alg, NULL)) == NULL || d->block_len < 8 || d->block_len > sizeof(p->iv))
		return EMBER_ENOTSUP;
	p->key_len = p->spec->key_len;
	p->iv_len = d->block_len;
	if (prm && prm->iv)
		memcpy(p->iv, prm->iv, p->iv_len);
	else if ((ret = ember_random_bytes(p->iv, p->iv_len)) != 0)
		return ret;
	return 0;
}

void ember_pbe_write_algid(ember_der_out *o, const ember_pbe *p)
{
	EMBER_DER_SCRATCH(alg);
	EMBER_DER_SCRATCH(params);
	EMBER_DER_SCRATCH(kdf);
	EMBER_DER_SCRATCH(kdfp);
	EMBER_DER_SCRATCH(enc);
	size_t i;

	/* PBKDF2-params: salt, count, and the PRF unless it is the default (as OpenSSL) */
	ember_der_put_prim(&kdfp, EMBER_DER_OCTETSTRING, p->salt.p, p->salt.len);
	ember_der_put_small(&kdfp, (uint32_t)p->iterations);
	for (i = 0; i < N(prf_names); i++) {
		if (i > 0 && strcmp(prf_names[i], p->prf) == 0) {
			EMBER_DER_SCRATCH(prf);
			static const uint8_t nul[2] = { EMBER_DER_NULL, 0 };
			uint8_t oid[sizeof(oid_hmac_prefix) + 1];
			memcpy(oid, oid_hmac_prefix, sizeof(oid_hmac_prefix));
			oid[sizeof(oid_hmac_prefix)] = (uint8_t)(PRF_FIRST + i);
			ember_der_put_prim(&prf, EMBER_DER_OID, oid, sizeof(oid));
			ember_der_put(&prf, nul, 2);
			ember_der_put_wrapped(&kdfp, EMBER_DER_SEQUENCE, &prf);
		}
	}
	ember_der_put_prim(&kdf, EMBER_DER_OID, oid_pbkdf2, sizeof(oid_pbkdf2));
	ember_der_put_wrapped(&kdf, EMBER_DER_SEQUENCE, &kdfp);
	for (i = 0; i < N(pbes2_ciphers) && strcmp(pbes2_ciphers[i].name, p->spec->name) != 0; i++)
		;
	if (i == N(pbes2_ciphers)) {
		o->err = EMBER_ENOTSUP;
		return;
	}
	ember_der_put_prim(&enc, EMBER_DER_OID, pbes2_ciphers[i].oid, pbes2_ciphers[i].oid_len);
	ember_der_put_prim(&enc, EMBER_DER_OCTETSTRING, p->iv, p->iv_len);
	ember_der_put_wrapped(&params, EMBER_DER_SEQUENCE, &kdf);
	ember_der_put_wrapped(&params, EMBER_DER_SEQUENCE, &enc);
	ember_der_put_prim(&alg, EMBER_DER_OID, oid_pbes2, sizeof(oid_pbes2));
	ember_der_put_wrapped(&alg, EMBER_DER_SEQUENCE, &params);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &alg);
}

int ember_pbe_dek_header(const ember_pbe *p, char *buf, size_t cap)
{
	char dek[32];
	size_t i, n;
	int len;

	/* OpenSSL writes the cipher's name in capitals */
	for (i = 0; p->spec->name[i] && i + 1 < sizeof(dek); i++) {
		char c = p->spec->name[i];
		dek[i] = (char)(c >= 'a' && c <= 'z' ? c - 32 : c);
	}
	dek[i] = 0;
	len = snprintf(buf, cap, "Proc-Type: 4,ENCRYPTED\nDEK-Info: %s,", dek);
	if (len < 0 || (size_t)len + 2 * p->iv_len + 2 > cap)
		return EMBER_ELEN;
	n = (size_t)len;
	for (i = 0; i < p->iv_len; i++) {
		buf[n++] = "0123456789ABCDEF"[p->iv[i] >> 4];
		buf[n++] = "0123456789ABCDEF"[p->iv[i] & 15];
	}
	buf[n++] = '\n';
	buf[n] = 0;
	return 0;
}
