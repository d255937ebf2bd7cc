/* api_test: clEnqueueRead/Write/Copy/FillBuffer and their Rect forms, checked
 * byte for byte against a host model of the buffers' contents. */
#include "api_test.h"

#include <string.h>

#define BUF_SIZE (64 * 1024)

/* A buffer and the host model of what it must contain. */
struct modelled {
    cl_mem mem;
    unsigned char model[BUF_SIZE];
};

/* A deterministic random number generator for the operation sequences. */
static unsigned rng_state = 12345;
static unsigned rng(unsigned bound)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % bound;
}

/* Host pointers of non-blocking writes, freed once the queue has finished. */
static void *pending[256];
static size_t npending;

static void *keep_until_finish(void *p)
{
    if (npending == sizeof pending / sizeof *pending) {
        printf("too many pending host buffers\nFAILED\n");
        exit(1);
    }
    pending[npending++] = p;
    return p;
}

static void finish_and_free(cl_command_queue q)
{
    TA_CHECK(clFinish(q));
    for (size_t i = 0; i < npending; i++)
        free(pending[i]);
    npending = 0;
}

/* The model of a rectangle copy: `region` bytes x rows x slices from src at
 * (origin, pitches) to dst; zero pitches take the spec's defaults. */
static void model_rect(unsigned char *dst, const size_t dst_origin[3], size_t dst_row,
                       size_t dst_slice, const unsigned char *src, const size_t src_origin[3],
                       size_t src_row, size_t src_slice, const size_t region[3])
{
    if (!src_row)
        src_row = region[0];
    if (!src_slice)
        src_slice = region[1] * src_row;
    if (!dst_row)
        dst_row = region[0];
    if (!dst_slice)
        dst_slice = region[1] * dst_row;
    for (size_t z = 0; z < region[2]; z++)
        for (size_t y = 0; y < region[1]; y++)
            memmove(dst + (dst_origin[2] + z) * dst_slice + (dst_origin[1] + y) * dst_row +
                        dst_origin[0],
                    src + (src_origin[2] + z) * src_slice + (src_origin[1] + y) * src_row +
                        src_origin[0],
                    region[0]);
}

/* Reads the whole buffer back and compares it with the model. */
static void check_contents(const struct api_env *env, const struct modelled *b, const char *what)
{
    unsigned char *back = malloc(BUF_SIZE);
    memset(back, 0xcd, BUF_SIZE);
    TA_CHECK(clEnqueueReadBuffer(env->queue, b->mem, CL_TRUE, 0, BUF_SIZE, back, 0, NULL, NULL));
    size_t first = BUF_SIZE;
    for (size_t i = 0; i < BUF_SIZE && first == BUF_SIZE; i++)
        if (back[i] != b->model[i])
            first = i;
    ta_check(first == BUF_SIZE, "%s: contents match the host model (first difference at %zu)",
             what, first);
    free(back);
}

static void check_command_type(cl_event ev, cl_command_type want, const char *what)
{
    cl_command_type type = command_type(ev);
    ta_check(type == want, "%s: CL_EVENT_COMMAND_TYPE is 0x%x (got 0x%x)", what, want, type);
    TA_CHECK(clReleaseEvent(ev));
}

static struct modelled *new_modelled(const struct api_env *env, unsigned seed)
{
    struct modelled *b = malloc(sizeof *b);
    cl_int err;
    fill_bytes(b->model, BUF_SIZE, seed);
    b->mem = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, BUF_SIZE,
                            b->model, &err);
    TA_CHECK(err);
    return b;
}

static void free_modelled(struct modelled *b)
{
    TA_CHECK(clReleaseMemObject(b->mem));
    free(b);
}

