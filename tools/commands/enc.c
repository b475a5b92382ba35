/*
 * enc.c - `ember enc`: encrypt or decrypt, byte-compatible with `openssl
 * enc` (3.0) both ways:
 *
 *  - a raw key and IV: -K <hex> -iv <hex>;
 *  - a password (-k <text>, -kfile <file>, -pass <source>, or typed at the
 *    terminal): key and IV from PBKDF2 (-pbkdf2, -iter N; openssl's default
 *    count with -pbkdf2 is 10000) or, without -pbkdf2, from the legacy
 *    EVP_BytesToKey (one round, with openssl's warning), over -md's digest
 *    (default sha256), salted: "Salted__" and 8 random bytes before the
 *    ciphertext (-S <16 hex digits>: that salt, no header; -nosalt: none);
 *  - -a (-base64): base64 ciphertext, in lines of 64 characters (-A: one
 *    line);
 *  - PKCS#7 padding for ECB and CBC unless -nopad.
 *
 * Where openssl is lenient Ember refuses: a -K, -iv or -S of the wrong
 * length (openssl pads or truncates with a warning), a CBC cipher without
 * -iv or password, a "Salted__" file given -K (it was made with a
 * password), -K with a password. AEAD ciphers are refused as openssl
 * refuses them ("AEAD ciphers not supported"). Every error is one line on
 * stderr and a non-zero exit; openssl's warning about the legacy key
 * derivation is printed only when the run succeeded, so a refused run
 * still says one line. With -out the output goes to a temporary file next
 * to the target (tools/common/outfile.c), renamed into place only when
 * everything succeeded.
 *
 * A padded decryption (CBC or ECB without -nopad) to standard output is
 * held in memory until its padding check (enc_io.c): a refused input writes
 * nothing there; the held input is bounded (64 KiB of plaintext), a longer
 * one is refused before anything is written, pointing to -out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/kdf.h"
#include "ember/keys.h"
#include "enc.h"
#include "pass.h"
#include "tool.h"

#define SALT_LEN 8
/* openssl enc's count with -pbkdf2 and no -iter */
#define PBKDF2_DEFAULT_ITER 10000

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

/* An AEAD cipher name (openssl refuses them all in enc): Ember's, and the modes Ember lacks. */
static int is_aead(const char *name)
{
	static const char *const suffixes[] = { "-gcm", "-ccm", "-ocb", "-siv", "-poly1305" };
	size_t i, n = strlen(name);

	if (ember_aead_spec_find(name) != NULL)
		return 1;
	for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
		size_t m = strlen(suffixes[i]);
		if (n > m && strcmp(name + n - m, suffixes[i]) == 0)
			return 1;
	}
	return 0;
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

/* The secrets of a run, wiped at its end. */
struct keys {
	uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN], salt[SALT_LEN];
	size_t key_len, iv_len; /* iv_len 0: the mode takes none */
	int salted;             /* a salt was used (-p prints it) */
	int legacy;             /* EVP_BytesToKey: openssl's warning is due */
};

/* -p and -P: salt (password runs), key and, for modes that use one, IV */
static void print_keys(const struct keys *k)
{
	if (k->salted)
		print_hex_line("salt=", k->salt, SALT_LEN);
	print_hex_line("key=", k->key, k->key_len);
	if (k->iv_len != 0)
		print_hex_line("iv =", k->iv, k->iv_len);
}

static int usage(void)
{
	printf("usage: ember enc -<cipher> [-e | -d] [-in file] [-out file] [-a [-A]] [-nopad] [-p | -P] [-impl tag]\n"
	       "                 (-K <hex> [-iv <hex>] | -k <password> | -kfile <file> | -pass <source>)\n"
	       "                 [-pbkdf2] [-iter N] [-md <digest>] [-salt | -nosalt | -S <hex>]\n"
	       "       ember enc -list     (the ciphers of this build)\n"
	       "  -K, -iv     raw key and IV in hex (exactly the cipher's lengths)\n"
	       "  -k, -kfile, -pass  a password (-pass: pass:, env:, file:, fd:, stdin); none: typed at the terminal\n"
	       "  -pbkdf2     PBKDF2 (-iter N, default 10000) instead of the legacy EVP_BytesToKey\n"
	       "  -md         the KDF's digest (default sha256)\n"
	       "  -a, -A      base64 (lines of 64 characters; -A: one line)\n"
	       "PKCS#7 padding unless -nopad. See man ember-enc.\n");
	return -1;
}

