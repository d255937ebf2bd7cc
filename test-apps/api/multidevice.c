/* api_test: one context, several devices — data written through a queue on
 * one device and read through queues on others, with and without events. */
#include "api_test.h"

#include <string.h>

#define MD_SIZE (256 * 1024)

void check_multi_device(const struct api_env *env)
{
    cl_uint n = env->ndev, last = n - 1;
    cl_command_queue *q = malloc(n * sizeof *q);
    cl_int err;
    for (cl_uint i = 0; i < n; i++) {
        q[i] = clCreateCommandQueue(env->ctx, env->devices[i], 0, &err);
        TA_CHECK(err);
    }
    cl_mem a = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, MD_SIZE, NULL, &err);
    TA_CHECK(err);
    cl_mem b = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, MD_SIZE, NULL, &err);
    TA_CHECK(err);
    unsigned char *data = malloc(MD_SIZE), *back = malloc(MD_SIZE);

    /* Write on device 0, read on the last device after the write's event. */
    cl_event w, c, r;
    fill_bytes(data, MD_SIZE, 51);
    TA_CHECK(clEnqueueWriteBuffer(q[0], a, CL_FALSE, 0, MD_SIZE, data, 0, NULL, &w));
    TA_CHECK(clEnqueueReadBuffer(q[last], a, CL_FALSE, 0, MD_SIZE, back, 1, &w, &r));
    TA_CHECK(clFlush(q[0]));
    TA_CHECK(clWaitForEvents(1, &r));
    ta_check(memcmp(back, data, MD_SIZE) == 0,
             "written on device 0, read on device %u after the write's event", last);
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(r));

    /* A chain through every device: device i copies what device i-1 wrote. */
    fill_bytes(data, MD_SIZE, 52);
    TA_CHECK(clEnqueueWriteBuffer(q[0], a, CL_FALSE, 0, MD_SIZE, data, 0, NULL, &w));
    cl_mem src = a, dst = b;
    for (cl_uint i = 1; i <= n; i++) {
        cl_uint dev = i % n;
        TA_CHECK(clEnqueueCopyBuffer(q[dev], src, dst, 0, 0, MD_SIZE, 1, &w, &c));
        TA_CHECK(clFlush(q[dev]));
        TA_CHECK(clReleaseEvent(w));
        w = c;
        cl_mem t = src;
        src = dst;
        dst = t;
    }
    memset(back, 0, MD_SIZE);
    TA_CHECK(clEnqueueReadBuffer(q[last], src, CL_TRUE, 0, MD_SIZE, back, 1, &w, NULL));
    ta_check(memcmp(back, data, MD_SIZE) == 0,
             "copied from device to device through all %u devices by events", n);
    TA_CHECK(clReleaseEvent(w));

    /* Blocking commands need no events: a blocking write is visible to a
     * later command on another device. */
    fill_bytes(data, MD_SIZE, 53);
    TA_CHECK(clEnqueueWriteBuffer(q[last], b, CL_TRUE, 0, MD_SIZE, data, 0, NULL, NULL));
    memset(back, 0, MD_SIZE);
    TA_CHECK(clEnqueueReadBuffer(q[0], b, CL_TRUE, 0, MD_SIZE, back, 0, NULL, NULL));
    ta_check(memcmp(back, data, MD_SIZE) == 0,
             "a blocking write on device %u is seen by a blocking read on device 0", last);

    /* Every device writes its own slice once a user event fires; then every
     * device reads the whole buffer. */
    cl_event gate = clCreateUserEvent(env->ctx, &err);
    TA_CHECK(err);
    size_t slice = MD_SIZE / n;
    fill_bytes(data, MD_SIZE, 54);
    for (cl_uint i = 0; i < n; i++)
        TA_CHECK(clEnqueueWriteBuffer(q[i], a, CL_FALSE, i * slice, slice, data + i * slice, 1,
                                      &gate, NULL));
    for (cl_uint i = 0; i < n; i++)
        TA_CHECK(clFlush(q[i]));
    TA_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    for (cl_uint i = 0; i < n; i++)
        TA_CHECK(clFinish(q[i]));
    int all_ok = 1;
    for (cl_uint i = 0; i < n; i++) {
        memset(back, 0, MD_SIZE);
        TA_CHECK(clEnqueueReadBuffer(q[i], a, CL_TRUE, 0, slice * n, back, 0, NULL, NULL));
        all_ok &= memcmp(back, data, slice * n) == 0;
    }
    ta_check(all_ok, "slices written by %u devices after one user event are seen by all", n);

    /* clWaitForEvents on events of every queue at once. */
    cl_event *evs = malloc(n * sizeof *evs);
    fill_bytes(data, MD_SIZE, 55);
    for (cl_uint i = 0; i < n; i++)
        TA_CHECK(clEnqueueWriteBuffer(q[i], a, CL_FALSE, i * slice, slice, data + i * slice, 0,
                                      NULL, &evs[i]));
    ta_check_err(clWaitForEvents(n, evs), CL_SUCCESS,
                 "clWaitForEvents on commands of %u queues", n);
    int complete = 1;
    for (cl_uint i = 0; i < n; i++) {
        complete &= event_status(evs[i]) == CL_COMPLETE;
        TA_CHECK(clReleaseEvent(evs[i]));
    }
    free(evs);
    memset(back, 0, MD_SIZE);
    TA_CHECK(clEnqueueReadBuffer(q[last], a, CL_TRUE, 0, slice * n, back, 0, NULL, NULL));
    ta_check(complete && memcmp(back, data, slice * n) == 0,
             "after it every write is complete and visible");
    TA_CHECK(clReleaseEvent(gate));

    /* A marker on the last device waiting for a fill on device 0; then a map
     * on the last device. */
    cl_event f, mk;
    unsigned pattern = 0xa5a5c3c3u;
    TA_CHECK(clEnqueueFillBuffer(q[0], b, &pattern, 4, 0, MD_SIZE, 0, NULL, &f));
    TA_CHECK(clEnqueueMarkerWithWaitList(q[last], 1, &f, &mk));
    TA_CHECK(clFlush(q[0]));
    unsigned *p = clEnqueueMapBuffer(q[last], b, CL_TRUE, CL_MAP_READ, 0, MD_SIZE, 0, NULL, NULL,
                                     &err);
    TA_CHECK(err);
    int filled = 1;
    for (size_t i = 0; i < MD_SIZE / 4; i++)
        filled &= p[i] == pattern;
    ta_check(event_status(mk) == CL_COMPLETE && filled,
             "a map on device %u after a cross-queue marker shows a fill from device 0", last);
    TA_CHECK(clEnqueueUnmapMemObject(q[last], b, p, 0, NULL, NULL));
    TA_CHECK(clFinish(q[last]));
    TA_CHECK(clReleaseEvent(f));
    TA_CHECK(clReleaseEvent(mk));

    for (cl_uint i = 0; i < n; i++)
        TA_CHECK(clReleaseCommandQueue(q[i]));
    TA_CHECK(clReleaseMemObject(a));
    TA_CHECK(clReleaseMemObject(b));
    free(q);
    free(data);
    free(back);
}
