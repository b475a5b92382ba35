/*
 * t_sha3.c - SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202) over every
 * registered implementation (ref, ref32, and whatever is added later):
 *   sha3_nist: NIST's byte-oriented SHA-3 and SHAKE sets (<shared>/nist/sha3/
 *     *ShortMsg, *LongMsg, SHAKE*VariableOut), one-shot, in random pieces,
 *     and SHAKE's output squeezed in random pieces;
 *   sha3_kat: FIPS 202's example values not in those files (the 1600-bit
 *     message of 0xa3 bytes, output longer than a block);
 *   sha3_agree: every implementation against the first of its digest on
 *     random messages, splits and squeezes (ref against ref32 on every
 *     target), and the implementations' own primitives on odd offsets;
 *   sha3_api, shake_api: the per-algorithm calls (the registry's default,
 *     one-shots, wiping; SHAKE's output stream, ember_hash_final_xof, HMAC
 *     refusing SHAKE).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "ember/mac.h"
#include "test.h"

#define NAMES_N 6
static const char *const names[NAMES_N] = {
	"sha3-224", "sha3-256", "sha3-384", "sha3-512", "shake128", "shake256"
};

/* Feeds |len| bytes at |msg| in random pieces (some empty) to |c|. */
static void update_pieces(ember_sha3_ctx *c, const uint8_t *msg, size_t len)
{
	size_t off = 0;

	while (off < len) {
		size_t n = t_rand_below(len - off + 1);
		if (t_rand_below(4) == 0)
			n = t_rand_below(n + 1) % 200; /* often short: the partial-block paths */
		ember_sha3_update(c, msg + off, n);
		off += n;
	}
	ember_sha3_update(c, msg + len, 0);
}

/* Squeezes |len| bytes into |out| in random pieces. */
static void squeeze_pieces(ember_sha3_ctx *c, uint8_t *out, size_t len)
{
	size_t off = 0;

	while (off < len) {
		size_t n = t_rand_below(len - off + 1);
		if (t_rand_below(3) == 0)
			n = t_rand_below(n + 1) % 170;
		ember_shake_squeeze(c, out + off, n);
		off += n;
	}
}

/*
 * |d|'s output for |msg|: SHA-3 through the descriptor's final; SHAKE
 * through ember_shake_squeeze, |out_len| bytes. |mode| 0: one update, one
 * squeeze; 1: random pieces in and out.
 */
static void run(const ember_hash_desc *d, uint8_t *out, size_t out_len, const uint8_t *msg, size_t len,
    int mode)
{
	ember_sha3_ctx c;

	d->init(&c);
	if (mode == 0)
		ember_sha3_update(&c, msg, len);
	else
		update_pieces(&c, msg, len);
	if (d->flags & EMBER_HASH_XOF) {
		if (mode == 0)
			ember_shake_squeeze(&c, out, out_len);
		else
			squeeze_pieces(&c, out, out_len);
		ember_shake_clear(&c);
	} else {
		d->final(&c, out);
	}
}

/* ---- NIST CAVP ---- */

