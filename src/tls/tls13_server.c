/*
 * tls13_server.c - the server's handshake (RFC 8446 2, A.2): ClientHello
 * in, then either a HelloRetryRequest (no acceptable key share; at most
 * once, stateful, no cookie) or the whole flight ServerHello,
 * EncryptedExtensions, Certificate, CertificateVerify, Finished; then the
 * client's Finished, and KeyUpdate after.
 *
 * Choices, each by the server's own order of preference (the config's
 * lists): the suite; the group among those the client sent a share for,
 * else (HelloRetryRequest) among its supported_groups; the signature
 * scheme the key makes among the client's signature_algorithms. What the
 * server does not implement it ignores: pre_shared_key (still checked to
 * be last, 4.2.11), early_data (0-RTT records are dropped, 4.2.10),
 * server_name (accepted; answered empty with EMBER_TLS13_SNI_ACK), cookie
 * (not sent unless configured, hrr_cookie, and then expected back
 * exactly). EncryptedExtensions carries what the config asks:
 * supported_groups (ee_groups), record_size_limit (when the client offered
 * it too) or else max_fragment_length (whenever offered: RFC 6066's value
 * echoed, RFC 8449 5), server_name; in that order, RFC 8448's.
 */
#include <string.h>

#include "tls13_hs.h"

static const uint8_t hrr_random[32] = { 0xcf, 0x21, 0xad, 0x74, 0xe5, 0x9a, 0x61, 0x11, 0xbe, 0x1d, 0x8c, 0x02,
	0x1e, 0x65, 0xb8, 0x91, 0xc2, 0xa2, 0x11, 0x16, 0x7a, 0xbb, 0x8c, 0x5e, 0x07, 0x9e, 0x09, 0xe2, 0xc8, 0xa8,
	0x33, 0x9c };

struct ch_exts {
	int versions, groups_seen, shares_seen, sigs_seen, psk_seen, early, sni, rsl_seen, cookie_seen;
	int sv_seen, v12, ems, reneg, pf_seen, pf_ok;
	uint16_t rsl;
	uint8_t mfl;
	size_t count, psk_at;
	tls_in groups, shares, sigs, cookie;
};

