/*
 * fir: a FIR filter with random taps in [-1, 1) over a random signal in
 * [-1, 1) whose history before the first sample is random too, processed in
 * blocks (one launch each, like a stream) with 256-work-item groups.
 *
 * Verification: every output sample against a double-precision host filter,
 * within the float dot-product bound of wl_dot_bound: |out - exact| <= taps *
 * FLT_EPSILON * sum |coeff * x|.
 */
#include "workload.h"

#define LOCAL 256

int main(int argc, char **argv)
{
    unsigned long n = 65536, taps = 16, blocks = 4;
    const struct wl_option options[] = {
        {"-n", "number of output samples", &n, 0},
        {"-t", "number of taps", &taps, 0},
        {"-b", "number of blocks (launches); n / b must be a multiple of 256", &blocks, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(taps > 0 && taps <= 4096, "-t must be in 1..4096");
    wl_require(blocks > 0 && n > 0 && n % blocks == 0 && (n / blocks) % LOCAL == 0 &&
                   n + taps <= UINT32_MAX,
               "-n must be a positive multiple of 256 * b");

    size_t padded = n + taps - 1, block = n / blocks;
    float *in = malloc(padded * sizeof *in), *out = malloc(n * sizeof *out);
    float *coeff = malloc(taps * sizeof *coeff);
    double *want = malloc(n * sizeof *want), *bound = malloc(n * sizeof *bound);
    struct wl_rng rng;
    wl_seed(&rng, 6);
    for (size_t i = 0; i < taps; i++)
        coeff[i] = wl_rand_float(&rng, -1.0f, 1.0f);
    for (size_t i = 0; i < padded; i++)
        in[i] = wl_rand_float(&rng, -1.0f, 1.0f);
    for (size_t i = 0; i < n; i++) {
        struct wl_dot dot = {0};
        for (size_t j = 0; j < taps; j++)
            wl_dot_add(&dot, coeff[j], in[i + taps - 1 - j]);
        want[i] = dot.sum;
        bound[i] = wl_dot_bound(&dot);
    }

    struct wl_device dev;
    wl_open(&dev, "fir.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "fir");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, padded * sizeof *in, in);
    cl_mem dcoeff = wl_buffer(dev.context, CL_MEM_READ_ONLY, taps * sizeof *coeff, coeff);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL);
    cl_uint taps32 = (cl_uint)taps;
    WL_ARG(kernel, 0, din);
    WL_ARG(kernel, 1, dcoeff);
    WL_ARG(kernel, 2, dout);
    WL_ARG(kernel, 3, taps32);
    cl_ulong total = 0;
    size_t local = LOCAL;
    for (size_t b = 0; b < blocks; b++) {
        size_t offset = b * block;
        cl_event event;
        TA_CHECK(clEnqueueNDRangeKernel(dev.queue, kernel, 1, &offset, &block, &local, 0, NULL,
                                        &event));
        TA_CHECK(clWaitForEvents(1, &event));
        cl_ulong ns = ta_event_ns(event);
        char label[32];
        snprintf(label, sizeof label, "fir[block %zu]", b);
        ta_report_time(label, ns);
        total += ns;
        TA_CHECK(clReleaseEvent(event));
    }
    ta_report_time("fir[all blocks]", total);
    wl_read(dev.queue, dout, n * sizeof *out, out);
    wl_check_float("out = fir(x)", out, want, bound, n);

    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dcoeff));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(in);
    free(out);
    free(coeff);
    free(want);
    free(bound);
    return ta_finish();
}
