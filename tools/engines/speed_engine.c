/*
 * speed_engine.c - the "ember" engine of `ember speed`: digests, HMAC and
 * ciphers, reached only through the registry (ember_hash_at/find,
 * ember_block_at/find, ember_cipher_spec_find), so that every registered
 * implementation is benchmarked without an edit here.
 *
 * Each task is checked against a known answer before it is timed: digests
 * of standard messages (FIPS 180-4, RFC 1319/1320/1321, the RIPEMD-160
 * page, OpenSSL's MDC-2 example), HMAC by RFC 2202/4231 test case 2, and
 * for ciphers a fixed 32-byte block under key 00 01 02 ... and IV f0 f1 ...
 * whose ciphertexts were computed with OpenSSL 3.0 (IDEA and RC5, which it
 * lacks, use the IDEA example of Lai's thesis and Rivest's RC5 paper). An
 * algorithm with no known answer here is compared with every other
 * supported implementation of it instead.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "speed.h"
#include "speed_pk.h"

/* ---- known answers ---- */

static const struct hash_kat {
	const char *name;
	const char *msg; /* ASCII */
	const char *md;  /* hex */
} hash_kats[] = {
	{ "md2", "abc", "da853b0d3f88d99b30283a69e6ded6bb" },
	{ "md4", "abc", "a448017aaf21d8525fc10ae87aa6729d" },
	{ "md5", "abc", "900150983cd24fb0d6963f7d28e17f72" },
	{ "mdc2", "Now is the time for all ", "42e50cd224baceba760bdd2bd409281a" },
	{ "sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d" },
	{ "ripemd160", "abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc" },
	{ "sha224", "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
	{ "sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
	{ "sha384", "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
	                   "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
	{ "sha512", "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	                   "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
};

/* RFC 2202 / RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?". */
static const struct hash_kat hmac_kats[] = {
	{ "md5", NULL, "750c783e6ab0b503eaa86e310a5db738" },
	{ "sha1", NULL, "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79" },
	{ "sha224", NULL, "a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44" },
	{ "sha256", NULL, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" },
	{ "sha384", NULL, "af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47"
	                  "e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649" },
	{ "sha512", NULL, "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"
	                  "9758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737" },
};

#define KAT_PT "Ember speed: known-answer block." /* 32 bytes */

static const struct cipher_kat {
	const char *spec;
	const char *key, *iv, *pt; /* hex; NULL: 00 01 02 ..., f0 f1 ..., KAT_PT */
	const char *ct;
} cipher_kats[] = {
	{ "des-cbc", NULL, NULL, NULL, "e396d955f2868a0e899f0e81c03d1f26e0dd9bfe65f0708cdcdd16380670e305" },
	{ "des-ecb", NULL, NULL, NULL, "bd2c7f8e71982c2a390fbff19f2eb1e1f443fa39057db7ff67c800ee1fbb8ddb" },
	{ "des-ede3-cbc", NULL, NULL, NULL, "1885d15ee3f4db87367a9d2381ce28f0be6fa388908c3bcb02cc2fd570f374af" },
	{ "des-ede3", NULL, NULL, NULL, "7aeb825fc2390c3ea13c0c22d54a45e79360e5be0fa63676eb206c66330d44f6" },
	{ "rc4", NULL, NULL, NULL, "acf1229c35c26abc63bef3fc2eb64420a41fac3e9cc4358bfdbec7b59654882c" },
	{ "rc4-40", NULL, NULL, NULL, "bb706956963129e263b9e3fecd2ea5281a9bfdee7906ef2acbb9db3c41871890" },
	{ "rc2-cbc", NULL, NULL, NULL, "b8f18047c2422fca2e4402558705c988795cc883f647f1e6d029899a3f3f3eef" },
	{ "rc2-ecb", NULL, NULL, NULL, "8c5310f8473e9cfa266a9f6f6a3bf60600ed0ae9b231c1bbc94ac2348c4d4788" },
	{ "rc2-40-cbc", NULL, NULL, NULL, "b9da99af97d9110711e6c55d7149facd8ff6b795d963608f0ff192c699d1b0e1" },
	{ "rc2-64-cbc", NULL, NULL, NULL, "b63ed9a36e1999873250d77bba66f21c5102e07ae809defff011703c3db6051a" },
	{ "bf-cbc", NULL, NULL, NULL, "2a4fbd72b87c5156f38f28f80a0c5b534979b05117f2e0bb95aae9a2127dea51" },
	{ "bf-ecb", NULL, NULL, NULL, "5a6638ab9c2e65ab6dc81d6047bcf88198a13d803ba869c333b46ecc2ccda7c0" },
	{ "cast5-cbc", NULL, NULL, NULL, "5f9c0eef8a51ef947f522d29bef0e3a8cd7fda3ff14f3dd673ec326d63943117" },
	{ "cast5-ecb", NULL, NULL, NULL, "91a5027814673a08c8254aafa5aff044f53a26769957ef7695ec31b2414f31b1" },
	{ "aes-128-cbc", NULL, NULL, NULL, "13e452eac12543e0e5b43c8fa0a0cbc593f9aadf2b60d42c805ecf1a220c69eb" },
	{ "aes-192-cbc", NULL, NULL, NULL, "0746208780f88db8530e480b29da1a039da7b3aa796bcba7bd64d2af53a8a893" },
	{ "aes-256-cbc", NULL, NULL, NULL, "a0b71a431c94a117f41944712fa762eaeb44ac46df42eed2f240de66820f586e" },
	{ "aes-128-ecb", NULL, NULL, NULL, "c3b94b5ecf53e55185fcb875b3a2f223819eeb7b24bea6baa0f1a59d872050a2" },
	{ "aes-192-ecb", NULL, NULL, NULL, "f6f3a16904075bff7e8c0c4b70fe469a17e4b6620dceeeb224b4ad77e12fc490" },
	{ "aes-256-ecb", NULL, NULL, NULL, "58b649d800ca9344e478b8fa2f3f7dbf3f82054d8c2110e504f0c66a8301a1a9" },
	{ "aes-128-ctr", NULL, NULL, NULL, "23caa58d46724238f234ba3d137dc3c2c5effa61d9ed4bc8d68d11d701ff74c4" },
	{ "aes-192-ctr", NULL, NULL, NULL, "6eef2a3726d21ae0d6bc5238d08ec69cac6606e2a7e78054f54feaa844a2c22a" },
	{ "aes-256-ctr", NULL, NULL, NULL, "d76dafe851b6f3bb3f0c826e60590d7bbd3156219f5943a41c87374d2514eda0" },
	{ "camellia-128-cbc", NULL, NULL, NULL, "2e8d9a05d8e2bd210ac3378fefb657b64ffad946b88ccb95eb64c67b9bcb1502" },
	{ "camellia-192-cbc", NULL, NULL, NULL, "b2f1a16cb1d1c4498abbe3f99a8e9ccd78aed3b09569cddf2e90aeced0515337" },
	{ "camellia-256-cbc", NULL, NULL, NULL, "e7324f954773b6a7a75a5e46598b21a56d1d9294c6819fb6150f5ccfd4b74841" },
	{ "camellia-128-ecb", NULL, NULL, NULL, "30921a4e009a6d923e1a186acaf31ddc75e53b923f2bd801c86b38c1a8dc15a5" },
	{ "camellia-192-ecb", NULL, NULL, NULL, "c5c3adaa0f6473524a91eb29bc228124d9b2dcfba7a154cc956bda7a919ff089" },
	{ "camellia-256-ecb", NULL, NULL, NULL, "4293b3d69f1c5e9e879adc542d3bcc10bdcf8fbf118f6ff328b554e1740956ac" },
	/* IDEA: Lai's example; one block, zero IV, so CBC equals ECB. */
	{ "idea-cbc", "00010002000300040005000600070008", "0000000000000000", "0000000100020003", "11fbed2b01986de5" },
	{ "idea-ecb", "00010002000300040005000600070008", NULL, "0000000100020003", "11fbed2b01986de5" },
	/* RC5-32/12/16: the first vector of Rivest's RC5 paper. */
	{ "rc5-cbc", "00000000000000000000000000000000", "0000000000000000", "0000000000000000", "21a5dbee154b8f6d" },
	{ "rc5-ecb", "00000000000000000000000000000000", NULL, "0000000000000000", "21a5dbee154b8f6d" },
};

static size_t unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = 0;

	while (hex[0] && hex[1] && n < max) {
		unsigned v = 0, i;
		for (i = 0; i < 2; i++) {
			char c = hex[i];
			v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
		}
		out[n++] = (uint8_t)v;
		hex += 2;
	}
	return n;
}

/* ---- the known answers, shared with the other engines ---- */

size_t speed_cipher_block_len(const char *alg)
{
	if (strcmp(alg, "rc4") == 0)
		return 1;
	if (strcmp(alg, "aes") == 0 || strcmp(alg, "camellia") == 0)
		return 16;
	return 8; /* des, des-ede3, bf, cast5, idea, rc2, rc5 */
}

void speed_task_key(uint8_t *key, size_t key_len, uint8_t *iv, size_t iv_len)
{
	size_t i;

	for (i = 0; i < key_len; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	memset(iv, 0, iv_len);
}

static const struct hash_kat *find_kat(const struct hash_kat *t, size_t n, const char *name);
static const char cross_msg[] = "Ember speed cross-check message, longer than one 64-byte block, "
                                "so that the block function runs twice.";
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

int speed_known_answer(const speed_row *row, speed_kat *k, char *why, size_t why_len)
{
	memset(k, 0, sizeof(*k));
	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		const ember_hash_desc *d = ember_hash_find(row->target, NULL);
		const char *name = d ? d->name : row->target;
		const struct hash_kat *h;

		if (row->kind == SPEED_HASH) {
			h = find_kat(hash_kats, NELEM(hash_kats), name);
			if (h != NULL) {
				k->in_len = strlen(h->msg);
				memcpy(k->in, h->msg, k->in_len);
				k->out_len = unhex(k->out, sizeof(k->out), h->md);
				return 0;
			}
		} else {
			static const char data[] = "what do ya want for nothing?";
			k->key_len = 4;
			memcpy(k->key, "Jefe", 4);
			k->in_len = sizeof(data) - 1;
			memcpy(k->in, data, k->in_len);
			h = find_kat(hmac_kats, NELEM(hmac_kats), name);
			if (h != NULL) {
				k->out_len = unhex(k->out, sizeof(k->out), h->md);
				return 0;
			}
		}
		/* No published answer here: Ember's own (itself checked) is the reference. */
		if (d == NULL || speed_check_hash(d, why, why_len) != 0) {
			if (d == NULL)
				snprintf(why, why_len, "%s: no known answer and no Ember implementation to compare with", row->name);
			return EMBER_ENOTSUP;
		}
		if (row->kind == SPEED_HASH) {
			k->in_len = sizeof(cross_msg) - 1;
			if (k->in_len > sizeof(k->in)) {
				snprintf(why, why_len, "%s: cross-check message too long", row->name);
				return EMBER_EINTERNAL;
			}
			memcpy(k->in, cross_msg, k->in_len);
			ember_hash(d, k->out, k->in, k->in_len);
		} else {
			speed_hmac hm;
			if (speed_hmac_init(&hm, d, k->key, k->key_len) != 0) {
				snprintf(why, why_len, "%s: this digest cannot be used for HMAC here", row->name);
				return EMBER_ENOTSUP;
			}
			speed_hmac_mac(&hm, k->out, k->in, k->in_len);
			speed_hmac_clear(&hm);
		}
		k->out_len = d->digest_len;
		return 0;
	}
	{
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		const struct cipher_kat *c = NULL;
		size_t i;

		if (s == NULL) {
			snprintf(why, why_len, "%s: unknown cipher", row->name);
			return EMBER_ENOTSUP;
		}
		for (i = 0; i < NELEM(cipher_kats); i++)
			if (strcmp(cipher_kats[i].spec, s->name) == 0)
				c = &cipher_kats[i];
		k->mode = s->mode;
		k->param = s->param;
		k->block_len = speed_cipher_block_len(s->alg);
		for (i = 0; i < sizeof(k->key); i++)
			k->key[i] = (uint8_t)i;
		for (i = 0; i < sizeof(k->iv); i++)
			k->iv[i] = (uint8_t)(0xf0 + i);
		k->key_len = s->key_len;
		k->iv_len = s->mode == EMBER_MODE_CBC || s->mode == EMBER_MODE_CTR ? k->block_len : 0;
		memcpy(k->in, KAT_PT, k->in_len = 32);
		if (c != NULL) {
			if (c->key)
				k->key_len = unhex(k->key, sizeof(k->key), c->key);
			if (c->iv)
				k->iv_len = unhex(k->iv, sizeof(k->iv), c->iv);
			if (c->pt)
				k->in_len = unhex(k->in, sizeof(k->in), c->pt);
			k->out_len = unhex(k->out, sizeof(k->out), c->ct);
			return 0;
		}
		{
			const ember_block_desc *d = ember_block_find(s->alg, NULL);
			ember_cipher_ctx cc;
			int e;

			if (d == NULL) {
				snprintf(why, why_len, "%s: no known answer and no Ember implementation to compare with", row->name);
				return EMBER_ENOTSUP;
			}
			e = ember_cipher_init(&cc, d, s->mode, k->key, k->key_len, s->param, k->iv, 0);
			if (e == 0)
				e = ember_cipher_update(&cc, k->out, k->in, k->in_len);
			ember_cipher_clear(&cc);
			if (e != 0) {
				snprintf(why, why_len, "%s: Ember cannot compute its answer (%s)", row->name, ember_strerror(e));
				return EMBER_ENOTSUP;
			}
			k->out_len = k->in_len;
		}
		return 0;
	}
}

int speed_kat_compare(const char *engine, const speed_row *row, const speed_kat *k, const uint8_t *got,
    size_t got_len, char *err, size_t err_len)
{
	if (got_len == k->out_len && memcmp(got, k->out, got_len) == 0)
		return 0;
	snprintf(err, err_len, "%s: %s: wrong answer for the known-answer test (got %u bytes, want %u): not timed", engine,
	    row->name, (unsigned)got_len, (unsigned)k->out_len);
	return EMBER_EVERIFY;
}

/* ---- tasks ---- */

struct speed_task {
	int kind;
	const ember_hash_desc *hd;
	speed_hmac hmac;
	const ember_block_desc *bd;
	const ember_cipher_spec *spec;
	ember_cipher_ctx cc;
	size_t carry; /* bytes of a partial block held back, as EVP buffers them */
	uint8_t md[EMBER_MAX_DIGEST_LEN];
};

/* Digest descriptor name for a row (the HMAC rows name their digest). */
static const char *hash_name(const speed_row *row)
{
	return row->target;
}

static int name_match(const char *want, const char *name, const char *aliases)
{
	const char *p;

	if (strcasecmp(want, name) == 0)
		return 1;
	for (p = aliases; p && *p;) {
		size_t n = strcspn(p, " ");
		if (n == strlen(want) && strncasecmp(p, want, n) == 0)
			return 1;
		p += n;
		while (*p == ' ')
			p++;
	}
	return 0;
}

static size_t e_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	size_t i, n = 0;

	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		const ember_hash_desc *best = ember_hash_find(hash_name(row), NULL);
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			if (!name_match(hash_name(row), d->name, d->aliases))
				continue;
			if (n < max) {
				out[n].name = d->impl;
				out[n].flags = d->flags;
				out[n].supported = ember_hash_supported(d);
				out[n].preferred = d == best;
			}
			n++;
		}
		if (n == 0)
			snprintf(why, why_len, "%s: not in this build", row->name);
		return n;
	}
	{
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		const ember_block_desc *best;
		if (s == NULL) {
			snprintf(why, why_len, "%s: not in this build", row->name);
			return 0;
		}
		best = ember_block_find(s->alg, NULL);
		for (i = 0; i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			if (strcmp(d->name, s->alg) != 0)
				continue;
			if (n < max) {
				out[n].name = d->impl;
				out[n].flags = d->flags;
				out[n].supported = ember_block_supported(d);
				out[n].preferred = d == best;
			}
			n++;
		}
		if (n == 0)
			snprintf(why, why_len, "%s: not in this build", row->name);
		return n;
	}
}

static const struct hash_kat *find_kat(const struct hash_kat *t, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

/* Checks digest |d|: its known answer, else agreement with the other implementations. */
int speed_check_hash(const ember_hash_desc *d, char *err, size_t err_len)
{
	const struct hash_kat *k = find_kat(hash_kats, NELEM(hash_kats), d->name);
	uint8_t want[EMBER_MAX_DIGEST_LEN], got[EMBER_MAX_DIGEST_LEN];
	const char *msg = cross_msg;
	size_t i;

	if (k != NULL) {
		if (unhex(want, sizeof(want), k->md) != d->digest_len)
			goto bad;
		ember_hash(d, got, k->msg, strlen(k->msg));
		if (memcmp(got, want, d->digest_len) != 0)
			goto bad;
		return 0;
	}
	ember_hash(d, want, msg, sizeof(cross_msg) - 1);
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *o = ember_hash_at(i);
		if (o == d || strcmp(o->name, d->name) != 0 || !ember_hash_supported(o))
			continue;
		ember_hash(o, got, msg, sizeof(cross_msg) - 1);
		if (memcmp(got, want, d->digest_len) != 0) {
			snprintf(err, err_len, "%s/%s and %s/%s disagree: not timed", d->name, d->impl, o->name,
			    o->impl);
			return EMBER_EVERIFY;
		}
	}
	return 0;
bad:
	snprintf(err, err_len, "%s/%s: wrong answer for a known-answer test: not timed", d->name, d->impl);
	return EMBER_EVERIFY;
}

static int check_hmac(const speed_task *t, char *err, size_t err_len)
{
	const struct hash_kat *k = find_kat(hmac_kats, NELEM(hmac_kats), t->hd->name);
	static const char data[] = "what do ya want for nothing?";
	uint8_t want[EMBER_MAX_DIGEST_LEN], got[EMBER_MAX_DIGEST_LEN];
	speed_hmac h;

	if (k == NULL)
		return 0; /* the digest itself was checked; the construction is the same for all */
	if (speed_hmac_init(&h, t->hd, (const uint8_t *)"Jefe", 4) != 0 ||
	    unhex(want, sizeof(want), k->md) != t->hd->digest_len)
		goto bad;
	speed_hmac_mac(&h, got, (const uint8_t *)data, sizeof(data) - 1);
	speed_hmac_clear(&h);
	if (memcmp(got, want, t->hd->digest_len) != 0)
		goto bad;
	return 0;
bad:
	snprintf(err, err_len, "hmac(%s)/%s: wrong answer for RFC 2202/4231 test case 2: not timed", t->hd->name,
	    t->hd->impl);
	return EMBER_EVERIFY;
}

/* Encrypts and decrypts |len| bytes with a fresh context (whole, then in blocks). */
static int cipher_once(const ember_block_desc *d, const ember_cipher_spec *s, const uint8_t *key,
    size_t key_len, const uint8_t *iv, int decrypt, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_cipher_ctx c;
	int err;

	err = ember_cipher_init(&c, d, s->mode, key, key_len, s->param, iv, decrypt);
	if (err == 0)
		err = ember_cipher_update(&c, out, in, len);
	ember_cipher_clear(&c);
	return err;
}

static int check_cipher(const char *row, const ember_block_desc *d, const ember_cipher_spec *s, char *err, size_t err_len)
{
	uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN], pt[64], ct[64], got[64];
	size_t key_len, len, i;
	const struct cipher_kat *k = NULL;

	for (i = 0; i < NELEM(cipher_kats); i++)
		if (strcmp(cipher_kats[i].spec, s->name) == 0)
			k = &cipher_kats[i];
	for (i = 0; i < sizeof(key); i++)
		key[i] = (uint8_t)i;
	for (i = 0; i < sizeof(iv); i++)
		iv[i] = (uint8_t)(0xf0 + i);
	key_len = s->key_len;
	if (k != NULL) {
		if (k->key)
			key_len = unhex(key, sizeof(key), k->key);
		if (k->iv)
			unhex(iv, sizeof(iv), k->iv);
		if (k->pt)
			len = unhex(pt, sizeof(pt), k->pt);
		else
			memcpy(pt, KAT_PT, len = 32);
		if (unhex(ct, sizeof(ct), k->ct) != len)
			goto bad;
		if (cipher_once(d, s, key, key_len, iv, 0, got, pt, len) != 0 || memcmp(got, ct, len) != 0)
			goto bad;
		if (s->mode != EMBER_MODE_STREAM && s->mode != EMBER_MODE_CTR &&
		    (cipher_once(d, s, key, key_len, iv, 1, got, ct, len) != 0 || memcmp(got, pt, len) != 0))
			goto bad;
		return 0;
	}
	/* No known answer: every supported implementation must agree. */
	memcpy(pt, KAT_PT, len = 32);
	if (cipher_once(d, s, key, key_len, iv, 0, ct, pt, len) != 0)
		goto bad;
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *o = ember_block_at(i);
		if (o == d || strcmp(o->name, d->name) != 0 || !ember_block_supported(o))
			continue;
		if (cipher_once(o, s, key, key_len, iv, 0, got, pt, len) != 0 || memcmp(got, ct, len) != 0) {
			snprintf(err, err_len, "%s: implementations %s and %s disagree: not timed", row, d->impl, o->impl);
			return EMBER_EVERIFY;
		}
	}
	return 0;
