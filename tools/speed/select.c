/*
 * select.c - what `ember speed` runs: openssl speed's rows, words and
 * public-key words, the engines of this build, and the jobs that the words
 * (or the defaults, -evp, -hmac, -impl) select for each engine, with the
 * rows an engine cannot run recorded as skipped and why.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <strings.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "speed.h"
#include "speed_ec.h"
#include "speed_int.h"
#include "speed_tls.h"
#include "speed_pk.h"
#include "speed_pq.h"
#include "speed_sig.h"
#include "tool.h"

/* ---- openssl speed's rows and words ---- */

const struct speed_row_def speed_row_defs[] = {
	{ 0, "md2", SPEED_HASH, "md2" },
	{ 1, "mdc2", SPEED_HASH, "mdc2" },
	{ 2, "md4", SPEED_HASH, "md4" },
	{ 3, "md5", SPEED_HASH, "md5" },
	{ 4, "sha1", SPEED_HASH, "sha1" },
	{ 5, "rmd160", SPEED_HASH, "ripemd160" },
	{ 6, "sha256", SPEED_HASH, "sha256" },
	{ 7, "sha512", SPEED_HASH, "sha512" },
	{ 9, "hmac(md5)", SPEED_HMAC, "md5" },
	{ 10, "des-cbc", SPEED_CIPHER, "des-cbc" },
	{ 11, "des-ede3", SPEED_CIPHER, "des-ede3-cbc" }, /* openssl speed's des-ede3 row is CBC */
	{ 12, "rc4", SPEED_CIPHER, "rc4" },
	{ 13, "idea-cbc", SPEED_CIPHER, "idea-cbc" },
	{ 15, "rc2-cbc", SPEED_CIPHER, "rc2-cbc" },
	{ 16, "rc5-cbc", SPEED_CIPHER, "rc5-cbc" },
	{ 17, "blowfish", SPEED_CIPHER, "bf-cbc" },        /* openssl 3.0 prints this row as "blowfish" */
	{ 18, "cast-cbc", SPEED_CIPHER, "cast5-cbc" },
	{ 19, "aes-128-cbc", SPEED_CIPHER, "aes-128-cbc" },
	{ 20, "aes-192-cbc", SPEED_CIPHER, "aes-192-cbc" },
	{ 21, "aes-256-cbc", SPEED_CIPHER, "aes-256-cbc" },
	{ 22, "camellia-128-cbc", SPEED_CIPHER, "camellia-128-cbc" },
	{ 23, "camellia-192-cbc", SPEED_CIPHER, "camellia-192-cbc" },
	{ 24, "camellia-256-cbc", SPEED_CIPHER, "camellia-256-cbc" },
};
const size_t speed_nrows = sizeof(speed_row_defs) / sizeof(speed_row_defs[0]);

/* Words openssl speed accepts, and the rows (openssl indices) each selects. */
const struct speed_word speed_words[] = {
	{ "md2", { 0 }, 1 }, { "mdc2", { 1 }, 1 }, { "md4", { 2 }, 1 }, { "md5", { 3 }, 1 },
	{ "hmac", { 9 }, 1 }, { "sha1", { 4 }, 1 }, { "sha256", { 6 }, 1 }, { "sha512", { 7 }, 1 },
	{ "sha", { 4, 6, 7 }, 3 }, { "rmd160", { 5 }, 1 }, { "ripemd160", { 5 }, 1 }, { "ripemd", { 5 }, 1 },
	{ "rc4", { 12 }, 1 }, { "des-cbc", { 10 }, 1 }, { "des-ede3", { 11 }, 1 }, { "des", { 10, 11 }, 2 },
	{ "idea-cbc", { 13 }, 1 }, { "idea", { 13 }, 1 }, { "rc2-cbc", { 15 }, 1 }, { "rc2", { 15 }, 1 },
	{ "rc5-cbc", { 16 }, 1 }, { "rc5", { 16 }, 1 }, { "bf-cbc", { 17 }, 1 }, { "blowfish", { 17 }, 1 },
	{ "bf", { 17 }, 1 }, { "cast-cbc", { 18 }, 1 }, { "cast", { 18 }, 1 }, { "cast5", { 18 }, 1 },
	{ "aes-128-cbc", { 19 }, 1 }, { "aes-192-cbc", { 20 }, 1 }, { "aes-256-cbc", { 21 }, 1 },
	{ "aes", { 19, 20, 21 }, 3 }, { "camellia-128-cbc", { 22 }, 1 }, { "camellia-192-cbc", { 23 }, 1 },
	{ "camellia-256-cbc", { 24 }, 1 }, { "camellia", { 22, 23, 24 }, 3 },
};
const size_t speed_nwords = sizeof(speed_words) / sizeof(speed_words[0]);

/*
 * Ember's own words for what openssl reaches only through -evp, and
 * openssl's "ghash" row: none is in the default run (openssl's table stays
 * as it is), and each prints as openssl prints it (the -evp rows' number
 * 25 and openssl's names: "AES-128-GCM", "ChaCha20-Poly1305", "sha3-256").
 */
