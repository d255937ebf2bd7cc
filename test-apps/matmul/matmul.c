/*
 * matmul: C = A * B for random A (m x k) and B (k x n) in [-1, 1), tiled in
 * local memory with 16 x 16 work-groups.
 *
 * Verification: every element of C against a double-precision host product,
 * within the bound of wl_dot_bound for a float dot product of length k summed
 * in any order, with or without fused multiply-add: |c - c_exact| <= k *
 * FLT_EPSILON * sum_i |a_i * b_i|.
 */
#include "workload.h"

#define TILE 16

int main(int argc, char **argv)
{
    unsigned long m = 256, n = 256, k = 256;
    const struct wl_option options[] = {
        {"-m", "rows of A and C (multiple of 16)", &m, 0},
        {"-n", "columns of B and C (multiple of 16)", &n, 0},
        {"-k", "columns of A, rows of B (multiple of 16)", &k, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(m > 0 && n > 0 && k > 0 && m % TILE == 0 && n % TILE == 0 && k % TILE == 0 &&
                   m * k <= UINT32_MAX && k * n <= UINT32_MAX && m * n <= UINT32_MAX,
               "-m, -n and -k must be positive multiples of %d", TILE);

    float *a = malloc(m * k * sizeof *a), *b = malloc(k * n * sizeof *b);
    float *c = malloc(m * n * sizeof *c);
    double *want = malloc(m * n * sizeof *want), *bound = malloc(m * n * sizeof *bound);
    struct wl_rng rng;
    wl_seed(&rng, 4);
    for (size_t i = 0; i < m * k; i++)
        a[i] = wl_rand_float(&rng, -1.0f, 1.0f);
    for (size_t i = 0; i < k * n; i++)
        b[i] = wl_rand_float(&rng, -1.0f, 1.0f);
    for (size_t r = 0; r < m; r++) {
        for (size_t col = 0; col < n; col++) {
            struct wl_dot dot = {0};
            for (size_t i = 0; i < k; i++)
                wl_dot_add(&dot, a[r * k + i], b[i * n + col]);
            want[r * n + col] = dot.sum;
            bound[r * n + col] = wl_dot_bound(&dot);
        }
    }

    struct wl_device dev;
    wl_open(&dev, "matmul.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "matmul");
    cl_mem da = wl_buffer(dev.context, CL_MEM_READ_ONLY, m * k * sizeof *a, a);
    cl_mem db = wl_buffer(dev.context, CL_MEM_READ_ONLY, k * n * sizeof *b, b);
    cl_mem dc = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, m * n * sizeof *c, NULL);
    cl_uint m32 = (cl_uint)m, n32 = (cl_uint)n, k32 = (cl_uint)k;
    WL_ARG(kernel, 0, da);
    WL_ARG(kernel, 1, db);
    WL_ARG(kernel, 2, dc);
    WL_ARG(kernel, 3, m32);
    WL_ARG(kernel, 4, n32);
    WL_ARG(kernel, 5, k32);
    size_t global[2] = {n, m}, local[2] = {TILE, TILE};
    ta_report_time("matmul", wl_run(dev.queue, kernel, 2, global, local));
    wl_read(dev.queue, dc, m * n * sizeof *c, c);
    wl_check_float("C = A * B", c, want, bound, m * n);

    TA_CHECK(clReleaseMemObject(da));
    TA_CHECK(clReleaseMemObject(db));
    TA_CHECK(clReleaseMemObject(dc));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(a);
    free(b);
    free(c);
    free(want);
    free(bound);
    return ta_finish();
}
