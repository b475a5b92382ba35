/*
 * mldsa-stack.c - ML-DSA's default and small-stack paths (src/pq/mldsa.c,
 * src/pq/mldsa_small.c) side by side in one binary: peak stack, time and
 * (under qemu) instructions per operation.
 *
 *   mldsa-stack                   peak stack of keygen, sign, verify, t from sk: default vs small, 44/65/87
 *   mldsa-stack -time [n [r]]     native time per sign (n messages) and verify, default and small alternating,
 *                                 the best of r rounds
 *   mldsa-stack -count OP SET N   N operations of OP (sign, sign-small, verify, verify-small) after the same
 *                                 set-up (for an instruction counter: (count(N) - count(0)) / N)
 *
 * Stack: the method of `ember speed -stack` (tools/speed/speed_stack.h):
 * the call runs on a thread whose stack is our own painted region; the
 * first word no longer the paint, from the low end, gives the depth; minus
 * the same thread running an empty call; two paints, the larger figure.
 * The small paths are called as the public calls call them (mu, the key
 * check, then the routine), so both columns measure the same work.
 *
 * Build (native; for a target, the cross gcc and that target's libember.a, static):
 *   make O=build && cc -O2 -std=c99 -D_DEFAULT_SOURCE -Iinclude -Isrc scripts/mldsa-stack.c build/libember.a \
 *       -lpthread -o build/mldsa-stack
 *   arm-linux-gnueabihf-gcc -O2 -mcpu=cortex-a9 -mfpu=neon -static -std=c99 -D_DEFAULT_SOURCE -Iinclude -Isrc \
 *       scripts/mldsa-stack.c xa/libember.a -lpthread -o xa/mldsa-stack && qemu-arm -cpu cortex-a9 xa/mldsa-stack
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "ember/mldsa.h"
#include "pq/mldsa_int.h"

#define REGION (256 * 1024)

static uint8_t pk[EMBER_MLDSA_PK_MAX], sk[EMBER_MLDSA_SK_MAX], sig[EMBER_MLDSA_SIG_MAX], pk2[EMBER_MLDSA_PK_MAX];
static uint8_t msg[32], seed[32], rnd[32];
static int cur_set;

/* the operations, each as the public call does it */
static void op_empty(void)
{
}

static void op_keygen(void)
{
	ember_mldsa_keygen_seed(cur_set, pk, EMBER_MLDSA_PK_LEN(cur_set), sk, EMBER_MLDSA_SK_LEN(cur_set), seed);
}

static void op_sign(void)
{
	ember_mldsa_sign_rnd(cur_set, sig, EMBER_MLDSA_SIG_LEN(cur_set), sk, EMBER_MLDSA_SK_LEN(cur_set), msg,
	    sizeof(msg), NULL, 0, rnd);
}

static void op_sign_small(void)
{
	const mldsa_params *p = mldsa_params_of(cur_set);
	uint8_t mu[64];

	ember_mldsa_mu(cur_set, mu, pk, p->pk_len, msg, sizeof(msg), NULL, 0);
	if (mldsa_check_sk(p, sk) == 0)
		mldsa_sign_small(mldsa_ops_of(NULL), p, sig, sk, mu, rnd);
}

static int verdict;

static void op_verify(void)
{
	verdict = ember_mldsa_verify(cur_set, pk, EMBER_MLDSA_PK_LEN(cur_set), msg, sizeof(msg), NULL, 0, sig,
	    EMBER_MLDSA_SIG_LEN(cur_set));
}

static void op_verify_small(void)
{
	const mldsa_params *p = mldsa_params_of(cur_set);
	uint8_t mu[64];

	ember_mldsa_mu(cur_set, mu, pk, p->pk_len, msg, sizeof(msg), NULL, 0);
	verdict = mldsa_verify_small(mldsa_ops_of(NULL), p, pk, mu, sig);
}

static void op_pub(void)
{
	ember_mldsa_public_from_private(cur_set, pk2, EMBER_MLDSA_PK_LEN(cur_set), sk, EMBER_MLDSA_SK_LEN(cur_set));
}

static void op_pub_small(void)
{
	const mldsa_params *p = mldsa_params_of(cur_set);

	if (mldsa_check_sk(p, sk) == 0) {
		memcpy(pk2, sk, 32);
		verdict = (int)mldsa_make_t_small(mldsa_ops_of(NULL), p, pk2, NULL, sk);
	}
}

/* ---- painted stack ---- */

static void (*volatile run_fn)(void);

static void *thread_main(void *arg)
{
	(void)arg;
	run_fn();
	return NULL;
}

/* bytes of the region used by one call of fn, painted with |paint| */
static size_t depth(uint8_t *region, void (*fn)(void), uint32_t paint)
{
	pthread_attr_t attr;
	pthread_t t;
	uint32_t *w = (uint32_t *)region;
	size_t i, n = REGION / 4;

	for (i = 0; i < n; i++)
		w[i] = paint;
	run_fn = fn;
	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, region, REGION);
	if (pthread_create(&t, &attr, thread_main, NULL) != 0) {
		perror("pthread_create");
		exit(1);
	}
	pthread_join(t, NULL);
	pthread_attr_destroy(&attr);
	for (i = 0; i < n && w[i] == paint; i++)
		;
	return REGION - 4 * i;
}

