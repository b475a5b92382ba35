/*
 * tlsnet.h - what `ember s_server` and `ember s_client` share: host:port
 * parsing and resolution, a listening socket, a non-blocking connect with
 * a deadline, the record pump between a socket and an ember_tls13_conn,
 * the certificate files and the openssl names of groups, signature
 * schemes and suites.
 */
#ifndef EMBER_TLSNET_H
#define EMBER_TLSNET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>

#include "ember/tls.h"

#define TLSNET_MAX_LIST 16
#define TLSNET_MAX_CERTS 8
#define TLSNET_CERT_MAX 16384

/*
 * The record pump of one connection: the bytes received and not yet taken
 * by the connection, and the bytes to send. Each buffer holds one whole
 * record, the most the engine takes or gives at once.
 */
typedef struct tlsnet_io {
	int fd;
	size_t in_len, out_off, out_len;
	int eof;            /* the peer closed its side of the socket */
	uint8_t in[EMBER_TLS_MAX_RECORD];
	uint8_t out[EMBER_TLS_MAX_RECORD];
} tlsnet_io;

/*
 * tlsnet_listen opens a listening TCP socket on |arg| ("[host:]port";
 * host absent or "*": every IPv4 address), non-blocking, SO_REUSEADDR.
 * The bound address ("127.0.0.1:4433", the real port for port 0) goes to
 * |bound|. Returns the socket, or -1 after one line for |cmd|.
 */
int tlsnet_listen(const char *cmd, const char *arg, char *bound, size_t bound_len);
/*
 * tlsnet_connect resolves "host:port" and connects within |timeout_ms|
 * (non-blocking connect, poll). The host part (without brackets) goes to
 * |host|. Returns the non-blocking socket, or -1 after one line.
 */
int tlsnet_connect(const char *cmd, const char *arg, int timeout_ms, char *host, size_t host_len);
int tlsnet_nonblock(int fd);
/*
 * For a command that connects many times to one server (s_time): the
 * address resolved once, then each connect begun without blocking.
 * tlsnet_resolve puts up to |max| addresses of "host:port" in |a| (in
 * getaddrinfo's order, the order tlsnet_connect tries them) and their
 * number in |*n|, the host part in |host|; 0, or -1 after one line.
 * tlsnet_connect_start returns a
 * non-blocking socket whose connect has begun (or finished), or -1 with
 * errno; poll it for POLLOUT, then tlsnet_connect_error says 0 (connected)
 * or the errno of the failure.
 */
typedef struct tlsnet_addr {
	struct sockaddr_storage ss;
	socklen_t len;
} tlsnet_addr;
int tlsnet_resolve(const char *cmd, const char *arg, char *host, size_t host_len, tlsnet_addr *a, size_t max,
    size_t *n);
int tlsnet_connect_start(const tlsnet_addr *a);
int tlsnet_connect_error(int fd);
/* 1 when |s| is a numeric IPv4 or IPv6 address (no server_name is sent for those, as openssl). */
int tlsnet_is_ip(const char *s);

/*
 * The pump. tlsnet_recv reads what the socket has (while there is room)
 * and feeds the connection. tlsnet_flush takes the connection's waiting
 * records and sends what the socket takes. Both return 0, or -1 when the
 * socket failed (recv/send error); the TLS state is the connection's.
 * tlsnet_want: the poll events the connection waits for.
 */
int tlsnet_recv(tlsnet_io *io, ember_tls13_conn *c);
int tlsnet_feed(tlsnet_io *io, ember_tls13_conn *c);
int tlsnet_flush(tlsnet_io *io, ember_tls13_conn *c);
short tlsnet_want(const tlsnet_io *io, const ember_tls13_conn *c);
/* 1 when bytes wait to be sent (in |io| or in the connection). */
int tlsnet_pending(const tlsnet_io *io, const ember_tls13_conn *c);
/* tlsnet_send_app: protects |len| bytes (at most 2^14) into io->out; 0, or -1 when io->out is busy. */
int tlsnet_send_app(tlsnet_io *io, ember_tls13_conn *c, const uint8_t *p, size_t len);

