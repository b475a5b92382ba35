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
#include "speed_int.h"
#include "speed_pk.h"
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

const char *const speed_pk_words[] = {
	"rsa512", "rsa1024", "rsa2048", "rsa3072", "rsa4096", "dsa512", "dsa1024", "dsa2048"
};
/* SPEED_NPK (speed_int.h), which sizes the arrays of one flag per word, counts the words above. */
typedef char speed_npk_check[sizeof(speed_pk_words) / sizeof(speed_pk_words[0]) == SPEED_NPK ? 1 : -1];

const speed_engine *const speed_engines[] = { &speed_engine_ember, &speed_engine_openssl, &speed_engine_afalg,
	&speed_engine_cryptodev, &speed_engine_sodium };
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

static int add_pk_job(speed_run *r, int i, void *key, const char *why)
{
	speed_pk_job *p = &r->pk[r->npk];

	r->keys[r->npk++] = key;
	snprintf(p->word, sizeof(p->word), "%s", speed_pk_words[i]);
	p->bits = speed_pk_bits(speed_pk_words[i]);
	p->dsa = speed_pk_words[i][0] == 'd';
	p->index = p->dsa ? i - 5 : i;
	if (key == NULL) {
		p->state = SPEED_SKIPPED;
		set_text(p->error, sizeof(p->error), why);
	}
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
		for (i = 0; i < (int)SPEED_NPK; i++)
			pk_sel[i] = speed_pk_known(speed_pk_words[i]);
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
	for (k = 0; k < nrun; k++) {
		runs[k].keys = calloc(SPEED_NPK, sizeof(void *));
		runs[k].pk = calloc(SPEED_NPK, sizeof(speed_pk_job));
		if (runs[k].keys == NULL || runs[k].pk == NULL)
			return tool_error(CMD, "out of memory");
	}
	for (i = 0; i < (int)SPEED_NPK; i++) {
		void *key[SPEED_MAX_RUNS] = { NULL };
		char reason[SPEED_MAX_RUNS][240];
		int any = 0;

		if (!pk_sel[i])
			continue;
		for (k = 0; k < nrun; k++) {
			const speed_engine *e = runs[k].engine;
			key[k] = NULL;
			if (e->pk_new == NULL)
				snprintf(reason[k], sizeof(reason[k]), "%s: not supported by this engine", speed_pk_words[i]);
			else
				key[k] = e->pk_new(speed_pk_words[i], reason[k], sizeof(reason[k]));
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
			add_pk_job(&runs[k], i, key[k], reason[k]);
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
