/*
 * tlsnet.c - sockets, the record pump and the names and files that
 * `ember s_server` and `ember s_client` share (tlsnet.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "tlsnet.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "ember/keys.h"
#include "ember/x509.h"
#include "tool.h"

static const char *hs_name(uint8_t t)
{
	static const struct {
		uint8_t t;
		const char *name;
	} names[] = { { 0, "HelloRequest" }, { 1, "ClientHello" }, { 2, "ServerHello" }, { 4, "NewSessionTicket" },
		{ 5, "EndOfEarlyData" }, { 8, "EncryptedExtensions" }, { 11, "Certificate" }, { 12, "ServerKeyExchange" },
		{ 13, "CertificateRequest" }, { 14, "ServerHelloDone" }, { 15, "CertificateVerify" },
		{ 16, "ClientKeyExchange" }, { 20, "Finished" }, { 24, "KeyUpdate" } };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].t == t)
			return names[i].name;
	return "???";
}

void tlsnet_msg(void *arg, int sent, uint16_t version, int content_type, const uint8_t *msg, size_t len)
{
	FILE *f = arg;
	const char *v = version == 0x0303 ? "TLS 1.2" : "TLS 1.3", *an;
	size_t i;

	fprintf(f, "%s %s, ", sent ? ">>>" : "<<<", v);
	switch (content_type) {
	case EMBER_TLS_CT_HANDSHAKE:
		fprintf(f, "Handshake [length %04zx], %s\n", len, len ? hs_name(msg[0]) : "???");
		break;
	case EMBER_TLS_CT_CHANGE_CIPHER_SPEC:
		fprintf(f, "ChangeCipherSpec [length %04zx]\n", len);
		break;
	case EMBER_TLS_CT_ALERT:
		an = len == 2 ? ember_tls_alert_name(msg[1]) : NULL;
		fprintf(f, "Alert [length %04zx], %s %s\n", len, len == 2 && msg[0] == 1 ? "warning" : "fatal",
		    an ? an : "???");
		break;
	default:
		fprintf(f, "??? [length %04zx]\n", len);
		break;
	}
	for (i = 0; i < len; i++)
		fprintf(f, "%s%02x%s", i % 16 == 0 ? "    " : "", msg[i], i % 16 == 15 || i + 1 == len ? "\n" : " ");
	fflush(f);
}

int64_t tlsnet_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int tlsnet_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	return fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0 ? -1 : 0;
}

int tlsnet_is_ip(const char *s)
{
	unsigned char b[16];

	return inet_pton(AF_INET, s, b) == 1 || inet_pton(AF_INET6, s, b) == 1;
}

/* Splits "[host:]port" / "[v6]:port"; host "" when absent. 0, or -1. */
static int split_hostport(const char *arg, char *host, size_t host_len, char *port, size_t port_len)
{
	const char *colon, *p;
	size_t hl;

	if (arg[0] == '[') {
		const char *end = strchr(arg, ']');
		if (end == NULL || end[1] != ':')
			return -1;
		hl = (size_t)(end - arg - 1);
		if (hl >= host_len)
			return -1;
		memcpy(host, arg + 1, hl);
		host[hl] = '\0';
		p = end + 2;
	} else if ((colon = strrchr(arg, ':')) != NULL) {
		hl = (size_t)(colon - arg);
		if (hl >= host_len || memchr(arg, ':', hl) != NULL)
			return -1;
		memcpy(host, arg, hl);
		host[hl] = '\0';
		p = colon + 1;
	} else {
		host[0] = '\0';
		p = arg;
	}
	if (*p == '\0' || strlen(p) >= port_len || strspn(p, "0123456789") != strlen(p) || strlen(p) > 5 ||
	    atol(p) > 65535)
		return -1;
	strcpy(port, p);
	return 0;
}

