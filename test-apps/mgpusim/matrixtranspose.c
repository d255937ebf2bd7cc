/*
 * MGPUSim's matrix transpose (benchmarks/amdappsdk/matrixtranspose): one
 * launch of matrixTranspose on a -w x -w matrix of uint32 (default 256,
 * MGPUSim's -width), input[i] = i. As in matrixtranspose.go: each work-item
 * moves a 4 x 4 block (float4 rows) through local memory, so the grid is
 * (w/4) x (w/4) in 16 x 16 work-groups; arguments output, input, local
 * block (16 * 16 * 4 * 4 * 4 bytes), wiWidth = wiHeight = w/4,
 * num_of_blocks_x = w/64, group offsets 0 and 0 (one GPU).
 */
#include "mgpusim.h"

#define BLOCK 16
#define ELEMS 4

int main(int argc, char **argv)
{
    unsigned long width = 256;
    struct wl_option options[] = {{"-w", "matrix width and height (MGPUSim's -width)", &width, 0}};
    wl_init(argc, argv, options, 1);
    wl_require(width > 0 && width % (BLOCK * ELEMS) == 0 && width <= 32768,
               "-w must be a multiple of 64, at most 32768");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/matrixtranspose/kernels.hsaco");
    size_t n = width * width, bytes = n * sizeof(uint32_t);
    uint32_t *input = malloc(bytes), *output = malloc(bytes), *want = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        input[i] = (uint32_t)i;

    /* MGPUSim allocates the input, then the output, and copies the input. */
    cl_mem d_input = mg_buffer(&dev, bytes, input);
    cl_mem d_output = mg_buffer(&dev, bytes, NULL);
    cl_kernel kernel = wl_kernel(dev.program, "matrixTranspose");
    cl_uint wi = (cl_uint)(width / ELEMS), blocks_x = wi / BLOCK, offset = 0;
    WL_ARG(kernel, 0, d_output);
    WL_ARG(kernel, 1, d_input);
    mg_local_arg(kernel, 2, BLOCK * BLOCK * ELEMS * ELEMS * 4);
    WL_ARG(kernel, 3, wi);
    WL_ARG(kernel, 4, wi);
    WL_ARG(kernel, 5, blocks_x);
    WL_ARG(kernel, 6, offset);
    WL_ARG(kernel, 7, offset);
    size_t global[2] = {wi, wi}, local[2] = {BLOCK, BLOCK};
    mg_run(&dev, kernel, "matrixTranspose", 2, global, local);
    wl_read(dev.queue, d_output, bytes, output);

    for (size_t i = 0; i < width; i++)
        for (size_t j = 0; j < width; j++)
            want[i * width + j] = input[j * width + i];
    wl_check_u32("output", output, want, n);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_input));
    TA_CHECK(clReleaseMemObject(d_output));
    wl_close(&dev);
    free(input);
    free(output);
    free(want);
    return ta_finish();
}
