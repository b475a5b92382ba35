/*
 * enc_io.c - `ember enc`'s data pass (enc.h): the input, base64-decoded
 * with -a -d; the output, base64-encoded with -a, whole or not at all with
 * -out, held until the padding check for a padded decryption to standard
 * output; and the cipher over the bytes between them.
 *
 * Base64 as openssl's -a writes it (lines of 64 characters, each ended by a
 * newline; -A: one line without an end) and, read, stricter than openssl:
 * white space (space, tab, CR, LF) may be anywhere, any other character
 * outside the alphabet, data after '=' or a last quantum cut short is
 * refused with its offset. Unlike openssl, a line longer than 64
 * characters is read without -A (openssl silently reads nothing).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "enc.h"
#include "tool.h"

#define CHUNK 65536

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* ---- the input ---- */

int enc_source_open(enc_source *s, const char *path, int b64_in)
{
	memset(s, 0, sizeof(*s));
	s->b64 = b64_in;
	s->name = path ? path : "stdin";
	s->f = path ? fopen(path, "rb") : stdin;
	if (s->f == NULL)
		return tool_error("enc", "cannot open '%s': %s", path, strerror(errno));
	return 0;
}

void enc_source_close(enc_source *s)
{
	if (s->f != NULL && s->f != stdin)
		fclose(s->f);
	s->f = NULL;
	ember_wipe(s->out, sizeof(s->out));
	ember_wipe(s->peek, sizeof(s->peek));
}

/* Up to |n| raw bytes (fewer only at the end); -1 on a read error. */
static long read_raw(FILE *f, uint8_t *p, size_t n)
{
	size_t got = 0;

	while (got < n) {
		size_t r = fread(p + got, 1, n - got, f);
		if (r == 0)
			break;
		got += r;
	}
	return ferror(f) ? -1 : (long)got;
}

/* One decoded quantum into s->out (0: end of input; -1, -2 as enc_source_read). */
static int b64_quantum(enc_source *s)
{
	for (;;) {
		int c = getc(s->f), v;
		if (c == EOF) {
			if (ferror(s->f))
				return -1;
			if (s->k != 0) {
				snprintf(s->err, sizeof(s->err), "base64 cut short (%lu characters, not a multiple of 4)",
				    s->offset);
				return -2;
			}
			return 0;
		}
		s->offset++;
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (c == '=') {
			/* padding: the third or fourth character of the last quantum */
			if (s->k < 2) {
				snprintf(s->err, sizeof(s->err), "'=' at character %lu is not base64 padding", s->offset);
				return -2;
			}
			s->pad++;
			s->acc <<= 6;
			if (++s->k < 4)
				continue;
		} else {
			if (s->pad) {
				snprintf(s->err, sizeof(s->err), "data after base64 padding at character %lu", s->offset);
				return -2;
			}
			if ((v = b64_value(c)) < 0) {
				snprintf(s->err, sizeof(s->err), "not base64: byte 0x%02x at character %lu", (unsigned)c, s->offset);
				return -2;
			}
			s->acc = (s->acc << 6) | (uint32_t)v;
			if (++s->k < 4)
				continue;
		}
		s->out[0] = (uint8_t)(s->acc >> 16);
		s->out[1] = (uint8_t)(s->acc >> 8);
		s->out[2] = (uint8_t)s->acc;
		if ((s->pad == 1 && (s->acc & 0xff)) || (s->pad == 2 && (s->acc & 0xffff))) {
			snprintf(s->err, sizeof(s->err), "non-canonical base64 padding at character %lu", s->offset);
			return -2;
		}
		s->out_len = 3 - s->pad;
		s->out_off = 0;
		s->acc = 0;
		s->k = 0;
		if (s->out_len)
			return 1;
	}
}

