/*
 * t_registry.c - the one decision of which implementation is the default
 * (src/registry.c, src/registry_list.h), and that every caller gets it:
 *   registry_rules: the per-CPU rules (MD4 and MD5 with AVX-512 are the
 *     default on Intel only) decided for an Intel and an AMD identity, and
 *     no other digest or cipher changes with the maker;
 *   registry_one_answer: ember_hash_find(name, NULL), ember_block_find and
 *     the per-algorithm calls (ember_md5_init ... ember_aes_set_key) agree,
 *     in both phases (all features, EMBER_CPUCAP=none).
 */
#include <string.h>

#include "ember/cipher.h"
#include "ember/cpu.h"
#include "ember/hash.h"
#include "registry.h"
#include "test.h"

static const ember_cpu_id intel = { EMBER_CPU_VENDOR_INTEL, 6, 0xa7 };
static const ember_cpu_id amd = { EMBER_CPU_VENDOR_AMD, 26, 0x02 };

EMBER_TEST(registry_rules)
{
	static const char *const ruled[] = { "md4", "md5" };
	size_t i;

	for (i = 0; i < 2; i++) {
		const ember_hash_desc *on_amd = ember_hash_choose(ruled[i], &amd);
		const ember_hash_desc *on_intel = ember_hash_choose(ruled[i], &intel);
		const ember_hash_desc *avx = ember_hash_find(ruled[i], "avx512");

		if (!CHECK(on_amd && on_intel, "%s: no default", ruled[i]))
			continue;
		CHECK(strcmp(on_amd->impl, "ref") == 0, "%s on AMD: default %s, want ref", ruled[i], on_amd->impl);
		if (avx != NULL)
			CHECK(on_intel == avx, "%s on Intel with AVX-512VL: default %s, want avx512", ruled[i], on_intel->impl);
		else
			CHECK(strcmp(on_intel->impl, "ref") == 0, "%s on Intel without AVX-512VL: default %s", ruled[i],
			    on_intel->impl);
	}
	/* every other digest and cipher: the same default whoever made the CPU */
	for (i = 0; i < ember_hash_count(); i++) {
		const char *n = ember_hash_at(i)->name;
		if (strcmp(n, "md4") == 0 || strcmp(n, "md5") == 0)
			continue;
		CHECK(ember_hash_choose(n, &amd) == ember_hash_choose(n, &intel), "%s: default depends on the maker", n);
	}
	for (i = 0; i < ember_block_count(); i++) {
		const char *n = ember_block_at(i)->name;
		CHECK(ember_block_choose(n, &amd) == ember_block_choose(n, &intel), "%s: default depends on the maker", n);
	}
}

EMBER_TEST(registry_one_answer)
{
	ember_cpu_id me;
	ember_md5_ctx c5, d5;
	ember_md4_ctx c4, d4;
	ember_sha1_ctx c1, d1;
	ember_sha256_ctx c256, d256;
	ember_sha512_ctx c512, d512;
	ember_aes_ctx a;
	const ember_block_desc *aes = ember_block_find("aes", NULL);
	static const uint8_t key[16];
	size_t i;

	ember_cpu_identify(&me);
	for (i = 0; i < ember_hash_count(); i++) {
		const char *n = ember_hash_at(i)->name;
		CHECK(ember_hash_find(n, NULL) == ember_hash_choose(n, &me), "%s: find and choose disagree", n);
	}
	/* the per-algorithm init installs the block function of the registry's default */
	ember_md5_init(&c5);
	ember_hash_find("md5", NULL)->init(&d5);
	CHECK(c5.blocks == d5.blocks, "ember_md5_init is not the registry's default (%s)", ember_hash_find("md5", NULL)->impl);
	ember_md4_init(&c4);
	ember_hash_find("md4", NULL)->init(&d4);
	CHECK(c4.blocks == d4.blocks, "ember_md4_init is not the registry's default");
	ember_sha1_init(&c1);
	ember_hash_find("sha1", NULL)->init(&d1);
	CHECK(c1.blocks == d1.blocks, "ember_sha1_init is not the registry's default");
	ember_sha256_init(&c256);
	ember_hash_find("sha256", NULL)->init(&d256);
	CHECK(c256.blocks == d256.blocks, "ember_sha256_init is not the registry's default");
	ember_sha224_init(&c256);
	ember_hash_find("sha224", NULL)->init(&d256);
	CHECK(c256.blocks == d256.blocks && c256.out_len == 28, "ember_sha224_init is not the registry's default");
	ember_sha512_init(&c512);
	ember_hash_find("sha512", NULL)->init(&d512);
	CHECK(c512.blocks == d512.blocks, "ember_sha512_init is not the registry's default");
	ember_sha384_init(&c512);
	ember_hash_find("sha384", NULL)->init(&d512);
	CHECK(c512.blocks == d512.blocks && c512.out_len == 48, "ember_sha384_init is not the registry's default");
	if (CHECK(aes != NULL && ember_aes_set_key(&a, key, sizeof(key)) == 0, "AES key setup")) {
		CHECK(a.impl == aes, "ember_aes_set_key used %s, the registry's default is %s", a.impl ? a.impl->impl : "none",
		    aes->impl);
		ember_aes_clear(&a);
	}
	if (t_phase == 2)
		CHECK(strcmp(ember_hash_find("md5", NULL)->impl, "ref") == 0 &&
		          strcmp(ember_hash_find("sha256", NULL)->impl, "ref") == 0 &&
		          aes != NULL && (aes->flags & EMBER_IMPL_HW) == 0,
		    "EMBER_CPUCAP=none: defaults are not the portable code");
}
