/*
 * Images on a buffer's memory: 1D image buffers (OpenCL 1.2) and, where every
 * device lists cl_khr_image2d_from_buffer, 2D images created from a buffer.
 * Checked against the specification: creation errors, the queries naming the
 * buffer, flags inherited from it, and that the image and the buffer are the
 * same bytes (written through one, read through the other).
 */
#include "api_test.h"

#include <string.h>

enum { WIDTH = 64, TEXEL = 4, BYTES = WIDTH * TEXEL };

static const cl_image_format RGBA8 = {CL_RGBA, CL_UNORM_INT8};

static cl_mem image_on(const struct api_env *env, cl_mem_object_type type, cl_mem_flags flags,
                       size_t w, size_t h, size_t pitch, cl_mem buffer, cl_int *err)
{
    cl_image_desc desc = {.image_type = type, .image_width = w, .image_height = h,
                          .image_row_pitch = pitch, .buffer = buffer};
    return clCreateImage(env->ctx, flags, &RGBA8, &desc, NULL, err);
}

static void check_image_buffer(const struct api_env *env)
{
    cl_int err;
    cl_mem buf = clCreateBuffer(env->ctx, CL_MEM_READ_ONLY, BYTES, NULL, &err);
    TA_CHECK(err);
    cl_mem img = image_on(env, CL_MEM_OBJECT_IMAGE1D_BUFFER, 0, WIDTH, 0, 0, buf, &err);
    if (!ta_check_err(err, CL_SUCCESS, "1D image buffer: created on a buffer"))
        return;
    cl_mem named = NULL, assoc = NULL;
    cl_mem_object_type type = 0;
    cl_mem_flags flags = 0;
    TA_CHECK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof named, &named, NULL));
    TA_CHECK(clGetMemObjectInfo(img, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL));
    TA_CHECK(clGetMemObjectInfo(img, CL_MEM_TYPE, sizeof type, &type, NULL));
    TA_CHECK(clGetMemObjectInfo(img, CL_MEM_FLAGS, sizeof flags, &flags, NULL));
    ta_check(named == buf, "1D image buffer: CL_IMAGE_BUFFER is the buffer");
    ta_check(assoc == buf, "1D image buffer: CL_MEM_ASSOCIATED_MEMOBJECT is the buffer");
    ta_check(type == CL_MEM_OBJECT_IMAGE1D_BUFFER, "1D image buffer: CL_MEM_TYPE");
    ta_check(flags & CL_MEM_READ_ONLY, "1D image buffer: inherits CL_MEM_READ_ONLY (flags 0x%llx)",
             (unsigned long long)flags);
    /* The same bytes: written to the buffer, read from the image, and back. */
    unsigned char in[BYTES], out[BYTES];
    fill_bytes(in, BYTES, 7);
    size_t origin[3] = {0, 0, 0}, region[3] = {WIDTH, 1, 1};
    TA_CHECK(clEnqueueWriteBuffer(env->queue, buf, CL_TRUE, 0, BYTES, in, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadImage(env->queue, img, CL_TRUE, origin, region, 0, 0, out, 0, NULL,
                                NULL));
    ta_check(memcmp(in, out, BYTES) == 0, "1D image buffer: reads the buffer's bytes");
    fill_bytes(in, BYTES, 8);
    TA_CHECK(clEnqueueWriteImage(env->queue, img, CL_TRUE, origin, region, 0, 0, in, 0, NULL,
                                 NULL));
    TA_CHECK(clEnqueueReadBuffer(env->queue, buf, CL_TRUE, 0, BYTES, out, 0, NULL, NULL));
    ta_check(memcmp(in, out, BYTES) == 0, "1D image buffer: writes the buffer's bytes");
    TA_CHECK(clReleaseMemObject(img));
    /* Strict (PoCL 3.1 creates all three): CL_INVALID_VALUE for access the buffer
     * does not allow or a host pointer flag, CL_INVALID_IMAGE_DESCRIPTOR for a 1D
     * image buffer without a buffer. */
    static const struct {
        cl_mem_flags flags;
        int no_buffer;
        cl_int want;
        const char *what;
    } BAD[] = {
        {CL_MEM_WRITE_ONLY, 0, CL_INVALID_VALUE, "CL_MEM_WRITE_ONLY on a read-only buffer"},
        {CL_MEM_ALLOC_HOST_PTR, 0, CL_INVALID_VALUE, "CL_MEM_ALLOC_HOST_PTR"},
        {0, 1, CL_INVALID_IMAGE_DESCRIPTOR, "buffer NULL"},
    };
    for (size_t i = 0; env->strict && i < sizeof BAD / sizeof BAD[0]; i++) {
        img = image_on(env, CL_MEM_OBJECT_IMAGE1D_BUFFER, BAD[i].flags, WIDTH, 0, 0,
                       BAD[i].no_buffer ? NULL : buf, &err);
        ta_check_err(err, BAD[i].want, "1D image buffer (strict): %s", BAD[i].what);
        if (img)
            clReleaseMemObject(img);
    }
    TA_CHECK(clReleaseMemObject(buf));
}