const struct speed_extra_def speed_extra_defs[] = {
	{ "aes-128-gcm", SPEED_D_EVP, "AES-128-GCM", SPEED_AEAD, "aes-128-gcm" },
	{ "aes-192-gcm", SPEED_D_EVP, "AES-192-GCM", SPEED_AEAD, "aes-192-gcm" },
	{ "aes-256-gcm", SPEED_D_EVP, "AES-256-GCM", SPEED_AEAD, "aes-256-gcm" },
	{ "aes-128-ccm", SPEED_D_EVP, "AES-128-CCM", SPEED_AEAD, "aes-128-ccm" },
	{ "aes-192-ccm", SPEED_D_EVP, "AES-192-CCM", SPEED_AEAD, "aes-192-ccm" },
	{ "aes-256-ccm", SPEED_D_EVP, "AES-256-CCM", SPEED_AEAD, "aes-256-ccm" },
	{ "chacha20-poly1305", SPEED_D_EVP, "ChaCha20-Poly1305", SPEED_AEAD, "chacha20-poly1305" },
	{ "sha3-224", SPEED_D_EVP, "sha3-224", SPEED_HASH, "sha3-224" },
	{ "sha3-256", SPEED_D_EVP, "sha3-256", SPEED_HASH, "sha3-256" },
	{ "sha3-384", SPEED_D_EVP, "sha3-384", SPEED_HASH, "sha3-384" },
	{ "sha3-512", SPEED_D_EVP, "sha3-512", SPEED_HASH, "sha3-512" },
	{ "shake128", SPEED_D_EVP, "shake128", SPEED_HASH, "shake128" },
	{ "shake256", SPEED_D_EVP, "shake256", SPEED_HASH, "shake256" },
	{ "ghash", SPEED_D_GHASH, "ghash", SPEED_GMAC, "aes-128-gcm" },
};
const size_t speed_nextra = sizeof(speed_extra_defs) / sizeof(speed_extra_defs[0]);
typedef char speed_nextra_check[sizeof(speed_extra_defs) / sizeof(speed_extra_defs[0]) <= SPEED_MAX_EXTRA ? 1 : -1];

/*
 * The public-key words, family by family in the order openssl 3.0 prints its
 * tables (rsa, dsa, ecdsa, ecdh, eddsa). The curves' indices are those of
 * openssl 3.0's ec_curves table (secp160r1 = 0, nistp192, nistp224,
 * nistp256 = 3, nistp384 = 4, ... X25519 = 22) and ed_curves (Ed25519 = 0):
 * the k of its +F4, +F5 and +F6 records, which results/speedparse_mr.c maps
 * back to the curves.
 */
