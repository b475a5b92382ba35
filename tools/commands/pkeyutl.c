/*
 * pkeyutl.c - `ember pkeyutl`: one public-key operation on one input, as
 * `openssl pkeyutl` (3.0) does it:
 *
 *   ember pkeyutl -sign -inkey key [-passin src] [-in file] [-out sig] [-rawin [-digest name]] [-pkeyopt opt ...]
 *   ember pkeyutl -verify -inkey key [-pubin] -sigfile sig [-in file] [-rawin [-digest name]] [-pkeyopt opt ...]
 *   ember pkeyutl -derive -inkey key -peerkey peer [-out secret]
 *
 * Without -rawin the input is what is signed: a digest when -pkeyopt
 * digest:<name> says which (it must be that long; RSA then adds the
 * DigestInfo), else raw bytes (RSA: PKCS#1 v1.5 padding of the bytes as they
 * are; DSA: the bytes as the digest). With -rawin the input is the message,
 * hashed with -digest (default sha256). -pkeyopt also takes
 * rsa_padding_mode:pss, rsa_pss_saltlen:N|digest|auto|max and
 * rsa_mgf1_md:name. -verify prints "Signature Verified Successfully" or
 * "Signature Verification Failure" (exit 1). -derive is wired for key types
 * that agree on secrets (pkeyops.h: EC, X25519; the peer a key of the same
 * type and curve): ECDH's x coordinate (the curve's length) or X25519's 32
 * bytes, an all-zero X25519 secret refused (nothing written). RSA, DSA and
 * Ed25519 keys refuse it. Ed25519 and ML-DSA-44/65/87 (pure ML-DSA, FIPS
 * 204 Algorithm 2, hedged, with an empty context string) sign the message
 * itself: -rawin is required and -digest refused (openssl 3.0 refuses
 * Ed25519 without -rawin too). ECDSA signatures are DER SEQUENCE { r, s }, with a hedged
 * RFC 6979 k; without -rawin the input is the digest (any length, its
 * leftmost bits as FIPS 186-5 says). -hexdump prints the output as
 * openssl's BIO_dump.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

/* The largest input read (a message with -rawin is hashed whole, in memory, as openssl does). */
#define INPUT_MAX ((size_t)1 << 30)

static int usage(void)
{
	printf("usage: ember pkeyutl [-sign | -verify | -derive] -inkey file [-keyform PEM|DER] [-passin src] [-pubin]\n"
	       "                     [-in file] [-out file] [-sigfile file] [-peerkey file] [-rawin] [-digest name]\n"
	       "                     [-pkeyopt name:value ...] [-hexdump]\n"
	       "  -pkeyopt  digest:<name> (the input is such a digest), rsa_padding_mode:pkcs1|pss,\n"
	       "            rsa_pss_saltlen:N|digest|auto|max, rsa_mgf1_md:<name>\n"
	       "Key types: %s. See man ember-pkeyutl.\n",
	    pkey_ops_names());
	return 0;
}

/* openssl's BIO_dump: offset, 16 bytes in hex (a '-' after the eighth), their printable characters. */
static void hexdump(FILE *f, const uint8_t *p, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i += 16) {
		fprintf(f, "%04zx - ", i);
		for (j = 0; j < 16; j++) {
			if (i + j < n)
				fprintf(f, "%02x%c", p[i + j], j == 7 ? '-' : ' ');
			else
				fputs("   ", f);
		}
		fputs("  ", f);
		for (j = 0; j < 16 && i + j < n; j++)
			fputc(p[i + j] >= ' ' && p[i + j] <= '~' ? p[i + j] : '.', f);
		fputc('\n', f);
	}
}

/* The result to -out (or standard output), whole or not at all. */
static int emit(const char *out, const uint8_t *p, size_t n, int hex)
{
	char *txt = NULL;
	size_t len = 0;
	FILE *m;
	int status;

	if (!hex)
		return pkey_write_file("pkeyutl", out, p, n);
	if ((m = open_memstream(&txt, &len)) == NULL)
		return tool_error("pkeyutl", "out of memory");
	hexdump(m, p, n);
	if (fclose(m) != 0) {
		free(txt);
		return tool_error("pkeyutl", "out of memory");
	}
	status = pkey_write_file("pkeyutl", out, txt, len);
	ember_wipe(txt, len);
	free(txt);
	return status;
}

enum { OP_SIGN, OP_VERIFY, OP_DERIVE };

struct args {
	const char *inkey, *in, *out, *sigfile, *peerkey, *passin, *digest;
	int op, pubin, rawin, hex, keyform;
	pkey_sigopts so;
};

