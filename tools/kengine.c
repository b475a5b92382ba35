/*
 * kengine.c - AF_ALG and /dev/crypto access (see kengine.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

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

static int fail(char *err, size_t len, const char *what)
{
	snprintf(err, len, "%s: %s", what, strerror(errno));
	return -1;
}

const char *afalg_name(const char *ours, int *is_hash)
{
	static const struct {
		const char *ours, *kernel;
		int hash;
	} map[] = {
		{ "md4", "md4", 1 }, { "md5", "md5", 1 }, { "sha1", "sha1", 1 },
		{ "sha224", "sha224", 1 }, { "sha256", "sha256", 1 }, { "sha384", "sha384", 1 },
		{ "sha512", "sha512", 1 }, { "rmd160", "rmd160", 1 }, { "ripemd160", "rmd160", 1 },
		{ "hmac(md5)", "hmac(md5)", 1 }, { "hmac", "hmac(md5)", 1 },
		{ "aes-128-cbc", "cbc(aes)", 0 }, { "aes-192-cbc", "cbc(aes)", 0 },
		{ "aes-256-cbc", "cbc(aes)", 0 }, { "des-cbc", "cbc(des)", 0 },
		{ "des-ede3", "cbc(des3_ede)", 0 }, { "des-ede3-cbc", "cbc(des3_ede)", 0 },
		{ "bf-cbc", "cbc(blowfish)", 0 }, { "cast-cbc", "cbc(cast5)", 0 },
		{ "cast5-cbc", "cbc(cast5)", 0 }, { "camellia-128-cbc", "cbc(camellia)", 0 },
		{ "camellia-192-cbc", "cbc(camellia)", 0 }, { "camellia-256-cbc", "cbc(camellia)", 0 },
		{ "rc4", "ecb(arc4)", 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (strcmp(map[i].ours, ours) == 0) {
			*is_hash = map[i].hash;
			return map[i].kernel;
		}
	}
	return NULL;
}

#ifdef __linux__
int afalg_open(afalg_op *a, const char *kname, int is_hash, const uint8_t *key, size_t key_len,
    size_t out_len, char *err, size_t err_len)
{
	struct sockaddr_alg sa;

	memset(a, 0, sizeof(*a));
	a->tfm = a->op = -1;
	a->is_hash = is_hash;
	a->out_len = out_len;
	a->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (a->tfm < 0)
		return fail(err, err_len, "AF_ALG socket");
	memset(&sa, 0, sizeof(sa));
	sa.salg_family = AF_ALG;
	snprintf((char *)sa.salg_type, sizeof(sa.salg_type), "%s", is_hash ? "hash" : "skcipher");
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
	a->op = accept(a->tfm, NULL, 0);
	if (a->op < 0) {
		fail(err, err_len, "AF_ALG accept");
		afalg_close(a);
		return -1;
	}
	return 0;
}

int afalg_hash(afalg_op *a, uint8_t *out, const uint8_t *in, size_t len, char *err, size_t err_len)
{
	ssize_t n;

	if (send(a->op, in, len, 0) != (ssize_t)len)
		return fail(err, err_len, "AF_ALG send");
	n = read(a->op, out, a->out_len);
	if (n != (ssize_t)a->out_len)
		return fail(err, err_len, "AF_ALG read digest");
	return 0;
}

int afalg_cipher(afalg_op *a, int decrypt, const uint8_t *iv, size_t iv_len, uint8_t *out,
    const uint8_t *in, size_t len, char *err, size_t err_len)
{
	char cbuf[CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(struct af_alg_iv) + 32)];
	struct msghdr msg;
	struct cmsghdr *cm;
	struct iovec iov;
	uint32_t op = decrypt ? ALG_OP_DECRYPT : ALG_OP_ENCRYPT;
	struct af_alg_iv *aiv;

	if (iv_len > 32) {
		snprintf(err, err_len, "AF_ALG: IV too long");
		return -1;
	}
	memset(cbuf, 0, sizeof(cbuf));
	memset(&msg, 0, sizeof(msg));
	msg.msg_control = cbuf;
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
	iov.iov_len = len;
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (sendmsg(a->op, &msg, 0) != (ssize_t)len)
		return fail(err, err_len, "AF_ALG sendmsg");
	if (read(a->op, out, len) != (ssize_t)len)
		return fail(err, err_len, "AF_ALG read");
	return 0;
}
#else
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
struct cdev_crypt_op {
	uint32_t ses;
	uint16_t op, flags;
	uint32_t len;
	uint8_t *src, *dst, *mac, *iv;
};
#define CDEV_CIOCGSESSION _IOWR('c', 102, struct cdev_session_op)
#define CDEV_CIOCFSESSION _IOW('c', 103, uint32_t)
#define CDEV_CIOCCRYPT _IOWR('c', 104, struct cdev_crypt_op)

int cdev_alg(const char *ours, int *is_hash)
{
	static const struct {
		const char *ours;
		int alg, hash;
	} map[] = {
		{ "des-cbc", 1, 0 }, { "des-ede3", 2, 0 }, { "des-ede3-cbc", 2, 0 }, { "bf-cbc", 3, 0 },
		{ "cast-cbc", 4, 0 }, { "cast5-cbc", 4, 0 }, { "aes-128-cbc", 11, 0 },
		{ "aes-192-cbc", 11, 0 }, { "aes-256-cbc", 11, 0 }, { "rc4", 12, 0 },
		{ "md5", 13, 1 }, { "sha1", 14, 1 }, { "camellia-128-cbc", 101, 0 },
		{ "camellia-192-cbc", 101, 0 }, { "camellia-256-cbc", 101, 0 },
		{ "rmd160", 102, 1 }, { "ripemd160", 102, 1 }, { "sha224", 103, 1 },
		{ "sha256", 104, 1 }, { "sha384", 105, 1 }, { "sha512", 106, 1 },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (strcmp(map[i].ours, ours) == 0) {
			*is_hash = map[i].hash;
			return map[i].alg;
		}
	}
	return -1;
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
	if (ioctl(c->fd, CDEV_CIOCCRYPT, &op) != 0)
		return fail(err, err_len, "/dev/crypto CIOCCRYPT");
	return 0;
}

void cdev_close(cdev_op *c)
{
	if (c->fd >= 0) {
		ioctl(c->fd, CDEV_CIOCFSESSION, &c->ses);
		close(c->fd);
	}
	c->fd = -1;
}