static void nist_file(const char *file, const char *name)
{
	char path[4096];
	unsigned long vectors = 0, checks = 0, skipped = 0;
	t_vec v;
	size_t i;
	int is_xof = strncmp(name, "shake", 5) == 0;

	snprintf(path, sizeof(path), "%s/nist/sha3/%s", t_shared_dir, file);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_vec_next(&v)) {
		const char *len_s = t_vec_get(&v, "Len"), *olen_s = t_vec_get(&v, "Outputlen");
		uint8_t *msg = NULL, *md = NULL;
		size_t msg_len, md_len;
		unsigned long bits, out_bits;
		int ok;

		if (t_vec_get(&v, "Msg") == NULL)
			continue; /* not a record */
		vectors++;
		/* VariableOut records carry Outputlen and a fixed-size Msg (the section gives its length) */
		ok = t_vec_bytes(&v, "Msg", &msg, &msg_len) == 0 &&
		     t_vec_bytes(&v, is_xof ? "Output" : "MD", &md, &md_len) == 0;
		if (!CHECK(ok, "%s:%u: record needs Msg and %s", file, v.line, is_xof ? "Output" : "MD"))
			goto next;
		bits = len_s ? strtoul(len_s, NULL, 10) : (unsigned long)msg_len * 8;
		out_bits = olen_s ? strtoul(olen_s, NULL, 10) : (unsigned long)md_len * 8;
		if (bits % 8 != 0 || out_bits % 8 != 0) {
			skipped++; /* bit-oriented: not supported by a byte API */
			goto next;
		}
		if (bits == 0)
			msg_len = 0; /* "Msg = 00" stands for the empty message */
		if (!CHECK(bits / 8 == msg_len && out_bits / 8 == md_len, "%s:%u: lengths disagree with the data", file,
		        v.line))
			goto next;
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			uint8_t *out;
			int mode;

			if (strcmp(d->name, name) != 0 || !ember_hash_supported(d))
				continue;
			if (!is_xof && !CHECK(d->digest_len == md_len, "%s:%u: %s/%s digest length %zu, file has %zu",
			                   file, v.line, d->name, d->impl, d->digest_len, md_len))
				continue;
			out = malloc(md_len + 1);
			if (!CHECK(out != NULL, "out of memory"))
				break;
			for (mode = 0; mode < 2; mode++) {
				run(d, out, md_len, msg, msg_len, mode);
				if (!CHECK(memcmp(out, md, md_len) == 0, "%s:%u (Len = %lu): %s/%s %s got %s", file, v.line,
				        bits, d->name, d->impl, mode ? "in pieces" : "one-shot", t_tohex(out, md_len)))
					break;
				checks++;
			}
			/* the generic layer: digest_len bytes (SHAKE's default) and any length for an XOF */
			if (!is_xof || md_len == d->digest_len) {
				ember_hash(d, out, msg, msg_len);
				CHECK(memcmp(out, md, md_len) == 0, "%s:%u: %s/%s ember_hash got %s", file, v.line, d->name,
				    d->impl, t_tohex(out, md_len));
			}
			if (is_xof) {
				ember_hash_ctx hc;
				ember_hash_init(&hc, d);
				ember_hash_update(&hc, msg, msg_len);
				CHECK(ember_hash_final_xof(&hc, out, md_len) == 0 && memcmp(out, md, md_len) == 0,
				    "%s:%u: %s/%s ember_hash_final_xof got %s", file, v.line, d->name, d->impl,
				    t_tohex(out, md_len));
			}
			free(out);
		}
	next:
		free(msg);
		free(md);
	}
	t_vec_close(&v);
	CHECK(vectors > 0, "nist/sha3/%s: no vectors read (parser or file problem)", file);
	if (t_phase == 1)
		t_note("nist/sha3/%s: %lu vectors, %lu checks over the %s implementations, %lu bit-oriented skipped",
		    file, vectors, checks, name, skipped);
}

EMBER_TEST(sha3_nist)
{
	static const char *const files[][2] = {
		{ "SHA3_224ShortMsg.rsp", "sha3-224" }, { "SHA3_224LongMsg.rsp", "sha3-224" },
		{ "SHA3_256ShortMsg.rsp", "sha3-256" }, { "SHA3_256LongMsg.rsp", "sha3-256" },
		{ "SHA3_384ShortMsg.rsp", "sha3-384" }, { "SHA3_384LongMsg.rsp", "sha3-384" },
		{ "SHA3_512ShortMsg.rsp", "sha3-512" }, { "SHA3_512LongMsg.rsp", "sha3-512" },
		{ "SHAKE128ShortMsg.rsp", "shake128" }, { "SHAKE128LongMsg.rsp", "shake128" },
		{ "SHAKE128VariableOut.rsp", "shake128" }, { "SHAKE256ShortMsg.rsp", "shake256" },
		{ "SHAKE256LongMsg.rsp", "shake256" }, { "SHAKE256VariableOut.rsp", "shake256" },
	};
	size_t i;

	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "nist/sha3"))) {
		t_skip("NIST SHA-3/SHAKE: shared vectors folder not found");
		return;
	}
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		nist_file(files[i][0], files[i][1]);
}

/* ---- known answers of our own ---- */

/*
 * FIPS 202's example values (NIST, "Examples with intermediate values":
 * SHA3-*_Msg1600, SHAKE*_Msg1600), the 1600-bit message of 200 bytes 0xa3,
 * a message longer than every rate; SHAKE's first 32 and last 16 bytes of
 * its 512-byte (4096-bit) output, which crosses several squeezing blocks.
 * The values were checked against OpenSSL 3.0 and Python's hashlib.
 */