static int ch_ext(ember_tls13_conn *c, void *arg, uint16_t type, tls_in *b, int *alert)
{
	struct ch_exts *x = arg;
	tls_in l;

	(void)c;
	x->count++;
	switch (type) {
	case EXT_SUPPORTED_VERSIONS:
		if (!tls_vec(b, 1, 2, 254, &l) || (l.n & 1))
			break;
		x->sv_seen = 1;
		while (l.n) {
			uint32_t v = tls_getn(&l, 2);

			x->versions |= v == TLS13_VERSION;
			x->v12 |= v == TLS12_VERSION;
		}
		break;
	case EXT_EXTENDED_MASTER_SECRET: /* RFC 7627 5.1: empty */
		x->ems = 1;
		break;
	case EXT_RENEGOTIATION_INFO: /* RFC 5746 3.6: an initial handshake's is empty */
		if (tls_getn(b, 1) != 0 && !b->err) {
			*alert = EMBER_TLS_ALERT_HANDSHAKE_FAILURE;
			return EMBER_EDECODE;
		}
		x->reneg = 1;
		break;
	case EXT_EC_POINT_FORMATS:
		if (tls_vec(b, 1, 1, 255, &l)) {
			x->pf_seen = 1;
			while (l.n)
				x->pf_ok |= tls_getn(&l, 1) == 0;
		}
		break;
	case EXT_SUPPORTED_GROUPS:
		if (tls_vec(b, 2, 2, 0xfffe, &x->groups) && !(x->groups.n & 1))
			x->groups_seen = 1;
		else
			b->err = 1;
		break;
	case EXT_SIGNATURE_ALGORITHMS:
		if (tls_vec(b, 2, 2, 0xfffe, &x->sigs) && !(x->sigs.n & 1))
			x->sigs_seen = 1;
		else
			b->err = 1;
		break;
	case EXT_KEY_SHARE:
		if (tls_vec(b, 2, 0, 0xffff, &x->shares))
			x->shares_seen = 1;
		break;
	case EXT_PRE_SHARED_KEY:
		x->psk_seen = 1;
		x->psk_at = x->count;
		b->n = 0; /* not implemented: ignored (no PSK accepted) */
		break;
	case EXT_EARLY_DATA:
		x->early = 1;
		break;
	case EXT_RECORD_SIZE_LIMIT:
		x->rsl = (uint16_t)tls_getn(b, 2);
		if (!b->err && x->rsl < TLS13_RSL_MIN) { /* RFC 8449 4 */
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		x->rsl_seen = 1;
		break;
	case EXT_MAX_FRAGMENT_LENGTH:
		x->mfl = (uint8_t)tls_getn(b, 1);
		if (!b->err && (x->mfl < 1 || x->mfl > 4)) { /* RFC 6066 4 */
			*alert = EMBER_TLS_ALERT_ILLEGAL_PARAMETER;
			return EMBER_EDECODE;
		}
		break;
	case EXT_COOKIE:
		x->cookie_seen = tls_vec(b, 2, 1, 0xffff, &x->cookie);
		break;
	case EXT_SERVER_NAME:
		x->sni = 1;
		b->n = 0; /* the name is not used to pick a chain */
		break;
	default: /* psk_key_exchange_modes and everything unknown: ignored */
		b->n = 0;
		break;
	}
	if (b->err || b->n) {
		*alert = EMBER_TLS_ALERT_DECODE_ERROR;
		return EMBER_EDECODE;
	}
	return 0;
}

/* 1 when the two-byte list |l| holds |v|. */
static int in_wire_list(tls_in l, uint16_t v)
{
	while (l.n >= 2)
		if (tls_getn(&l, 2) == v)
			return 1;
	return 0;
}

/* Writes the ServerHello (or HelloRetryRequest: share NULL) at |w|. */
static void server_hello(ember_tls13_conn *c, tls_out *w, const uint8_t *random, const uint8_t *share,
    size_t share_len)
{
	size_t m = tls13_msg_begin(w, HS_SERVER_HELLO), e;

	tls_putn(w, TLS12_VERSION, 2);
	tls_put(w, random, 32);
	tls_putn(w, (uint32_t)c->sid_len, 1);
	tls_put(w, c->sid, c->sid_len);
	tls_putn(w, c->suite->id, 2);
	tls_putn(w, 0, 1);
	e = tls_open(w, 2);
	tls_putn(w, EXT_KEY_SHARE, 2);
	if (share) {
		tls_putn(w, (uint32_t)(share_len + 4), 2);
		tls_putn(w, c->group, 2);
		tls_putn(w, (uint32_t)share_len, 2);
		tls_put(w, share, share_len);
	} else {
		tls_putn(w, 2, 2);
		tls_putn(w, c->group, 2);
		if (c->cfg->hrr_cookie) { /* 4.2.2, in RFC 8448 5's place: after key_share */
			tls_putn(w, EXT_COOKIE, 2);
			tls_putn(w, (uint32_t)(c->cfg->hrr_cookie_len + 2), 2);
			tls_putn(w, (uint32_t)c->cfg->hrr_cookie_len, 2);
			tls_put(w, c->cfg->hrr_cookie, c->cfg->hrr_cookie_len);
		}
	}
	tls_putn(w, EXT_SUPPORTED_VERSIONS, 2);
	tls_putn(w, 2, 2);
	tls_putn(w, TLS13_VERSION, 2);
	tls_close(w, e, 2);
	tls13_msg_end(c, w, m);
}

/* EncryptedExtensions, Certificate, CertificateVerify and Finished at |w|. */
static int server_auth(ember_tls13_conn *c, tls_out *w)
{
	uint8_t th[EMBER_TLS13_MAX_HASH_LEN], content[160];
	size_t m, l, i, e, len, sig_len = 0;
	int ret;

	m = tls13_msg_begin(w, HS_ENCRYPTED_EXTENSIONS);
	e = tls_open(w, 2);
	if (c->cfg->ee_groups) {
		tls_putn(w, EXT_SUPPORTED_GROUPS, 2);
		l = tls_open(w, 2);
		tls_putn(w, (uint32_t)(2 * c->cfg->n_ee_groups), 2);
		for (i = 0; i < c->cfg->n_ee_groups; i++)
			tls_putn(w, c->cfg->ee_groups[i], 2);
		tls_close(w, l, 2);
	}
	if (c->mfl) {
		tls_putn(w, EXT_MAX_FRAGMENT_LENGTH, 2);
		tls_putn(w, 1, 2);
		tls_putn(w, c->mfl, 1);
	} else if (c->own_rsl) {
		tls_putn(w, EXT_RECORD_SIZE_LIMIT, 2);
		tls_putn(w, 2, 2);
		tls_putn(w, c->own_rsl, 2);
	}
	if (c->sni_seen && (c->cfg->flags & EMBER_TLS13_SNI_ACK)) {
		tls_putn(w, EXT_SERVER_NAME, 2);
		tls_putn(w, 0, 2);
	}
	tls_close(w, e, 2);
	tls13_msg_end(c, w, m);
	m = tls13_msg_begin(w, HS_CERTIFICATE);
	tls_putn(w, 0, 1);
	l = tls_open(w, 3);
	for (i = 0; i < c->cfg->n_chain; i++) {
		tls_putn(w, (uint32_t)c->cfg->chain_lens[i], 3);
		tls_put(w, c->cfg->chain[i], c->cfg->chain_lens[i]);
		tls_putn(w, 0, 2);
	}
	tls_close(w, l, 3);
	tls13_msg_end(c, w, m);
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hash(&c->tr, th));
	len = tls13_cv_content(content, 1, th, c->hash->digest_len);
	m = tls13_msg_begin(w, HS_CERTIFICATE_VERIFY);
	tls_putn(w, c->sig_scheme, 2);
	l = tls_open(w, 2);
	if (w->err || w->cap - w->n < tls13_sig_max(c->cfg->key))
		return EMBER_ELEN;
	TLS13_PROBED(c, EMBER_TLS13_PH_SIGN,
	    ret = tls13_sign(c->cfg->key, c->sig_scheme, 0, content, len, w->p + w->n, w->cap - w->n, &sig_len));
	if (ret)
		return ret;
	w->n += sig_len;
	tls_close(w, l, 2);
	tls13_msg_end(c, w, m);
	ret = tls13_write_finished(c, w, c->s_hs);
	return ret ? ret : w->err ? EMBER_ELEN : 0;
}

