/*
 * dgst.c - `ember dgst`: message digests, HMACs and signatures of files or
 * standard input, printed exactly as `openssl dgst` (3.0) prints them:
 *
 *   ember dgst [-<digest>] [-hmac key] [-r | -c] [-hex | -binary] [-out file] [-impl tag] [file ...]
 *   ember dgst -shake128 | -shake256 [-xoflen N] ... [file ...]
 *   ember dgst [-<digest>] -sign key.pem [-passin src] [-sigopt o:v ...] [-hex [-r | -c] | -binary] [-out sig] [file]
 *   ember dgst [-<digest>] -verify pub.pem [-passin src] [-sigopt o:v ...] -signature sig [-out file] [file]
 *
 *   SHA2-256(file)= 9f86...           (default)
 *   HMAC-SHA2-256(file)= 5bdc...      (-hmac, for files; stdin has no "HMAC-", as openssl)
 *   9f86... *file                     (-r, coreutils style)
 *   SHA2-256(file)= 9f:86:...         (-c)
 *   RSA-SHA2-256(file)= 6503...       (-sign -hex; "DSA-", "EC-" for those keys; no prefix for stdin)
 *   ED25519(file)= 9a1c...            (-sign -hex with an Ed25519 key: no digest option, as openssl 3.2)
 *
 * Any digest in the registry is an option (-md5, -sha1, -sha512-256,
 * -ripemd160 ...); without one the digest is SHA-256, labelled "SHA256" as
 * openssl labels its default (but "SHA2-256" beside a signature, as it does).
 * -xoflen N sets an extendable-output function's output length (SHAKE; the
 * default is openssl's, 16 or 32 bytes), parsed and refused with openssl's
 * messages.
 * A file that cannot be read is reported on one line and skipped; the exit
 * status is then 1. -out writes through a temporary file renamed into place
 * only when every input was read (tools/common/outfile.c): a failed run, or
 * a signal, leaves no file.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/mac.h"
#include "pkeyutil.h"
#include "tool.h"

/* Largest input signed or verified (the whole input is hashed in memory). */
#define DGST_SIGN_MAX ((size_t)1 << 30)

/* openssl 3.0's names for the digests (EVP_MD_get0_name), where they differ from ours. */
static const char *const labels[][2] = {
	{ "md2", "MD2" },
	{ "md4", "MD4" },
	{ "md5", "MD5" },
	{ "sha1", "SHA1" },
	{ "sha224", "SHA2-224" },
	{ "sha256", "SHA2-256" },
	{ "sha384", "SHA2-384" },
	{ "sha512", "SHA2-512" },
	{ "sha512-224", "SHA2-512/224" },
	{ "sha512-256", "SHA2-512/256" },
	{ "ripemd160", "RIPEMD-160" },
	{ "mdc2", "MDC2" },
	{ "shake128", "SHAKE-128" },
	{ "shake256", "SHAKE-256" },
};

static void label_of(const ember_hash_desc *d, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		if (strcmp(d->name, labels[i][0]) == 0) {
			snprintf(buf, len, "%s", labels[i][1]);
			return;
		}
	}
	/* a digest added later without an entry here: its name in capitals */
	for (i = 0; d->name[i] && i + 1 < len; i++)
		buf[i] = (char)((d->name[i] >= 'a' && d->name[i] <= 'z') ? d->name[i] - 32 : d->name[i]);
	buf[i] = 0;
}

/* openssl's two settings: the separator (-c, -r; the last wins) and hex or binary (-hex, -binary; the
 * last wins; neither: hex for digests, binary for signatures). */
enum { SEP_NONE, SEP_COLONS, SEP_COREUTILS };

struct dgst_opts {
	const ember_hash_desc *d;
	const char *label;     /* "SHA2-256" */
	int use_hmac;
	ember_hmac_key key;
	int sep;               /* SEP_* */
	int binary;            /* -1: not given, 0: -hex, 1: -binary */
	size_t xoflen;         /* -xoflen: output bytes of an XOF; 0: the digest's length */
	FILE *out;             /* standard output, or -out's temporary */
};