const struct speed_pk_def speed_pk_defs[] = {
	{ "rsa512", SPEED_PK_RSA, 0, 512, "" },
	{ "rsa1024", SPEED_PK_RSA, 1, 1024, "" },
	{ "rsa2048", SPEED_PK_RSA, 2, 2048, "" },
	{ "rsa3072", SPEED_PK_RSA, 3, 3072, "" },
	{ "rsa4096", SPEED_PK_RSA, 4, 4096, "" },
	{ "dsa512", SPEED_PK_DSA, 0, 512, "" },
	{ "dsa1024", SPEED_PK_DSA, 1, 1024, "" },
	{ "dsa2048", SPEED_PK_DSA, 2, 2048, "" },
	{ "ecdsap256", SPEED_PK_ECDSA, 3, 256, "nistp256" },
	{ "ecdsap384", SPEED_PK_ECDSA, 4, 384, "nistp384" },
	{ "ecdhp256", SPEED_PK_ECDH, 3, 256, "nistp256" },
	{ "ecdhp384", SPEED_PK_ECDH, 4, 384, "nistp384" },
	{ "ecdhx25519", SPEED_PK_ECDH, 22, 253, "X25519" },
	{ "ed25519", SPEED_PK_EDDSA, 0, 253, "Ed25519" },
	/* openssl 3.5's KEM table; bits: the number of the name (the index: see speed_pk_job) */
	{ "ML-KEM-512", SPEED_PK_KEM, 0, 512, "ML-KEM-512" },
	{ "ML-KEM-768", SPEED_PK_KEM, 1, 768, "ML-KEM-768" },
	{ "ML-KEM-1024", SPEED_PK_KEM, 2, 1024, "ML-KEM-1024" },
	{ "X25519MLKEM768", SPEED_PK_KEM, 3, 768, "X25519MLKEM768" },
	/* openssl 3.5's SIG table; index: Ember's order, named by +EMBER:SIG records */
	{ "ML-DSA-44", SPEED_PK_SIG, 0, 44, "ML-DSA-44" },
	{ "ML-DSA-65", SPEED_PK_SIG, 1, 65, "ML-DSA-65" },
	{ "ML-DSA-87", SPEED_PK_SIG, 2, 87, "ML-DSA-87" },
	/* Ember's TLS 1.3 handshakes (speed_tls.h): every group x server key; index: Ember's order */
	{ "tls13:x25519:ecdsap256", SPEED_PK_TLS, 0, 0, "" },
	{ "tls13:x25519:ecdsap384", SPEED_PK_TLS, 1, 0, "" },
	{ "tls13:x25519:rsa2048", SPEED_PK_TLS, 2, 0, "" },
	{ "tls13:x25519:ed25519", SPEED_PK_TLS, 3, 0, "" },
	{ "tls13:x25519:mldsa65", SPEED_PK_TLS, 4, 0, "" },
	{ "tls13:p256:ecdsap256", SPEED_PK_TLS, 5, 0, "" },
	{ "tls13:p256:ecdsap384", SPEED_PK_TLS, 6, 0, "" },
	{ "tls13:p256:rsa2048", SPEED_PK_TLS, 7, 0, "" },
	{ "tls13:p256:ed25519", SPEED_PK_TLS, 8, 0, "" },
	{ "tls13:p256:mldsa65", SPEED_PK_TLS, 9, 0, "" },
	{ "tls13:p384:ecdsap256", SPEED_PK_TLS, 10, 0, "" },
	{ "tls13:p384:ecdsap384", SPEED_PK_TLS, 11, 0, "" },
	{ "tls13:p384:rsa2048", SPEED_PK_TLS, 12, 0, "" },
	{ "tls13:p384:ed25519", SPEED_PK_TLS, 13, 0, "" },
	{ "tls13:p384:mldsa65", SPEED_PK_TLS, 14, 0, "" },
	{ "tls13:x25519mlkem768:ecdsap256", SPEED_PK_TLS, 15, 0, "" },
	{ "tls13:x25519mlkem768:ecdsap384", SPEED_PK_TLS, 16, 0, "" },
	{ "tls13:x25519mlkem768:rsa2048", SPEED_PK_TLS, 17, 0, "" },
	{ "tls13:x25519mlkem768:ed25519", SPEED_PK_TLS, 18, 0, "" },
	{ "tls13:x25519mlkem768:mldsa65", SPEED_PK_TLS, 19, 0, "" },
	/* TLS 1.2's: every ECDHE group x server key, then RSA key transport (speed_tls.h) */
	{ "tls12:x25519:ecdsap256", SPEED_PK_TLS, 20, 0, "" },
	{ "tls12:x25519:ecdsap384", SPEED_PK_TLS, 21, 0, "" },
	{ "tls12:x25519:rsa2048", SPEED_PK_TLS, 22, 0, "" },
	{ "tls12:x25519:ed25519", SPEED_PK_TLS, 23, 0, "" },
	{ "tls12:p256:ecdsap256", SPEED_PK_TLS, 24, 0, "" },
	{ "tls12:p256:ecdsap384", SPEED_PK_TLS, 25, 0, "" },
	{ "tls12:p256:rsa2048", SPEED_PK_TLS, 26, 0, "" },
	{ "tls12:p256:ed25519", SPEED_PK_TLS, 27, 0, "" },
	{ "tls12:p384:ecdsap256", SPEED_PK_TLS, 28, 0, "" },
	{ "tls12:p384:ecdsap384", SPEED_PK_TLS, 29, 0, "" },
	{ "tls12:p384:rsa2048", SPEED_PK_TLS, 30, 0, "" },
	{ "tls12:p384:ed25519", SPEED_PK_TLS, 31, 0, "" },
	{ "tls12:rsa:rsa2048", SPEED_PK_TLS, 32, 0, "" },
};
/* SPEED_NPK (speed_int.h), which sizes the arrays of one flag per word, counts the words above. */
typedef char speed_npk_check[sizeof(speed_pk_defs) / sizeof(speed_pk_defs[0]) == SPEED_NPK ? 1 : -1];

const char *speed_pk_family_name(int family)
{
	static const char *const names[] = { "rsa", "dsa", "ecdsa", "ecdh", "eddsa", "kem", "signature", "tls13" };
	return family >= 0 && family < SPEED_PK_NFAM ? names[family] : "?";
}

