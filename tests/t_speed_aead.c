/*
 * t_speed_aead.c - `ember speed`'s AEAD, GMAC (openssl's ghash row) and
 * SHA-3 rows: openssl 3's words and records (-evp aes-128-gcm, the rows
 * +F:25:AES-128-GCM and +F:26:ghash, the -aead sizes and header line),
 * Ember's own words printing the same rows, the record every engine seals
 * (timing key, zero nonce, openssl's 13-byte AAD, 16-byte tag) checked
 * against the library, -decrypt opening a record with a valid tag (a wrong
 * tag stops the row), the known answers (and what they catch), -impl all
 * naming every AEAD and GHASH composition and Keccak implementation, and
 * hmac(shake128), which is no row. Nothing here asserts a timing: every run
 * is -count or -testmode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/aead.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "speed.h"
#include "speed_util.h"
#include "test.h"

static void aead_row(speed_row *row, const char *spec, int kind, size_t aad_len)
{
	memset(row, 0, sizeof(*row));
	row->index = kind == SPEED_GMAC ? SPEED_D_GHASH : SPEED_D_EVP;
	snprintf(row->name, sizeof(row->name), "%s", kind == SPEED_GMAC ? "ghash" : spec);
	row->kind = kind;
	snprintf(row->target, sizeof(row->target), "%s", spec);
	row->aad_len = aad_len;
}

/* openssl 3.0's +F records and names, and Ember's words printing the same rows. */
EMBER_TEST(speed_aead_rows)
{
	static const struct {
		const char *word, *record;
	} rows[] = {
		{ "aes-128-gcm", "+F:25:AES-128-GCM:" }, { "aes-256-gcm", "+F:25:AES-256-GCM:" },
		{ "aes-128-ccm", "+F:25:AES-128-CCM:" }, { "chacha20-poly1305", "+F:25:ChaCha20-Poly1305:" },
		{ "sha3-224", "+F:25:sha3-224:" }, { "sha3-512", "+F:25:sha3-512:" }, { "shake128", "+F:25:shake128:" },
		{ "shake256", "+F:25:shake256:" }, { "ghash", "+F:26:ghash:" },
	};
	char *out, *err, args[256];
	size_t i;
	int st;

	if (!ts_have_ember())
		return;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int evp;
		for (evp = 0; evp < 2; evp++) {
			if (evp && strcmp(rows[i].word, "ghash") == 0)
				continue; /* openssl: ghash is a word, not an EVP name */
			snprintf(args, sizeof(args), "-mr -count 2 -bytes 64 %s%s", evp ? "-evp " : "", rows[i].word);
			st = ts_speed(args, &out, &err);
			if (CHECK(st == 0 && out != NULL, "speed %s: exit %d: %s", args, st, err ? err : "")) {
				CHECK(strncmp(out, "+H:64\n", 6) == 0 && strstr(out, rows[i].record) != NULL &&
				          strchr(strstr(out, rows[i].record), '\n')[1] == 0,
				    "speed %s: want one record %s...:\n%s", args, rows[i].record, out);
			}
			free(out);
			free(err);
		}
	}
	/* the text table: openssl's row name, pushing its numbers as openssl's %-13s does */
	st = ts_speed("-count 2 -bytes 16 chacha20-poly1305 aes-128-gcm", &out, &err);
	if (CHECK(st == 0 && out != NULL, "text: exit %d", st)) {
		CHECK(strstr(out, "\nAES-128-GCM   ") != NULL && strstr(out, "\nChaCha20-Poly1305 ") != NULL,
		    "text rows:\n%s", out);
	}
	free(out);
	free(err);
	/* none of them is in the default table (openssl's, byte-compatible) */
	st = ts_speed("-list", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-list: exit %d", st))
		CHECK(strstr(out, "\nAES-128-GCM ") && strstr(out, "\nghash ") && strstr(out, "aead   aes-gcm"),
		    "-list: the AEAD rows and descriptors:\n%s", out);
	free(out);
	free(err);
}

