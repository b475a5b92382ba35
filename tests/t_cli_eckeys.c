/*
 * t_cli_eckeys.c - the key commands (genpkey, pkey, pkeyutl, dgst) with EC
 * (P-256, P-384), X25519 and Ed25519 keys, against the openssl command:
 *
 *   keys openssl writes (PKCS#8 PEM and DER, SPKI PEM and DER, "EC PRIVATE
 *   KEY", PKCS#8 -aes256, traditional -aes256 and -des3) read by ember:
 *   `pkey -text -noout` byte for byte openssl's, `pkey -pubout` the same bytes;
 *   keys ember writes (genpkey, -outform DER, -traditional, -aes256) read by
 *   openssl: `pkey -check`, `pkey -pubout` equal to ember's, -text equal;
 *   "EC PARAMETERS" from genpkey -genparam equal, and used by -paramfile;
 *   signatures each way (ECDSA through dgst -sha256/-sha384 and pkeyutl,
 *   Ed25519 through pkeyutl -rawin and dgst), shared secrets equal each way
 *   (ECDH, X25519), RSA-PSS through dgst -sigopt each way;
 *   refusals on one line: a wrong passphrase (no file written), an EC key
 *   with explicit parameters, ec_param_enc:explicit, EC without a curve, a
 *   peer key of another type or curve, the all-zero X25519 peer key (no
 *   file written); a truncated signature is "Verification failure", exit 1.
 *
 * Skipped without the ember binary (-e) or the openssl command. The key
 * formats run in phase 1 only (nothing there depends on the CPU features);
 * signatures and key agreement in both phases (phase 2: EMBER_CPUCAP=none,
 * the portable curve code).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test.h"

static char dir[64];

/* |fmt| run by sh in |dir| with $E the ember binary (and EMBER_CPUCAP=none in phase 2): its exit status. */
#define run(...) t_run_in(dir, __VA_ARGS__)

/* 0 when |cmd| (run as run() does) succeeds; else notes the tail of the log and returns 1. */
#define OK(...) (run(__VA_ARGS__) == 0 ? 1 : (run("tail -n 4 log | sed 's/^/    log: /' >&2"), 0))

/* One line on stderr (in file err), containing |word|. */
#define ONE_LINE(word) "test $(wc -l < err) -eq 1 && grep -q -e '" word "' err"

static int setup(const char *name)
{
	if (t_ember_bin == NULL) {
		t_skip("%s: no ember binary (-e)", name);
		return 0;
	}
	if (system("openssl version >/dev/null 2>&1") != 0) {
		t_skip("%s: openssl command not found", name);
		return 0;
	}
	snprintf(dir, sizeof(dir), "/tmp/ember-t-eckeys-XXXXXX");
	if (!CHECK(mkdtemp(dir) != NULL, "mkdtemp"))
		return 0;
	return 1;
}

static void teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0, "rm -rf %s", dir);
}

