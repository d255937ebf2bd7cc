/*
 * MGPUSim's BiCG kernels (benchmarks/polybench/bicg): q = A p and s = A^T r
 * for an -x by -y matrix A (default 4,096 x 4,096, MGPUSim's -x and -y), in
 * two launches of 256-work-item groups: bicgKernel1 (A, p, q, nx, ny), one
 * work-item per row (nx rounded up to 256), then bicgKernel2 (A, r, s, nx,
 * ny), one per column (ny rounded up). As in benchmark.go: A[i][j] =
 * float32(i) * float32(j) / float32(nx), r[i] = float32(i) * float32(pi),
 * p[j] likewise; buffers A, r, s, p, q; A, r and p copied in.
 *
 * Verification: q and s against double precision, within the float
 * dot-product bound.
 */
#include "mgpusim.h"

#include <math.h>

int main(int argc, char **argv)
{
    unsigned long nx = 4096, ny = 4096;
    struct wl_option options[] = {
        {"-x", "rows of A (MGPUSim's -x)", &nx, 0},
        {"-y", "columns of A (MGPUSim's -y)", &ny, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nx > 0 && ny > 0 && nx * ny <= (1UL << 28), "A must have 1 to 2^28 elements");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/polybench/bicg/kernels.hsaco");
    float *a = malloc(nx * ny * sizeof *a), *r = malloc(nx * sizeof *r);
    float *p = malloc(ny * sizeof *p), *s = malloc(ny * sizeof *s), *q = malloc(nx * sizeof *q);
    for (size_t i = 0; i < nx; i++) {
        r[i] = (float)i * (float)M_PI;
        for (size_t j = 0; j < ny; j++)
            a[i * ny + j] = (float)i * (float)j / (float)nx;
    }
    for (size_t j = 0; j < ny; j++)
        p[j] = (float)j * (float)M_PI;

    cl_mem d_a = mg_buffer(&dev, nx * ny * 4, a);
    cl_mem d_r = mg_buffer(&dev, nx * 4, r);
    cl_mem d_s = mg_buffer(&dev, ny * 4, NULL);
    cl_mem d_p = mg_buffer(&dev, ny * 4, p);
    cl_mem d_q = mg_buffer(&dev, nx * 4, NULL);
    cl_int inx = (cl_int)nx, iny = (cl_int)ny;
    const char *names[2] = {"bicgKernel1", "bicgKernel2"};
    cl_mem in[2] = {d_p, d_r}, out[2] = {d_q, d_s};
    size_t sizes[2] = {nx, ny};
    for (int k = 0; k < 2; k++) {
        cl_kernel kernel = wl_kernel(dev.program, names[k]);
        WL_ARG(kernel, 0, d_a);
        WL_ARG(kernel, 1, in[k]);
        WL_ARG(kernel, 2, out[k]);
        WL_ARG(kernel, 3, inx);
        WL_ARG(kernel, 4, iny);
        size_t global = wl_round_up(sizes[k], 256), local = 256;
        mg_run(&dev, kernel, names[k], 1, &global, &local);
        TA_CHECK(clReleaseKernel(kernel));
    }
    wl_read(dev.queue, d_s, ny * 4, s);
    wl_read(dev.queue, d_q, nx * 4, q);

    double *want = malloc((nx + ny) * sizeof *want), *bound = malloc((nx + ny) * sizeof *bound);
    for (size_t i = 0; i < nx; i++) {
        struct wl_dot dot = {0};
        for (size_t j = 0; j < ny; j++)
            wl_dot_add(&dot, a[i * ny + j], p[j]);
        want[i] = dot.sum;
        bound[i] = wl_dot_bound(&dot);
    }
    wl_check_float("q = A p", q, want, bound, nx);
    for (size_t j = 0; j < ny; j++) {
        struct wl_dot dot = {0};
        for (size_t i = 0; i < nx; i++)
            wl_dot_add(&dot, a[i * ny + j], r[i]);
        want[j] = dot.sum;
        bound[j] = wl_dot_bound(&dot);
    }
    wl_check_float("s = A^T r", s, want, bound, ny);

    cl_mem buffers[] = {d_a, d_r, d_s, d_p, d_q};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    void *blocks[] = {a, r, p, s, q, want, bound};
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        free(blocks[i]);
    return ta_finish();
}