/* One random operation from the 1D set, applied to the buffers and the model. */
static void random_linear_op(const struct api_env *env, struct modelled *a, struct modelled *b)
{
    struct modelled *dst = rng(2) ? a : b, *src = rng(2) ? a : b;
    size_t size = 1 + rng(4096), off = rng(BUF_SIZE - size + 1);
    switch (rng(3)) {
    case 0: { /* write, blocking or not */
        unsigned char *data = keep_until_finish(malloc(size));
        fill_bytes(data, size, rng(1000));
        TA_CHECK(clEnqueueWriteBuffer(env->queue, dst->mem, rng(2) ? CL_TRUE : CL_FALSE, off,
                                      size, data, 0, NULL, NULL));
        memcpy(dst->model + off, data, size);
        break;
    }
    case 1: { /* copy, never overlapping within one buffer */
        size_t src_off = rng(BUF_SIZE - size + 1);
        if (src == dst && src_off < off + size && off < src_off + size)
            break;
        TA_CHECK(clEnqueueCopyBuffer(env->queue, src->mem, dst->mem, src_off, off, size, 0, NULL,
                                     NULL));
        memmove(dst->model + off, src->model + src_off, size);
        break;
    }
    default: { /* fill with a pattern of 1..128 bytes */
        size_t psize = (size_t)1 << rng(8);
        unsigned char pattern[128];
        fill_bytes(pattern, psize, rng(1000));
        off -= off % psize;
        size = size < psize ? psize : size - size % psize;
        TA_CHECK(clEnqueueFillBuffer(env->queue, dst->mem, pattern, psize, off, size, 0, NULL,
                                     NULL));
        for (size_t i = 0; i < size; i++)
            dst->model[off + i] = pattern[i % psize];
        break;
    }
    }
}

