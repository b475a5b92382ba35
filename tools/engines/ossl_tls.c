/*
 * ossl_tls.c - the system's libssl as an in-memory TLS 1.3 peer (ossl_tls.h).
 * Only the calls below are used, by their OpenSSL 1.1.1/3.x ABI; macros of
 * ssl.h are spelled as the SSL_ctrl/SSL_CTX_ctrl calls they expand to.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ossl_tls.h"

/* ssl.h's numbers (stable ABI) */
#define TLS1_3_VERSION 0x0304
#define TLS1_2_VERSION 0x0303
#define CTRL_SET_MIN_PROTO_VERSION 123
#define CTRL_SET_MAX_PROTO_VERSION 124
#define CTRL_SET_GROUPS_LIST 92
#define CTRL_SET_SIGALGS_LIST 98
#define CTRL_CHAIN_CERT 89
#define CTRL_SET_TLSEXT_HOSTNAME 55
#define CTRL_GET_NEGOTIATED_GROUP 134
#define CTRL_SET_SESS_CACHE_MODE 44
#define SESS_CACHE_OFF 0
#define OP_NO_TICKET ((uint64_t)1 << 14)
#define VERIFY_PEER 0x01
#define ERROR_WANT_READ 2
#define ERROR_WANT_WRITE 3
#define ERROR_ZERO_RETURN 6

static struct {
	const void *(*TLS_method)(void);
	void *(*SSL_CTX_new)(const void *);
	void (*SSL_CTX_free)(void *);
	long (*SSL_CTX_ctrl)(void *, int, long, void *);
	int (*SSL_CTX_set_ciphersuites)(void *, const char *);
	int (*SSL_CTX_set_cipher_list)(void *, const char *);
	int (*SSL_CTX_use_certificate)(void *, void *);
	int (*SSL_CTX_use_PrivateKey)(void *, void *);
	void *(*SSL_CTX_get_cert_store)(const void *);
	void (*SSL_CTX_set_verify)(void *, int, void *);
	void *(*SSL_CTX_get0_param)(void *);
	int (*SSL_CTX_set_num_tickets)(void *, size_t);
	uint64_t (*SSL_CTX_set_options)(void *, uint64_t); /* libssl.so.3: 3.x's signature */
	int (*SSL_CTX_set_tlsext_max_fragment_length)(void *, uint8_t);
	void *(*SSL_new)(void *);
	void (*SSL_free)(void *);
	void (*SSL_set_connect_state)(void *);
	void (*SSL_set_accept_state)(void *);
	void (*SSL_set_bio)(void *, void *, void *);
	int (*SSL_do_handshake)(void *);
	int (*SSL_get_error)(const void *, int);
	int (*SSL_read)(void *, void *, int);
	int (*SSL_write)(void *, const void *, int);
	int (*SSL_key_update)(void *, int);
	long (*SSL_ctrl)(void *, int, long, void *);
	int (*SSL_set1_host)(void *, const char *);
	const void *(*SSL_get_current_cipher)(const void *);
	const char *(*SSL_CIPHER_get_name)(const void *);
	const void *(*BIO_s_mem)(void);
	void *(*BIO_new)(const void *);
	int (*BIO_write)(void *, const void *, int);
	int (*BIO_read)(void *, void *, int);
	int (*BIO_free)(void *);
	void *(*d2i_X509)(void **, const unsigned char **, long);
	void (*X509_free)(void *);
	void *(*d2i_AutoPrivateKey)(void **, const unsigned char **, long);
	void (*EVP_PKEY_free)(void *);
	int (*X509_STORE_add_cert)(void *, void *);
	void (*X509_VERIFY_PARAM_set_time)(void *, time_t);
	unsigned long (*ERR_get_error)(void);
	void (*ERR_error_string_n)(unsigned long, char *, size_t);
	void (*ERR_clear_error)(void);
	const char *(*OpenSSL_version)(int);
} f;

static int state; /* 0 not tried, 1 loaded, -1 failed */
static const char *failure = "libssl not loaded";

