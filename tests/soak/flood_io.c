/*
 * flood_io.c - the soak flood's sockets (every wait bounded by a deadline
 * in ms of fl_now_ms) and its PKI (flood_io.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ember/ecc.h"
#include "ember/keys.h"
#include "ember/x509.h"
#include "flood_io.h"

int64_t fl_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int fl_tcp_connect(int port, int64_t deadline)
{
	struct sockaddr_in a;
	int fd = socket(AF_INET, SOCK_STREAM, 0), fl, err = 0;
	socklen_t el = sizeof(err);
	struct pollfd pf;

	if (fd < 0)
		return -1;
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	a.sin_port = htons((uint16_t)port);
	fl = fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, fl | O_NONBLOCK);
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0)
		return fd;
	if (errno != EINPROGRESS) {
		close(fd);
		return -1;
	}
	pf.fd = fd;
	pf.events = POLLOUT;
	pf.revents = 0;
	if (poll(&pf, 1, (int)(deadline - fl_now_ms() > 0 ? deadline - fl_now_ms() : 0)) != 1 ||
	    getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0 || err != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* 0 when all |n| bytes went, -1 on error or past the deadline. */
int fl_send_all(int fd, const uint8_t *p, size_t n, int64_t deadline)
{
	while (n > 0) {
		struct pollfd pf = { fd, POLLOUT, 0 };
		ssize_t r;
		int64_t left = deadline - fl_now_ms();
		if (left <= 0 || poll(&pf, 1, (int)left) != 1)
			return -1;
		r = send(fd, p, n, MSG_NOSIGNAL);
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

/* Bytes received (> 0), 0 at the peer's FIN, -1 on error (a reset), -2 past the deadline. */
ssize_t fl_recv_some(int fd, uint8_t *p, size_t cap, int64_t deadline)
{
	for (;;) {
		struct pollfd pf = { fd, POLLIN, 0 };
		ssize_t r;
		int64_t left = deadline - fl_now_ms();
		if (left <= 0)
			return -2;
		if (poll(&pf, 1, (int)left) == 0)
			return -2;
		r = recv(fd, p, cap, 0);
		if (r < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		return r < 0 ? -1 : r;
	}
}

/* Reads until the peer closes (FIN or reset); 0, or -2 when the deadline came first. */
int fl_until_closed(int fd, int64_t deadline)
{
	uint8_t b[4096];

	for (;;) {
		ssize_t r = fl_recv_some(fd, b, sizeof(b), deadline);
		if (r == 0 || r == -1)
			return 0;
		if (r == -2)
			return -2;
	}
}

/* Closes with a FIN, or with a reset (SO_LINGER 0). */
void fl_drop(int fd, int reset)
{
	if (reset) {
		struct linger l = { 1, 0 };
		setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof(l));
	}
	close(fd);
}

static int write_file(const char *dir, const char *name, const void *p, size_t n)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (f == NULL || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "flood: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int write_pem(const char *dir, const char *name, const uint8_t *der, size_t len)
{
	static char pem[3 * CERT_MAX];
	size_t n = 0;

	if (ember_pem_encode("CERTIFICATE", der, len, pem, sizeof(pem), &n) != 0)
		return -1;
	return write_file(dir, name, pem, strlen(pem));
}

int fl_pki(const char *dir)
{
	static ember_pkey ca_key, key;
	static uint8_t ca[CERT_MAX], leaf[CERT_MAX], kbuf[EMBER_PKEY_MAX_PEM];
	size_t ca_len = 0, leaf_len = 0, n = 0;
	ember_x509_issue_params p;
	ember_x509_cert ca_cert;
	int64_t now = (int64_t)time(NULL);

	ca_key.type = key.type = EMBER_PKEY_EC;
	ca_key.has_private = key.has_private = 1;
	if (ember_ecc_generate_key(&ca_key.u.ec, EMBER_ECC_P256) != 0 || ember_ecc_generate_key(&key.u.ec, EMBER_ECC_P256) != 0) {
		fprintf(stderr, "flood: P-256 key generation failed\n");
		return 1;
	}
	memset(&p, 0, sizeof(p));
	p.subject_cn = "Ember Soak CA";
	p.issuer_key = &ca_key;
	p.subject_key = &ca_key;
	p.serial = 1;
	p.not_before = now - 86400;
	p.not_after = now + 86400 * 30;
	p.is_ca = 1;
	if (ember_x509_issue(ca, sizeof(ca), &ca_len, &p) != 0 || ember_x509_parse(&ca_cert, ca, ca_len) != 0) {
		fprintf(stderr, "flood: cannot issue the CA certificate\n");
		return 1;
	}
	memset(&p, 0, sizeof(p));
	p.subject_cn = "ember.test";
	p.issuer = &ca_cert;
	p.issuer_key = &ca_key;
	p.subject_key = &key;
	p.serial = 2;
	p.not_before = now - 3600;
	p.not_after = now + 86400 * 30;
	p.dns_name = "ember.test";
	if (ember_x509_issue(leaf, sizeof(leaf), &leaf_len, &p) != 0) {
		fprintf(stderr, "flood: cannot issue the server certificate\n");
		return 1;
	}
	if (ember_pkey_write(&key, EMBER_PKEY_PKCS8, 1, kbuf, sizeof(kbuf), &n) != 0) {
		fprintf(stderr, "flood: cannot write the server key\n");
		return 1;
	}
	if (write_pem(dir, "ca.pem", ca, ca_len) || write_pem(dir, "server.crt", leaf, leaf_len) ||
	    write_file(dir, "server.key", kbuf, strlen((char *)kbuf)))
		return 1;
	ember_pkey_clear(&key);
	ember_pkey_clear(&ca_key);
	return 0;
}

int fl_load_ca(const char *path, uint8_t *ca, size_t cap, size_t *len)
{
	static char text[3 * CERT_MAX];
	char label[32];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL) {
		fprintf(stderr, "flood: -ca %s: %s\n", path, strerror(errno));
		return -1;
	}
	n = fread(text, 1, sizeof(text) - 1, f);
	fclose(f);
	text[n] = '\0';
	if (ember_pem_decode(text, n, "CERTIFICATE\0", label, sizeof(label), ca, cap, len) != 0) {
		fprintf(stderr, "flood: -ca %s: no PEM certificate\n", path);
		return -1;
	}
	return 0;
}

