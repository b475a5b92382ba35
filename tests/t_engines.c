/*
 * t_engines.c - `ember speed -engine`: the openssl engine's output equals
 * Ember's for every row both have, on random inputs (in-process, through
 * the engine interface); the known-answer gate every engine passes; the
 * afalg and cryptodev engines' success path where this kernel allows it
 * (skipped, with the reason, where it does not) and their error path where
 * it does not; a missing libcrypto (EMBER_LIBCRYPTO); the side-by-side
 * table (within 100 columns), the implied -elapsed and the engine field of the JSON results;
 * the /proc/crypto driver lookup behind afalg's implementation column;
 * openssl's engine names (af_alg, devcrypto) and -engine padlock; the AEAD
 * and ghash rows through openssl and libsodium (sodium engine, and its
 * missing library), and the afalg engine's AEAD sockets.
 * Every run of the tool is tiny (-seconds 0.05 or -count, one or two sizes).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "kengine.h"
#include "ossl.h"
#include "speed.h"
#include "test.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

/* ---- running the tool ---- */

static char *slurp(FILE *f)
{
	size_t cap = 4096, len = 0, n;
	char *buf = malloc(cap);

	while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += n;
		if (cap - len < 1024) {
			char *nb = realloc(buf, cap *= 2);
			if (nb == NULL) {
				free(buf);
				return NULL;
			}
			buf = nb;
		}
	}
	if (buf)
		buf[len] = 0;
	return buf;
}

