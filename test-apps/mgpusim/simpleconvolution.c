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
 * Verification: every output pixel exactly: (int)(sum of input * mask + 0.5)
 * over the mask window (small integers: exact in float).
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long width = 254, height = 254, mask = 3;
    struct wl_option options[] = {
        {"-x", "image width (MGPUSim's -width)", &width, 0},
        {"-y", "image height (MGPUSim's -height)", &height, 0},
        {"-m", "mask width and height (MGPUSim's -mask-size)", &mask, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(mask > 0 && width > 0 && height > 0 && mask <= 64 && width <= 32768 &&
                   height <= 32768 && (width + mask - 1) * (height + mask - 1) % 64 == 0,
               "-x, -y <= 32768 and -m <= 64 must be positive, (x + m - 1) * (y + m - 1) a "
               "multiple of 64");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/simpleconvolution/kernels.hsaco");
    size_t ex_width = width + mask - 1, padded = ex_width * (height + mask - 1);
    size_t pixels = width * height;
    uint32_t *input = malloc(padded * sizeof *input), *output = calloc(pixels, sizeof *output);
    uint32_t *want = malloc(pixels * sizeof *want);
    float *weights = malloc(mask * mask * sizeof *weights);
    for (size_t i = 0; i < padded; i++)
        input[i] = 1;
    for (size_t i = 0; i < mask * mask; i++)
        weights[i] = 1.0f;

    cl_mem d_input = mg_buffer(&dev, padded * 4, input);
    cl_mem d_output = mg_buffer(&dev, pixels * 4, output);
    cl_mem d_mask = mg_buffer(&dev, mask * mask * 4, weights);
    cl_kernel kernel = wl_kernel(dev.program, "simpleNonSeparableConvolution");
    cl_uint2 dims = {{(cl_uint)width, (cl_uint)height}}, mdims = {{(cl_uint)mask, (cl_uint)mask}};
    cl_uint nex = (cl_uint)ex_width;
    WL_ARG(kernel, 0, d_input);
    WL_ARG(kernel, 1, d_mask);
    WL_ARG(kernel, 2, d_output);
    WL_ARG(kernel, 3, dims);
    WL_ARG(kernel, 4, mdims);
    WL_ARG(kernel, 5, nex);
    size_t global = padded, local = 64;
    mg_run(&dev, kernel, "simpleNonSeparableConvolution", 1, &global, &local);
    wl_read(dev.queue, d_output, pixels * 4, output);

    for (size_t y = 0; y < height; y++)
        for (size_t x = 0; x < width; x++) {
            float sum = 0.0f;
            for (size_t j = 0; j < mask; j++)
                for (size_t i = 0; i < mask; i++)
                    sum += (float)input[(y + j) * ex_width + x + i] * weights[j * mask + i];
            want[y * width + x] = (uint32_t)(int32_t)(sum + 0.5f);
        }
    wl_check_u32("output", output, want, pixels);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_input));
    TA_CHECK(clReleaseMemObject(d_output));
    TA_CHECK(clReleaseMemObject(d_mask));
    wl_close(&dev);
    free(input);
    free(output);
    free(want);
    free(weights);
    return ta_finish();
}
