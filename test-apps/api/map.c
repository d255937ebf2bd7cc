/* api_test: clEnqueueMapBuffer / clEnqueueUnmapMemObject — read and write
 * maps, invalidating maps, USE_HOST_PTR coherence, AMD's persistent memory
 * and errors. */
#include "api_test.h"

#include <string.h>

#define MAP_SIZE 8192

static void check_map_errors(const struct api_env *env, cl_mem m)
{
    cl_int err;
    void *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ, MAP_SIZE - 8, 16, 0, NULL,
                                 NULL, &err);
    ta_check(p == NULL && err == CL_INVALID_VALUE,
             "clEnqueueMapBuffer: region past the end gives NULL and CL_INVALID_VALUE (%s)",
             ta_error_name(err));
    if (env->strict) { /* PoCL 3.1 maps both */
        p = clEnqueueMapBuffer(env->queue, m, CL_TRUE,
                               CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 16, 0, NULL, NULL,
                               &err);
        ta_check_err(err, CL_INVALID_VALUE,
                     "strict: clEnqueueMapBuffer: READ with WRITE_INVALIDATE_REGION");
        p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, (cl_map_flags)1 << 10, 0, 16, 0, NULL,
                               NULL, &err);
        ta_check_err(err, CL_INVALID_VALUE, "strict: clEnqueueMapBuffer: unknown map flag");
    }
    p = clEnqueueMapBuffer(env->queue, NULL, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
    ta_check_err(err, CL_INVALID_MEM_OBJECT, "clEnqueueMapBuffer: NULL buffer");

    unsigned char local[16];
    void *mapped = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL,
                                      &err);
    TA_CHECK(err);
    ta_check_err(clEnqueueUnmapMemObject(env->queue, m, local, 0, NULL, NULL), CL_INVALID_VALUE,
                 "clEnqueueUnmapMemObject: a pointer that is not a mapping of the buffer");
    ta_check_err(clEnqueueUnmapMemObject(env->queue, NULL, mapped, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "clEnqueueUnmapMemObject: NULL buffer");
    TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, mapped, 0, NULL, NULL));
    TA_CHECK(clFinish(env->queue));
}

/* Maps [offset, offset + size) of m for writing, writes new bytes through the
 * map (also into `model`, the host copy of m), unmaps, and checks that m then
 * equals the model: the new bytes arrived and no others changed. */
static void check_write_map(const struct api_env *env, cl_mem m, unsigned char *model,
                            cl_map_flags flags, size_t offset, size_t size, const char *name)
{
    cl_int err;
    unsigned char *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, flags, offset, size, 0, NULL,
                                          NULL, &err);
    if (!ta_check_err(err, CL_SUCCESS, "clEnqueueMapBuffer(%s)", name))
        return;
    fill_bytes(p, size, (unsigned)(offset + size));
    memcpy(model + offset, p, size);
    TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
    unsigned char *back = malloc(MAP_SIZE);
    TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, MAP_SIZE, back, 0, NULL, NULL));
    ta_check(memcmp(back, model, MAP_SIZE) == 0,
             "%s map: the bytes written through it reach the buffer, and only they", name);
    free(back);
}