static int usage(void)
{
	printf("usage: ember dgst [-<digest>] [-hmac key] [-r | -c] [-hex | -binary] [-out file] [-impl tag] [file ...]\n"
	       "       ember dgst [-<digest>] -sign key.pem [-passin src] [-sigopt o:v] [-hex [-r | -c] | -binary] [-out file] [file]\n"
	       "       ember dgst [-<digest>] -verify pub.pem [-passin src] [-sigopt o:v] -signature file [-out file] [file]\n"
	       "  -<digest>   any digest of `ember dgst -list` (default sha256)\n"
	       "  -xoflen N   output length in bytes of an XOF (-shake128, -shake256)\n"
	       "  -hmac key   HMAC with the given key (the argument's bytes)\n"
	       "  -r          coreutils format: hex, space, '*', file name\n"
	       "  -c          hex bytes separated by colons\n"
	       "  -hex        hex output (the default for digests; signatures are binary unless -hex)\n"
	       "  -binary     the raw digest or signature bytes\n"
	       "  -out file   write to file (whole or not at all) instead of standard output\n"
	       "  -sign key   sign with a private RSA, DSA, EC or ED25519 key (PEM or DER, plain or encrypted;\n"
	       "              ED25519 signs the message itself: no digest option)\n"
	       "  -passin src the key's passphrase: pass:, env:, file:, fd:, stdin (none: asked on the terminal)\n"
	       "  -sigopt o:v rsa_padding_mode:pkcs1|pss, rsa_pss_saltlen:N|digest|auto|max, rsa_mgf1_md:<digest>\n"
	       "  -verify key verify the -signature file with a public key: \"Verified OK\" or exit 1\n"
	       "  -impl tag   force one implementation (ref, x86shani, armv8 ...)\n"
	       "  -list       list the digests\n"
	       "no file: standard input\n");
	return 0;
}

/* One line per digest (not per implementation), with its other names. */
static int list(void)
{
	size_t i, j;

	printf("Supported digests:\n");
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		int seen = 0;
		for (j = 0; j < i; j++)
			seen |= strcmp(ember_hash_at(j)->name, d->name) == 0;
		if (seen)
			continue;
		printf("-%s", d->name);
		if (d->aliases)
			printf(" (also: %s)", d->aliases);
		putchar('\n');
	}
	return 0;
}

/*
 * One result (digest, HMAC or signature) as openssl's do_fp prints it:
 * raw bytes, "hex *name" (-r), or "<prefix><label>(name)= hex" with colons
 * for -c. |prefix| is "HMAC-", "RSA-" or "DSA-" for named files, "" for
 * standard input (openssl passes no signature name there).
 */
static void put_result(const struct dgst_opts *o, const uint8_t *p, size_t len, const char *prefix, const char *name,
                       int binary)
{
	size_t i;

	if (binary) {
		fwrite(p, 1, len, o->out);
		return;
	}
	if (o->sep != SEP_COREUTILS)
		fprintf(o->out, "%s%s(%s)= ", prefix, o->label, name);
	for (i = 0; i < len; i++)
		fprintf(o->out, o->sep == SEP_COLONS && i ? ":%02x" : "%02x", p[i]);
	if (o->sep == SEP_COREUTILS)
		fprintf(o->out, " *%s", name);
	fputc('\n', o->out);
}

/*
 * -xoflen's value as openssl 3.0 takes it: checked as its opt_int checks a
 * positive int (strtol in base 0, so "0x10" and "010" pass and "08" does
 * not), refused with its messages, then read as dgst.c reads it, with atoi:
 * in decimal, so "010" is 10, and "0x10" is 0, which means no -xoflen at
 * all (the default length, and no "only for XOF" refusal). 0, or 1 after
 * the error.
 */
static int parse_xoflen(const char *v, size_t *out)
{
	char *end;
	long l;
	int n;

	errno = 0;
	l = strtol(v, &end, 0);
	if (*end != 0 || end == v || ((l == LONG_MAX || l == LONG_MIN) && errno == ERANGE) || (l == 0 && errno != 0)) {
		const char *kind = strncmp(v, "0x", 2) == 0 || strncmp(v, "0X", 2) == 0 ? "a hexadecimal"
		    : v[0] == '0'                                                      ? "an octal"
		                                                                       : "a";
		return tool_error("dgst", "Can't parse \"%s\" as %s number", v, kind);
	}
	if (l != (long)(int)l)
		return tool_error("dgst", "Value \"%s\" outside integer range", v);
	if (l <= 0)
		return tool_error("dgst", "Non-positive number \"%s\" for option -xoflen", v);
	n = (int)strtol(v, NULL, 10); /* glibc's atoi */
	*out = n > 0 ? (size_t)n : 0;
	return 0;
}

