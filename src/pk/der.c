/*
 * der.c - the key containers every key type shares: PKCS#8 PrivateKeyInfo
 * (RFC 5208 5), SubjectPublicKeyInfo (RFC 5280 4.1.2.7) and each type's
 * own "traditional" block, read and written through the table of key types
 * (pk_impl.h: one ember_pkey_kind per type, in key_<type>.c); DSA
 * signatures as DER.
 *
 * Adding a key type is its key_<type>.c, one line in |kinds| below, its
 * member of ember_pkey's union and its enum value in keys.h.
 */
#include "bn/bn_internal.h"
#include "pk_impl.h"

static const ember_pkey_kind *const kinds[] = {
	&ember_pkey_kind_rsa,
	&ember_pkey_kind_dsa,
	&ember_pkey_kind_ec,
	&ember_pkey_kind_x25519,
	&ember_pkey_kind_ed25519,
	&ember_pkey_kind_mldsa44,
	&ember_pkey_kind_mldsa65,
	&ember_pkey_kind_mldsa87,
	&ember_pkey_kind_mlkem512,
	&ember_pkey_kind_mlkem768,
	&ember_pkey_kind_mlkem1024,
};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

const ember_pkey_kind *ember_pkey_kind_of(int type)
{
	size_t i;

	for (i = 0; i < NKINDS; i++)
		if (kinds[i]->type == type)
			return kinds[i];
	return NULL;
}