bad:
	snprintf(err, err_len, "%s/%s: wrong answer for a known-answer test (%s): not timed", row, d->impl, s->name);
	return EMBER_EVERIFY;
}

static int e_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err,
    size_t err_len)
{
	speed_task *t;
	int e;

	*out = NULL;
	t = calloc(1, sizeof(*t));
	if (t == NULL) {
		snprintf(err, err_len, "out of memory");
		return EMBER_EINTERNAL;
	}
	t->kind = row->kind;
	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		t->hd = ember_hash_find(hash_name(row), impl);
		if (t->hd == NULL) {
			snprintf(err, err_len, "%s%s%s: not supported here", row->name, impl ? "/" : "", impl ? impl : "");
			free(t);
			return EMBER_ENOTSUP;
		}
		e = speed_check_hash(t->hd, err, err_len);
		if (e == 0 && row->kind == SPEED_HMAC) {
			/* openssl speed's HMAC key is 16 bytes ("This is a key..."), shorter than the block */
			static const char key[] = SPEED_HMAC_KEY;
			e = check_hmac(t, err, err_len);
			if (e == 0 && speed_hmac_init(&t->hmac, t->hd, (const uint8_t *)key, sizeof(key) - 1) != 0) {
				snprintf(err, err_len, "%s: this digest cannot be used for HMAC here", row->name);
				e = EMBER_ENOTSUP;
			}
		}
	} else {
		uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN];

		t->spec = ember_cipher_spec_find(row->target);
		t->bd = t->spec ? ember_block_find(t->spec->alg, impl) : NULL;
		if (t->bd == NULL) {
			snprintf(err, err_len, "%s%s%s: not supported here", row->name, impl ? "/" : "", impl ? impl : "");
			free(t);
			return EMBER_ENOTSUP;
		}
		e = check_cipher(row->name, t->bd, t->spec, err, err_len);
		speed_task_key(key, sizeof(key), iv, sizeof(iv));
		if (e == 0 && ember_cipher_init(&t->cc, t->bd, t->spec->mode, key, t->spec->key_len, t->spec->param,
		                  iv, decrypt) != 0) {
			snprintf(err, err_len, "%s/%s: cannot be keyed", row->name, t->bd->impl);
			e = EMBER_ENOTSUP;
		}
	}
	if (e != 0) {
		ember_cipher_clear(&t->cc);
		free(t);
		return e;
	}
	*out = t;
	return 0;
}