/* Digests one open stream and prints the line. Returns 0, or 1 after a read error (reported). */
static int digest_stream(const struct dgst_opts *o, FILE *f, const char *name, int is_stdin)
{
	static uint8_t buf[1 << 16];
	uint8_t md_buf[EMBER_MAX_DIGEST_LEN], *md = md_buf;
	ember_hash_ctx hc;
	ember_hmac_ctx mc;
	size_t n;

	if (o->use_hmac)
		ember_hmac_init(&mc, &o->key);
	else
		ember_hash_init(&hc, o->d);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (o->use_hmac)
			ember_hmac_update(&mc, buf, n);
		else
			ember_hash_update(&hc, buf, n);
	}
	if (ferror(f)) {
		int e = errno;
		if (o->use_hmac)
			ember_hmac_final(&mc, md);
		else
			ember_hash_final(&hc, md);
		return tool_error("dgst", "%s: read error: %s", name, e ? strerror(e) : "I/O error");
	}
	if (o->use_hmac) {
		ember_hmac_final(&mc, md);
	} else if (o->xoflen > 0) {
		/* as openssl's EVP_DigestFinalXOF: any length */
		md = malloc(o->xoflen);
		if (md == NULL) {
			ember_hash_final(&hc, md_buf);
			return tool_error("dgst", "-xoflen %lu: out of memory", (unsigned long)o->xoflen);
		}
		if (ember_hash_final_xof(&hc, md, o->xoflen) != 0) {
			ember_hash_final(&hc, md_buf);
			free(md);
			return tool_error("dgst", "Length can only be specified for XOF");
		}
	} else {
		ember_hash_final(&hc, md);
	}
	/* openssl: "HMAC-" only when files are named (its sig_name), never for stdin */
	put_result(o, md, o->xoflen > 0 ? o->xoflen : o->d->digest_len, o->use_hmac && !is_stdin ? "HMAC-" : "", name,
	    o->binary == 1);
	if (md != md_buf)
		free(md);
	return 0;
}

/* Finishes -out's file (renamed into place when |ok|) or standard output; |status| or 1 after an error. */
static int finish(struct dgst_opts *o, const char *out_file, const char *tmp, int status)
{
	if (tool_out_close(o->out, out_file, tmp, status == 0) != 0 && status == 0) {
		if (out_file != NULL)
			return tool_error("dgst", "%s: write error: %s", out_file, strerror(errno));
		return tool_error("dgst", "cannot write the output: %s", strerror(errno));
	}
	return status;
}

/*
 * -sign and -verify: one input, read whole. |alg|: the digest option given
 * (NULL: none, SHA-256 but for a key that signs the message itself, Ed25519,
 * labelled "ED25519(file)= " as openssl 3.2's one-shot signatures).
 */
static int sign_or_verify(struct dgst_opts *o, const pkey_dgst_opts *po, const char *alg, const char *sign_key,
                          const char *verify_key, const char *sig_file, const char *in, const char *out_file)
{
	char tmp[4096];
	uint8_t *data, sig[PKEY_SIG_MAX];
	const char *type;
	size_t len, sig_len;
	int status, verified;

	data = pkey_read_file("dgst", in, DGST_SIGN_MAX, &len);
	if (data == NULL)
		return 1;
	if (sign_key != NULL)
		status = pkey_sign_ex(po, alg, sign_key, data, len, sig, &sig_len, &type);
	else
		status = pkey_verify_ex(po, alg, verify_key, sig_file, data, len, &verified);
	free(data);
	if (status != 0)
		return status;
	if ((o->out = tool_out_open(out_file, tmp, sizeof(tmp))) == NULL)
		return tool_error("dgst", "%s: cannot create the output file: %s", out_file, strerror(errno));
	if (sign_key != NULL) {
		const pkey_ops *ops = pkey_ops_by_name(type);
		char prefix[32];
		if (ops != NULL && ops->message_only)
			o->label = "";
		snprintf(prefix, sizeof(prefix), o->label[0] ? "%s-" : "%s", type);
		/* a signature is binary unless -hex was given (openssl's out_bin) */
		put_result(o, sig, sig_len, in != NULL ? prefix : "", in != NULL ? in : "stdin", o->binary != 0);
	} else {
		fputs(verified ? "Verified OK\n" : "Verification failure\n", o->out);
		status = !verified;
	}
	/* a failed verification is a verdict, written like a success */
	return finish(o, out_file, tmp, 0) != 0 ? 1 : status;
}

