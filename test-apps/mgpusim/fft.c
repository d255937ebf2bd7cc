/*
 * MGPUSim's FFT (benchmarks/shoc/fft): -p launches (default 2, MGPUSim's
 * -passes) of fft1D_512, each an in-place 512-point FFT of every 512-complex
 * block of -m MiB of float2 (8, -MB), 64 work-items per block. As in fft.go:
 * after rand.Seed(1), each complex of the first half gets re and im =
 * rand.Float32() * 2 - 1 and the second half is a copy of the first; one
 * buffer; arguments work and 8 * 8 * 9 * 8 bytes of local memory. MGPUSim's
 * own check only compares the two halves of its host-side input.
 *
 * Verification: every element against the same FFTs in double precision
 * (natural order), within a float rounding bound: per pass, 16 * 9 *
 * FLT_EPSILON times the block's input 1-norm, plus the input's bound times
 * 512 (the DFT's gain on an error).
 */
#include "mgpusim.h"

#include <float.h>
#include <math.h>

#define N 512

/* In-place radix-2 FFT of one block (re, im) in double. */
static void fft512(double *re, double *im)
{
    for (size_t i = 1, j = 0; i < N; i++) {
        size_t bit = N >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i];
            re[i] = re[j], re[j] = t;
            t = im[i];
            im[i] = im[j], im[j] = t;
        }
    }
    for (size_t len = 2; len <= N; len <<= 1)
        for (size_t i = 0; i < N; i += len)
            for (size_t k = 0; k < len / 2; k++) {
                double phi = -2 * M_PI * (double)k / (double)len, c = cos(phi), s = sin(phi);
                size_t u = i + k, v = u + len / 2;
                double xr = re[v] * c - im[v] * s, xi = re[v] * s + im[v] * c;
                re[v] = re[u] - xr, im[v] = im[u] - xi;
                re[u] += xr, im[u] += xi;
            }
}

int main(int argc, char **argv)
{
    unsigned long mib = 8, passes = 2;
    struct wl_option options[] = {
        {"-m", "MiB of float2 data (MGPUSim's -MB)", &mib, 0},
        {"-p", "passes, one launch each (MGPUSim's -passes)", &passes, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(mib > 0 && mib <= 1024, "-m must be in 1..1024");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/shoc/fft/fft.hsaco");
    size_t half_ffts = mib * 1024 * 1024 / (N * 4 * 2 * 2), ffts = 2 * half_ffts;
    size_t half = half_ffts * N, n = 2 * half, bytes = n * 2 * sizeof(float);
    float *data = malloc(bytes), *got = malloc(bytes);
    mg_rand_seed(1);
    for (size_t i = 0; i < half; i++) {
        float re = mg_rand_float32() * 2 - 1;
        float im = mg_rand_float32() * 2 - 1;
        data[2 * i] = data[2 * (half + i)] = re;
        data[2 * i + 1] = data[2 * (half + i) + 1] = im;
    }

    cl_mem d_work = mg_buffer(&dev, bytes, data);
    cl_kernel kernel = wl_kernel(dev.program, "fft1D_512");
    WL_ARG(kernel, 0, d_work);
    mg_local_arg(kernel, 1, 8 * 8 * 9 * 8);
    size_t global = 64 * ffts, local = 64;
    for (size_t k = 0; k < passes; k++)
        mg_run(&dev, kernel, "fft1D_512", 1, &global, &local);
    wl_read(dev.queue, d_work, bytes, got);

    double *want = malloc(2 * n * sizeof *want), *bound = malloc(2 * n * sizeof *bound);
    double re[N], im[N];
    for (size_t b = 0; b < ffts; b++) {
        double err = 0;
        for (size_t i = 0; i < N; i++)
            re[i] = data[2 * (b * N + i)], im[i] = data[2 * (b * N + i) + 1];
        for (size_t k = 0; k < passes; k++) {
            double norm = 0;
            for (size_t i = 0; i < N; i++)
                norm += fabs(re[i]) + fabs(im[i]);
            fft512(re, im);
            err = 16 * 9 * FLT_EPSILON * norm + N * err;
        }
        for (size_t i = 0; i < N; i++) {
            want[2 * (b * N + i)] = re[i], want[2 * (b * N + i) + 1] = im[i];
            bound[2 * (b * N + i)] = bound[2 * (b * N + i) + 1] = err;
        }
    }
    wl_check_float("transformed blocks", got, want, bound, 2 * n);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_work));
    wl_close(&dev);
    free(data);
    free(got);
    free(want);
    free(bound);
    return ta_finish();
}
