/*
 * ccm.c - AES-CCM (NIST SP 800-38C; RFC 3610): CBC-MAC over the
 * formatted nonce, AAD and payload, and CTR, both through the block
 * descriptor of the AES implementation that keyed the context (its
 * cbc_encrypt, ctr and encrypt slots), so every AES implementation
 * gives a CCM: one descriptor each, below. Constant-time exactly where
 * the AES implementation is: nothing here branches on or indexes by
 * data; lengths, nonce and counters are public.
 *
 * The counter of CCM is the last q = 15 - nonce_len bytes of the counter
 * block, and the AES implementations' CTR increments all 16 bytes: the
 * same thing, since a message of fewer than 2^(8q) bytes (checked) uses
 * counters 1 .. 2^(8q-4) at most, which never carry out of q bytes.
 *
 * An implementation may bring its own loop over the payload (ccm_impl.h;
 * ccm_x86ni.c runs CBC-MAC and CTR in one); B0, the AAD, the tag and its
 * check stay here.
 */
#include "ccm_impl.h"
#include "registry.h"

/* blocks per call of the CBC slot, whose output is discarded into a scratch buffer */
#define MAC_CHUNK 16

typedef struct mac {
	const ember_aes_ctx *aes;
	uint8_t x[16];                      /* the CBC-MAC chain value */
	uint8_t buf[16];                    /* a block being assembled */
	size_t fill;                        /* bytes in buf */
	uint8_t scratch[16 * MAC_CHUNK];    /* the ciphertext CBC writes and nobody reads */
} mac;

static void mac_blocks(mac *m, const uint8_t *p, size_t nblocks)
{
	while (nblocks > 0) {
		size_t k = nblocks < MAC_CHUNK ? nblocks : MAC_CHUNK;
		m->aes->impl->cbc_encrypt(m->aes, m->x, m->scratch, p, k);
		p += 16 * k;
		nblocks -= k;
	}
}

/* Feeds |len| bytes, blocks assembled across calls. */
static void mac_update(mac *m, const uint8_t *p, size_t len)
{
	if (m->fill > 0) {
		size_t take = 16 - m->fill < len ? 16 - m->fill : len;
		memcpy(m->buf + m->fill, p, take);
		m->fill += take;
		p += take;
		len -= take;
		if (m->fill < 16)
			return;
		mac_blocks(m, m->buf, 1);
		m->fill = 0;
	}
	mac_blocks(m, p, len / 16);
	p += len & ~(size_t)15;
	len &= 15;
	memcpy(m->buf, p, len);
	m->fill = len;
}

/* Pads the block being assembled with zeros and feeds it (SP 800-38C A.2.2, A.2.3). */
static void mac_pad(mac *m)
{
	if (m->fill > 0) {
		memset(m->buf + m->fill, 0, 16 - m->fill);
		mac_blocks(m, m->buf, 1);
		m->fill = 0;
	}
}

/*
 * SP 800-38C 6.1 steps 1-4 up to the payload: the CBC-MAC over B0 (A.2.1)
 * and the AAD with its length encoding (A.2.2) into |m|, and the first
 * counter block Ctr_0 (A.3) into |ctr|.
 */
