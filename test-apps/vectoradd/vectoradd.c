/*
 * vectoradd: c = a + b over n floats. The NDRange has no local size, so the
 * runtime picks the work-group size. With --all-devices the vectors are split
 * into equal slices over every device of the platform, each with its own
 * queue and buffers in one shared context, all launched before any is waited
 * for (multi-GPU).
 *
 * Verification: every element exactly equals the host's float sum (OpenCL
 * requires correctly rounded single-precision addition).
 */
#include "workload.h"

#include <string.h>

/* One device's share of the vectors. */
struct slice {
    cl_command_queue queue;
    cl_kernel kernel;
    cl_mem a, b, c;
    size_t first, count;
    cl_event event;
};

int main(int argc, char **argv)
{
    unsigned long n = 65536, all_devices = 0, locality = 0;
    const struct wl_option options[] = {
        {"-n", "number of elements", &n, 0},
        {"--all-devices", "split the work over all devices of the platform", &all_devices, 1},
        {"--locality", "place each GPU's part on it (unified device of N GPUs)", &locality, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(n > 0 && n <= UINT32_MAX, "-n must be in 1..2^32-1");

    float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    double *want = malloc(n * sizeof *want);
    struct wl_rng rng;
    wl_seed(&rng, 1);
    for (size_t i = 0; i < n; i++) {
        a[i] = wl_rand_float(&rng, -100.0f, 100.0f);
        b[i] = wl_rand_float(&rng, -100.0f, 100.0f);
        want[i] = (double)(a[i] + b[i]);
    }
    memset(c, 0xff, n * sizeof *c); /* NaN: an element never written fails */

    struct wl_devices all;
    wl_open_devices(&all, all_devices != 0, "vectoradd.cl", NULL);
    cl_uint ndev = all.count;

    struct slice *slices = calloc(ndev, sizeof *slices);
    for (cl_uint d = 0; d < ndev; d++) {
        struct slice *s = &slices[d];
        s->first = n * d / ndev;
        s->count = n * (d + 1) / ndev - s->first;
        if (s->count == 0)
            continue;
        s->queue = all.queues[d];
        size_t bytes = s->count * sizeof(float);
        s->a = wl_buffer(all.context, CL_MEM_READ_ONLY, bytes, a + s->first);
        s->b = wl_buffer(all.context, CL_MEM_READ_ONLY, bytes, b + s->first);
        s->c = wl_buffer(all.context, CL_MEM_WRITE_ONLY, bytes, NULL);
        if (locality) {
            wl_place_parts(s->a, 0, bytes, locality);
            wl_place_parts(s->b, 0, bytes, locality);
            wl_place_parts(s->c, 0, bytes, locality);
        }
        s->kernel = wl_kernel(all.program, "vector_add");
        cl_uint count = (cl_uint)s->count;
        WL_ARG(s->kernel, 0, s->a);
        WL_ARG(s->kernel, 1, s->b);
        WL_ARG(s->kernel, 2, s->c);
        WL_ARG(s->kernel, 3, count);
        TA_CHECK(clEnqueueNDRangeKernel(s->queue, s->kernel, 1, NULL, &s->count, NULL, 0, NULL,
                                        &s->event));
        TA_CHECK(clEnqueueReadBuffer(s->queue, s->c, CL_FALSE, 0, bytes, c + s->first, 0, NULL,
                                     NULL));
        TA_CHECK(clFlush(s->queue));
    }
    for (cl_uint d = 0; d < ndev; d++) {
        struct slice *s = &slices[d];
        if (s->count == 0)
            continue;
        TA_CHECK(clFinish(s->queue));
        char label[64];
        snprintf(label, sizeof label, "vector_add[device %u, %zu elements]", d, s->count);
        ta_report_time(label, ta_event_ns(s->event));
        TA_CHECK(clReleaseEvent(s->event));
        TA_CHECK(clReleaseKernel(s->kernel));
        TA_CHECK(clReleaseMemObject(s->a));
        TA_CHECK(clReleaseMemObject(s->b));
        TA_CHECK(clReleaseMemObject(s->c));
    }

    wl_check_float("c = a + b", c, want, NULL, n);

    wl_close_devices(&all);
    free(slices);
    free(a);
    free(b);
    free(c);
    free(want);
    return ta_finish();
}
