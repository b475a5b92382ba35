#!/bin/sh
# tls-insncount.sh BUILD_DIR QEMU_CMD DEB_ARCH TRIPLE PLUGIN CFLAGS
# Instructions per TLS 1.3 handshake, per side, counted by qemu with the
# insncount plugin: Ember's server and client (BUILD_DIR/libember.a, static)
# against Debian 12's libssl for the same target (dynamic, unpacked by
# foreign-openssl.sh), both driven by scripts/tls-insn.c (a server process
# and a client process over a socketpair; each prints its own count).
#   per handshake = (insns(N handshakes) - insns(1 handshake)) / (N - 1),  N = 17
# so start-up, key loading and the first handshake's one-time work cancel.
# Then Ember's count per primitive of the handshake (tls-insn -p), the rest
# being the protocol (transcript hashes, HKDF, AEAD, messages, certificate
# parsing), and the per-connection memory of both.
# The certificates (a P-256 CA, a leaf per key) are made once by the build
# machine's openssl; both libraries load the same files. The ML-DSA-65 leaf
# is Ember's own (OpenSSL 3.0 has neither ML-DSA nor X25519MLKEM768).
# Environment: TLS_INSN_N (17), TLS_INSN_ROWS (the six rows below; keys ecdsap384 and rsa3072 are
# there too, for the key sizes: TLS_INSN_ROWS="x25519:ecdsap384 x25519:rsa3072").
set -eu
b=$1
qemu=$2
debarch=$3
triple=$4
plugin=$5
cflags=$6
src=$(cd "$(dirname "$0")/.." && pwd)
work=$b/tls-insncount
pki=$work/pki
n=${TLS_INSN_N:-17}
rows=${TLS_INSN_ROWS:-"x25519:ecdsap256 x25519:rsa2048 x25519:ed25519 x25519mlkem768:ecdsap256 x25519mlkem768:mldsa65 p256:ecdsap256"}
mkdir -p "$pki"
rm -f "$work/results.txt"

# ---- the PKI, once (host openssl) ----
if [ ! -f "$pki/chain-rsa3072.pem" ]; then
	cat > "$pki/pki.cnf" <<'EOF'
[req]
distinguished_name = dn
prompt = no
[dn]
CN = Ember Insn CA
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[leaf]
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:ember.test
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
	(
		cd "$pki"
		openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
		openssl req -x509 -new -key ca.key -config pki.cnf -extensions ca -days 3650 -sha256 -set_serial 1 -out ca.pem
		openssl x509 -in ca.pem -outform DER -out ca.der
		openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ecdsap256.key
		openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out rsa2048.key
		openssl genpkey -algorithm ED25519 -out ed25519.key
		openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out ecdsap384.key
		openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:3072 -out rsa3072.key
		s=2
		for k in ecdsap256 rsa2048 ed25519 ecdsap384 rsa3072; do
			openssl req -new -key $k.key -subj /CN=ember.test -out $k.csr
			openssl x509 -req -in $k.csr -CA ca.pem -CAkey ca.key -set_serial $s -days 30 -sha256 \
				-extfile pki.cnf -extensions leaf -out leaf-$k.pem
			openssl x509 -in leaf-$k.pem -outform DER -out leaf-$k.der
			cat leaf-$k.pem ca.pem > chain-$k.pem
			s=$((s + 1))
		done
	) > "$work/pki.log" 2>&1 || { cat "$work/pki.log"; exit 1; }
fi

# ---- the drivers ----
# shellcheck disable=SC2086
$triple-gcc $cflags -std=c99 -Wall -Wextra -D_DEFAULT_SOURCE -I"$src/include" -static "$src/scripts/tls-insn.c" \
	"$b/libember.a" -o "$work/tls-insn-ember"