/* Runs `ENV ember speed ARGS`; stdout and stderr apart (malloc'd). Returns the exit status or -1. */
static int run_speed(const char *env, const char *args, char **out, char **err)
{
	char errpath[] = "/tmp/ember-t-engines-XXXXXX";
	char cmd[2048];
	FILE *p, *e;
	int fd, st;

	*out = *err = NULL;
	fd = mkstemp(errpath);
	if (fd < 0)
		return -1;
	close(fd);
	snprintf(cmd, sizeof(cmd), "%s %s'%s' speed %s 2>'%s'", env ? env : "", t_phase == 2 ? "EMBER_CPUCAP=none " : "",
	    t_ember_bin, args, errpath);
	p = popen(cmd, "r");
	if (p == NULL) {
		unlink(errpath);
		return -1;
	}
	*out = slurp(p);
	st = pclose(p);
	e = fopen(errpath, "r");
	if (e) {
		*err = slurp(e);
		fclose(e);
	}
	unlink(errpath);
	if (*out == NULL || *err == NULL) {
		free(*out);
		free(*err);
		*out = *err = NULL;
		return -1;
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- rows: every digest, its HMAC, every cipher name of the registry ---- */

static void hash_row(speed_row *row, const char *name, int hmac)
{
	memset(row, 0, sizeof(*row));
	row->kind = hmac ? SPEED_HMAC : SPEED_HASH;
	snprintf(row->name, sizeof(row->name), hmac ? "hmac(%s)" : "%s", name);
	snprintf(row->target, sizeof(row->target), "%s", name);
}

/* An AEAD row (|aad|: -aead's 13 bytes per record), or the ghash row (GMAC under AES-128-GCM). */
static void aead_row(speed_row *row, const char *spec, int aad)
{
	memset(row, 0, sizeof(*row));
	row->kind = spec ? SPEED_AEAD : SPEED_GMAC;
	snprintf(row->name, sizeof(row->name), "%s", spec ? spec : "ghash");
	snprintf(row->target, sizeof(row->target), "%s", spec ? spec : "aes-128-gcm");
	row->aad_len = aad ? SPEED_AEAD_AAD_LEN : 0;
}

static void cipher_row(speed_row *row, const char *spec)
{
	memset(row, 0, sizeof(*row));
	row->kind = SPEED_CIPHER;
	snprintf(row->name, sizeof(row->name), "%s", spec);
	snprintf(row->target, sizeof(row->target), "%s", spec);
}

/* 1 when |e| offers |row| here. */
static int has_row(const speed_engine *e, const speed_row *row)
{
	speed_impl im[16];
	char why[240];

	return e->impls(row, im, 16, why, sizeof(why)) > 0;
}

/*
 * Runs |row| through engines |a| and |b| on the same random input and
 * compares what each wrote: the digest or MAC of each operation, or the
 * ciphertext (several chained operations, both directions). Returns 1 when
 * compared, 0 when one engine could not open the row.
 */
/* Why |e|'s task stopped, or NULL (the error slot is NULL for engines that cannot fail once open). */
static const char *task_error(const speed_engine *e, const speed_task *t)
{
	return e->error != NULL ? e->error(t) : NULL;
}

static int compare_row(const speed_engine *a, const speed_engine *b, const speed_row *row, int decrypt)
{
	static uint8_t x[4096 + 64], y[4096 + 64];
	speed_task *ta = NULL, *tb = NULL;
	char err[240];
	size_t size, bl = 1, la, lb;
	int round, e;

	e = a->open(row, NULL, decrypt, &ta, err, sizeof(err));
	if (e == EMBER_ENOTSUP && a == &speed_engine_ember)
		return 0; /* a row Ember cannot run here (HMAC over an XOF): nothing to compare with */
	if (!CHECK(e == 0, "%s: %s refused %s: %s", a->name, a->name, row->name, err))
		return 0;
	e = b->open(row, NULL, decrypt, &tb, err, sizeof(err));
	if (e != 0) {
		a->close(ta);
		CHECK(e == EMBER_ENOTSUP, "%s: %s: %s", b->name, row->name, err);
		return 0;
	}
	if (row->kind == SPEED_CIPHER) {
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		bl = s ? speed_cipher_block_len(s->alg) : 16;
	}
	for (round = 0; round < 4; round++) {
		if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
			/* any size; the records in place (the plaintext back with -decrypt), and the tag */
			const uint8_t *oa, *ob;
			size = 1 + t_rand_below(4096);
			t_rand_bytes(x, size);
			memcpy(y, x, size);
			a->run(ta, x, size, 2);
			b->run(tb, y, size, 2);
			oa = a->output(ta, &la);
			ob = b->output(tb, &lb);
			if (!CHECK(task_error(a, ta) == NULL && task_error(b, tb) == NULL, "%s: %s", row->name,
			        task_error(a, ta) ? task_error(a, ta) : task_error(b, tb)))
				break;
			if (!CHECK(memcmp(x, y, size) == 0 && oa && ob && la == 16 && lb == 16 && memcmp(oa, ob, 16) == 0,
			        "%s%s%s: %s and %s differ at size %u (round %d)", row->name, row->aad_len ? " -aead" : "",
			        decrypt ? " -decrypt" : "", a->name, b->name, (unsigned)size, round))
				break;
			continue;
		}
		/* whole blocks, so that both engines process every byte in each operation */
		size = (1 + t_rand_below(4096 / bl)) * bl;
		if (size > 4096)
			size = 4096;
		t_rand_bytes(x, size);
		memcpy(y, x, size);
		a->run(ta, x, size, 1);
		b->run(tb, y, size, 1);
		if (row->kind == SPEED_CIPHER) {
			if (!CHECK(memcmp(x, y, size) == 0, "%s %s: %s and %s differ at size %u (round %d)", row->name,
			        decrypt ? "decrypt" : "encrypt", a->name, b->name, (unsigned)size, round))
				break;
		} else {
			const uint8_t *oa = a->output(ta, &la), *ob = b->output(tb, &lb);
			if (!CHECK(oa && ob && la == lb && la > 0 && memcmp(oa, ob, la) == 0, "%s: %s and %s differ at size %u",
			        row->name, a->name, b->name, (unsigned)size))
				break;
		}
	}
	a->close(ta);
	b->close(tb);
	return 1;
}

EMBER_TEST(engines_openssl_equals_ember)
{
	char err[512], seen[1024] = "", lacking[1024] = "";
	const ossl_api *o = ossl_load(err, sizeof(err));
	size_t i, compared = 0;

	if (o == NULL) {
		t_skip("openssl engine: %s", err);
		return;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		int hmac;
		if (ember_hash_find(d->name, NULL) != d)
			continue; /* once per digest: its preferred implementation */
		for (hmac = 0; hmac < 2; hmac++) {
			speed_row row;
			hash_row(&row, d->name, hmac);
			if (!has_row(&speed_engine_openssl, &row)) {
				snprintf(lacking + strlen(lacking), sizeof(lacking) - strlen(lacking), " %s", row.name);
				continue;
			}
			if (compare_row(&speed_engine_ember, &speed_engine_openssl, &row, 0)) {
				compared++;
				snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), " %s", row.name);
			}
		}
	}
	for (i = 0; i < ember_cipher_spec_count(); i++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(i);
		speed_row row;
		int dec;
		cipher_row(&row, s->name);
		if (!has_row(&speed_engine_ember, &row))
			continue; /* not in this build */
		if (!has_row(&speed_engine_openssl, &row)) {
			snprintf(lacking + strlen(lacking), sizeof(lacking) - strlen(lacking), " %s", row.name);
			continue;
		}
		for (dec = 0; dec < 2; dec++)
			if (compare_row(&speed_engine_ember, &speed_engine_openssl, &row, dec) && dec == 0) {
				compared++;
				snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), " %s", row.name);
			}
	}
	/* the AEAD rows, both directions, with and without -aead's AAD; and ghash */
	for (i = 0; i <= ember_aead_spec_count(); i++) {
		const ember_aead_spec *s = i < ember_aead_spec_count() ? ember_aead_spec_at(i) : NULL;
		speed_row row;
		int mode;
		aead_row(&row, s ? s->name : NULL, 0);
		if (!has_row(&speed_engine_ember, &row))
			continue;
		if (!has_row(&speed_engine_openssl, &row)) {
			snprintf(lacking + strlen(lacking), sizeof(lacking) - strlen(lacking), " %s", row.name);
			continue;
		}
		for (mode = 0; mode < (s ? 4 : 1); mode++) {
			aead_row(&row, s ? s->name : NULL, mode & 1);
			if (compare_row(&speed_engine_ember, &speed_engine_openssl, &row, mode >> 1) && mode == 0) {
				compared++;
				snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), " %s", row.name);
			}
		}
	}
	if (t_phase == 1) {
		t_note("openssl engine = ember engine on random inputs:%s", seen);
		if (lacking[0])
			t_note("not in %s:%s", o->version, lacking);
	}
	CHECK(compared >= 4, "only %u rows compared between the ember and openssl engines", (unsigned)compared);
}

