/*
 * md_impl.h - what the MD4 and MD5 implementation files share; not installed.
 *
 * The portable files (md4_ref.c, md5_ref.c) own init, update and final; an
 * accelerated file supplies a block function with the portable one's
 * signature and a test of the CPU features it needs. The default init
 * (ember_md5_init ...) installs the accelerated one when the CPU has them.
 */
#ifndef EMBER_MD_IMPL_H
#define EMBER_MD_IMPL_H

#include "ember/hash.h"

#if defined(EMBER_X86) && defined(__x86_64__)
/* x86-64 with AVX-512VL: call the block functions only when _supported() returns 1. */
int ember_md4_avx512_supported(void);
void ember_md4_avx512_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
int ember_md5_avx512_supported(void);
void ember_md5_avx512_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
#endif

#endif
