/*
 * aes: AES-256 ECB encryption of n random 16-byte blocks with a random key,
 * one work-item per block in 256-work-item groups.
 *
 * Verification: first the CPU reference against the FIPS-197 appendix C.3
 * example (key 00..1f, plaintext 00112233..ff); then every ciphertext byte
 * exactly against the reference.
 */
#include "workload.h"

#include "aes256.h"

#include <string.h>

#define LOCAL 256

/* Checks the CPU reference with the AES-256 example of FIPS-197, C.3. */
static void check_reference(void)
{
    static const uint8_t want[16] = {0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
                                     0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89};
    uint8_t key[32], plain[16], round_keys[AES256_ROUND_KEY_BYTES], got[16];
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    for (int i = 0; i < 16; i++)
        plain[i] = (uint8_t)(0x11 * i);
    aes256_expand_key(key, round_keys);
    aes256_encrypt_block(round_keys, plain, got);
    ta_check(memcmp(got, want, 16) == 0, "CPU AES-256 matches FIPS-197 C.3");
}

int main(int argc, char **argv)
{
    unsigned long nblocks = 32768;
    const struct wl_option options[] = {
        {"-n", "number of 16-byte blocks", &nblocks, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nblocks > 0 && nblocks <= UINT32_MAX / 16, "-n must be in 1..2^28-1");

    check_reference();

    size_t bytes = nblocks * 16;
    uint8_t key[32], round_keys[AES256_ROUND_KEY_BYTES];
    uint8_t *plain = malloc(bytes), *cipher = malloc(bytes), *want = malloc(bytes);
    struct wl_rng rng;
    wl_seed(&rng, 9);
    for (int i = 0; i < 32; i++)
        key[i] = (uint8_t)wl_rand_u32(&rng);
    for (size_t i = 0; i < bytes; i++)
        plain[i] = (uint8_t)wl_rand_u32(&rng);
    aes256_expand_key(key, round_keys);
    for (size_t b = 0; b < nblocks; b++)
        aes256_encrypt_block(round_keys, plain + 16 * b, want + 16 * b);

    struct wl_device dev;
    wl_open(&dev, "aes.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "aes256_encrypt_ecb");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, bytes, plain);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, bytes, NULL);
    cl_mem dkeys = wl_buffer(dev.context, CL_MEM_READ_ONLY, sizeof round_keys, round_keys);
    cl_uint n32 = (cl_uint)nblocks;
    WL_ARG(kernel, 0, din);
    WL_ARG(kernel, 1, dout);
    WL_ARG(kernel, 2, dkeys);
    WL_ARG(kernel, 3, n32);
    size_t local = LOCAL, global = wl_round_up(nblocks, LOCAL);
    ta_report_time("aes256_encrypt_ecb", wl_run(dev.queue, kernel, 1, &global, &local));
    wl_read(dev.queue, dout, bytes, cipher);
    wl_check_bytes("ciphertext", cipher, want, bytes);

    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseMemObject(dkeys));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(plain);
    free(cipher);
    free(want);
    return ta_finish();
}
