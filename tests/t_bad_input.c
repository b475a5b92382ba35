/*
 * t_bad_input.c - every class of bad input the ember command accepts
 * today, run as a user runs it (the binary given to the runner with -e),
 * each held to the rule of docs/SECURITY.md: a non-zero exit that is not a
 * signal, exactly one line on standard error naming the culprit (the bad
 * word, option or file), nothing on standard output, and no output file
 * (nor its temporary) left behind when -out or -o was given.
 *
 * Each case runs as "exec <ember> <args>" under sh with standard input from
 * /dev/null and a CPU-time limit (ulimit -t), so a crash shows as a signal
 * in the status and a runaway loop is stopped rather than waited for.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"
#include "testkeys.h"

#define KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define IV "000102030405060708090a0b0c0d0e0f"
#define CBC "enc -aes-128-cbc -K " KEY " -iv " IV
/* a valid speed result, to show that a bad file after a good one is still refused */
#define GOOD "type 16 bytes 64 bytes 256 bytes 1024 bytes 8192 bytes 16384 bytes\n" \
	"md5 123.45k 234.56k 345.67k 456.78k 567.89k 678.90k\n"

/*
 * In |args|, |culprit| and |out| an '@' stands for the scratch directory.
 * |env| (also with '@') is exported before the command runs. |out| names the output file
 * the command was asked to write (NULL when none).
 */
struct bad {
	const char *what, *env, *args, *culprit, *out;
};