/* openssl 3.0's curve words for what Ember has no curve: reported as missing rows are (-skip-missing). */
const char *const speed_pk_absent[] = {
	"ecdsap160", "ecdsap192", "ecdsap224", "ecdsap521", "ecdsak163", "ecdsak233", "ecdsak283", "ecdsak409",
	"ecdsak571", "ecdsab163", "ecdsab233", "ecdsab283", "ecdsab409", "ecdsab571", "ecdsabrp256r1",
	"ecdsabrp256t1", "ecdsabrp384r1", "ecdsabrp384t1", "ecdsabrp512r1", "ecdsabrp512t1",
	"ecdhp160", "ecdhp192", "ecdhp224", "ecdhp521", "ecdhk163", "ecdhk233", "ecdhk283", "ecdhk409",
	"ecdhk571", "ecdhb163", "ecdhb233", "ecdhb283", "ecdhb409", "ecdhb571", "ecdhbrp256r1", "ecdhbrp256t1",
	"ecdhbrp384r1", "ecdhbrp384t1", "ecdhbrp512r1", "ecdhbrp512t1", "ecdhx448", "ed448",
	/* openssl 3.5's KEM rows Ember has not (its DHKEM rows and the other hybrids) */
	"ECP-256", "ECP-384", "ECP-521", "X25519", "X448", "X448MLKEM1024", "SecP256r1MLKEM768", "SecP384r1MLKEM1024",
	/* openssl 3.5's SIG rows Ember has not (SLH-DSA, FIPS 205) */
	"SLH-DSA-SHA2-128s", "SLH-DSA-SHAKE-128s", "SLH-DSA-SHA2-128f", "SLH-DSA-SHAKE-128f", "SLH-DSA-SHA2-192s",
	"SLH-DSA-SHAKE-192s", "SLH-DSA-SHA2-192f", "SLH-DSA-SHAKE-192f", "SLH-DSA-SHA2-256s", "SLH-DSA-SHAKE-256s",
	"SLH-DSA-SHA2-256f", "SLH-DSA-SHAKE-256f",
	NULL
};

/* ---- public-key keys: the engine's, or speed_pq.h's for a KEM word, speed_sig.h's for ML-DSA ---- */

void *speed_pk_key_new(const speed_engine *e, const char *word, char *err, size_t err_len)
{
	if (speed_tls_known(word))
		return speed_tls_job_new(e, word, err, err_len);
	if (speed_pq_known(word) || speed_sig_known(word)) {
		if (e == &speed_engine_ember)
			return speed_pq_known(word) ? (void *)speed_pq_new(word, err, err_len)
			                            : (void *)speed_sig_new(word, err, err_len);
		snprintf(err, err_len, "%s: not supported by this engine", word);
		return NULL;
	}
	if (e->pk_new == NULL) {
		snprintf(err, err_len, "%s: not supported by this engine", word);
		return NULL;
	}
	return e->pk_new(word, err, err_len);
}

int speed_pk_key_op(const speed_engine *e, int family, void *key, int op)
{
	if (family == SPEED_PK_KEM)
		return speed_pq_op(key, op);
	if (family == SPEED_PK_SIG)
		return speed_sig_op(key, op);
	if (family == SPEED_PK_TLS)
		return speed_tls_job_run(key); /* one handshake: both sides (run.c splits the time) */
	return op ? e->pk_verify(key) : e->pk_sign(key);
}

int speed_pk_key_selftest(const speed_engine *e, int family, void *key)
{
	if (family == SPEED_PK_SIG)
		return speed_sig_selftest(key);
	if (family == SPEED_PK_TLS)
		return speed_tls_job_selftest(key);
	return family == SPEED_PK_KEM ? speed_pq_selftest(key) : e->pk_selftest(key);
}

void speed_pk_key_free(const speed_engine *e, int family, void *key)
{
	if (key == NULL)
		return;
	if (family == SPEED_PK_KEM)
		speed_pq_free(key);
	else if (family == SPEED_PK_SIG)
		speed_sig_free(key);
	else if (family == SPEED_PK_TLS)
		speed_tls_job_free(key);
	else
		e->pk_free(key);
}

/* ---- the harness's handle on an engine's handshakes (speed_int.h) ---- */

struct speed_tls_job {
	const speed_engine *e;
	char word[48];
	speed_tls_spec spec;
	void *h;
};

speed_tls_job *speed_tls_job_new(const speed_engine *e, const char *word, char *err, size_t err_len)
{
	speed_tls_job *j;

	if (e->hs_new == NULL) {
		snprintf(err, err_len, "%s: no TLS handshakes in this engine", word);
		return NULL;
	}
	j = calloc(1, sizeof(*j));
	if (j == NULL) {
		snprintf(err, err_len, "%s: out of memory", word);
		return NULL;
	}
	j->e = e;
	snprintf(j->word, sizeof(j->word), "%s", word);
	if (speed_tls_spec_of(j->word, &j->spec, err, err_len) != 0 || (j->h = e->hs_new(&j->spec, err, err_len)) == NULL) {
		free(j);
		return NULL;
	}
	return j;
}

int speed_tls_job_run(speed_tls_job *j)
{
	return j->e->hs_run(j->h);
}

/* One handshake that must negotiate what the word asks for, then the counters start again. */
int speed_tls_job_selftest(speed_tls_job *j)
{
	speed_tls_sides s;
	int ret = j->e->hs_run(j->h);

	j->e->hs_sides(j->h, &s);
	if (ret != 0)
		return ret;
	if (s.group != j->spec.group || strcmp(s.suite, j->spec.suite_name) != 0 || s.bytes[0] == 0 || s.bytes[1] == 0)
		return EMBER_EVERIFY;
	return 0;
}

