/*
 * speed_openssl.c - the "openssl" engine of `ember speed`: the system's
 * libcrypto, loaded at run time (tools/ossl.c, dlopen), so that Ember has
 * no build- or run-time dependency on OpenSSL and this engine simply
 * reports itself missing where there is none.
 *
 * Each row is timed as openssl speed times it, through EVP: a digest is
 * one EVP_DigestInit/Update/Final per operation; HMAC is keyed once and
 * reinitialised per message (HMAC_Init_ex with a NULL key, which 3.0 still
 * exports); a cipher is EVP_CipherUpdate in place with padding off,
 * chaining across operations. An AEAD row is one whole record per
 * operation, as Ember's (speed.h): the cipher keyed once, then per record
 * the nonce (EVP_CipherInit_ex with no key), the AAD, the payload in place,
 * EVP_CipherFinal_ex and the tag (EVP_CTRL_AEAD_GET_TAG; with -decrypt,
 * EVP_CTRL_AEAD_SET_TAG of the valid tag first, and a failed check stops
 * the row). CCM as OpenSSL documents it: the tag length before the key,
 * the total length before the AAD, the expected tag before any data. The
 * ghash row is GMAC through AES-128-GCM (the data as AAD, no payload).
 * Keys and IVs are those of the ember engine (speed_task_key), so outputs
 * can be compared byte for byte, and every row is checked against Ember's
 * known answer before it is timed.
 *
 * The rsa and dsa rows are in speed_openssl_pk.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "ember/aead.h"
#include "ossl.h"
#include "speed.h"
#include "tls_engines.h"
#include "speed_openssl_pk.h"

/* OpenSSL's ctrl numbers (evp.h), declared here: no OpenSSL headers needed. */
#define OSSL_CTRL_SET_RC2_KEY_BITS 0x3
#define OSSL_CTRL_SET_RC5_ROUNDS 0x5
#define OSSL_CTRL_AEAD_SET_IVLEN 0x9
#define OSSL_CTRL_AEAD_GET_TAG 0x10
#define OSSL_CTRL_AEAD_SET_TAG 0x11

struct speed_task {
	const ossl_api *o;
	int kind;
	void *md, *cipher;  /* fetched: freed at close on 3.x */
	void *mdctx, *hctx, *cctx;
	void *dctx;         /* AEAD rows: the context that opens (CCM cannot switch a sealing context to opening) */
	size_t out_len;
	uint8_t out[EMBER_MAX_DIGEST_LEN];
	/* AEAD and GMAC rows */
	int ccm, decrypt, failed;
	size_t aad_len;
	uint8_t nonce[SPEED_AEAD_NONCE_LEN], aad[SPEED_AEAD_AAD_LEN], tag[SPEED_AEAD_TAG_LEN];
	speed_sealed sealed;
	char err[160];
};

/* The EVP name of a row: the digest as named, a cipher or AEAD spec in upper case (GMAC: AES-128-GCM). */
static int evp_name(const speed_row *row, char *buf, size_t len)
{
	const char *name = row->target;
	size_t i;

	if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		const ember_aead_spec *s = ember_aead_spec_find(row->kind == SPEED_GMAC ? "aes-128-gcm" : row->target);
		if (s == NULL)
			return -1;
		name = s->name;
	} else if (row->kind == SPEED_CIPHER) {
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		if (s == NULL)
			return -1;
		name = s->name;
	} else {
		const ember_hash_desc *d = ember_hash_find(row->target, NULL);
		if (d != NULL)
			name = d->name;
	}
	for (i = 0; name[i] && i + 1 < len; i++)
		buf[i] = (char)toupper((unsigned char)name[i]);
	buf[i] = 0;
	return 0;
}

static void free_md(const ossl_api *o, void *md)
{
	if (md != NULL && o->EVP_MD_fetch != NULL && o->EVP_MD_free != NULL)
		o->EVP_MD_free(md);
}

static void free_cipher(const ossl_api *o, void *c)
{
	if (c != NULL && o->EVP_CIPHER_fetch != NULL && o->EVP_CIPHER_free != NULL)
		o->EVP_CIPHER_free(c);
}

static int o_probe(char *why, size_t why_len)
{
	return ossl_load(why, why_len) != NULL ? 0 : -1;
}