int ossl_tls_load(const char **why)
{
	static const char *const names[] = { "libssl.so.3", "libssl.so" };
	void *h = NULL;
	size_t i;

	if (state == 0) {
		state = -1;
		for (i = 0; i < sizeof(names) / sizeof(names[0]) && h == NULL; i++)
			h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
		if (h == NULL) {
			failure = "libssl.so.3 not found (install libssl3)";
		} else {
#define S(name)                                                          \
	do {                                                             \
		*(void **)(&f.name) = dlsym(h, #name);                   \
		if (f.name == NULL) {                                    \
			failure = "libssl: symbol " #name " missing (OpenSSL older than 3.0?)"; \
			goto out;                                        \
		}                                                        \
	} while (0)
			S(TLS_method);
			S(SSL_CTX_new);
			S(SSL_CTX_free);
			S(SSL_CTX_ctrl);
			S(SSL_CTX_set_ciphersuites);
			S(SSL_CTX_set_cipher_list);
			S(SSL_CTX_use_certificate);
			S(SSL_CTX_use_PrivateKey);
			S(SSL_CTX_get_cert_store);
			S(SSL_CTX_set_verify);
			S(SSL_CTX_get0_param);
			S(SSL_CTX_set_num_tickets);
			S(SSL_CTX_set_options);
			S(SSL_CTX_set_tlsext_max_fragment_length);
			S(SSL_new);
			S(SSL_free);
			S(SSL_set_connect_state);
			S(SSL_set_accept_state);
			S(SSL_set_bio);
			S(SSL_do_handshake);
			S(SSL_get_error);
			S(SSL_read);
			S(SSL_write);
			S(SSL_key_update);
			S(SSL_ctrl);
			S(SSL_set1_host);
			S(SSL_get_current_cipher);
			S(SSL_CIPHER_get_name);
			S(BIO_s_mem);
			S(BIO_new);
			S(BIO_write);
			S(BIO_read);
			S(BIO_free);
			S(d2i_X509);
			S(X509_free);
			S(d2i_AutoPrivateKey);
			S(EVP_PKEY_free);
			S(X509_STORE_add_cert);
			S(X509_VERIFY_PARAM_set_time);
			S(ERR_get_error);
			S(ERR_error_string_n);
			S(ERR_clear_error);
			S(OpenSSL_version);
#undef S
			state = 1;
		}
	}
out:
	if (state != 1 && why)
		*why = failure;
	return state == 1 ? 0 : -1;
}

const char *ossl_tls_version(void)
{
	return state == 1 ? f.OpenSSL_version(0) : "none";
}

struct ossl_tls_ctx {
	void *ctx;
	int server, verify;
	char host[256];
};

struct ossl_tls {
	ossl_tls_ctx *own;   /* the context ossl_tls_new made for this connection alone */
	void *ssl, *rbio, *wbio;
};

const char *ossl_tls_error(void)
{
	static char buf[256];
	unsigned long e = state == 1 ? f.ERR_get_error() : 0;

	if (e == 0)
		return "no error queued";
	f.ERR_error_string_n(e, buf, sizeof(buf));
	return buf;
}

void ossl_tls_ctx_free(ossl_tls_ctx *c)
{
	if (c == NULL)
		return;
	if (c->ctx)
		f.SSL_CTX_free(c->ctx);
	free(c);
}

void ossl_tls_free(ossl_tls *t)
{
	if (t == NULL)
		return;
	if (t->ssl)
		f.SSL_free(t->ssl); /* frees both BIOs */
	ossl_tls_ctx_free(t->own);
	free(t);
}

static void *x509(const uint8_t *der, size_t len)
{
	const unsigned char *p = der;

	return f.d2i_X509(NULL, &p, (long)len);
}

ossl_tls_ctx *ossl_tls_ctx_new(const ossl_tls_cfg *cfg, const char **why)
{
	ossl_tls_ctx *c;
	size_t i;

	if (ossl_tls_load(why))
		return NULL;
	c = calloc(1, sizeof(*c));
	if (c == NULL) {
		*why = "out of memory";
		return NULL;
	}
	c->server = cfg->server;
	*why = "host name too long";
	if (cfg->host && strlen(cfg->host) >= sizeof(c->host))
		goto fail;
	snprintf(c->host, sizeof(c->host), "%s", cfg->host ? cfg->host : "");
	f.ERR_clear_error();
	*why = "SSL_CTX_new";
	c->ctx = f.SSL_CTX_new(f.TLS_method());
	if (c->ctx == NULL)
		goto fail;
	*why = cfg->tls12 ? "TLS 1.2 only" : "TLS 1.3 only";
	if (!f.SSL_CTX_ctrl(c->ctx, CTRL_SET_MIN_PROTO_VERSION, cfg->tls12 ? TLS1_2_VERSION : TLS1_3_VERSION, NULL) ||
	    !f.SSL_CTX_ctrl(c->ctx, CTRL_SET_MAX_PROTO_VERSION, cfg->tls12 ? TLS1_2_VERSION : TLS1_3_VERSION, NULL))
		goto fail;
	*why = "SSL_CTX_set_cipher_list";
	if (cfg->cipher_list && !f.SSL_CTX_set_cipher_list(c->ctx, cfg->cipher_list))
		goto fail;
	*why = "SSL_CTX_set_ciphersuites";
	if (cfg->suites && !f.SSL_CTX_set_ciphersuites(c->ctx, cfg->suites))
		goto fail;
	*why = "SSL_CTX_set_tlsext_max_fragment_length";
	if (cfg->max_fragment_length && !f.SSL_CTX_set_tlsext_max_fragment_length(c->ctx, (uint8_t)cfg->max_fragment_length))
		goto fail;
	*why = "SSL_CTX_set1_groups_list";
	if (cfg->groups && !f.SSL_CTX_ctrl(c->ctx, CTRL_SET_GROUPS_LIST, 0, (void *)(uintptr_t)cfg->groups))
		goto fail;
	*why = "SSL_CTX_set1_sigalgs_list";
	if (cfg->sigalgs && !f.SSL_CTX_ctrl(c->ctx, CTRL_SET_SIGALGS_LIST, 0, (void *)(uintptr_t)cfg->sigalgs))
		goto fail;
	if (cfg->server) {
		const unsigned char *p = cfg->key;
		void *pk, *x;

		*why = "server certificate";
		if (cfg->n_chain == 0 || (x = x509(cfg->chain[0], cfg->chain_lens[0])) == NULL)
			goto fail;
		i = (size_t)f.SSL_CTX_use_certificate(c->ctx, x);
		f.X509_free(x);
		if (!i)
			goto fail;
		for (i = 1; i < cfg->n_chain; i++) {
			*why = "chain certificate";
			x = x509(cfg->chain[i], cfg->chain_lens[i]);
			if (x == NULL || !f.SSL_CTX_ctrl(c->ctx, CTRL_CHAIN_CERT, 0, x)) /* takes x */
				goto fail;
		}
		*why = "server private key";
		pk = f.d2i_AutoPrivateKey(NULL, &p, (long)cfg->key_len);
		if (pk == NULL)
			goto fail;
		i = (size_t)f.SSL_CTX_use_PrivateKey(c->ctx, pk);
		f.EVP_PKEY_free(pk);
		if (!i)
			goto fail;
		f.SSL_CTX_set_num_tickets(c->ctx, (size_t)cfg->tickets);
		if (cfg->tls12 && cfg->tickets == 0) {
			/* TLS 1.2 without tickets: no session kept or ticket sent (RFC 5077), as Ember's server */
			f.SSL_CTX_set_options(c->ctx, OP_NO_TICKET);
			f.SSL_CTX_ctrl(c->ctx, CTRL_SET_SESS_CACHE_MODE, SESS_CACHE_OFF, NULL);
		}
		if (cfg->request_client_cert)
			f.SSL_CTX_set_verify(c->ctx, VERIFY_PEER, NULL);
	} else if (cfg->anchor) {
		void *x = x509(cfg->anchor, cfg->anchor_len);

		*why = "trust anchor";
		if (x == NULL || !f.X509_STORE_add_cert(f.SSL_CTX_get_cert_store(c->ctx), x)) {
			if (x)
				f.X509_free(x);
			goto fail;
		}
		f.X509_free(x);
		f.SSL_CTX_set_verify(c->ctx, VERIFY_PEER, NULL);
		c->verify = 1;
		if (cfg->check_time)
			f.X509_VERIFY_PARAM_set_time(f.SSL_CTX_get0_param(c->ctx), (time_t)cfg->check_time);
	}
	*why = NULL;
	return c;
fail:
	ossl_tls_ctx_free(c);
	return NULL;
}

ossl_tls *ossl_tls_new_in(ossl_tls_ctx *c, const char **why)
{
	ossl_tls *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		*why = "out of memory";
		return NULL;
	}
	*why = "SSL_new";
	t->ssl = f.SSL_new(c->ctx);
	t->rbio = f.BIO_new(f.BIO_s_mem());
	t->wbio = f.BIO_new(f.BIO_s_mem());
	if (t->ssl == NULL || t->rbio == NULL || t->wbio == NULL)
		goto fail;
	f.SSL_set_bio(t->ssl, t->rbio, t->wbio);
	if (c->server) {
		f.SSL_set_accept_state(t->ssl);
	} else {
		f.SSL_set_connect_state(t->ssl);
		*why = "host name";
		if (c->host[0] && (!f.SSL_ctrl(t->ssl, CTRL_SET_TLSEXT_HOSTNAME, 0, (void *)(uintptr_t)c->host) ||
		                      (c->verify && !f.SSL_set1_host(t->ssl, c->host))))
			goto fail;
	}
	*why = NULL;
	return t;
fail:
	if (t->ssl == NULL) { /* SSL_set_bio did not take them */
		if (t->rbio)
			f.BIO_free(t->rbio);
		if (t->wbio)
			f.BIO_free(t->wbio);
	}
	ossl_tls_free(t);
	return NULL;
}