static void check_transfer_errors(const struct api_env *env, cl_mem m)
{
    unsigned char data[256] = {0};
    cl_command_queue q = env->queue;
    cl_int err;
    ta_check_err(clEnqueueReadBuffer(q, m, CL_TRUE, BUF_SIZE - 8, 16, data, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueReadBuffer: region past the end");
    ta_check_err(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 16, NULL, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueReadBuffer: NULL ptr");
    ta_check_err(clEnqueueWriteBuffer(q, m, CL_TRUE, BUF_SIZE, 1, data, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueWriteBuffer: offset at the end");
    ta_check_err(clEnqueueWriteBuffer(q, NULL, CL_TRUE, 0, 1, data, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "clEnqueueWriteBuffer: NULL buffer");
    ta_check_err(clEnqueueWriteBuffer(NULL, m, CL_TRUE, 0, 1, data, 0, NULL, NULL),
                 CL_INVALID_COMMAND_QUEUE, "clEnqueueWriteBuffer: NULL queue");
    ta_check_err(clEnqueueCopyBuffer(q, m, m, 0, 100, 200, 0, NULL, NULL), CL_MEM_COPY_OVERLAP,
                 "clEnqueueCopyBuffer: overlapping regions of one buffer");
    ta_check_err(clEnqueueCopyBuffer(q, m, m, 0, BUF_SIZE - 100, 200, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueCopyBuffer: destination past the end");
    ta_check_err(clEnqueueCopyBuffer(q, m, NULL, 0, 0, 16, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
                 "clEnqueueCopyBuffer: NULL destination");
    unsigned pattern = 0x01020304;
    ta_check_err(clEnqueueFillBuffer(q, m, &pattern, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueFillBuffer: pattern size 3");
    ta_check_err(clEnqueueFillBuffer(q, m, &pattern, 0, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueFillBuffer: pattern size 0");
    ta_check_err(clEnqueueFillBuffer(q, m, NULL, 4, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueFillBuffer: NULL pattern");
    ta_check_err(clEnqueueFillBuffer(q, m, &pattern, 4, 2, 12, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueFillBuffer: offset not a multiple of the pattern size");
    ta_check_err(clEnqueueFillBuffer(q, m, &pattern, 4, 0, 10, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueFillBuffer: size not a multiple of the pattern size");
    ta_check_err(clEnqueueFillBuffer(q, m, &pattern, 4, BUF_SIZE - 4, 8, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueFillBuffer: region past the end");

    /* Objects from another context. */
    cl_context other = clCreateContext(NULL, 1, env->devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_mem foreign = clCreateBuffer(other, CL_MEM_READ_WRITE, 256, NULL, &err);
    TA_CHECK(err);
    ta_check_err(clEnqueueWriteBuffer(q, foreign, CL_TRUE, 0, 16, data, 0, NULL, NULL),
                 CL_INVALID_CONTEXT, "clEnqueueWriteBuffer: buffer of another context");
    ta_check_err(clEnqueueCopyBuffer(q, m, foreign, 0, 0, 16, 0, NULL, NULL), CL_INVALID_CONTEXT,
                 "clEnqueueCopyBuffer: destination of another context");
    ta_check_err(clEnqueueFillBuffer(q, foreign, &pattern, 4, 0, 16, 0, NULL, NULL),
                 CL_INVALID_CONTEXT, "clEnqueueFillBuffer: buffer of another context");
    TA_CHECK(clReleaseMemObject(foreign));
    TA_CHECK(clReleaseContext(other));
}

void check_transfers(const struct api_env *env)
{
    struct modelled *a = new_modelled(env, 1), *b = new_modelled(env, 2);
    check_contents(env, a, "COPY_HOST_PTR buffer");

    /* Each command reports its type. */
    unsigned char data[512];
    cl_event ev;
    fill_bytes(data, sizeof data, 3);
    TA_CHECK(clEnqueueWriteBuffer(env->queue, a->mem, CL_TRUE, 100, 512, data, 0, NULL, &ev));
    memcpy(a->model + 100, data, 512);
    check_command_type(ev, CL_COMMAND_WRITE_BUFFER, "clEnqueueWriteBuffer");
    TA_CHECK(clEnqueueCopyBuffer(env->queue, a->mem, b->mem, 0, 1000, 4000, 0, NULL, &ev));
    memcpy(b->model + 1000, a->model, 4000);
    check_command_type(ev, CL_COMMAND_COPY_BUFFER, "clEnqueueCopyBuffer");
    unsigned short pattern = 0xbeef;
    TA_CHECK(clEnqueueFillBuffer(env->queue, b->mem, &pattern, 2, 6000, 2000, 0, NULL, &ev));
    for (size_t i = 0; i < 2000; i++)
        b->model[6000 + i] = ((unsigned char *)&pattern)[i % 2];
    check_command_type(ev, CL_COMMAND_FILL_BUFFER, "clEnqueueFillBuffer");
    unsigned char back[512];
    TA_CHECK(clEnqueueReadBuffer(env->queue, b->mem, CL_TRUE, 1100, 512, back, 0, NULL, &ev));
    check_command_type(ev, CL_COMMAND_READ_BUFFER, "clEnqueueReadBuffer");
    ta_check(memcmp(back, b->model + 1100, 512) == 0, "a read at an offset returns the model");

    /* A long deterministic sequence, not waited on between commands. */
    for (int i = 0; i < 200; i++)
        random_linear_op(env, a, b);
    finish_and_free(env->queue);
    check_contents(env, a, "after 200 random write/copy/fill commands, buffer A");
    check_contents(env, b, "after 200 random write/copy/fill commands, buffer B");

    /* A non-blocking read is complete after clFinish. */
    unsigned char *big = malloc(BUF_SIZE);
    TA_CHECK(clEnqueueReadBuffer(env->queue, a->mem, CL_FALSE, 0, BUF_SIZE, big, 0, NULL, NULL));
    TA_CHECK(clFinish(env->queue));
    ta_check(memcmp(big, a->model, BUF_SIZE) == 0, "a non-blocking read is done after clFinish");
    free(big);

    check_transfer_errors(env, a->mem);
    free_modelled(a);
    free_modelled(b);
}

/* One random rectangle: a region fitting a buffer seen with the given pitches. */
static void random_rect(size_t origin[3], size_t region[3], size_t row, size_t slice,
                        size_t size)
{
    size_t rows = slice / row, slices = size / slice;
    region[0] = 1 + rng((unsigned)row);
    region[1] = 1 + rng((unsigned)rows);
    region[2] = 1 + rng((unsigned)slices);
    origin[0] = rng((unsigned)(row - region[0] + 1));
    origin[1] = rng((unsigned)(rows - region[1] + 1));
    origin[2] = rng((unsigned)(slices - region[2] + 1));
}

static void check_rect_errors(const struct api_env *env, cl_mem m)
{
    unsigned char host[4096];
    cl_command_queue q = env->queue;
    size_t zero[3] = {0, 0, 0}, region[3] = {16, 4, 2}, empty[3] = {0, 4, 2};
    ta_check_err(clEnqueueReadBufferRect(q, m, CL_TRUE, zero, zero, empty, 0, 0, 0, 0, host, 0,
                                         NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueReadBufferRect: region with a 0 width");
    ta_check_err(clEnqueueReadBufferRect(q, m, CL_TRUE, zero, zero, region, 8, 0, 0, 0, host, 0,
                                         NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueReadBufferRect: buffer row pitch below the width");
    ta_check_err(clEnqueueReadBufferRect(q, m, CL_TRUE, zero, zero, region, 16, 32, 0, 0, host,
                                         0, NULL, NULL),
                 CL_INVALID_VALUE,
                 "clEnqueueReadBufferRect: buffer slice pitch below height x row pitch");
    ta_check_err(clEnqueueReadBufferRect(q, m, CL_TRUE, zero, zero, region, 0, 0, 8, 0, host, 0,
                                         NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueReadBufferRect: host row pitch below the width");
    ta_check_err(clEnqueueReadBufferRect(q, m, CL_TRUE, zero, zero, region, 0, 0, 0, 0, NULL, 0,
                                         NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueReadBufferRect: NULL ptr");
    size_t far[3] = {0, 0, BUF_SIZE / 64};
    ta_check_err(clEnqueueWriteBufferRect(q, m, CL_TRUE, far, zero, region, 0, 0, 0, 0, host, 0,
                                          NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueWriteBufferRect: region past the end");
    size_t at_one[3] = {8, 0, 0};
    ta_check_err(clEnqueueCopyBufferRect(q, m, m, zero, at_one, region, 64, 0, 64, 0, 0, NULL,
                                         NULL),
                 CL_MEM_COPY_OVERLAP, "clEnqueueCopyBufferRect: overlapping rectangles");
    ta_check_err(clEnqueueCopyBufferRect(q, m, m, zero, far, region, 0, 0, 0, 0, 0, NULL, NULL),
                 CL_INVALID_VALUE, "clEnqueueCopyBufferRect: destination past the end");
}

void check_rect_transfers(const struct api_env *env)
{
    struct modelled *a = new_modelled(env, 21), *b = new_modelled(env, 22);
    cl_event ev;

    /* One of each, with explicit pitches, reporting its command type. */
    size_t borg[3] = {3, 2, 1}, horg[3] = {1, 1, 0}, region[3] = {20, 5, 3};
    size_t brow = 64, bslice = 64 * 16, hrow = 32, hslice = 32 * 8;
    unsigned char *host = malloc(hslice * 4);
    fill_bytes(host, hslice * 4, 23);
    TA_CHECK(clEnqueueWriteBufferRect(env->queue, a->mem, CL_TRUE, borg, horg, region, brow,
                                      bslice, hrow, hslice, host, 0, NULL, &ev));
    model_rect(a->model, borg, brow, bslice, host, horg, hrow, hslice, region);
    check_command_type(ev, CL_COMMAND_WRITE_BUFFER_RECT, "clEnqueueWriteBufferRect");
    check_contents(env, a, "after clEnqueueWriteBufferRect");

    unsigned char *got = calloc(hslice * 4, 1), *want = calloc(hslice * 4, 1);
    TA_CHECK(clEnqueueReadBufferRect(env->queue, a->mem, CL_TRUE, borg, horg, region, brow,
                                     bslice, hrow, hslice, got, 0, NULL, &ev));
    model_rect(want, horg, hrow, hslice, a->model, borg, brow, bslice, region);
    check_command_type(ev, CL_COMMAND_READ_BUFFER_RECT, "clEnqueueReadBufferRect");
    ta_check(memcmp(got, want, hslice * 4) == 0,
             "clEnqueueReadBufferRect returns the model's rectangle, leaving the rest");

    size_t dorg[3] = {5, 0, 2};
    TA_CHECK(clEnqueueCopyBufferRect(env->queue, a->mem, b->mem, borg, dorg, region, brow,
                                     bslice, 128, 0, 0, NULL, &ev));
    model_rect(b->model, dorg, 128, 0 /* default: region[1] * 128 */, a->model, borg, brow,
               bslice, region);
    check_command_type(ev, CL_COMMAND_COPY_BUFFER_RECT, "clEnqueueCopyBufferRect");
    check_contents(env, b, "after clEnqueueCopyBufferRect with a default slice pitch");

    /* Random rectangles with random pitches, not waited on in between. */
    for (int i = 0; i < 60; i++) {
        size_t row = 16 + rng(240), slice = row * (1 + rng(32)), o1[3], o2[3], r[3];
        random_rect(o1, r, row, slice, BUF_SIZE);
        switch (rng(3)) {
        case 0: { /* host rectangle written into A */
            size_t h_row = r[0] + rng(16), h_slice = h_row * r[1] + rng(16) * h_row;
            size_t hsize = h_slice * r[2];
            unsigned char *h = keep_until_finish(malloc(hsize));
            size_t zero[3] = {0, 0, 0};
            fill_bytes(h, hsize, rng(1000));
            TA_CHECK(clEnqueueWriteBufferRect(env->queue, a->mem, CL_FALSE, o1, zero, r, row,
                                              slice, h_row, h_slice, h, 0, NULL, NULL));
            model_rect(a->model, o1, row, slice, h, zero, h_row, h_slice, r);
            break;
        }
        case 1: { /* A to B with the same pitches, different origin */
            random_rect(o2, r, row, slice, BUF_SIZE);
            size_t src[3];
            for (int k = 0; k < 3; k++)
                src[k] = o1[k] < o2[k] ? o1[k] : o2[k];
            TA_CHECK(clEnqueueCopyBufferRect(env->queue, a->mem, b->mem, src, o2, r, row, slice,
                                             row, slice, 0, NULL, NULL));
            model_rect(b->model, o2, row, slice, a->model, src, row, slice, r);
            break;
        }
        default: { /* B to A with pitches of their own */
            size_t row2 = r[0] + rng(64), slice2 = row2 * r[1] + rng(8) * row2;
            size_t zero[3] = {0, 0, 0};
            if (slice2 * r[2] > BUF_SIZE)
                break;
            TA_CHECK(clEnqueueCopyBufferRect(env->queue, b->mem, a->mem, o1, zero, r, row, slice,
                                             row2, slice2, 0, NULL, NULL));
            model_rect(a->model, zero, row2, slice2, b->model, o1, row, slice, r);
            break;
        }
        }
    }
    finish_and_free(env->queue);
    check_contents(env, a, "after 60 random rectangle commands, buffer A");
    check_contents(env, b, "after 60 random rectangle commands, buffer B");

    check_rect_errors(env, a->mem);
    free(host);
    free(got);
    free(want);
    free_modelled(a);
    free_modelled(b);
}
