/*
 * fuzz_keyfiles.c - arbitrary bytes as a key file and as a signature file
 * through the CLI commands that read them, in-process: `ember rsa -in`
 * (private or -pubin, PEM or DER, -text, -check, written back out) and
 * `ember dgst -<hash> -verify pub -signature sig` and `-sign key`; with
 * -passin pass:x, so that encrypted keys (PKCS#8 PBES2 in PEM and DER,
 * traditional PEM with Proc-Type and DEK-Info) are decrypted and parsed,
 * and without it (standard input is /dev/null: refused, never prompted).
 *
 * Input: byte 0 picks the command and its options (bits 0-2: rsa -noout
 * and -out, -text, -check, -pubout; dgst -verify (3 of 8), -sign; bit 3:
 * DER out; bit 4: -pubin; bits 5-6: -inform or the hash; bit 7: -passin
 * pass:x, the passphrase of the encrypted seeds), bytes 1-2 (little
 * endian) are the key file's length, then the key file, then the signature
 * file (the rest). The signed message is a fixed file. Every run must end
 * in an exit status (0 or 1), never a crash, a sanitizer report or a hang;
 * a key that `ember rsa` writes back must be read again by `ember rsa`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char msg[] = "The quick brown fox jumps over the lazy dog\n";

static char dir[64], keyf[96], sigf[96], msgf[96], outf[96];

static void put(const char *path, const uint8_t *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	if (f == NULL || (n != 0 && fwrite(p, 1, n, f) != n) || fclose(f) != 0)
		abort();
}

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/ember-fuzz-keyfiles-%ld", (long)getpid());
	if (mkdir(dir, 0700) != 0 && access(dir, W_OK) != 0)
		abort();
	snprintf(keyf, sizeof(keyf), "%s/key", dir);
	snprintf(sigf, sizeof(sigf), "%s/sig", dir);
	snprintf(msgf, sizeof(msgf), "%s/msg", dir);
	snprintf(outf, sizeof(outf), "%s/out", dir);
	put(msgf, (const uint8_t *)msg, sizeof(msg) - 1);
	/* -text, "Verified OK" and the PEM written to stdout are not the point */
	if (freopen("/dev/null", "r", stdin) == NULL || freopen("/dev/null", "w", stdout) == NULL)
		abort();
}

static int exited(int st)
{
	return st == 0 || st == 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const hashes[] = { "-sha256", "-sha1", "-sha512", "-md5" };
	char *argv[16];
	int argc = 0, st, op, der, pub;
	unsigned sel;
	size_t klen;

	if (dir[0] == 0)
		setup();
	if (size < 3)
		return 0;
	sel = data[0];
	op = sel & 7;
	der = (sel >> 3) & 1;
	pub = (sel >> 4) & 1;
	klen = (size_t)data[1] | (size_t)data[2] << 8;
	data += 3;
	size -= 3;
	if (klen > size)
		klen = size;
	put(keyf, data, klen);
	put(sigf, data + klen, size - klen);
	unlink(outf);

	switch (op) {
	case 0: /* read, describe and write back: the key's own kind */
	case 1:
	case 2:
	case 3:
		argv[argc++] = "rsa";
		argv[argc++] = "-in";
		argv[argc++] = keyf;
		if (pub)
			argv[argc++] = "-pubin";
		if (sel & 0x80) {
			argv[argc++] = "-passin";
			argv[argc++] = "pass:x";
		}
		if (op == 1) {
			argv[argc++] = "-text";
			argv[argc++] = "-noout";
		} else if (op == 2 && !pub) {
			argv[argc++] = "-check";
			argv[argc++] = "-noout";
		} else {
			argv[argc++] = "-out";
			argv[argc++] = outf;
			if (der) {
				argv[argc++] = "-outform";
				argv[argc++] = "DER";
			}
			if (op == 3)
				argv[argc++] = pub ? "-RSAPublicKey_out" : "-pubout";
		}
		if (op == 0 && (sel & 0x20)) {
			argv[argc++] = "-inform";
			argv[argc++] = der ? "DER" : "PEM";
		}
		argv[argc] = NULL;
		st = cmd_rsa(argc, argv);
		if (!exited(st))
			abort();
		if (st == 0 && (op == 0 || op == 3)) {
			/* what ember rsa wrote, ember rsa reads */
			char *again[] = { "rsa", "-in", outf, "-noout", NULL, NULL };
			if (op == 3 || pub)
				again[4] = "-pubin";
			if (cmd_rsa(again[4] ? 5 : 4, again) != 0)
				abort();
		}
		break;
	default: /* 4..6: verify with each hash; 7: sign */
		argv[argc++] = "dgst";
		argv[argc++] = (char *)hashes[(sel >> 5) & 3];
		if (sel & 0x80) {
			argv[argc++] = "-passin";
			argv[argc++] = "pass:x";
		}
		if (op == 7) {
			argv[argc++] = "-sign";
			argv[argc++] = keyf;
			argv[argc++] = "-out";
			argv[argc++] = outf;
		} else {
			argv[argc++] = "-verify";
			argv[argc++] = keyf;
			argv[argc++] = "-signature";
			argv[argc++] = sigf;
		}
		argv[argc++] = msgf;
		argv[argc] = NULL;
		st = cmd_dgst(argc, argv);
		if (!exited(st))
			abort();
		break;
	}
	unlink(outf);
	return 0;
}
