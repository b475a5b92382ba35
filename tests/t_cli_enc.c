/*
 * t_cli_enc.c - the `ember enc` command as a user runs it: files
 * encrypted by ember decrypt with `openssl enc` and the reverse (when an
 * openssl binary is on PATH), and every refused input gives a non-zero
 * exit, exactly one line on stderr and no -out file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/cipher.h"
#include "test.h"

static char dir[64];

static const char *file(const char *name)
{
	static char buf[4][128];
	static int k;
	k = (k + 1) & 3;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", dir, name);
	return buf[k];
}

static int write_file(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok = f != NULL && fwrite(p, 1, n, f) == n;
	if (f != NULL && fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

/* Reads a whole (small) file into |p|; returns its length or -1. */
static long read_file(const char *path, uint8_t *p, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t n;
	if (f == NULL)
		return -1;
	n = fread(p, 1, max, f);
	fclose(f);
	return (long)n;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Runs a shell command line; returns its exit status (-1 if it did not exit). */
static int sh(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static const char *env(void)
{
	return t_phase == 2 ? "EMBER_CPUCAP=none " : "";
}

static int have_openssl(const char *cipher)
{
	return sh("openssl enc -provider default -provider legacy -e -%s -K %032d -iv %032d -in /dev/null "
	          ">/dev/null 2>&1", cipher, 0, 0) == 0 ||
	       sh("openssl enc -e -%s -K %032d -iv %032d -in /dev/null >/dev/null 2>&1", cipher, 0, 0) == 0;
}

#define KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define IV "000102030405060708090a0b0c0d0e0f"

/* ember encrypts, openssl decrypts, and the reverse, for |cipher| (16-byte key). */
static void interop(const char *cipher, const char *prov)
{
	static const size_t lens[] = { 0, 1, 15, 16, 17, 31, 32, 33, 64, 100 };
	uint8_t pt[100], back[200];
	size_t i;

	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		size_t n = lens[i];
		long got;
		int st;

		t_rand_bytes(pt, n);
		if (!CHECK(write_file(file("p"), pt, n) == 0, "cannot write %s", file("p")))
			return;
		remove(file("e"));
		remove(file("d"));
		st = sh("%s%s enc -%s -K " KEY " -iv " IV " -in %s -out %s 2>/dev/null", env(), t_ember_bin, cipher,
		    file("p"), file("e"));
		if (!CHECK(st == 0, "ember enc -%s failed (len %zu)", cipher, n))
			continue;
		st = sh("openssl enc %s -d -%s -K " KEY " -iv " IV " -in %s -out %s 2>/dev/null", prov, cipher,
		    file("e"), file("d"));
		got = read_file(file("d"), back, sizeof(back));
		CHECK(st == 0 && got == (long)n && memcmp(back, pt, n) == 0,
		    "%s len %zu: openssl does not decrypt what ember encrypted", cipher, n);

		remove(file("e"));
		remove(file("d"));
		st = sh("openssl enc %s -e -%s -K " KEY " -iv " IV " -in %s -out %s 2>/dev/null", prov, cipher,
		    file("p"), file("e"));
		if (!CHECK(st == 0, "openssl enc -%s failed (len %zu)", cipher, n))
			continue;
		st = sh("%s%s enc -d -%s -K " KEY " -iv " IV " -in %s -out %s 2>/dev/null", env(), t_ember_bin, cipher,
		    file("e"), file("d"));
		got = read_file(file("d"), back, sizeof(back));
		CHECK(st == 0 && got == (long)n && memcmp(back, pt, n) == 0,
		    "%s len %zu: ember does not decrypt what openssl encrypted", cipher, n);
	}
}

/* |args| must fail: non-zero exit, one stderr line, no -out file. */
static void refused(const char *what, const char *args)
{
	uint8_t err[4096];
	long n, i, lines = 0;
	int st;

	remove(file("out"));
	st = sh("%s%s enc %s -out %s 2>%s", env(), t_ember_bin, args, file("out"), file("err"));
	n = read_file(file("err"), err, sizeof(err));
	for (i = 0; i < n; i++)
		lines += err[i] == '\n';
	CHECK(st > 0, "%s: exit status %d, want non-zero", what, st);
	CHECK(lines == 1 && n > 0 && err[n - 1] == '\n', "%s: %ld lines on stderr, want 1", what, lines);
	CHECK(!exists(file("out")), "%s: output file left behind", what);
}

EMBER_TEST(cli_enc)
{
	uint8_t pt[64], ct[80];
	char args[1024];
	long n;
	const char *names[] = { "p", "e", "d", "out", "err", "ct", "trunc", "badpad", "block" };
	size_t i;

	if (t_ember_bin == NULL) {
		t_skip("cli_enc: no ember binary given (-e)");
		return;
	}
	if (ember_block_find("camellia", NULL) == NULL) {
		t_skip("cli_enc: camellia not in this build");
		return;
	}
	strcpy(dir, "/tmp/ember-t-enc-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;

	if (have_openssl("camellia-128-cbc"))
		interop("camellia-128-cbc", "");
	else
		t_skip("cli_enc: no openssl binary with camellia-128-cbc");
	{
		/* the other ciphers with a 16-byte key and a 16-byte block both tools have */
		static const char *const more[][3] = { { "aes", "aes-128-cbc", "" }, { "aes", "aes-128-ecb", "" } };
		size_t m;
		for (m = 0; m < sizeof(more) / sizeof(more[0]); m++) {
			if (ember_block_find(more[m][0], NULL) != NULL && have_openssl(more[m][1]))
				interop(more[m][1], more[m][2]);
			else
				t_skip("cli_enc: %s not in this build or not in the openssl binary", more[m][1]);
		}
	}
	if (ember_block_find("rc4", NULL) != NULL && have_openssl("rc4"))
		interop("rc4", "-provider default -provider legacy");
	else
		t_skip("cli_enc: no openssl binary with rc4 (legacy provider)");

	/* a good ciphertext to damage */
	t_rand_bytes(pt, sizeof(pt));
	write_file(file("p"), pt, sizeof(pt));
	CHECK(sh("%s%s enc -camellia-128-cbc -K " KEY " -iv " IV " -in %s -out %s", env(), t_ember_bin, file("p"),
	          file("ct")) == 0,
	    "encrypting a test file failed");
	n = read_file(file("ct"), ct, sizeof(ct));
	CHECK(n == 80, "ciphertext of 64 bytes is %ld bytes, want 80", n);
	write_file(file("trunc"), ct, n > 0 ? (size_t)n - 1 : 0);
	/* a block ending in 0x00 encrypted without padding never unpads */
	memset(pt, 0, 16);
	write_file(file("block"), pt, 16);
	CHECK(sh("%s%s enc -camellia-128-cbc -nopad -K " KEY " -iv " IV " -in %s -out %s", env(), t_ember_bin,
	          file("block"), file("badpad")) == 0,
	    "-nopad encryption of one block failed");

	snprintf(args, sizeof(args), "-camellia-128-cbc -K 00112233 -iv " IV " -in %s", file("p"));
	refused("wrong key length", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY "0 -iv " IV " -in %s", file("p"));
	refused("odd-length key hex", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K 2b7e151628aed2a6abf7158809cf4fzz -iv " IV " -in %s",
	    file("p"));
	refused("bad key hex", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY " -iv 0g0102030405060708090a0b0c0d0e0f -in %s",
	    file("p"));
	refused("bad IV hex", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY " -in %s", file("p"));
	refused("missing IV", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY " -iv 0001 -in %s", file("p"));
	refused("wrong IV length", args);
	snprintf(args, sizeof(args), "-d -camellia-128-cbc -K " KEY " -iv " IV " -in %s", file("trunc"));
	refused("truncated ciphertext", args);
	snprintf(args, sizeof(args), "-d -camellia-128-cbc -K " KEY " -iv " IV " -in %s", file("badpad"));
	refused("bad padding", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -nopad -K " KEY " -iv " IV " -in %s", file("trunc"));
	refused("-nopad with a partial block", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -k password -in %s", file("p"));
	refused("password option", args);
	snprintf(args, sizeof(args), "-no-such-cipher -K " KEY " -in %s", file("p"));
	refused("unknown cipher", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY " -iv " IV " -in %s", file("missing"));
	refused("missing input file", args);

	/* the good ciphertext still decrypts, so the failures above were the inputs' */
	CHECK(sh("%s%s enc -d -camellia-128-cbc -K " KEY " -iv " IV " -in %s -out %s", env(), t_ember_bin,
	          file("ct"), file("d")) == 0 &&
	          read_file(file("d"), ct, sizeof(ct)) == 64,
	    "decrypting the intact ciphertext failed");

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		remove(file(names[i]));
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}