ossl=""
headers=""
deb=$(cd "$(dirname "$b")" && pwd)/debian-$debarch
if root=$(sh "$src/scripts/foreign-openssl.sh" "$debarch" "$deb" 2>/dev/null); then
	lib=$root/usr/lib/$triple
	# the target's libssl-dev headers (configuration.h is per architecture), fetched with the private
	# apt configuration foreign-openssl.sh made; the host's headers when that fails
	if [ ! -f "$deb/devroot/usr/include/openssl/ssl.h" ]; then
		mkdir -p "$deb/dev"
		(cd "$deb/dev" && APT_CONFIG=$deb/apt/etc/apt.conf apt-get -qq download libssl-dev &&
			dpkg-deb -x libssl-dev_*.deb "$deb/devroot") > /dev/null 2>&1 || true
	fi
	if [ -f "$deb/devroot/usr/include/openssl/ssl.h" ]; then
		inc="-I$deb/devroot/usr/include -I$deb/devroot/usr/include/$triple"
		headers="$debarch libssl-dev $(ls "$deb/dev" | sed -n 's/^libssl-dev_\(.*\)_.*\.deb$/\1/p')"
	else
		inc="-I/usr/include -I/usr/include/x86_64-linux-gnu"
		headers="the host's libssl-dev (same OpenSSL 3.0 ABI)"
	fi
	# shellcheck disable=SC2086
	if $triple-gcc $cflags -std=c99 -Wall -Wextra -D_DEFAULT_SOURCE -DTLS_INSN_OSSL $inc "$src/scripts/tls-insn.c" \
		"$lib/libssl.so.3" "$lib/libcrypto.so.3" -o "$work/tls-insn-ossl"; then
		ossl="$qemu -L /usr/$triple -E LD_LIBRARY_PATH=$lib"
	fi
fi

# ---- counting ----
both() { # run prefix, program, args -> "client server" instruction counts, nothing on failure
	run=$1
	shift
	# shellcheck disable=SC2086
	if $run -plugin "$plugin" -d plugin "$@" > "$work/out" 2> "$work/err"; then
		# the client (the child) exits first: its line comes first
		c=$(sed -n 's/^insns: //p' "$work/err" | sed -n 1p)
		s=$(sed -n 's/^insns: //p' "$work/err" | sed -n 2p)
		[ -n "$c" ] && [ -n "$s" ] && echo "$c $s"
	else
		sed 's/^/  /' "$work/err" | grep -v '^  insns:' >&2
	fi
}
per_hs() { # run prefix, program, group, key -> "client server" per handshake, "- -" on failure
	a=$(both "$1" "$2" "$pki" "$3" "$4" "$n")
	z=$(both "$1" "$2" "$pki" "$3" "$4" 1)
	[ -n "$a" ] && [ -n "$z" ] || { echo "- -"; return; }
	echo "$a $z" | awk -v n="$n" '{ printf "%.0f %.0f", ($1 - $3) / (n - 1), ($2 - $4) / (n - 1) }'
}
prim() { # run prefix, program, word, key -> instructions for one
	a=$($1 -plugin "$plugin" -d plugin "$2" -p "$3" "$pki" "$4" "$n" 2>&1 >/dev/null | sed -n 's/^insns: //p')
	z=$($1 -plugin "$plugin" -d plugin "$2" -p "$3" "$pki" "$4" 1 2>&1 >/dev/null | sed -n 's/^insns: //p')
	[ -n "$a" ] && [ -n "$z" ] || { echo "-"; return; }
	awk -v a="$a" -v z="$z" -v n="$n" 'BEGIN { printf "%.0f", (a - z) / (n - 1) }'
}
ratio() {
	awk -v e="$1" -v o="$2" 'BEGIN { if (e == "-" || o == "-" || o == 0) print "-"; else printf "%.2f", e / o }'
}
mega() {
	awk -v v="$1" 'BEGIN { if (v == "-") print "-"; else printf "%.2f", v / 1e6 }'
}

echo "TLS 1.3 full handshake, TLS_AES_128_GCM_SHA256, chain leaf + P-256 CA verified by the client ($qemu)"
echo "millions of instructions per handshake, (count($n handshakes) - count(1)) / $((n - 1)), per process"
printf '%-26s %9s %9s %9s %9s %7s %7s\n' "group:server key" "ember-s" "ember-c" "libssl-s" "libssl-c" "s ratio" "c ratio"
for row in $rows; do
	g=${row%:*}
	k=${row#*:}
	e=$(per_hs "$qemu" "$work/tls-insn-ember" "$g" "$k")
	o="- -"
	case $g:$k in
	x25519mlkem768:* | *:mldsa65) ;;
	*) [ -n "$ossl" ] && o=$(per_hs "$ossl" "$work/tls-insn-ossl" "$g" "$k") ;;
	esac
	# shellcheck disable=SC2086
	set -- $e $o
	printf '%-26s %9s %9s %9s %9s %7s %7s\n' "$row" "$(mega "$2")" "$(mega "$1")" "$(mega "$4")" "$(mega "$3")" \
		"$(ratio "$2" "$4")" "$(ratio "$1" "$3")"
	echo "$row $2 $1 $4 $3" >> "$work/results.txt"
