/*
 * wolf_tls.c - the system's wolfSSL as an in-memory TLS 1.3 or 1.2 peer
 * (wolf_tls.h). Only the calls below are used, by the ABI of wolfSSL 5.x's
 * ssl.h (every handle is opaque here); its constants are copied beside
 * them. The I/O callbacks read and write the caller's pipes, and say
 * WOLFSSL_CBIO_ERR_WANT_READ when there is nothing to read yet.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wolf_tls.h"

/* ssl.h's numbers (wolfSSL 5.x) */
#define WOLF_SUCCESS 1
#define WOLF_FILETYPE_ASN1 2
#define WOLF_VERIFY_PEER 1
#define WOLF_ERROR_WANT_READ 2
#define WOLF_ERROR_WANT_WRITE 3
#define WOLF_CBIO_ERR_WANT_READ (-2)
#define WOLF_SNI_HOST_NAME 0
#define WOLF_SESS_CACHE_OFF 0

typedef int (*wolf_io_cb)(void *ssl, char *buf, int sz, void *ctx);

static struct {
	int (*wolfSSL_Init)(void);
	const char *(*wolfSSL_lib_version)(void);
	void *(*wolfTLSv1_3_client_method)(void);
	void *(*wolfTLSv1_3_server_method)(void);
	/* optional: a wolfSSL built without TLS 1.2 or OPENSSL_EXTRA lacks them (its TLS 1.2 rows: not here) */
	void *(*wolfTLSv1_2_client_method)(void);
	void *(*wolfTLSv1_2_server_method)(void);
	long (*wolfSSL_CTX_set_session_cache_mode)(void *ctx, long mode);
	int (*wolfSSL_CTX_UseSupportedCurve)(void *ctx, unsigned short name); /* TLS 1.2's groups */
	int (*wolfSSL_CTX_SetTmpEC_DHE_Sz)(void *ctx, unsigned short size);   /* TLS 1.2's server: the group's size */
	void *(*wolfSSL_CTX_new)(void *method);
	void (*wolfSSL_CTX_free)(void *ctx);
	int (*wolfSSL_CTX_set_cipher_list)(void *ctx, const char *list);
	int (*wolfSSL_CTX_set_groups)(void *ctx, int *groups, int count);
	int (*wolfSSL_CTX_set1_sigalgs_list)(void *ctx, const char *list);
	int (*wolfSSL_CTX_use_certificate_buffer)(void *ctx, const unsigned char *in, long sz, int format);
	int (*wolfSSL_CTX_use_PrivateKey_buffer)(void *ctx, const unsigned char *in, long sz, int format);
	int (*wolfSSL_CTX_load_verify_buffer)(void *ctx, const unsigned char *in, long sz, int format);
	void (*wolfSSL_CTX_set_verify)(void *ctx, int mode, void *verify_cb);
	int (*wolfSSL_CTX_no_ticket_TLSv13)(void *ctx);
	void (*wolfSSL_CTX_SetIORecv)(void *ctx, wolf_io_cb cb);
	void (*wolfSSL_CTX_SetIOSend)(void *ctx, wolf_io_cb cb);
	void *(*wolfSSL_new)(void *ctx);
	void (*wolfSSL_free)(void *ssl);
	void (*wolfSSL_SetIOReadCtx)(void *ssl, void *ctx);
	void (*wolfSSL_SetIOWriteCtx)(void *ssl, void *ctx);
	int (*wolfSSL_UseSNI)(void *ssl, unsigned char type, const void *data, unsigned short size);
	int (*wolfSSL_check_domain_name)(void *ssl, const char *dn);
	int (*wolfSSL_connect)(void *ssl);
	int (*wolfSSL_accept)(void *ssl);
	int (*wolfSSL_get_error)(void *ssl, int ret);
	void (*wolfSSL_ERR_error_string_n)(unsigned long e, char *buf, unsigned long len);
	const char *(*wolfSSL_get_cipher_name)(void *ssl);
	const char *(*wolfSSL_get_curve_name)(void *ssl);
} f;