/* AlgorithmIdentifier: the kind its OID names (EMBER_ENOTSUP for another OID) and what follows the OID. */
static int read_algid(ember_der *d, const ember_pkey_kind **kind, ember_der *params)
{
	ember_der seq, oid;
	size_t i;
	int ret;

	if ((ret = ember_der_get(d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_get(&seq, EMBER_DER_OID, &oid)) != 0)
		return ret;
	for (i = 0; i < NKINDS; i++) {
		if (ember_der_oid_is(&oid, kinds[i]->oid, kinds[i]->oid_len)) {
			*kind = kinds[i];
			*params = seq;
			return 0;
		}
	}
	return EMBER_ENOTSUP;
}

/*
 * PrivateKeyInfo (RFC 5208 5): version 0, algorithm, OCTET STRING, [0]
 * attributes OPTIONAL; or OneAsymmetricKey (RFC 5958 2): version 1 and
 * after the attributes [1] IMPLICIT BIT STRING publicKey OPTIONAL (RFC 8410
 * 10.3's example). The public key must be the one ember would write for
 * the private key (EC: uncompressed), else EMBER_ERANGE. Any other version,
 * a publicKey in version 0, anything else after: EMBER_EDECODE.
 */
static int parse_pkcs8(ember_pkey *k, ember_der d)
{
	const ember_pkey_kind *kind;
	ember_der seq, ver, params, octets, attrs, pub = { NULL, 0 };
	int ret, v1 = 0;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if (ember_der_uint(&seq, &ver) != 0 || ver.len != 1 || ver.p[0] > 1)
		return EMBER_EDECODE;
	v1 = ver.p[0] == 1;
	if ((ret = read_algid(&seq, &kind, &params)) != 0)
		return ret;
	if ((ret = ember_der_get(&seq, EMBER_DER_OCTETSTRING, &octets)) != 0)
		return ret;
	if (ember_der_peek(&seq) == EMBER_DER_CTX0 && (ret = ember_der_get(&seq, EMBER_DER_CTX0, &attrs)) != 0)
		return ret;
	if (v1 && ember_der_peek(&seq) == EMBER_DER_IMPLICIT1) {
		if ((ret = ember_der_get(&seq, EMBER_DER_IMPLICIT1, &pub)) != 0)
			return ret;
		if (pub.len < 2 || pub.p[0] != 0)
			return EMBER_EDECODE; /* empty, or unused bits */
		pub.p++;
		pub.len--;
	}
	if ((ret = ember_der_end(&seq)) != 0)
		return ret;
	if ((ret = kind->read_private(k, params, octets)) != 0)
		return ret;
	if (pub.p != NULL) {
		EMBER_DER_SCRATCH(mine);
		kind->write_public(&mine, k);
		if (mine.err || mine.len != pub.len || memcmp(mine.p, pub.p, pub.len) != 0)
			return EMBER_ERANGE; /* not this private key's public key */
	}
	return 0;
}

/* SubjectPublicKeyInfo: algorithm, BIT STRING (no unused bits). */
static int parse_spki(ember_pkey *k, ember_der d)
{
	const ember_pkey_kind *kind;
	ember_der seq, params, bits;
	int ret;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if ((ret = read_algid(&seq, &kind, &params)) != 0)
		return ret;
	if ((ret = ember_der_get(&seq, EMBER_DER_BITSTRING, &bits)) != 0 || (ret = ember_der_end(&seq)) != 0)
		return ret;
	if (bits.len < 1 || bits.p[0] != 0)
		return EMBER_EDECODE; /* unused bits */
	bits.p++;
	bits.len--;
	return kind->read_public(k, params, bits);
}

/* One form: its PEM label and its reader (a kind's traditional ones through |kind|). */
static int parse_form(ember_pkey *k, ember_der d, size_t form)
{
	size_t i = form / 2 - 1;

	if (form == 0)
		return parse_pkcs8(k, d);
	if (form == 1)
		return parse_spki(k, d);
	if (form % 2 == 0)
		return kinds[i]->read_trad(k, d);
	return kinds[i]->read_trad_pub(k, d);
}

static const char *form_label(size_t form)
{
	size_t i = form / 2 - 1;

	if (form == 0)
		return "PRIVATE KEY";
	if (form == 1)
		return "PUBLIC KEY";
	return form % 2 == 0 ? kinds[i]->trad_label : kinds[i]->trad_pub_label;
}

int ember_pkey_parse(ember_pkey *k, const uint8_t *in, size_t len, const char *label)
{
	int ret = EMBER_EDECODE;
	size_t form;

	/* PKCS#8, SPKI, then each kind's private and public traditional forms */
	for (form = 0; form < 2 + 2 * NKINDS; form++) {
		const char *l = form_label(form);
		ember_der d;
		if (l == NULL || (label != NULL && strcmp(label, l) != 0))
			continue;
		d.p = in;
		d.len = len;
		memset(k, 0, sizeof(*k));
		ret = parse_form(k, d, form);
		if (ret == 0)
			return 0;
		ember_pkey_clear(k);
		if (label == NULL && ret == EMBER_EDECODE)
			continue;
		/* the structure matched but the key was refused (size, range): report that */
		return ret;
	}
	return ret;
}

int ember_pkey_read_params(ember_pkey *k, const uint8_t *in, size_t len)
{
	uint8_t buf[EMBER_PKEY_MAX_DER];
	char list[256], label[80];
	size_t i, n = 0, used = 0;
	int ret = EMBER_EDECODE;

	memset(k, 0, sizeof(*k));
	if (in == NULL || len == 0)
		return EMBER_EDECODE;
	for (i = 0; i < NKINDS; i++) {
		const char *l = kinds[i]->params_label;
		if (l != NULL && used + strlen(l) + 2 <= sizeof(list)) {
			memcpy(list + used, l, strlen(l) + 1);
			used += strlen(l) + 1;
		}
	}
	list[used] = 0;
	/* DER: Dss-Parms, or EC's namedCurve OID */
	if (in[0] != EMBER_DER_SEQUENCE && in[0] != EMBER_DER_OID) {
		ret = ember_pem_decode((const char *)in, len, list, label, sizeof(label), buf, sizeof(buf), &n);
		if (ret != 0)
			return ret == EMBER_ELEN ? EMBER_EKEYLEN : ret;
		in = buf;
		len = n;
	}
	for (i = 0; i < NKINDS; i++) {
		ember_der d = { in, len };
		if (kinds[i]->read_paramfile == NULL || (n != 0 && strcmp(label, kinds[i]->params_label) != 0))
			continue;
		ret = kinds[i]->read_paramfile(k, d);
		if (ret == 0 || ret != EMBER_EDECODE)
			break;
	}
	if (ret != 0)
		ember_pkey_clear(k);
	return ret;
}

void ember_pkey_clear(ember_pkey *k)
{
	ember_wipe(k, sizeof(*k));
}

unsigned ember_pkey_bits(const ember_pkey *k)
{
	const ember_pkey_kind *kind = ember_pkey_kind_of(k->type);

	return kind ? kind->bits(k) : 0;
}

const char *ember_pkey_name(int type)
{
	const ember_pkey_kind *kind = ember_pkey_kind_of(type);

	return kind ? kind->name : NULL;
}

int ember_pkey_type_of(const char *name)
{
	size_t i, j;

	for (i = 0; i < NKINDS; i++) {
		const char *n = kinds[i]->name;
		for (j = 0; n[j] && name[j] && (n[j] | 0x20) == (name[j] | 0x20); j++)
			;
		if (n[j] == 0 && name[j] == 0)
			return kinds[i]->type;
	}
	return EMBER_PKEY_NONE;
}

/* ---- writing ---- */

int ember_pkey_der(const ember_pkey *k, int format, ember_der_out *o, const char **label)
{
	const ember_pkey_kind *kind = ember_pkey_kind_of(k->type);
	int priv = k->has_private;

	if (kind == NULL)
		return EMBER_EINVAL;
	if (format == EMBER_PKEY_PARAMS || k->params_only) {
		if (format != EMBER_PKEY_PARAMS || kind->write_paramfile == NULL)
			return EMBER_ENOTSUP;
		kind->write_paramfile(o, k);
		*label = kind->params_label;
		return o->err;
	}
	if (format == EMBER_PKEY_SPKI) {
		EMBER_DER_SCRATCH(seq);
		EMBER_DER_SCRATCH(alg);
		EMBER_DER_SCRATCH(bits);
		static const uint8_t zero = 0;
		ember_der_put_prim(&alg, EMBER_DER_OID, kind->oid, kind->oid_len);
		kind->write_params(&alg, k);
		ember_der_put_wrapped(&seq, EMBER_DER_SEQUENCE, &alg);
		ember_der_put(&bits, &zero, 1);
		kind->write_public(&bits, k);
		ember_der_put_wrapped(&seq, EMBER_DER_BITSTRING, &bits);
		ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
		*label = "PUBLIC KEY";
		return o->err;
	}
	/* PKCS#1 is RSA's own form; "traditional" any type's */
	if (format == EMBER_PKEY_PKCS1 && k->type != EMBER_PKEY_RSA)
		return EMBER_ENOTSUP;
	if ((format == EMBER_PKEY_PKCS1 || format == EMBER_PKEY_TRAD) && !priv) {
		if (kind->write_trad_pub == NULL)
			return EMBER_ENOTSUP;
		kind->write_trad_pub(o, k);
		*label = kind->trad_pub_label;
		return o->err;
	}
	if (!priv || !kind->can_write_private(k))
		return EMBER_ENOTSUP;
	if (format == EMBER_PKEY_PKCS1 || format == EMBER_PKEY_TRAD) {
		if (kind->write_trad == NULL)
			return EMBER_ENOTSUP;
		kind->write_trad(o, k);
		*label = kind->trad_label;
		return o->err;
	}
	if (format == EMBER_PKEY_PKCS8) {
		EMBER_DER_SCRATCH(seq);
		EMBER_DER_SCRATCH(alg);
		EMBER_DER_SCRATCH(inner);
		ember_der_put_small(&seq, 0);
		ember_der_put_prim(&alg, EMBER_DER_OID, kind->oid, kind->oid_len);
		kind->write_params(&alg, k);
		ember_der_put_wrapped(&seq, EMBER_DER_SEQUENCE, &alg);
		kind->write_private(&inner, k);
		ember_der_put_wrapped(&seq, EMBER_DER_OCTETSTRING, &inner);
		ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
		ember_wipe(seq_buf, sizeof(seq_buf));
		ember_wipe(inner_buf, sizeof(inner_buf));
		*label = "PRIVATE KEY";
		return o->err;
	}
	return EMBER_ENOTSUP;
}

int ember_pkey_write(const ember_pkey *k, int format, int pem, uint8_t *outp, size_t cap, size_t *out_len)
{
	uint8_t buf[EMBER_PKEY_MAX_DER];
	ember_der_out o = { buf, 0, sizeof(buf), 0 };
	const char *label = NULL;
	int ret = ember_pkey_der(k, format, &o, &label);

	if (ret == 0 && !pem) {
		if (o.len > cap)
			ret = EMBER_ELEN;
		else
			memcpy(outp, buf, o.len);
		*out_len = o.len;
	} else if (ret == 0) {
		ret = ember_pem_encode(label, buf, o.len, (char *)outp, cap, out_len);
	}
	ember_wipe(buf, sizeof(buf));
	return ret;
}

/* ---- DSA signatures ---- */

int ember_dsa_sig_to_der(const uint8_t *sig, size_t sig_len, uint8_t *outp, size_t cap, size_t *out_len)
{
	ember_bn_word r[BN_MAXW], s[BN_MAXW];
	size_t half = sig_len / 2, n = EMBER_BN_WORDS(8 * half);
	EMBER_DER_SCRATCH(seq);
	ember_der_out o = { outp, 0, cap, 0 };

	if (sig_len == 0 || sig_len % 2 || half > EMBER_DSA_MAX_QLEN)
		return EMBER_EINVAL;
	ember_bn_from_bytes(r, n, sig, half);
	ember_bn_from_bytes(s, n, sig + half, half);
	ember_der_put_uint(&seq, r, n);
	ember_der_put_uint(&seq, s, n);
	ember_der_put_wrapped(&o, EMBER_DER_SEQUENCE, &seq);
	if (o.err)
		return o.err;
	*out_len = o.len;
	return 0;
}

int ember_dsa_sig_from_der(const uint8_t *in, size_t len, uint8_t *sig, size_t sig_len)
{
	ember_der d = { in, len }, seq, r, s;
	size_t half = sig_len / 2;
	int ret;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0 ||
	    (ret = ember_der_uint(&seq, &r)) != 0 || (ret = ember_der_uint(&seq, &s)) != 0 || (ret = ember_der_end(&seq)) != 0)
		return EMBER_EDECODE;
	if (r.len > half || s.len > half)
		return EMBER_ERANGE;
	memset(sig, 0, sig_len);
	memcpy(sig + half - r.len, r.p, r.len);
	memcpy(sig + sig_len - s.len, s.p, s.len);
	return 0;
}
