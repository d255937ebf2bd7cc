/*
 * transpose: the transpose of a rows x cols matrix of random 32-bit integers,
 * tiled in local memory with 16 x 16 work-groups.
 *
 * With --all-devices the input's rows are split into blocks of whole tiles over
 * every device of the platform (discrete GPUs): each device transposes its
 * block into columns of the output, read back into place with
 * clEnqueueReadBufferRect; all are launched before any is waited for.
 *
 * Verification: every output element exactly against the host transpose.
 */
#include "workload.h"

#define TILE 16

/* Transposes `in` (rows x cols) into `out` with blocks of rows over the devices of
 * `all`. */
static void transpose(struct wl_devices *all, const uint32_t *in, uint32_t *out, size_t rows,
                      size_t cols)
{
    cl_mem (*mem)[2] = calloc(all->count, sizeof *mem);
    cl_kernel *kernels = calloc(all->count, sizeof *kernels);
    cl_event *events = calloc(all->count, sizeof *events);
    size_t tiles = rows / TILE;
    for (cl_uint d = 0; d < all->count; d++) {
        size_t first = tiles * d / all->count * TILE;
        size_t block = tiles * (d + 1) / all->count * TILE - first;
        if (block == 0)
            continue;
        size_t bytes = block * cols * sizeof *in;
        mem[d][0] = wl_buffer(all->context, CL_MEM_READ_ONLY, bytes, in + first * cols);
        mem[d][1] = wl_buffer(all->context, CL_MEM_WRITE_ONLY, bytes, NULL);
        kernels[d] = wl_kernel(all->program, "transpose");
        cl_uint r32 = (cl_uint)block, c32 = (cl_uint)cols;
        WL_ARG(kernels[d], 0, mem[d][0]);
        WL_ARG(kernels[d], 1, mem[d][1]);
        WL_ARG(kernels[d], 2, r32);
        WL_ARG(kernels[d], 3, c32);
        size_t global[2] = {cols, block}, local[2] = {TILE, TILE};
        TA_CHECK(clEnqueueNDRangeKernel(all->queues[d], kernels[d], 2, NULL, global, local, 0,
                                        NULL, &events[d]));
        TA_CHECK(clFlush(all->queues[d]));
    }
    for (cl_uint d = 0; d < all->count; d++) {
        size_t first = tiles * d / all->count * TILE;
        size_t block = tiles * (d + 1) / all->count * TILE - first;
        if (block == 0)
            continue;
        TA_CHECK(clWaitForEvents(1, &events[d]));
        /* The block's output (cols x block) is columns first..first+block of out. */
        size_t device_origin[3] = {0, 0, 0}, host_origin[3] = {first * sizeof *out, 0, 0};
        size_t region[3] = {block * sizeof *out, cols, 1};
        TA_CHECK(clEnqueueReadBufferRect(all->queues[d], mem[d][1], CL_TRUE, device_origin,
                                         host_origin, region, block * sizeof *out, 0,
                                         rows * sizeof *out, 0, out, 0, NULL, NULL));
        char label[64];
        snprintf(label, sizeof label, "transpose[device %u, %zu rows]", d, block);
        ta_report_time(label, ta_event_ns(events[d]));
        TA_CHECK(clReleaseEvent(events[d]));
        TA_CHECK(clReleaseKernel(kernels[d]));
        TA_CHECK(clReleaseMemObject(mem[d][0]));
        TA_CHECK(clReleaseMemObject(mem[d][1]));
    }
    free(mem);
    free(kernels);
    free(events);
}

int main(int argc, char **argv)
{
    unsigned long rows = 256, cols = 256, all_devices = 0, locality = 0;
    const struct wl_option options[] = {
        {"-r", "rows of the input (multiple of 16)", &rows, 0},
        {"-c", "columns of the input (multiple of 16)", &cols, 0},
        {"--all-devices", "split the rows over all devices of the platform", &all_devices, 1},
        {"--locality", "place input rows by GPU (unified device of N GPUs)", &locality, 0},
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

    if (all_devices) {
        struct wl_devices all;
        wl_open_devices(&all, 1, "transpose.cl", NULL);
        transpose(&all, in, out, rows, cols);
        wl_close_devices(&all);
        wl_check_u32("out = in^T", out, want, n);
        free(in);
        free(out);
        free(want);
        return ta_finish();
    }
    struct wl_device dev;
    wl_open(&dev, "transpose.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "transpose");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, n * sizeof *in, in);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL);
    if (locality)
        wl_place_parts(din, 0, n * sizeof *in, locality);
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