static int parse(struct args *a, int argc, char **argv)
{
	int i;

	memset(a, 0, sizeof(*a));
	pkey_sigopts_init(&a->so);
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];
		if (strcmp(o, "-sign") == 0) {
			a->op = OP_SIGN;
		} else if (strcmp(o, "-verify") == 0) {
			a->op = OP_VERIFY;
		} else if (strcmp(o, "-derive") == 0) {
			a->op = OP_DERIVE;
		} else if (strcmp(o, "-pubin") == 0) {
			a->pubin = 1;
		} else if (strcmp(o, "-rawin") == 0) {
			a->rawin = 1;
		} else if (strcmp(o, "-hexdump") == 0) {
			a->hex = 1;
		} else if (strcmp(o, "-inkey") == 0 || strcmp(o, "-in") == 0 || strcmp(o, "-out") == 0 ||
		           strcmp(o, "-sigfile") == 0 || strcmp(o, "-peerkey") == 0 || strcmp(o, "-passin") == 0 ||
		           strcmp(o, "-digest") == 0 || strcmp(o, "-pkeyopt") == 0 || strcmp(o, "-keyform") == 0 ||
		           strcmp(o, "-peerform") == 0) {
			const char *v;
			if (i + 1 >= argc)
				return tool_error("pkeyutl", "option %s needs a value", o);
			v = argv[++i];
			if (strcmp(o, "-inkey") == 0)
				a->inkey = v;
			else if (strcmp(o, "-in") == 0)
				a->in = v;
			else if (strcmp(o, "-out") == 0)
				a->out = v;
			else if (strcmp(o, "-sigfile") == 0)
				a->sigfile = v;
			else if (strcmp(o, "-peerkey") == 0)
				a->peerkey = v;
			else if (strcmp(o, "-passin") == 0)
				a->passin = v;
			else if (strcmp(o, "-digest") == 0)
				a->digest = v;
			else if (strcmp(o, "-pkeyopt") == 0) {
				if (pkey_sigopt("pkeyutl", "-pkeyopt", v, &a->so) != 0)
					return 1;
			} else if (strcmp(v, "DER") == 0 || strcmp(v, "der") == 0) {
				if (o[1] == 'k')
					a->keyform = 2;
			} else if (strcmp(v, "PEM") == 0 || strcmp(v, "pem") == 0) {
				if (o[1] == 'k')
					a->keyform = 1;
			} else {
				return tool_error("pkeyutl", "%s %s: unknown format (PEM or DER)", o, v);
			}
		} else if (strcmp(o, "-encrypt") == 0 || strcmp(o, "-decrypt") == 0 || strcmp(o, "-verifyrecover") == 0 ||
		           strcmp(o, "-certin") == 0 || strcmp(o, "-asn1parse") == 0 || strcmp(o, "-rev") == 0 ||
		           strcmp(o, "-kdf") == 0) {
			return tool_error("pkeyutl", "%s: not offered by ember pkeyutl (-sign, -verify, -derive)", o);
		} else if (strcmp(o, "-help") == 0 || strcmp(o, "-h") == 0) {
			usage();
			return -1;
		} else {
			return tool_error("pkeyutl", "unknown option '%s' (try 'ember pkeyutl -help')", o);
		}
	}
	if (a->inkey == NULL)
		return tool_error("pkeyutl", "no key: give -inkey");
	if (a->digest != NULL && !a->rawin)
		return tool_error("pkeyutl", "-digest %s: only with -rawin (the input is then the message)", a->digest);
	if (a->op == OP_VERIFY && a->sigfile == NULL)
		return tool_error("pkeyutl", "-verify needs -sigfile");
	if (a->op != OP_VERIFY && a->sigfile != NULL)
		return tool_error("pkeyutl", "-sigfile %s: only with -verify", a->sigfile);
	if (a->op == OP_DERIVE && a->peerkey == NULL)
		return tool_error("pkeyutl", "-derive needs -peerkey");
	return 0;
}

static int derive(const struct args *a, const pkey_ops *ops, ember_pkey *k)
{
	uint8_t secret[PKEY_SECRET_MAX];
	char mine[32], theirs[32];
	ember_pkey *peer;
	pkey_in pi;
	size_t n = 0;
	int ret, status;

	if (ops->derive == NULL)
		return tool_error("pkeyutl", "-derive: %s: %s keys do not agree on shared secrets (key agreement needs a "
		                             "type such as X25519 or EC)", a->inkey, ops->name);
	if (!k->has_private)
		return tool_error("pkeyutl", "-derive: %s: a private key is needed (drop -pubin)", a->inkey);
	if ((peer = calloc(1, sizeof(*peer))) == NULL)
		return tool_error("pkeyutl", "out of memory");
	memset(&pi, 0, sizeof(pi));
	pi.verify = 1;
	if (pkey_load_ex("pkeyutl", a->peerkey, &pi, peer) != 0) {
		free(peer);
		return 1;
	}
	pkey_describe(k, mine, sizeof(mine));
	pkey_describe(peer, theirs, sizeof(theirs));
	ret = peer->type == k->type ? ops->derive(k, peer, secret, &n) : EMBER_EINVAL;
	ember_pkey_clear(peer);
	free(peer);
	if (ret == EMBER_EINVAL)
		status = tool_error("pkeyutl", "-peerkey %s: peer key type %s differs from %s's (%s)", a->peerkey, theirs,
		    a->inkey, mine);
	else if (ret == EMBER_EZEROSECRET)
		status = tool_error("pkeyutl", "-peerkey %s: the shared secret is all zero (a peer key of small order): "
		                               "refused", a->peerkey);
	else if (ret != 0)
		status = tool_error("pkeyutl", "-peerkey %s: key derivation failed: %s", a->peerkey, ember_strerror(ret));
	else
		status = emit(a->out, secret, n, a->hex);
	ember_wipe(secret, sizeof(secret));
	return status;
}

