/*
 * speed_timer.c - the clocks and the timing loop of `ember speed`.
 *
 * openssl speed counts operations until SIGALRM and divides by times()'s
 * user time (10 ms ticks). Here the clock is clock_gettime with nanosecond
 * resolution: CLOCK_PROCESS_CPUTIME_ID by default (CPU time of this
 * process, as openssl's user time), CLOCK_MONOTONIC with -elapsed. There is
 * no signal: operations run in batches that double until a batch lasts
 * about a millisecond, and the clock is read between batches, so reading it
 * costs well under 0.1 % of the run whatever one operation costs.
 *
 * Cycles (-cycles) are read around the same loop. The TSC counts wall-clock
 * time, so a run with -cycles on x86 is timed by CLOCK_MONOTONIC (speed.c);
 * perf_event_open's counter counts this process's cycles, the CPU-time base.
 * Either way cycles per byte and bytes per second share one time base, and
 * their product is the counter's frequency.
 */
#include <errno.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#include "speed.h"

static clockid_t clock_id = CLOCK_PROCESS_CPUTIME_ID;
static const char *clock_name = "CLOCK_PROCESS_CPUTIME_ID";

static double now(void);

void speed_timer_use(int elapsed)
{
	clock_id = elapsed ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID;
	clock_name = elapsed ? "CLOCK_MONOTONIC" : "CLOCK_PROCESS_CPUTIME_ID";
	/* the first reads of a clock can be slow: not inside a run */
	(void)now();
	(void)now();
}

const char *speed_timer_name(void)
{
	return clock_name;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(clock_id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double speed_mono_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double speed_timer_resolution(void)
{
	struct timespec ts;

	if (clock_getres(clock_id, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double speed_timer_read_cost(void)
{
	static double cost = -1;
	double t0, t1;
	int i;

	if (cost >= 0)
		return cost;
	t0 = now();
	for (i = 0; i < 1000; i++)
		(void)now();
	t1 = now();
	cost = (t1 - t0) / 1001;
	return cost;
}

/* ---- cycle counters ---- */

enum { CYC_NONE, CYC_TSC, CYC_PERF };
static int cyc_kind = CYC_NONE;
#if defined(__linux__) && defined(__NR_perf_event_open)
static int perf_fd = -1;
#endif

static uint64_t cycles_now(void)
{
#if defined(__x86_64__) || defined(__i386__)
	if (cyc_kind == CYC_TSC) {
		uint32_t lo, hi;
		__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
		return (uint64_t)hi << 32 | lo;
	}
#endif
#if defined(__linux__) && defined(__NR_perf_event_open)
	if (cyc_kind == CYC_PERF) {
		uint64_t v = 0;
		if (read(perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
			return 0;
		return v;
	}
#endif
	return 0;
}

const char *speed_cycles_start(char *why, size_t why_len)
{
	/* once per process: the interactive prompt may run several -cycles commands */
	if (cyc_kind == CYC_TSC)
		return "rdtsc";
	if (cyc_kind == CYC_PERF)
		return "perf_event_open";
#if defined(__x86_64__) || defined(__i386__)
	/* The TSC ticks at the nominal frequency, whatever the core's clock. */
	cyc_kind = CYC_TSC;
	(void)why;
	(void)why_len;
	return "rdtsc";
#elif defined(__linux__) && defined(__NR_perf_event_open)
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	perf_fd = (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, 0);
	if (perf_fd < 0) {
		snprintf(why, why_len, "perf_event_open: %s", strerror(errno));
		return NULL;
	}
	cyc_kind = CYC_PERF;
	return "perf_event_open";
#else
	snprintf(why, why_len, "no cycle counter on this system");
	return NULL;
#endif
}

int speed_cycles_wall(void)
{
	/* The TSC ticks at a fixed rate whether or not this process runs: it is
	 * a wall clock. The perf counter counts only this process's cycles. */
	return cyc_kind == CYC_TSC;
}

/* ---- the loop ---- */

int speed_measure(speed_op_fn fn, void *arg, double seconds, uint64_t count, speed_sample *s)
{
	const double batch_target = 1e-3;
	uint64_t batch = 1, c0, c1;
	double t0, last, t;
	int err;

	memset(s, 0, sizeof(*s));
	t0 = now();
	c0 = cycles_now();
	if (count > 0) {
		err = fn(arg, count);
		c1 = cycles_now();
		t = now();
		s->ops = err ? 0 : count;
		s->seconds = t - t0;
		s->cycles = c1 - c0;
		s->clock_reads = 2;
		return err;
	}
	last = t0;
	for (;;) {
		err = fn(arg, batch);
		if (err)
			return err;
		s->ops += batch;
		t = now();
		s->clock_reads++;
		if (t - t0 >= seconds)
			break;
		/* Grow the batch while it is short; never past the time that is left. */
		if (t - last < batch_target && t - last < (seconds - (t - t0)) / 2 && batch < ((uint64_t)1 << 40))
			batch *= 2;
		last = t;
	}
	c1 = cycles_now(); /* after the last clock read: at most one read (~0.3 us) more than the time */
	s->seconds = t - t0;
	s->cycles = c1 - c0;
	return 0;
}