void speed_tls_job_sides(speed_tls_job *j, speed_tls_sides *out)
{
	j->e->hs_sides(j->h, out);
}

const char *speed_tls_job_suite(const speed_tls_job *j)
{
	return j->spec.suite_name;
}

void speed_tls_job_free(speed_tls_job *j)
{
	if (j == NULL)
		return;
	j->e->hs_free(j->h);
	free(j);
}

const speed_engine *const speed_engines[] = { &speed_engine_ember, &speed_engine_openssl, &speed_engine_afalg,
	&speed_engine_cryptodev, &speed_engine_sodium, &speed_engine_wolfssl };
const size_t speed_nengines = sizeof(speed_engines) / sizeof(speed_engines[0]);

/* ---- small helpers ---- */

static const struct speed_row_def *row_by_index(int index)
{
	size_t i;

	for (i = 0; i < speed_nrows; i++)
		if (speed_row_defs[i].index == index)
			return &speed_row_defs[i];
	return NULL;
}

/* Bounded copy of a message (snprintf("%s") would warn about truncation). */
static void set_text(char *dst, size_t n, const char *src)
{
	size_t len = strlen(src);

	if (len >= n)
		len = n - 1;
	memcpy(dst, src, len);
	dst[len] = 0;
}

/* "openssl: " before an engine's messages, except for Ember's own engine run alone. */
const char *speed_run_prefix(const speed_run *r)
{
	static char buf[40];

	if (r->engine == &speed_engine_ember && r->nengines <= 1)
		return "";
	snprintf(buf, sizeof(buf), "%s: ", r->engine->name);
	return buf;
}

/* ---- selection ---- */

/* What the engine says of implementation |im| of a job just added: flags, default. */
static void note_impl(speed_run *r, const speed_impl *im)
{
	speed_job *j = &r->jobs[r->njobs - 1];

	j->impl_flags = im->flags;
	j->is_default = im->preferred;
}

static int add_job(speed_run *r, const speed_row *row, const char *impl, int show_impl)
{
	speed_job *j;

	j = realloc(r->jobs, sizeof(*j) * (size_t)(r->njobs + 1));
	if (j == NULL)
		return tool_error(CMD, "out of memory");
	r->jobs = j;
	j = &r->jobs[r->njobs++];
	memset(j, 0, sizeof(*j));
	j->row = *row;
	snprintf(j->impl, sizeof(j->impl), "%s", impl ? impl : "");
	if (show_impl)
		snprintf(j->label, sizeof(j->label), "%s/%s", row->name, impl);
	else
		snprintf(j->label, sizeof(j->label), "%s", row->name);
	return 0;
}

/* Adds the jobs of one row; returns 0, 1 on error (printed), or 2 when not in this build (reason in why). */
static int select_row(speed_run *r, const speed_row *row, const char *impl, char *why, size_t why_len)
{
	speed_impl im[16];
	size_t n, k;
	char have[160];

	n = r->engine->impls(row, im, 16, why, why_len);
	if (n == 0)
		return 2;
	if (n > 16)
		n = 16;
	if (impl == NULL) {
		for (k = 0; k < n && !im[k].preferred; k++)
			;
		if (k == n) {
			snprintf(why, why_len, "%s: no implementation supported by this CPU", row->name);
			return 2;
		}
		return add_job(r, row, NULL, 0);
	}
	if (strcmp(impl, "all") == 0) {
		int added = 0;
		for (k = 0; k < n; k++) {
			if (!im[k].supported) {
				fprintf(stderr, "ember speed: %s/%s: not supported by this CPU (skipped)\n", row->name, im[k].name);
				continue;
			}
			if (add_job(r, row, im[k].name, 1))
				return 1;
			note_impl(r, &im[k]);
			added++;
		}
		if (added == 0) {
			snprintf(why, why_len, "%s: no implementation supported by this CPU", row->name);
			return 2;
		}
		return 0;
	}
	have[0] = 0;
	for (k = 0; k < n; k++) {
		if (strcmp(im[k].name, impl) == 0) {
			if (!im[k].supported)
				return tool_error(CMD, "%s/%s: not supported by this CPU", row->name, impl);
			if (add_job(r, row, impl, 1))
				return 1;
			note_impl(r, &im[k]);
			return 0;
		}
		snprintf(have + strlen(have), sizeof(have) - strlen(have), "%s%s", k ? " " : "", im[k].name);
	}
	return tool_error(CMD, "-impl: %s has no implementation '%s' (it has: %s)", row->name, impl, have);
}

/* -aead: each AEAD record carries openssl's 13 bytes of AAD. */
static void fill_row(speed_row *row, int index, const char *name, int kind, const char *target, int aead)
{
	memset(row, 0, sizeof(*row));
	row->index = index;
	snprintf(row->name, sizeof(row->name), "%s", name);
	row->kind = kind;
	snprintf(row->target, sizeof(row->target), "%s", target);
	row->aad_len = kind == SPEED_AEAD && aead ? SPEED_AEAD_AAD_LEN : 0;
}

