/*
 * tls13_conn.c - a TLS 1.3 connection's plumbing (tls.h): the caller's
 * memory, records in and out, alerts, application data, KeyUpdate and
 * close; the handshake messages themselves are the client's
 * (tls13_client.c) and the server's (tls13_server.c), over what both
 * share (tls13_hs.c).
 *
 * Memory: |buf| is split into one whole incoming record (rec) and the
 * handshake buffer (hs). Incoming handshake bytes gather in hs until a
 * message is whole; a flight the state machine answers with is written
 * after that message and moved to the front, then leaves as records as
 * the caller pulls them (ember_tls13_output). Input waits while output
 * does, so the two never share hs at once; a message may not run past a
 * key change (5.1), so a flight never meets leftover input either.
 */
#include <string.h>

#include "tls13_hs.h"

/* AES-GCM's limit of 5.5: 2^24.5 full-size records under one key. */
#define GCM_RECORD_LIMIT 23726566u
/* 0-RTT data the server drops before it gives up on the client (4.2.10: max_early_data_size). */
#define EARLY_SKIP_LIMIT (1u << 16)
/* ---- Starting ---- */

static int list_ok(const uint16_t *list, size_t n, int (*supported)(uint16_t))
{
	size_t i;

	if (list == NULL)
		return 1;
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (!supported(list[i]))
			return 0;
	return 1;
}

static int suite_supported(uint16_t id)
{
	return ember_tls13_suite_find(id) != NULL;
}

static int suite12_supported(uint16_t id)
{
	return ember_tls12_suite_find(id) != NULL;
}

static int init(ember_tls13_conn *c, const ember_tls13_config *cfg, int server, uint8_t *buf, size_t buf_len)
{
	if (c == NULL || cfg == NULL || buf == NULL)
		return EMBER_EINVAL;
	memset(c, 0, sizeof(*c));
	if (cfg->max_fragment_length > 4 || (server && cfg->max_fragment_length))
		return EMBER_EINVAL;
	/* the record area: a whole record, or for a small client buffer the records it asked for */
	c->rec_cap = EMBER_TLS_MAX_RECORD;
	if (cfg->max_fragment_length && buf_len < EMBER_TLS_MAX_RECORD + EMBER_TLS13_MIN_HS_BUF)
		c->rec_cap = EMBER_TLS13_MFL_RECORD(cfg->max_fragment_length);
	if (buf_len < c->rec_cap + EMBER_TLS13_MIN_HS_BUF)
		return EMBER_ELEN;
	if (!list_ok(cfg->suites, cfg->n_suites, suite_supported) ||
	    !list_ok(cfg->groups, cfg->n_groups, ember_tls_group_supported) ||
	    !list_ok(cfg->sig_schemes, cfg->n_sig_schemes, ember_tls_sig_supported) ||
	    !list_ok(cfg->tls12_suites, cfg->n_tls12_suites, suite12_supported) ||
	    (cfg->versions & ~(EMBER_TLS_VERSION_1_2 | EMBER_TLS_VERSION_1_3)))
		return EMBER_EINVAL;
	if ((cfg->ee_groups && (cfg->n_ee_groups == 0 || cfg->n_ee_groups > 0x7fff)) ||
	    (cfg->record_size_limit &&
	        (cfg->record_size_limit < TLS13_RSL_MIN || cfg->record_size_limit > TLS13_RSL_MAX)) ||
	    (cfg->hrr_cookie && (cfg->hrr_cookie_len == 0 || cfg->hrr_cookie_len > EMBER_TLS13_MAX_COOKIE)))
		return EMBER_EINVAL;
	c->cfg = cfg;
	c->server = server;
	c->state = EMBER_TLS13_HANDSHAKE;
	c->alert = EMBER_TLS_ALERT_NONE;
	c->rec = buf;
	c->hs = buf + c->rec_cap;
	c->hs_cap = buf_len - c->rec_cap;
	return 0;
}

