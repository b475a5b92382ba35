/*
 * enc.c - `ember enc`: encrypt or decrypt with a raw key and IV, compatible
 * with `openssl enc -<cipher> -K <hex> -iv <hex>` (same names, same
 * PKCS#7 padding, same bytes out). Password-based keys (-k, -pass, salt)
 * are deliberately not offered.
 *
 * Where openssl is lenient Ember refuses: a -K or -iv of the wrong length
 * (openssl pads or truncates with a warning), a CBC cipher without -iv.
 * Every error is one line on stderr and a non-zero exit; with -out the
 * output goes to a temporary file next to the target (tools/common/outfile.c),
 * renamed into place only when everything succeeded, removed otherwise, and
 * removed too when a signal (Ctrl-C, kill) ends the run.
 *
 * A padded decryption (CBC or ECB without -nopad) is only known good after
 * the padding check on the last block, so to standard output it is held in
 * memory and written after the check: a refused input writes nothing there.
 * The held input is bounded (HOLD_MAX plus one block, i.e. any plaintext up
 * to 64 KiB); a longer one is refused before anything is written, with a
 * pointer to -out (where `openssl enc` streams instead). Modes without
 * padding (CTR, RC4, -nopad) stream, as openssl does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "tool.h"

#define CHUNK 65536
/* plaintext a padded decryption may hold for standard output */
#define HOLD_MAX 65536

/* Strict hex (even length, [0-9a-fA-F]) into |out|; returns the length or -1. */
static long parse_hex(const char *s, uint8_t *out, size_t max)
{
	size_t n = strlen(s), i;

	if (n % 2 != 0 || n / 2 > max)
		return -1;
	for (i = 0; i < n; i++) {
		char c = s[i];
		unsigned v;
		if (c >= '0' && c <= '9')
			v = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = (unsigned)(c - 'A' + 10);
		else
			return -1;
		if (i % 2 == 0)
			out[i / 2] = (uint8_t)(v << 4);
		else
			out[i / 2] |= (uint8_t)v;
	}
	return (long)(n / 2);
}

static int is_block_mode(int mode)
{
	return mode == EMBER_MODE_ECB || mode == EMBER_MODE_CBC;
}

static void list_ciphers(void)
{
	size_t i, col = 0;

	printf("Supported ciphers:\n");
	for (i = 0; i < ember_cipher_spec_count(); i++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(i);
		if (ember_block_find(s->alg, NULL) == NULL)
			continue;
		if (col % 3 == 2)
			printf("-%s\n", s->name);
		else
			printf("-%-24s ", s->name);
		col++;
	}
	if (col % 3 != 0)
		printf("\n");
}

static void print_hex_line(const char *label, const uint8_t *p, size_t n)
{
	size_t i;

	printf("%s", label);
	for (i = 0; i < n; i++)
		printf("%02X", p[i]);
	printf("\n");
}

/* -p and -P: the key and, for modes that use one, the IV (iv_len 0: none) */
static void print_key_iv(const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len)
{
	print_hex_line("key=", key, key_len);
	if (iv_len != 0)
		print_hex_line("iv =", iv, iv_len);
}

/*
 * The output: stdout, or a temporary file renamed to |path| at the end. With
 * |hold| set (stdout only), writes go to memory and reach stdout only when
 * sink_close is told the run succeeded.
 */
struct sink {
	FILE *f;
	const char *path;
	char tmp[4096];
	int hold;
	size_t held;
};

static uint8_t hold_buf[HOLD_MAX + EMBER_MAX_BLOCK_LEN];

