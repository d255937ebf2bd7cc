/*
 * imagediff: OpenCL images on gcnsim against PoCL (the reference), both
 * platforms in one process (OCL_ICD_VENDORS names a folder with both .icd files).
 *
 * The cases are data, the tables below: every format of FORMATS (each one both
 * platforms support) is read with integer coordinates (read_image{f,i,ui}),
 * sampled through every sampler of SAMPLERS that OpenCL allows for it (at
 * coordinates inside, on the edges of and outside the image), written by a
 * kernel (write_image{f,i,ui}, including values to saturate), read and
 * written as a read_write image (OpenCL C 2.0; float formats), queried
 * (get_image_*), filled, copied to another image and to a buffer, mapped; and 1D, 1D
 * array, 2D array and 3D images of the formats of SHAPE_FORMATS are sampled and
 * written; 3D images of every format of FORMATS are written (write_image{f,i,ui},
 * cl_khr_3d_image_writes). Every format of FORMATS is also used for 1D image
 * buffers (read, queried, read back, written: compared in the buffer's bytes) and
 * 2D images created from a buffer with padded rows (read, sampled, written; PoCL
 * does not claim cl_khr_image2d_from_buffer, so its side uses an ordinary 2D
 * image of the same elements). Results are compared exactly, except float reads within 1e-6
 * (normalised conversions), linear filtering within 1/128 of the texel range
 * (the hardware's 8-bit weights against PoCL's float weights), and fills within
 * one unit of each channel (PoCL's fill truncates, kernel writes round to
 * nearest even; the spec names no rounding for fills).
 *
 * Where PoCL contradicts the specification gcnsim is checked against the spec:
 * the alpha of R formats must read 1 (OpenCL 1.2 §8.3, also for the border
 * colour of CL_ADDRESS_CLAMP; PoCL reads 0 for integer formats and at the
 * border), and arrays sampled with normalised coordinates are compared on
 * layer 0 only (PoCL scales the layer by the layer count). R HALF_FLOAT is not in the table: PoCL reads
 * and writes it wrongly (234 for every texel, zeros written).
 *
 * Output: one line per failing case with its first mismatches, then
 * "N passed, M failed" and PASSED/FAILED; exit status 1 on any failure.
 */
#include "testapp.h"

#include <CL/cl_ext.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Formats of the 2D cases. */
static const cl_image_format FORMATS[] = {
    {CL_RGBA, CL_UNORM_INT8},     {CL_RGBA, CL_UNORM_INT16},    {CL_RGBA, CL_SNORM_INT8},
    {CL_RGBA, CL_SNORM_INT16},    {CL_RGBA, CL_SIGNED_INT8},    {CL_RGBA, CL_SIGNED_INT16},
    {CL_RGBA, CL_SIGNED_INT32},   {CL_RGBA, CL_UNSIGNED_INT8},  {CL_RGBA, CL_UNSIGNED_INT16},
    {CL_RGBA, CL_UNSIGNED_INT32}, {CL_RGBA, CL_HALF_FLOAT},     {CL_RGBA, CL_FLOAT},
    {CL_BGRA, CL_UNORM_INT8},     {CL_R, CL_UNORM_INT8},        {CL_R, CL_FLOAT},
    {CL_R, CL_SIGNED_INT16},      {CL_R, CL_UNSIGNED_INT32},
};

/* Samplers: normalised coordinates, addressing, filter. */
static const struct {
    cl_bool normalized;
    cl_addressing_mode addressing;
    cl_filter_mode filter;
} SAMPLERS[] = {
    {CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST},
    {CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST},
    {CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR},
    {CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR},
    {CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST},
    {CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST},
    {CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST},
    {CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST},
    {CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR},
    {CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR},
    {CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR},
    {CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_LINEAR},
};

/* Formats of the 1D, 1D array, 2D array and 3D cases. */
static const cl_image_format SHAPE_FORMATS[] = {{CL_RGBA, CL_FLOAT}, {CL_RGBA, CL_UNORM_INT8}};

/* Image size of the 2D cases (odd, so that no coordinate lands on a texel edge). */
enum { W = 7, H = 5, D = 3, SAMPLES = 160 };

struct side {
    const char *label;
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    cl_program program;
};

static struct side sides[2];

static void open_side(struct side *s, const char *label, const char *want, const char *source)
{
    cl_platform_id platform = ta_platform_named(want);
    if (!platform) {
        printf("no OpenCL platform named '%s'\nFAILED\n", want);
        exit(1);
    }
    cl_int err;
    s->label = label;
    TA_CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &s->device, NULL));
    s->context = clCreateContext(NULL, 1, &s->device, NULL, NULL, &err);
    TA_CHECK(err);
    s->queue = clCreateCommandQueue(s->context, s->device, 0, &err);
    TA_CHECK(err);
    s->program = clCreateProgramWithSource(s->context, 1, &source, NULL, &err);
    TA_CHECK(err);
    err = clBuildProgram(s->program, 1, &s->device, "-cl-std=CL2.0", NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[16384] = "";
        clGetProgramBuildInfo(s->program, s->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("%s: build failed (%s)\n%s\nFAILED\n", label, ta_error_name(err), log);
        exit(1);
    }
}

/* Whether a side lists the format for read-write images of `type`. */
static int supports(struct side *s, cl_mem_object_type type, cl_image_format f)
{
    cl_uint n = 0;
    cl_image_format list[256];
    TA_CHECK(clGetSupportedImageFormats(s->context, CL_MEM_READ_WRITE, type, 256, list, &n));
    for (cl_uint i = 0; i < n && i < 256; i++)
        if (list[i].image_channel_order == f.image_channel_order &&
            list[i].image_channel_data_type == f.image_channel_data_type)
            return 1;
    return 0;
}