static const char *e_impl_name(const speed_task *t)
{
	return t->hd ? t->hd->impl : t->bd->impl;
}

static void e_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;

	switch (t->kind) {
	case SPEED_HASH:
		/* as openssl speed: one EVP_Digest (init, update, final) per operation */
		for (i = 0; i < n; i++)
			ember_hash(t->hd, t->md, buf, size);
		break;
	case SPEED_HMAC:
		for (i = 0; i < n; i++)
			speed_hmac_mac(&t->hmac, t->md, buf, size);
		break;
	default: {
		/* In place, chaining across operations, as openssl's EVP_CipherUpdate.
		 * Sizes that are not a block multiple carry the rest to the next
		 * operation as EVP's buffer does, so the bytes counted are the bytes
		 * processed. */
		size_t bl = t->bd->block_len;
		for (i = 0; i < n; i++) {
			size_t len = t->carry + size;
			t->carry = len % bl;
			(void)ember_cipher_update(&t->cc, buf, buf, len - t->carry);
		}
		break;
	}
	}
}

static const uint8_t *e_output(const speed_task *t, size_t *len)
{
	if (t->kind == SPEED_CIPHER) {
		*len = 0;
		return NULL;
	}
	*len = t->hd->digest_len;
	return t->md;
}

static void e_close(speed_task *t)
{
	if (t == NULL)
		return;
	speed_hmac_clear(&t->hmac);
	ember_cipher_clear(&t->cc);
	free(t);
}

/* Ember's public-key words, through speed_pk.h. */
static void *e_pk_new(const char *word, char *err, size_t err_len)
{
	return speed_pk_new(word, NULL, err, err_len);
}

static int e_pk_sign(void *k)
{
	return speed_pk_sign(k);
}

static int e_pk_verify(void *k)
{
	return speed_pk_verify(k);
}

static int e_pk_selftest(void *k)
{
	return speed_pk_selftest(k);
}

static void e_pk_free(void *k)
{
	speed_pk_free(k);
}

const speed_engine speed_engine_ember = {
	"ember", 0, NULL, NULL, e_impls, e_open, e_impl_name, e_run, e_output, e_close, NULL,
	e_pk_new, e_pk_sign, e_pk_verify, e_pk_selftest, e_pk_free
};