static int sink_open(struct sink *o, const char *path, int hold)
{
	o->path = path;
	o->hold = path == NULL ? hold : 0;
	o->held = 0;
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

static int sink_write(struct sink *o, const uint8_t *p, size_t n)
{
	if (o->hold) {
		/* run() refuses an input longer than the buffer before writing it */
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

/* Finishes (ok != 0) or abandons the output. Returns 0 or an exit status. */
static int sink_close(struct sink *o, int ok)
{
	int status = 0;

	if (o->f == NULL)
		return 0;
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

struct opts {
	const ember_cipher_spec *spec;
	const char *impl, *in, *out, *key_hex, *iv_hex;
	int decrypt, nopad, print, print_only;
};

static int parse(struct opts *o, int argc, char **argv)
{
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *need = NULL;

		if (strcmp(a, "-e") == 0) {
			o->decrypt = 0;
		} else if (strcmp(a, "-d") == 0) {
			o->decrypt = 1;
		} else if (strcmp(a, "-nopad") == 0) {
			o->nopad = 1;
		} else if (strcmp(a, "-nosalt") == 0) {
			/* no salt is ever used with a raw key: accepted for openssl scripts */
		} else if (strcmp(a, "-p") == 0) {
			o->print = 1;
		} else if (strcmp(a, "-P") == 0) {
			o->print_only = 1;
		} else if (strcmp(a, "-K") == 0 || strcmp(a, "-iv") == 0 || strcmp(a, "-in") == 0 ||
		           strcmp(a, "-out") == 0 || strcmp(a, "-impl") == 0 || strcmp(a, "-cipher") == 0) {
			if (i + 1 >= argc)
				return tool_error("enc", "%s needs a value", a);
			need = argv[++i];
			if (strcmp(a, "-K") == 0)
				o->key_hex = need;
			else if (strcmp(a, "-iv") == 0)
				o->iv_hex = need;
			else if (strcmp(a, "-in") == 0)
				o->in = strcmp(need, "-") == 0 ? NULL : need; /* "-": stdin, as openssl */
			else if (strcmp(a, "-out") == 0)
				o->out = strcmp(need, "-") == 0 ? NULL : need;
			else if (strcmp(a, "-impl") == 0)
				o->impl = need;
			else if ((o->spec = ember_cipher_spec_find(need)) == NULL)
				return tool_error("enc", "unknown cipher '%s' (try 'ember enc -list')", need);
		} else if (strcmp(a, "-k") == 0 || strcmp(a, "-kfile") == 0 || strcmp(a, "-pass") == 0 ||
		           strcmp(a, "-pbkdf2") == 0 || strcmp(a, "-iter") == 0 || strcmp(a, "-md") == 0 ||
		           strcmp(a, "-S") == 0 || strcmp(a, "-salt") == 0) {
			return tool_error("enc", "%s: password-based keys are not supported; use -K and -iv", a);
		} else if (strcmp(a, "-a") == 0 || strcmp(a, "-base64") == 0 || strcmp(a, "-A") == 0) {
			return tool_error("enc", "%s: base64 is not supported; pipe through base64(1)", a);
		} else if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
			printf("usage: ember enc -<cipher> -K <hex> [-iv <hex>] [-e | -d] [-nopad] [-in file] [-out file]\n"
			       "                [-p | -P] [-impl tag] [-cipher name]\n"
			       "       ember enc -list     (the ciphers of this build)\n"
			       "Raw keys only, as 'openssl enc -K -iv'; PKCS#7 padding unless -nopad.\n");
			return -1;
		} else if (strcmp(a, "-list") == 0 || strcmp(a, "-ciphers") == 0) {
			list_ciphers();
			return -1;
		} else if (a[0] == '-' && a[1] != 0 && ember_cipher_spec_find(a + 1) != NULL) {
			o->spec = ember_cipher_spec_find(a + 1);
		} else {
			return tool_error("enc", "unknown option or cipher '%s' (try 'ember enc -list')", a);
		}
	}
	return 0;
}

/* Reads up to |n| bytes (fewer only at end of input); -1 on a read error. */
static long read_full(FILE *f, uint8_t *p, size_t n)
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

/*
 * The data pass. Encryption with padding keeps the partial last block for
 * the end; decryption with padding keeps the last whole block (padding is
 * only known at end of input).
 */
/* the data pass's buffer (plaintext: wiped at the end) */
static uint8_t io_buf[CHUNK + 2 * EMBER_MAX_BLOCK_LEN];

static int run(const struct opts *o, ember_cipher_ctx *c, FILE *in, struct sink *out)
{
	const ember_block_desc *d = c->desc;
	size_t bl = d->block_len, held = 0, total = 0;
	int padded = is_block_mode(o->spec->mode) && !o->nopad;
	int blocky = is_block_mode(o->spec->mode);
	int err;

	for (;;) {
		long r = read_full(in, io_buf + held, CHUNK);
		size_t avail, now;

		if (r < 0)
			return tool_error("enc", "read error on '%s': %s", o->in ? o->in : "stdin", strerror(errno));
		total += (size_t)r;
		avail = held + (size_t)r;
		if (r == 0)
			break;
		if (out->hold && total > HOLD_MAX + bl)
			return tool_error("enc",
			    "%s: a padded decryption to stdout is held until its padding is checked, so its input is "
			    "limited to %lu bytes: use -out <file> (or -nopad to stream it, padding included)",
			    o->in ? o->in : "stdin", (unsigned long)(HOLD_MAX + bl));
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
		if ((err = sink_write(out, io_buf, now)) != 0)
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
		return sink_write(out, io_buf, n);
	}
	if (held % bl != 0 || (padded && held == 0))
		return tool_error("enc", "%s: %s: input length %lu is not a %s of the %lu-byte block%s",
		    o->in ? o->in : "stdin", o->decrypt ? "truncated ciphertext" : "-nopad", (unsigned long)total,
		    padded ? "non-zero multiple" : "multiple", (unsigned long)bl,
		    o->decrypt ? "" : " (drop -nopad to pad)");
	if ((err = ember_cipher_update(c, io_buf, io_buf, held)) != 0)
		return tool_error("enc", "%s", ember_strerror(err));
	if (padded) {
		size_t n;
		if (ember_pkcs7_unpad(&n, io_buf, held, bl) != 0)
			return tool_error("enc", "%s: bad decrypt: padding check failed (wrong key or IV, or corrupt data)",
			    o->in ? o->in : "stdin");
		held = n;
	}
	return sink_write(out, io_buf, held);
}

int cmd_enc(int argc, char **argv)
{
	struct opts o;
	uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN];
	const ember_block_desc *d;
	ember_cipher_ctx c;
	struct sink out;
	FILE *in = stdin;
	long key_len, iv_len = 0;
	int status, ok;
	int needs_iv, hold;

	status = parse(&o, argc, argv);
	if (status != 0)
		return status < 0 ? 0 : status;
	if (o.spec == NULL)
		return tool_error("enc", "no cipher given (e.g. -aes-128-cbc; 'ember enc -list' lists them)");
	d = ember_block_find(o.spec->alg, o.impl);
	if (d == NULL && o.impl != NULL)
		return tool_error("enc", "%s: implementation '%s' is not in this build or not supported by this CPU",
		    o.spec->name, o.impl);
	if (d == NULL)
		return tool_error("enc", "%s: not available in this build", o.spec->name);
	if (o.key_hex == NULL)
		return tool_error("enc", "no key: give -K <hex> (%lu bytes for %s); password-based keys are not supported",
		    (unsigned long)o.spec->key_len, o.spec->name);
	key_len = parse_hex(o.key_hex, key, sizeof(key));
	if (key_len < 0) {
		ember_wipe(key, sizeof(key));
		return tool_error("enc", "-K: not a valid hex string (even number of 0-9a-f digits, at most %u bytes)",
		    (unsigned)EMBER_MAX_KEY_LEN);
	}
	if ((size_t)key_len != o.spec->key_len) {
		ember_wipe(key, sizeof(key));
		return tool_error("enc", "-K: key is %ld bytes, %s needs exactly %lu (%lu hex digits)", key_len,
		    o.spec->name, (unsigned long)o.spec->key_len, (unsigned long)o.spec->key_len * 2);
	}
	needs_iv = o.spec->mode == EMBER_MODE_CBC || o.spec->mode == EMBER_MODE_CTR;
	if (o.iv_hex != NULL) {
		iv_len = parse_hex(o.iv_hex, iv, sizeof(iv));
		if (iv_len < 0) {
			ember_wipe(key, sizeof(key));
			return tool_error("enc", "-iv: not a valid hex string (even number of 0-9a-f digits, at most %u bytes)",
			    (unsigned)EMBER_MAX_BLOCK_LEN);
		}
		if (needs_iv && (size_t)iv_len != d->block_len) {
			ember_wipe(key, sizeof(key));
			return tool_error("enc", "-iv: IV is %ld bytes, %s needs exactly %lu (%lu hex digits)", iv_len,
			    o.spec->name, (unsigned long)d->block_len, (unsigned long)d->block_len * 2);
		}
		if (!needs_iv)
			fprintf(stderr, "ember enc: warning: iv not used by this cipher\n");
	} else if (needs_iv) {
		ember_wipe(key, sizeof(key));
		return tool_error("enc", "%s needs an IV: give -iv <hex> (%lu bytes)", o.spec->name,
		    (unsigned long)d->block_len);
	}
	/* a padded decryption to stdout is written only after its padding check */
	hold = o.decrypt && is_block_mode(o.spec->mode) && !o.nopad && o.out == NULL;
	if (o.print_only || (o.print && !hold)) {
		print_key_iv(key, (size_t)key_len, iv, needs_iv ? (size_t)iv_len : 0);
		if (o.print_only) {
			ember_wipe(key, sizeof(key));
			return 0;
		}
	}
	status = ember_cipher_init(&c, d, o.spec->mode, key, (size_t)key_len, o.spec->param, iv, o.decrypt);
	if (status != 0) {
		ember_wipe(key, sizeof(key));
		return tool_error("enc", "%s: cannot set the key: %s", o.spec->name, ember_strerror(status));
	}
	if (o.in != NULL && (in = fopen(o.in, "rb")) == NULL) {
		ember_wipe(key, sizeof(key));
		ember_cipher_clear(&c);
		return tool_error("enc", "cannot open '%s': %s", o.in, strerror(errno));
	}
	status = sink_open(&out, o.out, hold);
	if (status == 0) {
		status = run(&o, &c, in, &out);
		ok = status == 0;
		/* held output: -p's lines come first, and only when the data is good */
		if (ok && hold && o.print)
			print_key_iv(key, (size_t)key_len, iv, needs_iv ? (size_t)iv_len : 0);
		if (sink_close(&out, ok) != 0 && status == 0)
			status = 1;
	}
	ember_wipe(key, sizeof(key));
	ember_wipe(io_buf, sizeof(io_buf));
	ember_cipher_clear(&c);
	if (in != stdin)
		fclose(in);
	return status;
}