EMBER_TEST(sha3_kat)
{
	static const struct {
		const char *name, *md;
	} kats[] = {
		{ "sha3-224", "9376816aba503f72f96ce7eb65ac095deee3be4bf9bbc2a1cb7e11e0" },
		{ "sha3-256", "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787" },
		{ "sha3-384", "1881de2ca7e41ef95dc4732b8f5f002b189cc1e42b74168e"
		              "d1732649ce1dbcdd76197a31fd55ee989f2d7050dd473e8f" },
		{ "sha3-512", "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
		              "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00" },
	};
	static const struct {
		const char *name, *head, *tail;
	} xofs[] = {
		{ "shake128", "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037",
		    "f17d7259ab075216c0699511643b6439" },
		{ "shake256", "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d",
		    "ca92bf0be5615e96959d767197a0beeb" },
	};
	uint8_t msg[200], out[512];
	size_t i, j;

	memset(msg, 0xa3, sizeof(msg));
	for (i = 0; i < sizeof(kats) / sizeof(kats[0]); i++) {
		uint8_t *want = NULL;
		size_t want_len;
		int found = 0;

		if (!CHECK(t_hex(kats[i].md, &want, &want_len) == 0, "bad hex"))
			continue;
		for (j = 0; j < ember_hash_count(); j++) {
			const ember_hash_desc *d = ember_hash_at(j);
			if (strcmp(d->name, kats[i].name) != 0 || !ember_hash_supported(d))
				continue;
			found = 1;
			run(d, out, want_len, msg, sizeof(msg), 0);
			CHECK(memcmp(out, want, want_len) == 0, "%s/%s of 200 x 0xa3: %s", d->name, d->impl,
			    t_tohex(out, want_len));
			run(d, out, want_len, msg, sizeof(msg), 1);
			CHECK(memcmp(out, want, want_len) == 0, "%s/%s of 200 x 0xa3 in pieces: %s", d->name, d->impl,
			    t_tohex(out, want_len));
		}
		CHECK(found, "%s: no implementation", kats[i].name);
		free(want);
	}
	for (i = 0; i < sizeof(xofs) / sizeof(xofs[0]); i++) {
		uint8_t *head = NULL, *tail = NULL;
		size_t head_len, tail_len;

		if (!CHECK(t_hex(xofs[i].head, &head, &head_len) == 0 && t_hex(xofs[i].tail, &tail, &tail_len) == 0,
		        "bad hex"))
			continue;
		for (j = 0; j < ember_hash_count(); j++) {
			const ember_hash_desc *d = ember_hash_at(j);
			int mode;
			if (strcmp(d->name, xofs[i].name) != 0 || !ember_hash_supported(d))
				continue;
			for (mode = 0; mode < 2; mode++) {
				run(d, out, sizeof(out), msg, sizeof(msg), mode);
				CHECK(memcmp(out, head, head_len) == 0 && memcmp(out + sizeof(out) - tail_len, tail, tail_len) == 0,
				    "%s/%s of 200 x 0xa3, 512 bytes (%s): %s...", d->name, d->impl, mode ? "pieces" : "one call",
				    t_tohex(out, 32));
			}
		}
		free(head);
		free(tail);
	}
}

/* ---- implementations agree ---- */

