/*
 * flood_io.h - what flood.c (the soak test's clients) takes from
 * flood_io.c: sockets to 127.0.0.1 whose every wait is bounded by a
 * deadline (milliseconds of fl_now_ms), and the test PKI.
 */
#ifndef EMBER_FLOOD_IO_H
#define EMBER_FLOOD_IO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define CERT_MAX 8192

/* CLOCK_MONOTONIC in milliseconds. */
int64_t fl_now_ms(void);
/* A TCP connection to 127.0.0.1:|port| (non-blocking), or -1. */
int fl_tcp_connect(int port, int64_t deadline);
/* 0 when all |n| bytes went, -1 on error or past the deadline. */
int fl_send_all(int fd, const uint8_t *p, size_t n, int64_t deadline);
/* Bytes received (> 0), 0 at the peer's FIN, -1 on error (a reset), -2 past the deadline. */
ssize_t fl_recv_some(int fd, uint8_t *p, size_t cap, int64_t deadline);
/* Reads until the peer closes (FIN or reset); 0, or -2 when the deadline came first. */
int fl_until_closed(int fd, int64_t deadline);
/* Closes with a FIN, or with a reset (SO_LINGER 0). */
void fl_drop(int fd, int reset);
/* Writes DIR/ca.pem, DIR/server.crt and DIR/server.key (a P-256 CA and a leaf for "ember.test"); 0, or 1. */
int fl_pki(const char *dir);
/* The first PEM certificate of |path| as DER into ca[0..cap); 0, or -1 after one line on stderr. */
int fl_load_ca(const char *path, uint8_t *ca, size_t cap, size_t *len);

#endif
