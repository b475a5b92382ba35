/*
 * t_tls13_ossl.c - Ember's TLS 1.3 client and server against the system's
 * libssl (tools/engines/ossl_tls.c: libssl.so.3 by dlopen, memory BIOs, no
 * sockets), with chains issued by Ember at test time:
 *   tls13_ossl_client: Ember's client to libssl's server, for every group
 *     libssl has (x25519, secp256r1, secp384r1) x every server key
 *     (ECDSA P-256/P-384, RSA-PSS, Ed25519) x the three suites: the chain
 *     verified, data both ways, libssl's NewSessionTickets and
 *     change_cipher_spec ignored, KeyUpdate requested by each side;
 *   tls13_ossl_server: libssl's client (verifying Ember's chain and name
 *     against the anchor) to Ember's server, the same matrix;
 *   tls13_ossl_hrr: a HelloRetryRequest each way (the other side's group
 *     not the first share); libssl's client refusing Ember's chain for a
 *     wrong name (Ember's server gets its alert); libssl's
 *     CertificateRequest answered with an empty Certificate.
 *   tls12_ossl: TLS 1.2 both ways, every suite of tls12.h (the legacy RSA
 *     key transport suite named on both sides) with every server key its
 *     authentication takes, the groups in turn: suite, version and data
 *     checked.
 * X25519MLKEM768 and ML-DSA-65 are not in OpenSSL 3.0: noted, not run.
 * Without libssl every test is skipped with the reason.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "ember/tls.h"
#include "ember/x509.h"
#include "ossl_tls.h"
#include "test.h"
#include "tlsutil.h"

typedef struct mix {
	ember_tls13_config cfg;
	ember_x509_verify_params vp;
	const uint8_t *anchors[1];
	size_t anchor_lens[1];
	const uint8_t *chain[2];
	size_t chain_lens[2];
	ember_tls13_conn e;
	uint8_t ebuf[EMBER_TLS13_CONN_BUF];
	tt_pipe e2o, o2e;
	ossl_tls *o;
	ossl_tls_cfg ocfg;
	uint8_t key_der[8192];
	int odone, ofail;
	size_t ebuf_len;      /* Ember's buffer (0: all of ebuf) */
	size_t emax, omax;    /* the longest record each side sent (a client's ClientHello left out) */
	int e_sent, o_sent;
} mix;

/* Notes the longest record among the whole records in b[0..len) that |from_client| side sent. */
static void note_records(mix *m, int from_ember, const uint8_t *b, size_t len)
{
	size_t off = 0, *max = from_ember ? &m->emax : &m->omax;
	int *sent = from_ember ? &m->e_sent : &m->o_sent;
	int client = from_ember ? m->ocfg.server : !m->ocfg.server;

	while (off + EMBER_TLS_RECORD_HEADER_LEN <= len) {
		size_t l = (size_t)b[off + 3] << 8 | b[off + 4];

		if (!(client && *sent == 0) && l > *max)
			*max = l;
		(*sent)++;
		off += EMBER_TLS_RECORD_HEADER_LEN + l;
	}
}

static mix *M;

static const struct {
	uint16_t id;
	const char *ossl;
} groups[] = { { EMBER_TLS_GROUP_X25519, "X25519" }, { EMBER_TLS_GROUP_SECP256R1, "P-256" },
	{ EMBER_TLS_GROUP_SECP384R1, "P-384" } };

static int have_libssl(void)
{
	const char *why = NULL;

	if (ossl_tls_load(&why)) {
		t_skip("libssl: %s", why);
		return 0;
	}
	if (M == NULL)
		M = calloc(1, sizeof(*M));
	return CHECK(M != NULL, "out of memory") && tt_make_pki();
}