/* The full flight after ClientHello: shared secret, keys, every message. */
static int full_flight(ember_tls13_conn *c, size_t mlen, const uint8_t *peer, size_t peer_len)
{
	uint8_t ss[64], random[32];
	uint8_t share[EMBER_TLS13_MAX_SPKI]; /* the largest server share (1120) fits */
	tls_out w;
	size_t ss_len = 0, plain;
	int ret;

	TLS13_PROBED(c, EMBER_TLS13_PH_KEX,
	    ret = tls13_share_respond(c->group, peer, peer_len, share, ss, &ss_len));
	if (ret) {
		ember_wipe(ss, sizeof(ss));
		return tls13_fail(c, ret == EMBER_ERANDOM ? EMBER_TLS_ALERT_INTERNAL_ERROR : EMBER_TLS_ALERT_ILLEGAL_PARAMETER,
		    ret);
	}
	ret = ember_random_bytes(random, sizeof(random));
	w.p = c->hs;
	w.cap = c->hs_cap;
	w.n = mlen;
	w.err = 0;
	server_hello(c, &w, random, share, tls13_share_len(c->group, 1));
	plain = w.n;
	if (!ret)
		ret = tls13_handshake_keys(c, ss, sizeof(ss), ss_len);
	ember_wipe(ss, sizeof(ss));
	if (ret)
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	ret = server_auth(c, &w);
	if (!ret)
		ret = tls13_app_secrets(c, c->ap_secret, c->wr_next);
	if (ret) {
		/* nothing left under the handshake key, ServerHello included: the client has no
		 * key to read a protected alert, so it goes in the clear (as before ServerHello) */
		c->wr_on = 0;
		ember_wipe(&c->wr.t13, sizeof(c->wr.t13));
		return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	}
	ember_wipe(c->s_hs, sizeof(c->s_hs));
	tls13_flight(c, plain, w.n, TLS12_VERSION);
	c->out_rekey = 1;
	c->hs_state = ST_S_WAIT_FIN;
	return tls13_read_key(c, c->c_hs);
}

