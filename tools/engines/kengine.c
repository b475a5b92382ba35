/*
 * kengine.c - AF_ALG and /dev/crypto access (see kengine.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ember/cipher.h"
#include "kengine.h"

#ifdef __linux__
#include <linux/if_alg.h>
#endif

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif
#ifndef ALG_SET_AEAD_ASSOCLEN /* Linux 4.2's if_alg.h; older sysroots lack them */
#define ALG_SET_AEAD_ASSOCLEN 4
#define ALG_SET_AEAD_AUTHSIZE 5
#endif

static int fail(char *err, size_t len, const char *what)
{
	snprintf(err, len, "%s: %s", what, strerror(errno));
	return -1;
}

const char *afalg_hash_name(const char *digest)
{
	static const char *const map[][2] = {
		{ "md4", "md4" }, { "md5", "md5" }, { "sha1", "sha1" }, { "sha224", "sha224" },
		{ "sha256", "sha256" }, { "sha384", "sha384" }, { "sha512", "sha512" },
		{ "ripemd160", "rmd160" }, { "rmd160", "rmd160" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(map[i][0], digest) == 0)
			return map[i][1];
	return NULL;
}

const char *afalg_cipher_alg(const char *alg)
{
	static const char *const map[][2] = {
		{ "aes", "aes" }, { "des", "des" }, { "des-ede3", "des3_ede" }, { "bf", "blowfish" },
		{ "cast5", "cast5" }, { "camellia", "camellia" }, { "rc4", "arc4" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(map[i][0], alg) == 0)
			return map[i][1];
	return NULL;
}

#ifdef __linux__
int afalg_probe(char *err, size_t err_len)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

	if (fd < 0) {
		snprintf(err, err_len, "AF_ALG socket: %s (the kernel's crypto API is not open to user space here: "
		    "CONFIG_CRYPTO_USER_API_HASH/SKCIPHER/AEAD)", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

/* |type| "hash", "skcipher" or "aead"; an AEAD's tag length set before the operation socket is taken. */
static int open_type(afalg_op *a, const char *type, const char *kname, const uint8_t *key, size_t key_len,
    size_t out_len, size_t tag_len, char *err, size_t err_len)
{
	struct sockaddr_alg sa;

	memset(a, 0, sizeof(*a));
	a->tfm = a->op = -1;
	a->is_hash = strcmp(type, "hash") == 0;
	a->out_len = out_len;
	a->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (a->tfm < 0)
		return fail(err, err_len, "AF_ALG socket");
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", type);
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", kname);
	if (bind(a->tfm, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		char what[160];
		snprintf(what, sizeof(what), "AF_ALG bind %s", kname);
		fail(err, err_len, what);
		afalg_close(a);
		return -1;
	}
	if (key_len > 0 && setsockopt(a->tfm, SOL_ALG, ALG_SET_KEY, key, (socklen_t)key_len) != 0) {
		fail(err, err_len, "AF_ALG set key");
		afalg_close(a);
		return -1;
	}
	/* the tag length is the option's length, with no value */
	if (tag_len > 0 && setsockopt(a->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, (socklen_t)tag_len) != 0) {
		fail(err, err_len, "AF_ALG set tag length");
		afalg_close(a);
		return -1;
	}
	a->op = accept(a->tfm, NULL, 0);
	if (a->op < 0) {
		fail(err, err_len, "AF_ALG accept");
		afalg_close(a);
		return -1;
	}
	return 0;
}

int afalg_open(afalg_op *a, const char *kname, int is_hash, const uint8_t *key, size_t key_len,
    size_t out_len, char *err, size_t err_len)
{
	return open_type(a, is_hash ? "hash" : "skcipher", kname, key, key_len, out_len, 0, err, err_len);
}

int afalg_open_aead(afalg_op *a, const char *kname, const uint8_t *key, size_t key_len, size_t tag_len, char *err,
    size_t err_len)
{
	return open_type(a, "aead", kname, key, key_len, 0, tag_len, err, err_len);
}

int afalg_aead(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *aad, size_t aad_len, uint8_t *out,
    const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len, char *err, size_t err_len)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 32) +
		    CMSG_SPACE(sizeof(uint32_t))];
		struct cmsghdr align;
	} cbuf;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov[3];
	uint32_t op = decrypt ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT, assoc = (uint32_t)aad_len;
	struct af_alg_iv *aiv;
	size_t want = aad_len + len + (decrypt ? 0 : tag_len), got = 0;
	ssize_t n;

	if (iv_len > 32) {
		snprintf(err, err_len, "AF_ALG: IV too long");
		return -1;
	}
	memset(&cbuf, 0, sizeof(cbuf));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = cbuf.buf;
	msg.msg_controllen = sizeof(cbuf.buf);
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(cm), &op, sizeof(op));
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_IV;
	cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + 32);
	aiv = (struct af_alg_iv *)(void *)CMSG_DATA(cm);
	aiv->ivlen = (uint32_t)iv_len;
	memcpy(aiv->iv, iv, iv_len);
	cm = CMSG_NXTHDR(&msg, cm);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
	cm->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(cm), &assoc, sizeof(assoc));
	/* in: AAD || payload (|| tag to open); out: AAD || payload (|| tag when sealing) */
	iov[0].iov_base = aad;
	iov[0].iov_len = aad_len;
	iov[1].iov_base = (void *)(uintptr_t)in;
	iov[1].iov_len = len;
	iov[2].iov_base = tag;
	iov[2].iov_len = decrypt ? tag_len : 0;
	msg.msg_iov = iov;
	msg.msg_iovlen = 3;
	if (sendmsg(a->op, &msg, 0) != (ssize_t)(aad_len + len + iov[2].iov_len))
		return fail(err, err_len, "AF_ALG sendmsg");
	iov[1].iov_base = out;
	iov[2].iov_len = decrypt ? 0 : tag_len;
	while (got < want) {
		/* a request's output may come in parts: skip what was read */
		struct iovec rest[3];
		size_t skip = got, k, m = 0;
		for (k = 0; k < 3; k++) {
			if (skip >= iov[k].iov_len) {
				skip -= iov[k].iov_len;
				continue;
			}
			rest[m].iov_base = (uint8_t *)iov[k].iov_base + skip;
			rest[m++].iov_len = iov[k].iov_len - skip;
			skip = 0;
		}
		n = readv(a->op, rest, (int)m);
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			/* EBADMSG: the tag did not match */
			return fail(err, err_len, decrypt ? "AF_ALG read (open)" : "AF_ALG read (seal)");
		}
		got += (size_t)n;
	}
	return 0;
}

