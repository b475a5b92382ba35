/*
 * t_cli_dgst.c - `ember dgst` run as a program (the binary given to the
 * runner with -e): output format, standard input, HMAC, errors and exit
 * status, -out, and, when an `openssl` program is on the PATH, byte-identical
 * lines (and -out files) for every digest both know.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ember/hash.h"
#include "test.h"

/* Runs |cmd| with sh, collects its standard output into |out|; returns the exit status or -1. */
static int run(const char *cmd, char *out, size_t out_len)
{
	FILE *p = popen(cmd, "r");
	size_t n = 0;
	int st;

	out[0] = 0;
	if (p == NULL)
		return -1;
	while (n + 1 < out_len) {
		size_t got = fread(out + n, 1, out_len - 1 - n, p);
		if (got == 0)
			break;
		n += got;
	}
	out[n] = 0;
	st = pclose(p);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Writes |len| bytes to a new temporary file; its name goes to |path| (XXXXXX template). */
static int temp_file(char *path, const void *data, size_t len)
{
	int fd = mkstemp(path);
	ssize_t w;

	if (fd < 0)
		return -1;
	w = write(fd, data, len);
	close(fd);
	return w == (ssize_t)len ? 0 : -1;
}

EMBER_TEST(cli_dgst)
{
	static const char *const abc[][2] = {
		{ "sha224", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
		{ "sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "sha384", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7" },
		{ "sha512", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
		{ "sha512-224", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
		{ "sha512-256", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
	};
	char cmd[8192], out[8192], want[1024], file[] = "/tmp/ember-dgst-XXXXXX";
	const char *bin = t_ember_bin;
	size_t i;
	int st;

	if (bin == NULL || access(bin, X_OK) != 0) {
		t_skip("ember dgst: no ember binary (-e)");
		return;
	}
	/* FIPS 180-4 "abc" from standard input */
	snprintf(cmd, sizeof(cmd), "printf abc | '%s' dgst -sha256", bin);
	st = run(cmd, out, sizeof(out));
	CHECK(st == 0 && strcmp(out, "SHA2-256(stdin)= ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n") == 0,
	    "dgst -sha256 of stdin: status %d, output '%s'", st, out);
	snprintf(cmd, sizeof(cmd), "printf abc | '%s' dgst", bin);
	st = run(cmd, out, sizeof(out));
	CHECK(st == 0 && strcmp(out, "SHA256(stdin)= ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n") == 0,
	    "dgst without a digest: status %d, output '%s'", st, out);
	for (i = 0; i < sizeof(abc) / sizeof(abc[0]); i++) {
		if (ember_hash_find(abc[i][0], NULL) == NULL)
			continue;
		snprintf(cmd, sizeof(cmd), "printf abc | '%s' dgst -%s -r", bin, abc[i][0]);
		snprintf(want, sizeof(want), "%s *stdin\n", abc[i][1]);
		st = run(cmd, out, sizeof(out));
		CHECK(st == 0 && strcmp(out, want) == 0, "dgst -%s -r: status %d, output '%s'", abc[i][0], st, out);
	}

	if (t_phase == 2)
		return; /* the rest does not depend on the CPU features */

	/* HMAC of a file: RFC 4231 test case 2 */
	if (!CHECK(temp_file(file, "what do ya want for nothing?", 28) == 0, "cannot write a temporary file"))
		return;
	snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -hmac Jefe '%s'", bin, file);
	snprintf(want, sizeof(want), "HMAC-SHA2-256(%s)= 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843\n", file);
	st = run(cmd, out, sizeof(out));
	CHECK(st == 0 && strcmp(out, want) == 0, "dgst -hmac: status %d, output '%s'", st, out);

	/* a missing file: named on stderr, exit non-zero, the other files still done */
	snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 /nonexistent-ember-dir/missing-file 2>&1 >/dev/null", bin);
	st = run(cmd, out, sizeof(out));
	CHECK(st != 0 && strstr(out, "missing-file") != NULL && strchr(out, '\n') == strrchr(out, '\n'),
	    "dgst of a missing file: status %d, stderr '%s'", st, out);
	snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 /nonexistent-ember-dir/missing-file '%s' 2>/dev/null", bin, file);
	st = run(cmd, out, sizeof(out));
	snprintf(want, sizeof(want), "SHA2-256(%s)= ", file);
	CHECK(st == 1 && strncmp(out, want, strlen(want)) == 0, "dgst missing + good file: status %d, output '%s'",
	    st, out);

	/* -out: nothing on stdout; "-out -" is stdout; an input that cannot be read leaves no file */
	{
		char ofile[] = "/tmp/ember-dgst-out-XXXXXX";
		int fd = mkstemp(ofile);
		if (CHECK(fd >= 0, "mkstemp")) {
			close(fd);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -out '%s' '%s' && cat '%s'", bin, ofile, file, ofile);
			snprintf(want, sizeof(want), "SHA2-256(%s)= %s\n", file,
			    "b381e7fec653fc3ab9b178272366b8ac87fed8d31cb25ed1d0e1f3318644c89c");
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && strcmp(out, want) == 0, "dgst -out: status %d, file '%s'", st, out);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -out '%s' '%s'", bin, ofile, file);
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && out[0] == 0, "dgst -out: status %d, stdout '%s'", st, out);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -out - '%s'", bin, file);
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && strcmp(out, want) == 0, "dgst -out -: status %d, stdout '%s'", st, out);
			unlink(ofile);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -out '%s' '%s' /nonexistent-ember-dir/missing 2>/dev/null; "
			    "echo $?; test -e '%s' && echo left", bin, ofile, file, ofile);
			st = run(cmd, out, sizeof(out));
			CHECK(strcmp(out, "1\n") == 0, "dgst -out with a missing input: '%s' (want status 1, no file)", out);
			unlink(ofile);
		}
	}

	/* bad usage: one line on stderr, non-zero exit */
	snprintf(cmd, sizeof(cmd), "'%s' dgst -no-such-digest '%s' 2>&1 >/dev/null", bin, file);
	st = run(cmd, out, sizeof(out));
	CHECK(st != 0 && strstr(out, "no-such-digest") != NULL && strchr(out, '\n') == out + strlen(out) - 1,
	    "dgst -no-such-digest: status %d, stderr '%s'", st, out);
	snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 -hmac 2>&1 >/dev/null", bin);
	st = run(cmd, out, sizeof(out));
	CHECK(st != 0 && strstr(out, "-hmac") != NULL, "dgst -hmac without a key: status %d, stderr '%s'", st, out);

	/* the same lines as openssl dgst, for every digest both have */
	if (system("command -v openssl >/dev/null 2>&1") == 0) {
		int compared = 0, k;
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			char theirs[8192];
			size_t j;
			int seen = 0;

			for (j = 0; j < i; j++)
				seen |= strcmp(ember_hash_at(j)->name, d->name) == 0;
			if (seen)
				continue;
			for (k = 0; k < 4; k++) {
				static const char *const extra[] = { "", "-hmac key", "-r", "-c" };
				snprintf(cmd, sizeof(cmd), "openssl dgst -%s %s '%s' 2>/dev/null", d->name, extra[k], file);
				if (run(cmd, theirs, sizeof(theirs)) != 0)
					break; /* openssl lacks it */
				snprintf(cmd, sizeof(cmd), "'%s' dgst -%s %s '%s'", bin, d->name, extra[k], file);
				st = run(cmd, out, sizeof(out));
				CHECK(st == 0 && strcmp(out, theirs) == 0, "dgst -%s %s: '%s', openssl: '%s'", d->name,
				    extra[k], out, theirs);
				compared++;
			}
		}
		/* -hex and -binary against -r and -c: openssl keeps them apart, the last of each pair wins */
		for (k = 0; k < 7; k++) {
			static const char *const mixed[] = { "-r -binary", "-binary -r", "-c -r", "-r -c", "-binary -hex",
				"-hex -binary", "-c -binary -hex" };
			char theirs[8192];
			snprintf(cmd, sizeof(cmd), "openssl dgst -md5 %s '%s' | od -c", mixed[k], file);
			if (run(cmd, theirs, sizeof(theirs)) != 0)
				continue;
			snprintf(cmd, sizeof(cmd), "'%s' dgst -md5 %s '%s' | od -c", bin, mixed[k], file);
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && strcmp(out, theirs) == 0, "dgst -md5 %s: '%s', openssl: '%s'", mixed[k], out, theirs);
			compared++;
		}
		/* -out: the same file as openssl's, for several inputs, every form and standard input */
		for (k = 0; k < 6; k++) {
			static const char *const forms[] = { "", "-r", "-c", "-binary", "-hmac key", "-sha512 -hex" };
			char theirs[8192], ofile[] = "/tmp/ember-dgst-out-XXXXXX";
			int fd = mkstemp(ofile);
			if (!CHECK(fd >= 0, "mkstemp"))
				break;
			close(fd);
			snprintf(cmd, sizeof(cmd), "openssl dgst -sha256 %s -out '%s' '%s' '%s' && od -c '%s'", forms[k], ofile,
			    file, file, ofile);
			if (run(cmd, theirs, sizeof(theirs)) != 0) {
				unlink(ofile);
				continue;
			}
			unlink(ofile);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 %s -out '%s' '%s' '%s' && od -c '%s'", bin, forms[k],
			    ofile, file, file, ofile);
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && strcmp(out, theirs) == 0, "dgst -sha256 %s -out: '%s', openssl: '%s'", forms[k], out,
			    theirs);
			snprintf(cmd, sizeof(cmd), "openssl dgst -sha256 %s -out '%s' < '%s' && od -c '%s'", forms[k], ofile,
			    file, ofile);
			run(cmd, theirs, sizeof(theirs));
			unlink(ofile);
			snprintf(cmd, sizeof(cmd), "'%s' dgst -sha256 %s -out '%s' < '%s' && od -c '%s'", bin, forms[k], ofile,
			    file, ofile);
			st = run(cmd, out, sizeof(out));
			CHECK(st == 0 && strcmp(out, theirs) == 0, "dgst -sha256 %s -out from stdin: '%s', openssl: '%s'",
			    forms[k], out, theirs);
			unlink(ofile);
			compared += 2;
		}
		t_note("ember dgst: %d outputs identical to openssl dgst's checked", compared);
	} else {
		t_skip("ember dgst: no openssl program to compare with");
	}
	unlink(file);
}

