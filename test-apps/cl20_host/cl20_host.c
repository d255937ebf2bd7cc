/*
 * cl20_host: the host-side habits of real programs built against OpenCL 2.0
 * headers (e.g. Hetero-Mark), which gcnsim must serve although it is a 1.2
 * platform: queues from clCreateCommandQueueWithProperties, a profiling event
 * waited on after every command, and clFlush followed by spinning on the
 * event status instead of clFinish. No kernels.
 */
#define CL_TARGET_OPENCL_VERSION 200
#include "testapp.h"

#include <string.h>
#include <time.h>

#define SIZE (1 << 20)

/* Flushes the queue and spins on the event until it is no longer pending;
 * returns its final status. */
static cl_int spin_until_done(cl_command_queue q, cl_event ev)
{
    TA_CHECK(clFlush(q));
    cl_int status = CL_QUEUED;
    for (long spins = 0; spins < 20000 && status > CL_COMPLETE; spins++) {
        TA_CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                                NULL));
        if (status > CL_COMPLETE) {
            struct timespec ms = {0, 1000000};
            nanosleep(&ms, NULL);
        }
    }
    return status;
}

int main(int argc, char **argv)
{
    ta_init(&argc, argv);
    cl_platform_id platform = ta_platform();
    cl_device_id device = ta_device(platform);
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    TA_CHECK(err);

    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, props, &err);
    ta_check_err(err, CL_SUCCESS, "clCreateCommandQueueWithProperties(PROFILING_ENABLE)");
    if (err != CL_SUCCESS)
        return ta_finish();
    cl_command_queue_properties got = 0;
    TA_CHECK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof got, &got, NULL));
    ta_check(got == CL_QUEUE_PROFILING_ENABLE, "the queue reports PROFILING_ENABLE");
    cl_command_queue plain = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateCommandQueueWithProperties(NULL)"))
        TA_CHECK(clReleaseCommandQueue(plain));

    unsigned char *data = malloc(SIZE), *back = malloc(SIZE);
    for (size_t i = 0; i < SIZE; i++)
        data[i] = (unsigned char)(i * 7 + 3);
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SIZE, NULL, &err);
    TA_CHECK(err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, SIZE, NULL, &err);
    TA_CHECK(err);

    /* Hetero-Mark style: every command gets an event, waited on at once. */
    cl_event ev;
    TA_CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, SIZE, data, 0, NULL, &ev));
    TA_CHECK(clWaitForEvents(1, &ev));
    ta_report_time("1 MiB write", ta_event_ns(ev));
    TA_CHECK(clReleaseEvent(ev));
    TA_CHECK(clEnqueueCopyBuffer(q, a, b, 0, 0, SIZE, 0, NULL, &ev));
    TA_CHECK(clWaitForEvents(1, &ev));
    ta_report_time("1 MiB copy", ta_event_ns(ev));
    TA_CHECK(clReleaseEvent(ev));

    /* Flush and spin, never clFinish. */
    TA_CHECK(clEnqueueReadBuffer(q, b, CL_FALSE, 0, SIZE, back, 0, NULL, &ev));
    cl_int status = spin_until_done(q, ev);
    ta_check(status == CL_COMPLETE, "a flushed read completes while the host spins (%d)",
             status);
    ta_check(memcmp(back, data, SIZE) == 0, "write, copy, read: the data came back");
    TA_CHECK(clReleaseEvent(ev));

    TA_CHECK(clReleaseMemObject(a));
    TA_CHECK(clReleaseMemObject(b));
    TA_CHECK(clReleaseCommandQueue(q));
    TA_CHECK(clReleaseContext(ctx));
    free(data);
    free(back);
    return ta_finish();
}
