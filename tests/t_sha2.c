/*
 * t_sha2.c - the SHA-2 family's direct API (ember_sha256_init ...,
 * one-shots), which the descriptor-driven units do not call, and dispatch:
 * the default init installs the implementation ember_hash_find prefers
 * (after EMBER_CPUCAP), the forced inits their own.
 */
#include <string.h>

#include "ember/hash.h"
#include "test.h"

static const char abc256[] = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
static const char abc224[] = "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7";
static const char abc512[] = "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
			     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f";
static const char abc384[] = "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded163"
			     "1a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7";
static const char abc512_224[] = "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa";
static const char abc512_256[] = "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23";

static int is(const uint8_t *md, size_t len, const char *hex)
{
	return strcmp(t_tohex(md, len), hex) == 0;
}

EMBER_TEST(sha2_api)
{
	uint8_t md[64];
	ember_sha256_ctx c;
	ember_sha512_ctx c5;

	ember_sha256(md, "abc", 3);
	CHECK(is(md, 32, abc256), "ember_sha256: %s", t_tohex(md, 32));
	ember_sha224(md, "abc", 3);
	CHECK(is(md, 28, abc224), "ember_sha224: %s", t_tohex(md, 28));
	ember_sha512(md, "abc", 3);
	CHECK(is(md, 64, abc512), "ember_sha512: %s", t_tohex(md, 64));
	ember_sha384(md, "abc", 3);
	CHECK(is(md, 48, abc384), "ember_sha384: %s", t_tohex(md, 48));
	ember_sha512_224(md, "abc", 3);
	CHECK(is(md, 28, abc512_224), "ember_sha512_224: %s", t_tohex(md, 28));
	ember_sha512_256(md, "abc", 3);
	CHECK(is(md, 32, abc512_256), "ember_sha512_256: %s", t_tohex(md, 32));

	/* incremental, byte by byte, through each family's own calls */
	ember_sha224_init(&c);
	ember_sha224_update(&c, "a", 1);
	ember_sha224_update(&c, "bc", 2);
	ember_sha224_final(&c, md);
	CHECK(is(md, 28, abc224), "ember_sha224_update/final");
	ember_sha384_init(&c5);
	ember_sha384_update(&c5, "ab", 2);
	ember_sha384_update(&c5, "c", 1);
	ember_sha384_final(&c5, md);
	CHECK(is(md, 48, abc384), "ember_sha384_update/final");
	ember_sha512_224_init(&c5);
	ember_sha512_update(&c5, "abc", 3);
	ember_sha512_224_final(&c5, md);
	CHECK(is(md, 28, abc512_224), "ember_sha512_224_init/final");
	ember_sha512_256_ref_init(&c5);
	ember_sha512_update(&c5, "abc", 3);
	ember_sha512_256_final(&c5, md);
	CHECK(is(md, 32, abc512_256), "ember_sha512_256_ref_init");
	ember_sha384_ref_init(&c5);
	ember_sha512_update(&c5, "abc", 3);
	ember_sha384_final(&c5, md);
	CHECK(is(md, 48, abc384), "ember_sha384_ref_init");
}

/* The default init installs the same block function as the preferred descriptor. */
EMBER_TEST(sha2_dispatch)
{
	static const char *const names[] = { "sha256", "sha224", "sha512", "sha384", "sha512-224", "sha512-256" };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const ember_hash_desc *d = ember_hash_find(names[i], NULL);
		ember_hash_ctx hc;
		int same;

		if (!CHECK(d != NULL, "%s: no implementation", names[i]))
			continue;
		ember_hash_init(&hc, d);
		if (i < 2) {
			ember_sha256_ctx c, viad;
			if (i == 0)
				ember_sha256_init(&c);
			else
				ember_sha224_init(&c);
			memcpy(&viad, hc.u.bytes, sizeof(viad));
			same = c.blocks == viad.blocks && c.out_len == viad.out_len &&
			       memcmp(c.h, viad.h, sizeof(c.h)) == 0;
		} else {
			ember_sha512_ctx c, viad;
			if (i == 2)
				ember_sha512_init(&c);
			else if (i == 3)
				ember_sha384_init(&c);
			else if (i == 4)
				ember_sha512_224_init(&c);
			else
				ember_sha512_256_init(&c);
			memcpy(&viad, hc.u.bytes, sizeof(viad));
			same = c.blocks == viad.blocks && c.out_len == viad.out_len &&
			       memcmp(c.h, viad.h, sizeof(c.h)) == 0;
		}
		CHECK(same, "ember_%s_init does not pick %s/%s, the preferred implementation", names[i], d->name,
		    d->impl);
		if (t_phase == 2)
			CHECK(strcmp(d->impl, "ref") == 0, "%s: %s chosen with EMBER_CPUCAP=none", names[i], d->impl);
		ember_hash_final(&hc, (uint8_t[EMBER_MAX_DIGEST_LEN]){ 0 });
	}
}
