/*
 * MGPUSim's ReLU layer benchmark (benchmarks/dnn/layer_benchmarks/relu): one
 * launch of ReLUForward over -n floats (default 4,096, MGPUSim's -length),
 * input[i] = i - 0.5, in work-groups of 64. As in its main.go: buffers input,
 * output; arguments count = n, in, out.
 *
 * Verification: every output exactly: in > 0 ? in : 0.
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long length = 4096;
    struct wl_option options[] = {{"-n", "elements (MGPUSim's -length)", &length, 0}};
    wl_init(argc, argv, options, 1);
    wl_require(length > 0 && length % 64 == 0 && length <= (1UL << 30),
               "-n must be a multiple of 64, at most 2^30");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/dnn/layer_benchmarks/relu/kernels.hsaco");
    size_t bytes = length * sizeof(float);
    float *input = malloc(bytes), *output = malloc(bytes), *want = malloc(bytes);
    for (size_t i = 0; i < length; i++) {
        input[i] = (float)i - 0.5f;
        want[i] = input[i] > 0 ? input[i] : 0.0f;
    }

    cl_mem d_input = mg_buffer(&dev, bytes, input);
    cl_mem d_output = mg_buffer(&dev, bytes, NULL);
    cl_kernel kernel = wl_kernel(dev.program, "ReLUForward");
    cl_int count = (cl_int)length;
    WL_ARG(kernel, 0, count);
    WL_ARG(kernel, 1, d_input);
    WL_ARG(kernel, 2, d_output);
    size_t global = length, local = 64;
    mg_run(&dev, kernel, "ReLUForward", 1, &global, &local);
    wl_read(dev.queue, d_output, bytes, output);
    wl_check_u32("output", (const uint32_t *)output, (const uint32_t *)want, length);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_input));
    TA_CHECK(clReleaseMemObject(d_output));
    wl_close(&dev);
    free(input);
    free(output);
    free(want);
    return ta_finish();
}