/* Data goes to the kernel in pieces of at most this many bytes: the socket's
 * send buffer bounds what one skcipher request may hold. */
#define AFALG_CHUNK 16384

int afalg_hash(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len)
{
	ssize_t n;

	/* MSG_MORE on every piece but the last; the last send finishes the digest */
	do {
		size_t piece = len > AFALG_CHUNK ? AFALG_CHUNK : len;
		if (send(a->op, in, piece, piece < len ? MSG_MORE : 0) != (ssize_t)piece)
			return fail(err, err_len, "AF_ALG send");
		in += piece;
		len -= piece;
	} while (len > 0);
	n = read(a->op, out, a->out_len);
	if (n != (ssize_t)a->out_len)
		return fail(err, err_len, "AF_ALG read digest");
	return 0;
}

/* Reads exactly |len| bytes (a request's output may come in parts). */
static int read_all(int fd, uint8_t *out, size_t len)
{
	while (len > 0) {
		ssize_t n = read(fd, out, len);
		if (n <= 0) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
		out += n;
		len -= (size_t)n;
	}
	return 0;
}

int afalg_cipher(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *out,
    const uint8_t *in, size_t len, char *err, size_t err_len)
{
	/* the control buffer aligned for struct cmsghdr (MIPS and SPARC fault on misaligned loads) */
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 32)];
		struct cmsghdr align;
	} cbuf;
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov;
	uint32_t op = decrypt ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
	struct af_alg_iv *aiv;

	if (iv_len > 32) {
		snprintf(err, err_len, "AF_ALG: IV too long");
		return -1;
	}
	memset(&cbuf, 0, sizeof(cbuf));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = cbuf.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) + (iv_len ? CMSG_SPACE(sizeof(*aiv) + iv_len) : 0);
	cm = CMSG_FIRSTHDR(&msg);
	cm->cmsg_level = SOL_ALG;
	cm->cmsg_type = ALG_SET_OP;
	cm->cmsg_len = CMSG_LEN(sizeof(uint32_t));
	memcpy(CMSG_DATA(cm), &op, sizeof(op));
	if (iv_len) {
		cm = CMSG_NXTHDR(&msg, cm);
		cm->cmsg_level = SOL_ALG;
		cm->cmsg_type = ALG_SET_IV;
		cm->cmsg_len = CMSG_LEN(sizeof(*aiv) + iv_len);
		aiv = (struct af_alg_iv *)(void *)CMSG_DATA(cm);
		aiv->ivlen = (uint32_t)iv_len;
		memcpy(aiv->iv, iv, iv_len);
	}
	iov.iov_base = (void *)(uintptr_t)in;
	iov.iov_len = len > AFALG_CHUNK ? AFALG_CHUNK : len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (sendmsg(a->op, &msg, 0) != (ssize_t)iov.iov_len)
		return fail(err, err_len, "AF_ALG sendmsg");
	if (read_all(a->op, out, iov.iov_len) != 0)
		return fail(err, err_len, "AF_ALG read");
	if (len > iov.iov_len)
		return afalg_cipher_next(a, out + iov.iov_len, in + iov.iov_len, len - iov.iov_len, err, err_len);
	return 0;
}