static int state; /* 0 not tried, 1 loaded, -1 failed */
static const char *failure = WOLF_TLS_SONAME " not loaded";
static char version[48];

int wolf_tls_load(const char **why)
{
	void *h;

	if (state == 0) {
		state = -1;
		h = dlopen(WOLF_TLS_SONAME, RTLD_NOW | RTLD_LOCAL);
		if (h == NULL) {
			failure = WOLF_TLS_SONAME " not found (install libwolfssl35)";
		} else {
#define S(name)                                                                          \
	do {                                                                             \
		*(void **)(&f.name) = dlsym(h, #name);                                   \
		if (f.name == NULL) {                                                    \
			failure = WOLF_TLS_SONAME ": symbol " #name " missing (a wolfSSL " \
			          "built without TLS 1.3 or OPENSSL_EXTRA?)";              \
			goto out;                                                        \
		}                                                                        \
	} while (0)
			S(wolfSSL_Init);
			S(wolfSSL_lib_version);
			S(wolfTLSv1_3_client_method);
			S(wolfTLSv1_3_server_method);
			S(wolfSSL_CTX_new);
			S(wolfSSL_CTX_free);
			S(wolfSSL_CTX_set_cipher_list);
			S(wolfSSL_CTX_set_groups);
			S(wolfSSL_CTX_set1_sigalgs_list);
			S(wolfSSL_CTX_use_certificate_buffer);
			S(wolfSSL_CTX_use_PrivateKey_buffer);
			S(wolfSSL_CTX_load_verify_buffer);
			S(wolfSSL_CTX_set_verify);
			S(wolfSSL_CTX_no_ticket_TLSv13);
			S(wolfSSL_CTX_SetIORecv);
			S(wolfSSL_CTX_SetIOSend);
			S(wolfSSL_new);
			S(wolfSSL_free);
			S(wolfSSL_SetIOReadCtx);
			S(wolfSSL_SetIOWriteCtx);
			S(wolfSSL_UseSNI);
			S(wolfSSL_check_domain_name);
			S(wolfSSL_connect);
			S(wolfSSL_accept);
			S(wolfSSL_get_error);
			S(wolfSSL_ERR_error_string_n);
			S(wolfSSL_get_cipher_name);
			S(wolfSSL_get_curve_name);
#undef S
			*(void **)(&f.wolfTLSv1_2_client_method) = dlsym(h, "wolfTLSv1_2_client_method");
			*(void **)(&f.wolfTLSv1_2_server_method) = dlsym(h, "wolfTLSv1_2_server_method");
			*(void **)(&f.wolfSSL_CTX_set_session_cache_mode) = dlsym(h, "wolfSSL_CTX_set_session_cache_mode");
			*(void **)(&f.wolfSSL_CTX_UseSupportedCurve) = dlsym(h, "wolfSSL_CTX_UseSupportedCurve");
			*(void **)(&f.wolfSSL_CTX_SetTmpEC_DHE_Sz) = dlsym(h, "wolfSSL_CTX_SetTmpEC_DHE_Sz");
			if (f.wolfSSL_Init() != WOLF_SUCCESS) {
				failure = WOLF_TLS_SONAME ": wolfSSL_Init failed";
				goto out;
			}
			snprintf(version, sizeof(version), "wolfSSL %s", f.wolfSSL_lib_version());
			state = 1;
		}
	}
out:
	if (state != 1 && why)
		*why = failure;
	return state == 1 ? 0 : -1;
}

const char *wolf_tls_version(void)
{
	return state == 1 ? version : "none";
}

/* ---- the names wolfSSL gives what the caller names by code point ---- */

/* iana: what the caller calls the suite; TLS 1.2's by openssl's name, which is wolfSSL's too */
static const struct {
	uint16_t id;
	const char *wolf, *iana;
} suites[] = {
	{ 0x1301, "TLS13-AES128-GCM-SHA256", "TLS_AES_128_GCM_SHA256" },
	{ 0x1302, "TLS13-AES256-GCM-SHA384", "TLS_AES_256_GCM_SHA384" },
	{ 0x1303, "TLS13-CHACHA20-POLY1305-SHA256", "TLS_CHACHA20_POLY1305_SHA256" },
	{ 0xc02b, "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-AES128-GCM-SHA256" },
	{ 0xc02c, "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-ECDSA-AES256-GCM-SHA384" },
	{ 0xc02f, "ECDHE-RSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256" },
	{ 0xc030, "ECDHE-RSA-AES256-GCM-SHA384", "ECDHE-RSA-AES256-GCM-SHA384" },
	{ 0xcca8, "ECDHE-RSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305" },
	{ 0xcca9, "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-ECDSA-CHACHA20-POLY1305" },
	{ 0x002f, "AES128-SHA", "AES128-SHA" },
};

/* wolfSSL_get_curve_name's names of the groups (wolfSSL's group numbers are the NamedGroup code points) */
static const struct {
	uint16_t id;
	const char *name;
} group_names[] = {
	{ 0x001d, "X25519" },
	{ 0x0017, "SECP256R1" },
	{ 0x0018, "SECP384R1" },
};

/* wolfSSL_CTX_set1_sigalgs_list's "SIG+HASH" names (ED25519 alone) */
static const struct {
	uint16_t id;
	const char *wolf;
} sigs[] = {
	{ 0x0403, "ECDSA+SHA256" },
	{ 0x0503, "ECDSA+SHA384" },
	{ 0x0804, "RSA-PSS+SHA256" },
	{ 0x0807, "ED25519" },
};

#define N(a) (sizeof(a) / sizeof(a[0]))

/* ---- the pipes, through wolfSSL's I/O callbacks ---- */

static int pipe_recv(void *ssl, char *buf, int sz, void *ctx)
{
	wolf_pipe *p = ctx;
	size_t n = p->end - p->start;

	(void)ssl;
	if (n == 0)
		return WOLF_CBIO_ERR_WANT_READ;
	if (sz >= 0 && n > (size_t)sz)
		n = (size_t)sz;
	memcpy(buf, p->buf + p->start, n);
	p->start += n;
	if (p->start == p->end)
		p->start = p->end = 0;
	return (int)n;
}

static int pipe_send(void *ssl, char *buf, int sz, void *ctx)
{
	wolf_pipe *p = ctx;
	size_t n = sz > 0 ? (size_t)sz : 0;

	(void)ssl;
	if (p->cap - p->end < n && p->start > 0) {
		memmove(p->buf, p->buf + p->start, p->end - p->start);
		p->end -= p->start;
		p->start = 0;
	}
	if (p->cap - p->end < n)
		return WOLF_CBIO_ERR_WANT_READ; /* WANT_WRITE has the same value */
	memcpy(p->buf + p->end, buf, n);
	p->end += n;
	p->written += n;
	return (int)n;
}

/* ---- contexts and connections ---- */

struct wolf_tls_ctx {
	void *ctx;
	int server;
	char host[256];
};

struct wolf_tls {
	void *ssl;
	int server, last;
	char err[160];
};

void wolf_tls_ctx_free(wolf_tls_ctx *c)
{
	if (c == NULL)
		return;
	if (c->ctx)
		f.wolfSSL_CTX_free(c->ctx);
	free(c);
}

wolf_tls_ctx *wolf_tls_ctx_new(const wolf_tls_cfg *cfg, const char **why, int *kind)
{
	static const char *const not_here[] = { "suite", "group", "signature scheme" };
	const char *suite = NULL, *sig = NULL;
	wolf_tls_ctx *c;
	int group[2];
	void *method;
	size_t i;

	*kind = WOLF_TLS_FAILED;
	if (wolf_tls_load(why))
		return NULL;
	group[0] = cfg->group;
	group[1] = cfg->group2;
	for (i = 0; i < N(suites); i++)
		if (suites[i].id == cfg->suite)
			suite = suites[i].wolf;
	for (i = 0; i < N(sigs); i++)
		if (sigs[i].id == cfg->sig)
			sig = sigs[i].wolf;
	/* a suite or signature scheme wolfSSL 5.5 has no name for (ML-DSA); a group it refuses below */
	if (suite == NULL || sig == NULL) {
		*kind = WOLF_TLS_NOT_HERE;
		*why = not_here[suite == NULL ? 0 : 2];
		return NULL;
	}
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
	*kind = WOLF_TLS_NOT_HERE;
	*why = "TLS 1.2";
	if (cfg->tls12 && (f.wolfTLSv1_2_client_method == NULL || f.wolfTLSv1_2_server_method == NULL ||
	                      f.wolfSSL_CTX_UseSupportedCurve == NULL || f.wolfSSL_CTX_SetTmpEC_DHE_Sz == NULL))
		goto fail;
	*kind = WOLF_TLS_FAILED;
	*why = "wolfSSL_CTX_new";
	if (cfg->tls12)
		method = cfg->server ? f.wolfTLSv1_2_server_method() : f.wolfTLSv1_2_client_method();
	else
		method = cfg->server ? f.wolfTLSv1_3_server_method() : f.wolfTLSv1_3_client_method();
	c->ctx = method ? f.wolfSSL_CTX_new(method) : NULL;
	if (c->ctx == NULL)
		goto fail;
	*kind = WOLF_TLS_NOT_HERE;
	*why = "suite";
	if (f.wolfSSL_CTX_set_cipher_list(c->ctx, suite) != WOLF_SUCCESS)
		goto fail;
	*why = "group"; /* wolfSSL's numbers are the code points; 5.5.4 refuses X25519MLKEM768's (BAD_FUNC_ARG) */
	if (!cfg->tls12 && f.wolfSSL_CTX_set_groups(c->ctx, group, 1) != WOLF_SUCCESS)
		goto fail;
	/* TLS 1.2: wolfSSL_CTX_set_groups is TLS 1.3's; the supported_groups extension, in order */
	for (i = 0; cfg->tls12 && i < 2 && group[i] != 0; i++)
		if (f.wolfSSL_CTX_UseSupportedCurve(c->ctx, (unsigned short)group[i]) != WOLF_SUCCESS)
			goto fail;
	/* a TLS 1.2 server takes the client's first group of its ECDHE key size (32 bytes unless told): the
	   row's group's, so that P-384 is chosen before a P-256 certificate's curve */
	if (cfg->tls12 && cfg->server && group[0] != 0 &&
	    f.wolfSSL_CTX_SetTmpEC_DHE_Sz(c->ctx, group[0] == 0x0018 ? 48 : 32) != WOLF_SUCCESS)
		goto fail;
	*why = "signature scheme";
	if (f.wolfSSL_CTX_set1_sigalgs_list(c->ctx, sig) != WOLF_SUCCESS)
		goto fail;
	*kind = WOLF_TLS_FAILED;
	f.wolfSSL_CTX_SetIORecv(c->ctx, pipe_recv);
	f.wolfSSL_CTX_SetIOSend(c->ctx, pipe_send);
	if (cfg->server) {
		/* a certificate or key wolfSSL cannot parse is a key type it lacks (ML-DSA in 5.5) */
		*kind = WOLF_TLS_NOT_HERE;
		*why = "the server's certificate";
		if (f.wolfSSL_CTX_use_certificate_buffer(c->ctx, cfg->cert, (long)cfg->cert_len, WOLF_FILETYPE_ASN1) !=
		    WOLF_SUCCESS)
			goto fail;
		*why = "the server's private key";
		if (f.wolfSSL_CTX_use_PrivateKey_buffer(c->ctx, cfg->key, (long)cfg->key_len, WOLF_FILETYPE_ASN1) !=
		    WOLF_SUCCESS)
			goto fail;
		*kind = WOLF_TLS_FAILED;
		/* no NewSessionTicket: not part of the handshake's cost, and Ember's server sends none;
		   0 is success here, as for wolfSSL's other TLS 1.3 calls */
		*why = "wolfSSL_CTX_no_ticket_TLSv13";
		if (!cfg->tls12 && f.wolfSSL_CTX_no_ticket_TLSv13(c->ctx) != 0)
			goto fail;
		/* TLS 1.2: no session kept for resumption, as Ember's server keeps none */
		if (cfg->tls12 && f.wolfSSL_CTX_set_session_cache_mode != NULL)
			f.wolfSSL_CTX_set_session_cache_mode(c->ctx, WOLF_SESS_CACHE_OFF);
	} else {
		*why = "trust anchor";
		if (cfg->anchor == NULL ||
		    f.wolfSSL_CTX_load_verify_buffer(c->ctx, cfg->anchor, (long)cfg->anchor_len, WOLF_FILETYPE_ASN1) !=
		        WOLF_SUCCESS)
			goto fail;
		f.wolfSSL_CTX_set_verify(c->ctx, WOLF_VERIFY_PEER, NULL);
	}
	*why = NULL;
	return c;
fail:
	wolf_tls_ctx_free(c);
	return NULL;
}

void wolf_tls_free(wolf_tls *t)
{
	if (t == NULL)
		return;
	if (t->ssl)
		f.wolfSSL_free(t->ssl);
	free(t);
}

wolf_tls *wolf_tls_new(wolf_tls_ctx *c, wolf_pipe *in, wolf_pipe *out, const char **why)
{
	wolf_tls *t = calloc(1, sizeof(*t));

	if (t == NULL) {
		*why = "out of memory";
		return NULL;
	}
	t->server = c->server;
	*why = "wolfSSL_new";
	t->ssl = f.wolfSSL_new(c->ctx);
	if (t->ssl == NULL)
		goto fail;
	f.wolfSSL_SetIOReadCtx(t->ssl, in);
	f.wolfSSL_SetIOWriteCtx(t->ssl, out);
	if (!c->server && c->host[0]) {
		*why = "host name";
		if (f.wolfSSL_UseSNI(t->ssl, WOLF_SNI_HOST_NAME, c->host, (unsigned short)strlen(c->host)) != WOLF_SUCCESS ||
		    f.wolfSSL_check_domain_name(t->ssl, c->host) != WOLF_SUCCESS)
			goto fail;
	}
	*why = NULL;
	return t;
fail:
	wolf_tls_free(t);
	return NULL;
}

int wolf_tls_handshake(wolf_tls *t)
{
	int r = t->server ? f.wolfSSL_accept(t->ssl) : f.wolfSSL_connect(t->ssl);

	if (r == WOLF_SUCCESS)
		return 1;
	t->last = f.wolfSSL_get_error(t->ssl, r);
	return t->last == WOLF_ERROR_WANT_READ || t->last == WOLF_ERROR_WANT_WRITE ? 0 : -1;
}

const char *wolf_tls_error(wolf_tls *t)
{
	if (t == NULL || t->last == 0)
		return "no error";
	f.wolfSSL_ERR_error_string_n((unsigned long)(long)t->last, t->err, sizeof(t->err));
	return t->err;
}

const char *wolf_tls_suite(wolf_tls *t)
{
	const char *name = f.wolfSSL_get_cipher_name(t->ssl);
	size_t i;

	if (name == NULL)
		return "";
	for (i = 0; i < N(suites); i++)
		if (strcmp(name, suites[i].wolf) == 0)
			return suites[i].iana;
	return name;
}

unsigned wolf_tls_group(wolf_tls *t)
{
	const char *name = f.wolfSSL_get_curve_name(t->ssl);
	size_t i;

	for (i = 0; name != NULL && i < N(group_names); i++)
		if (strcmp(name, group_names[i].name) == 0)
			return group_names[i].id;
	return 0;
}