/* What read_image* returns for a channel type: 'f' float, 'i' int, 'u' uint. */
static char kind_of(cl_channel_type t)
{
    switch (t) {
    case CL_SIGNED_INT8: case CL_SIGNED_INT16: case CL_SIGNED_INT32: return 'i';
    case CL_UNSIGNED_INT8: case CL_UNSIGNED_INT16: case CL_UNSIGNED_INT32: return 'u';
    default: return 'f';
    }
}

static size_t channels(cl_channel_order o) { return o == CL_R ? 1 : o == CL_RG ? 2 : 4; }

static size_t channel_bytes(cl_channel_type t)
{
    switch (t) {
    case CL_SNORM_INT8: case CL_UNORM_INT8: case CL_SIGNED_INT8: case CL_UNSIGNED_INT8: return 1;
    case CL_SIGNED_INT32: case CL_UNSIGNED_INT32: case CL_FLOAT: return 4;
    default: return 2;
    }
}

static uint32_t rng_state = 12345;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static float rnd_float(float lo, float hi) { return lo + (hi - lo) * (rnd() >> 8) / 16777216.0f; }

/* Random image contents: any bits for integer and normalised types, finite values in
 * [-4, 4] for float and half ones. */
static void fill_texels(unsigned char *bytes, size_t n, cl_channel_type t)
{
    if (t == CL_FLOAT) {
        for (size_t i = 0; i < n / 4; i++) {
            float v = rnd_float(-4.0f, 4.0f);
            memcpy(bytes + 4 * i, &v, 4);
        }
    } else if (t == CL_HALF_FLOAT) {
        for (size_t i = 0; i < n / 2; i++) {
            /* sign, exponent 12..16 (0.125 .. 4), any mantissa */
            uint16_t h = (uint16_t)((rnd() & 0x8000) | ((12 + rnd() % 5) << 10) | (rnd() & 0x3ff));
            memcpy(bytes + 2 * i, &h, 2);
        }
    } else {
        for (size_t i = 0; i < n; i++)
            bytes[i] = (unsigned char)rnd();
    }
}

/* clCreateImage on side s: `desc` of format f, read-write, from `data` if given. */
static cl_mem create_image(struct side *s, const cl_image_desc *desc, cl_image_format f,
                           const void *data)
{
    cl_int err;
    cl_mem m = clCreateImage(s->context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0), &f,
                             desc, (void *)data, &err);
    TA_CHECK(err);
    return m;
}

static cl_mem make_image(struct side *s, cl_mem_object_type type, cl_image_format f, size_t w,
                         size_t h, size_t d, const void *data)
{
    cl_image_desc desc = {.image_type = type, .image_width = w, .image_height = h,
                          .image_depth = d, .image_array_size = d};
    return create_image(s, &desc, f, data);
}

static cl_mem make_buffer(struct side *s, size_t bytes, const void *data)
{
    cl_int err;
    cl_mem m = clCreateBuffer(s->context, CL_MEM_READ_WRITE | (data ? CL_MEM_COPY_HOST_PTR : 0),
                              bytes, (void *)data, &err);
    TA_CHECK(err);
    return m;
}

/* Runs kernel `name` of side s with arguments (args[i] of sizes[i]) over `global`. */
static void run(struct side *s, const char *name, int nargs, const void **args,
                const size_t *sizes, cl_uint dims, const size_t *global)
{
    cl_int err;
    cl_kernel k = clCreateKernel(s->program, name, &err);
    TA_CHECK(err);
    for (int i = 0; i < nargs; i++)
        TA_CHECK(clSetKernelArg(k, (cl_uint)i, sizes[i], args[i]));
    TA_CHECK(clEnqueueNDRangeKernel(s->queue, k, dims, NULL, global, NULL, 0, NULL, NULL));
    TA_CHECK(clFinish(s->queue));
    TA_CHECK(clReleaseKernel(k));
}

static void read_buffer(struct side *s, cl_mem m, size_t bytes, void *out)
{
    TA_CHECK(clEnqueueReadBuffer(s->queue, m, CL_TRUE, 0, bytes, out, 0, NULL, NULL));
}

static void read_image(struct side *s, cl_mem m, const size_t *region, void *out)
{
    size_t origin[3] = {0, 0, 0};
    TA_CHECK(clEnqueueReadImage(s->queue, m, CL_TRUE, origin, region, 0, 0, out, 0, NULL, NULL));
}

/* Runs kernel `kname` (arguments: a new w × h × d image of `type` and format f, and a
 * buffer of `values`) over the first `dims` entries of `region`, then reads `region` of
 * the image into `out`. */
static void write_by_kernel(struct side *s, const char *kname, cl_mem_object_type type,
                            cl_image_format f, size_t w, size_t h, size_t d,
                            const void *values, size_t values_bytes, cl_uint dims,
                            const size_t *region, void *out)
{
    cl_mem img = make_image(s, type, f, w, h, d, NULL);
    cl_mem in = make_buffer(s, values_bytes, values);
    const void *args[] = {&img, &in};
    size_t sizes[] = {sizeof(cl_mem), sizeof(cl_mem)};
    run(s, kname, 2, args, sizes, dims, region);
    read_image(s, img, region, out);
    TA_CHECK(clReleaseMemObject(img));
    TA_CHECK(clReleaseMemObject(in));
}