int ember_tls13_client_init(ember_tls13_conn *c, const ember_tls13_config *cfg, uint8_t *buf, size_t buf_len)
{
	int ret = init(c, cfg, 0, buf, buf_len);

	if (ret)
		return ret;
	if (cfg->verify == NULL && !(cfg->flags & EMBER_TLS13_NO_VERIFY))
		return EMBER_EINVAL;
	ret = tls13_client_start(c);
	if (ret)
		c->state = EMBER_TLS13_FAILED;
	return ret;
}

int ember_tls13_server_init(ember_tls13_conn *c, const ember_tls13_config *cfg, uint8_t *buf, size_t buf_len)
{
	int ret = init(c, cfg, 1, buf, buf_len);
	size_t i, n;
	const uint16_t *sigs;

	if (ret)
		return ret;
	if (cfg->key == NULL || cfg->chain == NULL || cfg->chain_lens == NULL || cfg->n_chain == 0 ||
	    cfg->n_chain > EMBER_TLS13_MAX_CHAIN)
		return EMBER_EINVAL;
	for (i = 0; i < cfg->n_chain; i++)
		if (cfg->chain[i] == NULL || cfg->chain_lens[i] == 0 || cfg->chain_lens[i] > 0xffffff)
			return EMBER_EINVAL;
	sigs = tls13_sigs(c, &n);
	if (tls13_sig_pick(cfg->key, sigs, n) == 0)
		return EMBER_EINVAL; /* the key signs with none of the schemes */
	c->hs_state = ST_S_WAIT_CH;
	return 0;
}

/* ---- Output ---- */

int ember_tls13_output_pending(const ember_tls13_conn *c)
{
	return c != NULL && c->out_off < c->out_end;
}

/* The flight has left: what it was waiting for happens. */
static int flight_done(ember_tls13_conn *c)
{
	int ret = 0;

	c->out_off = c->out_plain = c->out_end = 0;
	if (c->out_rekey) {
		c->out_rekey = 0;
		ret = tls13_key(c, &c->wr.t13, c->wr_next);
		ember_wipe(c->wr_next, sizeof(c->wr_next));
		c->records_out = 0;
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
	}
	if (c->out_then_close) {
		c->out_then_close = 0;
		c->sent_close = 1;
		if (c->state != EMBER_TLS13_FAILED)
			c->state = EMBER_TLS13_CLOSED;
	}
	return 0;
}

/* The bytes a protected record adds to its content, at most: header, and TLS 1.3's type and tag, or
   TLS 1.2's explicit nonce and tag, or CBC's IV, MAC and padding. */
static size_t prot_overhead(const ember_tls13_conn *c)
{
	if (c->version != TLS12_VERSION)
		return EMBER_TLS_RECORD_HEADER_LEN + 1 + EMBER_TLS13_TAG_LEN;
	switch (c->suite12->bulk) {
	case EMBER_TLS12_BULK_AES_GCM:
		return EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_EXPLICIT_NONCE_LEN + EMBER_TLS12_TAG_LEN;
	case EMBER_TLS12_BULK_CHACHA20_POLY1305:
		return EMBER_TLS_RECORD_HEADER_LEN + EMBER_TLS12_TAG_LEN;
	default:
		return EMBER_TLS_RECORD_HEADER_LEN + 16 + 20 + 16;
	}
}

/* One protected record of either version. */
static int protect(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *len, uint8_t type, const uint8_t *in,
    size_t in_len)
{
	int ret;

	if (c->version == TLS12_VERSION)
		TLS13_PROBED(c, EMBER_TLS13_PH_RECORD,
		    ret = ember_tls12_record_protect(&c->wr.t12, out, cap, len, type, in, in_len));
	else
		TLS13_PROBED(c, EMBER_TLS13_PH_RECORD,
		    ret = ember_tls13_record_protect(&c->wr.t13, out, cap, len, type, in, in_len, 0));
	return ret;
}

/* TLS 1.2: the change_cipher_spec between a flight's plain and protected parts; the write side then
   protects (its keys were set with the flight). */