static void mix_setup(mix *m, int server_ember, int key)
{
	size_t len = 0;

	memset(&m->cfg, 0, sizeof(m->cfg));
	memset(&m->ocfg, 0, sizeof(m->ocfg));
	memset(&m->vp, 0, sizeof(m->vp));
	m->e2o.len = m->o2e.len = 0;
	m->o = NULL;
	m->odone = m->ofail = 0;
	m->ebuf_len = m->emax = m->omax = 0;
	m->e_sent = m->o_sent = 0;
	m->anchors[0] = tt_pki.ca;
	m->anchor_lens[0] = tt_pki.ca_len;
	m->chain[0] = tt_pki.leaf[key];
	m->chain_lens[0] = tt_pki.leaf_len[key];
	m->chain[1] = tt_pki.ca;
	m->chain_lens[1] = tt_pki.ca_len;
	if (server_ember) {
		m->cfg.chain = m->chain;
		m->cfg.chain_lens = m->chain_lens;
		m->cfg.n_chain = 2;
		m->cfg.key = &tt_pki.key[key];
		m->ocfg.anchor = tt_pki.ca;
		m->ocfg.anchor_len = tt_pki.ca_len;
		m->ocfg.host = "ember.test";
	} else {
		m->vp.anchors = m->anchors;
		m->vp.anchor_lens = m->anchor_lens;
		m->vp.n_anchors = 1;
		m->vp.now = tt_now;
		m->cfg.verify = &m->vp;
		m->cfg.server_name = "ember.test";
		CHECK(ember_pkey_write(&tt_pki.key[key], EMBER_PKEY_PKCS8, 0, m->key_der, sizeof(m->key_der), &len) == 0,
		    "%s key as PKCS#8", tt_key_names[key]);
		m->ocfg.server = 1;
		m->ocfg.chain = m->chain;
		m->ocfg.chain_lens = m->chain_lens;
		m->ocfg.n_chain = 2;
		m->ocfg.key = m->key_der;
		m->ocfg.key_len = len;
		m->ocfg.tickets = 2;
	}
}

static int mix_start(mix *m, const char *what)
{
	const char *why = NULL;
	int ret;

	m->o = ossl_tls_new(&m->ocfg, &why);
	if (!CHECK(m->o != NULL, "%s: libssl peer: %s (%s)", what, why ? why : "?", ossl_tls_error()))
		return 0;
	size_t len = m->ebuf_len ? m->ebuf_len : sizeof(m->ebuf);

	ret = m->ocfg.server ? ember_tls13_client_init(&m->e, &m->cfg, m->ebuf, len) :
	                       ember_tls13_server_init(&m->e, &m->cfg, m->ebuf, len);
	return CHECK(ret == 0, "%s: Ember init %d", what, ret);
}

/* Moves bytes both ways until nothing moves. */
static void mix_run(mix *m)
{
	int rounds;

	for (rounds = 0; rounds < 100000; rounds++) {
		size_t moved = tt_pull(&m->e, &m->e2o, 0), n;

		if (m->e2o.len) {
			note_records(m, 1, m->e2o.buf, m->e2o.len);
			ossl_tls_feed(m->o, m->e2o.buf, m->e2o.len);
			moved += m->e2o.len;
			m->e2o.len = 0;
		}
		if (!m->odone && !m->ofail) {
			int r = ossl_tls_handshake(m->o);

			m->odone = r == 1;
			m->ofail = r < 0;
		}
		n = ossl_tls_drain(m->o, m->o2e.buf + m->o2e.len, sizeof(m->o2e.buf) - m->o2e.len);
		note_records(m, 0, m->o2e.buf + m->o2e.len, n);
		m->o2e.len += n;
		moved += n + tt_push(&m->e, &m->o2e, 0);
		if (moved == 0)
			break;
	}
}

static int mix_connected(mix *m, const char *what)
{
	int a = ember_tls13_alert(&m->e, NULL);

	return CHECK(m->odone && ember_tls13_state(&m->e) == EMBER_TLS13_CONNECTED,
	    "%s: libssl %s, Ember state %d alert %s (%s)", what, m->odone ? "done" : m->ofail ? "failed" : "waiting",
	    ember_tls13_state(&m->e), tt_alert(a), m->ofail ? ossl_tls_error() : "");
}