/* Compares n 32-bit values: exactly for 'i'/'u', within tol (absolute, and relative
 * above 1) for 'f'. Prints the first mismatches under `what`. */
static void compare(const char *what, char kind, const void *a, const void *b, size_t n,
                    double tol, const float *coords, int coord_dims, int alpha_one)
{
    size_t bad = 0;
    float one = 1.0f;
    uint32_t one_bits;
    memcpy(&one_bits, &one, 4);
    for (size_t i = 0; i < n; i++) {
        uint32_t x, y;
        memcpy(&x, (const char *)a + 4 * i, 4);
        memcpy(&y, (const char *)b + 4 * i, 4);
        /* The spec's alpha of a format without alpha, not PoCL's. */
        if (alpha_one && i % 4 == 3)
            y = kind == 'f' ? one_bits : 1;
        int same;
        if (kind == 'f') {
            float fx, fy;
            memcpy(&fx, &x, 4);
            memcpy(&fy, &y, 4);
            double scale = fabs(fy) > 1.0 ? fabs(fy) : 1.0;
            same = x == y || fabs((double)fx - fy) <= tol * scale;
        } else {
            same = x == y;
        }
        if (!same && bad++ < 3) {
            printf("  %s: element %zu channel %zu: gcnsim %#x", what, i / 4, i % 4, x);
            if (kind == 'f') {
                float fx, fy;
                memcpy(&fx, &x, 4);
                memcpy(&fy, &y, 4);
                printf(" (%.9g), pocl %#x (%.9g)", fx, y, fy);
            } else {
                printf(", pocl %#x", y);
            }
            if (coords) {
                printf(" at (");
                for (int c = 0; c < coord_dims; c++)
                    printf("%s%.6g", c ? ", " : "", coords[(i / 4) * coord_dims + c]);
                printf(")");
            }
            printf("\n");
        }
    }
    ta_check(bad == 0, "%s: %zu of %zu values differ", what, bad, n);
}

/* The spread of texel values of a channel type read as floats (fill_texels). */
static double range(cl_channel_type t)
{
    return t == CL_FLOAT || t == CL_HALF_FLOAT ? 8.0 : t == CL_SNORM_INT8 || t == CL_SNORM_INT16 ? 2.0 : 1.0;
}

/* Whether two stored channels of `bytes` bytes differ by at most `units` (as unsigned
 * little-endian integers: one unit of a normalised value, one ulp of a float). */
static int close_channel(const unsigned char *a, const unsigned char *b, size_t bytes, int units)
{
    uint32_t x = 0, y = 0;
    memcpy(&x, a, bytes);
    memcpy(&y, b, bytes);
    return (x > y ? x - y : y - x) <= (uint32_t)units;
}

/* Compares stored bytes channel by channel, within `units`; prints the first differing
 * elements. */
static void compare_bytes(const char *what, const unsigned char *a, const unsigned char *b,
                          size_t n, size_t texel, size_t channel, int units)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i += texel) {
        int same = 1;
        for (size_t c = 0; c < texel; c += channel)
            same &= close_channel(a + i + c, b + i + c, channel, units);
        if (!same && bad++ < 3) {
            printf("  %s: element %zu: gcnsim", what, i / texel);
            for (size_t k = 0; k < texel; k++)
                printf(" %02x", a[i + k]);
            printf(", pocl");
            for (size_t k = 0; k < texel; k++)
                printf(" %02x", b[i + k]);
            printf("\n");
        }
    }
    ta_check(bad == 0, "%s: %zu of %zu elements differ", what, bad, n / texel);
}

/* Coordinates covering the image, its edges and beyond: (-2 .. size + 2) texels,
 * divided by the size when normalised. */
static void make_coords(float *c, int dims, const size_t *size, int normalized)
{
    for (int i = 0; i < SAMPLES; i++) {
        for (int d = 0; d < dims; d++) {
            float span = (float)size[d] + 4.0f;
            float t = -2.0f + span * (float)((i * (d == 0 ? 37 : d == 1 ? 53 : 71) + 11 * d) % SAMPLES)
                                     / SAMPLES + 0.0137f;
            c[i * dims + d] = normalized ? t / (float)size[d] : t;
        }
    }
}

static const char *type_name(cl_channel_type t)
{
    static const char *names[] = {"SNORM_INT8", "SNORM_INT16", "UNORM_INT8", "UNORM_INT16",
                                  "565", "555", "101010", "SIGNED_INT8", "SIGNED_INT16",
                                  "SIGNED_INT32", "UNSIGNED_INT8", "UNSIGNED_INT16",
                                  "UNSIGNED_INT32", "HALF_FLOAT", "FLOAT"};
    return t >= CL_SNORM_INT8 && t <= CL_FLOAT ? names[t - CL_SNORM_INT8] : "?";
}

static const char *order_name(cl_channel_order o)
{
    return o == CL_R ? "R" : o == CL_RG ? "RG" : o == CL_RGBA ? "RGBA" : o == CL_BGRA ? "BGRA" : "?";
}

/* Values a kernel writes: normalised and float values partly out of range (saturated),
 * integers over the whole 32-bit range (saturated to the channel). */
static void make_values(uint32_t *v, size_t n, char kind)
{
    for (size_t i = 0; i < n; i++) {
        if (kind == 'f') {
            float f = rnd_float(-1.3f, 1.3f);
            memcpy(&v[i], &f, 4);
        } else if (i % 3 == 0) {
            v[i] = rnd();
        } else {
            v[i] = rnd() % 300 - (kind == 'i' ? 150 : 0);
        }
    }
}