/* The known answers engines are checked against, and the mismatch message. */
EMBER_TEST(engines_known_answer)
{
	static const struct {
		int kind;
		const char *target;
		size_t out_len;
	} cases[] = {
		{ SPEED_HASH, "sha256", 32 }, { SPEED_HASH, "md5", 16 }, { SPEED_HMAC, "md5", 16 },
		{ SPEED_HMAC, "md4", 16 }, { SPEED_CIPHER, "aes-128-cbc", 32 }, { SPEED_CIPHER, "des-ede3-cbc", 32 },
		{ SPEED_CIPHER, "rc4", 32 }, { SPEED_CIPHER, "idea-cbc", 8 },
	};
	size_t i;
	char err[240];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		speed_row row;
		speed_kat k;
		uint8_t bad[64];
		int e;

		if (cases[i].kind == SPEED_CIPHER)
			cipher_row(&row, cases[i].target);
		else
			hash_row(&row, cases[i].target, cases[i].kind == SPEED_HMAC);
		if (cases[i].kind != SPEED_CIPHER && ember_hash_find(cases[i].target, NULL) == NULL) {
			t_skip("%s not in this build", row.name);
			continue;
		}
		e = speed_known_answer(&row, &k, err, sizeof(err));
		if (!CHECK(e == 0, "%s: no known answer: %s", row.name, err))
			continue;
		CHECK(k.out_len == cases[i].out_len, "%s: known answer of %u bytes", row.name, (unsigned)k.out_len);
		CHECK(speed_kat_compare("test", &row, &k, k.out, k.out_len, err, sizeof(err)) == 0, "%s: own answer refused",
		    row.name);
		memcpy(bad, k.out, k.out_len);
		bad[0] ^= 1;
		err[0] = 0;
		CHECK(speed_kat_compare("test", &row, &k, bad, k.out_len, err, sizeof(err)) == EMBER_EVERIFY &&
		          strstr(err, "test") && strstr(err, row.name) && strstr(err, "not timed"),
		    "%s: a wrong answer was not refused clearly: %s", row.name, err);
	}
}