/* Maps of an ordinary buffer: read, write, invalidate, several at once. */
static void check_plain_maps(const struct api_env *env)
{
    unsigned char *data = malloc(MAP_SIZE), *back = malloc(MAP_SIZE);
    fill_bytes(data, MAP_SIZE, 31);
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, MAP_SIZE, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_TRUE, 0, MAP_SIZE, data, 0, NULL, NULL));

    cl_event ev;
    unsigned char *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ, 1000, 3000, 0,
                                          NULL, &ev, &err);
    if (ta_check_err(err, CL_SUCCESS, "clEnqueueMapBuffer(READ) at an offset")) {
        ta_check(memcmp(p, data + 1000, 3000) == 0, "a read map shows the buffer's contents");
        ta_check(command_type(ev) == CL_COMMAND_MAP_BUFFER,
                 "a map's event has type MAP_BUFFER");
        TA_CHECK(clReleaseEvent(ev));
        TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, &ev));
        TA_CHECK(clWaitForEvents(1, &ev));
        ta_check(command_type(ev) == CL_COMMAND_UNMAP_MEM_OBJECT,
                 "an unmap's event has type UNMAP_MEM_OBJECT");
        TA_CHECK(clReleaseEvent(ev));
    }

    check_write_map(env, m, data, CL_MAP_WRITE, 512, 1024, "WRITE");
    check_write_map(env, m, data, CL_MAP_WRITE_INVALIDATE_REGION, 4096, 4096,
                    "WRITE_INVALIDATE_REGION");

    /* Two maps of one buffer at once, non-blocking, waited on by event. */
    cl_event evs[2];
    unsigned char *p1 = clEnqueueMapBuffer(env->queue, m, CL_FALSE, CL_MAP_READ, 0, 256, 0, NULL,
                                           &evs[0], &err);
    TA_CHECK(err);
    unsigned char *p2 = clEnqueueMapBuffer(env->queue, m, CL_FALSE, CL_MAP_READ | CL_MAP_WRITE,
                                           MAP_SIZE - 256, 256, 0, NULL, &evs[1], &err);
    TA_CHECK(err);
    TA_CHECK(clWaitForEvents(2, evs));
    ta_check(memcmp(p1, data, 256) == 0 && memcmp(p2, data + MAP_SIZE - 256, 256) == 0,
             "two non-blocking maps hold the data once their events complete");
    p2[0] ^= 0xff;
    data[MAP_SIZE - 256] ^= 0xff;
    TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p1, 0, NULL, NULL));
    TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p2, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, MAP_SIZE, back, 0, NULL, NULL));
    ta_check(memcmp(back, data, MAP_SIZE) == 0, "a READ|WRITE map's write reaches the buffer");
    TA_CHECK(clReleaseEvent(evs[0]));
    TA_CHECK(clReleaseEvent(evs[1]));

    check_map_errors(env, m);
    TA_CHECK(clReleaseMemObject(m));
    free(data);
    free(back);
}

/* USE_HOST_PTR: a map returns host_ptr + offset holding the latest bits, and
 * writes through it reach the buffer after unmapping. */
static void check_host_ptr_maps(const struct api_env *env)
{
    unsigned char *host = malloc(MAP_SIZE), *data = malloc(MAP_SIZE), *back = malloc(MAP_SIZE);
    fill_bytes(host, MAP_SIZE, 34);
    fill_bytes(data, MAP_SIZE, 35);
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, CL_MEM_USE_HOST_PTR, MAP_SIZE, host, &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_TRUE, 0, MAP_SIZE, data, 0, NULL, NULL));
    unsigned char *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 64,
                                          1024, 0, NULL, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clEnqueueMapBuffer of a USE_HOST_PTR buffer")) {
        ta_check(p == host + 64, "a USE_HOST_PTR map returns host_ptr + offset");
        ta_check(memcmp(host + 64, data + 64, 1024) == 0,
                 "host_ptr holds the latest bits of the mapped region");
        fill_bytes(p, 1024, 36);
        memcpy(data + 64, p, 1024);
        TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
        TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, MAP_SIZE, back, 0, NULL, NULL));
        ta_check(memcmp(back, data, MAP_SIZE) == 0,
                 "writes through a USE_HOST_PTR map reach the buffer");
    }
    TA_CHECK(clReleaseMemObject(m));
    free(host);
    free(data);
    free(back);
}

/* Checks that a read map of all of m shows `model`. */
static void check_read_map(const struct api_env *env, cl_mem m, const unsigned char *model,
                           const char *what)
{
    cl_int err;
    unsigned char *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ, 0, MAP_SIZE, 0,
                                          NULL, NULL, &err);
    if (!ta_check_err(err, CL_SUCCESS, "clEnqueueMapBuffer(READ) of a persistent buffer"))
        return;
    ta_check(memcmp(p, model, MAP_SIZE) == 0, "%s", what);
    TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
    TA_CHECK(clFinish(env->queue));
}

