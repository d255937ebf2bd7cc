/* AES-256 encryption on the CPU, written from FIPS-197 (see aes256.h). The
 * S-box is computed from its definition (inverse in GF(2^8), then the affine
 * map) rather than copied, so it checks the kernel's table independently. */
#include "aes256.h"

#include <string.h>

/* Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return r;
}

static uint8_t rotl8(uint8_t x, int n)
{
    return (uint8_t)((x << n) | (x >> (8 - n)));
}

/* S-box value of `a` (FIPS-197 section 5.1.1). */
static uint8_t sbox_of(uint8_t a)
{
    uint8_t inv = 0;
    for (unsigned b = 1; a != 0 && b < 256 && inv == 0; b++)
        if (gf_mul(a, (uint8_t)b) == 1)
            inv = (uint8_t)b;
    return inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
}

static const uint8_t *sbox(void)
{
    static uint8_t table[256];
    static int ready;
    if (!ready) {
        for (unsigned a = 0; a < 256; a++)
            table[a] = sbox_of((uint8_t)a);
        ready = 1;
    }
    return table;
}

void aes256_expand_key(const uint8_t key[32], uint8_t w[AES256_ROUND_KEY_BYTES])
{
    const uint8_t *s = sbox();
    uint8_t rcon = 0x01;
    memcpy(w, key, 32);
    for (unsigned i = 8; i < 60; i++) {
        uint8_t t[4];
        memcpy(t, w + 4 * (i - 1), 4);
        if (i % 8 == 0) {
            /* RotWord, SubWord, Rcon. */
            uint8_t first = t[0];
            t[0] = s[t[1]] ^ rcon;
            t[1] = s[t[2]];
            t[2] = s[t[3]];
            t[3] = s[first];
            rcon = gf_mul(rcon, 2);
        } else if (i % 8 == 4) {
            for (int j = 0; j < 4; j++)
                t[j] = s[t[j]];
        }
        for (int j = 0; j < 4; j++)
            w[4 * i + j] = w[4 * (i - 8) + j] ^ t[j];
    }
}

void aes256_encrypt_block(const uint8_t w[AES256_ROUND_KEY_BYTES], const uint8_t in[16],
                          uint8_t out[16])
{
    const uint8_t *s = sbox();
    uint8_t state[16], t[16];
    for (int i = 0; i < 16; i++)
        state[i] = in[i] ^ w[i];
    for (int round = 1; round <= 14; round++) {
        /* SubBytes and ShiftRows: byte r + 4c is row r, column c. */
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 4; r++)
                t[r + 4 * c] = s[state[r + 4 * ((c + r) % 4)]];
        if (round < 14) {
            /* MixColumns (FIPS-197 section 5.1.3). */
            for (int c = 0; c < 4; c++) {
                const uint8_t *a = t + 4 * c;
                state[4 * c + 0] = gf_mul(a[0], 2) ^ gf_mul(a[1], 3) ^ a[2] ^ a[3];
                state[4 * c + 1] = a[0] ^ gf_mul(a[1], 2) ^ gf_mul(a[2], 3) ^ a[3];
                state[4 * c + 2] = a[0] ^ a[1] ^ gf_mul(a[2], 2) ^ gf_mul(a[3], 3);
                state[4 * c + 3] = gf_mul(a[0], 3) ^ a[1] ^ a[2] ^ gf_mul(a[3], 2);
            }
        } else {
            memcpy(state, t, 16);
        }
        for (int i = 0; i < 16; i++)
            state[i] ^= w[16 * round + i];
    }
    memcpy(out, state, 16);
}
