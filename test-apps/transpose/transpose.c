/*
 * transpose: the transpose of a rows x cols matrix of random 32-bit integers,
 * tiled in local memory with 16 x 16 work-groups.
 *
 * Verification: every output element exactly against the host transpose.
 */
#include "workload.h"

#define TILE 16

int main(int argc, char **argv)
{
    unsigned long rows = 256, cols = 256;
    const struct wl_option options[] = {
        {"-r", "rows of the input (multiple of 16)", &rows, 0},
        {"-c", "columns of the input (multiple of 16)", &cols, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(rows > 0 && cols > 0 && rows % TILE == 0 && cols % TILE == 0 &&
                   rows * cols <= UINT32_MAX,
               "-r and -c must be positive multiples of %d", TILE);

    size_t n = rows * cols;
    uint32_t *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    uint32_t *want = malloc(n * sizeof *want);
    struct wl_rng rng;
    wl_seed(&rng, 3);
    for (size_t i = 0; i < n; i++)
        in[i] = wl_rand_u32(&rng);
    for (size_t r = 0; r < rows; r++)
        for (size_t c = 0; c < cols; c++)
            want[c * rows + r] = in[r * cols + c];

    struct wl_device dev;
    wl_open(&dev, "transpose.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "transpose");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, n * sizeof *in, in);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL);
    cl_uint r32 = (cl_uint)rows, c32 = (cl_uint)cols;
    WL_ARG(kernel, 0, din);
    WL_ARG(kernel, 1, dout);
    WL_ARG(kernel, 2, r32);
    WL_ARG(kernel, 3, c32);
    size_t global[2] = {cols, rows}, local[2] = {TILE, TILE};
    ta_report_time("transpose", wl_run(dev.queue, kernel, 2, global, local));
    wl_read(dev.queue, dout, n * sizeof *out, out);
    wl_check_u32("out = in^T", out, want, n);

    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(in);
    free(out);
    free(want);
    return ta_finish();
}