/* AMD's CL_MEM_USE_PERSISTENT_MEM_AMD: a buffer in device memory that the host
 * maps. Maps, copies and reads see the same bytes. */
static void check_persistent_maps(const struct api_env *env)
{
    unsigned char *data = malloc(MAP_SIZE), *model = malloc(MAP_SIZE), *back = malloc(MAP_SIZE);
    fill_bytes(data, MAP_SIZE, 41);
    memcpy(model, data, MAP_SIZE);
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx,
                              CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_READ_WRITE |
                                  CL_MEM_COPY_HOST_PTR,
                              MAP_SIZE, data, &err);
    TA_CHECK(err);
    memset(data, 0, MAP_SIZE); /* the buffer must not depend on host_ptr any more */
    check_read_map(env, m, model, "a persistent buffer's read map shows its host_ptr data");
    check_write_map(env, m, model, CL_MAP_WRITE, 1024, 2048, "persistent WRITE");
    check_write_map(env, m, model, CL_MAP_WRITE_INVALIDATE_REGION, 0, 512,
                    "persistent WRITE_INVALIDATE_REGION");

    /* Copies out of it and into it (commands on the device). */
    cl_mem plain = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, MAP_SIZE, NULL, &err);
    TA_CHECK(err);
    TA_CHECK(clEnqueueCopyBuffer(env->queue, m, plain, 0, 0, MAP_SIZE, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(env->queue, plain, CL_TRUE, 0, MAP_SIZE, back, 0, NULL, NULL));
    ta_check(memcmp(back, model, MAP_SIZE) == 0,
             "clEnqueueCopyBuffer from a persistent buffer copies its data");
    fill_bytes(back, MAP_SIZE / 2, 42);
    memcpy(model + MAP_SIZE / 2, back, MAP_SIZE / 2);
    TA_CHECK(clEnqueueWriteBuffer(env->queue, plain, CL_TRUE, 0, MAP_SIZE / 2, back, 0, NULL,
                                  NULL));
    TA_CHECK(clEnqueueCopyBuffer(env->queue, plain, m, 0, MAP_SIZE / 2, MAP_SIZE / 2, 0, NULL,
                                 NULL));
    check_read_map(env, m, model, "a persistent buffer's read map shows what a copy wrote");
    TA_CHECK(clReleaseMemObject(m));

    /* READ_ONLY for kernels and written by the host through a map: how the AMD
     * APP SDK samples use the flag. */
    m = clCreateBuffer(env->ctx, CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_READ_ONLY, MAP_SIZE, NULL,
                       &err);
    TA_CHECK(err);
    unsigned char *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_WRITE, 0, MAP_SIZE, 0,
                                          NULL, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS,
                     "clEnqueueMapBuffer(WRITE) of a READ_ONLY persistent buffer")) {
        fill_bytes(p, MAP_SIZE, 43);
        memcpy(model, p, MAP_SIZE);
        TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
        TA_CHECK(clEnqueueCopyBuffer(env->queue, m, plain, 0, 0, MAP_SIZE, 0, NULL, NULL));
        TA_CHECK(
            clEnqueueReadBuffer(env->queue, plain, CL_TRUE, 0, MAP_SIZE, back, 0, NULL, NULL));
        ta_check(memcmp(back, model, MAP_SIZE) == 0,
                 "a READ_ONLY persistent buffer holds what the host wrote through a map");
    }
    TA_CHECK(clReleaseMemObject(m));
    TA_CHECK(clReleaseMemObject(plain));
    free(data);
    free(model);
    free(back);
}

void check_maps(const struct api_env *env)
{
    check_plain_maps(env);
    check_host_ptr_maps(env);
    if (env->persistent_mem)
        check_persistent_maps(env);
}