static int parse(struct enc_opts *o, int argc, char **argv)
{
	int i;

	memset(o, 0, sizeof(*o));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = NULL;

		if (strcmp(a, "-e") == 0) {
			o->decrypt = 0;
		} else if (strcmp(a, "-d") == 0) {
			o->decrypt = 1;
		} else if (strcmp(a, "-nopad") == 0) {
			o->nopad = 1;
		} else if (strcmp(a, "-nosalt") == 0) {
			o->nosalt = 1;
		} else if (strcmp(a, "-salt") == 0) {
			o->nosalt = 0;
		} else if (strcmp(a, "-pbkdf2") == 0) {
			o->pbkdf2 = 1;
		} else if (strcmp(a, "-a") == 0 || strcmp(a, "-base64") == 0) {
			o->base64 = 1;
		} else if (strcmp(a, "-A") == 0) {
			o->oneline = 1;
		} else if (strcmp(a, "-p") == 0) {
			o->print = 1;
		} else if (strcmp(a, "-P") == 0) {
			o->print_only = 1;
		} else if (strcmp(a, "-K") == 0 || strcmp(a, "-iv") == 0 || strcmp(a, "-in") == 0 ||
		           strcmp(a, "-out") == 0 || strcmp(a, "-impl") == 0 || strcmp(a, "-cipher") == 0 ||
		           strcmp(a, "-k") == 0 || strcmp(a, "-kfile") == 0 || strcmp(a, "-pass") == 0 ||
		           strcmp(a, "-S") == 0 || strcmp(a, "-md") == 0 || strcmp(a, "-iter") == 0) {
			if (i + 1 >= argc)
				return tool_error("enc", "%s needs a value", a);
			v = argv[++i];
			if (strcmp(a, "-K") == 0)
				o->key_hex = v;
			else if (strcmp(a, "-iv") == 0)
				o->iv_hex = v;
			else if (strcmp(a, "-in") == 0)
				o->in = strcmp(v, "-") == 0 ? NULL : v; /* "-": stdin, as openssl */
			else if (strcmp(a, "-out") == 0)
				o->out = strcmp(v, "-") == 0 ? NULL : v;
			else if (strcmp(a, "-impl") == 0)
				o->impl = v;
			else if (strcmp(a, "-k") == 0)
				o->k = v;
			else if (strcmp(a, "-kfile") == 0)
				o->kfile = v;
			else if (strcmp(a, "-pass") == 0)
				o->pass = v;
			else if (strcmp(a, "-S") == 0)
				o->salt_hex = v;
			else if (strcmp(a, "-md") == 0)
				o->md = v;
			else if (strcmp(a, "-iter") == 0) {
				char *end;
				o->iter = strtol(v, &end, 10);
				if (*v < '0' || *v > '9' || *end != 0 || o->iter <= 0 || o->iter > 0x7fffffffL)
					return tool_error("enc", "-iter %s: not a positive number of iterations", v);
				o->pbkdf2 = 1; /* openssl: -iter implies -pbkdf2 */
			} else if (is_aead(v))
				return tool_error("enc", "-cipher %s: AEAD ciphers not supported", v);
			else if ((o->spec = ember_cipher_spec_find(v)) == NULL)
				return tool_error("enc", "unknown cipher '%s' (try 'ember enc -list')", v);
		} else if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0) {
			return usage();
		} else if (strcmp(a, "-list") == 0 || strcmp(a, "-ciphers") == 0) {
			list_ciphers();
			return -1;
		} else if (a[0] == '-' && a[1] != 0 && ember_cipher_spec_find(a + 1) != NULL) {
			o->spec = ember_cipher_spec_find(a + 1);
		} else if (a[0] == '-' && a[1] != 0 && is_aead(a + 1)) {
			return tool_error("enc", "%s: AEAD ciphers not supported", a);
		} else {
			return tool_error("enc", "unknown option or cipher '%s' (try 'ember enc -list')", a);
		}
	}
	return 0;
}

