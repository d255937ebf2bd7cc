/*
 * bitonicsort: sorts n = 2^p random 32-bit integers ascending with a bitonic
 * network: one local-memory launch for the stages up to 512 elements, then
 * for every larger stage one global launch per pass with stride >= 512 and a
 * local-memory launch for the remaining passes.
 *
 * Verification: every element exactly against the host's qsort.
 */
#include "workload.h"

#define CHUNK 512

static int compare_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    unsigned long n = 65536;
    const struct wl_option options[] = {
        {"-n", "number of elements (a power of two, at least 512)", &n, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(n >= CHUNK && (n & (n - 1)) == 0 && n <= (1ul << 31),
               "-n must be a power of two in 512..2^31");

    uint32_t *keys = malloc(n * sizeof *keys), *want = malloc(n * sizeof *want);
    struct wl_rng rng;
    wl_seed(&rng, 7);
    for (size_t i = 0; i < n; i++)
        keys[i] = want[i] = wl_rand_u32(&rng);
    qsort(want, n, sizeof *want, compare_u32);

    struct wl_device dev;
    wl_open(&dev, "bitonicsort.cl", NULL);
    cl_kernel sort_chunk = wl_kernel(dev.program, "sort_chunk");
    cl_kernel merge_chunk = wl_kernel(dev.program, "merge_chunk");
    cl_kernel merge_global = wl_kernel(dev.program, "merge_global");
    cl_mem data = wl_buffer(dev.context, CL_MEM_READ_WRITE, n * sizeof *keys, keys);
    WL_ARG(sort_chunk, 0, data);
    WL_ARG(merge_chunk, 0, data);
    WL_ARG(merge_global, 0, data);

    size_t half = n / 2, local = CHUNK / 2;
    cl_ulong chunk_ns = wl_run(dev.queue, sort_chunk, 1, &half, &local);
    cl_ulong global_ns = 0;
    unsigned launches = 1;
    for (cl_uint size = 2 * CHUNK; size != 0 && size <= n; size <<= 1) {
        for (cl_uint stride = size / 2; stride >= CHUNK; stride >>= 1) {
            WL_ARG(merge_global, 1, size);
            WL_ARG(merge_global, 2, stride);
            size_t global_local = 256;
            global_ns += wl_run(dev.queue, merge_global, 1, &half, &global_local);
            launches++;
        }
        WL_ARG(merge_chunk, 1, size);
        chunk_ns += wl_run(dev.queue, merge_chunk, 1, &half, &local);
        launches++;
    }
    printf("launches: %u\n", launches);
    ta_report_time("bitonic[local-memory launches]", chunk_ns);
    ta_report_time("bitonic[global-memory launches]", global_ns);
    ta_report_time("bitonic[all]", chunk_ns + global_ns);

    wl_read(dev.queue, data, n * sizeof *keys, keys);
    wl_check_u32("sorted keys", keys, want, n);

    TA_CHECK(clReleaseMemObject(data));
    TA_CHECK(clReleaseKernel(sort_chunk));
    TA_CHECK(clReleaseKernel(merge_chunk));
    TA_CHECK(clReleaseKernel(merge_global));
    wl_close(&dev);
    free(keys);
    free(want);
    return ta_finish();
}