/* Data from Ember to libssl and back. */
static int mix_data(mix *m, size_t len, const char *what)
{
	uint8_t *msg = malloc(len), *got = malloc(len);
	size_t n = 0, total = 0;
	int rounds, ok = 0;

	if (msg == NULL || got == NULL)
		goto out;
	t_rand_bytes(msg, len);
	if (!CHECK(ember_tls13_write(&m->e, m->e2o.buf, sizeof(m->e2o.buf), &n, msg, len) == 0, "%s: Ember write", what))
		goto out;
	note_records(m, 1, m->e2o.buf, n);
	ossl_tls_feed(m->o, m->e2o.buf, n);
	for (rounds = 0; rounds < 1000 && total < len; rounds++) {
		int r = ossl_tls_read(m->o, got + total, len - total);

		if (r <= 0)
			break;
		total += (size_t)r;
	}
	if (!CHECK(total == len && memcmp(msg, got, len) == 0, "%s: %zu of %zu bytes reached libssl", what, total, len))
		goto out;
	if (!CHECK(ossl_tls_write(m->o, msg, len) == (int)len, "%s: libssl write", what))
		goto out;
	n = ossl_tls_drain(m->o, m->o2e.buf + m->o2e.len, sizeof(m->o2e.buf) - m->o2e.len);
	note_records(m, 0, m->o2e.buf + m->o2e.len, n);
	m->o2e.len += n;
	total = 0;
	for (rounds = 0; rounds < 100000 && total < len; rounds++) {
		size_t moved = tt_push(&m->e, &m->o2e, 0);

		n = 0;
		ember_tls13_read(&m->e, got + total, len - total, &n);
		total += n;
		moved += tt_pull(&m->e, &m->e2o, 0); /* an answer to a KeyUpdate */
		if (m->e2o.len) {
			ossl_tls_feed(m->o, m->e2o.buf, m->e2o.len);
			m->e2o.len = 0;
		}
		if (moved == 0 && n == 0)
			break;
	}
	ok = CHECK(total == len && memcmp(msg, got, len) == 0, "%s: %zu of %zu bytes reached Ember (state %d alert %s)",
	    what, total, len, ember_tls13_state(&m->e), tt_alert(ember_tls13_alert(&m->e, NULL)));
out:
	free(msg);
	free(got);
	return ok;
}

static void mix_end(mix *m)
{
	ossl_tls_free(m->o);
	m->o = NULL;
	ember_tls13_conn_clear(&m->e);
}

static void matrix(int server_ember)
{
	size_t k, g, s, done = 0;
	char what[160];

	for (k = 0; k < K_COUNT; k++) {
		if (k == K_MLDSA65)
			continue; /* not in OpenSSL 3.0 */
		for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++)
			for (s = 0; s < 3; s++) {
				const ember_tls13_suite *su = ember_tls13_suite_at(s);

				snprintf(what, sizeof(what), "Ember %s, %s %s %s", server_ember ? "server" : "client",
				    groups[g].ossl, tt_key_names[k], su->name);
				mix_setup(M, server_ember, (int)k);
				M->cfg.groups = &groups[g].id;
				M->cfg.n_groups = 1;
				M->cfg.suites = &su->id;
				M->cfg.n_suites = 1;
				if (!mix_start(M, what)) {
					mix_end(M);
					continue;
				}
				mix_run(M);
				if (mix_connected(M, what)) {
					CHECK(ember_tls13_conn_group(&M->e) == groups[g].id && ossl_tls_group(M->o) == groups[g].id &&
					        ember_tls13_conn_suite(&M->e) == su && strcmp(ossl_tls_suite(M->o), su->name) == 0 &&
					        (server_ember || ember_tls13_conn_sig(&M->e) == tt_key_sigs[k]),
					    "%s: negotiated %04x/%04x %s sig %04x", what, ember_tls13_conn_group(&M->e),
					    ossl_tls_group(M->o), ossl_tls_suite(M->o), ember_tls13_conn_sig(&M->e));
					mix_data(M, 3000, what);
					/* KeyUpdate asked by libssl, then by Ember */
					CHECK(ossl_tls_key_update(M->o, 1) == 0, "%s: SSL_key_update", what);
					mix_data(M, 100, what);
					CHECK(ember_tls13_key_update(&M->e, 1) == 0, "%s: Ember key update", what);
					mix_run(M);
					if (mix_data(M, 100, what))
						done++;
				}
				mix_end(M);
			}
	}
	t_note("%zu handshakes with %s completed (X25519MLKEM768, ML-DSA-65: not in this libssl)", done,
	    ossl_tls_version());
}