/*
 * -evp NAME: a registry digest (row in lower case, as openssl), an AEAD
 * (openssl 3's name for it: "AES-128-GCM", "ChaCha20-Poly1305") or a
 * cipher (upper case).
 */
static int evp_row(speed_row *row, const char *name, int aead)
{
	size_t i;
	const ember_cipher_spec *s;
	const ember_aead_spec *a;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		const char *p = d->aliases;
		int hit = strcasecmp(name, d->name) == 0;
		while (!hit && p && *p) {
			size_t n = strcspn(p, " ");
			hit = n == strlen(name) && strncasecmp(p, name, n) == 0;
			p += n;
			while (*p == ' ')
				p++;
		}
		if (hit) {
			fill_row(row, SPEED_D_EVP, d->name, SPEED_HASH, d->name, aead);
			return 0;
		}
	}
	a = ember_aead_spec_find(name);
	if (a != NULL) {
		for (i = 0; i < speed_nextra; i++)
			if (strcmp(speed_extra_defs[i].target, a->name) == 0 && speed_extra_defs[i].kind == SPEED_AEAD) {
				fill_row(row, SPEED_D_EVP, speed_extra_defs[i].name, SPEED_AEAD, a->name, aead);
				return 0;
			}
	}
	s = ember_cipher_spec_find(name);
	if (s != NULL) {
		char up[64];
		for (i = 0; s->name[i] && i < sizeof(up) - 1; i++)
			up[i] = (char)toupper((unsigned char)s->name[i]);
		up[i] = 0;
		fill_row(row, SPEED_D_EVP, up, SPEED_CIPHER, s->name, aead);
		return 0;
	}
	return tool_error(CMD, "-evp: '%s' is an unknown cipher or digest", name);
}

/* Records that |r|'s engine cannot run |row| (with several engines: reported per row, the rest runs). */
static int add_skipped(speed_run *r, const speed_row *row, const char *why, int quiet)
{
	speed_job *j;

	if (add_job(r, row, NULL, 0))
		return 1;
	j = &r->jobs[r->njobs - 1];
	j->state = SPEED_SKIPPED;
	set_text(j->error, sizeof(j->error), why);
	if (!quiet)
		fprintf(stderr, "ember speed: %s%s (skipped)\n", speed_run_prefix(r), why);
	return 0;
}

/*
 * Adds |row| to every run. Returns 0, 1 on error (printed), or 2 when no
 * engine can run it (reasons in |why|). With several engines, those that
 * cannot run a row get a skipped job saying why (unless no engine can and
 * |drop_if_nowhere|, for the default rows).
 */
static int select_everywhere(speed_run *runs, int nrun, int nel, const speed_row *row, const char *impl,
    int drop_if_nowhere, char *why, size_t why_len)
{
	char reason[SPEED_MAX_RUNS][240];
	int st[SPEED_MAX_RUNS], k, any = 0;

	if (nel == 1)
		return select_row(&runs[0], row, impl, why, why_len);
	why[0] = 0;
	for (k = 0; k < nrun; k++) {
		st[k] = select_row(&runs[k], row, impl, reason[k], sizeof(reason[k]));
		if (st[k] == 1)
			return 1;
		if (st[k] == 0)
			any = 1;
		else
			snprintf(why + strlen(why), why_len - strlen(why), "%s%s: %s", why[0] ? "; " : "",
			    runs[k].engine->name, reason[k]);
	}
	if (!any && drop_if_nowhere)
		return 2;
	for (k = 0; k < nrun; k++)
		if (st[k] == 2 && add_skipped(&runs[k], row, reason[k], drop_if_nowhere))
			return 1;
	return any ? 0 : 2;
}

static int add_pk_job(speed_run *r, int i, void *key, const char *why, const char *impl, int show_impl)
{
	const struct speed_pk_def *d = &speed_pk_defs[i];
	speed_pk_job *p;

	if (r->npk == r->pk_cap) {
		speed_pk_job *np;
		void **nk;
		int cap = r->pk_cap ? 2 * r->pk_cap : SPEED_NPK;
		np = realloc(r->pk, sizeof(*np) * (size_t)cap);
		if (np != NULL)
			r->pk = np;
		nk = realloc(r->keys, sizeof(*nk) * (size_t)cap);
		if (nk != NULL)
			r->keys = nk;
		if (np == NULL || nk == NULL) {
			speed_pk_key_free(r->engine, d->family, key);
			return tool_error(CMD, "out of memory");
		}
		r->pk_cap = cap;
	}
	p = &r->pk[r->npk];
	memset(p, 0, sizeof(*p));
	r->keys[r->npk++] = key;
	snprintf(p->word, sizeof(p->word), "%s", d->word);
	p->bits = d->bits;
	p->family = d->family;
	p->index = d->index;
	snprintf(p->curve, sizeof(p->curve), "%s", d->curve);
	snprintf(p->impl, sizeof(p->impl), "%s", impl ? impl : "");
	if (show_impl && impl != NULL)
		snprintf(p->label, sizeof(p->label), "%s/%s", d->word, impl);
	else
		snprintf(p->label, sizeof(p->label), "%s", d->word);
	if (key != NULL && r->engine == &speed_engine_ember && speed_ec_known(d->word)) {
		/* the curve backend: the one named, else the registry's default */
		speed_impl im[SPEED_MAX_PK_IMPLS];
		char none[160];
		size_t n = speed_ec_impls(d->word, im, SPEED_MAX_PK_IMPLS, none, sizeof(none)), k;
		for (k = 0; k < n && k < SPEED_MAX_PK_IMPLS; k++)
			if (impl ? strcmp(impl, im[k].name) == 0 : im[k].preferred)
				snprintf(p->impl_used, sizeof(p->impl_used), "%s", im[k].name);
	}
	if (key == NULL) {
		p->state = SPEED_SKIPPED;
		set_text(p->error, sizeof(p->error), why);
	}
	return 0;
}

