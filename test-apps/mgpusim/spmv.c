/*
 * MGPUSim's sparse matrix-vector product (benchmarks/shoc/spmv with
 * benchmarks/matrix/csr): one launch of spmv_csr_scalar_kernel, one work-item
 * per row of a -d x -d CSR matrix (default 128, MGPUSim's -dim) holding
 * int(d * d * s) non-zeros, s = -s / 1e6 (10,000: MGPUSim's -sparsity 0.01),
 * in work-groups of 128. As MGPUSim's host, from Go's unseeded global
 * generator: each non-zero at an unoccupied (x = uint32(rand.Int()) % d,
 * y = likewise) with value rand.Float32(); the values of each column divided
 * by their float sum; rows listed in insertion order, then sorted by column;
 * then the vector, rand.Float32() * 10. Buffers val, vec, cols, row
 * delimiters, out (zeroed, copied in); arguments val, vec, cols,
 * rowDelimiters, dim, out.
 *
 * Verification: every output against the row's dot product in double,
 * within the float dot-product bound.
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long dim = 128, ppm = 10000;
    struct wl_option options[] = {
        {"-d", "rows and columns (MGPUSim's -dim)", &dim, 0},
        {"-s", "non-zeros per million elements (MGPUSim's -sparsity times 1e6)", &ppm, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(dim > 0 && dim % 128 == 0 && dim <= 65536 && ppm <= 1000000,
               "-d must be a multiple of 128, at most 65536; -s at most 1e6");
    size_t nnz = (size_t)((double)dim * (double)dim * ((double)ppm / 1e6));
    wl_require(nnz > 0 && nnz <= (1UL << 26), "the matrix needs 1 to 2^26 non-zeros");
    printf("non-zeros: %zu\n", nnz);

    struct wl_device dev;
    mg_open(&dev, "benchmarks/shoc/spmv/spmv.hsaco");
    /* csr.MatrixGenerator: connections in drawing order. */
    uint32_t *xs = malloc(nnz * sizeof *xs), *ys = malloc(nnz * sizeof *ys);
    float *values = malloc(nnz * sizeof *values);
    uint8_t *occupied = calloc((dim * dim + 7) / 8, 1);
    for (size_t i = 0; i < nnz; i++) {
        uint32_t x, y;
        for (;;) {
            x = (uint32_t)mg_rand_int() % (uint32_t)dim;
            y = (uint32_t)mg_rand_int() % (uint32_t)dim;
            size_t bit = (size_t)y * dim + x;
            if (!(occupied[bit / 8] & (1u << (bit % 8)))) {
                occupied[bit / 8] |= (uint8_t)(1u << (bit % 8));
                break;
            }
        }
        xs[i] = x;
        ys[i] = y;
        values[i] = mg_rand_float32();
    }
    /* normalize: each column (x) divided by its float sum in insertion order. */
    float *colsum = calloc(dim, sizeof *colsum);
    for (size_t i = 0; i < nnz; i++)
        colsum[xs[i]] += values[i];
    for (size_t i = 0; i < nnz; i++)
        if (colsum[xs[i]] != 0.0f)
            values[i] /= colsum[xs[i]];
    /* outputCSRFormat: rows (y) in insertion order, each sorted by column. */
    uint32_t *row_offsets = calloc(dim + 1, sizeof *row_offsets);
    uint32_t *cols = malloc(nnz * sizeof *cols), *fill = calloc(dim, sizeof *fill);
    float *val = malloc(nnz * sizeof *val);
    for (size_t i = 0; i < nnz; i++)
        row_offsets[ys[i] + 1]++;
    for (size_t r = 0; r < dim; r++)
        row_offsets[r + 1] += row_offsets[r];
    for (size_t i = 0; i < nnz; i++) {
        size_t at = row_offsets[ys[i]] + fill[ys[i]]++;
        cols[at] = xs[i];
        val[at] = values[i];
    }
    for (size_t r = 0; r < dim; r++)
        for (size_t i = row_offsets[r]; i < row_offsets[r + 1]; i++)
            for (size_t j = i + 1; j < row_offsets[r + 1]; j++)
                if (cols[i] > cols[j]) {
                    uint32_t c = cols[i];
                    float v = val[i];
                    cols[i] = cols[j], val[i] = val[j];
                    cols[j] = c, val[j] = v;
                }
    float *vec = malloc(dim * sizeof *vec), *out = calloc(dim, sizeof *out);
    for (size_t j = 0; j < dim; j++)
        vec[j] = mg_rand_float32() * 10.0f;

    cl_mem d_val = mg_buffer(&dev, nnz * 4, val);
    cl_mem d_vec = mg_buffer(&dev, dim * 4, vec);
    cl_mem d_cols = mg_buffer(&dev, nnz * 4, cols);
    cl_mem d_rows = mg_buffer(&dev, (dim + 1) * 4, row_offsets);
    cl_mem d_out = mg_buffer(&dev, dim * 4, out);
    cl_kernel kernel = wl_kernel(dev.program, "spmv_csr_scalar_kernel");
    cl_int d = (cl_int)dim;
    WL_ARG(kernel, 0, d_val);
    WL_ARG(kernel, 1, d_vec);
    WL_ARG(kernel, 2, d_cols);
    WL_ARG(kernel, 3, d_rows);
    WL_ARG(kernel, 4, d);
    WL_ARG(kernel, 5, d_out);
    size_t global = dim, local = 128;
    mg_run(&dev, kernel, "spmv_csr_scalar_kernel", 1, &global, &local);
    wl_read(dev.queue, d_out, dim * 4, out);

    double *want = malloc(dim * sizeof *want), *bound = malloc(dim * sizeof *bound);
    for (size_t r = 0; r < dim; r++) {
        struct wl_dot dot = {0};
        for (size_t i = row_offsets[r]; i < row_offsets[r + 1]; i++)
            wl_dot_add(&dot, val[i], vec[cols[i]]);
        want[r] = dot.sum;
        bound[r] = wl_dot_bound(&dot);
    }
    wl_check_float("out", out, want, bound, dim);

    TA_CHECK(clReleaseKernel(kernel));
    cl_mem buffers[] = {d_val, d_vec, d_cols, d_rows, d_out};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    void *blocks[] = {xs, ys, values, occupied, colsum, row_offsets, cols, fill, val, vec, out,
                      want, bound};
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        free(blocks[i]);
    return ta_finish();
}