EMBER_TEST(tls13_ossl_client)
{
	if (have_libssl())
		matrix(0);
}

EMBER_TEST(tls13_ossl_server)
{
	if (have_libssl())
		matrix(1);
}

EMBER_TEST(tls13_ossl_hrr)
{
	static const uint16_t x_p256[] = { EMBER_TLS_GROUP_X25519, EMBER_TLS_GROUP_SECP256R1 };
	static const uint16_t p256[] = { EMBER_TLS_GROUP_SECP256R1 };

	if (!have_libssl())
		return;
	/* libssl's server asks the Ember client for a P-256 share */
	mix_setup(M, 0, K_P256);
	M->cfg.groups = x_p256;
	M->cfg.n_groups = 2;
	M->ocfg.groups = "P-256";
	if (mix_start(M, "HRR from libssl")) {
		mix_run(M);
		if (mix_connected(M, "HRR from libssl")) {
			CHECK(ember_tls13_conn_hrr(&M->e) && ember_tls13_conn_group(&M->e) == EMBER_TLS_GROUP_SECP256R1,
			    "HRR from libssl: hrr %d group %04x", ember_tls13_conn_hrr(&M->e), ember_tls13_conn_group(&M->e));
			mix_data(M, 500, "after HRR from libssl");
		}
	}
	mix_end(M);
	/* Ember's server asks libssl's client (X25519 share first) for P-256 */
	mix_setup(M, 1, K_ED25519);
	M->cfg.groups = p256;
	M->cfg.n_groups = 1;
	M->ocfg.groups = "X25519:P-256";
	if (mix_start(M, "HRR from Ember")) {
		mix_run(M);
		if (mix_connected(M, "HRR from Ember")) {
			CHECK(ember_tls13_conn_hrr(&M->e) && ossl_tls_group(M->o) == EMBER_TLS_GROUP_SECP256R1,
			    "HRR from Ember: hrr %d group %04x", ember_tls13_conn_hrr(&M->e), ossl_tls_group(M->o));
			mix_data(M, 500, "after HRR from Ember");
		}
	}
	mix_end(M);
	/* libssl's client checks the name: a wrong one fails, and Ember's server hears the alert */
	mix_setup(M, 1, K_P256);
	M->ocfg.host = "other.test";
	if (mix_start(M, "wrong name at libssl")) {
		int from_peer = 0, a;

		mix_run(M);
		a = ember_tls13_alert(&M->e, &from_peer);
		CHECK(M->ofail && !M->odone && ember_tls13_state(&M->e) == EMBER_TLS13_FAILED && from_peer,
		    "wrong name at libssl: libssl %s, Ember state %d alert %s from peer %d", M->ofail ? "failed" : "did not fail",
		    ember_tls13_state(&M->e), tt_alert(a), from_peer);
	}
	mix_end(M);
	/* libssl's server requests a client certificate; Ember has none and says so */
	mix_setup(M, 0, K_RSA);
	M->ocfg.request_client_cert = 1;
	if (mix_start(M, "CertificateRequest")) {
		mix_run(M);
		if (mix_connected(M, "CertificateRequest"))
			mix_data(M, 500, "after CertificateRequest");
	}
	mix_end(M);
}

