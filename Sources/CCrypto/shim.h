#ifndef DVPIPE_CCRYPTO_SHIM_H
#define DVPIPE_CCRYPTO_SHIM_H

#include <openssl/evp.h>
#include <openssl/hmac.h>

#endif