/* -kfile: its first line, without the line end (openssl's: trailing CR and LF removed). */
static int read_kfile(const char *path, pass_buf *p)
{
	FILE *f = fopen(path, "rb");
	size_t n;

	memset(p, 0, sizeof(*p));
	if (f == NULL)
		return tool_error("enc", "-kfile %s: %s", path, strerror(errno));
	if (fgets(p->buf, sizeof(p->buf), f) == NULL) {
		fclose(f);
		return tool_error("enc", "-kfile %s: empty (no password line)", path);
	}
	fclose(f);
	n = strlen(p->buf);
	if (n == sizeof(p->buf) - 1 && p->buf[n - 1] != '\n') {
		pass_clear(p);
		return tool_error("enc", "-kfile %s: password longer than %d bytes", path, PASS_MAX);
	}
	while (n > 0 && (p->buf[n - 1] == '\n' || p->buf[n - 1] == '\r'))
		p->buf[--n] = 0;
	if (n == 0)
		return tool_error("enc", "-kfile %s: zero length password", path);
	p->p = p->buf;
	p->len = n;
	p->set = 1;
	return 0;
}

/* The password of a password run: -k, -kfile, -pass, or typed at the terminal. */
static int get_password(const struct enc_opts *o, const ember_block_desc *d, pass_buf *p)
{
	char prompt[128], name[64];
	size_t i;

	(void)d;
	memset(p, 0, sizeof(*p));
	if (o->k != NULL) {
		p->p = o->k;
		p->len = strlen(o->k);
		p->set = 1;
		return 0;
	}
	if (o->kfile != NULL)
		return read_kfile(o->kfile, p);
	if (o->pass != NULL)
		return pass_get("enc", "-pass", o->pass, p);
	if (!pass_can_prompt())
		return tool_error("enc", "no key: give -K <hex> (and -iv), or a password: -k, -kfile or -pass (standard "
		                         "input is not a terminal to ask one on)");
	/* openssl's words: "enter AES-256-CBC encryption password:" */
	for (i = 0; o->spec->name[i] && i + 1 < sizeof(name); i++)
		name[i] = (char)(o->spec->name[i] >= 'a' && o->spec->name[i] <= 'z' ? o->spec->name[i] - 32 : o->spec->name[i]);
	name[i] = 0;
	snprintf(prompt, sizeof(prompt), "enter %s %s password:", name, o->decrypt ? "decryption" : "encryption");
	if (pass_prompt("enc", prompt, !o->decrypt, 0, p) != 0)
		return 1;
	if (p->len == 0) {
		pass_clear(p);
		return tool_error("enc", "no password typed");
	}
	return 0;
}

/*
 * A password run's key and IV: the salt (-S, the input's "Salted__" header,
 * or new random bytes written as the header), then PBKDF2 or EVP_BytesToKey.
 */
static int derive(const struct enc_opts *o, const ember_block_desc *d, enc_source *in, struct enc_sink *out,
    struct keys *k, int *header)
{
	const ember_hash_desc *md = ember_hash_find(o->md ? (o->md[0] == '-' ? o->md + 1 : o->md) : "sha256", NULL);
	uint8_t kiv[EMBER_MAX_KEY_LEN + EMBER_MAX_BLOCK_LEN];
	pass_buf pw;
	int ret;

