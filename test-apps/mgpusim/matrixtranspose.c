/*
 * MGPUSim's matrix transpose (benchmarks/amdappsdk/matrixtranspose): one
 * launch of matrixTranspose on a -w x -w matrix of uint32 (default 256,
 * MGPUSim's -width), input[i] = i. As in matrixtranspose.go: each work-item
 * moves a 4 x 4 block (float4 rows) through local memory, so the grid is
 * (w/4) x (w/4) in 16 x 16 work-groups; arguments output, input, local
 * block (16 * 16 * 4 * 4 * 4 bytes), wiWidth = wiHeight = w/4,
 * num_of_blocks_x = w/64, group offsets 0 and 0 (one GPU).
 *
 * --devices N: each device gets a run of consecutive rows of work-groups
 * (group_y_offset = its first row, as MGPUSim's kernel provides for), buffers
 * of its own of the whole matrix's size, and copies of the 64 x 64 tiles it
 * touches only: work-group (x, y) reads input tile (x, (x + y) mod w/64) and
 * writes output tile ((x + y) mod w/64, x), each a rectangular copy.
 */
#include "mgpusim.h"

#define BLOCK 16
#define ELEMS 4

/* Copies the 64 x 64 tile at tile row r, tile column c of a width x width
 * matrix of uint32 between `buffer` and `host` (laid out alike), blocking. */
static void copy_tile(cl_command_queue queue, cl_mem buffer, int write, size_t width, size_t r,
                      size_t c, uint32_t *host)
{
    size_t tile = BLOCK * ELEMS, pitch = width * sizeof(uint32_t);
    size_t origin[3] = {c * tile * sizeof(uint32_t), r * tile, 0};
    size_t region[3] = {tile * sizeof(uint32_t), tile, 1};
    if (write)
        TA_CHECK(clEnqueueWriteBufferRect(queue, buffer, CL_TRUE, origin, origin, region, pitch,
                                          0, pitch, 0, host, 0, NULL, NULL));
    else
        TA_CHECK(clEnqueueReadBufferRect(queue, buffer, CL_TRUE, origin, origin, region, pitch, 0,
                                         pitch, 0, host, 0, NULL, NULL));
}

int main(int argc, char **argv)
{
    unsigned long width = 256, devices = 1;
    struct wl_option options[] = {{"-w", "matrix width and height (MGPUSim's -width)", &width, 0},
                                  MG_DEVICES_OPTION(devices)};
    wl_init(argc, argv, options, 2);
    wl_require(width > 0 && width % (BLOCK * ELEMS) == 0 && width <= 32768,
               "-w must be a multiple of 64, at most 32768");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/amdappsdk/matrixtranspose/kernels.hsaco");
    size_t n = width * width, bytes = n * sizeof(uint32_t);
    uint32_t *input = malloc(bytes), *output = malloc(bytes), *want = malloc(bytes);
    for (size_t i = 0; i < n; i++)
        input[i] = (uint32_t)i;

    cl_uint wi = (cl_uint)(width / ELEMS), blocks_x = wi / BLOCK, zero = 0;
    cl_kernel *kernels = calloc(all.count, sizeof *kernels);
    cl_mem(*buffers)[2] = calloc(all.count, sizeof *buffers);
    size_t(*global)[2] = calloc(all.count, sizeof *global), local[2] = {BLOCK, BLOCK};
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(blocks_x, d, all.count);
        if (part.count == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        /* MGPUSim allocates the input, then the output, and copies the input. */
        cl_mem d_input, d_output;
        if (all.count == 1) {
            d_input = mg_buffer(&dev, bytes, input);
        } else {
            d_input = mg_buffer(&dev, bytes, NULL);
            for (size_t y = part.first; y < part.first + part.count; y++)
                for (size_t x = 0; x < blocks_x; x++)
                    copy_tile(dev.queue, d_input, 1, width, x, (x + y) % blocks_x, input);
        }
        d_output = mg_buffer(&dev, bytes, NULL);
        kernels[d] = wl_kernel(all.program, "matrixTranspose");
        cl_uint y_offset = (cl_uint)part.first;
        WL_ARG(kernels[d], 0, d_output);
        WL_ARG(kernels[d], 1, d_input);
        mg_local_arg(kernels[d], 2, BLOCK * BLOCK * ELEMS * ELEMS * 4);
        WL_ARG(kernels[d], 3, wi);
        WL_ARG(kernels[d], 4, wi);
        WL_ARG(kernels[d], 5, blocks_x);
        WL_ARG(kernels[d], 6, zero);
        WL_ARG(kernels[d], 7, y_offset);
        global[d][0] = wi;
        global[d][1] = part.count * BLOCK;
        buffers[d][0] = d_input;
        buffers[d][1] = d_output;
    }
    mg_run_devices(&all, kernels, "matrixTranspose", 2, &global[0][0], local);
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(blocks_x, d, all.count);
        if (part.count == 0)
            continue;
        if (all.count == 1)
            wl_read(all.queues[d], buffers[d][1], bytes, output);
        else
            for (size_t y = part.first; y < part.first + part.count; y++)
                for (size_t x = 0; x < blocks_x; x++)
                    copy_tile(all.queues[d], buffers[d][1], 0, width, (x + y) % blocks_x, x,
                              output);
        TA_CHECK(clReleaseKernel(kernels[d]));
        TA_CHECK(clReleaseMemObject(buffers[d][0]));
        TA_CHECK(clReleaseMemObject(buffers[d][1]));
    }

    for (size_t i = 0; i < width; i++)
        for (size_t j = 0; j < width; j++)
            want[i * width + j] = input[j * width + i];
    wl_check_u32("output", output, want, n);

    wl_close_devices(&all);
    free(kernels);
    free(buffers);
    free(global);
    free(input);
    free(output);
    free(want);
    return ta_finish();
}
