/*
 * t_hash.c - every digest implementation against the project's vector files
 * (stanzas with "Hash =" in tests/vectors), one-shot against
 * incremental at every split point, and every implementation against the
 * others of the same digest on random messages.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ember/hash.h"
#include "test.h"

static int same_alg(const ember_hash_desc *d, const char *name)
{
	const ember_hash_desc *ref = ember_hash_find(name, NULL);
	if (ref != NULL)
		return strcmp(ref->name, d->name) == 0;
	return strcmp(name, d->name) == 0;
}

/* Digest of |msg| repeated |repeat| times, fed in pieces of |piece| bytes. */
static void digest(const ember_hash_desc *d, uint8_t *out, const uint8_t *msg,
    size_t len, unsigned long repeat, size_t piece)
{
	ember_hash_ctx c;
	unsigned long r;

	ember_hash_init(&c, d);
	for (r = 0; r < repeat; r++) {
		size_t off = 0;
		while (off < len) {
			size_t n = len - off < piece ? len - off : piece;
			ember_hash_update(&c, msg + off, n);
			off += n;
		}
	}
	ember_hash_final(&c, out);
}

static void check_vector(const t_vec *v, const char *name)
{
	uint8_t *msg = NULL, *md = NULL, out[EMBER_MAX_DIGEST_LEN];
	size_t msg_len, md_len, i;
	const char *rep = t_vec_get(v, "Repeat");
	unsigned long repeat = rep ? strtoul(rep, NULL, 10) : 1;
	int found = 0;

	if (t_vec_bytes(v, "Msg", &msg, &msg_len) != 0 || t_vec_bytes(v, "Digest", &md, &md_len) != 0) {
		CHECK(0, "%s:%u: stanza needs Msg and Digest", v->path, v->line);
		goto done;
	}
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		size_t split;

		if (!same_alg(d, name) || !ember_hash_supported(d))
			continue;
		found = 1;
		if (!CHECK(d->digest_len == md_len, "%s:%u: %s/%s digest length %zu, file has %zu",
		        v->path, v->line, d->name, d->impl, d->digest_len, md_len))
			continue;
		digest(d, out, msg, msg_len, repeat, msg_len ? msg_len : 1);
		CHECK(memcmp(out, md, md_len) == 0, "%s:%u: %s/%s got %s", v->path, v->line,
		    d->name, d->impl, t_tohex(out, md_len));
		if (repeat != 1)
			continue;
		/* one-shot against two-piece incremental at every split point */
		for (split = 0; split <= msg_len && msg_len <= 300; split++) {
			ember_hash_ctx c;
			ember_hash_init(&c, d);
			ember_hash_update(&c, msg, split);
			ember_hash_update(&c, msg + split, msg_len - split);
			ember_hash_final(&c, out);
			if (!CHECK(memcmp(out, md, md_len) == 0, "%s:%u: %s/%s split at %zu",
			        v->path, v->line, d->name, d->impl, split))
				break;
		}
	}
	if (!found)
		t_skip("%s:%u: no implementation of %s in this build", v->path, v->line, name);
done:
	free(msg);
	free(md);
}

EMBER_TEST(hash_vectors)
{
	DIR *dir = opendir(t_vec_dir);
	struct dirent *e;
	int files = 0;

	if (!CHECK(dir != NULL, "cannot open vector directory %s", t_vec_dir))
		return;
	while ((e = readdir(dir)) != NULL) {
		char path[4096];
		t_vec v;
		size_t n = strlen(e->d_name);

		if (n < 5 || strcmp(e->d_name + n - 4, ".txt") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", t_vec_dir, e->d_name);
		if (t_vec_open(&v, path) != 0)
			continue;
		while (t_vec_next(&v)) {
			const char *name = t_vec_get(&v, "Hash");
			if (name != NULL) {
				check_vector(&v, name);
				files++;
			}
		}
		t_vec_close(&v);
	}
	closedir(dir);
	CHECK(files > 0, "no Hash stanzas found in %s", t_vec_dir);
}

/* Random messages, random multi-piece splits, every implementation agreeing. */
EMBER_TEST(hash_properties)
{
	static uint8_t msg[4200];
	size_t i, j;
	int round;

	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		const ember_hash_desc *base = ember_hash_find(d->name, "ref");

		if (!ember_hash_supported(d))
			continue;
		for (round = 0; round < 40; round++) {
			uint8_t a[EMBER_MAX_DIGEST_LEN], b[EMBER_MAX_DIGEST_LEN];
			size_t len = round < 20 ? t_rand_below(300) : t_rand_below(sizeof(msg) + 1);
			ember_hash_ctx c;
			size_t off = 0;

			t_rand_bytes(msg, len);
			ember_hash(d, a, msg, len);
			ember_hash_init(&c, d);
			while (off < len) {
				size_t n = t_rand_below(len - off + 1);
				ember_hash_update(&c, msg + off, n);
				off += n;
			}
			ember_hash_final(&c, b);
			if (!CHECK(memcmp(a, b, d->digest_len) == 0,
			        "%s/%s: random split differs from one-shot (len %zu)", d->name, d->impl, len))
				break;
			if (base != NULL && base != d) {
				ember_hash(base, b, msg, len);
				if (!CHECK(memcmp(a, b, d->digest_len) == 0,
				        "%s/%s differs from %s/ref (len %zu)", d->name, d->impl, d->name, len))
					break;
			}
		}
		/* the context is wiped at final */
		{
			ember_hash_ctx c;
			uint8_t out[EMBER_MAX_DIGEST_LEN];
			int clean = 1;
			ember_hash_init(&c, d);
			ember_hash_update(&c, "abc", 3);
			ember_hash_final(&c, out);
			for (j = 0; j < d->ctx_size; j++)
				clean &= c.u.bytes[j] == 0;
			CHECK(clean, "%s/%s: context not wiped at final", d->name, d->impl);
		}
	}
}

/* Every descriptor is well formed and reachable by name. */
EMBER_TEST(hash_registry)
{
	size_t i;

	CHECK(ember_hash_count() > 0, "no digests registered");
	for (i = 0; i < ember_hash_count(); i++) {
		const ember_hash_desc *d = ember_hash_at(i);
		CHECK(d->ctx_size <= EMBER_HASH_CTX_MAX, "%s/%s: ctx_size %zu too large", d->name,
		    d->impl, d->ctx_size);
		CHECK(d->digest_len <= EMBER_MAX_DIGEST_LEN && d->block_len <= EMBER_MAX_HASH_BLOCK_LEN,
		    "%s/%s: sizes out of range", d->name, d->impl);
		CHECK(d->init && d->update && d->final, "%s/%s: empty slot", d->name, d->impl);
		if (ember_hash_supported(d))
			CHECK(ember_hash_find(d->name, d->impl) == d, "%s/%s not found by name", d->name, d->impl);
		CHECK(ember_hash_find(d->name, NULL) != NULL, "%s: no default implementation", d->name);
	}
	CHECK(ember_hash_find("no-such-digest", NULL) == NULL, "unknown digest found");
	CHECK(ember_hash_find("sha256", "no-such-impl") == NULL, "unknown implementation found");
	CHECK(ember_hash_find("SHA256", NULL) != NULL, "lookup is not case-insensitive");
}
