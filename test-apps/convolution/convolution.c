/*
 * convolution: a width x height image of random floats in [0, 1) convolved
 * with a random mask_width x mask_width mask in [-1, 1) (zero padding at the
 * borders), on 16 x 16 work-groups.
 *
 * Verification: every output pixel against a double-precision host
 * convolution, within the float dot-product bound of wl_dot_bound:
 * |out - exact| <= t * FLT_EPSILON * sum |mask * in| for the t terms inside
 * the image.
 */
#include "workload.h"

int main(int argc, char **argv)
{
    unsigned long width = 256, height = 256, mask_width = 5;
    const struct wl_option options[] = {
        {"-x", "image width", &width, 0},
        {"-y", "image height", &height, 0},
        {"-k", "mask width (odd, at most 31)", &mask_width, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(width > 0 && height > 0 && width * height <= INT32_MAX,
               "-x and -y must be positive (and the image below 2^31 pixels)");
    wl_require(mask_width % 2 == 1 && mask_width <= 31, "-k must be odd and at most 31");

    size_t n = width * height, taps = mask_width * mask_width;
    float *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
    float *mask = malloc(taps * sizeof *mask);
    double *want = malloc(n * sizeof *want), *bound = malloc(n * sizeof *bound);
    struct wl_rng rng;
    wl_seed(&rng, 5);
    for (size_t i = 0; i < n; i++)
        in[i] = wl_rand_float(&rng, 0.0f, 1.0f);
    for (size_t i = 0; i < taps; i++)
        mask[i] = wl_rand_float(&rng, -1.0f, 1.0f);
    long r = (long)mask_width / 2;
    for (long y = 0; y < (long)height; y++) {
        for (long x = 0; x < (long)width; x++) {
            struct wl_dot dot = {0};
            for (long j = 0; j < (long)mask_width; j++) {
                for (long i = 0; i < (long)mask_width; i++) {
                    long yy = y + j - r, xx = x + i - r;
                    if (yy >= 0 && yy < (long)height && xx >= 0 && xx < (long)width)
                        wl_dot_add(&dot, mask[j * mask_width + i], in[yy * width + xx]);
                }
            }
            want[y * width + x] = dot.sum;
            bound[y * width + x] = wl_dot_bound(&dot);
        }
    }

    struct wl_device dev;
    wl_open(&dev, "convolution.cl", NULL);
    cl_kernel kernel = wl_kernel(dev.program, "convolve");
    cl_mem din = wl_buffer(dev.context, CL_MEM_READ_ONLY, n * sizeof *in, in);
    cl_mem dmask = wl_buffer(dev.context, CL_MEM_READ_ONLY, taps * sizeof *mask, mask);
    cl_mem dout = wl_buffer(dev.context, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL);
    cl_uint w32 = (cl_uint)width, h32 = (cl_uint)height, k32 = (cl_uint)mask_width;
    WL_ARG(kernel, 0, din);
    WL_ARG(kernel, 1, dmask);
    WL_ARG(kernel, 2, dout);
    WL_ARG(kernel, 3, w32);
    WL_ARG(kernel, 4, h32);
    WL_ARG(kernel, 5, k32);
    size_t local[2] = {16, 16};
    size_t global[2] = {wl_round_up(width, local[0]), wl_round_up(height, local[1])};
    ta_report_time("convolve", wl_run(dev.queue, kernel, 2, global, local));
    wl_read(dev.queue, dout, n * sizeof *out, out);
    wl_check_float("out = in (*) mask", out, want, bound, n);

    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dmask));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(in);
    free(out);
    free(mask);
    free(want);
    free(bound);
    return ta_finish();
}