/*
 * Lists in openssl's words, ':'-separated (case-insensitive):
 *   groups   X25519 P-256 P-384 X25519MLKEM768 (also x25519, secp256r1, secp384r1, prime256v1)
 *   sigalgs  ecdsa_secp256r1_sha256 rsa_pss_rsae_sha256 ed25519 mldsa65 ... (the RFC names)
 *   suites   TLS_AES_128_GCM_SHA256 TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256
 * 0, or 1 after one line naming the option and the word.
 */
int tlsnet_groups(const char *cmd, const char *arg, uint16_t *out, size_t *n);
int tlsnet_sigalgs(const char *cmd, const char *arg, uint16_t *out, size_t *n);
int tlsnet_suites(const char *cmd, const char *arg, uint16_t *out, size_t *n);
/*
 * The three lists as the socket commands take them: tlsnet_lists_option
 * notes -groups (-curves), -sigalgs or -ciphersuites and its value (1), or
 * says the option is another (0); tlsnet_lists_apply then reads each list
 * noted into the holder's arrays and points |cfg| at them (NULL: the
 * engine's default): 0, or 1 after one line. The holder must outlive cfg.
 */
typedef struct tlsnet_lists {
	const char *groups, *sigalgs, *suites, *cipher;
	uint16_t g[TLSNET_MAX_LIST], sg[TLSNET_MAX_LIST], su[TLSNET_MAX_LIST], c12[TLSNET_MAX_LIST];
	unsigned only, without;   /* -tls1_2 / -tls1_3 and -no_tls1_2 / -no_tls1_3 (EMBER_TLS_VERSION_*) */
} tlsnet_lists;
int tlsnet_lists_option(tlsnet_lists *l, const char *opt, const char *v);
/*
 * tlsnet_version_option notes a protocol option without a value, as
 * openssl takes them: -tls1_3 or -tls1_2 (that version only; both given:
 * both), -no_tls1_3, -no_tls1_2; 1 when |opt| was one, 0 otherwise.
 * Without any, the commands speak TLS 1.3 and TLS 1.2, as openssl's do.
 * -cipher (tlsnet_lists_option) lists TLS 1.2's suites by openssl's names
 * ("ECDHE-ECDSA-AES128-GCM-SHA256:AES128-SHA") or the RFC ones; the legacy
 * RSA key transport suite (AES128-SHA) is used only when named there.
 */
int tlsnet_version_option(tlsnet_lists *l, const char *opt);
int tlsnet_lists_apply(const char *cmd, tlsnet_lists *l, ember_tls13_config *cfg);
/* openssl's words for what a connection negotiated: "TLSv1.3" / "TLSv1.2"; the suite as openssl
   names it (TLS 1.3's RFC names, TLS 1.2's own: "ECDHE-RSA-AES128-GCM-SHA256"), "?" before. */
const char *tlsnet_version_name(const ember_tls13_conn *c);
const char *tlsnet_suite_name(const ember_tls13_conn *c);
/* openssl's name of a group ("X25519", "P-256") and its bits, for s_client's "Server Temp Key". */
const char *tlsnet_group_name(uint16_t g, int *bits);

/* Certificates of a file: every CERTIFICATE block of a PEM file, or one DER certificate. */
typedef struct tlsnet_certs {
	size_t n;
	uint8_t *der[TLSNET_MAX_CERTS];
	size_t len[TLSNET_MAX_CERTS];
} tlsnet_certs;
/* 0, or 1 after one line naming |opt| and the file (absent, empty, not a certificate, too many). */
int tlsnet_certs_load(const char *cmd, const char *opt, const char *path, tlsnet_certs *c);
void tlsnet_certs_free(tlsnet_certs *c);

/*
 * tlsnet_msg: an ember_tls13_config.msg_cb printing to the FILE * |arg| what
 * openssl's -msg prints for each message: ">>> TLS 1.3, Handshake [length
 * 0076], ServerHello" (">>>" sent, "<<<" received; ChangeCipherSpec; Alert
 * with its level and name), then its bytes in hex, 16 a line. Record
 * headers are not shown.
 */
void tlsnet_msg(void *arg, int sent, uint16_t version, int content_type, const uint8_t *msg, size_t len);
/* Milliseconds of CLOCK_MONOTONIC. */
int64_t tlsnet_now_ms(void);

#endif
