/*
 * mlkem_ref.c - ML-KEM's portable, constant-time implementation: the
 * arithmetic of mlkem_poly.h (16x16->32 products, and compression's
 * 32x32->64), K-PKE from mlkem_pke.h, and the descriptor. Runs everywhere.
 */
#include "pq/mlkem_poly.h"

#define poly_ntt ref_poly_ntt
#define poly_invntt ref_poly_invntt
#define poly_basemul_acc ref_poly_basemul_acc
#define poly_reduce ref_poly_reduce
#define poly_add ref_poly_add
#define poly_sub ref_poly_sub
#define poly_tomont ref_poly_tomont
#define poly_tobytes ref_poly_tobytes
#define poly_frombytes ref_poly_frombytes
#define poly_compress ref_poly_compress
#define poly_decompress ref_poly_decompress
#define poly_frommsg ref_poly_frommsg
#define poly_tomsg ref_poly_tomsg
#define poly_cbd ref_poly_cbd
#define rej_uniform ref_rej_uniform

#include "pq/mlkem_pke.h"

static const mlkem_ops ref_ops = { pke_keygen, pke_encrypt, pke_decrypt };

const ember_mlkem_desc ember_mlkem_ref_desc = { "mlkem", "ref", EMBER_IMPL_CT, NULL, &ref_ops };
