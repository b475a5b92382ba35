/*
 * ember.h - every public header of libember.
 */
#ifndef EMBER_EMBER_H
#define EMBER_EMBER_H

#include "util.h"
#include "cpu.h"
#include "hash.h"
#include "mac.h"
#include "kdf.h"
#include "cipher.h"
#include "aead.h"
#include "chacha.h"
#include "bn.h"
#include "ec.h"
#include "ecc.h"
#include "x25519.h"
#include "ed25519.h"
#include "mlkem.h"
#include "mldsa.h"
#include "hybrid.h"
#include "rsa.h"
#include "dsa.h"
#include "keys.h"
#include "tls.h"
#include "tls12.h"
#include "x509.h"

#endif
