/*
 * MGPUSim's fast Walsh transform (benchmarks/amdappsdk/fastwalshtransform):
 * log2(n) launches of fastWalshTransform over -n floats (default 1,024,
 * MGPUSim's -length), in place, step = 1, 2, 4, ... n/2, each with n/2
 * work-items (one butterfly each) in work-groups of 256. As in
 * fastwalshtransform.go: after rand.Seed(123), element i is rand.Float32() +
 * float32(rand.Int31n(255)); arguments tArray, step.
 *
 * Verification: every element exactly against the same butterflies on the
 * CPU (float additions and subtractions in the same order).
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long length = 1024;
    struct wl_option options[] = {
        {"-n", "elements, a power of two (MGPUSim's -length)", &length, 0}};
    wl_init(argc, argv, options, 1);
    wl_require(length >= 512 && (length & (length - 1)) == 0 && length <= (1UL << 30),
               "-n must be a power of two from 512 to 2^30");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/fastwalshtransform/kernels.hsaco");
    size_t bytes = length * sizeof(float);
    float *data = malloc(bytes), *want = malloc(bytes);
    mg_rand_seed(123);
    for (size_t i = 0; i < length; i++) {
        float f = mg_rand_float32();
        data[i] = want[i] = f + (float)mg_rand_int31n(255);
    }

    cl_mem d_data = mg_buffer(&dev, bytes, data);
    cl_kernel kernel = wl_kernel(dev.program, "fastWalshTransform");
    size_t global = length / 2, local = 256;
    WL_ARG(kernel, 0, d_data);
    /* MGPUSim's host enqueues every step (EnqueueLaunchKernel) and then waits for the
     * queue: so does this one, and prints the steps' times afterwards. */
    cl_event steps[64];
    cl_uint launches = 0;
    for (cl_int step = 1; (size_t)step < length; step <<= 1) {
        WL_ARG(kernel, 1, step);
        TA_CHECK(clEnqueueNDRangeKernel(dev.queue, kernel, 1, NULL, &global, &local, 0, NULL,
                                        &steps[launches++]));
        for (size_t group = 0; group < (size_t)step; group++)
            for (size_t pair = group; pair < length; pair += 2 * (size_t)step) {
                float t1 = want[pair], t2 = want[pair + (size_t)step];
                want[pair] = t1 + t2;
                want[pair + (size_t)step] = t1 - t2;
            }
    }
    TA_CHECK(clFinish(dev.queue));
    for (cl_uint i = 0; i < launches; i++) {
        ta_report_time("fastWalshTransform", ta_event_ns(steps[i]));
        TA_CHECK(clReleaseEvent(steps[i]));
    }
    wl_read(dev.queue, d_data, bytes, data);
    wl_check_u32("transform", (const uint32_t *)data, (const uint32_t *)want, length);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_data));
    wl_close(&dev);
    free(data);
    free(want);
    return ta_finish();
}
