/*
 * fuzz_cli.c - `ember enc` and `ember dgst` on arbitrary arguments and input
 * files, in-process. The first byte picks the command; the rest is split at
 * newlines into words, then at the first empty line into the input file's
 * contents. Words naming files are dropped (the harness adds -in/-out or a
 * file of its own), so a run never touches anything but its scratch files.
 * For enc, bit 1 of the first byte leaves -out out: the output goes to
 * standard output (/dev/null here), where a padded decryption is held
 * until its padding check; either way the command must return 0 or 1, and
 * a refused input must leave no -out file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int word_ok(const char *w)
{
	const char *p;

	if (w[0] == 0 || strlen(w) > 80)
		return 0;
	if (strcmp(w, "-in") == 0 || strcmp(w, "-out") == 0 || strcmp(w, "-") == 0)
		return 0;
	if (w[0] == '-')
		return 1;
	for (p = w; *p; p++)
		if (!strchr("0123456789abcdefABCDEFxX", *p))
			return 0;
	return 1; /* hex: keys, IVs */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[64];
	char in[96], out[96], buf[4096];
	char *argv[40];
	int argc = 0, is_enc, to_stdout, st;
	size_t n, i, start;
	FILE *f;

	if (dir[0] == 0) {
		snprintf(dir, sizeof(dir), "/tmp/ember-fuzz-cli-%ld", (long)getpid());
		if (mkdir(dir, 0700) != 0 && access(dir, W_OK) != 0)
			abort();
		if (freopen("/dev/null", "r", stdin) == NULL || freopen("/dev/null", "w", stdout) == NULL)
			abort();
	}
	if (size < 1)
		return 0;
	is_enc = data[0] & 1;
	to_stdout = (data[0] >> 1) & 1;
	n = size - 1 < sizeof(buf) - 1 ? size - 1 : sizeof(buf) - 1;
	memcpy(buf, data + 1, n);
	buf[n] = 0;
	snprintf(in, sizeof(in), "%s/in", dir);
	snprintf(out, sizeof(out), "%s/out", dir);

	argv[argc++] = is_enc ? "enc" : "dgst";
	/* words until an empty line, the rest is the input file */
	for (i = 0, start = 0; i <= n && argc < 32; i++) {
		if (i == n || buf[i] == '\n') {
			int empty = i == start;
			buf[i] = 0;
			if (empty) {
				start = i + 1;
				break;
			}
			if (word_ok(buf + start))
				argv[argc++] = buf + start;
			start = i + 1;
		}
	}
	f = fopen(in, "wb");
	if (f == NULL)
		abort();
	if (start < n)
		fwrite(buf + start, 1, n - start, f);
	fclose(f);
	if (is_enc) {
		argv[argc++] = "-in";
		argv[argc++] = in;
		if (!to_stdout) {
			argv[argc++] = "-out";
			argv[argc++] = out;
		}
	} else {
		argv[argc++] = in;
	}
	argv[argc] = NULL;
	st = is_enc ? cmd_enc(argc, argv) : cmd_dgst(argc, argv);
	if (st != 0 && st != 1)
		abort(); /* an exit status is 0 or 1 */
	if (is_enc && st != 0 && access(out, F_OK) == 0)
		abort(); /* a refused input leaves no output file */
	unlink(out);
	return 0;
}