int tlsnet_listen(const char *cmd, const char *arg, char *bound, size_t bound_len)
{
	char host[256], port[8], h[INET6_ADDRSTRLEN];
	struct addrinfo hints, *res = NULL;
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	int fd, one = 1, rc;

	if (split_hostport(arg, host, sizeof(host), port, sizeof(port)) != 0) {
		tool_error(cmd, "-accept %s: not [host:]port (port 0 to 65535)", arg);
		return -1;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE;
	hints.ai_family = host[0] == '\0' || strcmp(host, "*") == 0 ? AF_INET : AF_UNSPEC;
	rc = getaddrinfo(host[0] == '\0' || strcmp(host, "*") == 0 ? NULL : host, port, &hints, &res);
	if (rc != 0) {
		tool_error(cmd, "-accept %s: %s", arg, gai_strerror(rc));
		return -1;
	}
	fd = socket(res->ai_family, SOCK_STREAM, 0);
	if (fd < 0) {
		tool_error(cmd, "-accept %s: socket: %s", arg, strerror(errno));
		freeaddrinfo(res);
		return -1;
	}
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, res->ai_addr, res->ai_addrlen) != 0 || listen(fd, 16) != 0 || tlsnet_nonblock(fd) != 0) {
		tool_error(cmd, "-accept %s: %s", arg, strerror(errno));
		freeaddrinfo(res);
		close(fd);
		return -1;
	}
	freeaddrinfo(res);
	getsockname(fd, (struct sockaddr *)&ss, &sl);
	if (ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)&ss;
		inet_ntop(AF_INET6, &a->sin6_addr, h, sizeof(h));
		snprintf(bound, bound_len, "[%s]:%u", h, (unsigned)ntohs(a->sin6_port));
	} else {
		const struct sockaddr_in *a = (const struct sockaddr_in *)&ss;
		inet_ntop(AF_INET, &a->sin_addr, h, sizeof(h));
		snprintf(bound, bound_len, "%s:%u", h, (unsigned)ntohs(a->sin_port));
	}
	return fd;
}

/* the addresses of one name that a client tries in turn */
#define TLSNET_MAX_ADDRS 8