static const struct bad cases[] = {
	/* unknown words */
	{ "unknown command", NULL, "nosuch", "nosuch", NULL },
	{ "speed: unknown algorithm", NULL, "speed nosuchalg", "nosuchalg", NULL },
	{ "speed: unknown option", NULL, "speed -nosuch sha256", "-nosuch", NULL },
	{ "speed: unknown -evp", NULL, "speed -evp nosuch", "nosuch", NULL },
	{ "speed: unknown -hmac digest", NULL, "speed -hmac nosuch", "nosuch", NULL },
	{ "speed: unknown -engine", NULL, "speed -engine nosuch sha256", "nosuch", NULL },
	{ "speed: unknown -impl", NULL, "speed -impl nosuch sha256", "nosuch", NULL },
	{ "speed: unknown -format", NULL, "speed -format nosuch sha256", "nosuch", NULL },
	{ "dgst: unknown option", NULL, "dgst -nosuch @/p", "-nosuch", NULL },
	{ "enc: unknown option", NULL, CBC " -nosuch -in @/p -out @/o", "-nosuch", "@/o" },
	{ "enc: unknown cipher", NULL, "enc -nosuch-cbc -K " KEY " -in @/p -out @/o", "-nosuch-cbc", "@/o" },
	{ "enc: no cipher", NULL, "enc -K " KEY " -in @/p -out @/o", "cipher", "@/o" },
	{ "compare: unknown option", NULL, "compare -nosuch @/junk @/junk", "-nosuch", NULL },
	{ "compare: unknown -format", NULL, "compare -format nosuch @/junk @/junk", "nosuch", NULL },
	{ "compare: one file", NULL, "compare @/junk", "baseline", NULL },
	{ "report: unknown option", NULL, "report -nosuch @/junk", "-nosuch", NULL },
	{ "report: unknown -format", NULL, "report -format nosuch @/junk", "nosuch", NULL },
	{ "report: no file", NULL, "report", "no input files", NULL },
	{ "version: unknown option", NULL, "version -x", "-x", NULL },

	/* bad numbers */
	{ "-seconds abc", NULL, "speed -seconds abc sha256", "abc", NULL },
	{ "-seconds 0", NULL, "speed -seconds 0 sha256", "-seconds", NULL },
	{ "-seconds -1", NULL, "speed -seconds -1 sha256", "-1", NULL },
	{ "-seconds 1e999", NULL, "speed -seconds 1e999 sha256", "1e999", NULL },
	{ "-seconds 0x10 (hex)", NULL, "speed -seconds 0x10 sha256", "0x10", NULL },
	{ "-seconds nan", NULL, "speed -seconds nan sha256", "nan", NULL },
	{ "-seconds without a value", NULL, "speed -seconds", "-seconds", NULL },
	{ "-bytes 0", NULL, "speed -bytes 0 sha256", "-bytes", NULL },
	{ "-bytes 99999999999", NULL, "speed -bytes 99999999999 sha256", "99999999999", NULL },
	{ "-multi 0", NULL, "speed -multi 0 sha256", "-multi", NULL },
	{ "-repeat 0", NULL, "speed -repeat 0 sha256", "-repeat", NULL },
	{ "-sizes 16,,64", NULL, "speed -sizes 16,,64 sha256", "16,,64", NULL },
	{ "-sizes 0", NULL, "speed -sizes 0 sha256", "-sizes", NULL },
	{ "-count -5", NULL, "speed -count -5 sha256", "-5", NULL },
	{ "-misalign 64", NULL, "speed -misalign 64 sha256", "64", NULL },
	{ "-threshold x", NULL, "compare -threshold x @/junk @/junk", "x", NULL },
	{ "-threshold -5", NULL, "compare -threshold -5 @/junk @/junk", "-5", NULL },

	/* files */
	{ "compare: missing file", NULL, "compare @/missing @/missing", "@/missing", NULL },
	{ "compare: empty file", NULL, "compare @/empty @/empty", "@/empty", NULL },
	{ "compare: a directory", NULL, "compare @/dir @/dir", "@/dir", NULL },
	{ "compare: 200 MiB file", NULL, "compare @/huge @/huge", "@/huge", NULL },
	{ "compare: binary junk", NULL, "compare @/junk @/junk", "@/junk", NULL },
	{ "compare: text without results", NULL, "compare @/text @/text", "@/text", NULL },
	{ "compare: good baseline, bad other", NULL, "compare -o @/o @/good @/junk", "@/junk", "@/o" },
	{ "compare: good baseline, text other", NULL, "compare @/good @/text", "@/text", NULL },
	{ "compare -o: binary junk", NULL, "compare -o @/o @/junk @/junk", "@/junk", "@/o" },
	{ "compare -o: no such directory", NULL, "compare -o @/nodir/o @/junk @/junk", "@/junk", "@/nodir/o" },
	{ "report: missing file", NULL, "report -o @/o @/missing", "@/missing", "@/o" },
	{ "report: empty file", NULL, "report -o @/o @/empty", "@/empty", "@/o" },
	{ "report: a directory", NULL, "report -o @/o @/dir", "@/dir", "@/o" },
	{ "report: 200 MiB file", NULL, "report -o @/o @/huge", "@/huge", "@/o" },
	{ "report: binary junk", NULL, "report -o @/o @/junk", "@/junk", "@/o" },
	{ "report: text without results", NULL, "report -o @/o @/text", "@/text", "@/o" },
	{ "report: a good file, then junk", NULL, "report -o @/o @/good @/junk", "@/junk", "@/o" },
	{ "dgst: missing file", NULL, "dgst -sha256 @/missing", "@/missing", NULL },
	{ "dgst: a directory", NULL, "dgst -sha256 @/dir", "@/dir", NULL },
	{ "dgst: -hmac without a key", NULL, "dgst -sha256 -hmac", "-hmac", NULL },
	{ "dgst -out: missing file", NULL, "dgst -sha256 -out @/o @/missing", "@/missing", "@/o" },
	{ "dgst -out: good file, then a missing one", NULL, "dgst -sha256 -out @/o @/p @/missing", "@/missing", "@/o" },
	{ "dgst -out: in a missing directory", NULL, "dgst -sha256 -out @/nodir/o @/p", "@/nodir/o", "@/nodir/o" },
	{ "enc: missing file", NULL, CBC " -in @/missing -out @/o", "@/missing", "@/o" },
	{ "enc: a directory", NULL, CBC " -in @/dir -out @/o", "@/dir", "@/o" },
	{ "enc: -out in a missing directory", NULL, CBC " -in @/p -out @/nodir/o", "@/nodir/o", "@/nodir/o" },
	{ "enc: -in without a value", NULL, CBC " -in", "-in", NULL },

	/* enc keys, IVs, ciphertexts */
	{ "enc: wrong key size", NULL, "enc -aes-128-cbc -K 00112233 -iv " IV " -in @/p -out @/o", "-K", "@/o" },
	{ "enc: bad hex in -K", NULL, "enc -aes-128-cbc -K 2b7e151628aed2a6abf7158809cf4fzz -iv " IV " -in @/p -out @/o",
	  "-K", "@/o" },
	{ "enc: odd-length -K", NULL, "enc -aes-128-cbc -K " KEY "0 -iv " IV " -in @/p -out @/o", "-K", "@/o" },
	{ "enc: bad hex in -iv", NULL, "enc -aes-128-cbc -K " KEY " -iv 0g0102030405060708090a0b0c0d0e0f -in @/p -out @/o",
	  "-iv", "@/o" },
	{ "enc: odd-length -iv", NULL, "enc -aes-128-cbc -K " KEY " -iv " IV "0 -in @/p -out @/o", "-iv", "@/o" },
	{ "enc: wrong IV size", NULL, "enc -aes-128-cbc -K " KEY " -iv 0001 -in @/p -out @/o", "-iv", "@/o" },
	{ "enc: CBC without -iv", NULL, "enc -aes-128-cbc -K " KEY " -in @/p -out @/o", "-iv", "@/o" },
	{ "enc: truncated ciphertext", NULL, CBC " -d -in @/trunc -out @/o", "@/trunc", "@/o" },
	{ "enc: bad padding", NULL, CBC " -d -in @/badpad -out @/o", "@/badpad", "@/o" },
	{ "enc: -nopad with a partial block", NULL, CBC " -nopad -in @/trunc -out @/o", "@/trunc", "@/o" },

	/* public keys (the malformed ones come from tests/fixtures/keys, copied to @) */
	{ "rsa: truncated key file", NULL, "rsa -in @/k-trunc.pem -out @/o", "@/k-trunc.pem", "@/o" },
	{ "rsa: truncated DER", NULL, "rsa -inform DER -in @/k-trunc.der -out @/o", "@/k-trunc.der", "@/o" },
	{ "rsa: oversized key file", NULL, "rsa -in @/k-huge.pem -out @/o", "@/k-huge.pem", "@/o" },
	{ "rsa: garbage key file", NULL, "rsa -in @/junk -out @/o", "@/junk", "@/o" },
	{ "rsa: empty key file", NULL, "rsa -in @/empty -out @/o", "@/empty", "@/o" },
	{ "rsa: missing key file", NULL, "rsa -in @/missing -out @/o", "@/missing", "@/o" },
	{ "rsa: even modulus", NULL, "rsa -pubin -in @/rsa-even-modulus.pem -out @/o", "@/rsa-even-modulus.pem", "@/o" },
	{ "rsa: tiny modulus", NULL, "rsa -pubin -in @/rsa-tiny-modulus.pem -out @/o", "@/rsa-tiny-modulus.pem", "@/o" },
	{ "dgst -verify: DSA q not dividing p - 1", NULL,
	  "dgst -sha256 -verify @/dsa-q-not-dividing-p-1.pem -signature @/p @/p", "@/dsa-q-not-dividing-p-1.pem", NULL },
	{ "dgst -verify: even RSA modulus", NULL, "dgst -sha256 -verify @/rsa-even-modulus.pem -signature @/p @/p",
	  "@/rsa-even-modulus.pem", NULL },
	{ "dgst -sign: truncated key", NULL, "dgst -sha256 -sign @/k-trunc.pem -out @/o @/p", "@/k-trunc.pem", "@/o" },
	{ "dgst -sign: public key only", NULL, "dgst -sha256 -sign @/rsa-tiny-modulus.pem -out @/o @/p",
	  "@/rsa-tiny-modulus.pem", "@/o" },
	{ "genrsa: bits not a number", NULL, "genrsa abc", "abc", NULL },
	{ "genrsa: too few bits", NULL, "genrsa 100", "100", NULL },
	{ "genrsa: too many bits", NULL, "genrsa 99999", "99999", NULL },

	/* the environment */
	{ "EMBER_CPUCAP=bogus: no command", "EMBER_CPUCAP=bogus", "", "bogus", NULL },
	{ "EMBER_CPUCAP=bogus: version", "EMBER_CPUCAP=bogus", "version", "bogus", NULL },
	{ "EMBER_CPUCAP=bogus: speed", "EMBER_CPUCAP=bogus", "speed -seconds 1 sha256", "bogus", NULL },
	{ "EMBER_CPUCAP=bogus: dgst", "EMBER_CPUCAP=bogus", "dgst -sha256 @/p", "bogus", NULL },
	{ "EMBER_CPUCAP=bogus: enc", "EMBER_CPUCAP=bogus", CBC " -in @/p -out @/o", "bogus", "@/o" },
	{ "EMBER_CPUCAP=bogus: compare", "EMBER_CPUCAP=bogus", "compare -o @/o @/junk @/junk", "bogus", "@/o" },
	{ "EMBER_CPUCAP=bogus: report", "EMBER_CPUCAP=bogus", "report -o @/o @/junk", "bogus", "@/o" },
	{ "EMBER_LIBCRYPTO missing, -engine openssl", "EMBER_LIBCRYPTO=/nonexistent/libcrypto.so",
	  "speed -engine openssl -seconds 1 sha256", "/nonexistent/libcrypto.so", NULL },
	{ "EMBER_LIBCRYPTO is junk, -engine openssl", "EMBER_LIBCRYPTO=@/junk", "speed -engine openssl -seconds 1 sha256",
	  "@/junk", NULL },
	{ "EMBER_LIBCRYPTO is a directory, -engine openssl", "EMBER_LIBCRYPTO=@/dir",
	  "speed -engine openssl -seconds 1 sha256", "@/dir", NULL },
};