	*header = 0;
	if (md == NULL)
		return tool_error("enc", "-md %s: unknown digest (try 'ember dgst -list')", o->md);
	if ((md->flags & EMBER_HASH_XOF) && o->pbkdf2)
		return tool_error("enc", "-md %s: not an HMAC digest", o->md);
	if (o->nosalt) {
		k->salted = 0;
	} else if (o->salt_hex != NULL) {
		if (parse_hex(o->salt_hex, k->salt, SALT_LEN) != SALT_LEN)
			return tool_error("enc", "-S %s: the salt is exactly 8 bytes (16 hex digits)", o->salt_hex);
		k->salted = 1;
	} else if (o->decrypt) {
		/* "Salted__" and the salt, read before anything else (through base64 with -a) */
		uint8_t hdr[8 + SALT_LEN];
		long r = enc_source_read(in, hdr, sizeof(hdr));
		if (r == -2)
			return tool_error("enc", "%s: %s (-a: the input is base64)", in->name, in->err);
		if (r < 0)
			return tool_error("enc", "read error on '%s': %s", in->name, strerror(errno));
		if (r < (long)sizeof(hdr) || memcmp(hdr, "Salted__", 8) != 0)
			return tool_error("enc", "%s: bad magic number: no \"Salted__\" header (made with -nosalt or -S? give "
			                         "the same option)", in->name);
		memcpy(k->salt, hdr + 8, SALT_LEN);
		k->salted = 1;
	} else {
		if (ember_random_bytes(k->salt, SALT_LEN) != 0)
			return tool_error("enc", "the system random source failed");
		k->salted = 1;
		*header = !o->print_only;
	}
	if (get_password(o, d, &pw) != 0)
		return 1;
	k->key_len = o->spec->key_len;
	if (o->pbkdf2) {
		ret = ember_pbkdf2(md, pw.p, pw.len, k->salted ? k->salt : NULL, k->salted ? SALT_LEN : 0,
		    (uint32_t)(o->iter ? o->iter : PBKDF2_DEFAULT_ITER), kiv, k->key_len + k->iv_len);
		memcpy(k->key, kiv, k->key_len);
		memcpy(k->iv, kiv + k->key_len, k->iv_len);
		ember_wipe(kiv, sizeof(kiv));
	} else {
		ret = ember_bytes_to_key(md, k->salted ? k->salt : NULL, pw.p, pw.len, 1, k->key, k->key_len, k->iv,
		    k->iv_len);
		k->legacy = 1;
	}
	pass_clear(&pw);
	if (ret != 0)
		return tool_error("enc", "key derivation failed: %s", ember_strerror(ret));
	/* the header goes first: through the sink, so -a encodes it with the data */
	if (*header) {
		ret = enc_sink_write(out, (const uint8_t *)"Salted__", 8);
		if (ret == 0)
			ret = enc_sink_write(out, k->salt, SALT_LEN);
		if (ret != 0)
			return ret;
	}
	return 0;
}

/* -K (and -iv): the raw key run's checks. */
static int raw_key(const struct enc_opts *o, const ember_block_desc *d, enc_source *in, struct keys *k)
{
	long n = parse_hex(o->key_hex, k->key, sizeof(k->key));

	if (o->k != NULL || o->kfile != NULL || o->pass != NULL)
		return tool_error("enc", "-K and a password (-k, -kfile, -pass): give one of them");
	if (o->pbkdf2 || o->salt_hex != NULL)
		return tool_error("enc", "%s: only with a password (-k, -kfile, -pass), not -K", o->pbkdf2 ? "-pbkdf2" : "-S");
	if (n < 0)
		return tool_error("enc", "-K: not a valid hex string (even number of 0-9a-f digits, at most %u bytes)",
		    (unsigned)EMBER_MAX_KEY_LEN);
	if ((size_t)n != o->spec->key_len)
		return tool_error("enc", "-K: key is %ld bytes, %s needs exactly %lu (%lu hex digits)", n, o->spec->name,
		    (unsigned long)o->spec->key_len, (unsigned long)o->spec->key_len * 2);
	k->key_len = (size_t)n;
	if (k->iv_len != 0 && o->iv_hex == NULL)
		return tool_error("enc", "%s needs an IV: give -iv <hex> (%lu bytes)", o->spec->name,
		    (unsigned long)d->block_len);
	/* a file that begins with "Salted__" was made with a password: a raw key would decrypt it to noise */
	if (o->decrypt) {
		uint8_t *p = in->peek;
		long r = enc_source_read(in, p, 8);
		if (r == -2)
			return tool_error("enc", "%s: %s (-a: the input is base64)", in->name, in->err);
		if (r < 0)
			return tool_error("enc", "read error on '%s': %s", in->name, strerror(errno));
		in->peek_len = (size_t)r;
		in->peek_off = 0;
		if (r == 8 && memcmp(p, "Salted__", 8) == 0)
			return tool_error("enc", "%s: begins with \"Salted__\": it was encrypted with a password (-k, -kfile, "
			                         "-pass), not a raw key (-K)", in->name);
	}
	return 0;
}