int tlsnet_connect(const char *cmd, const char *arg, int timeout_ms, char *host, size_t host_len)
{
	tlsnet_addr a[TLSNET_MAX_ADDRS];
	size_t n, i;
	int fd = -1, err = 0;
	int64_t deadline = tlsnet_now_ms() + timeout_ms;

	if (tlsnet_resolve(cmd, arg, host, host_len, a, TLSNET_MAX_ADDRS, &n) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		struct pollfd pf;
		int left, rc;

		fd = tlsnet_connect_start(&a[i]);
		if (fd < 0) {
			err = errno;
			continue;
		}
		pf.fd = fd;
		pf.events = POLLOUT;
		left = (int)(deadline - tlsnet_now_ms());
		rc = left > 0 ? poll(&pf, 1, left) : 0;
		err = rc == 1 ? tlsnet_connect_error(fd) : rc == 0 ? ETIMEDOUT : errno;
		if (err == 0)
			break;
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		tool_error(cmd, "-connect %s: %s", arg, strerror(err ? err : ECONNREFUSED));
	return fd;
}

int tlsnet_resolve(const char *cmd, const char *arg, char *host, size_t host_len, tlsnet_addr *a, size_t max,
    size_t *n)
{
	char port[8];
	struct addrinfo hints, *res = NULL, *ai;
	int rc;

	*n = 0;
	if (split_hostport(arg, host, host_len, port, sizeof(port)) != 0 || host[0] == '\0' || atol(port) == 0) {
		tool_error(cmd, "-connect %s: not host:port (port 1 to 65535)", arg);
		return -1;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	rc = getaddrinfo(host, port, &hints, &res);
	if (rc != 0) {
		tool_error(cmd, "-connect %s: %s", arg, gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL && *n < max; ai = ai->ai_next) {
		if (ai->ai_addrlen > sizeof(a[*n].ss))
			continue;
		memset(&a[*n], 0, sizeof(a[*n]));
		memcpy(&a[*n].ss, ai->ai_addr, ai->ai_addrlen);
		a[*n].len = ai->ai_addrlen;
		(*n)++;
	}
	freeaddrinfo(res);
	if (*n == 0) {
		tool_error(cmd, "-connect %s: no address", arg);
		return -1;
	}
	return 0;
}

int tlsnet_connect_start(const tlsnet_addr *a)
{
	int fd = socket(a->ss.ss_family, SOCK_STREAM, 0), e;

	if (fd < 0)
		return -1;
	if (tlsnet_nonblock(fd) != 0 || (connect(fd, (const struct sockaddr *)&a->ss, a->len) != 0 && errno != EINPROGRESS)) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int tlsnet_connect_error(int fd)
{
	int err = 0;
	socklen_t el = sizeof(err);

	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) != 0)
		return errno;
	return err;
}

int tlsnet_feed(tlsnet_io *io, ember_tls13_conn *c)
{
	size_t used;

	while (io->in_len > 0 && ember_tls13_state(c) <= EMBER_TLS13_CONNECTED) {
		used = 0;
		if (ember_tls13_input(c, io->in, io->in_len, &used) != 0)
			return 0; /* the connection failed: its alert waits in its output */
		if (used == 0)
			break;
		memmove(io->in, io->in + used, io->in_len - used);
		io->in_len -= used;
	}
	return 0;
}

int tlsnet_recv(tlsnet_io *io, ember_tls13_conn *c)
{
	while (io->in_len < sizeof(io->in) && !io->eof) {
		ssize_t n = recv(io->fd, io->in + io->in_len, sizeof(io->in) - io->in_len, 0);
		if (n > 0) {
			io->in_len += (size_t)n;
			continue;
		}
		if (n == 0) {
			io->eof = 1;
			break;
		}
		if (errno == EINTR)
			continue;
		if (errno == EAGAIN || errno == EWOULDBLOCK)
			break;
		return -1;
	}
	return tlsnet_feed(io, c);
}

int tlsnet_flush(tlsnet_io *io, ember_tls13_conn *c)
{
	for (;;) {
		if (io->out_off == io->out_len) {
			size_t n = 0;
			io->out_off = io->out_len = 0;
			if (!ember_tls13_output_pending(c) || ember_tls13_output(c, io->out, sizeof(io->out), &n) != 0 ||
			    n == 0)
				return 0;
			io->out_len = n;
		}
		while (io->out_off < io->out_len) {
			ssize_t n = send(io->fd, io->out + io->out_off, io->out_len - io->out_off, MSG_NOSIGNAL);
			if (n > 0) {
				io->out_off += (size_t)n;
				continue;
			}
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
				return 0;
			return -1;
		}
	}
}

int tlsnet_pending(const tlsnet_io *io, const ember_tls13_conn *c)
{
	return io->out_off < io->out_len || ember_tls13_output_pending(c);
}

short tlsnet_want(const tlsnet_io *io, const ember_tls13_conn *c)
{
	short ev = 0;

	if (io->in_len < sizeof(io->in) && !io->eof)
		ev |= POLLIN;
	if (tlsnet_pending(io, c))
		ev |= POLLOUT;
	return ev;
}

int tlsnet_send_app(tlsnet_io *io, ember_tls13_conn *c, const uint8_t *p, size_t len)
{
	size_t n = 0;

	if (io->out_off < io->out_len || ember_tls13_output_pending(c))
		return -1;
	if (ember_tls13_write(c, io->out, sizeof(io->out), &n, p, len) != 0)
		return -1;
	io->out_off = 0;
	io->out_len = n;
	return 0;
}

/* ---- names ---- */

static const struct tls_name {
	const char *name;
	uint16_t id;
	int bits;
} group_names[] = {
	{ "X25519", EMBER_TLS_GROUP_X25519, 253 },
	{ "P-256", EMBER_TLS_GROUP_SECP256R1, 256 },
	{ "P-384", EMBER_TLS_GROUP_SECP384R1, 384 },
	{ "X25519MLKEM768", EMBER_TLS_GROUP_X25519MLKEM768, 0 },
	{ "secp256r1", EMBER_TLS_GROUP_SECP256R1, 256 },
	{ "prime256v1", EMBER_TLS_GROUP_SECP256R1, 256 },
	{ "secp384r1", EMBER_TLS_GROUP_SECP384R1, 384 },
};

static const uint16_t sig_ids[] = {
	EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256, EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256,
	EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384, EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512, EMBER_TLS_SIG_ED25519,
	EMBER_TLS_SIG_MLDSA44, EMBER_TLS_SIG_MLDSA65, EMBER_TLS_SIG_MLDSA87,
};

const char *tlsnet_group_name(uint16_t g, int *bits)
{
	size_t i;

	for (i = 0; i < sizeof(group_names) / sizeof(group_names[0]); i++)
		if (group_names[i].id == g) {
			if (bits)
				*bits = group_names[i].bits;
			return group_names[i].name;
		}
	if (bits)
		*bits = 0;
	return "unknown";
}

/* Calls |one| on each ':'-separated word of |arg|. */
static int each_word(const char *cmd, const char *opt, const char *arg, uint16_t *out, size_t *n,
    int (*one)(const char *w, uint16_t *id))
{
	char w[64];
	const char *p = arg;

	*n = 0;
	for (;;) {
		size_t l = strcspn(p, ":,");
		uint16_t id = 0;
		if (l == 0 || l >= sizeof(w))
			return tool_error(cmd, "%s %s: empty or overlong name in the list", opt, arg);
		memcpy(w, p, l);
		w[l] = '\0';
		if (one(w, &id) != 0)
			return tool_error(cmd, "%s: unknown or unsupported name '%s'", opt, w);
		if (*n == TLSNET_MAX_LIST)
			return tool_error(cmd, "%s: more than %d names", opt, TLSNET_MAX_LIST);
		out[(*n)++] = id;
		if (p[l] == '\0')
			return 0;
		p += l + 1;
	}
}

static int one_group(const char *w, uint16_t *id)
{
	size_t i;

	for (i = 0; i < sizeof(group_names) / sizeof(group_names[0]); i++)
		if (strcasecmp(w, group_names[i].name) == 0 && ember_tls_group_supported(group_names[i].id)) {
			*id = group_names[i].id;
			return 0;
		}
	return -1;
}

static int one_sig(const char *w, uint16_t *id)
{
	size_t i;

	for (i = 0; i < sizeof(sig_ids) / sizeof(sig_ids[0]); i++) {
		const char *nm = ember_tls_sig_name(sig_ids[i]);
		if (nm && strcasecmp(w, nm) == 0 && ember_tls_sig_supported(sig_ids[i])) {
			*id = sig_ids[i];
			return 0;
		}
	}
	return -1;
}

static int one_suite(const char *w, uint16_t *id)
{
	const ember_tls13_suite *s = ember_tls13_suite_by_name(w);

	if (s == NULL)
		return -1;
	*id = s->id;
	return 0;
}

int tlsnet_groups(const char *cmd, const char *arg, uint16_t *out, size_t *n)
{
	return each_word(cmd, "-groups", arg, out, n, one_group);
}

int tlsnet_sigalgs(const char *cmd, const char *arg, uint16_t *out, size_t *n)
{
	return each_word(cmd, "-sigalgs", arg, out, n, one_sig);
}

int tlsnet_suites(const char *cmd, const char *arg, uint16_t *out, size_t *n)
{
	return each_word(cmd, "-ciphersuites", arg, out, n, one_suite);
}

static int one_suite12(const char *w, uint16_t *id)
{
	const ember_tls12_suite *s = ember_tls12_suite_by_name(w);

	if (s == NULL)
		return -1;
	*id = s->id;
	return 0;
}

int tlsnet_version_option(tlsnet_lists *l, const char *opt)
{
	if (strcmp(opt, "-tls1_3") == 0)
		l->only |= EMBER_TLS_VERSION_1_3;
	else if (strcmp(opt, "-tls1_2") == 0)
		l->only |= EMBER_TLS_VERSION_1_2;
	else if (strcmp(opt, "-no_tls1_3") == 0)
		l->without |= EMBER_TLS_VERSION_1_3;
	else if (strcmp(opt, "-no_tls1_2") == 0)
		l->without |= EMBER_TLS_VERSION_1_2;
	else
		return 0;
	return 1;
}

const char *tlsnet_version_name(const ember_tls13_conn *c)
{
	uint16_t v = ember_tls_conn_version(c);

	return v == 0x0304 ? "TLSv1.3" : v == 0x0303 ? "TLSv1.2" : "?";
}

const char *tlsnet_suite_name(const ember_tls13_conn *c)
{
	const ember_tls13_suite *s13 = ember_tls13_conn_suite(c);
	const ember_tls12_suite *s12 = ember_tls12_conn_suite(c);

	return s13 ? s13->name : s12 ? s12->ossl_name : "?";
}

int tlsnet_lists_option(tlsnet_lists *l, const char *opt, const char *v)
{
	if (strcmp(opt, "-groups") == 0 || strcmp(opt, "-curves") == 0)
		l->groups = v;
	else if (strcmp(opt, "-sigalgs") == 0)
		l->sigalgs = v;
	else if (strcmp(opt, "-ciphersuites") == 0)
		l->suites = v;
	else if (strcmp(opt, "-cipher") == 0)
		l->cipher = v;
	else
		return 0;
	return 1;
}

int tlsnet_lists_apply(const char *cmd, tlsnet_lists *l, ember_tls13_config *cfg)
{
	if ((l->groups && tlsnet_groups(cmd, l->groups, l->g, &cfg->n_groups)) ||
	    (l->sigalgs && tlsnet_sigalgs(cmd, l->sigalgs, l->sg, &cfg->n_sig_schemes)) ||
	    (l->suites && tlsnet_suites(cmd, l->suites, l->su, &cfg->n_suites)) ||
	    (l->cipher && each_word(cmd, "-cipher", l->cipher, l->c12, &cfg->n_tls12_suites, one_suite12)))
		return 1;
	cfg->versions = (l->only ? l->only : EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3) & ~l->without;
	if (cfg->versions == 0)
		return tool_error(cmd, "-no_tls1_2/-no_tls1_3: no protocol version left (TLS 1.2 and 1.3 are Ember's)");
	cfg->tls12_suites = l->cipher ? l->c12 : NULL;
	cfg->groups = l->groups ? l->g : NULL;
	cfg->sig_schemes = l->sigalgs ? l->sg : NULL;
	cfg->suites = l->suites ? l->su : NULL;
	return 0;
}

/* ---- certificate files ---- */

void tlsnet_certs_free(tlsnet_certs *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->der[i]);
	c->n = 0;
}

int tlsnet_certs_load(const char *cmd, const char *opt, const char *path, tlsnet_certs *c)
{
	FILE *f = fopen(path, "rb");
	static char text[1 << 18];
	size_t len, off = 0;

	c->n = 0;
	if (f == NULL)
		return tool_error(cmd, "%s %s: %s", opt, path, strerror(errno));
	len = fread(text, 1, sizeof(text) - 1, f);
	if (!feof(f)) {
		fclose(f);
		return tool_error(cmd, "%s %s: larger than %zu bytes", opt, path, sizeof(text) - 1);
	}
	fclose(f);
	text[len] = '\0';
	if (len == 0)
		return tool_error(cmd, "%s %s: empty file", opt, path);
	if ((unsigned char)text[0] == 0x30) { /* DER: one certificate */
		c->der[0] = malloc(len);
		if (c->der[0] == NULL)
			return tool_error(cmd, "out of memory");
		memcpy(c->der[0], text, len);
		c->len[0] = len;
		c->n = 1;
	} else {
		for (;;) {
			const char *b = strstr(text + off, "-----BEGIN CERTIFICATE-----");
			const char *e;
			char label[32];
			uint8_t *der;
			size_t dl = 0;

			if (b == NULL)
				break;
			e = strstr(b, "-----END CERTIFICATE-----");
			if (e == NULL)
				break;
			e += strlen("-----END CERTIFICATE-----");
			if (c->n == TLSNET_MAX_CERTS) {
				tlsnet_certs_free(c);
				return tool_error(cmd, "%s %s: more than %d certificates", opt, path, TLSNET_MAX_CERTS);
			}
			der = malloc(TLSNET_CERT_MAX);
			if (der == NULL || ember_pem_decode(b, (size_t)(e - b), "CERTIFICATE\0", label, sizeof(label), der,
			                       TLSNET_CERT_MAX, &dl) != 0) {
				free(der);
				tlsnet_certs_free(c);
				return tool_error(cmd, "%s %s: a CERTIFICATE block that does not decode", opt, path);
			}
			c->der[c->n] = der;
			c->len[c->n++] = dl;
			off = (size_t)(e - text);
		}
	}
	if (c->n == 0)
		return tool_error(cmd, "%s %s: no certificate in the file (PEM CERTIFICATE or DER)", opt, path);
	{
		size_t i;
		ember_x509_cert x;
		for (i = 0; i < c->n; i++)
			if (ember_x509_parse(&x, c->der[i], c->len[i]) != 0) {
				tlsnet_certs_free(c);
				return tool_error(cmd, "%s %s: certificate %zu does not parse as X.509", opt, path, i + 1);
			}
	}
	return 0;
}
