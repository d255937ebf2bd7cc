/*
 * sobel: Sobel edge detection on a width x height RGBA UNORM_INT8 image of
 * random pixels (images and an in-kernel sampler: clamp to edge, nearest),
 * on 16 x 16 work-groups; the result is an RGBA UNORM_INT8 image read back
 * with clEnqueueReadImage.
 *
 * Verification: every channel of every pixel against a double-precision host
 * Sobel of the same pixels (gradient magnitude / 8, clamped to [0, 1], times
 * 255), within 1 (the float arithmetic may round the other way).
 */
#include "workload.h"

#include <math.h>

int main(int argc, char **argv)
{
    unsigned long width = 256, height = 192;
    const struct wl_option options[] = {
        {"-x", "image width (at most 16384)", &width, 0},
        {"-y", "image height (at most 16384)", &height, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(width > 0 && height > 0 && width <= 16384 && height <= 16384,
               "-x and -y must be in 1..16384");

    size_t n = width * height * 4;
    unsigned char *in = malloc(n), *out = malloc(n);
    struct wl_rng rng;
    wl_seed(&rng, 11);
    for (size_t i = 0; i < n; i++)
        in[i] = (unsigned char)(wl_rand_float(&rng, 0.0f, 1.0f) * 256.0f);

    struct wl_device dev;
    wl_open(&dev, "sobel.cl", NULL);
    cl_bool images = CL_FALSE;
    TA_CHECK(clGetDeviceInfo(dev.device, CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images, NULL));
    wl_require(images == CL_TRUE, "the device has no image support");
    cl_kernel kernel = wl_kernel(dev.program, "sobel");
    cl_image_format format = {CL_RGBA, CL_UNORM_INT8};
    cl_image_desc desc = {0};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = width;
    desc.image_height = height;
    cl_int err;
    cl_mem din = clCreateImage(dev.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format,
                               &desc, in, &err);
    TA_CHECK(err);
    cl_mem dout = clCreateImage(dev.context, CL_MEM_WRITE_ONLY, &format, &desc, NULL, &err);
    TA_CHECK(err);
    WL_ARG(kernel, 0, din);
    WL_ARG(kernel, 1, dout);
    size_t local[2] = {16, 16};
    size_t global[2] = {wl_round_up(width, local[0]), wl_round_up(height, local[1])};
    ta_report_time("sobel", wl_run(dev.queue, kernel, 2, global, local));
    size_t origin[3] = {0, 0, 0}, region[3] = {width, height, 1};
    TA_CHECK(clEnqueueReadImage(dev.queue, dout, CL_TRUE, origin, region, 0, 0, out, 0, NULL,
                                NULL));

    size_t bad = 0;
    for (long y = 0; y < (long)height; y++) {
        for (long x = 0; x < (long)width; x++) {
            for (int c = 0; c < 4; c++) {
                double p[3][3];
                for (int j = -1; j <= 1; j++) {
                    for (int i = -1; i <= 1; i++) {
                        long yy = y + j < 0 ? 0 : y + j >= (long)height ? (long)height - 1 : y + j;
                        long xx = x + i < 0 ? 0 : x + i >= (long)width ? (long)width - 1 : x + i;
                        p[j + 1][i + 1] = in[(yy * width + xx) * 4 + c] / 255.0;
                    }
                }
                double gx = (p[0][2] + 2 * p[1][2] + p[2][2]) - (p[0][0] + 2 * p[1][0] + p[2][0]);
                double gy = (p[2][0] + 2 * p[2][1] + p[2][2]) - (p[0][0] + 2 * p[0][1] + p[0][2]);
                double v = sqrt(gx * gx + gy * gy) / 8.0;
                double want = (v > 1.0 ? 1.0 : v) * 255.0;
                int got = out[(y * width + x) * 4 + c];
                if (fabs(got - want) > 1.0 && bad++ < 5)
                    printf("pixel (%ld, %ld) channel %d: got %d, want %.3f\n", x, y, c, got, want);
            }
        }
    }
    ta_check(bad == 0, "sobel: %zu of %zu channels differ from the host reference by more than 1",
             bad, n);

    TA_CHECK(clReleaseMemObject(din));
    TA_CHECK(clReleaseMemObject(dout));
    TA_CHECK(clReleaseKernel(kernel));
    wl_close(&dev);
    free(in);
    free(out);
    return ta_finish();
}
