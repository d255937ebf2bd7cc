/*
 * MGPUSim's FIR (benchmarks/heteromark/fir): one launch of kernel FIR over
 * -n samples (default 4,096, MGPUSim's -length) with 16 taps, work-groups of
 * 256, on one GPU. As in fir.go: filter[i] = i, input[i] = i, history (16
 * floats) left zero, output written by the kernel; arguments output, filter,
 * input, history, num_tap.
 *
 * --devices N: each device gets a run of consecutive work-groups, its slice of
 * the input and output in buffers of its own, the filter, and as history the
 * 16 samples before its slice (zero before the first): the kernel reads
 * history[16 - k] for input[tid - k] before the slice's start.
 *
 * --unified-memory N: MGPUSim's -gpus 1,..,N -use-unified-memory on a unified
 * device of N GPUs: every buffer's pages start on the first GPU and GPU g runs
 * the g-th of N runs of work-groups (see mg_unified_memory). fir.go gives each
 * GPU a filter of its own; here both read one.
 */
#include "mgpusim.h"

#include <stddef.h>
#include <string.h>

#define TAPS 16
#define GROUP 256

int main(int argc, char **argv)
{
    unsigned long length = 4096, devices = 1, unified = 0;
    struct wl_option options[] = {{"-n", "samples (MGPUSim's -length)", &length, 0},
                                  MG_DEVICES_OPTION(devices), MG_UNIFIED_MEMORY_OPTION(unified)};
    wl_init(argc, argv, options, 3);
    wl_require(length % GROUP == 0 && length > 0, "-n must be a multiple of 256");
    wl_require(unified == 0 || devices == 1, "--unified-memory runs on one (unified) device");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/heteromark/fir/kernels.hsaco");
    float filter[TAPS];
    for (int i = 0; i < TAPS; i++)
        filter[i] = (float)i;
    /* The signal after TAPS zero samples: the history before its start. */
    float *signal = calloc(TAPS + length, sizeof *signal), *input = signal + TAPS;
    float *output = malloc(length * sizeof *output);
    for (size_t i = 0; i < length; i++)
        input[i] = (float)i;

    cl_kernel *kernels = calloc(all.count, sizeof *kernels);
    cl_mem(*buffers)[4] = calloc(all.count, sizeof *buffers);
    size_t *global = calloc(all.count, sizeof *global), local = GROUP;
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(length / GROUP, d, all.count);
        global[d] = part.count * GROUP;
        if (global[d] == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        const float *first = input + part.first * GROUP;
        size_t bytes = global[d] * sizeof(float);
        /* fir.go allocates history, input, output, then the filter. */
        cl_mem d_history = mg_buffer(&dev, TAPS * sizeof(float), first - TAPS);
        cl_mem d_input = mg_buffer(&dev, bytes, first);
        cl_mem d_output = mg_buffer(&dev, bytes, NULL);
        cl_mem d_filter = mg_buffer(&dev, sizeof filter, filter);
        kernels[d] = wl_kernel(all.program, "FIR");
        cl_uint taps = TAPS;
        WL_ARG(kernels[d], 0, d_output);
        WL_ARG(kernels[d], 1, d_filter);
        WL_ARG(kernels[d], 2, d_input);
        WL_ARG(kernels[d], 3, d_history);
        WL_ARG(kernels[d], 4, taps);
        cl_mem mine[4] = {d_output, d_filter, d_input, d_history};
        memcpy(buffers[d], mine, sizeof mine);
        if (unified)
            mg_unified_memory(&dev, kernels[d], part.count, mine, 4, unified);
    }
    mg_run_devices(&all, kernels, "FIR", 1, global, &local);
    for (cl_uint d = 0; d < all.count; d++) {
        if (global[d] == 0)
            continue;
        size_t first = mg_part(length / GROUP, d, all.count).first * GROUP;
        wl_read(all.queues[d], buffers[d][0], global[d] * sizeof(float), output + first);
        TA_CHECK(clReleaseKernel(kernels[d]));
        for (int i = 0; i < 4; i++)
            TA_CHECK(clReleaseMemObject(buffers[d][i]));
    }

    /* The reference in double (products of small integers are exact in float
     * too, but sums beyond 2^24 round). */
    double *want = malloc(length * sizeof *want), *bound = malloc(length * sizeof *bound);
    for (size_t i = 0; i < length; i++) {
        struct wl_dot dot = {0};
        for (size_t j = 0; j < TAPS; j++)
            wl_dot_add(&dot, input[(ptrdiff_t)i - (ptrdiff_t)j], filter[j]);
        want[i] = dot.sum;
        bound[i] = wl_dot_bound(&dot);
    }
    wl_check_float("output", output, want, bound, length);

    wl_close_devices(&all);
    free(kernels);
    free(buffers);
    free(global);
    free(signal);
    free(output);
    free(want);
    free(bound);
    return ta_finish();
}