static int write_ccs(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *n)
{
	static const uint8_t one = 1;
	size_t rl = 0;
	int ret = ember_tls_plaintext_write(out + *n, cap - *n, &rl, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, TLS12_VERSION,
	    &one, 1);

	if (ret)
		return ret;
	*n += rl;
	c->out_ccs = 0;
	c->wr_on = 1;
	return 0;
}

int ember_tls13_output(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *out_len)
{
	size_t n = 0;
	int ret;

	if (c == NULL || out_len == NULL || (out == NULL && cap))
		return EMBER_EINVAL;
	*out_len = 0;
	while (c->out_off < c->out_end) {
		int prot = c->out_off >= c->out_plain;
		size_t end = prot ? c->out_end : c->out_plain;
		size_t over = prot ? prot_overhead(c) : EMBER_TLS_RECORD_HEADER_LEN;
		size_t chunk = end - c->out_off, rl = 0;

		if (prot && c->out_ccs) {
			if (cap - n < 6)
				break;
			ret = write_ccs(c, out, cap, &n);
			if (ret) {
				c->out_off = c->out_end;
				return tls13_fail(c, EMBER_TLS_ALERT_NONE, ret);
			}
			continue;
		}
		if (cap - n <= over)
			break;
		if (chunk > EMBER_TLS_MAX_PLAINTEXT)
			chunk = EMBER_TLS_MAX_PLAINTEXT;
		if (chunk > cap - n - over)
			chunk = cap - n - over;
		/* the limit counts the type byte; max_fragment_length's binds plaintext records too */
		if ((prot || c->mfl) && c->peer_rsl && chunk > c->peer_rsl - 1u)
			chunk = c->peer_rsl - 1u;
		if (prot)
			ret = protect(c, out + n, cap - n, &rl, c->out_type, c->hs + c->out_off, chunk);
		else
			ret = ember_tls_plaintext_write(out + n, cap - n, &rl, c->out_type, c->out_version,
			    c->hs + c->out_off, chunk);
		if (ret) {
			c->out_off = c->out_end; /* nothing more can leave */
			return tls13_fail(c, EMBER_TLS_ALERT_NONE, ret);
		}
		n += rl;
		c->out_off += chunk;
		c->records_out += prot;
	}
	if (c->out_ccs && c->out_off == c->out_end && c->out_end && cap - n >= 6) {
		/* a flight of nothing but change_cipher_spec (none is sent so; kept whole all the same) */
		ret = write_ccs(c, out, cap, &n);
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_NONE, ret);
	}
	*out_len = n;
	c->bytes_out += n;
	if (c->out_end && c->out_off == c->out_end && !c->out_ccs)
		return flight_done(c);
	return 0;
}

/* ---- Input ---- */

/*
 * Records are read during the handshake, once connected, and after our
 * close_notify until the peer's: closing the write side does not close the
 * read side (RFC 8446 6.1).
 */
static int reading(const ember_tls13_conn *c)
{
	return c->state == EMBER_TLS13_HANDSHAKE || c->state == EMBER_TLS13_CONNECTED ||
	       (c->state == EMBER_TLS13_CLOSED && c->hs_state == ST_CONNECTED && !c->peer_closed);
}

/* The same for writing: application data may still go out after the peer's close_notify, until ours. */
static int writing(const ember_tls13_conn *c)
{
	return c->state == EMBER_TLS13_CONNECTED ||
	       (c->state == EMBER_TLS13_CLOSED && c->hs_state == ST_CONNECTED && !c->sent_close &&
		   !c->out_then_close);
}

