#!/bin/sh
# size.sh BUILD_DIR CROSS_COMPILE DEB_ARCH TRIPLE
# The size of libember.a per algorithm family and of the stripped,
# dynamically linked ember binary, next to Debian's openssl + libcrypto.so.3
# for the same target.
set -eu
b=$1
cross=$2
debarch=$3
triple=$4
echo "Size of libember.a by family (text + data + bss of the objects, bytes)"
printf '%-12s %10s\n' family bytes
total=0
for fam in $(ls -d "$b"/obj/src/*/ 2>/dev/null | xargs -n1 basename) core; do
	if [ "$fam" = core ]; then
		objs=$(ls "$b"/obj/src/*.o)
	else
		objs=$(ls "$b"/obj/src/"$fam"/*.o)
	fi
	n=$(${cross}size $objs | awk 'NR > 1 { s += $4 } END { print s + 0 }')
	total=$((total + n))
	printf '%-12s %10d\n' "$fam" "$n"
done
printf '%-12s %10d\n' total "$total"
cp "$b/ember" "$b/ember.stripped"
${cross}strip "$b/ember.stripped"
ember=$(wc -c < "$b/ember.stripped")
echo
echo "Stripped, dynamically linked binaries (file bytes)"
printf '%-34s %10d\n' "ember (all algorithms, libember static)" "$ember"
# Debian's packages for the target are fetched from its archive: without it, the comparison is left out
if root=$(sh "$(dirname "$0")/foreign-openssl.sh" "$debarch" "$(dirname "$b")/debian-$debarch"); then
	ossl=$(wc -c < "$root/usr/bin/openssl")
	# Debian's multiarch directory, which is not always the toolchain's triple (i386-linux-gnu for i686)
	so=$(ls "$root/usr/lib/$triple/libcrypto.so.3" "$root"/usr/lib/*/libcrypto.so.3 2>/dev/null | head -n 1)
	lib=$(wc -c < "$so")
	printf '%-34s %10d\n' "Debian openssl + libcrypto.so.3" "$((ossl + lib))"
	printf '%-34s %10d\n' "  openssl" "$ossl"
	printf '%-34s %10d\n' "  libcrypto.so.3" "$lib"
	awk -v a="$ember" -v b="$((ossl + lib))" 'BEGIN { printf "ember / (openssl + libcrypto) = %.1f %%\n", 100 * a / b }'
else
	echo "Debian openssl for $debarch: not available (its packages could not be fetched)"
fi