int cmd_pkeyutl(int argc, char **argv)
{
	struct args a;
	const ember_hash_desc *hd = NULL;
	const pkey_ops *ops;
	ember_pkey *k;
	pkey_in ki;
	uint8_t *data = NULL, *sig = NULL, md[EMBER_MAX_DIGEST_LEN], out[PKEY_SIG_MAX];
	const uint8_t *input;
	size_t len = 0, sig_len = 0, input_len, out_len;
	int status = parse(&a, argc, argv), ret;

	if (status != 0)
		return status < 0 ? 0 : status;
	if (a.rawin && (hd = ember_hash_find(a.digest ? a.digest : "sha256", NULL)) == NULL)
		return tool_error("pkeyutl", "-digest %s: unknown digest (try 'ember dgst -list')", a.digest);
	if ((k = calloc(1, sizeof(*k))) == NULL)
		return tool_error("pkeyutl", "out of memory");
	memset(&ki, 0, sizeof(ki));
	ki.passin = a.passin;
	ki.has_passin = 1;
	ki.pubin = a.pubin;
	ki.verify = a.op == OP_VERIFY;
	ki.form = a.keyform;
	status = 1;
	if (pkey_load_ex("pkeyutl", a.inkey, &ki, k) != 0)
		goto done;
	ops = pkey_ops_of(k->type);
	if (a.op == OP_DERIVE) {
		status = derive(&a, ops, k);
		goto done;
	}
	if (a.op == OP_SIGN && !k->has_private) {
		tool_error("pkeyutl", "%s: a private key is needed to sign", a.inkey);
		goto done;
	}
	if (ops->sign == NULL) {
		tool_error("pkeyutl", "%s: %s keys do not sign", a.inkey, ops->name);
		goto done;
	}
	if (a.so.pss && k->type != EMBER_PKEY_RSA) {
		tool_error("pkeyutl", "-pkeyopt rsa_padding_mode:pss: %s is not an RSA key", a.inkey);
		goto done;
	}
	if (ops->message_only && !a.rawin) {
		tool_error("pkeyutl", "%s: %s signs the message itself: give -rawin", a.inkey, ops->name);
		goto done;
	}
	if (ops->message_only && a.digest != NULL) {
		tool_error("pkeyutl", "-digest %s: %s signs the message itself, with no digest: drop -digest", a.digest,
		    ops->name);
		goto done;
	}
	if (a.op == OP_VERIFY && (sig = pkey_read_file("pkeyutl", a.sigfile, PKEY_FILE_MAX, &sig_len)) == NULL)
		goto done;
	if ((data = pkey_read_file("pkeyutl", a.in, INPUT_MAX, &len)) == NULL)
		goto done;
	input = data;
	input_len = len;
	if (ops->message_only) {
		hd = NULL; /* the message itself */
	} else if (a.rawin) {
		ember_hash(hd, md, data, len);
		input = md;
		input_len = hd->digest_len;
	} else if (!a.rawin) {
		hd = a.so.digest;
		if (hd != NULL && len != hd->digest_len) {
			tool_error("pkeyutl", "%s: input is %zu bytes, a %s digest is %zu (with -rawin the input is the message)",
			    a.in ? a.in : "(stdin)", len, hd->name, hd->digest_len);
			goto done;
		}
		if (hd == NULL && a.so.pss) {
			tool_error("pkeyutl", "-pkeyopt rsa_padding_mode:pss: PSS signs a digest: give -pkeyopt digest:<name> "
			                      "or -rawin");
			goto done;
		}
	}
	if (a.op == OP_VERIFY) {
		ret = ops->verify(k, &a.so, hd, input, input_len, sig, sig_len);
		if (ret != 0 && ret != EMBER_EVERIFY) {
			tool_error("pkeyutl", "%s: cannot verify: %s", a.inkey, ember_strerror(ret));
			goto done;
		}
		status = pkey_write_file("pkeyutl", a.out, ret == 0 ? "Signature Verified Successfully\n" :
		                         "Signature Verification Failure\n", ret == 0 ? 32 : 31);
		if (status == 0 && ret != 0)
			status = 1;
		goto done;
	}
	ret = ops->sign(k, &a.so, hd, input, input_len, out, &out_len);
	if (ret == EMBER_ELEN) {
		tool_error("pkeyutl", "%s: input of %zu bytes is too long for this %u-bit key", a.in ? a.in : "(stdin)",
		    input_len, ember_pkey_bits(k));
		goto done;
	}
	if (ret != 0) {
		tool_error("pkeyutl", "%s: signing failed: %s", a.inkey, ember_strerror(ret));
		goto done;
	}
	status = emit(a.out, out, out_len, a.hex);
done:
	free(data);
	free(sig);
	ember_pkey_clear(k);
	free(k);
	return status;
}