static int handle_alert(ember_tls13_conn *c, const uint8_t *a, size_t len)
{
	tls_msg(c, 0, EMBER_TLS_CT_ALERT, a, len);
	if (len != 2)
		return tls13_fail(c, EMBER_TLS_ALERT_DECODE_ERROR, EMBER_EDECODE);
	if (a[1] == EMBER_TLS_ALERT_CLOSE_NOTIFY) {
		c->peer_closed = 1;
		if (c->state == EMBER_TLS13_HANDSHAKE) /* closed before it finished: not a success */
			return tls13_fail(c, EMBER_TLS_ALERT_NONE, EMBER_ECLOSED);
		c->state = EMBER_TLS13_CLOSED;
		return 0;
	}
	if (a[1] == EMBER_TLS_ALERT_USER_CANCELED)
		return 0; /* a close_notify follows (6.1) */
	/* 6.2: every other alert ends the connection, whatever its level says */
	tls13_fail(c, EMBER_TLS_ALERT_NONE, EMBER_ECLOSED);
	c->alert = a[1];
	c->alert_from_peer = 1;
	return EMBER_ECLOSED;
}

static int handle_handshake(ember_tls13_conn *c, const uint8_t *frag, size_t flen)
{
	while (flen) {
		size_t take = c->hs_cap - c->hs_len;

		if (take == 0) /* a message longer than the handshake buffer */
			return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_ELEN);
		if (take > flen)
			take = flen;
		memmove(c->hs + c->hs_len, frag, take);
		c->hs_len += take;
		frag += take;
		flen -= take;
		while (c->hs_len >= 4) {
			size_t mlen = 4 + ((size_t)c->hs[1] << 16 | (size_t)c->hs[2] << 8 | c->hs[3]);
			int ret;

			if (mlen > c->hs_cap)
				return tls13_fail(c, EMBER_TLS_ALERT_ILLEGAL_PARAMETER, EMBER_ELEN);
			if (c->hs_len < mlen)
				break;
			c->rd_changed = 0;
			tls_msg(c, 0, EMBER_TLS_CT_HANDSHAKE, c->hs, mlen);
			ret = c->server ? tls13_server_message(c, mlen) : tls13_client_message(c, mlen);
			if (ret)
				return ret;
			if (c->state == EMBER_TLS13_FAILED)
				return EMBER_EINTERNAL;
			/* a new read key: nothing of this record may follow the message (5.1) */
			if (c->out_end > c->out_off || c->rd_changed) {
				if (c->hs_len > mlen || flen)
					return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
				if (c->out_end > c->out_off) {
					memmove(c->hs, c->hs + mlen, c->out_end - mlen);
					c->out_plain = c->out_plain > mlen ? c->out_plain - mlen : 0;
					c->out_end -= mlen;
					c->out_off = 0;
				}
				c->hs_len = 0;
				return 0;
			}
			memmove(c->hs, c->hs + mlen, c->hs_len - mlen);
			c->hs_len -= mlen;
		}
	}
	return 0;
}

/* change_cipher_spec may come from the first ClientHello until the peer's Finished (5). */
static int ccs_allowed(const ember_tls13_conn *c)
{
	if (c->state != EMBER_TLS13_HANDSHAKE)
		return 0;
	return !(c->server && c->hs_state == ST_S_WAIT_CH && !c->hrr);
}