long enc_source_read(enc_source *s, uint8_t *p, size_t n)
{
	size_t got = 0;

	while (got < n && s->peek_off < s->peek_len)
		p[got++] = s->peek[s->peek_off++];
	if (!s->b64) {
		long r = got < n ? read_raw(s->f, p + got, n - got) : 0;
		return r < 0 ? -1 : (long)got + r;
	}
	while (got < n) {
		if (s->out_off == s->out_len) {
			int r = s->pad ? 0 : b64_quantum(s);
			if (r < 0)
				return r;
			if (r == 0) {
				/* after padding only white space may follow */
				if (s->pad) {
					int c;
					while ((c = getc(s->f)) != EOF) {
						s->offset++;
						if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
							snprintf(s->err, sizeof(s->err), "data after base64 padding at character %lu",
							    s->offset);
							return -2;
						}
					}
				}
				break;
			}
		}
		while (got < n && s->out_off < s->out_len)
			p[got++] = s->out[s->out_off++];
	}
	return (long)got;
}

/* ---- the output ---- */

static uint8_t hold_buf[ENC_HOLD_MAX + EMBER_MAX_BLOCK_LEN];

int enc_sink_open(struct enc_sink *o, const char *path, int hold, int b64_out, int oneline)
{
	memset(o, 0, sizeof(*o));
	o->path = path;
	o->hold = path == NULL ? hold : 0;
	o->b64 = b64_out;
	o->oneline = oneline;
	/* a temporary beside |path|, removed on error or on a signal (outfile.c) */
	o->f = tool_out_open(path, o->tmp, sizeof(o->tmp));
	if (o->f == NULL) {
		int e = errno;
		if (e == ENAMETOOLONG)
			return tool_error("enc", "output path too long: '%s'", path);
		return tool_error("enc", "cannot create a file next to '%s': %s", path, strerror(e));
	}
	return 0;
}

static int put(struct enc_sink *o, const void *p, size_t n)
{
	if (o->hold) {
		/* enc_run refuses an input longer than the buffer before writing it */
		if (n > sizeof(hold_buf) - o->held)
			return tool_error("enc", "internal error: held output over %lu bytes", (unsigned long)sizeof(hold_buf));
		memcpy(hold_buf + o->held, p, n);
		o->held += n;
		return 0;
	}
	if (n != 0 && fwrite(p, 1, n, o->f) != n)
		return tool_error("enc", "write error on '%s': %s", o->path ? o->path : "stdout", strerror(errno));
	return 0;
}

/* One base64 quantum of |n| (1..3) bytes, and the line end after 64 characters. */
static int put_quantum(struct enc_sink *o, const uint8_t *q, size_t n)
{
	char c[5];
	uint32_t v = (uint32_t)q[0] << 16 | (n > 1 ? (uint32_t)q[1] << 8 : 0) | (n > 2 ? q[2] : 0);

	c[0] = b64[v >> 18];
	c[1] = b64[(v >> 12) & 63];
	c[2] = n > 1 ? b64[(v >> 6) & 63] : '=';
	c[3] = n > 2 ? b64[v & 63] : '=';
	o->col += 4;
	if (o->col == 64 && !o->oneline) {
		c[4] = '\n';
		o->col = 0;
		return put(o, c, 5);
	}
	return put(o, c, 4);
}

int enc_sink_write(struct enc_sink *o, const uint8_t *p, size_t n)
{
	size_t i = 0;
	int err;

	if (!o->b64)
		return put(o, p, n);
	while (i < n) {
		o->part[o->part_len++] = p[i++];
		if (o->part_len == 3) {
			if ((err = put_quantum(o, o->part, 3)) != 0)
				return err;
			o->part_len = 0;
		}
	}
	return 0;
}

int enc_sink_close(struct enc_sink *o, int ok)
{
	int status = 0;

	if (o->f == NULL)
		return 0;
	/* base64: the last quantum, and the last line's end (none with -A, none for an empty output) */
	if (ok && o->b64) {
		if (o->part_len)
			status = put_quantum(o, o->part, o->part_len);
		if (status == 0 && o->col && !o->oneline)
			status = put(o, "\n", 1);
		if (status != 0)
			ok = 0;
	}
	if (o->path == NULL) {
		if (o->hold) {
			if (ok && o->held != 0 && fwrite(hold_buf, 1, o->held, stdout) != o->held)
				status = tool_error("enc", "write error on stdout: %s", strerror(errno));
			/* the held bytes are plaintext */
			ember_wipe(hold_buf, o->held);
			o->held = 0;
			o->hold = 0;
			if (status != 0)
				ok = 0;
		}
		if (fflush(stdout) != 0 && ok)
			status = tool_error("enc", "write error on stdout: %s", strerror(errno));
		o->f = NULL;
		return status;
	}
	if (tool_out_close(o->f, o->path, o->tmp, ok) != 0 && ok)
		status = tool_error("enc", "write error on '%s': %s", o->path, strerror(errno));
	o->f = NULL;
	o->tmp[0] = 0;
	return status;
}

