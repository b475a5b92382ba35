/*
 * t_util.c - utilities, CPU feature masking, cipher registry, PKCS#7.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/util.h"
#include "test.h"

EMBER_TEST(util)
{
	uint8_t a[64], b[64];
	size_t i;
	int e;

	t_rand_bytes(a, sizeof(a));
	memcpy(b, a, sizeof(a));
	CHECK(ember_memeq(a, b, sizeof(a)) == 1, "memeq: equal buffers reported different");
	CHECK(ember_memeq(a, b, 0) == 1, "memeq: empty buffers reported different");
	for (i = 0; i < sizeof(a); i++) {
		b[i] ^= (uint8_t)(1u << (i & 7));
		CHECK(ember_memeq(a, b, sizeof(a)) == 0, "memeq: difference at byte %zu missed", i);
		b[i] = a[i];
	}
	ember_wipe(b, sizeof(b));
	for (i = 0; i < sizeof(b); i++)
		if (!CHECK(b[i] == 0, "wipe left byte %zu", i))
			break;
	for (e = 0; e >= EMBER_ECLOSED; e--)
		CHECK(strcmp(ember_strerror(e), "unknown error") != 0, "no text for error %d", e);
	CHECK(strcmp(ember_version(), EMBER_VERSION_TEXT) == 0, "version mismatch");
}

EMBER_TEST(cpu_mask)
{
	const char *bad = NULL;
	uint32_t saved = ember_cpu_features();
	char desc[256];

	CHECK(ember_cpu_override("bogus", &bad) == EMBER_EINVAL, "unknown word accepted");
	CHECK(bad != NULL && strcmp(bad, "bogus") == 0, "bad word not reported: %s", bad ? bad : "(null)");
	CHECK(ember_cpu_features() == saved, "failed override changed the mask");
	CHECK(ember_cpu_override("~aesni,~nonsense", &bad) == EMBER_EINVAL && strcmp(bad, "~nonsense") == 0,
	    "negated unknown word accepted");
	CHECK(ember_cpu_override("none", NULL) == 0 && ember_cpu_features() == 0, "none leaves features");
	CHECK(ember_cpu_override("all", NULL) == 0 && ember_cpu_features() == ember_cpu_detected(),
	    "all does not restore detection");
	CHECK(ember_cpu_override("~aesni", NULL) == 0 && !ember_cpu_has(EMBER_CPU_AESNI),
	    "~aesni leaves AES-NI");
	ember_cpu_describe(desc, sizeof(desc));
	if (ember_cpu_detected() & EMBER_CPU_AESNI)
		CHECK(strstr(desc, "~aesni") != NULL, "masked feature not shown: %s", desc);
	CHECK(ember_cpu_override("none,aesni", NULL) == 0 &&
	        ember_cpu_features() == (ember_cpu_detected() & EMBER_CPU_AESNI),
	    "none,aesni gives %#x", (unsigned)ember_cpu_features());
	/* restore the phase's mask */
	ember_cpu_override(t_phase == 2 ? "none" : "all", NULL);
	CHECK(t_phase != 2 || ember_cpu_features() == 0, "phase 2 runs with features");
}

EMBER_TEST(cipher_registry)
{
	size_t i;

	for (i = 0; i < ember_cipher_spec_count(); i++) {
		const ember_cipher_spec *s = ember_cipher_spec_at(i);
		CHECK(ember_cipher_spec_find(s->name) == s, "spec %s not found by name", s->name);
	}
	CHECK(ember_cipher_spec_find("des3") == ember_cipher_spec_find("des-ede3-cbc"), "alias des3");
	CHECK(ember_cipher_spec_find("AES-128-CBC") != NULL, "spec lookup not case-insensitive");
	CHECK(ember_cipher_spec_find("aes-129-cbc") == NULL, "unknown spec found");
	for (i = 0; i < ember_block_count(); i++) {
		const ember_block_desc *d = ember_block_at(i);
		CHECK(d->ctx_size <= EMBER_CIPHER_CTX_MAX, "%s/%s ctx_size too large", d->name, d->impl);
		CHECK(d->block_len <= EMBER_MAX_BLOCK_LEN, "%s/%s block too large", d->name, d->impl);
		CHECK(d->set_key != NULL, "%s/%s no set_key", d->name, d->impl);
		CHECK(d->block_len == 1 ? d->stream != NULL : (d->encrypt && d->decrypt),
		    "%s/%s missing slots", d->name, d->impl);
		if (ember_block_supported(d))
			CHECK(ember_block_find(d->name, d->impl) == d, "%s/%s not found", d->name, d->impl);
	}
}

EMBER_TEST(pkcs7)
{
	uint8_t buf[64], in[40];
	size_t n, m, len;

	for (len = 0; len <= 33; len++) {
		t_rand_bytes(in, len);
		CHECK(ember_pkcs7_pad(buf, &n, in, len, 16) == 0, "pad %zu", len);
		CHECK(n % 16 == 0 && n > len && n - len <= 16, "pad %zu gave %zu", len, n);
		CHECK(ember_pkcs7_unpad(&m, buf, n, 16) == 0 && m == len && memcmp(buf, in, len) == 0,
		    "unpad round trip %zu", len);
		buf[n - 1] ^= 0x20;
		m = 99;
		CHECK(ember_pkcs7_unpad(&m, buf, n, 16) == EMBER_EPAD && m == 0, "bad pad byte accepted (%zu)", len);
		buf[n - 1] ^= 0x20;
		if (n - len >= 2) {
			buf[n - 2] ^= 1;
			CHECK(ember_pkcs7_unpad(&m, buf, n, 16) == EMBER_EPAD, "inner pad byte accepted (%zu)", len);
			buf[n - 2] ^= 1;
		}
	}
	memset(buf, 0, 16);
	CHECK(ember_pkcs7_unpad(&m, buf, 16, 16) == EMBER_EPAD, "zero pad accepted");
	memset(buf, 17, 16);
	CHECK(ember_pkcs7_unpad(&m, buf, 16, 16) == EMBER_EPAD, "pad > block accepted");
	CHECK(ember_pkcs7_unpad(&m, buf, 15, 16) == EMBER_EPAD, "partial block accepted");
	CHECK(ember_pkcs7_unpad(&m, buf, 0, 16) == EMBER_EPAD, "empty input accepted");
}
