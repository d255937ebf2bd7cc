/*
 * MGPUSim's FIR (benchmarks/heteromark/fir): one launch of kernel FIR over
 * -n samples (default 4,096, MGPUSim's -length) with 16 taps, work-groups of
 * 256, on one GPU. As in fir.go: filter[i] = i, input[i] = i, history (16
 * floats) left zero, output written by the kernel; arguments output, filter,
 * input, history, num_tap.
 */
#include "mgpusim.h"

#include <string.h>

#define TAPS 16

int main(int argc, char **argv)
{
    unsigned long length = 4096;
    struct wl_option options[] = {{"-n", "samples (MGPUSim's -length)", &length, 0}};
    wl_init(argc, argv, options, 1);
    wl_require(length % 256 == 0 && length > 0, "-n must be a multiple of 256");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/heteromark/fir/kernels.hsaco");
    float filter[TAPS], history[TAPS] = {0};
    for (int i = 0; i < TAPS; i++)
        filter[i] = (float)i;
    float *input = malloc(length * sizeof *input), *output = malloc(length * sizeof *output);
    for (size_t i = 0; i < length; i++)
        input[i] = (float)i;

    size_t bytes = length * sizeof(float);
    /* fir.go allocates history, input, output, then the filter. */
    cl_mem d_history = mg_buffer(&dev, sizeof history, history);
    cl_mem d_input = mg_buffer(&dev, bytes, input);
    cl_mem d_output = mg_buffer(&dev, bytes, NULL);
    cl_mem d_filter = mg_buffer(&dev, sizeof filter, filter);
    cl_kernel kernel = wl_kernel(dev.program, "FIR");
    cl_uint taps = TAPS;
    WL_ARG(kernel, 0, d_output);
    WL_ARG(kernel, 1, d_filter);
    WL_ARG(kernel, 2, d_input);
    WL_ARG(kernel, 3, d_history);
    WL_ARG(kernel, 4, taps);
    size_t global = length, local = 256;
    ta_report_time("FIR", wl_run(dev.queue, kernel, 1, &global, &local));
    wl_read(dev.queue, d_output, bytes, output);

    /* The reference in double (products of small integers are exact in float
     * too, but sums beyond 2^24 round). */
    double *want = malloc(length * sizeof *want), *bound = malloc(length * sizeof *bound);
    for (size_t i = 0; i < length; i++) {
        struct wl_dot dot = {0};
        for (size_t j = 0; j < TAPS; j++)
            wl_dot_add(&dot, j <= i ? input[i - j] : history[TAPS - (j - i)], filter[j]);
        want[i] = dot.sum;
        bound[i] = wl_dot_bound(&dot);
    }
    wl_check_float("output", output, want, bound, length);

    TA_CHECK(clReleaseKernel(kernel));
    cl_mem buffers[] = {d_output, d_filter, d_input, d_history};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    free(input);
    free(output);
    free(want);
    free(bound);
    return ta_finish();
}