/* ---- the data pass ---- */

static int is_block_mode(int mode)
{
	return mode == EMBER_MODE_ECB || mode == EMBER_MODE_CBC;
}

/* the data pass's buffer (plaintext: wiped at the end) */
static uint8_t io_buf[CHUNK + 2 * EMBER_MAX_BLOCK_LEN];

/*
 * Encryption with padding keeps the partial last block for the end;
 * decryption with padding keeps the last whole block (padding is only
 * known at end of input).
 */
static int run(const struct enc_opts *o, ember_cipher_ctx *c, enc_source *in, struct enc_sink *out)
{
	const ember_block_desc *d = c->desc;
	size_t bl = d->block_len, held = 0, total = 0;
	int padded = is_block_mode(o->spec->mode) && !o->nopad;
	int blocky = is_block_mode(o->spec->mode);
	int err;

	for (;;) {
		long r = enc_source_read(in, io_buf + held, CHUNK);
		size_t avail, now;

		if (r == -2)
			return tool_error("enc", "%s: %s (-a: the input is base64)", in->name, in->err);
		if (r < 0)
			return tool_error("enc", "read error on '%s': %s", in->name, strerror(errno));
		total += (size_t)r;
		avail = held + (size_t)r;
		if (r == 0)
			break;
		if (out->hold && total > ENC_HOLD_MAX + bl)
			return tool_error("enc",
			    "%s: a padded decryption to stdout is held until its padding is checked, so its input is "
			    "limited to %lu bytes: use -out <file> (or -nopad to stream it, padding included)",
			    in->name, (unsigned long)(ENC_HOLD_MAX + bl));
		if (!blocky) {
			now = avail;
		} else {
			now = avail - avail % bl;
			/* keep the last whole block back when decrypting padded data */
			if (padded && o->decrypt && now == avail && now >= bl)
				now -= bl;
		}
		if ((err = ember_cipher_update(c, io_buf, io_buf, now)) != 0)
			return tool_error("enc", "%s", ember_strerror(err));
		if ((err = enc_sink_write(out, io_buf, now)) != 0)
			return err;
		held = avail - now;
		memmove(io_buf, io_buf + now, held);
	}
	if (!blocky)
		return 0;
	if (padded && !o->decrypt) {
		size_t n;
		ember_pkcs7_pad(io_buf, &n, io_buf, held, bl);
		ember_cipher_update(c, io_buf, io_buf, n);
		return enc_sink_write(out, io_buf, n);
	}
	if (held % bl != 0 || (padded && held == 0))
		return tool_error("enc", "%s: %s: input length %lu is not a %s of the %lu-byte block%s", in->name,
		    o->decrypt ? "truncated ciphertext" : "-nopad", (unsigned long)total,
		    padded ? "non-zero multiple" : "multiple", (unsigned long)bl, o->decrypt ? "" : " (drop -nopad to pad)");
	if ((err = ember_cipher_update(c, io_buf, io_buf, held)) != 0)
		return tool_error("enc", "%s", ember_strerror(err));
	if (padded) {
		size_t n;
		if (ember_pkcs7_unpad(&n, io_buf, held, bl) != 0)
			return tool_error("enc", "%s: bad decrypt: %s", in->name,
			    o->key_hex ? "padding check failed (wrong key or IV, or corrupt data)"
			               : "wrong password (or -md, -pbkdf2, -iter), or corrupt data");
		held = n;
	}
	return enc_sink_write(out, io_buf, held);
}

int enc_run(const struct enc_opts *o, ember_cipher_ctx *c, enc_source *in, struct enc_sink *out)
{
	int status = run(o, c, in, out);

	ember_wipe(io_buf, sizeof(io_buf));
	return status;
}