/*
 * SHA-3 and SHAKE, and -xoflen as openssl 3.0 takes it: its output for
 * every length form (decimal, and the C notations its check accepts but
 * its atoi reads otherwise), and its refusals, word for word, before any
 * file or key is read.
 */
EMBER_TEST(cli_dgst_xoflen)
{
	static const struct {
		const char *args, *out;
	} known[] = {
		{ "-sha3-256", "SHA3-256(stdin)= 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532\n" },
		{ "-shake128", "SHAKE-128(stdin)= 5881092dd818bf5cf8a3ddb793fbcba7\n" },
		{ "-shake128 -xoflen 20", "SHAKE-128(stdin)= 5881092dd818bf5cf8a3ddb793fbcba74097d5c5\n" },
		{ "-shake256 -xoflen 5", "SHAKE-256(stdin)= 4833666013\n" },
		{ "-xoflen 010 -shake256 -r", "483366601360a8771c68 *stdin\n" },         /* atoi: ten bytes */
		{ "-shake128 -xoflen 0x5", "SHAKE-128(stdin)= 5881092dd818bf5cf8a3ddb793fbcba7\n" }, /* atoi: 0, the default */
		{ "-sha256 -xoflen 0x5 -r", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad *stdin\n" },
	};
	static const struct {
		const char *args, *msg;
	} refused[] = {
		{ "-shake128 -xoflen abc", "Can't parse \"abc\" as a number" },
#if LONG_MAX > 0x7fffffffL
		{ "-shake128 -xoflen 3000000000", "Value \"3000000000\" outside integer range" },
#else /* openssl's opt_int reads a long: too big for strtol on a 32-bit core */
		{ "-shake128 -xoflen 3000000000", "Can't parse \"3000000000\" as a number" },
#endif
		{ "-shake128 -xoflen 0", "Non-positive number \"0\" for option -xoflen" },
		{ "-shake128 -xoflen -7", "Non-positive number \"-7\" for option -xoflen" },
		{ "-shake128 -xoflen 08", "Can't parse \"08\" as an octal number" },
		{ "-shake128 -xoflen 0x", "Can't parse \"0x\" as a hexadecimal number" },
		{ "-shake128 -xoflen 5x", "Can't parse \"5x\" as a number" },
		{ "-sha256 -xoflen 5 /nonexistent-ember-dir/f", "Length can only be specified for XOF" },
		{ "-sha3-256 -xoflen 5 -sign /nonexistent-ember-dir/k", "Length can only be specified for XOF" },
		{ "-shake128 -xoflen 5 -sign /nonexistent-ember-dir/k", "Signing key cannot be specified for XOF" },
		{ "-shake256 -xoflen 5 -verify /nonexistent-ember-dir/k -signature /nonexistent-ember-dir/s",
		    "Signing key cannot be specified for XOF" },
	};
	const char *bin = t_ember_bin;
	char cmd[1024], *out, *err;
	size_t i;
	int st, have_openssl;

	if (bin == NULL || access(bin, X_OK) != 0) {
		t_skip("ember dgst: no ember binary (-e)");
		return;
	}
	if (ember_hash_find("shake128", NULL) == NULL) {
		t_skip("no SHAKE in this build");
		return;
	}
	have_openssl = system("command -v openssl >/dev/null 2>&1") == 0;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		snprintf(cmd, sizeof(cmd), "printf abc | '%s' dgst %s", bin, known[i].args);
		st = t_run_cmd(cmd, &out, &err);
		CHECK(st == 0 && out && strcmp(out, known[i].out) == 0 && err && err[0] == 0, "dgst %s: exit %d: '%s' %s",
		    known[i].args, st, out ? out : "", err ? err : "");
		free(out);
		free(err);
		if (have_openssl) {
			/* and openssl's own line for it */
			char *theirs = NULL;
			snprintf(cmd, sizeof(cmd), "printf abc | openssl dgst %s", known[i].args);
			if (t_run_cmd(cmd, &theirs, NULL) == 0)
				CHECK(strcmp(theirs, known[i].out) == 0, "openssl dgst %s: '%s'", known[i].args, theirs);
			free(theirs);
		}
	}
	for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		snprintf(cmd, sizeof(cmd), "printf abc | '%s' dgst %s", bin, refused[i].args);
		st = t_run_cmd(cmd, &out, &err);
		CHECK(st == 1 && out && out[0] == 0 && err && strncmp(err, "ember dgst: ", 12) == 0 &&
		          strncmp(err + 12, refused[i].msg, strlen(refused[i].msg)) == 0 &&
		          strcmp(err + 12 + strlen(refused[i].msg), "\n") == 0,
		    "dgst %s: exit %d, want only '%s', got '%s'", refused[i].args, st, refused[i].msg, err ? err : "");
		free(out);
		free(err);
		/* the openssl run here is the build machine's: under qemu its long is not the target's */
		if (have_openssl && strstr(refused[i].args, "-sign") == NULL && strstr(refused[i].args, "-verify") == NULL &&
		    (LONG_MAX > 0x7fffffffL || strstr(refused[i].args, "3000000000") == NULL)) {
			/* openssl's first line: "dgst: MSG" (a parse error) or "MSG" */
			char *theirs = NULL;
			snprintf(cmd, sizeof(cmd), "printf abc | openssl dgst %s", refused[i].args);
			st = t_run_cmd(cmd, NULL, &theirs);
			CHECK(st == 1 && theirs && strstr(theirs, refused[i].msg) != NULL &&
			          (strncmp(theirs, refused[i].msg, strlen(refused[i].msg)) == 0 || strncmp(theirs, "dgst: ", 6) == 0),
			    "openssl dgst %s: exit %d: %s", refused[i].args, st, theirs ? theirs : "");
			free(theirs);
		}
	}
	/* a long output: every byte as openssl's */
	if (have_openssl && t_phase == 1) {
		char *mine = NULL, *theirs = NULL;
		snprintf(cmd, sizeof(cmd), "head -c 1000 /dev/zero | '%s' dgst -shake256 -xoflen 4000 -c", bin);
		st = t_run_cmd(cmd, &mine, NULL);
		if (t_run_cmd("head -c 1000 /dev/zero | openssl dgst -shake256 -xoflen 4000 -c", &theirs, NULL) == 0)
			CHECK(st == 0 && mine && strlen(mine) > 12000 && strcmp(mine, theirs) == 0,
			    "dgst -shake256 -xoflen 4000: differs from openssl's");
		free(mine);
		free(theirs);
	}
}
