/*
 * MGPUSim's ATAX (benchmarks/polybench/atax): y = A^T (A x) for an -x by -y
 * matrix A (default 4,096 x 4,096, MGPUSim's -x and -y), in two launches of
 * 256-work-item groups: atax_kernel1 (A, x, tmp, nx, ny) accumulates
 * tmp[i] += A[i][j] * x[j] over j (one work-item per row, the grid nx rounded
 * up to 256), then atax_kernel2 (A, y, tmp, nx, ny) y[j] += A[i][j] * tmp[i]
 * over i (ny rounded up). As in benchmark.go: A[i][j] = float32(i) *
 * float32(j) / float32(nx), x[i] = float32(i) * float32(pi); buffers A, x
 * (sized by ny, so nx must equal ny), y, tmp; only A and x are copied in:
 * tmp and y start as MGPUSim's fresh memory, zero (zeroed here by a fill).
 *
 * Verification: y against double precision, within the float bounds of both
 * dot products (tmp's error carried into y).
 */
#include "mgpusim.h"

#include <float.h>
#include <math.h>

int main(int argc, char **argv)
{
    unsigned long nx = 4096, ny = 4096;
    struct wl_option options[] = {
        {"-x", "rows of A (MGPUSim's -x)", &nx, 0},
        {"-y", "columns of A, equal to -x (MGPUSim's -y)", &ny, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nx > 0 && nx == ny && nx * ny <= (1UL << 28),
               "-x and -y must be equal (MGPUSim sizes x by y), A at most 2^28 elements");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/polybench/atax/kernels.hsaco");
    float *a = malloc(nx * ny * sizeof *a), *x = malloc(nx * sizeof *x);
    float *y = malloc(ny * sizeof *y);
    for (size_t i = 0; i < nx; i++) {
        x[i] = (float)i * (float)M_PI;
        for (size_t j = 0; j < ny; j++)
            a[i * ny + j] = (float)i * (float)j / (float)nx;
    }

    cl_mem d_a = mg_buffer(&dev, nx * ny * 4, a);
    cl_mem d_x = mg_buffer(&dev, ny * 4, x);
    cl_mem d_y = mg_zeroed_buffer(&dev, ny * 4);
    cl_mem d_tmp = mg_zeroed_buffer(&dev, nx * 4);
    cl_int inx = (cl_int)nx, iny = (cl_int)ny;
    const char *names[2] = {"atax_kernel1", "atax_kernel2"};
    cl_mem second[2] = {d_x, d_y};
    size_t sizes[2] = {nx, ny};
    for (int k = 0; k < 2; k++) {
        cl_kernel kernel = wl_kernel(dev.program, names[k]);
        WL_ARG(kernel, 0, d_a);
        WL_ARG(kernel, 1, second[k]);
        WL_ARG(kernel, 2, d_tmp);
        WL_ARG(kernel, 3, inx);
        WL_ARG(kernel, 4, iny);
        size_t global = wl_round_up(sizes[k], 256), local = 256;
        mg_run(&dev, kernel, names[k], 1, &global, &local);
        TA_CHECK(clReleaseKernel(kernel));
    }
    wl_read(dev.queue, d_y, ny * 4, y);

    double *tmp = malloc(nx * sizeof *tmp), *tmp_bound = malloc(nx * sizeof *tmp_bound);
    double *want = malloc(ny * sizeof *want), *bound = malloc(ny * sizeof *bound);
    for (size_t i = 0; i < nx; i++) {
        struct wl_dot dot = {0};
        for (size_t j = 0; j < ny; j++)
            wl_dot_add(&dot, a[i * ny + j], x[j]);
        tmp[i] = dot.sum;
        tmp_bound[i] = wl_dot_bound(&dot) + fabs(dot.sum) * FLT_EPSILON;
    }
    for (size_t j = 0; j < ny; j++) {
        double sum = 0, magnitude = 0, carried = 0;
        for (size_t i = 0; i < nx; i++) {
            sum += a[i * ny + j] * tmp[i];
            magnitude += fabs(a[i * ny + j] * tmp[i]) + fabs(a[i * ny + j]) * tmp_bound[i];
            carried += fabs(a[i * ny + j]) * tmp_bound[i];
        }
        want[j] = sum;
        bound[j] = carried + (double)nx * FLT_EPSILON * magnitude + 1e-30;
    }
    wl_check_float("y", y, want, bound, ny);

    cl_mem buffers[] = {d_a, d_x, d_y, d_tmp};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    void *blocks[] = {a, x, y, tmp, tmp_bound, want, bound};
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        free(blocks[i]);
    return ta_finish();
}
