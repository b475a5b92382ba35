/*
 * t_nist_sha.c - NIST CAVP SHAVS byte-oriented response files
 * (<shared>/nist/sha/SHA{1,224,256,384,512}{ShortMsg,LongMsg}.rsp) against
 * every supported registered implementation of the digest each file names.
 * Len is in bits; Len = 0 is the empty message although the file says Msg = 00.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "test.h"

static void run_file(const char *file, const char *name)
{
	char path[4096];
	unsigned long vectors = 0, checks = 0;
	int impls = 0, registered = 0;
	size_t i;
	t_vec v;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		if (strcmp(d->name, name) != 0)
			continue;
		registered++;
		if (ember_hash_supported(d))
			impls++;
	}
	if (registered == 0) {
		t_skip("nist/sha/%s: no %s implementation registered in this build", file, name);
		return;
	}
	snprintf(path, sizeof(path), "%s/nist/sha/%s", t_shared_dir, file);
	if (!CHECK(t_vec_open(&v, path) == 0, "cannot open %s", path))
		return;
	while (t_vec_next(&v)) {
		const char *len_s = t_vec_get(&v, "Len");
		uint8_t *msg = NULL, *md = NULL;
		size_t msg_len, md_len;
		unsigned long bits;

		if (len_s == NULL)
			continue; /* not a record */
		vectors++;
		bits = strtoul(len_s, NULL, 10);
		if (!CHECK(t_vec_bytes(&v, "Msg", &msg, &msg_len) == 0 && t_vec_bytes(&v, "MD", &md, &md_len) == 0,
		        "%s:%u: record needs Msg and MD", file, v.line))
			goto next;
		if (bits == 0)
			msg_len = 0;
		if (!CHECK(bits % 8 == 0 && bits / 8 == msg_len, "%s:%u: Len = %lu does not match Msg (%zu bytes)",
		        file, v.line, bits, msg_len))
			goto next;
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			uint8_t out[EMBER_MAX_DIGEST_LEN];

			if (strcmp(d->name, name) != 0 || !ember_hash_supported(d))
				continue;
			if (!CHECK(d->digest_len == md_len, "%s:%u: %s/%s digest length %zu, file has %zu", file,
			        v.line, d->name, d->impl, d->digest_len, md_len))
				continue;
			ember_hash(d, out, msg, msg_len);
			CHECK(memcmp(out, md, md_len) == 0, "%s:%u (Len = %lu): %s/%s got %s", file, v.line, bits,
			    d->name, d->impl, t_tohex(out, md_len));
			checks++;
		}
	next:
		free(msg);
		free(md);
	}
	t_vec_close(&v);
	CHECK(vectors > 0, "nist/sha/%s: no vectors read (parser or file problem)", file);
	t_note("nist/sha/%s: %lu vectors x %d %s implementation(s): %lu checks", file, vectors, impls, name,
	    checks);
}

EMBER_TEST(nist_sha)
{
	static const char *const algs[][2] = {
		{ "SHA1", "sha1" },
		{ "SHA224", "sha224" },
		{ "SHA256", "sha256" },
		{ "SHA384", "sha384" },
		{ "SHA512", "sha512" },
	};
	size_t i;

	if (t_shared_dir == NULL || !t_dir_exists(t_path(t_shared_dir, "nist/sha"))) {
		t_skip("NIST SHAVS: shared vectors folder not found");
		return;
	}
	for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		char file[64];
		snprintf(file, sizeof(file), "%sShortMsg.rsp", algs[i][0]);
		run_file(file, algs[i][1]);
		snprintf(file, sizeof(file), "%sLongMsg.rsp", algs[i][0]);
		run_file(file, algs[i][1]);
	}
}