/* -aead: openssl 3's sizes and header line; -bytes and -sizes still win; no AEAD, no change. */
EMBER_TEST(speed_aead_sizes)
{
	/* openssl speed -evp aes-128-gcm -aead, OpenSSL 3.0.22 on this project's host */
	static const char header[] =
	    "type              2 bytes     31 bytes    136 bytes   1024 bytes   8192 bytes  16384 bytes\n";
	char *out, *err;
	int st;

	if (!ts_have_ember())
		return;
	st = ts_speed("-testmode -aead -evp aes-128-gcm", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-aead -evp aes-128-gcm: exit %d: %s", st, err ? err : ""))
		CHECK(strstr(out, header) != NULL && strstr(out, "\nAES-128-GCM  ") != NULL, "-aead table:\n%s", out);
	free(out);
	free(err);
	st = ts_speed("-mr -testmode -aead chacha20-poly1305 sha256", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-aead -mr: exit %d", st))
		CHECK(strncmp(out, "+H:2:31:136:1024:8192:16384\n", 28) == 0 && strstr(out, "+F:6:sha256:") &&
		          strstr(out, "+F:25:ChaCha20-Poly1305:"),
		    "-aead -mr:\n%s", out);
	free(out);
	free(err);
	st = ts_speed("-mr -testmode -aead -bytes 100 aes-128-ccm", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-aead -bytes: exit %d", st))
		CHECK(strncmp(out, "+H:100\n", 7) == 0, "-aead -bytes 100:\n%s", out);
	free(out);
	free(err);
	st = ts_speed("-mr -testmode -aead sha256", &out, &err);
	if (CHECK(st == 0 && out != NULL, "-aead sha256: exit %d", st))
		CHECK(strncmp(out, "+H:16:64:256:1024:8192:16384\n", 29) == 0, "-aead without an AEAD:\n%s", out);
	free(out);
	free(err);
	/*
	 * -decrypt opens with a valid tag: it runs, says nothing of a failure,
	 * and notes (standard error; not with -mr, whose stream scripts read)
	 * that openssl speed 3.0's -aead -decrypt times failing opens instead
	 */
	st = ts_speed("-testmode -aead -decrypt aes-256-gcm aes-128-ccm chacha20-poly1305", &out, &err);
	CHECK(st == 0 && err != NULL && strstr(err, "failed") == NULL &&
	          strstr(err, "note: -decrypt opens each AEAD record with its valid tag") &&
	          strstr(err, "openssl speed 3.0's -aead -decrypt sets a wrong tag"),
	    "-aead -decrypt: exit %d: %s", st, err ? err : "");
	free(out);
	free(err);
	st = ts_speed("-mr -testmode -aead -decrypt chacha20-poly1305", &out, &err);
	CHECK(st == 0 && err != NULL && strstr(err, "note:") == NULL, "-mr -aead -decrypt: exit %d: %s", st,
	    err ? err : "");
	free(out);
	free(err);
	st = ts_speed("-testmode -decrypt sha256 aes-128-cbc", &out, &err);
	CHECK(st == 0 && err != NULL && strstr(err, "note:") == NULL, "-decrypt without an AEAD: exit %d: %s", st,
	    err ? err : "");
	free(out);
	free(err);
	/* JSON: the mode, and the ghash row as a MAC */
	st = ts_speed("-format json -count 2 -bytes 32 -aead ghash aes-128-gcm", &out, &err);
	if (CHECK(st == 0 && out != NULL, "json: exit %d", st))
		CHECK(strstr(out, "\"aead\": true") && strstr(out, "\"algorithm\": \"ghash\"") && strstr(out, "\"op\": \"mac\"") &&
		          strstr(out, "\"op\": \"encrypt\""),
		    "json:\n%s", out);
	free(out);
	free(err);
}

/*
 * The record: what the ember engine seals is ember_aead_seal under the
 * timing key, a zero nonce and (with -aead) openssl's AAD { 0xcc, 0 ... },
 * in place; -decrypt gives back the plaintext, with the same tag.
 */
EMBER_TEST(speed_aead_record)
{
	static uint8_t buf[1000 + 64], ref[1000], orig[1000];
	size_t i;

	for (i = 0; i < ember_aead_spec_count(); i++) {
		const ember_aead_spec *s = ember_aead_spec_at(i);
		uint8_t key[32], nonce[12], aad[13], tag[16];
		const uint8_t *got;
		ember_aead_ctx c;
		speed_task *t = NULL;
		speed_row row;
		char err[240];
		size_t len, size = 1 + t_rand_below(sizeof(ref)), aead;

		for (aead = 0; aead < 2; aead++) {
			int dec;
			aead_row(&row, s->name, SPEED_AEAD, aead ? 13 : 0);
			t_rand_bytes(orig, size);
			/* the reference: the generic layer with the record spelled out here */
			for (len = 0; len < s->key_len; len++)
				key[len] = (uint8_t)(len * 7 + 1);
			memset(nonce, 0, sizeof(nonce));
			memset(aad, 0, sizeof(aad));
			aad[0] = 0xcc;
			if (!CHECK(ember_aead_init(&c, s, NULL, key, s->key_len) == 0, "%s: cannot key", s->name))
				continue;
			CHECK(ember_aead_seal(&c, ref, tag, 16, nonce, 12, aad, aead ? 13 : 0, orig, size) == 0, "%s: seal",
			    s->name);
			ember_aead_clear(&c);
			for (dec = 0; dec < 2; dec++) {
				if (!CHECK(speed_engine_ember.open(&row, NULL, dec, &t, err, sizeof(err)) == 0, "%s: open: %s",
				        s->name, err))
					break;
				memcpy(buf, orig, size);
				speed_engine_ember.run(t, buf, size, 3);
				CHECK(speed_engine_ember.error(t) == NULL, "%s: %s", s->name, speed_engine_ember.error(t));
				got = speed_engine_ember.output(t, &len);
				CHECK(memcmp(buf, dec ? orig : ref, size) == 0, "%s%s: %s differs from the reference at %u bytes",
				    s->name, aead ? " -aead" : "", dec ? "the opened plaintext" : "the ciphertext", (unsigned)size);
				CHECK(len == 16 && got != NULL && memcmp(got, tag, 16) == 0, "%s%s%s: tag differs", s->name,
				    aead ? " -aead" : "", dec ? " -decrypt" : "");
				speed_engine_ember.close(t);
				t = NULL;
			}
		}
	}
}

/* GMAC, the ghash row: the tag of the data as AAD under AES-128-GCM, no payload. */
EMBER_TEST(speed_aead_gmac)
{
	uint8_t buf[300 + 64], key[16], nonce[12] = { 0 }, tag[16];
	const ember_aead_spec *s = ember_aead_spec_find("aes-128-gcm");
	const uint8_t *got;
	ember_aead_ctx c;
	speed_task *t;
	speed_row row;
	char err[240];
	size_t i, len, size = 1 + t_rand_below(300);

	if (!CHECK(s != NULL, "no aes-128-gcm spec"))
		return;
	aead_row(&row, "aes-128-gcm", SPEED_GMAC, 0);
	for (i = 0; i < 16; i++)
		key[i] = (uint8_t)(i * 7 + 1);
	t_rand_bytes(buf, size);
	CHECK(ember_aead_init(&c, s, NULL, key, 16) == 0 &&
	          ember_aead_seal(&c, NULL, tag, 16, nonce, 12, buf, size, NULL, 0) == 0,
	    "GMAC through the generic layer");
	ember_aead_clear(&c);
	if (!CHECK(speed_engine_ember.open(&row, NULL, 0, &t, err, sizeof(err)) == 0, "ghash: %s", err))
		return;
	speed_engine_ember.run(t, buf, size, 2);
	got = speed_engine_ember.output(t, &len);
	CHECK(len == 16 && memcmp(got, tag, 16) == 0, "ghash row: tag of %u bytes differs", (unsigned)size);
	speed_engine_ember.close(t);
}

/* Every known answer exists, matches the library, and a wrong one is refused clearly. */
EMBER_TEST(speed_aead_known_answers)
{
	size_t i;

	for (i = 0; i <= ember_aead_spec_count(); i++) {
		const ember_aead_spec *s = i < ember_aead_spec_count() ? ember_aead_spec_at(i) : NULL;
		uint8_t ct[128], tag[16];
		ember_aead_ctx c;
		speed_row row;
		speed_kat k;
		char err[240];

		aead_row(&row, s ? s->name : "aes-128-gcm", s ? SPEED_AEAD : SPEED_GMAC, 0);
		if (!CHECK(speed_known_answer(&row, &k, err, sizeof(err)) == 0, "%s: %s", row.name, err))
			continue;
		CHECK(k.tag_len >= 8 && k.iv_len >= 12 && k.aad_len > 0 && (s == NULL || k.in_len > 0),
		    "%s: known answer sizes", row.name);
		if (!CHECK(ember_aead_init(&c, s ? s : ember_aead_spec_find("aes-128-gcm"), NULL, k.key, k.key_len) == 0,
		        "%s: key", row.name))
			continue;
		CHECK(ember_aead_seal(&c, ct, tag, k.tag_len, k.iv, k.iv_len, k.aad, k.aad_len, k.in, k.in_len) == 0 &&
		          speed_kat_compare_aead("test", &row, &k, ct, tag, err, sizeof(err)) == 0,
		    "%s: the library disagrees with the known answer: %s", row.name, err);
		ember_aead_clear(&c);
		tag[k.tag_len - 1] ^= 1;
		err[0] = 0;
		CHECK(speed_kat_compare_aead("test", &row, &k, ct, tag, err, sizeof(err)) == EMBER_EVERIFY &&
		          strstr(err, "test: ") && strstr(err, row.name) && strstr(err, "tag") && strstr(err, "not timed"),
		    "%s: a wrong tag was not refused clearly: %s", row.name, err);
		if (k.out_len > 0) {
			tag[k.tag_len - 1] ^= 1;
			ct[0] ^= 1;
			CHECK(speed_kat_compare_aead("test", &row, &k, ct, tag, err, sizeof(err)) == EMBER_EVERIFY &&
			          strstr(err, "ciphertext"),
			    "%s: a wrong ciphertext was not refused clearly: %s", row.name, err);
		}
	}
	/* the SHA-3 and HMAC-SHA3 answers, as openssl dgst gives them */
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		char err[240];
		if ((strncmp(d->name, "sha3-", 5) != 0 && strncmp(d->name, "shake", 5) != 0) || !ember_hash_supported(d))
			continue;
		CHECK(speed_check_hash(d, err, sizeof(err)) == 0, "%s/%s: %s", d->name, d->impl, err);
	}
}

/* -impl all: every supported AEAD and GHASH composition and Keccak implementation is a row. */
EMBER_TEST(speed_aead_impl_all)
{
	static const struct {
		const char *word, *label, *alg;
	} rows[] = {
		{ "aes-128-gcm", "AES-128-GCM", "aes-gcm" }, { "aes-128-ccm", "AES-128-CCM", "aes-ccm" },
		{ "chacha20-poly1305", "ChaCha20-Poly1305", "chacha20-poly1305" }, { "ghash", "ghash", "aes-gcm" },
		{ "sha3-256", "sha3-256", NULL }, { "shake128", "shake128", NULL },
	};
	char *out, *err, args[128], want[96];
	size_t i, k;
	int st;

	if (!ts_have_ember())
		return;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		int n = 0;
		snprintf(args, sizeof(args), "-impl all -count 1 -bytes 64 %s", rows[i].word);
		st = ts_speed(args, &out, &err);
		if (!CHECK(st == 0 && out != NULL, "%s: exit %d: %s", args, st, err ? err : "")) {
			free(out);
			free(err);
			continue;
		}
		if (rows[i].alg != NULL) {
			for (k = 0; k < ember_aead_count(); k++) {
				const ember_aead_desc *d = ember_aead_at(k);
				if (strcmp(d->name, rows[i].alg) != 0 || !ember_aead_supported(d))
					continue;
				snprintf(want, sizeof(want), "\n%s/%s ", rows[i].label, d->impl);
				CHECK(strstr(out, want) != NULL, "%s: no row %s", args, want + 1);
				n++;
			}
		} else {
			for (k = 0; k < ember_hash_count(); k++) {
				const ember_hash_desc *d = ember_hash_at(k);
				if (strcmp(d->name, rows[i].word) != 0 || !ember_hash_supported(d))
					continue;
				snprintf(want, sizeof(want), "\n%s/%s ", rows[i].label, d->impl);
				CHECK(strstr(out, want) != NULL, "%s: no row %s", args, want + 1);
				n++;
			}
		}
		CHECK(n >= (t_phase == 2 ? 1 : 2) || rows[i].alg == NULL, "%s: only %d implementations", args, n);
		free(out);
		free(err);
	}
}

/* HMAC refuses an XOF: hmac(shake128) is no row (not listed, not timed, not a failure). */
EMBER_TEST(speed_aead_hmac_xof)
{
	speed_impl im[16];
	speed_row row;
	speed_task *t = NULL;
	char why[240] = "", *out, *err;
	int st;

	memset(&row, 0, sizeof(row));
	row.kind = SPEED_HMAC;
	snprintf(row.name, sizeof(row.name), "hmac(shake128)");
	snprintf(row.target, sizeof(row.target), "shake128");
	if (ember_hash_find("shake128", NULL) == NULL) {
		t_skip("shake128 not in this build");
		return;
	}
	CHECK(speed_engine_ember.impls(&row, im, 16, why, sizeof(why)) == 0 && strstr(why, "hmac(shake128)") &&
	          strstr(why, "extendable-output"),
	    "hmac(shake128) listed, or no reason: %s", why);
	CHECK(speed_engine_ember.open(&row, NULL, 0, &t, why, sizeof(why)) == EMBER_ENOTSUP && t == NULL,
	    "hmac(shake128) opened");
	snprintf(row.name, sizeof(row.name), "hmac(sha3-256)");
	snprintf(row.target, sizeof(row.target), "sha3-256");
	CHECK(speed_engine_ember.impls(&row, im, 16, why, sizeof(why)) > 0, "hmac(sha3-256): %s", why);
	if (!ts_have_ember())
		return;
	st = ts_speed("-testmode -hmac shake128", &out, &err);
	CHECK(st == 1 && out && out[0] == 0 && err && strstr(err, "extendable-output") && strchr(err, '\n') == strrchr(err, '\n'),
	    "-hmac shake128: exit %d, one line: %s", st, err ? err : "");
	free(out);
	free(err);
	st = ts_speed("-mr -testmode -hmac sha3-256", &out, &err);
	CHECK(st == 0 && out && strstr(out, "+F:9:hmac(sha3-256):"), "-hmac sha3-256: exit %d:\n%s", st, out ? out : "");
	free(out);
	free(err);
}

/*
 * Byte for byte as the system's openssl speed 3 prints the same AEAD run
 * (skipped without one): the -mr stream (+H, +F:25 records; the rates
 * masked) and the text table's header and row (each figure and its padding
 * masked), for -aead -evp aes-128-gcm and chacha20-poly1305 at one size.
 */
static void mask_figures(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (*r == ' ' || (r[0] == ':' && r[1] >= '0' && r[1] <= '9')) {
			char *q = r + 1;
			while (*q == ' ')
				q++;
			if (*q >= '0' && *q <= '9') {
				char *e = q;
				while ((*e >= '0' && *e <= '9') || *e == '.')
					e++;
				if (*e == 'k' || (r[0] == ':' && *e == '\n' && memchr(q, '.', (size_t)(e - q)) != NULL)) {
					*w++ = r[0];
					*w++ = 'N';
					r = e;
					continue;
				}
			}
		}
		*w++ = *r++;
	}
	*w = 0;
}