static void o_describe(char *buf, size_t len)
{
	const ossl_api *o = ossl_load(NULL, 0);

	if (o == NULL)
		snprintf(buf, len, "not loaded");
	else
		snprintf(buf, len, "%s, %s%s", o->version, o->path, o->legacy ? ", legacy provider loaded" : "");
}

static size_t o_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	const ossl_api *o = ossl_load(why, why_len);
	char name[64];

	if (o == NULL)
		return 0;
	if (evp_name(row, name, sizeof(name)) != 0) {
		snprintf(why, why_len, "%s: unknown cipher", row->name);
		return 0;
	}
	if (row->kind != SPEED_HASH && row->kind != SPEED_HMAC) {
		void *c = ossl_cipher(o, name);
		if (c == NULL) {
			snprintf(why, why_len, "%s: not in this libcrypto (%s)", row->name, name);
			return 0;
		}
		free_cipher(o, c);
	} else {
		void *md = ossl_digest(o, name);
		if (md == NULL) {
			snprintf(why, why_len, "%s: not in this libcrypto (%s)", row->name, name);
			return 0;
		}
		free_md(o, md);
	}
	if (max > 0) {
		out[0].name = "evp";
		out[0].flags = 0;
		out[0].supported = 1;
		out[0].preferred = 1;
	}
	return 1;
}

/* Keys |t->cctx| for |row|'s cipher: the spec's key length and parameter, padding off. */
static int cipher_key(speed_task *t, const ember_cipher_spec *s, const uint8_t *key, size_t key_len,
    const uint8_t *iv, int enc)
{
	const ossl_api *o = t->o;
	void *c = t->cctx;

	if (o->EVP_CipherInit_ex(c, t->cipher, NULL, NULL, NULL, enc) != 1)
		return -1;
	if (o->EVP_CIPHER_CTX_set_key_length(c, (int)key_len) != 1)
		return -1;
	if (strcmp(s->alg, "rc2") == 0 && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_SET_RC2_KEY_BITS, (int)s->param, NULL) != 1)
		return -1;
	if (strcmp(s->alg, "rc5") == 0 && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_SET_RC5_ROUNDS, (int)s->param, NULL) != 1)
		return -1;
	if (o->EVP_CipherInit_ex(c, NULL, NULL, key, iv, enc) != 1)
		return -1;
	return o->EVP_CIPHER_CTX_set_padding(c, 0) == 1 ? 0 : -1;
}

static int cipher_once(speed_task *t, const ember_cipher_spec *s, const speed_kat *k, int enc, uint8_t *out,
    const uint8_t *in, size_t len)
{
	int outl = 0;

	if (cipher_key(t, s, k->key, k->key_len, k->iv_len ? k->iv : NULL, enc) != 0)
		return -1;
	if (t->o->EVP_CipherUpdate(t->cctx, out, &outl, in, (int)len) != 1 || (size_t)outl != len)
		return -1;
	return 0;
}

static void hmac_mac(speed_task *t, const uint8_t *in, size_t len)
{
	const ossl_api *o = t->o;
	unsigned int n = 0;

	o->HMAC_Init_ex(t->hctx, NULL, 0, NULL, NULL);
	o->HMAC_Update(t->hctx, in, len);
	o->HMAC_Final(t->hctx, t->out, &n);
	t->out_len = n;
}

static void digest(speed_task *t, const uint8_t *in, size_t len)
{
	const ossl_api *o = t->o;
	unsigned int n = 0;

	o->EVP_DigestInit_ex(t->mdctx, t->md, NULL);
	o->EVP_DigestUpdate(t->mdctx, in, len);
	o->EVP_DigestFinal_ex(t->mdctx, t->out, &n);
	t->out_len = n;
}

static void o_close(speed_task *t)
{
	const ossl_api *o;

	if (t == NULL)
		return;
	o = t->o;
	if (t->mdctx)
		o->EVP_MD_CTX_free(t->mdctx);
	if (t->hctx)
		o->HMAC_CTX_free(t->hctx);
	if (t->cctx)
		o->EVP_CIPHER_CTX_free(t->cctx);
	if (t->dctx)
		o->EVP_CIPHER_CTX_free(t->dctx);
	free_md(o, t->md);
	free_cipher(o, t->cipher);
	speed_sealed_free(&t->sealed);
	ember_wipe(t, sizeof(*t));
	free(t);
}