done
echo "(s = server, c = client; ratio = ember / libssl; libssl: Debian 12's libssl3 for $debarch, no session"
echo " tickets (SSL_CTX_set_num_tickets 0: Ember's server sends none), built with $headers headers;"
echo " '-': OpenSSL 3.0 has no X25519MLKEM768 nor ML-DSA)"

breakdown() { # name, run prefix, program, column of the server's total in results.txt
	echo
	echo "$1's handshake by part: millions of instructions per handshake (tls-insn -p, the same difference)"
	printf '%-26s %8s %8s %8s | %8s %8s %8s %8s\n' "group:server key" "s-kx" "s-sign" "s-rest" "c-kx" "c-cv" "c-chain" \
		"c-rest"
	for row in $rows; do
		g=${row%:*}
		k=${row#*:}
		case $g in
		x25519) skx=kx-x25519 ckx=kx-x25519 ;;
		p256) skx=kx-p256 ckx=kx-p256 ;;
		*) skx=kx-hybrid-s ckx=kx-hybrid-c ;;
		esac
		tot=$(grep "^$row " "$work/results.txt" | tail -n 1 | cut -d' ' -f"$4,$(($4 + 1))")
		case $tot in *-*) continue ;; esac
		s_kx=$(prim "$2" "$3" $skx "$k")
		s_sign=$(prim "$2" "$3" sign "$k")
		c_kx=$s_kx
		[ $ckx = $skx ] || c_kx=$(prim "$2" "$3" $ckx "$k")
		c_cv=$(prim "$2" "$3" verify "$k")
		c_chain=$(prim "$2" "$3" chain "$k")
		# shellcheck disable=SC2086
		set -- "$1" "$2" "$3" "$4" $tot
		s_rest=$(awk -v t="$5" -v a="$s_kx" -v b="$s_sign" \
			'BEGIN { if (t == "-" || a == "-" || b == "-") print "-"; else print t - a - b }')
		c_rest=$(awk -v t="$6" -v a="$c_kx" -v b="$c_cv" -v c="$c_chain" \
			'BEGIN { if (t == "-" || a == "-" || b == "-" || c == "-") print "-"; else print t - a - b - c }')
		printf '%-26s %8s %8s %8s | %8s %8s %8s %8s\n' "$row" "$(mega "$s_kx")" "$(mega "$s_sign")" \
			"$(mega "$s_rest")" "$(mega "$c_kx")" "$(mega "$c_cv")" "$(mega "$c_chain")" "$(mega "$c_rest")"
	done
}
breakdown Ember "$qemu" "$work/tls-insn-ember" 2
echo "(kx: the key share, generated and combined (server: X25519MLKEM768 encapsulation; client: key"
echo " generation and decapsulation); sign / cv: CertificateVerify signed / verified (SPKI read, digest,"
echo " verification); chain: ember_x509_verify_chain of leaf + CA with the name; rest: the handshake"
echo " itself: transcript hashes, HKDF, AEAD records, messages, certificate parsing)"
if [ -n "$ossl" ] && awk '$4 != "-" { f = 1 } END { exit !f }' "$work/results.txt"; then
	breakdown libssl "$ossl" "$work/tls-insn-ossl" 4
	echo "(the same parts through libcrypto's EVP calls: EVP_PKEY_Q_keygen + derive; EVP_DigestSign/Verify"
	echo " (RSA-PSS, salt = digest length); d2i_X509 of both certificates + X509_verify_cert with the host name)"
fi
rm -f "$work/results.txt"

echo
echo "Per-connection memory"
$qemu "$work/tls-insn-ember" -s | sed 's/^/ember: /'
if [ -n "$ossl" ]; then
	# shellcheck disable=SC2086
	$ossl "$work/tls-insn-ossl" "$pki" x25519 ecdsap256 3 -m | sed -n 's/^mem /libssl x25519:ecdsap256 /p'
	echo "(libssl: its heap through CRYPTO_set_mem_functions, from SSL_new; the SSL_CTX, shared, not counted)"
fi
