/*
 * MGPUSim's simple convolution (benchmarks/amdappsdk/simpleconvolution): one
 * launch of simpleNonSeparableConvolution of a -x by -y image (default 254 x
 * 254, MGPUSim's -width and -height) with an -m x -m mask (3, -mask-size). As
 * in simpleconvolution.go: the input is padded by m - 1 in each direction and
 * all ones, the mask all ones, the output (x * y) zeroed and copied in too;
 * buffers allocated input, output, mask; arguments input, mask, output,
 * inputDimensions (x, y), maskDimensions (m, m), nExWidth = x + m - 1; one
 * work-item per padded pixel ((x + m - 1) * (y + m - 1), which must be a
 * multiple of the work-group size, 64).
 *
 * --devices N: each device gets a run of consecutive output rows: the input
 * rows its windows cover (its rows plus m - 1), its output rows and the mask
 * in buffers of its own, inputDimensions (x, its rows) and, as on one GPU, one
 * work-item per padded pixel of its part, rounded up to whole work-groups.
 *
 * Verification: every output pixel exactly: (int)(sum of input * mask + 0.5)
 * over the mask window (small integers: exact in float).
 */
#include "mgpusim.h"

#include <string.h>

#define GROUP 64

int main(int argc, char **argv)
{
    unsigned long width = 254, height = 254, mask = 3, devices = 1;
    struct wl_option options[] = {
        {"-x", "image width (MGPUSim's -width)", &width, 0},
        {"-y", "image height (MGPUSim's -height)", &height, 0},
        {"-m", "mask width and height (MGPUSim's -mask-size)", &mask, 0},
        MG_DEVICES_OPTION(devices),
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(mask > 0 && width > 0 && height > 0 && mask <= 64 && width <= 32768 &&
                   height <= 32768 && (width + mask - 1) * (height + mask - 1) % GROUP == 0,
               "-x, -y <= 32768 and -m <= 64 must be positive, (x + m - 1) * (y + m - 1) a "
               "multiple of 64");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/amdappsdk/simpleconvolution/kernels.hsaco");
    size_t ex_width = width + mask - 1, padded = ex_width * (height + mask - 1);
    size_t pixels = width * height;
    uint32_t *input = malloc(padded * sizeof *input), *output = calloc(pixels, sizeof *output);
    uint32_t *want = malloc(pixels * sizeof *want);
    float *weights = malloc(mask * mask * sizeof *weights);
    for (size_t i = 0; i < padded; i++)
        input[i] = 1;
    for (size_t i = 0; i < mask * mask; i++)
        weights[i] = 1.0f;

    cl_kernel *kernels = calloc(all.count, sizeof *kernels);
    cl_mem(*buffers)[3] = calloc(all.count, sizeof *buffers);
    size_t *global = calloc(all.count, sizeof *global), local = GROUP;
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part rows = mg_part(height, d, all.count);
        if (rows.count == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        size_t ex_rows = rows.count + mask - 1;
        cl_mem d_input = mg_buffer(&dev, ex_width * ex_rows * 4, input + rows.first * ex_width);
        cl_mem d_output = mg_buffer(&dev, width * rows.count * 4, output + rows.first * width);
        cl_mem d_mask = mg_buffer(&dev, mask * mask * 4, weights);
        kernels[d] = wl_kernel(all.program, "simpleNonSeparableConvolution");
        cl_uint2 dims = {{(cl_uint)width, (cl_uint)rows.count}};
        cl_uint2 mdims = {{(cl_uint)mask, (cl_uint)mask}};
        cl_uint nex = (cl_uint)ex_width;
        WL_ARG(kernels[d], 0, d_input);
        WL_ARG(kernels[d], 1, d_mask);
        WL_ARG(kernels[d], 2, d_output);
        WL_ARG(kernels[d], 3, dims);
        WL_ARG(kernels[d], 4, mdims);
        WL_ARG(kernels[d], 5, nex);
        global[d] = wl_round_up(ex_width * ex_rows, GROUP);
        cl_mem mine[3] = {d_input, d_output, d_mask};
        memcpy(buffers[d], mine, sizeof mine);
    }
    mg_run_devices(&all, kernels, "simpleNonSeparableConvolution", 1, global, &local);
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part rows = mg_part(height, d, all.count);
        if (rows.count == 0)
            continue;
        wl_read(all.queues[d], buffers[d][1], width * rows.count * 4,
                output + rows.first * width);
        TA_CHECK(clReleaseKernel(kernels[d]));
        for (int i = 0; i < 3; i++)
            TA_CHECK(clReleaseMemObject(buffers[d][i]));
    }

    for (size_t y = 0; y < height; y++)
        for (size_t x = 0; x < width; x++) {
            float sum = 0.0f;
            for (size_t j = 0; j < mask; j++)
                for (size_t i = 0; i < mask; i++)
                    sum += (float)input[(y + j) * ex_width + x + i] * weights[j * mask + i];
            want[y * width + x] = (uint32_t)(int32_t)(sum + 0.5f);
        }
    wl_check_u32("output", output, want, pixels);

    wl_close_devices(&all);
    free(kernels);
    free(buffers);
    free(global);
    free(input);
    free(output);
    free(want);
    free(weights);
    return ta_finish();
}