ossl_tls *ossl_tls_new(const ossl_tls_cfg *cfg, const char **why)
{
	ossl_tls_ctx *c = ossl_tls_ctx_new(cfg, why);
	ossl_tls *t;

	if (c == NULL)
		return NULL;
	t = ossl_tls_new_in(c, why);
	if (t == NULL) {
		ossl_tls_ctx_free(c);
		return NULL;
	}
	t->own = c;
	return t;
}

int ossl_tls_feed(ossl_tls *t, const uint8_t *in, size_t len)
{
	return len == 0 || f.BIO_write(t->rbio, in, (int)len) == (int)len ? 0 : -1;
}

size_t ossl_tls_drain(ossl_tls *t, uint8_t *out, size_t cap)
{
	int n = f.BIO_read(t->wbio, out, (int)(cap > 0x7fffffff ? 0x7fffffff : cap));

	return n > 0 ? (size_t)n : 0;
}

static int wants_more(ossl_tls *t, int r)
{
	int e = f.SSL_get_error(t->ssl, r);

	return e == ERROR_WANT_READ || e == ERROR_WANT_WRITE;
}

int ossl_tls_handshake(ossl_tls *t)
{
	int r = f.SSL_do_handshake(t->ssl);

	if (r == 1)
		return 1;
	return wants_more(t, r) ? 0 : -1;
}