/* Only with the tests' own user unable to read a chmod 000 file (not root). */
static const struct bad unreadable[] = {
	{ "compare: unreadable file", NULL, "compare @/unread @/unread", "@/unread", NULL },
	{ "report: unreadable file", NULL, "report -o @/o @/unread", "@/unread", "@/o" },
	{ "dgst: unreadable file", NULL, "dgst -sha256 @/unread", "@/unread", NULL },
	{ "enc: unreadable file", NULL, CBC " -in @/unread -out @/o", "@/unread", "@/o" },
};

/* Refusals that must also tell the user what to do: |says| ('@' as above) is in the message too. */
static const struct told {
	struct bad c;
	const char *says;
} told[] = {
	/* an encrypted key, no -passin, standard input not a terminal: one line naming the file and -passin */
	{ { "rsa: encrypted PKCS#8 PEM key", NULL, "rsa -in @/rsa-encrypted-pkcs8.pem -out @/o",
	    "@/rsa-encrypted-pkcs8.pem", "@/o" },
	  "the key is encrypted and standard input is not a terminal to ask its passphrase on: give it with -passin" },
	{ { "rsa: encrypted traditional PEM key", NULL, "rsa -in @/rsa-encrypted-traditional.pem -out @/o",
	    "@/rsa-encrypted-traditional.pem", "@/o" },
	  "give it with -passin" },
	{ { "rsa: encrypted PKCS#8 DER key", NULL, "rsa -inform DER -in @/rsa-encrypted-pkcs8.der -out @/o",
	    "@/rsa-encrypted-pkcs8.der", "@/o" },
	  "give it with -passin" },
	{ { "rsa -pubout: encrypted key", NULL, "rsa -in @/rsa-encrypted-pkcs8.pem -pubout",
	    "@/rsa-encrypted-pkcs8.pem", NULL },
	  "is encrypted" },
	{ { "pkey: encrypted key", NULL, "pkey -in @/rsa-encrypted-traditional.pem -out @/o",
	    "@/rsa-encrypted-traditional.pem", "@/o" },
	  "give it with -passin" },
	{ { "pkeyutl -sign: encrypted key", NULL, "pkeyutl -sign -inkey @/rsa-encrypted-pkcs8.pem -in @/p -out @/o",
	    "@/rsa-encrypted-pkcs8.pem", "@/o" },
	  "give it with -passin" },
	{ { "dgst -sign: encrypted PKCS#8 key", NULL, "dgst -sha256 -sign @/rsa-encrypted-pkcs8.pem -out @/o @/p",
	    "@/rsa-encrypted-pkcs8.pem", "@/o" },
	  "give it with -passin" },
	{ { "dgst -sign -hex: encrypted traditional key", NULL,
	    "dgst -sha256 -sign @/rsa-encrypted-traditional.pem -hex @/p", "@/rsa-encrypted-traditional.pem", NULL },
	  "is encrypted" },
	{ { "dgst -verify: encrypted key", NULL, "dgst -sha256 -verify @/rsa-encrypted-pkcs8.der -signature @/p @/p",
	    "@/rsa-encrypted-pkcs8.der", NULL },
	  "is encrypted" },
	/* a wrong passphrase (the fixtures' is "x"): one line, nothing written */
	{ { "rsa: wrong passphrase, PKCS#8 PEM", NULL, "rsa -in @/rsa-encrypted-pkcs8.pem -passin pass:y -out @/o",
	    "@/rsa-encrypted-pkcs8.pem", "@/o" },
	  "bad decrypt or wrong passphrase" },
	{ { "rsa: wrong passphrase, traditional PEM", NULL,
	    "rsa -in @/rsa-encrypted-traditional.pem -passin pass:y -out @/o", "@/rsa-encrypted-traditional.pem", "@/o" },
	  "bad decrypt or wrong passphrase" },
	{ { "pkey: wrong passphrase, PKCS#8 DER", "EMBER_T_PASS=wrong",
	    "pkey -inform DER -in @/rsa-encrypted-pkcs8.der -passin env:EMBER_T_PASS -out @/o", "@/rsa-encrypted-pkcs8.der",
	    "@/o" },
	  "bad decrypt or wrong passphrase" },
	{ { "dgst -sign: wrong passphrase", NULL,
	    "dgst -sha256 -sign @/rsa-encrypted-pkcs8.pem -passin pass:y -out @/o @/p", "@/rsa-encrypted-pkcs8.pem", "@/o" },
	  "bad decrypt or wrong passphrase" },
	{ { "pkeyutl -sign: wrong passphrase", NULL,
	    "pkeyutl -sign -inkey @/rsa-encrypted-traditional.pem -passin pass:y -in @/p -out @/o",
	    "@/rsa-encrypted-traditional.pem", "@/o" },
	  "bad decrypt or wrong passphrase" },
	/* a passphrase source that is not there */
	{ { "pkey: -passin file: missing", NULL, "pkey -in @/rsa-encrypted-pkcs8.pem -passin file:@/nosuch -out @/o",
	    "@/nosuch", "@/o" },
	  "-passin" },
	{ { "pkey: -passin env: unset", NULL, "pkey -in @/rsa-encrypted-pkcs8.pem -passin env:EMBER_T_NOSUCH -out @/o",
	    "EMBER_T_NOSUCH", "@/o" },
	  "-passin" },
	/* hostile files: a PBKDF2 count over the cap (20,000,000: refused before any work), schemes ember lacks */
	{ { "pkey: PBKDF2 count over the cap", NULL,
	    "pkey -in @/rsa1024-pbes2-iter20m.pem -passin pass:ember-test -out @/o", "@/rsa1024-pbes2-iter20m.pem", "@/o" },
	  "PBKDF2 iteration count 20000000 is over ember's limit" },
	{ { "pkey: scrypt", NULL, "pkey -in @/rsa1024-scrypt.pem -passin pass:ember-test -out @/o",
	    "@/rsa1024-scrypt.pem", "@/o" },
	  "unsupported key encryption: scrypt" },
	{ { "pkey: PKCS#12 PBE", NULL, "pkey -in @/rsa1024-pkcs12pbe-3des.pem -passin pass:ember-test -out @/o",
	    "@/rsa1024-pkcs12pbe-3des.pem", "@/o" },
	  "unsupported key encryption" },
	/* password-based enc: a "Salted__" file given -K; a file without the header given a password */
	{ { "enc: Salted__ file with -K", NULL, "enc -d -aes-128-cbc -K " KEY " -iv " IV " -in @/salted -out @/o",
	    "@/salted", "@/o" },
	  "encrypted with a password" },
	{ { "enc: password, no Salted__ header", NULL, "enc -d -aes-128-cbc -k x -in @/ct -out @/o", "@/ct", "@/o" },
	  "bad magic number" },
	/* (-S and a fixed plaintext: a wrong password that would unpad by chance would do so on every run) */
	{ { "enc: wrong password", NULL, "enc -d -aes-128-cbc -pbkdf2 -iter 1 -S 0102030405060708 -k y -in @/salted-s -out @/o",
	    "@/salted-s", "@/o" },
	  "bad decrypt" },
};