/* the last |n| lines of |s| (in place) */
static const char *last_lines(const char *s, int n)
{
	const char *p = s + strlen(s);

	if (p > s && p[-1] == '\n')
		p--;
	while (p > s && n > 0)
		if (*--p == '\n' && --n == 0)
			return p + 1;
	return s;
}

EMBER_TEST(speed_aead_openssl_bytes)
{
	static const char *const evp[] = { "aes-128-gcm", "chacha20-poly1305" };
	char cmd[1024], *mine, *theirs, *err;
	size_t i;
	int mr;

	if (!ts_have_ember())
		return;
	if (t_run_cmd("openssl speed -mr -seconds 1 -bytes 16 -evp aes-128-gcm 2>/dev/null | grep -q '^+F:25:AES-128-GCM:'",
	        NULL, NULL) != 0) {
		t_skip("no openssl 3 speed with AES-128-GCM");
		return;
	}
	for (i = 0; i < sizeof(evp) / sizeof(evp[0]); i++) {
		for (mr = 0; mr < 2; mr++) {
			const char *a, *b;
			snprintf(cmd, sizeof(cmd), "openssl speed %s-aead -bytes 16 -seconds 1 -evp %s 2>/dev/null",
			    mr ? "-mr " : "", evp[i]);
			theirs = mine = NULL;
			if (!CHECK(t_run_cmd(cmd, &theirs, NULL) == 0 && theirs, "%s", cmd)) {
				free(theirs);
				continue;
			}
			snprintf(cmd, sizeof(cmd), "%s-aead -bytes 16 -count 4 -evp %s", mr ? "-mr " : "", evp[i]);
			if (CHECK(ts_speed(cmd, &mine, &err) == 0 && mine, "ember speed %s", cmd)) {
				mask_figures(theirs);
				mask_figures(mine);
				a = mr ? theirs : last_lines(theirs, 3);
				b = mr ? mine : last_lines(mine, 3);
				CHECK(strcmp(a, b) == 0, "speed %s: openssl's\n%s\nEmber's\n%s", cmd, a, b);
			}
			free(theirs);
			free(mine);
			free(err);
		}
	}
}