EMBER_TEST(sha3_agree)
{
	static uint8_t msg[3000], a[1200], b[1200];
	size_t n, i;
	int round, impls = 0;

	for (n = 0; n < NAMES_N; n++) {
		const ember_hash_desc *base = NULL;
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			if (strcmp(d->name, names[n]) != 0 || !ember_hash_supported(d))
				continue;
			if (base == NULL) {
				base = d;
				continue;
			}
			impls++;
			for (round = 0; round < (t_phase == 1 ? 150 : 40); round++) {
				size_t len = round < 100 ? t_rand_below(400) : t_rand_below(sizeof(msg) + 1);
				size_t out_len = (d->flags & EMBER_HASH_XOF) ? t_rand_below(sizeof(a) + 1) : d->digest_len;

				t_rand_bytes(msg, len);
				run(base, a, out_len, msg, len, (int)t_rand_below(2));
				run(d, b, out_len, msg, len, 1);
				if (!CHECK(memcmp(a, b, out_len) == 0, "%s/%s differs from %s/%s: message %zu bytes, output %zu",
				        d->name, d->impl, base->name, base->impl, len, out_len))
					break;
			}
			/* a long run through the whole-block path: 64 blocks and a tail */
			{
				const size_t len = 64 * d->block_len + 5;
				uint8_t *big = malloc(len);
				if (CHECK(big != NULL, "out of memory")) {
					t_rand_bytes(big, len);
					run(base, a, 64, big, len, 0);
					run(d, b, 64, big, len, 0);
					CHECK(memcmp(a, b, 64) == 0, "%s/%s differs from %s/%s on %zu bytes", d->name, d->impl,
					    base->name, base->impl, len);
					free(big);
				}
			}
		}
		CHECK(base != NULL, "%s: no supported implementation", names[n]);
	}
	if (t_phase == 1)
		t_note("sha3_agree: %d implementation(s) checked against the first of their digest", impls);
}

/* ---- the per-algorithm calls ---- */

static int all_zero(const void *p, size_t n)
{
	const uint8_t *b = (const uint8_t *)p;
	size_t i;
	int z = 1;

	for (i = 0; i < n; i++)
		z &= b[i] == 0;
	return z;
}

EMBER_TEST(sha3_api)
{
	static const char abc[] = "abc";
	uint8_t a[64], b[64];
	ember_sha3_ctx c, d;

	static void (*const inits[4])(ember_sha3_ctx *) = { ember_sha3_224_init, ember_sha3_256_init,
		ember_sha3_384_init, ember_sha3_512_init };
	static const unsigned rates[4] = { 144, 136, 104, 72 }, lens[4] = { 28, 32, 48, 64 };
	size_t i;

	/* ember_<alg>_init is the registry's default: the same ops as the default descriptor's init */
	for (i = 0; i < 4; i++) {
		const ember_hash_desc *def = ember_hash_find(names[i], NULL);
		inits[i](&c);
		def->init(&d);
		CHECK(c.ops == d.ops && c.rate == rates[i] && c.out_len == lens[i] && c.suffix == 0x06 &&
		          def->block_len == rates[i] && def->digest_len == lens[i],
		    "ember_%s_init is not the registry's default (%s), or sizes", names[i], def->impl);
	}

	/* one-shots against the incremental calls */
	ember_sha3_224(a, abc, 3);
	ember_sha3_224_init(&c);
	ember_sha3_update(&c, abc, 1);
	ember_sha3_update(&c, abc + 1, 2);
	ember_sha3_224_final(&c, b);
	CHECK(memcmp(a, b, 28) == 0 && all_zero(&c, sizeof(c)), "sha3-224: one-shot, incremental or wipe");
	ember_sha3_256(a, abc, 3);
	ember_sha3_256_init(&c);
	ember_sha3_update(&c, abc, 3);
	ember_sha3_256_final(&c, b);
	CHECK(memcmp(a, b, 32) == 0 && all_zero(&c, sizeof(c)), "sha3-256: one-shot, incremental or wipe");
	CHECK(strcmp(t_tohex(a, 32), "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532") == 0,
	    "sha3-256(\"abc\") = %s", t_tohex(a, 32));
	ember_sha3_384(a, abc, 3);
	ember_sha3_384_init(&c);
	ember_sha3_update(&c, abc, 3);
	ember_sha3_384_final(&c, b);
	CHECK(memcmp(a, b, 48) == 0 && all_zero(&c, sizeof(c)), "sha3-384: one-shot, incremental or wipe");
	ember_sha3_512(a, abc, 3);
	ember_sha3_512_init(&c);
	ember_sha3_update(&c, abc, 3);
	ember_sha3_512_final(&c, b);
	CHECK(memcmp(a, b, 64) == 0 && all_zero(&c, sizeof(c)), "sha3-512: one-shot, incremental or wipe");
	CHECK(ember_hash_find("sha3_256", NULL) == NULL, "sha3_256 is not an OpenSSL name");
}