/* ---- AEAD records ---- */

/*
 * Keys t->cctx to seal and t->dctx to open (OpenSSL 3.0's CCM fails to open
 * on a context keyed to seal): the nonce length, for CCM the tag length
 * (before the key, as OpenSSL documents), the key.
 */
static int aead_key(speed_task *t, const uint8_t *key, size_t nonce_len, size_t tag_len)
{
	const ossl_api *o = t->o;
	int enc;

	for (enc = 0; enc < 2; enc++) {
		void *c = enc ? t->cctx : t->dctx;
		if (o->EVP_CipherInit_ex(c, t->cipher, NULL, NULL, NULL, enc) != 1 ||
		    o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) != 1)
			return -1;
		if (t->ccm && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_AEAD_SET_TAG, (int)tag_len, NULL) != 1)
			return -1;
		if (o->EVP_CipherInit_ex(c, NULL, NULL, key, NULL, enc) != 1)
			return -1;
	}
	return 0;
}

/*
 * One record under the key of t->cctx: sealed (|enc|: |tag| written) or
 * opened (|tag| checked). 0, or -1 when a call failed or the tag did not
 * match. |len| 0 with |out| NULL: GMAC, the tag of the AAD alone.
 */
static int aead_record(speed_task *t, int enc, const uint8_t *nonce, const uint8_t *aad, size_t aad_len, uint8_t *out,
    const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len)
{
	const ossl_api *o = t->o;
	void *c = enc ? t->cctx : t->dctx;
	uint8_t fin[32];
	int outl = 0;

	if (o->EVP_CipherInit_ex(c, NULL, NULL, NULL, nonce, enc) != 1)
		return -1;
	/* the expected tag before any data (CCM requires it; GCM and ChaCha20-Poly1305 take it any time before Final) */
	if (!enc && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_AEAD_SET_TAG, (int)tag_len, tag) != 1)
		return -1;
	/* CCM: the total length first */
	if (t->ccm && o->EVP_CipherUpdate(c, NULL, &outl, NULL, (int)len) != 1)
		return -1;
	if (aad_len > 0 && o->EVP_CipherUpdate(c, NULL, &outl, aad, (int)aad_len) != 1)
		return -1;
	/* CCM checks the tag here when decrypting */
	if ((len > 0 || t->ccm) && o->EVP_CipherUpdate(c, out, &outl, in, (int)len) != 1)
		return -1;
	if (t->ccm) {
		/* CCM's tag is ready after the payload; its Final adds nothing and ends the record */
		if (enc && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_AEAD_GET_TAG, (int)tag_len, tag) != 1)
			return -1;
		return 0;
	}
	/* GCM and ChaCha20-Poly1305 check the tag at Final when decrypting */
	if (o->EVP_CipherFinal_ex(c, out != NULL ? out + outl : fin, &outl) != 1)
		return -1;
	if (enc && o->EVP_CIPHER_CTX_ctrl(c, OSSL_CTRL_AEAD_GET_TAG, (int)tag_len, tag) != 1)
		return -1;
	return 0;
}

/* The known answer sealed and opened back, a changed tag refused; then the timing key. */
static int aead_open(speed_task *t, const speed_row *row, const speed_kat *k, int decrypt, char *err, size_t err_len)
{
	uint8_t got[128], back[128], tag[16], key[EMBER_AEAD_MAX_KEY_LEN];
	size_t key_len = speed_aead_key_len(row);
	int e;

	t->ccm = strstr(row->target, "ccm") != NULL && row->kind == SPEED_AEAD;
	if (aead_key(t, k->key, k->iv_len, k->tag_len) != 0 ||
	    aead_record(t, 1, k->iv, k->aad, k->aad_len, k->in_len ? got : NULL, k->in, k->in_len, tag, k->tag_len) != 0)
		return 1;
	e = speed_kat_compare_aead("openssl", row, k, got, tag, err, err_len);
	if (e != 0)
		return e;
	if (row->kind == SPEED_AEAD) {
		if (aead_record(t, 0, k->iv, k->aad, k->aad_len, back, k->out, k->out_len, tag, k->tag_len) != 0 ||
		    memcmp(back, k->in, k->in_len) != 0) {
			snprintf(err, err_len, "%s: opening the known answer failed: not timed", row->name);
			return EMBER_EVERIFY;
		}
		tag[0] ^= 1;
		if (aead_record(t, 0, k->iv, k->aad, k->aad_len, back, k->out, k->out_len, tag, k->tag_len) == 0) {
			snprintf(err, err_len, "%s: a changed tag was accepted: not timed", row->name);
			return EMBER_EVERIFY;
		}
	}
	speed_task_key(key, key_len, t->nonce, sizeof(t->nonce));
	e = aead_key(t, key, SPEED_AEAD_NONCE_LEN, SPEED_AEAD_TAG_LEN);
	ember_wipe(key, sizeof(key));
	if (e != 0)
		return 1;
	speed_aead_aad(t->aad);
	t->aad_len = row->kind == SPEED_AEAD ? row->aad_len : 0;
	t->decrypt = decrypt && row->kind == SPEED_AEAD;
	return 0;
}