static int process_record(ember_tls13_conn *c)
{
	const uint8_t *frag;
	size_t flen = 0;
	uint8_t type = 0;
	int ret, alert = EMBER_TLS_ALERT_NONE;

	if (c->rec[0] == EMBER_TLS_CT_CHANGE_CIPHER_SPEC && c->version == TLS12_VERSION) {
		/* TLS 1.2: the peer's keys start here, where the state machine expects it, between messages */
		tls_msg(c, 0, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, c->rec + 5, c->rec_len - 5);
		if (!c->ccs_expected || c->hs_len || c->rec_len != 6 || c->rec[5] != 1)
			return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
		c->ccs_expected = 0;
		c->rd_on = 1;
		return 0;
	}
	if (c->rec[0] == EMBER_TLS_CT_CHANGE_CIPHER_SPEC) {
		tls_msg(c, 0, EMBER_TLS_CT_CHANGE_CIPHER_SPEC, c->rec + 5, c->rec_len - 5);
		if (ccs_allowed(c) && c->rec_len == 6 && c->rec[5] == 1)
			return 0;
		return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
	}
	if (c->rd_on && c->rec[0] == EMBER_TLS_CT_ALERT && c->server && c->hs_state == ST_S_WAIT_FIN && c->rd.t13.seq == 0) {
		/* a client that failed before it had keys alerts in plaintext (OpenSSL does); as OpenSSL's
		   server, take that until the first protected record */
		ret = ember_tls_plaintext_parse(c->rec, c->rec_len, &type, &frag, &flen, &alert);
		if (ret)
			return tls13_fail(c, alert, ret);
	} else if (c->rd_on && c->version == TLS12_VERSION) {
		size_t off = EMBER_TLS_RECORD_HEADER_LEN;

		if (c->suite12->bulk == EMBER_TLS12_BULK_AES_GCM)
			off += EMBER_TLS12_EXPLICIT_NONCE_LEN;
		else if (c->suite12->bulk == EMBER_TLS12_BULK_AES_CBC_SHA)
			off += 16;
		/* opened in place: the content where the ciphertext was */
		TLS13_PROBED(c, EMBER_TLS13_PH_RECORD,
		    ret = ember_tls12_record_unprotect(&c->rd.t12, c->rec + off, c->rec_cap - off, c->rec, c->rec_len,
			&type, &flen, &alert));
		if (ret)
			return tls13_fail(c, alert, ret);
		frag = c->rec + off;
	} else if (c->rd_on) {
		TLS13_PROBED(c, EMBER_TLS13_PH_RECORD,
		    ret = ember_tls13_record_unprotect(&c->rd.t13, c->rec + 5, c->rec_len - 5, c->rec, c->rec_len,
			&type, &flen, &alert));
		if (ret == EMBER_EVERIFY && c->early_skip) {
			/* 0-RTT data under a key we never derived: dropped (4.2.10) */
			c->early_skipped += c->rec_len - 5;
			if (c->early_skipped > EARLY_SKIP_LIMIT)
				return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
			return 0;
		}
		if (ret)
			return tls13_fail(c, alert, ret);
		if (c->own_rsl && c->rec_len - EMBER_TLS_RECORD_HEADER_LEN - EMBER_TLS13_TAG_LEN > c->own_rsl)
			return tls13_fail(c, EMBER_TLS_ALERT_RECORD_OVERFLOW, EMBER_ELEN); /* RFC 8449 4 */
		c->early_skip = 0;
		frag = c->rec + 5;
	} else {
		ret = ember_tls_plaintext_parse(c->rec, c->rec_len, &type, &frag, &flen, &alert);
		if (ret)
			return tls13_fail(c, alert, ret);
	}
	switch (type) {
	case EMBER_TLS_CT_ALERT:
		return handle_alert(c, frag, flen);
	case EMBER_TLS_CT_HANDSHAKE:
		return handle_handshake(c, frag, flen);
	default: /* application data (reading(c) holds here) */
		if (c->state == EMBER_TLS13_HANDSHAKE || c->hs_len) /* not inside a handshake message either */
			return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
		c->app = frag;
		c->app_len = flen;
		return 0;
	}
}

int ember_tls13_input(ember_tls13_conn *c, const uint8_t *in, size_t len, size_t *used)
{
	if (c == NULL || used == NULL || (in == NULL && len))
		return EMBER_EINVAL;
	*used = 0;
	if (c->state == EMBER_TLS13_FAILED)
		return EMBER_EINVAL;
	for (;;) {
		size_t need, take;

		if (c->out_off < c->out_end || c->app_len || !reading(c))
			return 0;
		if (c->rec_len < EMBER_TLS_RECORD_HEADER_LEN)
			need = EMBER_TLS_RECORD_HEADER_LEN - c->rec_len;
		else
			need = EMBER_TLS_RECORD_HEADER_LEN + ((size_t)c->rec[3] << 8 | c->rec[4]) - c->rec_len;
		if (need == 0) {
			int ret = process_record(c);

			c->rec_len = 0;
			if (ret)
				return ret;
			continue;
		}
		if (len == 0)
			return 0;
		take = need < len ? need : len;
		memcpy(c->rec + c->rec_len, in, take);
		c->rec_len += take;
		in += take;
		len -= take;
		*used += take;
		c->bytes_in += take;
		if (c->rec_len == EMBER_TLS_RECORD_HEADER_LEN) {
			ember_tls_record_hdr h;
			int alert = EMBER_TLS_ALERT_NONE, ret = ember_tls_record_header(c->rec, &h, &alert);

			if (ret)
				return tls13_fail(c, alert, ret);
			if (h.length == 0 && h.type != EMBER_TLS_CT_APPLICATION_DATA) /* 5.1: no empty fragments */
				return tls13_fail(c, EMBER_TLS_ALERT_UNEXPECTED_MESSAGE, EMBER_EDECODE);
			if (h.length > c->rec_cap - EMBER_TLS_RECORD_HEADER_LEN) /* a small buffer's limit */
				return tls13_fail(c, EMBER_TLS_ALERT_RECORD_OVERFLOW, EMBER_ELEN);
		}
	}
}

