/*
 * pkeyutl.c - `ember pkeyutl`: one public-key operation on one input, as
 * `openssl pkeyutl` (3.0) does it:
 *
 *   ember pkeyutl -sign -inkey key [-passin src] [-in file] [-out sig] [-rawin [-digest name]] [-pkeyopt opt ...]
 *   ember pkeyutl -verify -inkey key [-pubin] -sigfile sig [-in file] [-rawin [-digest name]] [-pkeyopt opt ...]
 *   ember pkeyutl -derive -inkey key -peerkey peer [-out secret]
 *   ember pkeyutl -encap -inkey pub [-pubin] [-out ciphertext] -secret secret
 *   ember pkeyutl -decap -inkey key [-passin src] [-in ciphertext] [-secret secret | -out secret]
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
 *
 * -encap and -decap are wired for key types that encapsulate (pkeyops.h:
 * ML-KEM-512/768/1024), as openssl 3.5 spells them: -encap takes the
 * public key (or the public half of a private key file) and writes the
 * ciphertext to -out (standard output by default; -hexdump dumps it) and
 * the 32-byte shared secret to -secret, which is required; -decap reads
 * the ciphertext (-in, standard input by default) and writes the secret to
 * -secret, or else to -out (openssl 3.5's fallback; both given is refused,
 * as openssl refuses it). The secret is written raw, -hexdump or not, as
 * openssl does. A ciphertext of another length is one line and exit 1; one
 * of the right length always decapsulates, to the true secret or, when it
 * was not made for this key, to ML-KEM's implicit-rejection secret, exit 0
 * (openssl 3.5 exits 0 too: EVP_PKEY_decapsulate succeeds). Nothing is
 * written unless the operation succeeded; -encap writes the ciphertext
 * first and the secret only once the ciphertext is in place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pkeyutil.h"
#include "tool.h"

/* The largest input read (a message with -rawin is hashed whole, in memory, as openssl does). */
#define INPUT_MAX ((size_t)1 << 30)

