/*
 * MGPUSim's ReLU layer benchmark (benchmarks/dnn/layer_benchmarks/relu): one
 * launch of ReLUForward over -n floats (default 4,096, MGPUSim's -length),
 * input[i] = i - 0.5, in work-groups of 64. As in its main.go: buffers input,
 * output; arguments count = n, in, out.
 *
 * --devices N: each device gets a run of consecutive work-groups, its slice of
 * the input and output in buffers of its own, and count = its slice's length.
 *
 * Verification: every output exactly: in > 0 ? in : 0.
 */
#include "mgpusim.h"

#define GROUP 64

int main(int argc, char **argv)
{
    unsigned long length = 4096, devices = 1;
    struct wl_option options[] = {{"-n", "elements (MGPUSim's -length)", &length, 0},
                                  MG_DEVICES_OPTION(devices)};
    wl_init(argc, argv, options, 2);
    wl_require(length > 0 && length % GROUP == 0 && length <= (1UL << 30),
               "-n must be a multiple of 64, at most 2^30");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/dnn/layer_benchmarks/relu/kernels.hsaco");
    size_t bytes = length * sizeof(float);
    float *input = malloc(bytes), *output = malloc(bytes), *want = malloc(bytes);
    for (size_t i = 0; i < length; i++) {
        input[i] = (float)i - 0.5f;
        want[i] = input[i] > 0 ? input[i] : 0.0f;
    }

    cl_mem *d_input = calloc(all.count, sizeof *d_input);
    cl_mem *d_output = calloc(all.count, sizeof *d_output);
    cl_kernel *kernels = calloc(all.count, sizeof *kernels);
    size_t *global = calloc(all.count, sizeof *global), local = GROUP;
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(length / GROUP, d, all.count);
        global[d] = part.count * GROUP;
        if (global[d] == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        size_t slice = global[d] * sizeof(float);
        d_input[d] = mg_buffer(&dev, slice, input + part.first * GROUP);
        d_output[d] = mg_buffer(&dev, slice, NULL);
        kernels[d] = wl_kernel(all.program, "ReLUForward");
        cl_int count = (cl_int)global[d];
        WL_ARG(kernels[d], 0, count);
        WL_ARG(kernels[d], 1, d_input[d]);
        WL_ARG(kernels[d], 2, d_output[d]);
    }
    mg_run_devices(&all, kernels, "ReLUForward", 1, global, &local);
    for (cl_uint d = 0; d < all.count; d++) {
        if (global[d] == 0)
            continue;
        size_t first = mg_part(length / GROUP, d, all.count).first * GROUP;
        wl_read(all.queues[d], d_output[d], global[d] * sizeof(float), output + first);
        TA_CHECK(clReleaseKernel(kernels[d]));
        TA_CHECK(clReleaseMemObject(d_input[d]));
        TA_CHECK(clReleaseMemObject(d_output[d]));
    }
    wl_check_u32("output", (const uint32_t *)output, (const uint32_t *)want, length);

    wl_close_devices(&all);
    free(d_input);
    free(d_output);
    free(kernels);
    free(global);
    free(input);
    free(output);
    free(want);
    return ta_finish();
}