static void mac_head(mac *m, uint8_t ctr[16], size_t tag_len, const uint8_t *nonce, size_t nonce_len,
    const uint8_t *aad, size_t aad_len, size_t len)
{
	uint8_t b0[16], hdr[10];
	size_t q = 15 - nonce_len, i, hl;
	uint64_t n = (uint64_t)len;

	m->fill = 0;
	memset(m->x, 0, 16);
	b0[0] = (uint8_t)((aad_len > 0 ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
	memcpy(b0 + 1, nonce, nonce_len);
	for (i = 15; i > nonce_len; i--, n >>= 8)
		b0[i] = (uint8_t)n;
	mac_update(m, b0, 16);
	if (aad_len > 0) {
		uint64_t a = (uint64_t)aad_len;
		if (a < 0xff00u) {
			ember_st32be(hdr, (uint32_t)a << 16);
			hl = 2;
		} else if (a <= 0xffffffffu) {
			hdr[0] = 0xff;
			hdr[1] = 0xfe;
			ember_st32be(hdr + 2, (uint32_t)a);
			hl = 6;
		} else {
			hdr[0] = 0xff;
			hdr[1] = 0xff;
			ember_st64be(hdr + 2, a);
			hl = 10;
		}
		mac_update(m, hdr, hl);
		mac_update(m, aad, aad_len);
		mac_pad(m);
	}
	ctr[0] = (uint8_t)(q - 1);
	memcpy(ctr + 1, nonce, nonce_len);
	memset(ctr + 1 + nonce_len, 0, q);
}

/* aead.h's checks, in its order. */
static int check(const ember_aes_ccm_ctx *ctx, const void *out, const void *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	size_t q;

	if (ctx == NULL || ctx->impl == NULL || tag == NULL)
		return EMBER_EINVAL;
	if (((out == NULL || in == NULL) && in_len != 0) || (aad == NULL && aad_len != 0) ||
	    (nonce == NULL && nonce_len != 0))
		return EMBER_EINVAL;
	if (nonce_len < 7 || nonce_len > 13)
		return EMBER_ENONCE;
	if (tag_len > 16 || ((EMBER_CCM_TAG_LENS >> tag_len) & 1) == 0)
		return EMBER_ETAG;
	/* SP 800-38C A.1: the payload length fits in q bytes */
	q = 15 - nonce_len;
	if (q < 8 && ((uint64_t)in_len >> (8 * q)) != 0)
		return EMBER_ELEN;
	return 0;
}

/* SP 800-38C 6.1 (seal) and 6.2 (open); the tag in full into |t|. */
static void run(const ember_aes_ccm_ctx *ctx, int open, uint8_t t[16], size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	const ember_aes_ctx *aes = &ctx->aes;
	uint8_t ctr[16], s0[16];
	mac m;
	size_t i;

	m.aes = aes;
	mac_head(&m, ctr, tag_len, nonce, nonce_len, aad, aad_len, len);
	aes->impl->encrypt(aes, s0, ctr, 1);
	ctr[15] = 1;
	if (len > 0 && ctx->impl->payload != NULL) {
		ctx->impl->payload(aes, open, m.x, ctr, out, in, len);
	} else if (len > 0 && open) {
		/* decrypt, then the MAC of the plaintext */
		aes->impl->ctr(aes, ctr, out, in, len);
		mac_update(&m, out, len);
		mac_pad(&m);
	} else if (len > 0) {
		/* the MAC first: in place, the plaintext is gone once CTR has run */
		mac_update(&m, in, len);
		mac_pad(&m);
		aes->impl->ctr(aes, ctr, out, in, len);
	}
	for (i = 0; i < 16; i++)
		t[i] = m.x[i] ^ s0[i];
	ember_wipe(&m, sizeof(m));
	ember_wipe(s0, sizeof(s0));
}

int ember_aes_ccm_seal(const ember_aes_ccm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t t[16];
	int ret = check(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);

	if (ret != 0)
		return ret;
	run(ctx, 0, t, tag_len, nonce, nonce_len, aad, aad_len, out, in, in_len);
	memcpy(tag, t, tag_len);
	ember_wipe(t, sizeof(t));
	return 0;
}

int ember_aes_ccm_open(const ember_aes_ccm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t t[16], want[16];
	int ret = check(ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len), ok;

	if (ret != 0)
		return ret;
	memcpy(want, tag, tag_len);
	run(ctx, 1, t, tag_len, nonce, nonce_len, aad, aad_len, out, in, in_len);
	ok = ember_memeq(t, want, tag_len);
	ember_wipe(t, sizeof(t));
	/* whether the tag matched is the answer, public by design */
	EMBER_DECLASSIFY(&ok, sizeof(ok));
	if (!ok) {
		if (in_len > 0)
			ember_wipe(out, in_len);
		return EMBER_EVERIFY;
	}
	return 0;
}

int ember_aes_ccm_set_key(ember_aes_ccm_ctx *ctx, const uint8_t *key, size_t key_len)
{
	/* the AES implementation registry.c picks for CCM on this CPU */
	static ember_pick pick;
	const ember_aead_desc *d = ember_aead_pick(&pick, "aes-ccm");

	if (ctx == NULL)
		return EMBER_EINVAL;
	if (d == NULL)
		return EMBER_ENOTSUP;
	return d->set_key(ctx, key, key_len);
}

void ember_aes_ccm_clear(ember_aes_ccm_ctx *ctx)
{
	if (ctx != NULL)
		ember_wipe(ctx, sizeof(*ctx));
}

/* ---- the descriptors' slots, and one descriptor per AES implementation but x86ni (ccm_x86ni.c) ---- */

int ember_ccm_set_key(ember_aes_ccm_ctx *ctx, const ember_ccm_impl *m, const uint8_t *key, size_t key_len)
{
	const ember_block_desc *aes = m->aes;
	int err;

	if (ctx == NULL || (key == NULL && key_len != 0))
		return EMBER_EINVAL;
	if (ember_aes_rounds(key_len) == 0)
		return EMBER_EKEYLEN;
	if (aes->supported != NULL && !aes->supported())
		return EMBER_ENOTSUP;
	ember_wipe(ctx, sizeof(*ctx));
	err = aes->set_key(&ctx->aes, key, key_len, 0);
	if (err != 0) {
		ember_wipe(ctx, sizeof(*ctx));
		return err;
	}
	ctx->impl = m;
	return 0;
}

int ember_ccm_d_seal(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return ember_aes_ccm_seal((const ember_aes_ccm_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len,
	    in, in_len);
}

int ember_ccm_d_open(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return ember_aes_ccm_open((const ember_aes_ccm_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len,
	    in, in_len);
}

void ember_ccm_d_clear(void *ctx)
{
	ember_aes_ccm_clear((ember_aes_ccm_ctx *)ctx);
}

EMBER_CCM_DESC(avx512, EMBER_IMPL_CT | EMBER_IMPL_HW, NULL)
EMBER_CCM_DESC(armv8, EMBER_IMPL_CT | EMBER_IMPL_HW, NULL)
EMBER_CCM_DESC(neon, EMBER_IMPL_CT | EMBER_IMPL_HW, NULL)
EMBER_CCM_DESC(ct, EMBER_IMPL_CT, NULL)
EMBER_CCM_DESC(ct32, EMBER_IMPL_CT, NULL)
EMBER_CCM_DESC(tab, 0, NULL) /* T-tables: not constant-time, never the default; for comparison */