/* openssl's key of each type: k<N>.pem (PKCS#8), k<N>.der, p<N>.pem (SPKI), p<N>.der */
static const struct {
	const char *name, *genpkey;
	int ec;
} types[] = {
	{ "p256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-256", 1 },
	{ "p384", "-algorithm EC -pkeyopt ec_paramgen_curve:secp384r1", 1 },
	{ "x25519", "-algorithm X25519", 0 },
	{ "ed25519", "-algorithm ED25519", 0 },
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

static int make_openssl_keys(void)
{
	size_t i;
	int ok = 1;

	for (i = 0; i < NTYPES; i++) {
		const char *n = types[i].name;
		ok &= CHECK(OK("openssl genpkey %s -out k%s.pem && openssl pkey -in k%s.pem -outform DER -out k%s.der && "
		               "openssl pkey -in k%s.pem -pubout -out p%s.pem && "
		               "openssl pkey -in k%s.pem -pubout -outform DER -out p%s.der",
		                types[i].genpkey, n, n, n, n, n, n, n),
		    "openssl genpkey %s", types[i].genpkey);
	}
	return ok;
}

/* openssl's files read by ember: -text as openssl prints it, -pubout the same bytes, -check. */
EMBER_TEST(cli_eckeys_read)
{
	size_t i;
	int compared = 0;

	if (t_phase == 2 || !setup("cli_eckeys_read"))
		return;
	if (!make_openssl_keys())
		goto done;
	for (i = 0; i < NTYPES; i++) {
		const char *n = types[i].name;
		/* private forms: the file, how to read it with each tool */
		char forms[8][160];
		size_t f, nforms = 0;
		snprintf(forms[nforms++], sizeof(forms[0]), "-in k%s.pem", n);
		snprintf(forms[nforms++], sizeof(forms[0]), "-in k%s.der", n);
		CHECK(OK("openssl pkey -in k%s.pem -aes256 -passout pass:pw -out e8%s.pem", n, n), "openssl pkey -aes256");
		snprintf(forms[nforms++], sizeof(forms[0]), "-in e8%s.pem -passin pass:pw", n);
		if (types[i].ec) {
			CHECK(OK("openssl pkey -in k%s.pem -traditional -out t%s.pem && "
			         "openssl ec -in k%s.pem -aes256 -passout pass:pw -out ta%s.pem 2>/dev/null && "
			         "openssl ec -in k%s.pem -des3 -passout pass:pw -out td%s.pem 2>/dev/null && "
			         "grep -q 'BEGIN EC PRIVATE KEY' t%s.pem && grep -q 'DEK-Info: AES-256-CBC' ta%s.pem && "
			         "grep -q 'DEK-Info: DES-EDE3-CBC' td%s.pem", n, n, n, n, n, n, n, n, n),
			    "openssl -traditional / ec -aes256 / ec -des3 (%s)", n);
			snprintf(forms[nforms++], sizeof(forms[0]), "-in t%s.pem", n);
			snprintf(forms[nforms++], sizeof(forms[0]), "-in ta%s.pem -passin pass:pw", n);
			snprintf(forms[nforms++], sizeof(forms[0]), "-in td%s.pem -passin pass:pw", n);
		}
		for (f = 0; f < nforms; f++) {
			CHECK(OK("$E pkey %s -text -noout > e.txt && openssl pkey %s -text -noout > o.txt && cmp e.txt o.txt",
			          forms[f], forms[f]), "%s: ember pkey %s -text -noout is not openssl's", n, forms[f]);
			CHECK(OK("$E pkey %s -pubout > e.pub && cmp e.pub p%s.pem", forms[f], n),
			    "%s: ember pkey %s -pubout is not openssl's SPKI", n, forms[f]);
			CHECK(OK("$E pkey %s -check -noout > e.chk && echo 'Key is valid' | cmp - e.chk", forms[f]),
			    "%s: ember pkey %s -check", n, forms[f]);
			compared++;
		}
		/* public forms */
		CHECK(OK("for f in p%s.pem p%s.der; do $E pkey -pubin -in $f -text -noout > e.txt && "
		         "openssl pkey -pubin -in $f -text -noout > o.txt && cmp e.txt o.txt && "
		         "$E pkey -pubin -in $f -pubout > e.pub && cmp e.pub p%s.pem && "
		         "$E pkey -pubin -in $f -pubcheck -noout | grep -qx 'Key is valid' || exit 1; done", n, n, n),
		    "%s: ember pkey -pubin (PEM and DER SPKI): -text, -pubout or -pubcheck not openssl's", n);
		/* the private key's -text_pub is the public key's -text */
		CHECK(OK("$E pkey -in k%s.pem -text_pub -noout > e.txt && openssl pkey -in k%s.pem -text_pub -noout > o.txt && "
		         "cmp e.txt o.txt", n, n), "%s: -text_pub", n);
		compared += 3;
	}
	t_note("cli_eckeys_read: %d key files read as openssl reads them", compared);

	/* a wrong passphrase: one line, no output file (PKCS#8 and traditional) */
	CHECK(OK("! $E pkey -in e8p256.pem -passin pass:wrong -out w.pem 2>err && " ONE_LINE(
	          "bad decrypt or wrong passphrase") " && test ! -e w.pem"),
	    "PKCS#8 -aes256 with a wrong passphrase: not one line, or a file was written");
	CHECK(OK("! $E pkey -in tap256.pem -passin pass:wrong -out w.pem 2>err && " ONE_LINE(
	          "bad decrypt or wrong passphrase") " && test ! -e w.pem"),
	    "traditional -aes256 with a wrong passphrase: not one line, or a file was written");
	CHECK(OK("! $E pkey -in tdp384.pem -passin pass:wrong -out w.pem 2>err && " ONE_LINE(
	          "bad decrypt or wrong passphrase") " && test ! -e w.pem"),
	    "traditional -des3 with a wrong passphrase: not one line, or a file was written");
	/* explicit curve parameters: refused on one line that says so */
	CHECK(OK("openssl ecparam -name prime256v1 -param_enc explicit -genkey -noout -out ex.pem && "
	         "openssl pkey -in ex.pem -pubout -out exp.pem && "
	         "openssl ecparam -name prime256v1 -param_enc explicit -out exparam.pem"),
	    "openssl ecparam -param_enc explicit");
	CHECK(OK("! $E pkey -in ex.pem -text -noout -out w.pem 2>err && " ONE_LINE("explicit parameters") " && "
	         "test ! -e w.pem"), "an EC key with explicit parameters: not one line naming them");
	CHECK(OK("! $E pkey -pubin -in exp.pem -noout 2>err && " ONE_LINE("explicit parameters")),
	    "an EC public key with explicit parameters: not one line naming them");
	CHECK(OK("! $E genpkey -paramfile exparam.pem -out w.pem 2>err && " ONE_LINE("explicit parameters") " && "
	         "test ! -e w.pem"), "explicit EC PARAMETERS: not one line naming them");
done:
	teardown();
}

/* ember's keys read by openssl. */
EMBER_TEST(cli_eckeys_write)
{
	static const struct {
		const char *name, *args;
	} gens[] = {
		{ "P-256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-256" },
		{ "prime256v1 DER", "-algorithm ec -pkeyopt ec_paramgen_curve:prime256v1 -pkeyopt ec_param_enc:named_curve "
		                    "-outform DER" },
		{ "P-384 -aes256", "-algorithm EC -pkeyopt ec_paramgen_curve:P-384 -aes256 -pass pass:pw" },
		{ "X25519", "-algorithm X25519" },
		{ "x25519 -aes128 DER", "-algorithm x25519 -aes128 -pass pass:pw -outform DER" },
		{ "ED25519", "-algorithm ED25519" },
		{ "Ed25519 -des3", "-algorithm Ed25519 -des3 -pass pass:pw" },
	};
	size_t i;

	if (t_phase == 2 || !setup("cli_eckeys_write"))
		return;
	for (i = 0; i < sizeof(gens) / sizeof(gens[0]); i++) {
		CHECK(OK("rm -f g && $E genpkey %s -out g && openssl pkey -in g -passin pass:pw -check -noout | "
		         "grep -qx 'Key is valid' && openssl pkey -in g -passin pass:pw -pubout > o.pub && "
		         "$E pkey -in g -passin pass:pw -pubout > e.pub && cmp o.pub e.pub && "
		         "openssl pkey -in g -passin pass:pw -text -noout > o.txt && "
		         "$E pkey -in g -passin pass:pw -text -noout > e.txt && cmp o.txt e.txt", gens[i].args),
		    "ember genpkey %s: openssl pkey -check, -pubout or -text", gens[i].name);
	}
	/* genpkey -text: the key, then its text (as openssl) */
	CHECK(OK("$E genpkey -algorithm ED25519 -text -out gt && openssl pkey -in gt -text -noout > o.txt && "
	         "sed -n '/^ED25519 Private-Key:/,$p' gt | cmp - o.txt"), "genpkey -text");
	/* ember's other forms: -traditional (plain and -aes256), DER, SPKI DER */
	CHECK(OK("$E genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ek.pem && "
	         "$E pkey -in ek.pem -traditional -out et.pem && grep -q 'BEGIN EC PRIVATE KEY' et.pem && "
	         "openssl pkey -in et.pem -check -noout | grep -qx 'Key is valid' && "
	         "$E pkey -in ek.pem -traditional -aes256 -passout pass:pw -out eta.pem && "
	         "grep -q 'DEK-Info: AES-256-CBC' eta.pem && openssl pkey -in eta.pem -passin pass:pw -pubout > o.pub && "
	         "$E pkey -in ek.pem -pubout > e.pub && cmp o.pub e.pub && "
	         "$E pkey -in ek.pem -outform DER -out ek.der && openssl pkey -inform DER -in ek.der -pubout | cmp - e.pub && "
	         "$E pkey -in ek.pem -pubout -outform DER -out ep.der && "
	         "openssl pkey -pubin -inform DER -in ep.der -pubout | cmp - e.pub && "
	         "openssl pkey -in ek.pem -traditional | cmp - et.pem"),
	    "ember pkey -traditional / -aes256 / DER of an EC key: not what openssl reads (or writes)");
	/* X25519 and Ed25519 have no traditional form (openssl has none either) */
	CHECK(OK("$E genpkey -algorithm X25519 -out xk.pem && ! $E pkey -in xk.pem -traditional -out w.pem 2>err && "
	         "test $(wc -l < err) -eq 1 && test ! -e w.pem"), "pkey -traditional of an X25519 key");
	/* EC PARAMETERS: openssl's bytes; -paramfile makes a key on that curve */
	CHECK(OK("$E genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ep.pem && "
	         "openssl genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out op.pem && cmp ep.pem op.pem && "
	         "$E genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -text > e.txt && "
	         "openssl genpkey -genparam -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -text > o.txt && cmp e.txt o.txt && "
	         "$E genpkey -paramfile op.pem -out pk.pem && openssl pkey -in pk.pem -text -noout | "
	         "grep -qx 'NIST CURVE: P-256' && openssl pkey -in pk.pem -check -noout | grep -qx 'Key is valid'"),
	    "genpkey -genparam EC (P-256, P-384 -text) / -paramfile");
	/* refusals */
	CHECK(OK("! $E genpkey -algorithm EC -out w.pem 2>err && " ONE_LINE("ec_paramgen_curve") " && test ! -e w.pem"),
	    "genpkey -algorithm EC without a curve: not one line naming ec_paramgen_curve");
	CHECK(OK("! $E genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -pkeyopt ec_param_enc:explicit -out w.pem "
	         "2>err && " ONE_LINE("explicit parameters not supported") " && test ! -e w.pem"),
	    "genpkey ec_param_enc:explicit: not refused on one line");
	CHECK(OK("! $E genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-521 -out w.pem 2>err && "
	         ONE_LINE("invalid curve") " && test ! -e w.pem"), "genpkey ec_paramgen_curve:P-521: not refused");
	CHECK(OK("! $E genpkey -genparam -algorithm X25519 2>err && test $(wc -l < err) -eq 1"),
	    "genpkey -genparam X25519: not refused on one line");
	teardown();
}

/* Signatures each way; in both phases (the portable curve code in phase 2). */
EMBER_TEST(cli_eckeys_sign)
{
	if (!setup("cli_eckeys_sign"))
		return;
	if (!make_openssl_keys() || !CHECK(OK("printf 'message to sign' > msg && printf 'message to sign!' > msg2"), "msg"))
		goto done;
	/* ECDSA through dgst */
	CHECK(OK("$E dgst -sha256 -sign kp256.pem -out e.sig msg && "
	         "openssl dgst -sha256 -verify pp256.pem -signature e.sig msg | grep -qx 'Verified OK'"),
	    "openssl does not verify ember's P-256 ECDSA (dgst -sha256)");
	CHECK(OK("$E dgst -sha384 -sign kp384.der -out e.sig msg && "
	         "openssl dgst -sha384 -verify pp384.pem -signature e.sig msg | grep -qx 'Verified OK'"),
	    "openssl does not verify ember's P-384 ECDSA (dgst -sha384)");
	CHECK(OK("openssl dgst -sha384 -sign kp256.pem -out o.sig msg && "
	         "$E dgst -sha384 -verify pp256.der -signature o.sig msg | grep -qx 'Verified OK' && "
	         "openssl dgst -sha256 -sign kp384.pem -out o3.sig msg && "
	         "$E dgst -sha256 -verify kp384.pem -signature o3.sig msg | grep -qx 'Verified OK'"),
	    "ember dgst -verify does not verify openssl's ECDSA");
	CHECK(OK("! $E dgst -sha384 -verify pp256.pem -signature o.sig msg2 > out && grep -qx 'Verification failure' out"),
	    "ECDSA over another message: not a verification failure with exit 1");
	CHECK(OK("head -c 40 o.sig > short.sig && ! $E dgst -sha384 -verify pp256.pem -signature short.sig msg > out 2>err "
	         "&& grep -qx 'Verification failure' out && test ! -s err"),
	    "a truncated ECDSA signature: not a clean verification failure (exit 1)");
	/* hedged: two signatures of one message differ, both verify */
	CHECK(OK("$E dgst -sha256 -sign kp256.pem -out h1 msg && $E dgst -sha256 -sign kp256.pem -out h2 msg && "
	         "! cmp -s h1 h2 && openssl dgst -sha256 -verify pp256.pem -signature h2 msg >/dev/null"),
	    "ECDSA is not hedged (two signatures of one message are equal)");
	CHECK(OK("$E dgst -sha256 -sign kp256.pem -hex msg | grep -q '^EC-SHA2-256(msg)= 30'"),
	    "dgst -sign -hex with an EC key: not labelled EC-SHA2-256 as openssl");
	/* ECDSA through pkeyutl: a digest as input, and -rawin -digest */
	CHECK(OK("openssl dgst -sha256 -binary msg > md && "
	         "$E pkeyutl -sign -inkey kp256.pem -in md -pkeyopt digest:sha256 -out u.sig && "
	         "openssl pkeyutl -verify -pubin -inkey pp256.pem -in md -sigfile u.sig | "
	         "grep -qx 'Signature Verified Successfully' && "
	         "openssl pkeyutl -sign -inkey kp256.pem -in md -out uo.sig && "
	         "$E pkeyutl -verify -pubin -inkey pp256.pem -in md -sigfile uo.sig | "
	         "grep -qx 'Signature Verified Successfully'"),
	    "pkeyutl -sign/-verify of a digest (ECDSA) each way");
	CHECK(OK("$E pkeyutl -sign -inkey kp384.pem -rawin -digest sha384 -in msg -out r.sig && "
	         "openssl dgst -sha384 -verify pp384.pem -signature r.sig msg | grep -qx 'Verified OK' && "
	         "openssl pkeyutl -sign -inkey kp384.pem -rawin -digest sha384 -in msg -out ro.sig && "
	         "$E pkeyutl -verify -inkey pp384.pem -pubin -rawin -digest sha384 -in msg -sigfile ro.sig | "
	         "grep -qx 'Signature Verified Successfully' && "
	         "! $E pkeyutl -verify -inkey pp384.pem -pubin -rawin -digest sha384 -in msg2 -sigfile ro.sig > out && "
	         "grep -qx 'Signature Verification Failure' out"),
	    "pkeyutl -rawin -digest sha384 (ECDSA) each way");
	/* Ed25519: pkeyutl -rawin each way (deterministic: the same bytes), dgst without a digest */
	CHECK(OK("$E pkeyutl -sign -inkey ked25519.pem -rawin -in msg -out ed.e && "
	         "openssl pkeyutl -verify -pubin -inkey ped25519.pem -rawin -in msg -sigfile ed.e | "
	         "grep -qx 'Signature Verified Successfully' && "
	         "openssl pkeyutl -sign -inkey ked25519.pem -rawin -in msg -out ed.o && cmp ed.e ed.o && "
	         "$E pkeyutl -verify -pubin -inkey ped25519.der -rawin -in msg -sigfile ed.o | "
	         "grep -qx 'Signature Verified Successfully'"),
	    "Ed25519 through pkeyutl -rawin: not openssl's signature");
	CHECK(OK("$E dgst -sign ked25519.pem -out ed.d msg && cmp ed.d ed.o && "
	         "$E dgst -verify ped25519.pem -signature ed.o msg | grep -qx 'Verified OK' && "
	         "! $E dgst -verify ped25519.pem -signature ed.o msg2 > out && grep -qx 'Verification failure' out && "
	         "$E dgst -sign ked25519.pem -hex msg > h && printf 'ED25519(msg)= %%s\\n' $(od -An -v -tx1 ed.o | tr -d ' \\n') "
	         "| cmp - h"),
	    "Ed25519 through dgst (no digest option): not openssl's signature or label");
	CHECK(OK("! $E dgst -sha256 -sign ked25519.pem -out w msg 2>err && test $(wc -l < err) -eq 1 && test ! -e w && "
	         "! $E pkeyutl -sign -inkey ked25519.pem -in msg -out w 2>err && " ONE_LINE("-rawin") " && test ! -e w"),
	    "Ed25519 with a digest option, or pkeyutl without -rawin: not refused on one line");
	CHECK(OK("head -c 63 ed.o > ed.short && ! $E pkeyutl -verify -pubin -inkey ped25519.pem -rawin -in msg "
	         "-sigfile ed.short > out 2>err && grep -qx 'Signature Verification Failure' out && test ! -s err && "
	         "! $E dgst -verify ped25519.pem -signature ed.short msg > out && grep -qx 'Verification failure' out"),
	    "a truncated Ed25519 signature: not a clean verification failure (exit 1)");
	CHECK(OK("! $E dgst -sign kx25519.pem -out w msg 2>err && test $(wc -l < err) -eq 1 && test ! -e w"),
	    "dgst -sign with an X25519 key: not refused on one line");
	/* RSA-PSS through dgst -sigopt each way (phase 1: nothing curve-specific) */
	if (t_phase == 1)
		CHECK(OK("openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out r.pem 2>/dev/null && "
		         "openssl pkey -in r.pem -pubout -out rp.pem && "
		         "for s in 32 digest max; do O=\"-sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:$s\"; "
		         "$E dgst -sha256 -sign r.pem $O -out ps.e msg && "
		         "openssl dgst -sha256 -verify rp.pem $O -signature ps.e msg | grep -qx 'Verified OK' && "
		         "openssl dgst -sha256 -sign r.pem $O -out ps.o msg && "
		         "$E dgst -sha256 -verify rp.pem $O -signature ps.o msg | grep -qx 'Verified OK' || exit 1; done && "
		         "openssl dgst -sha384 -sign r.pem -sigopt rsa_padding_mode:pss -sigopt rsa_mgf1_md:sha1 -out ps.o msg && "
		         "$E dgst -sha384 -verify rp.pem -sigopt rsa_padding_mode:pss -sigopt rsa_mgf1_md:sha1 "
		         "-signature ps.o msg | grep -qx 'Verified OK'"),
		    "RSA-PSS through dgst -sigopt: not verified each way");
done:
	teardown();
}

/* Key agreement each way; refusals. */
EMBER_TEST(cli_eckeys_derive)
{
	if (!setup("cli_eckeys_derive"))
		return;
	if (!make_openssl_keys() ||
	    !CHECK(OK("openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out b256.pem && "
	              "openssl pkey -in b256.pem -pubout -out c256.pem && "
	              "openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out b384.pem && "
	              "openssl pkey -in b384.pem -pubout -out c384.pem && "
	              "openssl genpkey -algorithm X25519 -out bx.pem && openssl pkey -in bx.pem -pubout -out cx.pem"),
	        "openssl genpkey (peers)"))
		goto done;
	CHECK(OK("$E pkeyutl -derive -inkey kp256.pem -peerkey c256.pem -out s.e && "
	         "openssl pkeyutl -derive -inkey b256.pem -peerkey pp256.pem -out s.o && cmp s.e s.o && "
	         "test $(wc -c < s.e) -eq 32 && $E pkeyutl -derive -inkey b256.pem -peerkey pp256.der | cmp - s.o"),
	    "ECDH P-256: ember's secret is not openssl's");
	CHECK(OK("$E pkeyutl -derive -inkey kp384.der -peerkey c384.pem -out s.e && "
	         "openssl pkeyutl -derive -inkey b384.pem -peerkey pp384.pem -out s.o && cmp s.e s.o && "
	         "test $(wc -c < s.e) -eq 48"),
	    "ECDH P-384: ember's secret is not openssl's");
	CHECK(OK("$E pkeyutl -derive -inkey kx25519.pem -peerkey cx.pem -out s.e && "
	         "openssl pkeyutl -derive -inkey bx.pem -peerkey px25519.pem -out s.o && cmp s.e s.o && "
	         "$E pkeyutl -derive -inkey bx.pem -peerkey px25519.der | cmp - s.o"),
	    "X25519: ember's secret is not openssl's");
	/* the all-zero X25519 public key (small order): refused, nothing written */
	CHECK(OK("printf '\\060\\052\\060\\005\\006\\003\\053\\145\\156\\003\\041\\000' > zero.der && "
	         "head -c 32 /dev/zero >> zero.der && "
	         "test $(wc -c < zero.der) -eq 44 && openssl pkey -pubin -inform DER -in zero.der -noout && "
	         "! $E pkeyutl -derive -inkey kx25519.pem -peerkey zero.der -out w 2>err && " ONE_LINE("all zero") " && "
	         "test ! -e w"),
	    "X25519 with the all-zero peer key: not refused on one line, or a file was written");
	/* a peer of another type, another curve; a type without key agreement */
	CHECK(OK("! $E pkeyutl -derive -inkey kx25519.pem -peerkey ped25519.pem -out w 2>err && " ONE_LINE("ED25519") " && "
	         "test ! -e w"), "X25519 with an Ed25519 peer: not refused on one line");
	CHECK(OK("! $E pkeyutl -derive -inkey kp256.pem -peerkey c384.pem -out w 2>err && " ONE_LINE("P-384") " && "
	         "test ! -e w"), "ECDH P-256 with a P-384 peer: not refused on one line");
	CHECK(OK("! $E pkeyutl -derive -inkey kp256.pem -peerkey cx.pem -out w 2>err && test $(wc -l < err) -eq 1 && "
	         "test ! -e w"), "ECDH with an X25519 peer: not refused on one line");
	CHECK(OK("! $E pkeyutl -derive -inkey ked25519.pem -peerkey ped25519.pem -out w 2>err && "
	         "test $(wc -l < err) -eq 1 && test ! -e w"), "pkeyutl -derive with Ed25519: not refused on one line");
done:
	teardown();
}
