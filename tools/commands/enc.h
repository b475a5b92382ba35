/*
 * enc.h - `ember enc`'s two halves: the command and its keys (enc.c), and
 * the data pass with its base64 and "Salted__" framing (enc_io.c).
 */
#ifndef EMBER_ENC_H
#define EMBER_ENC_H

#include <stdio.h>

#include "ember/cipher.h"

struct enc_opts {
	const ember_cipher_spec *spec;
	const char *impl, *in, *out, *key_hex, *iv_hex;
	int decrypt, nopad, print, print_only;
	/* password-based keys */
	const char *k, *kfile, *pass, *salt_hex, *md;
	int nosalt, pbkdf2;
	long iter;
	/* base64 (-a): output when encrypting, input when decrypting; -A: one line */
	int base64, oneline;
};

/* The input: a file or standard input, base64-decoded with -a -d, with a few bytes peeked at first. */
typedef struct enc_source {
	FILE *f;
	const char *name;       /* for messages: the file, or "stdin" */
	int b64;
	uint32_t acc;           /* base64: sextets of the quantum being read */
	unsigned k, pad;        /* base64: characters of that quantum; '=' seen */
	unsigned long offset;   /* base64: characters read (for messages) */
	uint8_t out[3];         /* base64: decoded bytes not yet handed out */
	size_t out_len, out_off;
	uint8_t peek[16];       /* bytes read ahead (enc_source_peek), handed out first */
	size_t peek_len, peek_off;
	char err[128];          /* the reason of a -2 from enc_source_read */
} enc_source;

/* 0, or 1 after one line (the file cannot be opened). */
int enc_source_open(enc_source *s, const char *path, int b64);
/*
 * Up to |n| bytes, fewer only at the end of input. -1: read error (errno);
 * -2: not base64 (s->err says why).
 */
long enc_source_read(enc_source *s, uint8_t *p, size_t n);
void enc_source_close(enc_source *s);

/*
 * The output: stdout, or a temporary file renamed to |path| at the end
 * (tools/common/outfile.c). With |hold| set (stdout only), writes go to
 * memory and reach stdout only when enc_sink_close is told the run
 * succeeded. With base64 every byte is encoded (lines of 64 characters, or
 * one line without an end with oneline), as openssl's -a and -A.
 */
struct enc_sink {
	FILE *f;
	const char *path;
	char tmp[4096];
	int hold, b64, oneline;
	size_t held;
	uint8_t part[3];        /* base64: bytes of the next quantum */
	size_t part_len, col;
};

int enc_sink_open(struct enc_sink *o, const char *path, int hold, int b64, int oneline);
int enc_sink_write(struct enc_sink *o, const uint8_t *p, size_t n);
/* Finishes (ok != 0) or abandons the output. Returns 0 or an exit status. */
int enc_sink_close(struct enc_sink *o, int ok);

/* The bytes a padded decryption to standard output may hold (plaintext). */
#define ENC_HOLD_MAX 65536

/* The data pass: everything the source has left, through |c|, to the sink. 0 or an exit status. */
int enc_run(const struct enc_opts *o, ember_cipher_ctx *c, enc_source *in, struct enc_sink *out);

#endif
