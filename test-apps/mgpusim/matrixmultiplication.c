/*
 * MGPUSim's matrix multiplication (benchmarks/amdappsdk/matrixmultiplication):
 * one launch of mmmKernel_local computing C (y x z) = A (y x x) * B (x x z)
 * (default x = y = z = 64, MGPUSim's -x, -y, -z). As in benchmark.go and
 * mm.go: after rand.Seed(0), A is drawn with rand.Float32() column by column
 * (A[j][i] for i < x, j < y), then B likewise (B[j][i], i < z, j < x); buffers
 * A, B, C; arguments A, B, C, widthA = x and 32 * 32 * 4 bytes of local
 * memory; each work-item computes a 4 x 4 block of C: grid (z/4) x (y/4) in
 * 8 x 8 work-groups.
 *
 * What the kernel computes: it loads the tile of A by its *local* row, so
 * row r of C is row (r mod 32) of A times B (MGPUSim's own check covers row
 * 0 only, which is right). Verified: every element of C against that, in
 * double, within the float dot-product bound.
 *
 * --devices N: each device gets a run of consecutive rows of work-groups (32
 * rows of C each), those rows of C in a buffer of its own and copies of all of
 * A and B (the kernel reads A by local row, rows 0-31 on every device; each
 * device's first row of C is a multiple of 32, so the result is that of one
 * GPU).
 */
#include "mgpusim.h"

#include <string.h>

/* Rows of C per work-group: 8 work-items of 4 rows each. */
#define GROUP_ROWS 32

int main(int argc, char **argv)
{
    unsigned long x = 64, y = 64, z = 64, devices = 1;
    struct wl_option options[] = {
        {"-x", "columns of A, rows of B (MGPUSim's -x)", &x, 0},
        {"-y", "rows of A and C (MGPUSim's -y)", &y, 0},
        {"-z", "columns of B and C (MGPUSim's -z)", &z, 0},
        MG_DEVICES_OPTION(devices),
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(x > 0 && y > 0 && z > 0 && x % 32 == 0 && y % 32 == 0 && z % 32 == 0 &&
                   x * y <= (1UL << 28) && x * z <= (1UL << 28) && y * z <= (1UL << 28),
               "-x, -y and -z must be positive multiples of 32 (matrices of at most 2^28)");

    struct wl_devices all;
    mg_open_devices(&all, devices, "benchmarks/amdappsdk/matrixmultiplication/kernels.hsaco");
    float *a = malloc(x * y * sizeof *a), *b = malloc(z * x * sizeof *b);
    float *c = malloc(y * z * sizeof *c);
    double *want = malloc(y * z * sizeof *want), *bound = malloc(y * z * sizeof *bound);
    mg_rand_seed(0);
    for (size_t i = 0; i < x; i++)
        for (size_t j = 0; j < y; j++)
            a[j * x + i] = mg_rand_float32();
    for (size_t i = 0; i < z; i++)
        for (size_t j = 0; j < x; j++)
            b[j * z + i] = mg_rand_float32();

    cl_kernel *kernels = calloc(all.count, sizeof *kernels);
    cl_mem(*buffers)[3] = calloc(all.count, sizeof *buffers);
    size_t(*global)[2] = calloc(all.count, sizeof *global), local[2] = {8, 8};
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(y / GROUP_ROWS, d, all.count);
        if (part.count == 0)
            continue;
        struct wl_device dev = mg_device(&all, d);
        size_t rows = part.count * GROUP_ROWS;
        cl_mem d_a = mg_buffer(&dev, x * y * 4, a);
        cl_mem d_b = mg_buffer(&dev, z * x * 4, b);
        cl_mem d_c = mg_buffer(&dev, rows * z * 4, NULL);
        kernels[d] = wl_kernel(all.program, "mmmKernel_local");
        cl_int width_a = (cl_int)x;
        WL_ARG(kernels[d], 0, d_a);
        WL_ARG(kernels[d], 1, d_b);
        WL_ARG(kernels[d], 2, d_c);
        WL_ARG(kernels[d], 3, width_a);
        mg_local_arg(kernels[d], 4, 32 * 32 * 4);
        global[d][0] = z / 4;
        global[d][1] = rows / 4;
        cl_mem mine[3] = {d_a, d_b, d_c};
        memcpy(buffers[d], mine, sizeof mine);
    }
    mg_run_devices(&all, kernels, "mmmKernel_local", 2, &global[0][0], local);
    for (cl_uint d = 0; d < all.count; d++) {
        struct mg_part part = mg_part(y / GROUP_ROWS, d, all.count);
        if (part.count == 0)
            continue;
        wl_read(all.queues[d], buffers[d][2], part.count * GROUP_ROWS * z * 4,
                c + part.first * GROUP_ROWS * z);
        TA_CHECK(clReleaseKernel(kernels[d]));
        for (int i = 0; i < 3; i++)
            TA_CHECK(clReleaseMemObject(buffers[d][i]));
    }

    for (size_t r = 0; r < y; r++)
        for (size_t col = 0; col < z; col++) {
            struct wl_dot dot = {0};
            for (size_t k = 0; k < x; k++)
                wl_dot_add(&dot, a[(r % 32) * x + k], b[k * z + col]);
            want[r * z + col] = dot.sum;
            bound[r * z + col] = wl_dot_bound(&dot);
        }
    wl_check_float("C (row r: A row r mod 32 times B)", c, want, bound, y * z);

    wl_close_devices(&all);
    free(kernels);
    free(buffers);
    free(global);
    free(a);
    free(b);
    free(c);
    free(want);
    free(bound);
    return ta_finish();
}