/* TLS 1.2's answer (tls12_server.c), with what this ClientHello said. */
static int tls12_hello(ember_tls13_conn *c, size_t mlen, uint16_t legacy, const uint8_t *random, tls_in suites,
    const struct ch_exts *x)
{
	tls_client_hello ch;

	/* record_size_limit and max_fragment_length are not answered in TLS 1.2: the records keep 2^14 */
	memset(&ch, 0, sizeof(ch));
	ch.legacy_version = legacy;
	ch.random = random;
	ch.suites = suites;
	if (x->groups_seen)
		ch.groups = x->groups;
	if (x->sigs_seen)
		ch.sigs = x->sigs;
	ch.ems = x->ems;
	ch.reneg = x->reneg;
	ch.reneg_scsv = in_wire_list(suites, 0x00ff); /* RFC 5746 3.3 */
	ch.point_formats_ok = !x->pf_seen || x->pf_ok;
	return tls12_server_client_hello(c, mlen, &ch);
}

static int client_hello(ember_tls13_conn *c, size_t mlen)
{
	tls_in r = tls_in_of(c->hs + 4, mlen - 4), sid, suites, comp, exts = { NULL, 0, 0 }, shares,
	       peer = { NULL, 0, 0 };
	const uint8_t *random;
	const uint16_t *list;
	struct ch_exts x;
	size_t n, i, nseen = 0, best = (size_t)-1;
	uint16_t pick = 0, hrr_pick = 0, seen[32], legacy;
	int ret, alert = EMBER_TLS_ALERT_DECODE_ERROR;

	memset(&x, 0, sizeof(x));
	/* legacy_version: supported_versions decides when present (4.2.1); TLS 1.2's choice otherwise */
	legacy = (uint16_t)tls_getn(&r, 2);
	tls_get(&r, 32, &random);
	tls_vec(&r, 1, 0, 32, &sid);
	tls_vec(&r, 2, 2, 0xfffe, &suites);
	tls_vec(&r, 1, 1, 255, &comp);
	if (r.err || r.n) /* no extensions at all: a client of TLS 1.2 or older, read as one with none */
		tls_vec(&r, 2, 0, 0xffff, &exts);
	if (r.err || r.n || (suites.n & 1))
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	ret = tls13_extensions(c, &exts, ch_ext, &x, &alert);
	if (ret)
		return tls13_fail(c, alert, ret);
	if (!(x.versions && tls_v13_on(c)) && !c->hrr) {
		/* TLS 1.2, when enabled and the client's highest (supported_versions, or else legacy_version) */
		if (tls_v12_on(c) && (x.sv_seen ? x.v12 : legacy >= TLS12_VERSION))
			return tls12_hello(c, mlen, legacy, random, suites, &x);
		return tls13_fail(c, EMBER_TLS_ALERT_PROTOCOL_VERSION, EMBER_ENOTSUP);
	}
	if (comp.n != 1 || comp.p[0] != 0 || (x.psk_seen && x.psk_at != x.count)) /* 4.1.2, 4.2.11 */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (!x.sigs_seen || !x.groups_seen || !x.shares_seen) /* 9.2 */
		return tls13_fail(c, EMBER_TLS_ALERT_MISSING_EXTENSION, EMBER_EDECODE);
	c->version = TLS13_VERSION;
	if (c->hrr) {
		/* the second ClientHello: same session id, still the suite chosen (4.1.4) */
		if (sid.n != c->sid_len || memcmp(sid.p, c->sid, sid.n) != 0 || !in_wire_list(suites, c->suite->id))
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
		/* and the cookie sent, unchanged (4.1.2) */
		if (c->cfg->hrr_cookie && (!x.cookie_seen || x.cookie.n != c->cfg->hrr_cookie_len ||
		                              memcmp(x.cookie.p, c->cfg->hrr_cookie, x.cookie.n) != 0))
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	} else {
		list = tls13_suites(c, &n);
		for (i = 0; i < n && c->suite == NULL; i++)
			if (in_wire_list(suites, list[i]))
				c->suite = ember_tls13_suite_find(list[i]);
		if (c->suite == NULL)
			return tls13_fail(c, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, EMBER_ENOTSUP);
		c->hash = ember_tls13_suite_hash(c->suite);
		ret = EMBER_ENOTSUP;
		if (c->hash)
			TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT,
			    ret = ember_tls13_transcript_init(&c->tr, c->hash));
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, EMBER_ENOTSUP);
		memcpy(c->sid, sid.p, sid.n);
		c->sid_len = sid.n;
		list = tls13_sigs(c, &n);
		for (i = 0; i < n && c->sig_scheme == 0; i++)
			if (in_wire_list(x.sigs, list[i]) && tls13_sig_pick(c->cfg->key, &list[i], 1))
				c->sig_scheme = list[i];
		if (c->sig_scheme == 0)
			return tls13_fail(c, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, EMBER_ENOTSUP);
		c->early_skip = x.early;
	}
	/* the client's shares: each of a group it supports, one per group (4.2.8); keep our favourite */
	shares = x.shares;
	list = tls13_groups(c, &n);
	while (shares.n) {
		uint16_t g = (uint16_t)tls_getn(&shares, 2);
		tls_in s;
		size_t rank;

		if (!tls_vec(&shares, 2, 1, 0xffff, &s) || nseen == sizeof(seen) / sizeof(seen[0]))
			return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
		if (tls13_in_list(seen, nseen, g) || !in_wire_list(x.groups, g) || (c->hrr && g != c->group))
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
		seen[nseen++] = g;
		for (rank = 0; rank < n && list[rank] != g; rank++)
			;
		if (rank < n && rank < best) {
			best = rank;
			pick = g;
			peer = s;
		}
	}
	if (c->hrr && pick != c->group) /* 4.1.2: exactly the share asked for */
		return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_EDECODE);
	if (pick == 0) {
		for (i = 0; i < n && hrr_pick == 0; i++)
			if (in_wire_list(x.groups, list[i]))
				hrr_pick = list[i];
		if (hrr_pick == 0)
			return tls13_fail(c, EMBER_TLS_ALERT_HANDSHAKE_FAILURE, EMBER_ENOTSUP);
	}
	TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_update(&c->tr, c->hs, mlen));
	if (pick == 0) { /* HelloRetryRequest: ask for a share of hrr_pick */
		tls_out w;

		w.p = c->hs;
		w.cap = c->hs_cap;
		w.n = mlen;
		w.err = 0;
		c->group = hrr_pick;
		c->hrr = 1;
		TLS13_PROBED(c, EMBER_TLS13_PH_TRANSCRIPT, ember_tls13_transcript_hrr(&c->tr));
		server_hello(c, &w, hrr_random, NULL, 0);
		if (w.err)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, EMBER_ELEN);
		tls13_flight(c, w.n, w.n, TLS12_VERSION);
		return 0;
	}
	c->group = pick;
	c->sni_seen = x.sni;
	if (x.rsl_seen && c->cfg->record_size_limit) {
		/* a larger limit may come from a later version's client: taken as TLS 1.3's (RFC 8449 4) */
		c->peer_rsl = x.rsl > TLS13_RSL_MAX ? TLS13_RSL_MAX : x.rsl;
		c->own_rsl = c->cfg->record_size_limit;
	} else if (x.mfl) { /* RFC 6066 4; beside a record_size_limit answered, ignored (RFC 8449 5) */
		c->mfl = x.mfl;
		c->peer_rsl = c->own_rsl = TLS13_MFL_RSL(x.mfl);
	}
	return full_flight(c, mlen, peer.p, peer.n);
}

int tls13_server_message(ember_tls13_conn *c, size_t mlen)
{
	uint8_t type = c->hs[0];
	int ret;

	if (c->version == TLS12_VERSION)
		return tls12_server_message(c, mlen);
	switch (c->hs_state) {
	case ST_S_WAIT_CH:
		if (type != HS_CLIENT_HELLO)
			break;
		return client_hello(c, mlen);
	case ST_S_WAIT_FIN:
		if (type != HS_FINISHED)
			break;
		ret = tls13_check_finished(c, c->hs, mlen, c->c_hs);
		if (ret)
			return ret;
		ret = tls13_read_key(c, c->ap_secret);
		ember_wipe(c->ap_secret, sizeof(c->ap_secret));
		ember_wipe(c->c_hs, sizeof(c->c_hs));
		if (ret)
			return ret;
		c->hs_state = ST_CONNECTED;
		c->state = EMBER_TLS13_CONNECTED;
		return 0;
	case ST_CONNECTED:
		return tls13_post_handshake(c, mlen);
	default:
		break;
	}
	return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
}
