/*
 * MGPUSim's Needleman-Wunsch (benchmarks/rodinia/nw): sequences of -n bases
 * (default 64, MGPUSim's -length; a multiple of the 64-wide tile), penalty 10.
 * As in benchmark.go: with Go's unseeded global generator, the first column
 * then the first row of the (n+1) x (n+1) score matrix get rand.Int() % 10 + 1,
 * the reference is blosum62[first column][first row], then the first row and
 * column become -i * 10; buffers input, output (never read), reference.
 * Launches: nw_kernel1 for blk = 1 .. n/64 (blk tiles of 64 x 64 on an
 * anti-diagonal, blk work-groups of 64), then nw_kernel2 for blk = 1 .. n/64
 * too (Rodinia counts blk down for kernel 2; MGPUSim counts up, so its
 * lower-right tiles are scored before the tiles they depend on); arguments
 * reference, input, output, local (65 * 65 ints), local (64 * 64 ints),
 * cols, penalty, blk, block_size 64, block_width n/64, worksize n, offsets 0.
 *
 * Verification: the score matrix exactly against the same launches on the
 * CPU, tile by tile from the matrix as it was before each launch (the tiles
 * of a launch do not read each other's cells). MGPUSim's own check is empty.
 */
#include "mgpusim.h"

#define BLOCK 64
#define PENALTY 10

/* benchmark.go's blosum62 table. */
static const int32_t blosum62[24][24] = {
    {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4},
    {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4},
    {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4},
    {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4},
    {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4},
    {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4},
    {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4},
    {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4},
    {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4},
    {-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4},
    {-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4},
    {-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4},
    {-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4},
    {1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4},
    {0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4},
    {-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4},
    {-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4},
    {0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4},
    {-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4},
    {-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1},
};

static int32_t max3(int32_t a, int32_t b, int32_t c)
{
    int32_t k = a <= b ? b : a;
    return k <= c ? c : k;
}

/* One launch of nw_kernel1 (second = 0) or nw_kernel2 on the CPU. */
static void cpu_launch(int32_t *score, const int32_t *ref, size_t cols, size_t blk,
                       size_t width, int second)
{
    for (size_t bx = 0; bx < blk; bx++) {
        size_t tx = second ? bx + width - blk : bx, ty = second ? width - bx - 1 : blk - 1 - bx;
        size_t r0 = ty * BLOCK, c0 = tx * BLOCK;
        for (size_t i = 1; i <= BLOCK; i++)
            for (size_t j = 1; j <= BLOCK; j++) {
                int32_t *s = score + (r0 + i) * cols + c0 + j;
                *s = max3(s[-(long)cols - 1] + ref[(r0 + i) * cols + c0 + j], s[-1] - PENALTY,
                          s[-(long)cols] - PENALTY);
            }
    }
}

int main(int argc, char **argv)
{
    unsigned long length = 64;
    struct wl_option options[] = {
        {"-n", "bases, a multiple of 64 (MGPUSim's -length)", &length, 0}};
    wl_init(argc, argv, options, 1);
    wl_require(length > 0 && length % BLOCK == 0 && length <= 16384,
               "-n must be a multiple of 64, at most 16384");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/rodinia/nw/kernels.hsaco");
    size_t cols = length + 1, n = cols * cols, bytes = n * 4, width = length / BLOCK;
    int32_t *score = calloc(n, 4), *ref = malloc(bytes), *got = malloc(bytes);
    for (size_t i = 0; i < cols; i++)
        score[i * cols] = (int32_t)(mg_rand_int() % 10 + 1);
    for (size_t i = 0; i < cols; i++)
        score[i] = (int32_t)(mg_rand_int() % 10 + 1);
    for (size_t i = 0; i < cols; i++)
        for (size_t j = 0; j < cols; j++)
            ref[i * cols + j] = blosum62[score[i * cols]][score[j]];
    score[0] = 0;
    for (size_t i = 1; i < cols; i++)
        score[i * cols] = score[i] = -(int32_t)i * PENALTY;

    cl_mem d_input = mg_buffer(&dev, bytes, score);
    cl_mem d_output = mg_buffer(&dev, bytes, NULL);
    cl_mem d_ref = mg_buffer(&dev, bytes, ref);
    const char *names[2] = {"nw_kernel1", "nw_kernel2"};
    for (int second = 0; second < 2; second++) {
        cl_kernel kernel = wl_kernel(dev.program, names[second]);
        cl_int c = (cl_int)cols, penalty = PENALTY, block = BLOCK, w = (cl_int)width;
        cl_int work = (cl_int)length, zero = 0;
        WL_ARG(kernel, 0, d_ref);
        WL_ARG(kernel, 1, d_input);
        WL_ARG(kernel, 2, d_output);
        mg_local_arg(kernel, 3, (BLOCK + 1) * (BLOCK + 1) * 4);
        mg_local_arg(kernel, 4, BLOCK * BLOCK * 4);
        WL_ARG(kernel, 5, c);
        WL_ARG(kernel, 6, penalty);
        WL_ARG(kernel, 8, block);
        WL_ARG(kernel, 9, w);
        WL_ARG(kernel, 10, work);
        WL_ARG(kernel, 11, zero);
        WL_ARG(kernel, 12, zero);
        for (cl_int blk = 1; blk <= w; blk++) {
            WL_ARG(kernel, 7, blk);
            size_t global = BLOCK * (size_t)blk, local = BLOCK;
            mg_run(&dev, kernel, names[second], 1, &global, &local);
            cpu_launch(score, ref, cols, (size_t)blk, width, second);
        }
        TA_CHECK(clReleaseKernel(kernel));
    }
    wl_read(dev.queue, d_input, bytes, got);
    wl_check_u32("scores", (const uint32_t *)got, (const uint32_t *)score, n);

    TA_CHECK(clReleaseMemObject(d_input));
    TA_CHECK(clReleaseMemObject(d_output));
    TA_CHECK(clReleaseMemObject(d_ref));
    wl_close(&dev);
    free(score);
    free(ref);
    free(got);
    return ta_finish();
}