/* ---- Application data, KeyUpdate, close ---- */

int ember_tls13_read(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *n)
{
	size_t take;

	if (c == NULL || n == NULL || (out == NULL && cap))
		return EMBER_EINVAL;
	*n = 0;
	take = c->app_len < cap ? c->app_len : cap;
	if (take == 0)
		return 0; /* nothing waits: c->app may be NULL, and memcpy must not see it */
	memcpy(out, c->app, take);
	c->app += take;
	c->app_len -= take;
	*n = take;
	return 0;
}

static int gcm_limited(const ember_tls13_conn *c)
{
	/* TLS 1.2 has no KeyUpdate: its sequence number's end closes the connection (6.1) */
	return c->version != TLS12_VERSION && c->suite->id != EMBER_TLS13_CHACHA20_POLY1305_SHA256;
}

/* A KeyUpdate record straight into |out| and the write side moved on (7.2). */
static int key_update_now(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *len)
{
	static const uint8_t ku[5] = { HS_KEY_UPDATE, 0, 0, 1, 0 };
	uint8_t next[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	tls_msg(c, 1, EMBER_TLS_CT_HANDSHAKE, ku, sizeof(ku));
	TLS13_PROBED(c, EMBER_TLS13_PH_RECORD,
	    ret = ember_tls13_record_protect(&c->wr.t13, out, cap, len, EMBER_TLS_CT_HANDSHAKE, ku, sizeof(ku),
		0));
	if (ret)
		return ret;
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls13_next_traffic_secret(c->hash, c->wr.t13.secret, next));
	if (!ret)
		ret = tls13_key(c, &c->wr.t13, next);
	ember_wipe(next, sizeof(next));
	c->records_out = 0;
	return ret;
}

int ember_tls13_write(ember_tls13_conn *c, uint8_t *out, size_t cap, size_t *out_len, const uint8_t *data,
    size_t len)
{
	size_t need, n = 0, rl, step;
	int ret, ku;

	if (c == NULL || out_len == NULL || (data == NULL && len) || (out == NULL && cap))
		return EMBER_EINVAL;
	*out_len = 0;
	if (!writing(c) || c->out_off < c->out_end || len == 0)
		return len == 0 && c->state == EMBER_TLS13_CONNECTED ? 0 : EMBER_EINVAL;
	/* each record's content: 2^14 bytes, or less under the peer's record_size_limit (RFC 8449) */
	step = c->peer_rsl ? c->peer_rsl - 1u : EMBER_TLS_MAX_PLAINTEXT;
	ku = gcm_limited(c) && c->records_out + (len + step - 1) / step >= GCM_RECORD_LIMIT;
	need = len + ((len + step - 1) / step) * prot_overhead(c) + (ku ? 27 : 0);
	if (need > cap)
		return EMBER_ELEN;
	if (ku) {
		ret = key_update_now(c, out, cap, &rl);
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
		n += rl;
	}
	while (len) {
		size_t chunk = len < step ? len : step;

		ret = protect(c, out + n, cap - n, &rl, EMBER_TLS_CT_APPLICATION_DATA, data, chunk);
		if (ret)
			return tls13_fail(c, EMBER_TLS_ALERT_INTERNAL_ERROR, ret);
		n += rl;
		data += chunk;
		len -= chunk;
		c->records_out++;
	}
	*out_len = n;
	c->bytes_out += n;
	return 0;
}