/*
 * -impl on a public-key word whose engine names implementations (the curve
 * backends): one job per implementation (all), or the one named. Returns 0,
 * 1 on error (printed), or 2 when -impl does not apply to the word (the
 * engine names no implementation of it: one job, as without -impl).
 */
static int select_pk_impl(speed_run *r, int i, const char *impl)
{
	const speed_engine *e = r->engine;
	const char *word = speed_pk_defs[i].word;
	speed_impl im[SPEED_MAX_PK_IMPLS];
	char why[240], have[160], name[64];
	size_t n, k;
	int added = 0;

	if (impl == NULL || e != &speed_engine_ember || !speed_ec_known(word))
		return 2;
	n = speed_ec_impls(word, im, SPEED_MAX_PK_IMPLS, why, sizeof(why));
	if (n == 0)
		return 2;
	if (n > SPEED_MAX_PK_IMPLS)
		n = SPEED_MAX_PK_IMPLS;
	have[0] = 0;
	for (k = 0; k < n; k++) {
		void *key;
		if (strcmp(impl, "all") != 0 && strcmp(impl, im[k].name) != 0) {
			snprintf(have + strlen(have), sizeof(have) - strlen(have), "%s%s", k ? " " : "", im[k].name);
			continue;
		}
		if (!im[k].supported) {
			if (strcmp(impl, "all") != 0)
				return tool_error(CMD, "%s/%s: not supported by this CPU", word, im[k].name);
			fprintf(stderr, "ember speed: %s/%s: not supported by this CPU (skipped)\n", word, im[k].name);
			continue;
		}
		snprintf(name, sizeof(name), "%s/%s", word, im[k].name);
		key = e->pk_new(name, why, sizeof(why));
		if (key == NULL)
			return tool_error(CMD, "%s%s", speed_run_prefix(r), why);
		if (add_pk_job(r, i, key, NULL, im[k].name, 1))
			return 1;
		r->pk[r->npk - 1].impl_flags = im[k].flags;
		r->pk[r->npk - 1].is_default = im[k].preferred;
		added++;
	}
	if (added == 0 && strcmp(impl, "all") != 0)
		return tool_error(CMD, "-impl: %s has no implementation '%s' (it has: %s)", word, impl, have);
	if (added == 0)
		return tool_error(CMD, "%s: no implementation supported by this CPU", word);
	return 0;
}