int ossl_tls_write(ossl_tls *t, const uint8_t *data, size_t len)
{
	int r = f.SSL_write(t->ssl, data, (int)len);

	return r > 0 ? r : wants_more(t, r) ? 0 : -1;
}

int ossl_tls_read(ossl_tls *t, uint8_t *out, size_t cap)
{
	int r = f.SSL_read(t->ssl, out, (int)cap);

	return r > 0 ? r : wants_more(t, r) ? 0 : -1;
}

int ossl_tls_key_update(ossl_tls *t, int request)
{
	return f.SSL_key_update(t->ssl, request ? 1 : 0) == 1 ? 0 : -1;
}

const char *ossl_tls_suite(ossl_tls *t)
{
	const void *c = f.SSL_get_current_cipher(t->ssl);

	return c ? f.SSL_CIPHER_get_name(c) : "";
}

unsigned ossl_tls_group(ossl_tls *t)
{
	long nid = f.SSL_ctrl(t->ssl, CTRL_GET_NEGOTIATED_GROUP, 0, NULL);

	if (nid & 0x1000000L) /* TLSEXT_nid_unknown | the group's code point: a group without a NID (3.5's hybrids) */
		return (unsigned)(nid & 0xffff);
	switch (nid) {
	case 1034:
		return 0x001d; /* NID_X25519 */
	case 415:
		return 0x0017; /* NID_X9_62_prime256v1 */
	case 715:
		return 0x0018; /* NID_secp384r1 */
	default:
		return 0;
	}
}
