/*
 * t_cli_dgst.c - `ember dgst` run as a program (the binary given to the
 * runner with -e): output format, standard input, HMAC, errors and exit
 * status, -out, and, when an `openssl` program is on the PATH, byte-identical
 * lines (and -out files) for every digest both know.
 */
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