int ember_tls13_key_update(ember_tls13_conn *c, int request)
{
	uint8_t ku[5] = { HS_KEY_UPDATE, 0, 0, 1, 0 };
	int ret;

	if (c == NULL || c->state != EMBER_TLS13_CONNECTED || c->out_off < c->out_end || c->hs_cap - c->hs_len < 5 ||
	    c->version == TLS12_VERSION)
		return EMBER_EINVAL;
	ku[4] = request ? 1 : 0;
	TLS13_PROBED(c, EMBER_TLS13_PH_KEYSCHED,
	    ret = ember_tls13_next_traffic_secret(c->hash, c->wr.t13.secret, c->wr_next));
	if (ret)
		return ret;
	tls13_queue(c, EMBER_TLS_CT_HANDSHAKE, ku, sizeof(ku));
	c->out_rekey = 1;
	return 0;
}

int ember_tls13_close(ember_tls13_conn *c)
{
	static const uint8_t cn[2] = { 1, EMBER_TLS_ALERT_CLOSE_NOTIFY };

	if (c == NULL || c->state == EMBER_TLS13_FAILED || c->sent_close || c->out_off < c->out_end ||
	    c->hs_cap - c->hs_len < 2)
		return EMBER_EINVAL;
	tls13_queue(c, EMBER_TLS_CT_ALERT, cn, sizeof(cn));
	c->out_then_close = 1;
	return 0;
}

int ember_tls13_state(const ember_tls13_conn *c)
{
	return c ? c->state : EMBER_TLS13_FAILED;
}

int ember_tls13_close_notify(const ember_tls13_conn *c)
{
	return c ? (c->sent_close ? EMBER_TLS13_CLOSE_SENT : 0) | (c->peer_closed ? EMBER_TLS13_CLOSE_RECEIVED : 0) : 0;
}

int ember_tls13_alert(const ember_tls13_conn *c, int *from_peer)
{
	if (from_peer)
		*from_peer = c ? c->alert_from_peer : 0;
	return c ? c->alert : EMBER_TLS_ALERT_NONE;
}

const ember_tls13_suite *ember_tls13_conn_suite(const ember_tls13_conn *c)
{
	return c ? c->suite : NULL;
}

uint16_t ember_tls13_conn_group(const ember_tls13_conn *c)
{
	return c ? c->group : 0;
}

uint16_t ember_tls13_conn_sig(const ember_tls13_conn *c)
{
	return c ? c->sig_scheme : 0;
}

uint16_t ember_tls_conn_version(const ember_tls13_conn *c)
{
	return c ? c->version : 0;
}

const ember_tls12_suite *ember_tls12_conn_suite(const ember_tls13_conn *c)
{
	return c ? c->suite12 : NULL;
}

int ember_tls13_conn_hrr(const ember_tls13_conn *c)
{
	return c ? c->hrr : 0;
}

void ember_tls13_conn_clear(ember_tls13_conn *c)
{
	if (c == NULL)
		return;
	if (c->rec)
		ember_wipe(c->rec, c->rec_cap);
	if (c->hs)
		ember_wipe(c->hs, c->hs_cap);
	/* each version's records (the whole connection is wiped below) */
	if (c->version == TLS12_VERSION) {
		ember_tls12_record_clear(&c->rd.t12);
		ember_tls12_record_clear(&c->wr.t12);
	} else {
		ember_tls13_record_clear(&c->rd.t13);
		ember_tls13_record_clear(&c->wr.t13);
	}
	ember_tls13_ks_clear(&c->ks);
	ember_tls13_transcript_clear(&c->tr);
	ember_tls13_transcript_clear(&c->tr2);
	tls13_share_clear(c);
	ember_wipe(c, sizeof(*c));
}