static char dir[64];

/* |s| with every '@' replaced by the scratch directory. */
static const char *at(const char *s, char *buf, size_t len)
{
	size_t n = 0;

	for (; *s && n + 1 < len; s++) {
		if (*s == '@') {
			size_t d = strlen(dir);
			if (n + d + 1 >= len)
				break;
			memcpy(buf + n, dir, d);
			n += d;
		} else {
			buf[n++] = *s;
		}
	}
	buf[n] = 0;
	return buf;
}

static const char *file(const char *name)
{
	static char buf[4][160];
	static int k;

	k = (k + 1) & 3;
	snprintf(buf[k], sizeof(buf[k]), "%s/%s", dir, name);
	return buf[k];
}

static int write_file(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok = f != NULL && fwrite(p, 1, n, f) == n;

	if (f != NULL && fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

/* Reads at most |max| - 1 bytes of |path| into |buf| as a string; returns the length or -1. */
static long read_file(const char *path, char *buf, size_t max)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	buf[0] = 0;
	if (f == NULL)
		return -1;
	n = fread(buf, 1, max - 1, f);
	buf[n] = 0;
	fclose(f);
	return (long)n;
}

static int exists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

/* A temporary beside |path| ("<path>.emberXXXXXX", tools/common/outfile.c) that was not removed. */
static int temp_left(const char *path)
{
	char d[256], base[128];
	const char *slash = strrchr(path, '/');
	struct dirent *e;
	DIR *dp;
	int found = 0;

	if (slash == NULL)
		return 0;
	snprintf(d, sizeof(d), "%.*s", (int)(slash - path), path);
	snprintf(base, sizeof(base), "%s.ember", slash + 1);
	dp = opendir(d);
	if (dp == NULL)
		return 0;
	while ((e = readdir(dp)) != NULL)
		found |= strncmp(e->d_name, base, strlen(base)) == 0;
	closedir(dp);
	return found;
}

/* Runs one case; every rule is checked and reported on its own. |says|: NULL, or words the message must hold. */
static void run(const struct bad *c, const char *says_at)
{
	char args[1024], env[256], culprit[256], out[256], says[512], cmd[4096], err[4096], so[4096];
	const char *nl;
	long nerr, nout;
	int st;

	at(c->args, args, sizeof(args));
	at(c->env ? c->env : "", env, sizeof(env));
	at(c->culprit, culprit, sizeof(culprit));
	if (c->out)
		at(c->out, out, sizeof(out));
	remove(file("o"));
	/* exec: the status seen here is ember's own, so a signal shows as one. */
	snprintf(cmd, sizeof(cmd), "%s%s%sulimit -t 20; exec %s %s </dev/null >%s 2>%s", c->env ? "export " : "",
	    env, c->env ? "; " : "", t_ember_bin, args, file("stdout"), file("stderr"));
	st = system(cmd);
	nerr = read_file(file("stderr"), err, sizeof(err));
	nout = read_file(file("stdout"), so, sizeof(so));

	if (!CHECK(st != -1 && !WIFSIGNALED(st), "%s: killed by signal %d (%s)", c->what,
	        st != -1 && WIFSIGNALED(st) ? WTERMSIG(st) : -1, args))
		return;
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) != 0 && WEXITSTATUS(st) != 127,
	    "%s: exit status %d, want a failure (%s)", c->what, WIFEXITED(st) ? WEXITSTATUS(st) : -1, args);
	nl = strchr(err, '\n');
	CHECK(nerr > 0 && nl != NULL && nl[1] == 0, "%s: %s on stderr, want exactly one line: '%s'", c->what,
	    nl == NULL ? "no complete line" : "several lines", err);
	CHECK(strstr(err, culprit) != NULL, "%s: the message does not name '%s': '%s'", c->what, culprit, err);
	if (says_at)
		CHECK(strstr(err, at(says_at, says, sizeof(says))) != NULL, "%s: the message does not say '%s': '%s'",
		    c->what, says, err);
	CHECK(nout == 0, "%s: %ld bytes on stdout: '%.200s'", c->what, nout, so);
	if (c->out)
		CHECK(!exists(out) && !temp_left(out), "%s: output file %s (or its temporary) left behind", c->what, out);
}