int cmd_enc(int argc, char **argv)
{
	struct enc_opts o;
	struct keys k;
	const ember_block_desc *d;
	ember_cipher_ctx c;
	struct enc_sink out;
	enc_source in;
	int status, ok, needs_iv, hold, header = 0, opened = 0;

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
	memset(&k, 0, sizeof(k));
	needs_iv = o.spec->mode == EMBER_MODE_CBC || o.spec->mode == EMBER_MODE_CTR;
	k.iv_len = needs_iv ? d->block_len : 0;
	if (o.iv_hex != NULL) {
		long n = parse_hex(o.iv_hex, k.iv, sizeof(k.iv));
		if (n < 0)
			return tool_error("enc", "-iv: not a valid hex string (even number of 0-9a-f digits, at most %u bytes)",
			    (unsigned)EMBER_MAX_BLOCK_LEN);
		if (needs_iv && (size_t)n != d->block_len)
			return tool_error("enc", "-iv: IV is %ld bytes, %s needs exactly %lu (%lu hex digits)", n, o.spec->name,
			    (unsigned long)d->block_len, (unsigned long)d->block_len * 2);
	}
	if (o.oneline && !o.base64)
		o.oneline = 0; /* openssl: -A only qualifies -a */
	/* a padded decryption to stdout is written only after its padding check */
	hold = o.decrypt && is_block_mode(o.spec->mode) && !o.nopad && o.out == NULL;
	if (enc_source_open(&in, o.in, o.base64 && o.decrypt) != 0)
		return 1;
	if (!o.print_only) {
		if (enc_sink_open(&out, o.out, hold, o.base64 && !o.decrypt, o.oneline) != 0) {
			enc_source_close(&in);
			return 1;
		}
		opened = 1;
	}
	if (o.key_hex != NULL) {
		status = raw_key(&o, d, &in, &k);
	} else {
		uint8_t iv[EMBER_MAX_BLOCK_LEN];
		status = derive(&o, d, &in, opened ? &out : NULL, &k, &header);
		/* -iv overrides the derived IV, as openssl */
		if (status == 0 && o.iv_hex != NULL && needs_iv) {
			parse_hex(o.iv_hex, iv, sizeof(iv));
			memcpy(k.iv, iv, k.iv_len);
		}
	}
	if (status == 0 && o.iv_hex != NULL && !needs_iv)
		fprintf(stderr, "ember enc: warning: iv not used by this cipher\n");
	if (status == 0 && (o.print_only || (o.print && !hold)))
		print_keys(&k);
	if (status == 0 && !o.print_only) {
		status = ember_cipher_init(&c, d, o.spec->mode, k.key, k.key_len, o.spec->param, k.iv, o.decrypt);
		if (status != 0) {
			status = tool_error("enc", "%s: cannot set the key: %s", o.spec->name, ember_strerror(status));
		} else {
			status = enc_run(&o, &c, &in, &out);
			ember_cipher_clear(&c);
		}
	}
	ok = status == 0;
	/* held output: -p's lines come first, and only when the data is good */
	if (ok && hold && o.print && !o.print_only)
		print_keys(&k);
	if (opened && enc_sink_close(&out, ok) != 0 && status == 0)
		status = 1;
	/* openssl's warning (printed by openssl before the data: here after a good run, so a refused one is one line) */
	if (status == 0 && k.legacy)
		fprintf(stderr, "*** WARNING : deprecated key derivation used.\nUsing -iter or -pbkdf2 would be better.\n");
	(void)header;
	ember_wipe(&k, sizeof(k));
	enc_source_close(&in);
	return status;
}
