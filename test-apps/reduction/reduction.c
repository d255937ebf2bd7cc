/*
 * reduction: the sum (modulo 2^32) of n random 32-bit integers, reduced on the
 * device in passes of the local-memory kernel until one value remains; each
 * pass reads the previous pass's partial sums.
 *
 * Verification: the first pass's partial sums, every pass's length, and the
 * final sum, all exactly against the host (integer arithmetic).
 */
#include "workload.h"

int main(int argc, char **argv)
{
    unsigned long n = 131072, local = 256;
    const struct wl_option options[] = {
        {"-n", "number of elements", &n, 0},
        {"-l", "work-group size (a power of two, multiple of 64)", &local, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(n > 0 && n <= UINT32_MAX, "-n must be in 1..2^32-1");
    wl_require(local >= 64 && (local & (local - 1)) == 0 && local % 64 == 0,
               "-l must be a power of two >= 64");

    uint32_t *in = malloc(n * sizeof *in);
    struct wl_rng rng;
    wl_seed(&rng, 2);
    uint32_t total = 0;
    for (size_t i = 0; i < n; i++) {
        in[i] = wl_rand_u32(&rng);
        total += in[i];
    }

    struct wl_device dev;
    wl_open(&dev, "reduction.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "reduce_sum");
    size_t per_group = 2 * local;
    size_t groups = (n + per_group - 1) / per_group;
    cl_mem src = wl_buffer(dev.context, CL_MEM_READ_WRITE, n * sizeof *in, in);
    cl_mem dst = wl_buffer(dev.context, CL_MEM_READ_WRITE, groups * sizeof *in, NULL);

    /* Host view of the first pass, to check every partial sum. */
    uint32_t *want_partial = calloc(groups, sizeof *want_partial);
    for (size_t i = 0; i < n; i++)
        want_partial[i / per_group] += in[i];

    cl_ulong total_ns = 0;
    unsigned pass = 0;
    size_t count = n;
    do {
        size_t out = (count + per_group - 1) / per_group;
        size_t global = out * local;
        cl_uint count32 = (cl_uint)count;
        WL_ARG(kernel, 0, src);
        WL_ARG(kernel, 1, dst);
        WL_ARG(kernel, 2, count32);
        TA_CHECK(clSetKernelArg(kernel, 3, local * sizeof(cl_uint), NULL));
        cl_ulong ns = wl_run(dev.queue, kernel, 1, &global, &local);
        char label[64];
        snprintf(label, sizeof label, "reduce_sum[pass %u, %zu -> %zu]", pass, count, out);
        ta_report_time(label, ns);
        total_ns += ns;
        if (pass == 0) {
            uint32_t *partial = malloc(out * sizeof *partial);
            wl_read(dev.queue, dst, out * sizeof *partial, partial);
            wl_check_u32("first-pass partial sums", partial, want_partial, out);
            free(partial);
        }
        cl_mem t = src;
        src = dst;
        dst = t;
        count = out;
        pass++;
    } while (count > 1);
    ta_report_time("reduce_sum[all passes]", total_ns);

    uint32_t sum;
    wl_read(dev.queue, src, sizeof sum, &sum);
    wl_check_u32("total sum", &sum, &total, 1);

    TA_CHECK(clReleaseMemObject(src));
    TA_CHECK(clReleaseMemObject(dst));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(in);
    free(want_partial);
    return ta_finish();
}