EMBER_TEST(shake_api)
{
	static const char abc[] = "abc";
	uint8_t a[200], b[200], k[16];
	ember_shake_ctx c, d;
	ember_hash_ctx hc;
	ember_hmac_key hk;
	size_t n;

	ember_shake128_init(&c);
	ember_hash_find("shake128", NULL)->init(&d);
	CHECK(c.ops == d.ops && c.rate == 168 && c.suffix == 0x1f, "ember_shake128_init is not the registry's default");
	ember_shake_clear(&c);
	CHECK(all_zero(&c, sizeof(c)), "ember_shake_clear left bytes");
	ember_shake256_init(&c);
	ember_hash_find("shake256", NULL)->init(&d);
	CHECK(c.ops == d.ops && c.rate == 136 && c.suffix == 0x1f, "ember_shake256_init is not the registry's default");
	ember_shake_clear(&c);

	/* one stream whatever the pieces; the one-shot is a prefix of a longer one */
	ember_shake128(a, sizeof(a), abc, 3);
	CHECK(strcmp(t_tohex(a, 20), "5881092dd818bf5cf8a3ddb793fbcba74097d5c5") == 0, "shake128(\"abc\") = %s",
	    t_tohex(a, 20));
	ember_shake128(b, 20, abc, 3);
	CHECK(memcmp(a, b, 20) == 0, "shake128: a short output is not a prefix of a long one");
	for (n = 0; n <= sizeof(a); n += 7) {
		ember_shake128_init(&c);
		ember_shake_update(&c, abc, 3);
		ember_shake_squeeze(&c, b, n);
		ember_shake_squeeze(&c, b + n, 0);
		ember_shake_squeeze(&c, b + n, sizeof(b) - n);
		ember_shake_clear(&c);
		if (!CHECK(memcmp(a, b, sizeof(a)) == 0, "shake128: squeezing %zu then %zu bytes differs", n, sizeof(b) - n))
			break;
	}
	ember_shake256(a, 64, NULL, 0);
	CHECK(strcmp(t_tohex(a, 32), "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f") == 0,
	    "shake256(\"\") = %s", t_tohex(a, 32));
	ember_shake256_init(&c);
	ember_shake_squeeze(&c, b, 64);
	ember_shake_clear(&c);
	CHECK(memcmp(a, b, 64) == 0, "shake256: incremental differs from the one-shot");

	/* the generic layer: the XOF flag, final_xof, and its refusal for a fixed-length digest */
	CHECK((ember_hash_find("shake128", NULL)->flags & EMBER_HASH_XOF) &&
	          (ember_hash_find("shake-256", NULL)->flags & EMBER_HASH_XOF) &&
	          !(ember_hash_find("sha3-256", NULL)->flags & EMBER_HASH_XOF),
	    "EMBER_HASH_XOF flags (or the alias shake-256)");
	ember_hash_init(&hc, ember_hash_find("shake128", NULL));
	ember_hash_update(&hc, abc, 3);
	CHECK(ember_hash_final_xof(&hc, b, 100) == 0, "final_xof refused shake128");
	ember_shake128(a, 100, abc, 3);
	CHECK(memcmp(a, b, 100) == 0 && all_zero(hc.u.bytes, sizeof(ember_sha3_ctx)), "final_xof output or wipe");
	ember_hash_init(&hc, ember_hash_find("sha3-256", NULL));
	CHECK(ember_hash_final_xof(&hc, b, 32) == EMBER_EINVAL, "final_xof accepted sha3-256");
	ember_hash_final(&hc, b);

	/* HMAC (and so HKDF) refuses an XOF, as OpenSSL does; HMAC-SHA3 uses the rate as its block */
	memset(k, 0x0b, sizeof(k));
	CHECK(ember_hmac_key_init(&hk, ember_hash_find("shake128", NULL), k, sizeof(k)) == EMBER_EINVAL,
	    "HMAC accepted shake128");
	CHECK(ember_hmac(ember_hash_find("shake256", NULL), a, k, sizeof(k), abc, 3) == EMBER_EINVAL,
	    "HMAC accepted shake256");
	CHECK(ember_hash_find("sha3-224", NULL)->block_len == 144 && ember_hash_find("sha3-512", NULL)->block_len == 72 &&
	          ember_hash_find("shake128", NULL)->block_len == EMBER_MAX_HASH_BLOCK_LEN,
	    "block lengths are not the rates");
}