int cmd_dgst(int argc, char **argv)
{
	struct dgst_opts o;
	pkey_dgst_opts po;
	const char *hmac_key = NULL, *impl = NULL, *alg = NULL;
	const char *sign_key = NULL, *verify_key = NULL, *sig_file = NULL, *out_file = NULL;
	char label[64], tmp[4096];
	int i, status = 0, err;

	memset(&o, 0, sizeof(o));
	o.sep = SEP_NONE;
	o.binary = -1;
	pkey_dgst_opts_init(&po);
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] != 0; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			i++;
			break;
		}
		if (strcmp(a, "-help") == 0 || strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
			return usage();
		if (strcmp(a, "-list") == 0)
			return list();
		if ((err = pkey_dgst_option(argc, argv, &i, &po)) != 0) { /* -passin, -sigopt */
			if (err < 0)
				return 1;
		} else if (strcmp(a, "-r") == 0) {
			o.sep = SEP_COREUTILS;
		} else if (strcmp(a, "-c") == 0) {
			o.sep = SEP_COLONS;
		} else if (strcmp(a, "-hex") == 0) {
			o.binary = 0;
		} else if (strcmp(a, "-binary") == 0) {
			o.binary = 1;
		} else if (strcmp(a, "-hmac") == 0 || strcmp(a, "-impl") == 0 || strcmp(a, "-sign") == 0 ||
		           strcmp(a, "-verify") == 0 || strcmp(a, "-signature") == 0 || strcmp(a, "-out") == 0 ||
		           strcmp(a, "-xoflen") == 0) {
			if (i + 1 >= argc)
				return tool_error("dgst", "option %s needs a value", a);
			i++;
			if (strcmp(a, "-xoflen") == 0) {
				if (parse_xoflen(argv[i], &o.xoflen))
					return 1;
			} else if (strcmp(a, "-hmac") == 0)
				hmac_key = argv[i];
			else if (strcmp(a, "-impl") == 0)
				impl = argv[i];
			else if (strcmp(a, "-sign") == 0)
				sign_key = argv[i];
			else if (strcmp(a, "-verify") == 0)
				verify_key = argv[i];
			else if (strcmp(a, "-signature") == 0)
				sig_file = argv[i];
			else
				out_file = strcmp(argv[i], "-") == 0 ? NULL : argv[i];
		} else if (ember_hash_find(a + 1, NULL) != NULL) {
			alg = a + 1; /* the last digest option wins, as in openssl */
		} else {
			return tool_error("dgst", "unknown option or message digest '%s' (try 'ember dgst -list')", a);
		}
	}

	o.d = ember_hash_find(alg ? alg : "sha256", impl);
	if (o.d == NULL)
		return tool_error("dgst", "implementation '%s' of %s is not in this build or not supported by this CPU",
		    impl, alg ? alg : "sha256");
	label_of(o.d, label, sizeof(label));
	/* openssl 3.0 labels its default digest "SHA256", but "SHA2-256" beside a signature */
	o.label = alg == NULL && sign_key == NULL ? "SHA256" : label;
	/* as openssl, before any key or input is read */
	if (o.xoflen > 0 && !(o.d->flags & EMBER_HASH_XOF))
		return tool_error("dgst", "Length can only be specified for XOF");
	if (o.xoflen > 0 && (sign_key != NULL || verify_key != NULL))
		return tool_error("dgst", "Signing key cannot be specified for XOF");
	if (sign_key != NULL || verify_key != NULL) {
		if (sign_key != NULL && verify_key != NULL)
			return tool_error("dgst", "-sign and -verify: give one of them");
		if (hmac_key != NULL)
			return tool_error("dgst", "-hmac cannot be combined with -sign or -verify");
		if (verify_key != NULL && sig_file == NULL)
			return tool_error("dgst", "-verify needs -signature FILE");
		if (i + 1 < argc)
			return tool_error("dgst", "'%s': -sign and -verify take one input file", argv[i + 1]);
		return sign_or_verify(&o, &po, alg, sign_key, verify_key, sig_file, i < argc ? argv[i] : NULL, out_file);
	}
	if (po.passin != NULL || po.so.pss || po.so.saltlen != PKEY_PSS_SALT_AUTO || po.so.mgf1 != NULL)
		return tool_error("dgst", "-passin and -sigopt are only used with -sign or -verify");
	if (sig_file != NULL)
		return tool_error("dgst", "-signature is only used with -verify");
	if (hmac_key != NULL) {
		err = ember_hmac_key_init(&o.key, o.d, hmac_key, strlen(hmac_key));
		if (err != 0)
			return tool_error("dgst", "-hmac: %s", ember_strerror(err));
		o.use_hmac = 1;
	}

	/* as openssl, the output is opened before the inputs are read; with -out it appears only if all were */
	if ((o.out = tool_out_open(out_file, tmp, sizeof(tmp))) == NULL) {
		if (o.use_hmac)
			ember_hmac_key_clear(&o.key);
		return tool_error("dgst", "%s: cannot create the output file: %s", out_file, strerror(errno));
	}
	if (i >= argc) {
		status = digest_stream(&o, stdin, "stdin", 1);
	} else {
		for (; i < argc; i++) {
			FILE *f = fopen(argv[i], "rb");
			if (f == NULL) {
				status = tool_error("dgst", "%s: %s", argv[i], strerror(errno));
				continue;
			}
			if (digest_stream(&o, f, argv[i], 0) != 0)
				status = 1;
			fclose(f);
		}
	}
	if (o.use_hmac)
		ember_hmac_key_clear(&o.key);
	return finish(&o, out_file, tmp, status);
}