/* Runs ember with |args| ('@' as above); 0 when it exits 0. */
static int prepare(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
static int prepare(const char *fmt, ...)
{
	char args[1024], a2[1024], cmd[2048];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(args, sizeof(args), fmt, ap);
	va_end(ap);
	snprintf(cmd, sizeof(cmd), "exec %s %s </dev/null >/dev/null 2>&1", t_ember_bin, at(args, a2, sizeof(a2)));
	st = system(cmd);
	return st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

EMBER_TEST(bad_input)
{
	static const char *const names[] = { "p", "empty", "junk", "text", "good", "huge", "ct", "trunc", "zero",
		"badpad", "unread", "o", "stdout", "stderr", "k-trunc.pem", "k-trunc.der", "k-huge.pem",
		"rsa-even-modulus.pem", "rsa-tiny-modulus.pem", "dsa-q-not-dividing-p-1.pem", "rsa-encrypted-pkcs8.pem",
		"rsa-encrypted-traditional.pem", "rsa-encrypted-pkcs8.der", "rsa1024-pbes2-iter20m.pem", "rsa1024-scrypt.pem",
		"rsa1024-pkcs12pbe-3des.pem", "salted", "salted-s", "sig" };
	uint8_t junk[4096], pt[64];
	char ct[128];
	long n;
	int fd, ran = 0;
	size_t i;

	if (t_ember_bin == NULL) {
		t_skip("bad_input: no ember binary given (-e)");
		return;
	}
	strcpy(dir, "/tmp/ember-t-bad-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;

	/* the inputs */
	t_rand_bytes(pt, sizeof(pt));
	t_rand_bytes(junk, sizeof(junk));
	junk[0] = 0x1f; /* binary from the first byte, whatever the seed */
	write_file(file("p"), pt, sizeof(pt));
	write_file(file("empty"), "", 0);
	write_file(file("junk"), junk, sizeof(junk));
	write_file(file("text"), "hello\nthese lines are\nnot speed results\n", 40);
	write_file(file("good"), GOOD, sizeof(GOOD) - 1);
	CHECK(mkdir(file("dir"), 0700) == 0, "cannot create %s", file("dir"));
	/* sparse: costs no disk, but a reader that slurps it would take 200 MiB */
	fd = open(file("huge"), O_WRONLY | O_CREAT | O_TRUNC, 0600);
	CHECK(fd >= 0 && ftruncate(fd, (off_t)200 << 20) == 0, "cannot create the 200 MiB sparse file");
	if (fd >= 0)
		close(fd);
	/* a good ciphertext, cut short; a block that never unpads (last byte 0 after decryption) */
	CHECK(prepare(CBC " -in @/p -out @/ct") == 0, "encrypting a test file failed");
	n = read_file(file("ct"), ct, sizeof(ct));
	CHECK(n == 80, "64 bytes encrypted to %ld bytes, want 80", n);
	write_file(file("trunc"), ct, n > 1 ? (size_t)n - 1 : 0);
	memset(pt, 0, sizeof(pt));
	write_file(file("zero"), pt, 16);
	CHECK(prepare(CBC " -nopad -in @/zero -out @/badpad") == 0, "-nopad encryption of one block failed");

	/* keys: a good one cut short (PEM and DER), one too large to be a key, the malformed fixtures */
	{
		static const char *const fixtures[] = { "rsa-even-modulus.pem", "rsa-tiny-modulus.pem",
			"dsa-q-not-dividing-p-1.pem", "rsa-encrypted-pkcs8.pem", "rsa-encrypted-traditional.pem",
			"rsa-encrypted-pkcs8.der", "rsa1024-pbes2-iter20m.pem", "rsa1024-scrypt.pem", "rsa1024-pkcs12pbe-3des.pem" };
		static char big[100000];
		size_t k;
		write_file(file("k-trunc.pem"), testkey_rsa512, strlen(testkey_rsa512) / 2);
		write_file(file("k-trunc.der"), "\x30\x82\x01\x3b\x02\x01\x00\x02\x41\x00", 10);
		memset(big, 'A', sizeof(big));
		memcpy(big, "-----BEGIN PRIVATE KEY-----\n", 28);
		write_file(file("k-huge.pem"), big, sizeof(big));
		for (k = 0; k < sizeof(fixtures) / sizeof(fixtures[0]); k++) {
			char src[4096], data[8192];
			long got;
			snprintf(src, sizeof(src), "%s/../fixtures/keys/%s", t_vec_dir, fixtures[k]);
			got = read_file(src, data, sizeof(data));
			if (CHECK(got > 0, "cannot read the fixture %s", src))
				write_file(file(fixtures[k]), data, (size_t)got);
		}
	}

	/* password-encrypted data: random salt in a "Salted__" header; a fixed salt (-S) and plaintext */
	CHECK(prepare("enc -aes-128-cbc -k x -in @/p -out @/salted") == 0, "enc -k failed");
	CHECK(prepare("enc -aes-128-cbc -pbkdf2 -iter 1 -S 0102030405060708 -k x -in @/good -out @/salted-s") == 0,
	    "enc -S -k failed");
	/* what the refusals below refuse is the input: the same keys and files with the right passphrase work */
	CHECK(prepare("rsa -in @/rsa-encrypted-pkcs8.pem -passin pass:x -noout") == 0 &&
	          prepare("pkey -inform DER -in @/rsa-encrypted-pkcs8.der -passin pass:x -noout") == 0 &&
	          prepare("rsa -in @/rsa-encrypted-traditional.pem -passin pass:x -noout") == 0 &&
	          prepare("dgst -sha256 -sign @/rsa-encrypted-pkcs8.pem -passin pass:x -out @/sig @/p") == 0 &&
	          prepare("pkeyutl -sign -inkey @/rsa-encrypted-traditional.pem -passin pass:x -in @/good -rawin -digest sha256 "
	                  "-out @/sig") == 0 &&
	          prepare("enc -d -aes-128-cbc -k x -in @/salted -out @/sig") == 0 &&
	          prepare("enc -d -aes-128-cbc -pbkdf2 -iter 1 -S 0102030405060708 -k x -in @/salted-s -out @/sig") == 0,
	    "an encrypted key or file with the right passphrase was refused");

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++, ran++)
		run(&cases[i], NULL);
	for (i = 0; i < sizeof(told) / sizeof(told[0]); i++, ran++)
		run(&told[i].c, told[i].says);

	write_file(file("unread"), "abc\n", 4);
	chmod(file("unread"), 0);
	if (geteuid() == 0 || access(file("unread"), R_OK) == 0) {
		t_skip("bad_input: running as root (or with read access regardless of mode): the unreadable-file "
		       "cases cannot be set up");
	} else {
		for (i = 0; i < sizeof(unreadable) / sizeof(unreadable[0]); i++, ran++)
			run(&unreadable[i], NULL);
	}
	if (t_phase == 1)
		t_note("bad_input: %d bad inputs, each refused in one line", ran);

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		remove(file(names[i]));
	rmdir(file("dir"));
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}

/* Runs `ember <args>` (|in| on standard input); stdout in |out|, stderr in |err|; the exit status. */
static int ember_io(const char *args, const char *in, char *out, size_t out_len, char *err, size_t err_len)
{
	char cmd[2048];
	int st;

	write_file(file("stdin"), in, strlen(in));
	snprintf(cmd, sizeof(cmd), "exec %s %s <%s >%s 2>%s", t_ember_bin, args, file("stdin"), file("stdout"),
	    file("stderr"));
	st = system(cmd);
	read_file(file("stdout"), out, out_len);
	read_file(file("stderr"), err, err_len);
	return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * Asking for help is not an unknown command: `ember help`, `-help`, `-h`
 * and `--help` list every command on standard output and exit 0; at the
 * prompt, `help` does too and says how to leave (quit, exit).
 */
EMBER_TEST(cli_help)
{
	static const char *const asks[] = { "help", "-help", "-h", "--help" };
	static const char *const commands[] = { "version", "speed", "compare", "report", "dgst", "enc", "genrsa", "rsa" };
	static char out[16384], err[4096];
	size_t i, j;
	int st;

	if (t_ember_bin == NULL) {
		t_skip("cli_help: no ember binary given (-e)");
		return;
	}
	if (t_phase == 2)
		return; /* nothing here depends on the CPU features */
	strcpy(dir, "/tmp/ember-t-help-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp failed"))
		return;
	for (i = 0; i < sizeof(asks) / sizeof(asks[0]); i++) {
		st = ember_io(asks[i], "", out, sizeof(out), err, sizeof(err));
		CHECK(st == 0 && err[0] == 0, "ember %s: status %d, stderr '%s'", asks[i], st, err);
		for (j = 0; j < sizeof(commands) / sizeof(commands[0]); j++) {
			char want[32];
			snprintf(want, sizeof(want), "\n  %s ", commands[j]);
			CHECK(strstr(out, want) != NULL, "ember %s does not list '%s': '%s'", asks[i], commands[j], out);
		}
	}
	/* each work-alike's own -help: a usage summary on stdout, exit 0 */
	for (j = 0; j < 4; j++) {
		static const char *const own[] = { "dgst -help", "enc -help", "genrsa -help", "rsa -help" };
		st = ember_io(own[j], "", out, sizeof(out), err, sizeof(err));
		CHECK(st == 0 && err[0] == 0 && strncmp(out, "usage: ember ", 13) == 0, "ember %s: status %d, '%.80s'",
		    own[j], st, out);
	}
	/* the prompt: help, then quit; and help then end of input */
	st = ember_io("", "help\nquit\nversion\n", out, sizeof(out), err, sizeof(err));
	CHECK(st == 0 && err[0] == 0 && strstr(out, "Ember> ") != NULL && strstr(out, "\n  enc ") != NULL,
	    "prompt help: status %d, stderr '%s'", st, err);
	CHECK(strstr(out, "quit") != NULL && strstr(out, "exit") != NULL, "the prompt's help does not say quit or exit: '%s'",
	    out);
	CHECK(strstr(out, "Ember 0.") == NULL, "quit at the prompt did not end it: '%s'", out);
	st = ember_io("", "-help\n", out, sizeof(out), err, sizeof(err));
	CHECK(st == 0 && strstr(out, "quit") != NULL, "prompt -help: status %d, '%s'", st, out);
	st = ember_io("", "nosuch\n", out, sizeof(out), err, sizeof(err));
	CHECK(st == 1 && strstr(err, "'nosuch'") != NULL && strstr(err, "ember help") != NULL,
	    "unknown command at the prompt: status %d, stderr '%s'", st, err);
	remove(file("stdin"));
	remove(file("stdout"));
	remove(file("stderr"));
	CHECK(rmdir(dir) == 0, "temporary directory %s not empty", dir);
}
