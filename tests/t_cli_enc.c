/*
 * t_cli_enc.c - the `ember enc` command as a user runs it: files
 * encrypted by ember decrypt with `openssl enc` and the reverse (when an
 * openssl binary is on PATH), and every refused input gives a non-zero
 * exit, exactly one line on stderr and no -out file; a padded decryption
 * to standard output writes nothing there unless its padding checked out,
 * and is refused over its bound (64 KiB of plaintext) without -out; a run
 * killed by a signal halfway (enc -out, dgst -out) dies of that signal and
 * leaves neither its output file nor the temporary.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
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
	/* a password (-k): the file round-trips; what is refused around it */
	remove(file("d"));
	CHECK(sh("%s%s enc -camellia-128-cbc -k password -in %s -out %s 2>/dev/null", env(), t_ember_bin, file("p"),
	          file("e")) == 0 &&
	          sh("%s%s enc -d -camellia-128-cbc -k password -in %s -out %s 2>/dev/null", env(), t_ember_bin, file("e"),
	              file("d")) == 0 &&
	          read_file(file("d"), ct, sizeof(ct)) == 64,
	    "-k password: encrypting and decrypting failed");
	snprintf(args, sizeof(args), "-d -camellia-128-cbc -K " KEY " -iv " IV " -in %s", file("e"));
	refused("a Salted__ file given -K", args);
	snprintf(args, sizeof(args), "-d -camellia-128-cbc -k password -in %s", file("ct"));
	refused("a password, no Salted__ header", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -K " KEY " -iv " IV " -k password -in %s", file("p"));
	refused("-K and -k", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -k password -S 0102 -in %s", file("p"));
	refused("-S of 2 bytes", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -k password -iter 0 -in %s", file("p"));
	refused("-iter 0", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -k password -md nosuch -in %s", file("p"));
	refused("-md nosuch", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -pass env:EMBER_T_UNSET_VARIABLE -in %s", file("p"));
	refused("-pass env: unset", args);
	snprintf(args, sizeof(args), "-camellia-128-cbc -kfile %s -in %s", file("missing"), file("p"));
	refused("-kfile missing", args);
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

/* Lines in |p|, and whether it is non-empty and ends in a newline. */
static long count_lines(const uint8_t *p, long n)
{
	long i, lines = 0;
	for (i = 0; i < n; i++)
		lines += p[i] == '\n';
	return n > 0 && p[n - 1] == '\n' ? lines : -1;
}

static long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/*
 * Runs `ember enc <args>` with stdout to file "so" and stderr to "se"; fills
 * |err| (NUL-terminated) and returns the exit status.
 */
static int enc_std(const char *args, char *err, size_t err_len)
{
	int st;
	long n;

	remove(file("so"));
	remove(file("se"));
	st = sh("%s%s enc %s >%s 2>%s", env(), t_ember_bin, args, file("so"), file("se"));
	n = read_file(file("se"), (uint8_t *)err, err_len - 1);
	err[n > 0 ? n : 0] = 0;
	return st;
}

/* A refused decryption: exit 1, nothing on stdout, one stderr line naming |culprit| (and |word|). */
static void refused_std(const char *what, const char *args, const char *culprit, const char *word)
{
	char err[4096], name[128];
	int st;
	long lines;

	snprintf(name, sizeof(name), "%s", culprit); /* file()'s buffers are reused */
	culprit = name;
	st = enc_std(args, err, sizeof(err));
	lines = count_lines((const uint8_t *)err, (long)strlen(err));

	CHECK(st == 1, "%s: exit status %d, want 1", what, st);
	CHECK(file_size(file("so")) == 0, "%s: %ld bytes on stdout, want none", what, file_size(file("so")));
	CHECK(lines == 1, "%s: %ld lines on stderr, want 1: %s", what, lines, err);
	CHECK(strstr(err, culprit) != NULL, "%s: stderr does not name '%s': %s", what, culprit, err);
	CHECK(word == NULL || strstr(err, word) != NULL, "%s: stderr does not say '%s': %s", what, word, err);
}

/* stdout (file "so") is |total| bytes and starts with |p|[0..n) */
static int stdout_starts(const uint8_t *p, long n, long total)
{
	static uint8_t got[80000];
	long m = read_file(file("so"), got, sizeof(got));
	return m == total && n <= m && memcmp(got, p, (size_t)n) == 0;
}

/* stdout (file "so") holds exactly |p|[0..n) */
static int stdout_is(const uint8_t *p, long n)
{
	return stdout_starts(p, n, n);
}

EMBER_TEST(cli_enc_stdout)
{
	static uint8_t pt[70000], zero[64];
	static const char *const names[] = { "sp", "sc", "sbad", "sz", "strunc", "sbig", "sbigc", "sbigd", "s64k",
		"s64kc", "so", "se", "sossl", "sd" };
	char args[1024], err[4096];
	long n;
	size_t i;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("cli_enc_stdout: no ember binary given (-e)");
		return;
	}
	if (ember_block_find("aes", NULL) == NULL) {
		t_skip("cli_enc_stdout: aes not in this build");
		return;
	}
	strcpy(dir, "/tmp/ember-t-encs-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;
#define ENC "-aes-128-cbc -K " KEY " -iv " IV

	/* a 100-byte plaintext; 64 zero bytes without padding (four blocks whose last never unpads); 70000
	 * bytes (over the 64 KiB bound); exactly 64 KiB (at it) */
	t_rand_bytes(pt, sizeof(pt));
	write_file(file("sp"), pt, 100);
	write_file(file("sz"), zero, sizeof(zero));
	write_file(file("sbig"), pt, sizeof(pt));
	write_file(file("s64k"), pt, 65536);
	CHECK(sh("%s%s enc " ENC " -in %s -out %s", env(), t_ember_bin, file("sp"), file("sc")) == 0 &&
	          sh("%s%s enc " ENC " -nopad -in %s -out %s", env(), t_ember_bin, file("sz"), file("sbad")) == 0 &&
	          sh("%s%s enc " ENC " -in %s -out %s", env(), t_ember_bin, file("sbig"), file("sbigc")) == 0 &&
	          sh("%s%s enc " ENC " -in %s -out %s", env(), t_ember_bin, file("s64k"), file("s64kc")) == 0,
	    "encrypting the test files failed");
	{
		uint8_t ct[112];
		n = read_file(file("sc"), ct, sizeof(ct));
		CHECK(n == 112, "ciphertext of 100 bytes is %ld bytes, want 112", n);
		write_file(file("strunc"), ct, n > 0 ? (size_t)n - 1 : 0);
	}
	CHECK(file_size(file("sbigc")) == 70016 && file_size(file("s64kc")) == 65552,
	    "ciphertexts of 70000 and 65536 bytes are %ld and %ld bytes", file_size(file("sbigc")),
	    file_size(file("s64kc")));

	/* refused inputs: nothing on stdout, not even the blocks before the bad one */
	snprintf(args, sizeof(args), "-d " ENC " -in %s", file("sbad"));
	refused_std("bad padding to stdout", args, file("sbad"), "bad decrypt");
	snprintf(args, sizeof(args), "-d " ENC " -p -in %s", file("sbad"));
	refused_std("bad padding to stdout with -p", args, file("sbad"), "bad decrypt");
	snprintf(args, sizeof(args), "-d " ENC " < %s", file("sbad"));
	refused_std("bad padding from stdin to stdout", args, "stdin", "bad decrypt");
	snprintf(args, sizeof(args), "-d " ENC " -in %s", file("strunc"));
	refused_std("truncated ciphertext to stdout", args, file("strunc"), "truncated");
	snprintf(args, sizeof(args), "-d " ENC " -in %s", file("sbigc"));
	refused_std("padded decryption over the bound to stdout", args, file("sbigc"), "-out");
	snprintf(args, sizeof(args), "-d " ENC " < %s", file("sbigc"));
	refused_std("padded decryption over the bound from stdin", args, "stdin", "-out");

	/* with -out: no file, no temporary left (the directory must be empty at the end) */
	snprintf(args, sizeof(args), "-d " ENC " -in %s -out %s", file("sbad"), file("sd"));
	refused_std("bad padding with -out", args, file("sbad"), "bad decrypt");
	CHECK(!exists(file("sd")), "bad padding with -out: output file left behind");

	/* good decryptions: to stdout up to the bound, with -out or -nopad over it */
	st = enc_std("-d " ENC " -in /dev/null", err, sizeof(err));
	CHECK(st == 1 && file_size(file("so")) == 0, "empty ciphertext: status %d, %ld bytes out", st,
	    file_size(file("so")));
	snprintf(args, sizeof(args), "-d " ENC " -in %s", file("sc"));
	st = enc_std(args, err, sizeof(err));
	CHECK(st == 0 && err[0] == 0 && stdout_is(pt, 100), "100 bytes to stdout: status %d, stderr '%s'", st, err);
	if (have_openssl("aes-128-cbc")) {
		static uint8_t theirs[200];
		long m;
		CHECK(sh("openssl enc -d -aes-128-cbc -K " KEY " -iv " IV " -in %s > %s 2>/dev/null", file("sc"),
		          file("sossl")) == 0,
		    "openssl enc -d failed");
		m = read_file(file("sossl"), theirs, sizeof(theirs));
		CHECK(m == 100 && stdout_is(theirs, m), "ember's stdout differs from openssl's (%ld bytes)", m);
	} else {
		t_skip("cli_enc_stdout: no openssl binary with aes-128-cbc");
	}
	snprintf(args, sizeof(args), "-d " ENC " -p -in %s", file("sc"));
	st = enc_std(args, err, sizeof(err));
	{
		static uint8_t want[200];
		static const char lines[] = "key=2B7E151628AED2A6ABF7158809CF4F3C\niv =000102030405060708090A0B0C0D0E0F\n";
		memcpy(want, lines, sizeof(lines) - 1);
		memcpy(want + sizeof(lines) - 1, pt, 100);
		CHECK(st == 0 && stdout_is(want, (long)sizeof(lines) - 1 + 100), "-p: key and IV lines, then the data");
	}
	snprintf(args, sizeof(args), "-d " ENC " -in %s", file("s64kc"));
	st = enc_std(args, err, sizeof(err));
	CHECK(st == 0 && stdout_is(pt, 65536), "64 KiB (the bound) to stdout: status %d, stderr '%s'", st, err);
	snprintf(args, sizeof(args), "-d " ENC " < %s", file("s64kc"));
	st = enc_std(args, err, sizeof(err));
	CHECK(st == 0 && stdout_is(pt, 65536), "64 KiB from stdin to stdout: status %d, stderr '%s'", st, err);
	snprintf(args, sizeof(args), "-d " ENC " -in %s -out %s", file("sbigc"), file("sbigd"));
	st = enc_std(args, err, sizeof(err));
	n = file_size(file("sbigd"));
	CHECK(st == 0 && n == 70000, "over the bound with -out: status %d, %ld bytes, stderr '%s'", st, n, err);
	snprintf(args, sizeof(args), "-d " ENC " -nopad -in %s", file("sbigc"));
	st = enc_std(args, err, sizeof(err));
	CHECK(st == 0 && stdout_starts(pt, 70000, 70016),
	    "over the bound with -nopad streams: status %d, %ld bytes", st, file_size(file("so")));
#undef ENC

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		remove(file(names[i]));
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}

/* A file in |dir| whose name starts with |base| ".ember" (a temporary of tools/common/outfile.c). */
static int temp_of(const char *base)
{
	char prefix[160];
	struct dirent *e;
	DIR *dp = opendir(dir);
	int found = 0;

	if (dp == NULL)
		return 0;
	snprintf(prefix, sizeof(prefix), "%s.ember", base);
	while ((e = readdir(dp)) != NULL)
		found |= strncmp(e->d_name, prefix, strlen(prefix)) == 0;
	closedir(dp);
	return found;
}

static void pause_ms(long ms)
{
	struct timespec ts;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	nanosleep(&ts, NULL);
}

/*
 * `ember <args> -out <dir>/<base>` ended by |sig| halfway: ember's standard
 * input is a pipe this test holds open after writing part of the input, so
 * the run waits for the rest with its temporary created. Once the temporary
 * shows (bounded wait, never a timing assertion), |sig| goes to ember's
 * process id. It must die of |sig| and leave neither the output nor the
 * temporary.
 */
static void killed_midway(const char *what, const char *const *args, const char *base, int sig)
{
	static const int dfl[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM };
	static uint8_t part[4096];
	char out[160];
	const char *argv[32];
	int fds[2], st = 0, i, n = 0, seen = 0, done = 0;
	pid_t pid;

	snprintf(out, sizeof(out), "%s/%s", dir, base);
	argv[n++] = t_ember_bin;
	for (i = 0; args[i] != NULL && n < 28; i++)
		argv[n++] = args[i];
	argv[n++] = "-out";
	argv[n++] = out;
	argv[n] = NULL;
	if (!CHECK(pipe(fds) == 0, "%s: pipe", what))
		return;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		sigset_t none;
		int null = open("/dev/null", O_WRONLY);
		/* whatever the runner was started with: default dispositions, nothing blocked */
		for (i = 0; i < (int)(sizeof(dfl) / sizeof(dfl[0])); i++)
			signal(dfl[i], SIG_DFL);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		if (dup2(fds[0], 0) < 0 || null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
			_exit(127);
		close(fds[0]);
		close(fds[1]);
		if (t_phase == 2)
			setenv("EMBER_CPUCAP", "none", 1);
		execv(t_ember_bin, (char *const *)argv);
		_exit(127);
	}
	close(fds[0]);
	if (!CHECK(pid > 0, "%s: fork", what)) {
		close(fds[1]);
		return;
	}
	/* part of a large input; the rest never comes */
	t_rand_bytes(part, sizeof(part));
	CHECK(write(fds[1], part, sizeof(part)) == (ssize_t)sizeof(part), "%s: writing to ember's input", what);
	/* up to 30 s for the temporary to appear (ember must not exit meanwhile) */
	for (i = 0; i < 3000 && !(seen = temp_of(base)); i++) {
		if (waitpid(pid, &st, WNOHANG) == pid) {
			done = 1;
			break;
		}
		pause_ms(10);
	}
	CHECK(seen, "%s: no temporary %s.emberXXXXXX appeared (ember %s)", what, out,
	    done ? "exited" : "still waiting");
	if (!done) {
		kill(pid, sig);
		/* bounded again: a run that ignores the signal is killed and reported */
		for (i = 0; i < 3000 && !done; i++) {
			if (waitpid(pid, &st, WNOHANG) == pid)
				done = 1;
			else
				pause_ms(10);
		}
		if (!done) {
			kill(pid, SIGKILL);
			waitpid(pid, &st, 0);
			CHECK(0, "%s: ember did not end within 30 s of signal %d", what, sig);
		}
	}
	close(fds[1]);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == sig, "%s: status %s %d, want death by signal %d", what,
	    WIFSIGNALED(st) ? "signal" : "exit", WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st), sig);
	if (!CHECK(!exists(out), "%s: output file %s left behind", what, out))
		remove(out);
	if (!CHECK(!temp_of(base), "%s: temporary %s.emberXXXXXX left behind", what, out)) {
		/* removed here, so that one failure is reported once */
		char cmd[512];
		snprintf(cmd, sizeof(cmd), "rm -f '%s'.ember*", out);
		CHECK(system(cmd) == 0, "%s", cmd);
	}
}

EMBER_TEST(cli_out_signal)
{
	static const char *const enc_args[] = { "enc", "-aes-128-cbc", "-K", KEY, "-iv", IV, NULL };
	static const char *const dec_args[] = { "enc", "-d", "-aes-128-ctr", "-K", KEY, "-iv", IV, NULL };
	static const char *const dgst_args[] = { "dgst", "-sha256", NULL };
	static const char *const hmac_args[] = { "dgst", "-sha1", "-hmac", "k", "-binary", NULL };

	if (t_ember_bin == NULL) {
		t_skip("cli_out_signal: no ember binary given (-e)");
		return;
	}
	if (ember_block_find("aes", NULL) == NULL) {
		t_skip("cli_out_signal: aes not in this build");
		return;
	}
	strcpy(dir, "/tmp/ember-t-sig-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;
	killed_midway("enc -out, SIGINT", enc_args, "o-int", SIGINT);
	killed_midway("enc -out, SIGTERM", enc_args, "o-term", SIGTERM);
	killed_midway("enc -d -out, SIGHUP", dec_args, "o-hup", SIGHUP);
	killed_midway("dgst -out, SIGTERM", dgst_args, "o-dgst", SIGTERM);
	killed_midway("dgst -hmac -binary -out, SIGINT", hmac_args, "o-hmac", SIGINT);
	/* a run that is not interrupted still writes its file (the handlers do not get in the way) */
	{
		char cmd[1024], out[160];
		snprintf(out, sizeof(out), "%s/o-whole", dir);
		snprintf(cmd, sizeof(cmd), "printf abc | %s%s dgst -sha256 -out %s", env(), t_ember_bin, out);
		CHECK(system(cmd) == 0 && exists(out) && !temp_of("o-whole"), "dgst -out after the signal runs");
		remove(out);
	}
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}

/*
 * Password-based enc against `openssl enc` both ways: PBKDF2 (-pbkdf2,
 * -iter) and the legacy EVP_BytesToKey (with openssl's two-line warning,
 * the same bytes on stderr), -md, -a and -A, -nosalt, -S, -pass and -kfile
 * sources. Where the salt is fixed (-S, -nosalt) the ciphertexts are
 * compared byte for byte, and -P's key and IV lines too.
 */
static const char *const pass_runs[] = {
	"-aes-256-cbc -pbkdf2 -k pw",
	"-aes-128-cbc -pbkdf2 -iter 1000 -k pw",
	"-aes-256-cbc -iter 7 -md sha512 -pass pass:pw",
	"-aes-192-cbc -pbkdf2 -md sha1 -S 0102030405060708 -k pw",
	"-des-ede3-cbc -pbkdf2 -nosalt -pass env:EMBER_T_PW",
	"-aes-128-ctr -pbkdf2 -a -k pw",
	"-aes-256-cbc -pbkdf2 -iter 3 -a -A -k pw",
	"-aes-128-ecb -pbkdf2 -S 00ff00ff00ff00ff -a -k pw",
	"-camellia-256-cbc -pbkdf2 -kfile @kf",
	"-aes-128-cbc -k pw",
	"-aes-256-cbc -md md5 -k pw",
	"-des-ede3-cbc -nosalt -k pw",
	"-aes-128-cbc -S 0011223344556677 -md sha1 -a -k pw",
	"-aes-256-cbc -nosalt -md sha512 -a -A -pass pass:pw",
};

#define LEGACY_WARNING "*** WARNING : deprecated key derivation used.\nUsing -iter or -pbkdf2 would be better.\n"

/* |run| with "@kf" replaced by the password file's path */
static const char *pass_args(const char *run, char *buf, size_t len)
{
	const char *at = strstr(run, "@kf");
	if (at == NULL)
		snprintf(buf, len, "%s", run);
	else
		snprintf(buf, len, "%.*s%s%s", (int)(at - run), run, file("kf"), at + 3);
	return buf;
}

static int same_files(const char *a, const char *b)
{
	static uint8_t x[8192], y[8192];
	long n = read_file(a, x, sizeof(x)), m = read_file(b, y, sizeof(y));
	return n >= 0 && n == m && memcmp(x, y, (size_t)n) == 0;
}

EMBER_TEST(cli_enc_pass)
{
	static const size_t lens[] = { 0, 1, 16, 100, 1000 };
	static const char *const names[] = { "p", "e", "d", "eo", "se", "so", "kf", "pe", "po" };
	uint8_t pt[1000], back[2000];
	char args[512], se[512], so[512];
	size_t r, i;
	int st, runs = 0, same = 0;

	if (t_ember_bin == NULL) {
		t_skip("cli_enc_pass: no ember binary given (-e)");
		return;
	}
	if (ember_block_find("aes", NULL) == NULL || ember_block_find("camellia", NULL) == NULL ||
	    ember_block_find("des-ede3", NULL) == NULL) {
		t_skip("cli_enc_pass: aes, camellia or des-ede3 not in this build");
		return;
	}
	if (!have_openssl("aes-128-cbc")) {
		t_skip("cli_enc_pass: no openssl binary");
		return;
	}
	strcpy(dir, "/tmp/ember-t-encp-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;
	setenv("EMBER_T_PW", "pw", 1);
	write_file(file("kf"), (const uint8_t *)"pw\nsecond line\n", 15);
	for (r = 0; r < sizeof(pass_runs) / sizeof(pass_runs[0]); r++) {
		int legacy = strstr(pass_runs[r], "-pbkdf2") == NULL && strstr(pass_runs[r], "-iter") == NULL;
		int fixed = strstr(pass_runs[r], "-S ") != NULL || strstr(pass_runs[r], "-nosalt") != NULL;
		pass_args(pass_runs[r], args, sizeof(args));
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
			size_t n = lens[i];
			long got;
			if (t_phase == 2 && i % 2 == 1)
				continue;
			t_rand_bytes(pt, n);
			write_file(file("p"), pt, n);
			remove(file("e"));
			remove(file("d"));
			remove(file("eo"));
			/* ember encrypts (its stderr kept), openssl decrypts */
			st = sh("%s%s enc -e %s -in %s -out %s 2>%s", env(), t_ember_bin, args, file("p"), file("e"), file("se"));
			got = read_file(file("se"), (uint8_t *)se, sizeof(se) - 1);
			se[got > 0 ? got : 0] = 0;
			if (!CHECK(st == 0, "ember enc %s (%zu bytes) failed: %s", args, n, se))
				continue;
			CHECK(strcmp(se, legacy ? LEGACY_WARNING : "") == 0, "ember enc %s: stderr '%s'", args, se);
			st = sh("openssl enc -d %s -in %s -out %s 2>/dev/null", args, file("e"), file("d"));
			got = read_file(file("d"), back, sizeof(back));
			CHECK(st == 0 && got == (long)n && memcmp(back, pt, n) == 0,
			    "enc %s, %zu bytes: openssl does not decrypt what ember encrypted", args, n);
			/* openssl encrypts, ember decrypts; the same stderr as openssl's */
			remove(file("d"));
			st = sh("openssl enc -e %s -in %s -out %s 2>%s", args, file("p"), file("eo"), file("so"));
			got = read_file(file("so"), (uint8_t *)so, sizeof(so) - 1);
			so[got > 0 ? got : 0] = 0;
			if (!CHECK(st == 0, "openssl enc %s failed", args))
				continue;
			CHECK(strcmp(se, so) == 0, "enc %s: ember's stderr '%s', openssl's '%s'", args, se, so);
			st = sh("%s%s enc -d %s -in %s -out %s 2>/dev/null", env(), t_ember_bin, args, file("eo"), file("d"));
			got = read_file(file("d"), back, sizeof(back));
			CHECK(st == 0 && got == (long)n && memcmp(back, pt, n) == 0,
			    "enc %s, %zu bytes: ember does not decrypt what openssl encrypted", args, n);
			if (fixed) {
				CHECK(same_files(file("e"), file("eo")), "enc %s, %zu bytes: ember's ciphertext differs from openssl's",
				    args, n);
				same++;
			}
			runs++;
		}
		/* -P: salt, key and IV as openssl prints them (the salt fixed, or none) */
		if (fixed) {
			CHECK(sh("%s%s enc -e %s -P >%s 2>/dev/null", env(), t_ember_bin, args, file("pe")) == 0 &&
			          sh("openssl enc -e %s -P >%s 2>/dev/null", args, file("po")) == 0 && same_files(file("pe"), file("po")),
			    "enc %s -P: ember's lines differ from openssl's", args);
		}
	}
	/* -pass stdin and fd:, and -pass file: (its first line) */
	write_file(file("p"), pt, 100);
	CHECK(sh("echo pw | %s%s enc -aes-128-cbc -pbkdf2 -pass stdin -in %s -out %s", env(), t_ember_bin, file("p"),
	          file("e")) == 0 &&
	          sh("openssl enc -d -aes-128-cbc -pbkdf2 -pass file:%s -in %s -out %s", file("kf"), file("e"), file("d")) ==
	              0 &&
	          same_files(file("p"), file("d")),
	    "-pass stdin, then openssl -pass file:");
	CHECK(sh("%s%s enc -d -aes-128-cbc -pbkdf2 -pass fd:3 -in %s -out %s 3<%s", env(), t_ember_bin, file("e"),
	          file("d"), file("kf")) == 0 &&
	          same_files(file("p"), file("d")),
	    "-pass fd:3");
	unsetenv("EMBER_T_PW");
	if (t_phase == 1)
		t_note("cli_enc_pass: %d password runs both ways with openssl enc, %d ciphertexts byte-identical", runs, same);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		remove(file(names[i]));
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}