static void run_aead(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;
	int e = 0;

	if (t->failed)
		return;
	if (t->kind == SPEED_GMAC) {
		for (i = 0; i < n && e == 0; i++)
			e = aead_record(t, 1, t->nonce, buf, size, NULL, NULL, 0, t->tag, SPEED_AEAD_TAG_LEN);
	} else if (!t->decrypt) {
		for (i = 0; i < n && e == 0; i++)
			e = aead_record(t, 1, t->nonce, t->aad, t->aad_len, buf, buf, size, t->tag, SPEED_AEAD_TAG_LEN);
	} else {
		/* the record sealed once for this size, opened out of place: every tag valid */
		speed_sealed *s = speed_sealed_get(&t->sealed, size);
		if (s == NULL) {
			t->failed = 1;
			snprintf(t->err, sizeof(t->err), "out of memory for a %u-byte record", (unsigned)size);
			return;
		}
		if (s->fresh) {
			memcpy(s->ct, buf, size);
			e = aead_record(t, 1, t->nonce, t->aad, t->aad_len, s->ct, s->ct, size, s->tag, SPEED_AEAD_TAG_LEN);
		}
		for (i = 0; i < n && e == 0; i++)
			e = aead_record(t, 0, t->nonce, t->aad, t->aad_len, buf, s->ct, size, s->tag, SPEED_AEAD_TAG_LEN);
	}
	if (e != 0) {
		t->failed = 1;
		snprintf(t->err, sizeof(t->err), "EVP %s of a %u-byte record failed", t->decrypt ? "open" : "seal",
		    (unsigned)size);
	}
}