static void check_image2d_from_buffer(const struct api_env *env)
{
    cl_uint align = 0;
    TA_CHECK(clGetDeviceInfo(env->devices[0], CL_DEVICE_IMAGE_PITCH_ALIGNMENT_KHR, sizeof align,
                             &align, NULL));
    if (!ta_check(align > 0, "cl_khr_image2d_from_buffer: CL_DEVICE_IMAGE_PITCH_ALIGNMENT > 0"))
        return;
    enum { H = 3 };
    size_t pitch = align * TEXEL * ((WIDTH + align - 1) / align), bytes = pitch * H;
    cl_int err;
    cl_mem buf = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    TA_CHECK(err);
    cl_mem img = image_on(env, CL_MEM_OBJECT_IMAGE2D, 0, WIDTH, H, pitch, buf, &err);
    if (ta_check_err(err, CL_SUCCESS, "2D image from buffer: created with pitch %zu", pitch)) {
        size_t got = 0;
        TA_CHECK(clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof got, &got, NULL));
        ta_check(got == pitch, "2D image from buffer: CL_IMAGE_ROW_PITCH %zu", got);
        unsigned char *in = malloc(bytes), out[WIDTH * TEXEL * H];
        fill_bytes(in, bytes, 9);
        size_t origin[3] = {0, 0, 0}, region[3] = {WIDTH, H, 1};
        TA_CHECK(clEnqueueWriteBuffer(env->queue, buf, CL_TRUE, 0, bytes, in, 0, NULL, NULL));
        TA_CHECK(clEnqueueReadImage(env->queue, img, CL_TRUE, origin, region, 0, 0, out, 0, NULL,
                                    NULL));
        int same = 1;
        for (size_t y = 0; y < H; y++)
            same &= memcmp(in + y * pitch, out + y * WIDTH * TEXEL, WIDTH * TEXEL) == 0;
        ta_check(same, "2D image from buffer: rows at the row pitch in the buffer");
        free(in);
        TA_CHECK(clReleaseMemObject(img));
    }
    /* CL_INVALID_IMAGE_FORMAT_DESCRIPTOR: a pitch not a multiple of the alignment. */
    if (align > 1) {
        img = image_on(env, CL_MEM_OBJECT_IMAGE2D, 0, WIDTH, H, pitch + TEXEL, buf, &err);
        ta_check_err(err, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                     "2D image from buffer: unaligned row pitch");
        if (img)
            clReleaseMemObject(img);
    }
    TA_CHECK(clReleaseMemObject(buf));
}

void check_image_views(const struct api_env *env)
{
    cl_bool images = CL_FALSE;
    TA_CHECK(clGetDeviceInfo(env->devices[0], CL_DEVICE_IMAGE_SUPPORT, sizeof images, &images,
                             NULL));
    if (!images)
        return;
    check_image_buffer(env);
    if (all_devices_list(env, "cl_khr_image2d_from_buffer"))
        check_image2d_from_buffer(env);
}