static int usage(void)
{
	printf("usage: ember pkeyutl [-sign | -verify | -derive | -encap | -decap] -inkey file [-keyform PEM|DER]\n"
	       "                     [-passin src] [-pubin] [-in file] [-out file] [-secret file] [-sigfile file]\n"
	       "                     [-peerkey file] [-rawin] [-digest name] [-pkeyopt name:value ...] [-hexdump]\n"
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

enum { OP_SIGN, OP_VERIFY, OP_DERIVE, OP_ENCAP, OP_DECAP };

struct args {
	const char *inkey, *in, *out, *sigfile, *peerkey, *passin, *digest, *secret, *kemop, *pkeyopt;
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
		} else if (strcmp(o, "-encap") == 0) {
			a->op = OP_ENCAP;
		} else if (strcmp(o, "-decap") == 0) {
			a->op = OP_DECAP;
		} else if (strcmp(o, "-pubin") == 0) {
			a->pubin = 1;
		} else if (strcmp(o, "-rawin") == 0) {
			a->rawin = 1;
		} else if (strcmp(o, "-hexdump") == 0) {
			a->hex = 1;
		} else if (strcmp(o, "-inkey") == 0 || strcmp(o, "-in") == 0 || strcmp(o, "-out") == 0 ||
		           strcmp(o, "-sigfile") == 0 || strcmp(o, "-peerkey") == 0 || strcmp(o, "-passin") == 0 ||
		           strcmp(o, "-digest") == 0 || strcmp(o, "-pkeyopt") == 0 || strcmp(o, "-keyform") == 0 ||
		           strcmp(o, "-peerform") == 0 || strcmp(o, "-secret") == 0 || strcmp(o, "-kemop") == 0) {
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
			else if (strcmp(o, "-secret") == 0)
				a->secret = v;
			else if (strcmp(o, "-kemop") == 0)
				a->kemop = v;
			else if (strcmp(o, "-pkeyopt") == 0) {
				if (pkey_sigopt("pkeyutl", "-pkeyopt", v, &a->so) != 0)
					return 1;
				if (a->pkeyopt == NULL)
					a->pkeyopt = v;
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
			return tool_error("pkeyutl", "%s: not offered by ember pkeyutl (-sign, -verify, -derive, -encap, -decap)", o);
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
	if (a->op != OP_DERIVE && a->peerkey != NULL)
		return tool_error("pkeyutl", "-peerkey %s: only with -derive", a->peerkey);
	if (a->op == OP_ENCAP || a->op == OP_DECAP) {
		const char *op = a->op == OP_ENCAP ? "-encap" : "-decap";
		if (a->rawin)
			return tool_error("pkeyutl", "-rawin: only with -sign or -verify, not %s", op);
		if (a->pkeyopt != NULL)
			return tool_error("pkeyutl", "-pkeyopt %s: %s takes no options", a->pkeyopt, op);
		if (a->kemop != NULL)
			return tool_error("pkeyutl", "-kemop %s: ML-KEM has one KEM operation, there is none to choose", a->kemop);
		if (a->op == OP_ENCAP && a->secret == NULL)
			return tool_error("pkeyutl", "-encap needs -secret <file> (where the shared secret goes)");
		if (a->op == OP_ENCAP && a->in != NULL)
			return tool_error("pkeyutl", "-in %s: -encap reads no input (the ciphertext goes to -out)", a->in);
		if (a->op == OP_DECAP && a->secret != NULL && a->out != NULL)
			return tool_error("pkeyutl", "-out %s: -decap writes only the shared secret, to -secret %s: drop -out",
			    a->out, a->secret);
		if (a->op == OP_ENCAP && a->out != NULL && strcmp(a->out, "-") != 0 && strcmp(a->out, a->secret) == 0)
			return tool_error("pkeyutl", "-out and -secret both name %s: the ciphertext and the secret need two files",
			    a->out);
	} else {
		if (a->secret != NULL)
			return tool_error("pkeyutl", "-secret %s: only with -encap or -decap", a->secret);
		if (a->kemop != NULL)
			return tool_error("pkeyutl", "-kemop %s: only with -encap or -decap", a->kemop);
	}
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

/* -encap's two outputs: the ciphertext to |ct_path|, then, once it is in place, the secret to |ss_path|. */
static int emit_encap(const struct args *a, const uint8_t *ct, size_t ct_len, const uint8_t *ss, size_t ss_len)
{
	const char *ct_path = a->out != NULL && strcmp(a->out, "-") != 0 ? a->out : NULL;
	const char *ss_path = strcmp(a->secret, "-") != 0 ? a->secret : NULL;
	char ct_tmp[4096], ss_tmp[4096];
	FILE *fs, *fc;
	int ok;

	/* both temporaries first: a path that cannot be written is refused before anything appears */
	if ((fs = tool_out_open(ss_path, ss_tmp, sizeof(ss_tmp))) == NULL)
		return tool_error("pkeyutl", "-secret %s: %s", a->secret, strerror(errno));
	if ((fc = tool_out_open(ct_path, ct_tmp, sizeof(ct_tmp))) == NULL) {
		int e = errno;
		tool_out_close(fs, ss_path, ss_tmp, 0);
		return tool_error("pkeyutl", "-out %s: %s", a->out, strerror(e));
	}
	if (a->hex) {
		hexdump(fc, ct, ct_len);
		ok = !ferror(fc);
	} else {
		ok = fwrite(ct, 1, ct_len, fc) == ct_len;
	}
	if (tool_out_close(fc, ct_path, ct_tmp, ok) != 0 || !ok) {
		int e = errno;
		tool_out_close(fs, ss_path, ss_tmp, 0);
		return tool_error("pkeyutl", "%s: write error: %s", ct_path ? ct_path : "(stdout)", strerror(e));
	}
	ok = fwrite(ss, 1, ss_len, fs) == ss_len;
	if (tool_out_close(fs, ss_path, ss_tmp, ok) != 0 || !ok)
		return tool_error("pkeyutl", "%s: write error: %s", ss_path ? ss_path : "(stdout)", strerror(errno));
	return 0;
}

/* -encap and -decap (the key is loaded; |ops| its type's). */
static int kem(const struct args *a, const pkey_ops *ops, const ember_pkey *k)
{
	uint8_t ct[PKEY_CT_MAX], ss[PKEY_SECRET_MAX], *in = NULL;
	size_t ct_len = 0, ss_len = 0, in_len = 0;
	int ret, status = 1;

	if (ops->encap == NULL || ops->decap == NULL)
		return tool_error("pkeyutl", "%s: %s: ember does not encapsulate with %s keys (ML-KEM-512, ML-KEM-768, "
		                             "ML-KEM-1024 keys do)", a->op == OP_ENCAP ? "-encap" : "-decap", a->inkey,
		    ops->name);
	if (a->op == OP_ENCAP) {
		ret = ops->encap(k, ct, &ct_len, ss, &ss_len);
		if (ret == EMBER_ERANGE)
			tool_error("pkeyutl", "-encap: %s: the public key fails FIPS 203's modulus check", a->inkey);
		else if (ret != 0)
			tool_error("pkeyutl", "-encap: %s: encapsulation failed: %s", a->inkey, ember_strerror(ret));
		else
			status = emit_encap(a, ct, ct_len, ss, ss_len);
		ember_wipe(ss, sizeof(ss));
		return status;
	}
	if (!k->has_private)
		return tool_error("pkeyutl", "-decap: %s: a private key is needed (drop -pubin)", a->inkey);
	if ((in = pkey_read_file("pkeyutl", a->in, PKEY_FILE_MAX, &in_len)) == NULL)
		return 1;
	ret = ops->decap(k, in, in_len, ss, &ss_len);
	if (ret == EMBER_ELEN)
		tool_error("pkeyutl", "-decap: %s: a ciphertext of %zu bytes; %s's are %u", a->in ? a->in : "(stdin)", in_len,
		    ops->name, EMBER_MLKEM_CT_LEN(k->u.mlkem.set));
	else if (ret != 0)
		tool_error("pkeyutl", "-decap: %s: decapsulation failed: %s", a->inkey, ember_strerror(ret));
	else
		status = pkey_write_file("pkeyutl", a->secret != NULL ? a->secret : a->out, ss, ss_len);
	ember_wipe(ss, sizeof(ss));
	free(in);
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
	ki.verify = a.op == OP_VERIFY || a.op == OP_ENCAP;
	ki.form = a.keyform;
	status = 1;
	if (pkey_load_ex("pkeyutl", a.inkey, &ki, k) != 0)
		goto done;
	ops = pkey_ops_of(k->type);
	if (a.op == OP_DERIVE) {
		status = derive(&a, ops, k);
		goto done;
	}
	if (a.op == OP_ENCAP || a.op == OP_DECAP) {
		status = kem(&a, ops, k);
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