/* Fills every run's jobs from the words (or the defaults). Returns 0, or 1 after printing an error. */
int speed_select_all(speed_run *runs, int nrun, int nel, speed_selection *sel, int skip_missing,
    const char *impl, const char *evp, const char *hmac)
{
	int *selected = sel->rows, *pk_sel = sel->pk, any_word = sel->any_word;
	char why[1024];
	speed_row row;
	int i, k, status, real = 0;

	if (evp != NULL || hmac != NULL) {
		if (hmac != NULL) {
			char name[64];
			snprintf(name, sizeof(name), "hmac(%s)", hmac);
			fill_row(&row, SPEED_D_HMAC, name, SPEED_HMAC, hmac, 0);
			if (row_by_index(SPEED_D_HMAC) && selected[SPEED_D_HMAC])
				selected[SPEED_D_HMAC] = 0; /* -hmac NAME replaces the hmac(md5) row */
			status = select_everywhere(runs, nrun, nel, &row, impl, 0, why, sizeof(why));
			if (status == 1)
				return 1;
			if (status == 2 && nel == 1)
				return tool_error(CMD, "-hmac: %s", why);
		}
		if (evp != NULL) {
			if (evp_row(&row, evp, runs[0].aead) != 0)
				return 1;
			status = select_everywhere(runs, nrun, nel, &row, impl, 0, why, sizeof(why));
			if (status == 1)
				return 1;
			if (status == 2 && nel == 1)
				return tool_error(CMD, "-evp: %s", why);
		}
	} else if (!any_word) {
		for (i = 0; i < (int)speed_nrows; i++)
			selected[speed_row_defs[i].index] = 1;
		/* openssl 3.0's bare `speed` runs every public-key word, curves included (3.5's KEMs: -kem-algorithms, signatures: -signature-algorithms) */
		for (i = 0; i < (int)SPEED_NPK; i++)
			pk_sel[i] = speed_pk_defs[i].family >= SPEED_PK_KEM ? 0
			          : speed_pk_defs[i].family > SPEED_PK_DSA || speed_pk_known(speed_pk_defs[i].word);
	}
	for (i = 0; i < (int)speed_nrows; i++) {
		const struct speed_row_def *d = &speed_row_defs[i];
		if (!selected[d->index])
			continue;
		fill_row(&row, d->index, d->name, d->kind, d->target, 0);
		status = select_everywhere(runs, nrun, nel, &row, impl, !any_word, why, sizeof(why));
		if (status == 1)
			return 1;
		if (status == 2 && nel == 1 && any_word && !skip_missing)
			return tool_error(CMD, "%s", why);
		if (status == 2 && nel == 1 && any_word)
			fprintf(stderr, "ember speed: %s (skipped)\n", why);
		/* another library's or the kernel's gaps are news; Ember's own default rows skip quietly */
		if (status == 2 && nel == 1 && !any_word && runs[0].engine != &speed_engine_ember)
			fprintf(stderr, "ember speed: %s%s (skipped)\n", speed_run_prefix(&runs[0]), why);
	}
	/* Ember's words for -evp's rows and the ghash row, after openssl's table, in the order of their table */
	for (i = 0; i < (int)speed_nextra; i++) {
		const struct speed_extra_def *d = &speed_extra_defs[i];
		if (!sel->extra[i])
			continue;
		fill_row(&row, d->index, d->name, d->kind, d->target, runs[0].aead);
		status = select_everywhere(runs, nrun, nel, &row, impl, 0, why, sizeof(why));
		if (status == 1)
			return 1;
		if (status == 2 && nel == 1 && !skip_missing)
			return tool_error(CMD, "%s", why);
		if (status == 2 && nel == 1)
			fprintf(stderr, "ember speed: %s (skipped)\n", why);
	}
	/* openssl's curve words without an Ember curve: missing, as a row not in this build */
	for (i = 0; i < sel->nabsent; i++) {
		const char *w = speed_pk_absent[sel->absent[i]];
		if (!skip_missing)
			return tool_error(CMD, "%s: not in this build (Ember's curves: ecdsap256 ecdsap384 ecdhp256 ecdhp384 "
			                       "ecdhx25519 ed25519; KEMs: ML-KEM-512 ML-KEM-768 ML-KEM-1024 X25519MLKEM768; signatures: ML-DSA-44 ML-DSA-65 ML-DSA-87)", w);
		fprintf(stderr, "ember speed: %s: not in this build (skipped)\n", w);
	}
	for (i = 0; i < (int)SPEED_NPK; i++) {
		void *key[SPEED_MAX_RUNS] = { NULL };
		char reason[SPEED_MAX_RUNS][240];
		const char *word = speed_pk_defs[i].word;
		int any = 0, named = 0;

		if (!pk_sel[i])
			continue;
		/* -impl (one engine): the curve backends it names */
		if (impl != NULL && nrun == 1) {
			status = select_pk_impl(&runs[0], i, impl);
			if (status == 1)
				return 1;
			named = status == 0;
		}
		if (named)
			continue;
		for (k = 0; k < nrun; k++) {
			const speed_engine *e = runs[k].engine;
			key[k] = speed_pk_key_new(e, word, reason[k], sizeof(reason[k]));
			any |= key[k] != NULL;
		}
		if (nel == 1 && key[0] == NULL) {
			if (any_word && !skip_missing)
				return tool_error(CMD, "%s%s", speed_run_prefix(&runs[0]), reason[0]);
			if (any_word)
				fprintf(stderr, "ember speed: %s%s (skipped)\n", speed_run_prefix(&runs[0]), reason[0]);
			continue;
		}
		if (!any && !any_word)
			continue;
		for (k = 0; k < nrun; k++) {
			if (add_pk_job(&runs[k], i, key[k], reason[k], NULL, 0))
				return 1;
			if (key[k] == NULL)
				fprintf(stderr, "ember speed: %s%s (skipped)\n", speed_run_prefix(&runs[k]), reason[k]);
		}
	}
	for (k = 0; k < nrun; k++) {
		for (i = 0; i < runs[k].njobs; i++)
			real += runs[k].jobs[i].state != SPEED_SKIPPED;
		for (i = 0; i < runs[k].npk; i++)
			real += runs[k].pk[i].state != SPEED_SKIPPED;
	}
	if (real == 0)
		return tool_error(CMD, "nothing to run: no algorithm in this build was selected");
	return 0;
}
