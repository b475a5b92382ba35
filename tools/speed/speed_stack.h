/*
 * speed_stack.h - `ember speed -stack`: the peak stack one operation uses,
 * and whether it touched the heap (speed_stack.c).
 *
 * The method (pqm4's and wolfCrypt's stack painting): one call runs on a
 * thread whose stack is a region of our own (pthread_attr_setstack),
 * painted with a known word; after the join the region is scanned from its
 * low end for the first word that is no longer the paint. Before the call
 * the thread paints again everything below its own frames (what glibc's
 * start-up and the harness's calls left there), and calls through a padded
 * frame, so the call's frame starts below every mark the harness made. The
 * same thread running an empty function gives the baseline (glibc keeps
 * the thread's descriptor and TLS at the top of a caller's stack, then
 * start_thread, the harness, the call instruction): the figure is what the
 * call used beyond it, its own frames, within a word (the tests check that
 * an array of N bytes measures N to N + 256). The call runs twice, under
 * two paints, and the larger figure is kept, so that a frame that happens
 * to store the paint's value cannot hide. Signals are blocked on the thread
 * (a handler's frame would count).
 *
 * Overflow: the region is the top of a reservation of
 * SPEED_STACK_MAX_REGION + 64 KiB whose rest is PROT_NONE, so a call that
 * runs past its region faults (a frame that steps over pages too); the
 * fault is caught on an alternate signal stack, and the call measured again
 * on a region four times larger, up to SPEED_STACK_MAX_REGION, past which
 * it is refused (SPEED_STACK_OVERFLOW). Stacks grow down on every target
 * Ember builds for.
 *
 * The heap: a third run brackets the call with glibc's mallinfo2(). A new
 * thread's first malloc, calloc or realloc sets up its tcache, which stays
 * allocated until the thread ends, so even a malloc freed before returning
 * shows. Without mallinfo2 (not glibc, or before 2.33) the heap is not
 * checked and says so (-1). `ember speed` runs no other thread meanwhile.
 */
#ifndef EMBER_SPEED_STACK_H
#define EMBER_SPEED_STACK_H

#include <stddef.h>

#include "speed.h"

/* The region the call runs on; a call that reaches its last SPEED_STACK_SLACK
 * bytes is measured again on a region four times larger, up to the maximum. */
#define SPEED_STACK_REGION ((size_t)256 * 1024)
#define SPEED_STACK_MAX_REGION ((size_t)4 * 1024 * 1024)
#define SPEED_STACK_SLACK ((size_t)1024)

/* speed_result.stack_state */
enum speed_stack_state {
	SPEED_STACK_NONE = 0, /* not measured (no -stack) */
	SPEED_STACK_OK,       /* stack_bytes, heap_bytes hold the figures */
	SPEED_STACK_NA,       /* the engine is not Ember's: its calls are not ours to measure */
	SPEED_STACK_OVERFLOW, /* the call used the largest region whole: no figure */
	SPEED_STACK_FAILED    /* no thread, no memory, or the operation failed */
};

/* One operation; returns 0 or an error (the figure is then refused). */
typedef int (*speed_stack_fn)(void *arg);

typedef struct speed_stack_fig {
	int state;         /* enum speed_stack_state */
	size_t bytes;      /* peak stack beyond the empty call's */
	size_t raw;        /* the thread's whole high-water mark (bytes + baseline) */
	size_t region;     /* the region it ran on */
	long heap;         /* 0: checked, none; > 0: allocated (bytes still in use, at least 1); -1: not checked */
} speed_stack_fig;

/* Measures one call of fn(arg). Returns fig->state. */
int speed_stack_measure(speed_stack_fn fn, void *arg, speed_stack_fig *fig);
/* 1 when this build can check the heap (mallinfo2). */
int speed_stack_heap_checked(void);

/* The jobs of a run (called by run.c after a job's timing, with its task still open). */
void speed_stack_job(const speed_run *r, speed_job *j, speed_task *t, uint8_t *buf);
void speed_stack_pk(const speed_run *r, speed_pk_job *p, void *key);

/* Text tables and -mr records (called by print.c when r->stack). */
void speed_stack_print(FILE *f, const speed_run *r);
void speed_stack_print_mr(FILE *f, const speed_run *r);
/* -multi: a child's +EMBER:STACK... record into the parent's run (the larger figure kept); 1 when it was one. */
int speed_stack_child_record(speed_run *r, const char *line);
/* A figure as text and JSON: "1234", "-" (not checked), "n/a", "overflow", "failed". */
const char *speed_stack_text(const speed_result *x, int heap, char *buf, size_t len);

#endif
