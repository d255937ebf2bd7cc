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
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long x = 64, y = 64, z = 64;
    struct wl_option options[] = {
        {"-x", "columns of A, rows of B (MGPUSim's -x)", &x, 0},
        {"-y", "rows of A and C (MGPUSim's -y)", &y, 0},
        {"-z", "columns of B and C (MGPUSim's -z)", &z, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(x > 0 && y > 0 && z > 0 && x % 32 == 0 && y % 32 == 0 && z % 32 == 0 &&
                   x * y <= (1UL << 28) && x * z <= (1UL << 28) && y * z <= (1UL << 28),
               "-x, -y and -z must be positive multiples of 32 (matrices of at most 2^28)");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/matrixmultiplication/kernels.hsaco");
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

    cl_mem d_a = mg_buffer(&dev, x * y * 4, a);
    cl_mem d_b = mg_buffer(&dev, z * x * 4, b);
    cl_mem d_c = mg_buffer(&dev, y * z * 4, NULL);
    cl_kernel kernel = wl_kernel(dev.program, "mmmKernel_local");
    cl_int width_a = (cl_int)x;
    WL_ARG(kernel, 0, d_a);
    WL_ARG(kernel, 1, d_b);
    WL_ARG(kernel, 2, d_c);
    WL_ARG(kernel, 3, width_a);
    mg_local_arg(kernel, 4, 32 * 32 * 4);
    size_t global[2] = {z / 4, y / 4}, local[2] = {8, 8};
    mg_run(&dev, kernel, "mmmKernel_local", 2, global, local);
    wl_read(dev.queue, d_c, y * z * 4, c);

    for (size_t r = 0; r < y; r++)
        for (size_t col = 0; col < z; col++) {
            struct wl_dot dot = {0};
            for (size_t k = 0; k < x; k++)
                wl_dot_add(&dot, a[(r % 32) * x + k], b[k * z + col]);
            want[r * z + col] = dot.sum;
            bound[r * z + col] = wl_dot_bound(&dot);
        }
    wl_check_float("C (row r: A row r mod 32 times B)", c, want, bound, y * z);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_a));
    TA_CHECK(clReleaseMemObject(d_b));
    TA_CHECK(clReleaseMemObject(d_c));
    wl_close(&dev);
    free(a);
    free(b);
    free(c);
    free(want);
    free(bound);
    return ta_finish();
}
