/* A plain CPU implementation of AES-256 encryption (FIPS-197), the reference
 * for the aes app's kernel. */
#ifndef AES256_H
#define AES256_H

#include <stdint.h>

/* Round keys of AES-256: 15 round keys of 16 bytes, in FIPS-197 byte order. */
#define AES256_ROUND_KEY_BYTES 240

/* Expands a 32-byte key into the 240 bytes of round keys. */
void aes256_expand_key(const uint8_t key[32], uint8_t round_keys[AES256_ROUND_KEY_BYTES]);

/* Encrypts one 16-byte block with expanded round keys. */
void aes256_encrypt_block(const uint8_t round_keys[AES256_ROUND_KEY_BYTES], const uint8_t in[16],
                          uint8_t out[16]);

#endif
