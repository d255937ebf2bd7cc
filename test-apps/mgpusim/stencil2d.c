/*
 * MGPUSim's 2-D stencil (benchmarks/shoc/stencil2d): -i launches (default 5,
 * MGPUSim's -iter) of StencilKernel on an -r x -c grid (64 x 64, -row and
 * -col) with a halo of 1, rows padded to a multiple of 16 floats. As in
 * stencil2d.go: both buffers hold all ones; each launch reads one and writes
 * the other (then they swap), with alignment 16, weights center 0.5,
 * cardinal 0, diagonal 0 and (16 + 2) * (64 + 2) floats of local memory; the
 * grid is (r/16) x c work-items in 1 x 64 work-groups (each work-item does 16
 * rows). The CopyRect kernel in the same code object is not launched.
 *
 * Verification: every element of the last output, halo and padding included,
 * exactly against the same Jacobi steps on the CPU (powers of two: exact).
 */
#include "mgpusim.h"

#define LROWS 16
#define LCOLS 64
#define ALIGN 16

int main(int argc, char **argv)
{
    unsigned long rows = 64, cols = 64, iterations = 5;
    struct wl_option options[] = {
        {"-r", "rows without the halo (MGPUSim's -row)", &rows, 0},
        {"-c", "columns without the halo (MGPUSim's -col)", &cols, 0},
        {"-i", "iterations, one launch each (MGPUSim's -iter)", &iterations, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(rows > 0 && rows % LROWS == 0 && cols > 0 && cols % LCOLS == 0 &&
                   rows * cols <= (1UL << 28),
               "-r must be a multiple of 16, -c of 64 (at most 2^28 elements)");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/shoc/stencil2d/kernels.hsaco");
    size_t nrows = rows + 2, ncols = cols + 2;
    size_t pitch = ((ncols - 1) / ALIGN + 1) * ALIGN, n = nrows * pitch, bytes = n * 4;
    float *grid[2] = {malloc(bytes), malloc(bytes)}, *output = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        grid[0][i] = grid[1][i] = 1.0f;

    cl_mem d_data[2] = {mg_buffer(&dev, bytes, grid[0]),
                        mg_buffer(&dev, bytes, grid[1])};
    cl_kernel kernel = wl_kernel(dev.program, "StencilKernel");
    cl_int alignment = ALIGN;
    cl_float center = 0.5f, cardinal = 0.0f, diagonal = 0.0f;
    size_t global[2] = {rows / LROWS, cols}, local[2] = {1, LCOLS};
    for (size_t it = 0; it < iterations; it++) {
        WL_ARG(kernel, 0, d_data[it % 2]);
        WL_ARG(kernel, 1, d_data[(it + 1) % 2]);
        WL_ARG(kernel, 2, alignment);
        WL_ARG(kernel, 3, center);
        WL_ARG(kernel, 4, cardinal);
        WL_ARG(kernel, 5, diagonal);
        mg_local_arg(kernel, 6, (LROWS + 2) * (LCOLS + 2) * 4);
        mg_run(&dev, kernel, "StencilKernel", 2, global, local);

        /* The same step on the CPU: interior points only. */
        const float *in = grid[it % 2];
        float *out = grid[(it + 1) % 2];
        for (size_t x = 1; x <= rows; x++)
            for (size_t y = 1; y <= cols; y++) {
                const float *p = in + x * pitch + y;
                float card = p[-(long)pitch] + p[pitch] + p[1] + p[-1];
                float diag = p[-(long)pitch + 1] + p[pitch + 1] + p[-(long)pitch - 1] +
                             p[pitch - 1];
                out[x * pitch + y] = center * p[0] + cardinal * card + diagonal * diag;
            }
    }
    wl_read(dev.queue, d_data[iterations % 2], bytes, output);
    wl_check_u32("grid", (const uint32_t *)output, (const uint32_t *)grid[iterations % 2], n);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_data[0]));
    TA_CHECK(clReleaseMemObject(d_data[1]));
    wl_close(&dev);
    free(grid[0]);
    free(grid[1]);
    free(output);
    return ta_finish();
}