/* ember enc refuses every AEAD cipher with openssl enc's words, and writes no output */
EMBER_TEST(cli_enc_aead_refused)
{
	static const char *const ciphers[] = { "aes-128-gcm", "aes-256-gcm", "aes-192-ccm", "chacha20-poly1305" };
	char cmd[4096], in[1024], outp[1024], *err;
	size_t i;

	if (!ts_have_ember())
		return;
	if (t_scratch(in, sizeof(in), "enc-aead-in") || t_scratch(outp, sizeof(outp), "enc-aead-out") ||
	    t_write_file(in, "record\n", 7)) {
		CHECK(0, "scratch files");
		return;
	}
	for (i = 0; i < sizeof(ciphers) / sizeof(ciphers[0]); i++) {
		int st;
		remove(outp);
		snprintf(cmd, sizeof(cmd),
		    "'%s' enc -%s -K 000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f "
		    "-iv 000102030405060708090a0b -in '%s' -out '%s'",
		    t_ember_bin, ciphers[i], in, outp);
		err = NULL;
		st = t_run_cmd(cmd, NULL, &err);
		CHECK(st != 0 && err && strstr(err, "AEAD ciphers not supported\n") && strchr(err, '\n')[1] == 0,
		    "enc -%s: exit %d, want one line \"... AEAD ciphers not supported\": %s", ciphers[i], st, err ? err : "");
		CHECK(access(outp, F_OK) != 0, "enc -%s: left %s behind", ciphers[i], outp);
		free(err);
	}
}