/* max_fragment_length (RFC 6066) with libssl both ways: Ember's client in its smallest buffer */
EMBER_TEST(tls13_ossl_mfl)
{
	uint8_t code;
	int server_ember;

	if (!have_libssl())
		return;
	for (server_ember = 0; server_ember <= 1; server_ember++)
		for (code = 1; code <= 4; code++) {
			size_t lim = ((size_t)1 << (8 + code)) + 1 + EMBER_TLS13_TAG_LEN;
			char what[80];

			snprintf(what, sizeof(what), "max_fragment_length %u, %s client", code, server_ember ? "libssl" : "Ember");
			mix_setup(M, server_ember, K_P256);
			if (server_ember) {
				M->ocfg.max_fragment_length = code;
			} else {
				M->cfg.max_fragment_length = code;
				M->ebuf_len = EMBER_TLS13_MFL_BUF(code);
			}
			if (mix_start(M, what)) {
				mix_run(M);
				if (mix_connected(M, what)) {
					CHECK(M->e.mfl == code, "%s: Ember's side has %u in force", what, M->e.mfl);
					mix_data(M, 5000, what);
					CHECK(M->emax == lim && M->omax == lim, "%s: longest records: Ember %zu libssl %zu (limit %zu)",
					    what, M->emax, M->omax, lim);
				}
			}
			mix_end(M);
		}
}

/* TLS 1.2 with libssl, both directions: every suite x the keys it takes, the groups in turn. */
EMBER_TEST(tls12_ossl)
{
	static const int keys[] = { K_P256, K_P384, K_ED25519, K_RSA };
	size_t i, k, turn = 0, done = 0;
	int server_ember;
	char what[160];

	if (!have_libssl())
		return;
	for (server_ember = 0; server_ember <= 1; server_ember++)
		for (i = 0; ember_tls12_suite_at(i); i++) {
			const ember_tls12_suite *su = ember_tls12_suite_at(i);

			for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
				size_t g = turn++ % (sizeof(groups) / sizeof(groups[0]));

				if ((su->auth == EMBER_TLS12_AUTH_RSA) != (keys[k] == K_RSA))
					continue;
				snprintf(what, sizeof(what), "TLS 1.2, Ember %s, %s %s %s", server_ember ? "server" : "client",
				    groups[g].ossl, tt_key_names[keys[k]], su->ossl_name);
				mix_setup(M, server_ember, keys[k]);
				M->cfg.versions = EMBER_TLS_VERSION_1_2;
				M->cfg.tls12_suites = &su->id;
				M->cfg.n_tls12_suites = 1;
				/* the group chosen by the server's list: a TLS 1.2 client's supported_groups also
				   names the curves of the ECDSA certificates it takes (RFC 8422 5.1.1) */
				if (server_ember) {
					M->cfg.groups = &groups[g].id;
					M->cfg.n_groups = 1;
				} else {
					M->ocfg.groups = groups[g].ossl;
				}
				M->ocfg.tls12 = 1;
				M->ocfg.cipher_list = su->ossl_name;
				if (!mix_start(M, what)) {
					mix_end(M);
					continue;
				}
				mix_run(M);
				if (mix_connected(M, what)) {
					CHECK(ember_tls_conn_version(&M->e) == 0x0303 && ember_tls12_conn_suite(&M->e) == su &&
					        strcmp(ossl_tls_suite(M->o), su->ossl_name) == 0 &&
					        (su->kx == EMBER_TLS12_KX_RSA || ember_tls13_conn_group(&M->e) == groups[g].id),
					    "%s: negotiated %04x %s / %s group %04x", what, ember_tls_conn_version(&M->e),
					    ember_tls12_conn_suite(&M->e) ? ember_tls12_conn_suite(&M->e)->ossl_name : "-",
					    ossl_tls_suite(M->o), ember_tls13_conn_group(&M->e));
					if (mix_data(M, 3000, what) && mix_data(M, 1, what))
						done++;
				}
				mix_end(M);
			}
		}
	t_note("%zu TLS 1.2 handshakes with %s completed", done, ossl_tls_version());
}