static int o_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err,
    size_t err_len)
{
	const ossl_api *o;
	speed_task *t;
	speed_kat k;
	char name[64];
	int e;

	*out = NULL;
	if (impl != NULL && strcmp(impl, "evp") != 0) {
		snprintf(err, err_len, "%s/%s: this engine has only 'evp'", row->name, impl);
		return EMBER_ENOTSUP;
	}
	o = ossl_load(err, err_len);
	if (o == NULL)
		return EMBER_ENOTSUP;
	if (o_impls(row, NULL, 0, err, err_len) == 0 || evp_name(row, name, sizeof(name)) != 0)
		return EMBER_ENOTSUP;
	e = speed_known_answer(row, &k, err, err_len);
	if (e != 0)
		return e;
	t = calloc(1, sizeof(*t));
	if (t == NULL) {
		snprintf(err, err_len, "out of memory");
		return EMBER_EINTERNAL;
	}
	t->o = o;
	t->kind = row->kind;
	if (row->kind == SPEED_HASH) {
		t->md = ossl_digest(o, name);
		t->mdctx = o->EVP_MD_CTX_new();
		if (t->md == NULL || t->mdctx == NULL)
			goto unsupported;
		digest(t, k.in, k.in_len);
		e = speed_kat_compare("openssl", row, &k, t->out, t->out_len, err, err_len);
	} else if (row->kind == SPEED_HMAC) {
		static const char key[] = SPEED_HMAC_KEY;
		t->md = ossl_digest(o, name);
		if (t->md == NULL || o->HMAC_CTX_new == NULL || o->HMAC_Init_ex == NULL || o->HMAC_Update == NULL ||
		    o->HMAC_Final == NULL || o->HMAC_CTX_free == NULL || (t->hctx = o->HMAC_CTX_new()) == NULL)
			goto unsupported;
		if (o->HMAC_Init_ex(t->hctx, k.key, (int)k.key_len, t->md, NULL) != 1)
			goto unsupported;
		hmac_mac(t, k.in, k.in_len);
		e = speed_kat_compare("openssl", row, &k, t->out, t->out_len, err, err_len);
		if (e == 0 && o->HMAC_Init_ex(t->hctx, key, (int)sizeof(key) - 1, t->md, NULL) != 1)
			goto unsupported;
	} else if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		t->cipher = ossl_cipher(o, name);
		t->cctx = o->EVP_CIPHER_CTX_new();
		t->dctx = o->EVP_CIPHER_CTX_new();
		if (t->cipher == NULL || t->cctx == NULL || t->dctx == NULL)
			goto unsupported;
		e = aead_open(t, row, &k, decrypt, err, err_len);
		if (e == 1)
			goto unsupported;
	} else {
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		uint8_t got[64], key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN];

		t->cipher = ossl_cipher(o, name);
		t->cctx = o->EVP_CIPHER_CTX_new();
		if (s == NULL || t->cipher == NULL || t->cctx == NULL)
			goto unsupported;
		/* both directions of the known answer, then the timing key */
		if (cipher_once(t, s, &k, 1, got, k.in, k.in_len) != 0)
			goto unsupported;
		e = speed_kat_compare("openssl", row, &k, got, k.in_len, err, err_len);
		if (e == 0 && s->mode != EMBER_MODE_STREAM && s->mode != EMBER_MODE_CTR) {
			if (cipher_once(t, s, &k, 0, got, k.out, k.out_len) != 0)
				goto unsupported;
			if (memcmp(got, k.in, k.in_len) != 0) {
				snprintf(err, err_len, "%s: decryption of the known answer is wrong: not timed", row->name);
				e = EMBER_EVERIFY;
			}
		}
		speed_task_key(key, sizeof(key), iv, sizeof(iv));
		if (e == 0 && cipher_key(t, s, key, s->key_len, k.iv_len ? iv : NULL, !decrypt) != 0)
			goto unsupported;
		ember_wipe(key, sizeof(key));
	}
	if (e != 0) {
		o_close(t);
		return e;
	}
	*out = t;
	return 0;
unsupported:
	snprintf(err, err_len, "%s: this libcrypto cannot key or run %s", row->name, name);
	o_close(t);
	return EMBER_ENOTSUP;
}

static const char *o_impl_name(const speed_task *t)
{
	(void)t;
	return "evp";
}

static void o_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;
	int outl;

	switch (t->kind) {
	case SPEED_HASH:
		for (i = 0; i < n; i++)
			digest(t, buf, size);
		break;
	case SPEED_HMAC:
		for (i = 0; i < n; i++)
			hmac_mac(t, buf, size);
		break;
	case SPEED_AEAD:
	case SPEED_GMAC:
		run_aead(t, buf, size, n);
		break;
	default:
		/* in place, as openssl speed's EVP loop; EVP buffers a partial block itself */
		for (i = 0; i < n; i++)
			t->o->EVP_CipherUpdate(t->cctx, buf, &outl, buf, (int)size);
		break;
	}
}

static const uint8_t *o_output(const speed_task *t, size_t *len)
{
	if (t->kind == SPEED_AEAD || t->kind == SPEED_GMAC) {
		*len = SPEED_AEAD_TAG_LEN;
		return t->decrypt ? t->sealed.tag : t->tag;
	}
	if (t->kind == SPEED_CIPHER) {
		*len = 0;
		return NULL;
	}
	*len = t->out_len;
	return t->out;
}

static const char *o_error(const speed_task *t)
{
	return t->failed ? t->err : NULL;
}

const speed_engine speed_engine_openssl = {
	"openssl", 0, o_probe, o_describe, o_impls, o_open, o_impl_name, o_run, o_output, o_close, o_error,
	o_pk_new, o_pk_sign, o_pk_verify, o_pk_selftest, o_pk_free,
	tls_openssl_new, tls_openssl_run, tls_openssl_sides, tls_openssl_free
};