static long stack_of(uint8_t *region, void (*fn)(void))
{
	static const uint32_t paints[2] = { 0xdeadbeefu, 0x5a5a5a5au };
	long best = 0;
	int k;

	for (k = 0; k < 2; k++) {
		long d = (long)depth(region, fn, paints[k]) - (long)depth(region, op_empty, paints[k]);
		if (d > best)
			best = d;
	}
	return best;
}

static void setup(int set, unsigned m)
{
	unsigned i;

	cur_set = set;
	for (i = 0; i < sizeof(seed); i++)
		seed[i] = (uint8_t)(i + (unsigned)set);
	memset(rnd, 0, sizeof(rnd));
	for (i = 0; i < sizeof(msg); i++)
		msg[i] = (uint8_t)(i * 7 + m);
	op_keygen();
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const struct {
	const char *name;
	void (*fn)(void);
} ops[] = {
	{ "sign", op_sign },
	{ "sign-small", op_sign_small },
	{ "verify", op_verify },
	{ "verify-small", op_verify_small },
	{ "pub", op_pub },
	{ "pub-small", op_pub_small },
};

int main(int argc, char **argv)
{
	static const int sets[3] = { 44, 65, 87 };
	unsigned s, m, i;

	if (argc >= 2 && strcmp(argv[1], "-count") == 0 && argc == 5) {
		unsigned n = (unsigned)atoi(argv[4]);
		void (*fn)(void) = NULL;
		for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
			if (strcmp(argv[2], ops[i].name) == 0)
				fn = ops[i].fn;
		if (fn == NULL)
			return 2;
		/* sign: N messages (m = 0, 1, ...: the same for both paths); verify: one signature N times */
		setup(atoi(argv[3]), 0);
		op_sign();
		for (m = 0; m < n; m++) {
			if (fn == op_sign || fn == op_sign_small)
				msg[0] = (uint8_t)m;
			fn();
		}
		return 0;
	}
	if (argc >= 2 && strcmp(argv[1], "-time") == 0) {
		/* rounds of: n signs by each path (the same n messages), then n verifications by each of one signature */
		unsigned n = argc > 2 ? (unsigned)atoi(argv[2]) : 20, rounds = argc > 3 ? (unsigned)atoi(argv[3]) : 5, r;
		for (s = 0; s < 3; s++) {
			double best[4] = { 1e9, 1e9, 1e9, 1e9 };
			setup(sets[s], 0);
			for (r = 0; r < rounds; r++)
				for (i = 0; i < 4; i++) {
					double t0;
					if (i == 2) {
						msg[0] = 0;
						op_sign();
					}
					t0 = now();
					for (m = 0; m < n; m++) {
						if (i < 2)
							msg[0] = (uint8_t)m;
						ops[i].fn();
					}
					t0 = (now() - t0) / n;
					if (t0 < best[i])
						best[i] = t0;
				}
			printf("ML-DSA-%d: sign %.3f ms, small %.3f ms (x%.2f); verify %.3f ms, small %.3f ms (x%.2f) "
			       "(best of %u rounds of %u)\n",
			    sets[s], 1e3 * best[0], 1e3 * best[1], best[1] / best[0], 1e3 * best[2], 1e3 * best[3],
			    best[3] / best[2], rounds, n);
		}
		return 0;
	}
	{
		uint8_t *region = mmap(NULL, REGION, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (region == MAP_FAILED)
			return 1;
		printf("%-10s %8s %8s %8s %8s %8s %8s %8s\n", "set", "keygen", "sign", "small", "verify", "small", "pub",
		    "small");
		for (s = 0; s < 3; s++) {
			long k, a[6], mx[6] = { 0, 0, 0, 0, 0, 0 };
			/* several messages: the deepest attempt may differ */
			for (m = 0; m < 4; m++) {
				setup(sets[s], m);
				op_sign();
				for (i = 0; i < 6; i++) {
					a[i] = stack_of(region, ops[i].fn);
					if (a[i] > mx[i])
						mx[i] = a[i];
				}
				if (verdict != 0)
					printf("(a verification failed)\n");
			}
			setup(sets[s], 0);
			k = stack_of(region, op_keygen);
			printf("ML-DSA-%-3d %8ld %8ld %8ld %8ld %8ld %8ld %8ld\n", sets[s], k, mx[0], mx[1], mx[2], mx[3], mx[4],
			    mx[5]);
		}
		printf("(bytes over an empty call's; keygen, sign, verify and pub are the library's public calls, the "
		       "small-stack path when the library was built with EMBER_MLDSA_SMALL_STACK=1; the 'small' columns "
		       "call mldsa_small.c directly)\n");
	}
	return 0;
}