int afalg_cipher_next(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len)
{
	while (len > 0) {
		size_t piece = len > AFALG_CHUNK ? AFALG_CHUNK : len;
		if (send(a->op, in, piece, 0) != (ssize_t)piece)
			return fail(err, err_len, "AF_ALG send");
		if (read_all(a->op, out, piece) != 0)
			return fail(err, err_len, "AF_ALG read");
		in += piece;
		out += piece;
		len -= piece;
	}
	return 0;
}
#else
int afalg_probe(char *err, size_t err_len)
{
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_cipher_next(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len)
{
	(void)a; (void)out; (void)in; (void)len;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_open(afalg_op *a, const char *kname, int is_hash, const uint8_t *key, size_t key_len,
    size_t out_len, char *err, size_t err_len)
{
	(void)kname; (void)is_hash; (void)key; (void)key_len; (void)out_len;
	a->tfm = a->op = -1;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_hash(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len)
{
	(void)a; (void)out; (void)in; (void)len;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_cipher(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *out,
    const uint8_t *in, size_t len, char *err, size_t err_len)
{
	(void)a; (void)decrypt; (void)iv; (void)iv_len; (void)out; (void)in; (void)len;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_open_aead(afalg_op *a, const char *kname, const uint8_t *key, size_t key_len, size_t tag_len, char *err,
    size_t err_len)
{
	(void)kname; (void)key; (void)key_len; (void)tag_len;
	a->tfm = a->op = -1;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}

int afalg_aead(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *aad, size_t aad_len, uint8_t *out,
    const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len, char *err, size_t err_len)
{
	(void)a; (void)decrypt; (void)iv; (void)iv_len; (void)aad; (void)aad_len; (void)out; (void)in; (void)len;
	(void)tag; (void)tag_len;
	snprintf(err, err_len, "AF_ALG: this system is not Linux");
	return -1;
}
#endif

void afalg_close(afalg_op *a)
{
	if (a->op >= 0)
		close(a->op);
	if (a->tfm >= 0)
		close(a->tfm);
	a->op = a->tfm = -1;
}

void kcrypto_driver(const char *kname, char *drv, size_t drv_len)
{
	FILE *f = fopen("/proc/crypto", "r");
	char line[256], name[128] = "", driver[128] = "";
	long prio = -1, best = -1;

	snprintf(drv, drv_len, "unknown");
	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f)) {
		char val[128];
		if (sscanf(line, "name : %127s", val) == 1) {
			snprintf(name, sizeof(name), "%s", val);
			driver[0] = 0;
			prio = -1;
		} else if (sscanf(line, "driver : %127s", val) == 1) {
			snprintf(driver, sizeof(driver), "%s", val);
		} else if (sscanf(line, "priority : %ld", &prio) == 1) {
			if (strcmp(name, kname) == 0 && prio > best) {
				best = prio;
				snprintf(drv, drv_len, "%s", driver);
			}
		}
	}
	fclose(f);
}

/* Copies the |n| bytes of |v| into |dst| (|size| bytes with the NUL); -1 when they do not fit. */
static int field(char *dst, size_t size, const char *v, size_t n)
{
	if (n >= size)
		return -1;
	memcpy(dst, v, n);
	dst[n] = 0;
	return 0;
}

static int key_is(const char *k, size_t kn, const char *want)
{
	return kn == strlen(want) && memcmp(k, want, kn) == 0;
}

/* One "key : value" line into |a|; 0, or -1 when it breaks the format. */
static int parse_line(kcrypto_alg *a, const char *line, size_t n)
{
	const char *colon = memchr(line, ':', n), *v;
	size_t kn, vn;
	long prio = 0;
	int neg = 0;

	if (colon == NULL)
		return -1;
	kn = (size_t)(colon - line);
	while (kn > 0 && (line[kn - 1] == ' ' || line[kn - 1] == '\t'))
		kn--;
	v = colon + 1;
	vn = n - (size_t)(v - line);
	while (vn > 0 && (*v == ' ' || *v == '\t')) {
		v++;
		vn--;
	}
	while (vn > 0 && (v[vn - 1] == ' ' || v[vn - 1] == '\t' || v[vn - 1] == '\r'))
		vn--;
	if (a->name[0] == 0 && !key_is(line, kn, "name"))
		return -1;
	if (key_is(line, kn, "name"))
		return a->name[0] != 0 || vn == 0 ? -1 : field(a->name, sizeof(a->name), v, vn);
	if (key_is(line, kn, "driver"))
		return vn == 0 ? -1 : field(a->driver, sizeof(a->driver), v, vn);
	if (key_is(line, kn, "module"))
		return vn == 0 ? -1 : field(a->module, sizeof(a->module), v, vn);
	if (key_is(line, kn, "type"))
		return field(a->type, sizeof(a->type), v, vn);
	if (key_is(line, kn, "internal")) {
		a->internal = vn == 3 && memcmp(v, "yes", 3) == 0;
		return 0;
	}
	if (key_is(line, kn, "selftest")) {
		a->selftest = vn == 6 && memcmp(v, "passed", 6) == 0 ? 1 : -1;
		return 0;
	}
	if (key_is(line, kn, "priority")) {
		/* the kernel prints cra_priority with %d */
		if (vn > 0 && *v == '-') {
			neg = 1;
			v++;
			vn--;
		}
		if (vn == 0 || vn > 10)
			return -1;
		for (; vn > 0; v++, vn--) {
			if (*v < '0' || *v > '9')
				return -1;
			prio = prio * 10 + (*v - '0');
		}
		a->priority = neg ? -prio : prio;
		return 0;
	}
	return 0; /* blocksize, ivsize, refcnt ...: not needed here */
}

/* Closes the block in |cur|: stored (when |out| has room) and counted; -1 when it lacks a key. */
static int close_block(kcrypto_alg *cur, kcrypto_alg *out, size_t max, size_t *count)
{
	if (cur->driver[0] == 0 || cur->module[0] == 0 || cur->priority == LONG_MIN)
		return -1;
	if (*count < max)
		out[*count] = *cur;
	(*count)++;
	memset(cur, 0, sizeof(*cur));
	cur->priority = LONG_MIN; /* not given yet */
	return 0;
}

int kcrypto_parse(const char *text, size_t len, kcrypto_alg *out, size_t max)
{
	kcrypto_alg cur;
	size_t pos = 0, count = 0;
	int in_block = 0;

	memset(&cur, 0, sizeof(cur));
	cur.priority = LONG_MIN;
	while (pos < len) {
		size_t end = pos, n;
		while (end < len && text[end] != '\n')
			end++;
		n = end - pos;
		if (n > 0 && text[pos + n - 1] == '\r')
			n--;
		if (n == 0) {
			/* a blank line closes the block */
			if (in_block && close_block(&cur, out, max, &count) != 0)
				return -1;
			in_block = 0;
		} else {
			if (parse_line(&cur, text + pos, n) != 0)
				return -1;
			in_block = 1;
		}
		pos = end < len ? end + 1 : end;
	}
	if (in_block && close_block(&cur, out, max, &count) != 0)
		return -1;
	return count > 0x7fffffff ? -1 : (int)count;
}

/* /proc/crypto is a few hundred entries: 4 MiB is far past any real one */
#define KCRYPTO_MAX_TEXT (4u << 20)

char *kcrypto_read(size_t *len, char *err, size_t err_len)
{
	FILE *f = fopen("/proc/crypto", "r");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	*len = 0;
	if (f == NULL) {
		fail(err, err_len, "/proc/crypto");
		return NULL;
	}
	for (;;) {
		size_t got;
		if (cap - n < 4096) {
			char *nb;
			if (cap >= KCRYPTO_MAX_TEXT) {
				snprintf(err, err_len, "/proc/crypto: longer than %u bytes", KCRYPTO_MAX_TEXT);
				break;
			}
			nb = realloc(buf, cap + 65536);
			if (nb == NULL) {
				snprintf(err, err_len, "/proc/crypto: out of memory");
				break;
			}
			buf = nb;
			cap += 65536;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				fail(err, err_len, "/proc/crypto: read");
				break;
			}
			fclose(f);
			buf[n] = 0;
			*len = n;
			return buf;
		}
	}
	fclose(f);
	free(buf);
	return NULL;
}

size_t kcrypto_drivers(const kcrypto_alg *algs, size_t n, const char *name, const kcrypto_alg **out, size_t max)
{
	size_t i, found = 0;

	for (i = 0; i < n; i++) {
		size_t k;
		if (strcmp(algs[i].name, name) != 0)
			continue;
		/* insertion by priority, stable (a tie stays in /proc/crypto's order);
		 * when |out| is full, an entry above its last replaces the last */
		k = found < max ? found : max;
		found++;
		if (k == max) {
			if (max == 0 || out[max - 1]->priority >= algs[i].priority)
				continue;
			k = max - 1;
		}
		for (; k > 0 && out[k - 1]->priority < algs[i].priority; k--)
			out[k] = out[k - 1];
		out[k] = &algs[i];
	}
	return found;
}

const char *kcrypto_ember_name(size_t i)
{
	/* the names speed_afalg.c binds, by kind, then the ciphers under the templates */
	static const char *const names[] = {
		"md4", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "rmd160",
		"sha3-224", "sha3-256", "sha3-384", "sha3-512",
		"hmac(md5)", "hmac(sha1)", "hmac(sha224)", "hmac(sha256)", "hmac(sha384)", "hmac(sha512)",
		"hmac(rmd160)",
		"cbc(aes)", "ecb(aes)", "ctr(aes)", "cbc(des)", "ecb(des)", "cbc(des3_ede)", "ecb(des3_ede)",
		"cbc(blowfish)", "ecb(blowfish)", "cbc(cast5)", "ecb(cast5)", "cbc(camellia)", "ecb(camellia)",
		"ecb(arc4)",
		"gcm(aes)", "ccm(aes)", "rfc7539(chacha20,poly1305)",
		"aes", "des", "des3_ede", "blowfish", "cast5", "camellia", "arc4", "chacha20", "poly1305", "ghash",
	};

	return i < sizeof(names) / sizeof(names[0]) ? names[i] : NULL;
}

/*
 * cryptodev-linux's ioctl interface (crypto/cryptodev.h), declared here so
 * that building Ember needs no cryptodev headers.
 */
struct cdev_session_op {
	uint32_t cipher, mac, keylen;
	uint8_t *key;
	uint32_t mackeylen;
	uint8_t *mackey;
	uint32_t ses;
};
struct cdev_alg_info {
	char cra_name[64];
	char cra_driver_name[64];
};
struct cdev_session_info_op {
	uint32_t ses;
	struct cdev_alg_info cipher_info, hash_info;
	uint16_t alignmask;
	uint32_t flags;
};
struct cdev_crypt_op {
	uint32_t ses;
	uint16_t op, flags;
	uint32_t len;
	uint8_t *src, *dst, *mac, *iv;
};
#define CDEV_CIOCGSESSION _IOWR('c', 102, struct cdev_session_op)
#define CDEV_CIOCFSESSION _IOW('c', 103, uint32_t)
#define CDEV_CIOCCRYPT _IOWR('c', 104, struct cdev_crypt_op)
#define CDEV_CIOCGSESSINFO _IOWR('c', 107, struct cdev_session_info_op)
#define CDEV_COP_FLAG_WRITE_IV (1 << 2)

int cdev_hash_alg(const char *digest, int hmac)
{
	static const struct {
		const char *name;
		int alg, hmac_alg;
	} map[] = {
		{ "md5", 13, 6 }, { "sha1", 14, 7 }, { "ripemd160", 102, 8 }, { "sha224", 103, 107 },
		{ "sha256", 104, 18 }, { "sha384", 105, 19 }, { "sha512", 106, 20 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(map[i].name, digest) == 0)
			return hmac ? map[i].hmac_alg : map[i].alg;
	return -1;
}

int cdev_cipher_alg(const char *alg, int mode)
{
	/* cryptodev.h: CRYPTO_DES_CBC 1, 3DES_CBC 2, BLF_CBC 3, CAST_CBC 4, AES_CBC 11,
	 * ARC4 12, AES_CTR 21, AES_ECB 23, CAMELLIA_CBC 101 */
	static const struct {
		const char *alg;
		int mode, num;
	} map[] = {
		{ "des", EMBER_MODE_CBC, 1 }, { "des-ede3", EMBER_MODE_CBC, 2 }, { "bf", EMBER_MODE_CBC, 3 },
		{ "cast5", EMBER_MODE_CBC, 4 }, { "aes", EMBER_MODE_CBC, 11 }, { "rc4", EMBER_MODE_STREAM, 12 },
		{ "aes", EMBER_MODE_CTR, 21 }, { "aes", EMBER_MODE_ECB, 23 }, { "camellia", EMBER_MODE_CBC, 101 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(map[i].alg, alg) == 0 && map[i].mode == mode)
			return map[i].num;
	return -1;
}

int cdev_probe(char *err, size_t err_len)
{
	int fd = open("/dev/crypto", O_RDWR);

	if (fd < 0) {
		snprintf(err, err_len, "/dev/crypto: %s (the cryptodev-linux module is not loaded here)", strerror(errno));
		return -1;
	}
	close(fd);
	return 0;
}

int cdev_open(cdev_op *c, int alg, int is_hash, const uint8_t *key, size_t key_len, size_t out_len,
    char *err, size_t err_len)
{
	struct cdev_session_op s;

	memset(c, 0, sizeof(*c));
	c->is_hash = is_hash;
	c->out_len = out_len;
	c->fd = open("/dev/crypto", O_RDWR);
	if (c->fd < 0)
		return fail(err, err_len, "/dev/crypto");
	memset(&s, 0, sizeof(s));
	if (is_hash) {
		s.mac = (uint32_t)alg;
		s.mackey = (uint8_t *)(uintptr_t)key;
		s.mackeylen = (uint32_t)key_len;
	} else {
		s.cipher = (uint32_t)alg;
		s.key = (uint8_t *)(uintptr_t)key;
		s.keylen = (uint32_t)key_len;
	}
	if (ioctl(c->fd, CDEV_CIOCGSESSION, &s) != 0) {
		fail(err, err_len, "/dev/crypto CIOCGSESSION");
		close(c->fd);
		c->fd = -1;
		return -1;
	}
	c->ses = s.ses;
	return 0;
}

int cdev_run(cdev_op *c, int decrypt, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len,
    char *err, size_t err_len)
{
	struct cdev_crypt_op op;

	memset(&op, 0, sizeof(op));
	op.ses = c->ses;
	op.op = (uint16_t)(decrypt ? 1 : 0);
	op.len = (uint32_t)len;
	op.src = (uint8_t *)(uintptr_t)in;
	if (c->is_hash)
		op.mac = out;
	else
		op.dst = out;
	op.iv = iv;
	if (!c->is_hash && iv != NULL)
		op.flags = CDEV_COP_FLAG_WRITE_IV;
	if (ioctl(c->fd, CDEV_CIOCCRYPT, &op) != 0)
		return fail(err, err_len, "/dev/crypto CIOCCRYPT");
	return 0;
}

void cdev_driver(const cdev_op *c, char *drv, size_t drv_len)
{
	struct cdev_session_info_op info;

	snprintf(drv, drv_len, "unknown");
	memset(&info, 0, sizeof(info));
	info.ses = c->ses;
	if (c->fd < 0 || ioctl(c->fd, CDEV_CIOCGSESSINFO, &info) != 0)
		return;
	if (c->is_hash)
		info.hash_info.cra_driver_name[sizeof(info.hash_info.cra_driver_name) - 1] = 0;
	else
		info.cipher_info.cra_driver_name[sizeof(info.cipher_info.cra_driver_name) - 1] = 0;
	snprintf(drv, drv_len, "%s", c->is_hash ? info.hash_info.cra_driver_name : info.cipher_info.cra_driver_name);
}

void cdev_close(cdev_op *c)
{
	if (c->fd >= 0) {
		ioctl(c->fd, CDEV_CIOCFSESSION, &c->ses);
		close(c->fd);
	}
	c->fd = -1;
}
