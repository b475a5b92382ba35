/*
 * aes-ct32-count.c - ct32's AES-128 over 8192 bytes N times, for counting
 * instructions under qemu without `ember speed` (whose known-answer check
 * refuses a library built with -DEMBER_AES_FLOOR, the S-box removed):
 *
 *   make O=build/fl CROSS_COMPILE=mipsel-linux-gnu- CFLAGS="-O2 -march=mips32r2" \
 *       CPPFLAGS=-DEMBER_AES_FLOOR build/fl/libember.a
 *   mipsel-linux-gnu-gcc -O2 -march=mips32r2 -static -Iinclude scripts/aes-ct32-count.c \
 *       build/fl/libember.a -o build/fl/aes-count
 *   qemu-mipsel -cpu 24Kf -plugin build/libinsncount.so -d plugin build/fl/aes-count N MODE
 *
 * MODE 0: CBC encryption, 1: CTR, 2: CBC decryption. Per byte =
 * (insns(N = 64) - insns(N = 16)) / (48 * 8192), as scripts/insncount.sh.
 */
#include <stdint.h>
#include <stdlib.h>

#include "ember/cipher.h"

int main(int argc, char **argv)
{
	static uint8_t buf[8192];
	uint8_t key[16] = { 1 }, iv[16] = { 2 }, ctr[16] = { 3 };
	ember_aes_ctx c;
	int i, n = argc > 2 ? atoi(argv[1]) : 1, mode = argc > 2 ? atoi(argv[2]) : 0;

	if (ember_aes_ct32_set_key(&c, key, 16) != 0)
		return 2;
	for (i = 0; i < n; i++) {
		if (mode == 0)
			ember_aes_cbc_encrypt(&c, iv, buf, buf, sizeof(buf));
		else if (mode == 1)
			ember_aes_ctr(&c, ctr, buf, buf, sizeof(buf));
		else
			ember_aes_cbc_decrypt(&c, iv, buf, buf, sizeof(buf));
	}
	return buf[0] == 0x42; /* the work is used */
}
