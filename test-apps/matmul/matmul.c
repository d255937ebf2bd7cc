/*
 * matmul: C = A * B for random A (m x k) and B (k x n) in [-1, 1), tiled in
 * local memory with 16 x 16 work-groups.
 *
 * With --all-devices the rows of C are split into blocks of whole tiles over
 * every device of the platform (discrete GPUs): each device gets its rows of
 * A, all of B and its rows of C in buffers of its own, all launched before any
 * is waited for. With --locality G (a unified device of G GPUs, gcnsim's
 * Locality API) the rows of A and C are placed in G equal blocks on the GPUs
 * that run their work-groups under the default split (B stays interleaved).
 *
 * Verification: every element of C against a double-precision host product,
 * within the bound of wl_dot_bound for a float dot product of length k summed
 * in any order, with or without fused multiply-add: |c - c_exact| <= k *
 * FLT_EPSILON * sum_i |a_i * b_i|.
 */
#include "workload.h"

#define TILE 16

/* --locality: the unified device's GPUs to place the rows of A and C on. */
static unsigned long locality;

/* One device's block of rows of C. */
struct block {
    cl_kernel kernel;
    cl_mem a, b, c;
    size_t first, rows;
    cl_event event;
};

/* C = A * B with the rows of C in blocks over the devices of `all`. */
static void multiply(struct wl_devices *all, const float *a, const float *b, float *c,
                     size_t m, size_t n, size_t k)
{
    struct block *blocks = calloc(all->count, sizeof *blocks);
    size_t tiles = m / TILE;
    for (cl_uint d = 0; d < all->count; d++) {
        struct block *x = &blocks[d];
        x->first = tiles * d / all->count * TILE;
        x->rows = tiles * (d + 1) / all->count * TILE - x->first;
        if (x->rows == 0)
            continue;
        cl_context ctx = all->context;
        x->a = wl_buffer(ctx, CL_MEM_READ_ONLY, x->rows * k * sizeof *a, a + x->first * k);
        x->b = wl_buffer(ctx, CL_MEM_READ_ONLY, k * n * sizeof *b, b);
        x->c = wl_buffer(ctx, CL_MEM_WRITE_ONLY, x->rows * n * sizeof *c, NULL);
        if (locality) {
            wl_place_parts(x->a, 0, x->rows * k * sizeof *a, locality);
            wl_place_parts(x->c, 0, x->rows * n * sizeof *c, locality);
        }
        x->kernel = wl_kernel(all->program, "matmul");
        cl_uint m32 = (cl_uint)x->rows, n32 = (cl_uint)n, k32 = (cl_uint)k;
        WL_ARG(x->kernel, 0, x->a);
        WL_ARG(x->kernel, 1, x->b);
        WL_ARG(x->kernel, 2, x->c);
        WL_ARG(x->kernel, 3, m32);
        WL_ARG(x->kernel, 4, n32);
        WL_ARG(x->kernel, 5, k32);
        size_t global[2] = {n, x->rows}, local[2] = {TILE, TILE};
        cl_command_queue queue = all->queues[d];
        TA_CHECK(clEnqueueNDRangeKernel(queue, x->kernel, 2, NULL, global, local, 0, NULL,
                                        &x->event));
        TA_CHECK(clFlush(queue));
    }
    for (cl_uint d = 0; d < all->count; d++) {
        struct block *x = &blocks[d];
        if (x->rows == 0)
            continue;
        TA_CHECK(clWaitForEvents(1, &x->event));
        wl_read(all->queues[d], x->c, x->rows * n * sizeof *c, c + x->first * n);
        char label[64];
        snprintf(label, sizeof label, "matmul[device %u, %zu rows]", d, x->rows);
        ta_report_time(all->count > 1 ? label : "matmul", ta_event_ns(x->event));
        TA_CHECK(clReleaseEvent(x->event));
        TA_CHECK(clReleaseKernel(x->kernel));
        TA_CHECK(clReleaseMemObject(x->a));
        TA_CHECK(clReleaseMemObject(x->b));
        TA_CHECK(clReleaseMemObject(x->c));
    }
    free(blocks);
}

int main(int argc, char **argv)
{
    unsigned long m = 256, n = 256, k = 256, all_devices = 0;
    const struct wl_option options[] = {
        {"-m", "rows of A and C (multiple of 16)", &m, 0},
        {"-n", "columns of B and C (multiple of 16)", &n, 0},
        {"-k", "columns of A, rows of B (multiple of 16)", &k, 0},
        {"--all-devices", "split the rows of C over all devices of the platform", &all_devices,
         1},
        {"--locality", "place rows of A and C by GPU (unified device of N GPUs)", &locality, 0},
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

    if (all_devices) {
        struct wl_devices all;
        wl_open_devices(&all, 1, "matmul.cl", NULL);
        multiply(&all, a, b, c, m, n, k);
        wl_close_devices(&all);
    } else {
        struct wl_device dev;
        wl_open(&dev, "matmul.cl", NULL);
        struct wl_devices one = {1, &dev.device, dev.context, &dev.queue, dev.program};
        multiply(&one, a, b, c, m, n, k);
        wl_close(&dev);
    }
    wl_check_float("C = A * B", c, want, bound, m * n);
    free(a);
    free(b);
    free(c);
    free(want);
    free(bound);
    return ta_finish();
}