static void test_format(cl_image_format f)
{
    char kind = kind_of(f.image_channel_data_type);
    int no_alpha = f.image_channel_order == CL_R;
    char label[96];
    size_t bytes = W * H * channels(f.image_channel_order) * channel_bytes(f.image_channel_data_type);
    unsigned char *texels = malloc(bytes);
    fill_texels(texels, bytes, f.image_channel_data_type);
    cl_mem img[2], out[2];
    static uint32_t result[2][SAMPLES * 4];
    size_t global2[2] = {W, H}, size[2] = {W, H};
    char kname[32];
    for (int s = 0; s < 2; s++) {
        img[s] = make_image(&sides[s], CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, texels);
        out[s] = make_buffer(&sides[s], sizeof result[0], NULL);
    }
    /* Integer coordinates, no sampler. */
    snprintf(kname, sizeof kname, "load2d_%s", kind == 'f' ? "f" : kind == 'i' ? "i" : "ui");
    for (int s = 0; s < 2; s++) {
        const void *args[] = {&img[s], &out[s]};
        size_t sizes[] = {sizeof(cl_mem), sizeof(cl_mem)};
        run(&sides[s], kname, 2, args, sizes, 2, global2);
        read_buffer(&sides[s], out[s], W * H * 16, result[s]);
    }
    snprintf(label, sizeof label, "%s %s read (int2)", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    compare(label, kind, result[0], result[1], W * H * 4, 1e-6, NULL, 0, no_alpha);
    /* Samplers. */
    float coords[SAMPLES * 2];
    for (size_t k = 0; k < sizeof SAMPLERS / sizeof SAMPLERS[0]; k++) {
        if (kind != 'f' && SAMPLERS[k].filter == CL_FILTER_LINEAR)
            continue;
        make_coords(coords, 2, size, SAMPLERS[k].normalized);
        snprintf(kname, sizeof kname, "sample2d_%s", kind == 'f' ? "f" : kind == 'i' ? "i" : "ui");
        for (int s = 0; s < 2; s++) {
            cl_int err;
            cl_sampler smp = clCreateSampler(sides[s].context, SAMPLERS[k].normalized,
                                             SAMPLERS[k].addressing, SAMPLERS[k].filter, &err);
            TA_CHECK(err);
            cl_mem c = make_buffer(&sides[s], sizeof coords, coords);
            const void *args[] = {&img[s], &smp, &c, &out[s]};
            size_t sizes[] = {sizeof(cl_mem), sizeof(cl_sampler), sizeof(cl_mem), sizeof(cl_mem)};
            size_t global = SAMPLES;
            run(&sides[s], kname, 4, args, sizes, 1, &global);
            read_buffer(&sides[s], out[s], sizeof result[0], result[s]);
            TA_CHECK(clReleaseMemObject(c));
            TA_CHECK(clReleaseSampler(smp));
        }
        snprintf(label, sizeof label, "%s %s sampler %s/%#x/%s", order_name(f.image_channel_order),
                 type_name(f.image_channel_data_type),
                 SAMPLERS[k].normalized ? "normalized" : "unnormalized", SAMPLERS[k].addressing,
                 SAMPLERS[k].filter == CL_FILTER_LINEAR ? "linear" : "nearest");
        double tol = SAMPLERS[k].filter == CL_FILTER_LINEAR ? range(f.image_channel_data_type) / 128
                                                            : 1e-6;
        compare(label, kind, result[0], result[1], SAMPLES * 4, tol, coords, 2, no_alpha);
    }
    /* Kernel writes. */
    uint32_t values[W * H * 4];
    make_values(values, W * H * 4, kind);
    static unsigned char written[2][W * H * 16];
    size_t region[3] = {W, H, 1};
    snprintf(kname, sizeof kname, "store2d_%s", kind == 'f' ? "f" : kind == 'i' ? "i" : "ui");
    for (int s = 0; s < 2; s++)
        write_by_kernel(&sides[s], kname, CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, values,
                        sizeof values, 2, region, written[s]);
    snprintf(label, sizeof label, "%s %s write", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    size_t cb = channel_bytes(f.image_channel_data_type);
    size_t texel = channels(f.image_channel_order) * cb;
    compare_bytes(label, written[0], written[1], bytes, texel, cb, 0);
    /* A read-write image, read and written by the same work-items. */
    if (kind == 'f') {
        for (int s = 0; s < 2; s++) {
            cl_mem rw = make_image(&sides[s], CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, texels);
            const void *args[] = {&rw};
            size_t sizes[] = {sizeof(cl_mem)};
            run(&sides[s], "rw2d_f", 1, args, sizes, 2, global2);
            read_image(&sides[s], rw, region, written[s]);
            TA_CHECK(clReleaseMemObject(rw));
        }
        snprintf(label, sizeof label, "%s %s read_write image", order_name(f.image_channel_order),
                 type_name(f.image_channel_data_type));
        compare_bytes(label, written[0], written[1], bytes, texel, cb, 0);
    }
    /* Queries. */
    int q[2][8];
    for (int s = 0; s < 2; s++) {
        const void *args[] = {&img[s], &out[s]};
        size_t sizes[] = {sizeof(cl_mem), sizeof(cl_mem)}, one = 1;
        run(&sides[s], "query2d", 2, args, sizes, 1, &one);
        read_buffer(&sides[s], out[s], 6 * sizeof(int), q[s]);
    }
    snprintf(label, sizeof label, "%s %s get_image_*", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    compare(label, 'i', q[0], q[1], 6, 0, NULL, 0, 0);
    /* Fill, copy to an image and to a buffer (host commands). */
    uint32_t color[4];
    make_values(color, 4, kind);
    static unsigned char window[2][4 * 2 * 16];
    for (int s = 0; s < 2; s++) {
        size_t origin[3] = {1, 2, 0}, part[3] = {4, 2, 1}, zero[3] = {0, 0, 0};
        cl_mem copy = make_image(&sides[s], CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, texels);
        cl_mem buf = make_buffer(&sides[s], bytes, NULL);
        TA_CHECK(clEnqueueFillImage(sides[s].queue, copy, color, origin, part, 0, NULL, NULL));
        TA_CHECK(clEnqueueCopyImage(sides[s].queue, img[s], copy, zero, (size_t[]){3, 0, 0},
                                    (size_t[]){4, 2, 1}, 0, NULL, NULL));
        TA_CHECK(clEnqueueCopyImageToBuffer(sides[s].queue, copy, buf, zero, region, 0, 0, NULL,
                                            NULL));
        read_buffer(&sides[s], buf, bytes, written[s]);
        /* A mapped window of the same image: rows at the image's pitch. */
        size_t pitch = 0;
        cl_int err;
        unsigned char *mapped = clEnqueueMapImage(sides[s].queue, copy, CL_TRUE, CL_MAP_READ,
                                                  origin, part, &pitch, NULL, 0, NULL, NULL, &err);
        TA_CHECK(err);
        for (size_t y = 0; y < part[1]; y++)
            memcpy(window[s] + y * part[0] * texel, mapped + y * pitch, part[0] * texel);
        TA_CHECK(clEnqueueUnmapMemObject(sides[s].queue, copy, mapped, 0, NULL, NULL));
        TA_CHECK(clFinish(sides[s].queue));
        TA_CHECK(clReleaseMemObject(copy));
        TA_CHECK(clReleaseMemObject(buf));
    }
    snprintf(label, sizeof label, "%s %s fill/copy", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    compare_bytes(label, written[0], written[1], bytes, texel, cb, kind == 'f' ? 1 : 0);
    snprintf(label, sizeof label, "%s %s map", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    compare_bytes(label, window[0], window[1], 4 * 2 * texel, texel, cb, kind == 'f' ? 1 : 0);
    for (int s = 0; s < 2; s++) {
        TA_CHECK(clReleaseMemObject(img[s]));
        TA_CHECK(clReleaseMemObject(out[s]));
    }
    free(texels);
}

/* 1D, 1D array, 2D array and 3D images of format f: sampled (unnormalised nearest with
 * clamp to edge, normalised linear with repeat) and written by a kernel. */
static void test_shapes(cl_image_format f)
{
    static const struct {
        cl_mem_object_type type;
        const char *name, *sample, *store;
        int dims; /* coordinates */
        size_t size[3];
    } SHAPES[] = {
        {CL_MEM_OBJECT_IMAGE1D, "1D", "sample1d_f", "store1d_f", 1, {W, 1, 1}},
        {CL_MEM_OBJECT_IMAGE1D_ARRAY, "1D array", "sample1da_f", "store1da_f", 2, {W, D, 1}},
        {CL_MEM_OBJECT_IMAGE2D_ARRAY, "2D array", "sample2da_f", "store2da_f", 4, {W, H, D}},
        {CL_MEM_OBJECT_IMAGE3D, "3D", "sample3d_f", "store3d_f", 4, {W, H, D}},
    };
    size_t texel = channels(f.image_channel_order) * channel_bytes(f.image_channel_data_type);
    for (size_t k = 0; k < sizeof SHAPES / sizeof SHAPES[0]; k++) {
        size_t w = SHAPES[k].size[0], h = SHAPES[k].size[1], d = SHAPES[k].size[2];
        size_t n = w * h * d, bytes = n * texel;
        unsigned char *texels = malloc(bytes);
        fill_texels(texels, bytes, f.image_channel_data_type);
        /* 1D array: the layer count is the second size. */
        size_t ih = SHAPES[k].type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : h;
        size_t id = SHAPES[k].type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? h : d;
        static uint32_t result[2][SAMPLES * 4];
        static float coords[SAMPLES * 4];
        char label[96];
        for (int norm = 0; norm < 2; norm++) {
            /* Coordinates in texels (layers for arrays), then the spatial ones
             * normalised; the fourth component of 2D array and 3D coordinates is 0. */
            int dims = SHAPES[k].dims, spatial = SHAPES[k].type == CL_MEM_OBJECT_IMAGE3D ? 3
                                                 : SHAPES[k].type == CL_MEM_OBJECT_IMAGE2D_ARRAY
                                                     ? 2
                                                     : 1;
            size_t extent[4] = {w, h, d, 1};
            if (SHAPES[k].type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
                extent[1] = h; /* layers */
            make_coords(coords, dims, extent, 0);
            for (int i = 0; i < SAMPLES; i++) {
                for (int a = 0; a < spatial && norm; a++)
                    coords[i * dims + a] /= (float)extent[a];
                if (dims == 4)
                    coords[i * dims + 3] = 0.0f;
                /* PoCL scales the layer of normalised coordinates by the layer count
                 * (OpenCL 1.2 §8.4 says clamp(rint(layer), 0, layers - 1)): with
                 * normalised coordinates only layer 0 is compared. */
                if (norm && SHAPES[k].type != CL_MEM_OBJECT_IMAGE1D && spatial < dims &&
                    SHAPES[k].type != CL_MEM_OBJECT_IMAGE3D)
                    coords[i * dims + spatial] = 0.0f;
            }
            for (int s = 0; s < 2; s++) {
                cl_int err;
                cl_sampler smp = clCreateSampler(
                    sides[s].context, norm ? CL_TRUE : CL_FALSE,
                    norm ? CL_ADDRESS_REPEAT : CL_ADDRESS_CLAMP_TO_EDGE,
                    norm ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
                TA_CHECK(err);
                cl_mem img = make_image(&sides[s], SHAPES[k].type, f, w, ih, id, texels);
                cl_mem c = make_buffer(&sides[s], sizeof coords, coords);
                cl_mem out = make_buffer(&sides[s], sizeof result[0], NULL);
                const void *args[] = {&img, &smp, &c, &out};
                size_t sizes[] = {sizeof(cl_mem), sizeof(cl_sampler), sizeof(cl_mem),
                                  sizeof(cl_mem)};
                size_t global = SAMPLES;
                run(&sides[s], SHAPES[k].sample, 4, args, sizes, 1, &global);
                read_buffer(&sides[s], out, sizeof result[0], result[s]);
                TA_CHECK(clReleaseMemObject(img));
                TA_CHECK(clReleaseMemObject(c));
                TA_CHECK(clReleaseMemObject(out));
                TA_CHECK(clReleaseSampler(smp));
            }
            snprintf(label, sizeof label, "%s %s %s sample %s", SHAPES[k].name,
                     order_name(f.image_channel_order), type_name(f.image_channel_data_type),
                     norm ? "normalized/repeat/linear" : "unnormalized/clamp-to-edge/nearest");
            double tol = norm ? range(f.image_channel_data_type) / 128 : 1e-6;
            compare(label, 'f', result[0], result[1], SAMPLES * 4, tol, coords, dims, 0);
        }
        uint32_t *values = malloc(n * 16);
        make_values(values, n * 4, 'f');
        unsigned char *written[2] = {malloc(bytes), malloc(bytes)};
        cl_uint gdims = SHAPES[k].type == CL_MEM_OBJECT_IMAGE1D ? 1
                        : SHAPES[k].type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 2 : 3;
        for (int s = 0; s < 2; s++)
            write_by_kernel(&sides[s], SHAPES[k].store, SHAPES[k].type, f, w, ih, id, values,
                            n * 16, gdims, SHAPES[k].size, written[s]);
        snprintf(label, sizeof label, "%s %s %s write", SHAPES[k].name,
                 order_name(f.image_channel_order), type_name(f.image_channel_data_type));
        compare_bytes(label, written[0], written[1], bytes, texel,
                      channel_bytes(f.image_channel_data_type), 0);
        free(values);
        free(written[0]);
        free(written[1]);
        free(texels);
    }
}

/* An image of `type` (1D image buffer or 2D) on the memory of `buffer`, rows `pitch`
 * bytes apart (0: tightly packed). */
static cl_mem make_image_on(struct side *s, cl_mem_object_type type, cl_image_format f, size_t w,
                            size_t h, size_t pitch, cl_mem buffer)
{
    cl_image_desc desc = {.image_type = type, .image_width = w, .image_height = h,
                          .image_row_pitch = pitch, .buffer = buffer};
    return create_image(s, &desc, f, NULL);
}

static const char *suffix_of(char kind) { return kind == 'f' ? "f" : kind == 'i' ? "i" : "ui"; }

/* 3D images of format f written by a kernel with write_image{f,i,ui}
 * (cl_khr_3d_image_writes), compared in the image's bytes. */
static void test_3d_writes(cl_image_format f)
{
    char kind = kind_of(f.image_channel_data_type);
    size_t cb = channel_bytes(f.image_channel_data_type);
    size_t texel = channels(f.image_channel_order) * cb, n = W * H * D, bytes = n * texel;
    size_t size[3] = {W, H, D};
    uint32_t values[W * H * D * 4];
    make_values(values, n * 4, kind);
    static unsigned char written[2][W * H * D * 16];
    char kname[32], label[96];
    snprintf(kname, sizeof kname, "store3d_%s", suffix_of(kind));
    for (int s = 0; s < 2; s++)
        write_by_kernel(&sides[s], kname, CL_MEM_OBJECT_IMAGE3D, f, W, H, D, values,
                        sizeof values, 3, size, written[s]);
    snprintf(label, sizeof label, "3D %s %s write", order_name(f.image_channel_order),
             type_name(f.image_channel_data_type));
    compare_bytes(label, written[0], written[1], bytes, texel, cb, 0);
}

/* 1D image buffers of format f, views of a buffer's elements: read (read_image*),
 * queried, written by a kernel (compared in the buffer's bytes), and read back with
 * clEnqueueReadImage. */
static void test_image_buffer(cl_image_format f)
{
    enum { N = W * H };
    char kind = kind_of(f.image_channel_data_type);
    size_t cb = channel_bytes(f.image_channel_data_type);
    size_t texel = channels(f.image_channel_order) * cb, bytes = N * texel, n = N, one = 1;
    unsigned char *texels = malloc(bytes);
    fill_texels(texels, bytes, f.image_channel_data_type);
    uint32_t values[N * 4];
    make_values(values, N * 4, kind);
    static uint32_t result[2][N * 4];
    static unsigned char written[2][N * 16], readback[2][N * 16];
    int q[3] = {0, 0, 0};
    char kname[32], label[96];
    for (int s = 0; s < 2; s++) {
        struct side *side = &sides[s];
        cl_mem buf = make_buffer(side, bytes, texels);
        cl_mem img = make_image_on(side, CL_MEM_OBJECT_IMAGE1D_BUFFER, f, N, 0, 0, buf);
        cl_mem out = make_buffer(side, sizeof result[0], NULL);
        size_t sizes[] = {sizeof(cl_mem), sizeof(cl_mem)};
        const void *args[] = {&img, &out};
        snprintf(kname, sizeof kname, "load1db_%s", suffix_of(kind));
        run(side, kname, 2, args, sizes, 1, &n);
        read_buffer(side, out, sizeof result[0], result[s]);
        if (s == 0) {
            run(side, "query1db", 2, args, sizes, 1, &one);
            read_buffer(side, out, sizeof q, q);
        }
        read_image(side, img, (size_t[]){N, 1, 1}, readback[s]);
        cl_mem target = make_buffer(side, bytes, NULL);
        cl_mem view = make_image_on(side, CL_MEM_OBJECT_IMAGE1D_BUFFER, f, N, 0, 0, target);
        cl_mem in = make_buffer(side, sizeof values, values);
        const void *store_args[] = {&view, &in};
        snprintf(kname, sizeof kname, "store1db_%s", suffix_of(kind));
        run(side, kname, 2, store_args, sizes, 1, &n);
        read_buffer(side, target, bytes, written[s]);
        cl_mem all[] = {img, buf, out, view, target, in};
        for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
            TA_CHECK(clReleaseMemObject(all[k]));
    }
    const char *o = order_name(f.image_channel_order), *t = type_name(f.image_channel_data_type);
    snprintf(label, sizeof label, "1D buffer %s %s read", o, t);
    compare(label, kind, result[0], result[1], N * 4, 1e-6, NULL, 0,
            f.image_channel_order == CL_R);
    /* The queries against the specification (PoCL lacks them for 1D image buffers;
     * CLK_* values are the CL_* ones). */
    ta_check(q[0] == N && q[1] == (int)f.image_channel_data_type &&
                 q[2] == (int)f.image_channel_order,
             "1D buffer %s %s get_image_width/channel_data_type/order: %d %#x %#x", o, t, q[0],
             q[1], q[2]);
    snprintf(label, sizeof label, "1D buffer %s %s clEnqueueReadImage", o, t);
    compare_bytes(label, readback[0], readback[1], bytes, texel, cb, 0);
    snprintf(label, sizeof label, "1D buffer %s %s write (buffer bytes)", o, t);
    compare_bytes(label, written[0], written[1], bytes, texel, cb, 0);
    free(texels);
}

/* 2D images of format f created from a buffer (cl_khr_image2d_from_buffer) on gcnsim,
 * rows at the device's pitch alignment with other bytes between them, against an
 * ordinary 2D image of the same elements on PoCL (which does not claim the extension):
 * read with integer coordinates, sampled, written by a kernel (gcnsim's compared in the
 * buffer's rows, whose padding must stay untouched). */
static void test_image2d_from_buffer(cl_image_format f)
{
    char kind = kind_of(f.image_channel_data_type);
    size_t cb = channel_bytes(f.image_channel_data_type);
    size_t texel = channels(f.image_channel_order) * cb, bytes = W * H * texel;
    cl_uint align = 0;
    TA_CHECK(clGetDeviceInfo(sides[0].device, CL_DEVICE_IMAGE_PITCH_ALIGNMENT_KHR, sizeof align,
                             &align, NULL));
    ta_check(align != 0, "CL_DEVICE_IMAGE_PITCH_ALIGNMENT_KHR is 0");
    if (align == 0)
        return;
    size_t unit = align * texel, pitch = (W * texel + unit - 1) / unit * unit;
    unsigned char *texels = malloc(bytes), *rows = malloc(pitch * H), *after = malloc(pitch * H);
    fill_texels(texels, bytes, f.image_channel_data_type);
    memset(rows, 0xa5, pitch * H);
    for (size_t y = 0; y < H; y++)
        memcpy(rows + y * pitch, texels + y * W * texel, W * texel);
    uint32_t values[W * H * 4];
    make_values(values, W * H * 4, kind);
    static uint32_t loaded[2][W * H * 4], sampled[2][SAMPLES * 4];
    static unsigned char written[2][W * H * 16];
    float coords[SAMPLES * 2];
    size_t size[2] = {W, H}, global2[2] = {W, H}, samples = SAMPLES;
    int norm = kind == 'f';
    make_coords(coords, 2, size, norm);
    char kname[32], label[96];
    for (int s = 0; s < 2; s++) {
        struct side *side = &sides[s];
        cl_mem buf = s == 0 ? make_buffer(side, pitch * H, rows) : NULL;
        cl_mem img = s == 0 ? make_image_on(side, CL_MEM_OBJECT_IMAGE2D, f, W, H, pitch, buf)
                            : make_image(side, CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, texels);
        cl_mem out = make_buffer(side, sizeof sampled[0], NULL);
        cl_mem c = make_buffer(side, sizeof coords, coords);
        cl_int err;
        cl_sampler smp = clCreateSampler(side->context, norm ? CL_TRUE : CL_FALSE,
                                         norm ? CL_ADDRESS_REPEAT : CL_ADDRESS_CLAMP,
                                         norm ? CL_FILTER_LINEAR : CL_FILTER_NEAREST, &err);
        TA_CHECK(err);
        size_t sizes[] = {sizeof(cl_mem), sizeof(cl_sampler), sizeof(cl_mem), sizeof(cl_mem)};
        const void *load_args[] = {&img, &out};
        const void *sample_args[] = {&img, &smp, &c, &out};
        snprintf(kname, sizeof kname, "load2d_%s", suffix_of(kind));
        run(side, kname, 2, load_args, (size_t[]){sizeof(cl_mem), sizeof(cl_mem)}, 2, global2);
        read_buffer(side, out, sizeof loaded[0], loaded[s]);
        snprintf(kname, sizeof kname, "sample2d_%s", suffix_of(kind));
        run(side, kname, 4, sample_args, sizes, 1, &samples);
        read_buffer(side, out, sizeof sampled[0], sampled[s]);
        /* Kernel writes: into a buffer of padded rows on gcnsim. */
        cl_mem target = s == 0 ? make_buffer(side, pitch * H, rows) : NULL;
        cl_mem dst = s == 0 ? make_image_on(side, CL_MEM_OBJECT_IMAGE2D, f, W, H, pitch, target)
                            : make_image(side, CL_MEM_OBJECT_IMAGE2D, f, W, H, 1, NULL);
        cl_mem in = make_buffer(side, sizeof values, values);
        const void *store_args[] = {&dst, &in};
        snprintf(kname, sizeof kname, "store2d_%s", suffix_of(kind));
        run(side, kname, 2, store_args, (size_t[]){sizeof(cl_mem), sizeof(cl_mem)}, 2, global2);
        if (s == 0) {
            read_buffer(side, target, pitch * H, after);
            int padding_kept = 1;
            for (size_t y = 0; y < H; y++) {
                memcpy(written[s] + y * W * texel, after + y * pitch, W * texel);
                for (size_t b = W * texel; b < pitch; b++)
                    padding_kept &= after[y * pitch + b] == 0xa5;
            }
            ta_check(padding_kept, "2D from buffer %s %s write: bytes between rows changed",
                     order_name(f.image_channel_order), type_name(f.image_channel_data_type));
        } else {
            read_image(side, dst, (size_t[]){W, H, 1}, written[s]);
        }
        cl_mem all[] = {img, out, c, dst, in, buf, target};
        for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
            if (all[k])
                TA_CHECK(clReleaseMemObject(all[k]));
        TA_CHECK(clReleaseSampler(smp));
    }
    const char *o = order_name(f.image_channel_order), *t = type_name(f.image_channel_data_type);
    int no_alpha = f.image_channel_order == CL_R;
    snprintf(label, sizeof label, "2D from buffer %s %s read (int2)", o, t);
    compare(label, kind, loaded[0], loaded[1], W * H * 4, 1e-6, NULL, 0, no_alpha);
    snprintf(label, sizeof label, "2D from buffer %s %s sampler %s", o, t,
             norm ? "normalized/repeat/linear" : "unnormalized/clamp/nearest");
    compare(label, kind, sampled[0], sampled[1], SAMPLES * 4,
            norm ? range(f.image_channel_data_type) / 128 : 1e-6, coords, 2, no_alpha);
    snprintf(label, sizeof label, "2D from buffer %s %s write", o, t);
    compare_bytes(label, written[0], written[1], bytes, texel, cb, 0);
    free(texels);
    free(rows);
    free(after);
}

static char *read_text(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        printf("cannot read %s\nFAILED\n", path);
        exit(1);
    }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = calloc((size_t)size + 1, 1);
    if (fread(text, 1, (size_t)size, file) != (size_t)size)
        text[0] = '\0';
    fclose(file);
    return text;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        printf("usage: imagediff KERNELS.cl\n");
        return 2;
    }
    char *source = read_text(argv[1]);
    open_side(&sides[0], "gcnsim", "gcnsim", source);
    open_side(&sides[1], "pocl", "portable", source);
    for (size_t i = 0; i < sizeof FORMATS / sizeof FORMATS[0]; i++) {
        if (!supports(&sides[1], CL_MEM_OBJECT_IMAGE2D, FORMATS[i])) {
            printf("skipped %s %s: PoCL does not support it\n",
                   order_name(FORMATS[i].image_channel_order),
                   type_name(FORMATS[i].image_channel_data_type));
            continue;
        }
        ta_check(supports(&sides[0], CL_MEM_OBJECT_IMAGE2D, FORMATS[i]),
                 "%s %s: not in gcnsim's supported formats",
                 order_name(FORMATS[i].image_channel_order),
                 type_name(FORMATS[i].image_channel_data_type));
        test_format(FORMATS[i]);
        test_image2d_from_buffer(FORMATS[i]);
        if (supports(&sides[1], CL_MEM_OBJECT_IMAGE3D, FORMATS[i]))
            test_3d_writes(FORMATS[i]);
        if (!supports(&sides[1], CL_MEM_OBJECT_IMAGE1D_BUFFER, FORMATS[i]))
            continue;
        ta_check(supports(&sides[0], CL_MEM_OBJECT_IMAGE1D_BUFFER, FORMATS[i]),
                 "%s %s: not in gcnsim's 1D image buffer formats",
                 order_name(FORMATS[i].image_channel_order),
                 type_name(FORMATS[i].image_channel_data_type));
        test_image_buffer(FORMATS[i]);
    }
    for (size_t i = 0; i < sizeof SHAPE_FORMATS / sizeof SHAPE_FORMATS[0]; i++)
        test_shapes(SHAPE_FORMATS[i]);
    free(source);
    return ta_finish();
}
