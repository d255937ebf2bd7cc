/*
 * fir: a FIR filter with random taps in [-1, 1) over a random signal in
 * [-1, 1) whose history before the first sample is random too, processed in
 * blocks (one launch each, like a stream) with 256-work-item groups. With
 * --all-devices the blocks are split into runs of consecutive blocks over
 * every device of the platform (discrete GPUs): each device gets its part of
 * the signal with the taps - 1 samples before it, and its part of the output,
 * in buffers of its own; all blocks are launched before any is waited for.
 * With --locality G (a unified device of G GPUs, gcnsim's Locality API) each
 * block's input and output samples are placed in G equal parts on the GPUs
 * that run their work-groups under the default split.
 *
 * Verification: every output sample against a double-precision host filter,
 * within the float dot-product bound of wl_dot_bound: |out - exact| <= taps *
 * FLT_EPSILON * sum |coeff * x|.
 */
#include "workload.h"

#define LOCAL 256

/* --locality: the unified device's GPUs to place each block's parts on. */
static unsigned long locality;

/* One device's run of blocks: blocks first..first+count-1 of the stream. */
struct run {
    cl_kernel kernel;
    cl_mem in, coeff, out;
    size_t first, count;
    cl_event *events;
};

/* Filters the `blocks` blocks of `block` samples of `in` (with taps - 1 samples of history)
 * into `out`, in runs of blocks over the devices of `all`. */
static void filter(struct wl_devices *all, const float *in, const float *coeff, float *out,
                   size_t taps, size_t blocks, size_t block)
{
    struct run *runs = calloc(all->count, sizeof *runs);
    size_t local = LOCAL;
    cl_uint taps32 = (cl_uint)taps;
    for (cl_uint d = 0; d < all->count; d++) {
        struct run *r = &runs[d];
        r->first = blocks * d / all->count;
        r->count = blocks * (d + 1) / all->count - r->first;
        if (r->count == 0)
            continue;
        size_t samples = r->count * block;
        cl_context ctx = all->context;
        r->in = wl_buffer(ctx, CL_MEM_READ_ONLY, (samples + taps - 1) * sizeof *in,
                          in + r->first * block);
        r->coeff = wl_buffer(ctx, CL_MEM_READ_ONLY, taps * sizeof *coeff, coeff);
        r->out = wl_buffer(ctx, CL_MEM_WRITE_ONLY, samples * sizeof *out, NULL);
        r->kernel = wl_kernel(all->program, "fir");
        WL_ARG(r->kernel, 0, r->in);
        WL_ARG(r->kernel, 1, r->coeff);
        WL_ARG(r->kernel, 2, r->out);
        WL_ARG(r->kernel, 3, taps32);
        r->events = calloc(r->count, sizeof *r->events);
        for (size_t b = 0; b < r->count; b++) {
            size_t offset = b * block;
            TA_CHECK(clEnqueueNDRangeKernel(all->queues[d], r->kernel, 1, &offset, &block,
                                            &local, 0, NULL, &r->events[b]));
        }
        TA_CHECK(clFlush(all->queues[d]));
    }
    for (cl_uint d = 0; d < all->count; d++) {
        struct run *r = &runs[d];
        if (r->count == 0)
            continue;
        TA_CHECK(clWaitForEvents((cl_uint)r->count, r->events));
        for (size_t b = 0; b < r->count; b++) {
            char label[64];
            snprintf(label, sizeof label, "fir[device %u, block %zu]", d, r->first + b);
            ta_report_time(label, ta_event_ns(r->events[b]));
            TA_CHECK(clReleaseEvent(r->events[b]));
        }
        wl_read(all->queues[d], r->out, r->count * block * sizeof *out, out + r->first * block);
        free(r->events);
        TA_CHECK(clReleaseKernel(r->kernel));
        TA_CHECK(clReleaseMemObject(r->in));
        TA_CHECK(clReleaseMemObject(r->coeff));
        TA_CHECK(clReleaseMemObject(r->out));
    }
    free(runs);
}

/* Filters the stream on one device, one launch per block, waiting for each. */
static void filter_on_one_device(const float *in, const float *coeff, float *out, size_t n,
                                 size_t taps, size_t blocks, size_t block)
{
    size_t padded = n + taps - 1;
    struct wl_device dev;
    wl_open(&dev, "fir.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "fir");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, padded * sizeof *in, in);
    cl_mem dcoeff = wl_buffer(dev.context, CL_MEM_READ_ONLY, taps * sizeof *coeff, coeff);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL);
    for (size_t b = 0; locality && b < blocks; b++) {
        wl_place_parts(din, b * block * sizeof *in, block * sizeof *in, locality);
        wl_place_parts(dout, b * block * sizeof *out, block * sizeof *out, locality);
    }
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
    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dcoeff));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
}

int main(int argc, char **argv)
{
    unsigned long n = 65536, taps = 16, blocks = 4, all_devices = 0;
    const struct wl_option options[] = {
        {"-n", "number of output samples", &n, 0},
        {"-t", "number of taps", &taps, 0},
        {"-b", "number of blocks (launches); n / b must be a multiple of 256", &blocks, 0},
        {"--all-devices", "split the blocks over all devices of the platform", &all_devices, 1},
        {"--locality", "place each block's parts by GPU (unified device of N GPUs)", &locality,
         0},
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

    if (all_devices) {
        struct wl_devices all;
        wl_open_devices(&all, 1, "fir.cl", NULL);
        filter(&all, in, coeff, out, taps, blocks, block);
        wl_close_devices(&all);
    } else {
        filter_on_one_device(in, coeff, out, n, taps, blocks, block);
    }
    wl_check_float("out = fir(x)", out, want, bound, n);
    free(in);
    free(out);
    free(coeff);
    free(want);
    free(bound);
    return ta_finish();
}