/* An offloading engine: the success path in-process where the kernel allows it, else the CLI's error path. */
static void kernel_engine(const speed_engine *e, const char *what, int avail_errno, const char *missing_name)
{
	char *out, *err, args[128];
	int st;

	if (avail_errno == 0) {
		speed_row row;
		size_t n = 0;
		const char *rows[] = { "sha256", "sha1", "md5" };
		size_t i;

		t_skip("%s error path: %s is available on this system", e->name, what);
		for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
			hash_row(&row, rows[i], 0);
			if (ember_hash_find(rows[i], NULL) == NULL)
				continue;
			n += compare_row(&speed_engine_ember, e, &row, 0);
		}
		cipher_row(&row, "aes-128-cbc");
		if (has_row(&speed_engine_ember, &row)) {
			n += compare_row(&speed_engine_ember, e, &row, 0);
			n += compare_row(&speed_engine_ember, e, &row, 1);
		}
		/* AEAD sockets where the kernel has them: gcm(aes), ccm(aes), rfc7539(chacha20,poly1305) */
		for (i = 0; e == &speed_engine_afalg && i < ember_aead_spec_count(); i++) {
			int mode;
			for (mode = 0; mode < 4; mode++) {
				aead_row(&row, ember_aead_spec_at(i)->name, mode & 1);
				if (has_row(e, &row))
					n += compare_row(&speed_engine_ember, e, &row, mode >> 1);
			}
		}
		if (n == 0)
			t_skip("%s success path: the kernel has none of sha256, sha1, md5, cbc(aes)", e->name);
		return;
	}
	/* in-process as far as this kernel lets it: an AEAD row is offered, and its socket refused with the reason */
	if (e == &speed_engine_afalg) {
		speed_row row;
		speed_task *t = NULL;
		char why[240];
		size_t i;
		for (i = 0; i <= ember_aead_spec_count(); i++) {
			aead_row(&row, i < ember_aead_spec_count() ? ember_aead_spec_at(i)->name : NULL, 1);
			CHECK(has_row(e, &row), "afalg: %s not offered", row.name);
			CHECK(e->open(&row, NULL, 0, &t, why, sizeof(why)) == EMBER_ENOTSUP && t == NULL &&
			          strstr(why, row.name) && strstr(why, "AF_ALG") && strstr(why, strerror(avail_errno)),
			    "afalg: %s: want the socket's refusal, got: %s", row.name, why);
		}
	}
	t_skip("%s success path: %s: %s", e->name, what, strerror(avail_errno));
	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	snprintf(args, sizeof(args), "-engine %s -seconds 0.05 -bytes 16 sha256", e->name);
	st = run_speed(NULL, args, &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed %s", args))
		return;
	CHECK(st != 0, "-engine %s without %s: exit %d", e->name, what, st);
	CHECK(count_lines(err) == 1 && strstr(err, missing_name) && strstr(err, strerror(avail_errno)),
	    "-engine %s: want one line naming %s and '%s', got: %s", e->name, missing_name, strerror(avail_errno), err);
	CHECK(out[0] == 0, "-engine %s wrote to stdout: %s", e->name, out);
	free(out);
	free(err);
	/* with Ember alongside: Ember's table, the missing engine reported, the wall clock implied */
	snprintf(args, sizeof(args), "-engine ember,%s -seconds 0.05 -bytes 16 sha256", e->name);
	st = run_speed(NULL, args, &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed %s", args))
		return;
	CHECK(st == 2, "%s: exit %d (want 2: results, but an engine missing)", args, st);
	CHECK(strstr(out, "\nengine ember:\n") && strstr(out, "\nsha256 ") && strstr(out, "Side by side") &&
	          strstr(out, missing_name),
	    "%s: Ember's table and the missing engine:\n%s", args, out);
	CHECK(strstr(out, "\ntiming: wall clock") && strstr(out, "-elapsed implied"), "%s: header lacks the implied -elapsed:\n%s",
	    args, out);
	CHECK(strstr(err, "You have chosen to measure elapsed time") != NULL, "%s: no -elapsed notice: %s", args, err);
	free(out);
	free(err);
	/* an AEAD row: the same one line alone, Ember's table beside it */
	snprintf(args, sizeof(args), "-engine %s -count 1 -aead aes-128-gcm", e->name);
	st = run_speed(NULL, args, &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed %s", args))
		return;
	CHECK(st == 1 && count_lines(err) == 1 && strstr(err, missing_name), "%s: exit %d: %s", args, st, err);
	free(out);
	free(err);
	snprintf(args, sizeof(args), "-engine ember,%s -count 1 -aead aes-128-gcm", e->name);
	st = run_speed(NULL, args, &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed %s", args))
		return;
	CHECK(st == 2 && strstr(out, "\nAES-128-GCM ") && strstr(out, missing_name), "%s: exit %d:\n%s", args, st, out);
	free(out);
	free(err);
}

EMBER_TEST(engines_afalg)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0), en = errno;

	if (fd >= 0) {
		close(fd);
		en = 0;
	}
	kernel_engine(&speed_engine_afalg, "AF_ALG sockets", en, "AF_ALG");
}

EMBER_TEST(engines_cryptodev)
{
	int fd = open("/dev/crypto", O_RDWR), en = errno;

	if (fd >= 0) {
		close(fd);
		en = 0;
	}
	kernel_engine(&speed_engine_cryptodev, "/dev/crypto", en, "/dev/crypto");
}

EMBER_TEST(engines_missing_libcrypto)
{
	static const char env[] = "EMBER_LIBCRYPTO=/nonexistent/libcrypto.so";
	char *out, *err;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	st = run_speed(env, "-engine openssl -seconds 0.05 -bytes 16 sha256", &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed"))
		return;
	CHECK(st == 1 && count_lines(err) == 1 && strstr(err, "/nonexistent/libcrypto.so") &&
	          strstr(err, "-engine openssl"),
	    "-engine openssl without libcrypto: exit %d, stderr: %s", st, err);
	CHECK(out[0] == 0, "wrote to stdout: %s", out);
	free(out);
	free(err);
	st = run_speed(env, "-engine ember,openssl -seconds 0.05 -bytes 16 sha256", &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed"))
		return;
	CHECK(st == 2, "-engine ember,openssl without libcrypto: exit %d (want 2)", st);
	CHECK(strstr(out, "\nsha256 ") && strstr(out, "engine openssl: not available: ") &&
	          strstr(out, "/nonexistent/libcrypto.so"),
	    "Ember's table and the missing engine:\n%s", out);
	CHECK(strstr(err, "engine openssl is not available") != NULL, "stderr: %s", err);
	free(out);
	free(err);
}

/* libsodium (the sodium engine): equal to Ember where both run a row; a missing library is one line. */
EMBER_TEST(engines_sodium)
{
	static const char env[] = "EMBER_LIBSODIUM=/nonexistent/libsodium.so";
	const char *specs[] = { "chacha20-poly1305", "aes-256-gcm" };
	char why[240], *out, *err;
	size_t i;
	int st, n = 0;

	if (speed_engine_sodium.probe(why, sizeof(why)) != 0) {
		t_skip("sodium engine success path: %s", why);
	} else {
		for (i = 0; i < 2; i++) {
			speed_row row;
			int mode;
			aead_row(&row, specs[i], 0);
			if (!has_row(&speed_engine_sodium, &row)) {
				t_skip("sodium: %s not offered here", row.name);
				continue;
			}
			for (mode = 0; mode < 4; mode++) {
				aead_row(&row, specs[i], mode & 1);
				n += compare_row(&speed_engine_ember, &speed_engine_sodium, &row, mode >> 1);
			}
		}
		for (i = 0; i < 2; i++) {
			speed_row row;
			hash_row(&row, i ? "sha512" : "sha256", 0);
			n += compare_row(&speed_engine_ember, &speed_engine_sodium, &row, 0);
		}
		CHECK(n >= 5, "sodium: only %d rows compared", n);
		{
			speed_row row;
			aead_row(&row, "aes-128-gcm", 1);
			CHECK(!has_row(&speed_engine_sodium, &row), "sodium offers aes-128-gcm, which libsodium lacks");
		}
		if (t_phase == 1 && t_ember_bin != NULL) {
			st = run_speed(NULL, "-engine ember,openssl,sodium -count 2 -aead chacha20-poly1305", &out, &err);
			if (CHECK(st >= 0, "cannot run ember speed")) {
				CHECK(st == 0 && strstr(out, "\nengine: sodium (libsodium ") && strstr(out, " sodium  sodium "),
				    "three engines: exit %d:\n%s", st, out);
				free(out);
				free(err);
			}
		}
	}
	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	st = run_speed(env, "-engine sodium -count 1 chacha20-poly1305", &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed"))
		return;
	CHECK(st == 1 && count_lines(err) == 1 && strstr(err, "-engine sodium: ") && strstr(err, "/nonexistent/libsodium.so"),
	    "-engine sodium without libsodium: exit %d, stderr: %s", st, err);
	CHECK(out[0] == 0, "wrote to stdout: %s", out);
	free(out);
	free(err);
	st = run_speed(env, "-engine ember,sodium -count 1 -bytes 64 chacha20-poly1305", &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed"))
		return;
	CHECK(st == 2 && strstr(out, "\nChaCha20-Poly1305 ") && strstr(out, "engine sodium: not available: "),
	    "-engine ember,sodium without libsodium: exit %d:\n%s", st, out);
	free(out);
	free(err);
}

EMBER_TEST(engines_side_by_side)
{
	char path[] = "/tmp/ember-t-engines-json-XXXXXX";
	char *out, *err, msg[512];
	const char *p;
	tj *doc;
	int st, fd, engines_seen = 0;
	size_t i;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	if (ossl_load(msg, sizeof(msg)) == NULL) {
		t_skip("openssl engine: %s", msg);
		return;
	}
	st = run_speed(NULL, "-engine ember,openssl -seconds 0.05 -sizes 16,64 sha256 md5 rsa2048", &out, &err);
	if (!CHECK(st >= 0, "cannot run ember speed"))
		return;
	CHECK(st == 0, "-engine ember,openssl: exit %d: %s", st, err);
	CHECK(strstr(out, "\nengine: openssl (OpenSSL ") != NULL, "header names libcrypto:\n%s", out);
	CHECK(strstr(out, "\nengine ember:\n") && strstr(out, "\nengine openssl:\n"), "one table per engine:\n%s", out);
	p = strstr(out, "\nSide by side");
	if (CHECK(p != NULL, "no side-by-side table:\n%s", out)) {
		const char *s = strstr(p, "\nsha256 ");
		const char *o = s ? strstr(s + 1, "\n              openssl ") : NULL;
		CHECK(s && strstr(s + 1, " ember ") && o && strstr(o, " x") && strstr(o, " x") < strchr(o + 1, '\n'),
		    "side by side: sha256 rows with ratios:\n%s", p);
		CHECK(strstr(p, "\nrsa2048 ") != NULL, "side by side: the rsa2048 row says why:\n%s", p);
	}
	CHECK(strstr(out, "\ntiming:") == NULL, "ember and openssl are timed by CPU time:\n%s", out);
	free(out);
	free(err);

	/* openssl's six sizes: split over tables that fit 100 columns, for mail */
	st = run_speed(NULL, "-engine ember,openssl -count 20 sha256 md5", &out, &err);
	if (!CHECK(st == 0, "six sizes: exit %d: %s", st, err ? err : "")) {
		free(out);
		free(err);
		return;
	}
	p = strstr(out, "\nSide by side");
	if (CHECK(p != NULL, "no side-by-side table:\n%s", out)) {
		const char *l;
		int types = 0;
		for (l = p + 1; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
			size_t n = strcspn(l, "\n");
			CHECK(n <= 100, "side by side: a line of %u columns: %.*s", (unsigned)n, (int)n, l);
			types += strncmp(l, "type ", 5) == 0;
		}
		CHECK(types >= 2, "six sizes in one table:\n%s", p);
	}
	free(out);
	free(err);

	/* JSON: the engine in each result */
	st = run_speed(NULL, "-format json -engine ember,openssl -count 20 -bytes 16 sha256", &out, &err);
	if (!CHECK(st == 0, "-format json: exit %d: %s", st, err ? err : "")) {
		free(out);
		free(err);
		return;
	}
	fd = mkstemp(path);
	if (!CHECK(fd >= 0, "temp file")) {
		free(out);
		free(err);
		return;
	}
	if (write(fd, out, strlen(out)) != (ssize_t)strlen(out))
		CHECK(0, "write %s", path);
	close(fd);
	doc = tj_load(path);
	/* the schema in docs/, by python3-jsonschema when installed */
	if (t_phase == 1 && system("python3 -c 'import jsonschema' >/dev/null 2>&1") != 0) {
		t_skip("python3 jsonschema not installed: multi-engine JSON not validated");
	} else if (t_phase == 1) {
		char cmd[2048];
		snprintf(cmd, sizeof(cmd),
		    "python3 -c 'import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])),"
		    " json.load(open(sys.argv[2])))' '%s' '%s/../../docs/ember-speed.schema.json'",
		    path, t_vec_dir);
		CHECK(system(cmd) == 0, "multi-engine JSON does not validate against docs/ember-speed.schema.json");
	}
	unlink(path);
	if (CHECK(doc != NULL, "JSON does not parse:\n%s", out)) {
		const tj *res = tj_get(doc, "results");
		if (CHECK(res && res->type == TJ_ARR && res->n == 2, "want 2 results (sha256, two engines)")) {
			for (i = 0; i < res->n; i++) {
				const char *e = tj_str(res->items[i], "engine");
				engines_seen |= e && strcmp(e, "ember") == 0 ? 1 : 0;
				engines_seen |= e && strcmp(e, "openssl") == 0 ? 2 : 0;
			}
			CHECK(engines_seen == 3, "results' engine fields: want ember and openssl");
		}
		CHECK(tj_get(doc, "engines") && tj_get(doc, "engines")->type == TJ_ARR && tj_get(doc, "engines")->n == 2,
		    "engines array");
		tj_free(doc);
	}
	free(out);
	free(err);
}

/* The driver lookup behind afalg's implementation column: the highest-priority
 * driver /proc/crypto lists for a name, "unknown" for a name it does not list. */
EMBER_TEST(engines_kernel_driver_lookup)
{
	FILE *f = fopen("/proc/crypto", "r");
	char line[256], name[128] = "", want_name[128] = "", want[128] = "", got[128];
	long prio, best = -1;
	int n = 0;

	if (f == NULL) {
		t_skip("/proc/crypto: %s", strerror(errno));
		return;
	}
	/* the first name listed, and its best driver, read here independently */
	while (fgets(line, sizeof(line), f)) {
		char v[128];
		static char driver[128];
		if (sscanf(line, "name : %127s", v) == 1) {
			snprintf(name, sizeof(name), "%s", v);
			if (want_name[0] == 0)
				snprintf(want_name, sizeof(want_name), "%s", v);
			n++;
		} else if (sscanf(line, "driver : %127s", v) == 1) {
			snprintf(driver, sizeof(driver), "%s", v);
		} else if (sscanf(line, "priority : %ld", &prio) == 1 && strcmp(name, want_name) == 0 && prio > best) {
			best = prio;
			snprintf(want, sizeof(want), "%s", driver);
		}
	}
	fclose(f);
	if (n == 0) {
		t_skip("/proc/crypto lists no algorithm");
		return;
	}
	kcrypto_driver(want_name, got, sizeof(got));
	CHECK(strcmp(got, want) == 0, "driver of %s: got %s, /proc/crypto says %s", want_name, got, want);
	kcrypto_driver("no-such-algorithm(ember)", got, sizeof(got));
	CHECK(strcmp(got, "unknown") == 0, "an unlisted name gave driver %s", got);
	if (t_phase == 1)
		t_note("/proc/crypto: %s is served by %s", want_name, want);
}

/* openssl's names for the engines: 1.0's af_alg, 1.1's devcrypto; and padlock, which Ember has not */
EMBER_TEST(engines_aliases)
{
	static const struct {
		const char *alias_args, *name_args, *name;
	} cases[] = {
		/* the exact line of a field report (with a count, so that it is quick where AF_ALG works) */
		{ "md5 sha1 des aes hmac -engine af_alg -count 1 -bytes 16", "-engine afalg -count 1 -bytes 16 md5 sha1 des aes hmac",
		    "afalg" },
		{ "md5 -engine devcrypto -count 1 -bytes 16", "-engine cryptodev -count 1 -bytes 16 md5", "cryptodev" },
	};
	char *o1, *e1, *o2, *e2, want[64];
	size_t i;
	int s1, s2;

	if (t_ember_bin == NULL) {
		t_skip("no ember binary (-e)");
		return;
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		s1 = run_speed(NULL, cases[i].alias_args, &o1, &e1);
		s2 = run_speed(NULL, cases[i].name_args, &o2, &e2);
		if (!CHECK(s1 >= 0 && s2 >= 0, "cannot run ember speed")) {
			free(o1);
			free(e1);
			free(o2);
			free(e2);
			continue;
		}
		CHECK(s1 == s2, "'%s': exit %d, '%s': exit %d", cases[i].alias_args, s1, cases[i].name_args, s2);
		snprintf(want, sizeof(want), "\nengine: %s", cases[i].name);
		if (s1 != 0)
			CHECK(strcmp(e1, e2) == 0 && count_lines(e1) == 1, "the alias is not the engine:\n%s\n%s", e1, e2);
		else
			CHECK(strstr(o1, want) != NULL, "'%s' does not run %s:\n%s", cases[i].alias_args, cases[i].name, o1);
		free(o1);
		free(e1);
		free(o2);
		free(e2);
	}
	/* PadLock: what Ember does on a VIA CPU, and how to time the PadLock unit */
	for (i = 0; i < 2; i++) {
		s1 = run_speed(NULL, i ? "-engine ember,padlock md5" : "md5 -engine padlock", &o1, &e1);
		if (!CHECK(s1 >= 0, "cannot run ember speed"))
			continue;
		CHECK(s1 == 1 && count_lines(e1) == 1 && strstr(e1, "-engine padlock: ") && strstr(e1, "no VIA PadLock code") &&
		          strstr(e1, "-engine afalg") && strstr(e1, "padlock-aes"),
		    "-engine padlock: exit %d: %s", s1, e1);
		CHECK(o1[0] == 0, "-engine padlock wrote to stdout: %s", o1);
		free(o1);
		free(e1);
	}
}
