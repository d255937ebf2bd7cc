/* api_test: events — markers, barriers, wait lists, clWaitForEvents, progress
 * after clFlush, out-of-order queues, event callbacks, user events (also with
 * a negative status) and profiling information. */
#include "api_test.h"

#include <string.h>

#define EV_SIZE (1 << 20)

static const struct info_param event_params[] = {
    INFO(CL_EVENT_COMMAND_QUEUE, cl_command_queue),
    INFO(CL_EVENT_CONTEXT, cl_context),
    INFO(CL_EVENT_COMMAND_TYPE, cl_command_type),
    INFO(CL_EVENT_COMMAND_EXECUTION_STATUS, cl_int),
    INFO(CL_EVENT_REFERENCE_COUNT, cl_uint),
};

static cl_uint event_refs(cl_event ev)
{
    return info_uint(query_event, ev, CL_EVENT_REFERENCE_COUNT);
}

static cl_mem new_buffer(const struct api_env *env, size_t size)
{
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, size, NULL, &err);
    TA_CHECK(err);
    return m;
}

static void check_markers_and_barriers(const struct api_env *env)
{
    cl_mem m = new_buffer(env, EV_SIZE);
    unsigned char *data = malloc(EV_SIZE);
    fill_bytes(data, EV_SIZE, 41);
    cl_event w, marker, marker2, barrier, old_marker;
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_FALSE, 0, EV_SIZE, data, 0, NULL, &w));
    check_info_table(query_event, w, event_params, sizeof event_params / sizeof *event_params,
                     "clGetEventInfo");
    cl_command_queue q = NULL;
    cl_context ctx = NULL;
    TA_CHECK(clGetEventInfo(w, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL));
    TA_CHECK(clGetEventInfo(w, CL_EVENT_CONTEXT, sizeof ctx, &ctx, NULL));
    ta_check(q == env->queue, "CL_EVENT_COMMAND_QUEUE is the queue");
    ta_check(ctx == env->ctx, "CL_EVENT_CONTEXT is the queue's context");

    ta_check_err(clEnqueueMarkerWithWaitList(env->queue, 1, &w, &marker), CL_SUCCESS,
                 "clEnqueueMarkerWithWaitList");
    ta_check_err(clEnqueueMarkerWithWaitList(env->queue, 0, NULL, &marker2), CL_SUCCESS,
                 "clEnqueueMarkerWithWaitList without a wait list");
    ta_check_err(clEnqueueBarrierWithWaitList(env->queue, 1, &w, &barrier), CL_SUCCESS,
                 "clEnqueueBarrierWithWaitList");
    ta_check_err(clEnqueueMarker(env->queue, &old_marker), CL_SUCCESS, "clEnqueueMarker");
    ta_check_err(clEnqueueBarrier(env->queue), CL_SUCCESS, "clEnqueueBarrier");
    ta_check_err(clEnqueueBarrierWithWaitList(env->queue, 0, NULL, NULL), CL_SUCCESS,
                 "clEnqueueBarrierWithWaitList without a wait list or event");
    ta_check(command_type(marker) == CL_COMMAND_MARKER, "a marker's type is MARKER");
    ta_check(command_type(marker2) == CL_COMMAND_MARKER, "a plain marker's type is MARKER");
    ta_check(command_type(barrier) == CL_COMMAND_BARRIER, "a barrier's type is BARRIER");
    ta_check(command_type(old_marker) == CL_COMMAND_MARKER,
             "a clEnqueueMarker event's type is MARKER");
    ta_check_err(clWaitForEvents(1, &old_marker), CL_SUCCESS, "clWaitForEvents on a marker");
    ta_check(event_status(w) == CL_COMPLETE,
             "a command is complete once a later marker is (in-order queue)");
    cl_event all[3] = {marker, marker2, barrier};
    ta_check_err(clWaitForEvents(3, all), CL_SUCCESS, "clWaitForEvents on three events");
    ta_check(event_status(marker) == CL_COMPLETE && event_status(barrier) == CL_COMPLETE,
             "events waited on are CL_COMPLETE");

    cl_uint refs = event_refs(w);
    TA_CHECK(clRetainEvent(w));
    ta_check(event_refs(w) == refs + 1, "clRetainEvent adds one reference");
    TA_CHECK(clReleaseEvent(w));
    ta_check(event_refs(w) == refs, "clReleaseEvent removes one reference");

    /* Wait list errors. */
    unsigned char byte;
    cl_event with_null[2] = {w, NULL};
    ta_check_err(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, 1, &byte, 1, NULL, NULL),
                 CL_INVALID_EVENT_WAIT_LIST, "wait list: NULL list with a count of 1");
    ta_check_err(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, 1, &byte, 0, &w, NULL),
                 CL_INVALID_EVENT_WAIT_LIST, "wait list: a list with a count of 0");
    ta_check_err(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, 1, &byte, 2, with_null, NULL),
                 CL_INVALID_EVENT_WAIT_LIST, "wait list: a NULL event in the list");
    ta_check_err(clEnqueueMarkerWithWaitList(env->queue, 2, with_null, NULL),
                 CL_INVALID_EVENT_WAIT_LIST, "marker wait list: a NULL event in the list");
    ta_check_err(clWaitForEvents(0, NULL), CL_INVALID_VALUE, "clWaitForEvents(0, NULL)");
    ta_check_err(clWaitForEvents(2, with_null), CL_INVALID_EVENT,
                 "clWaitForEvents: a NULL event in the list");
    ta_check_err(clGetEventInfo(NULL, CL_EVENT_CONTEXT, sizeof ctx, &ctx, NULL), CL_INVALID_EVENT,
                 "clGetEventInfo(NULL)");
    ta_check_err(clRetainEvent(NULL), CL_INVALID_EVENT, "clRetainEvent(NULL)");

    cl_int err;
    cl_context other = clCreateContext(NULL, 1, env->devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_event foreign = clCreateUserEvent(other, &err);
    TA_CHECK(err);
    TA_CHECK(clSetUserEventStatus(foreign, CL_COMPLETE));
    ta_check_err(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, 1, &byte, 1, &foreign, NULL),
                 CL_INVALID_CONTEXT, "wait list: an event of another context");
    cl_event mixed[2] = {w, foreign};
    ta_check_err(clWaitForEvents(2, mixed), CL_INVALID_CONTEXT,
                 "clWaitForEvents: events of two contexts");
    TA_CHECK(clReleaseEvent(foreign));
    TA_CHECK(clReleaseContext(other));

    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(marker));
    TA_CHECK(clReleaseEvent(marker2));
    TA_CHECK(clReleaseEvent(barrier));
    TA_CHECK(clReleaseEvent(old_marker));
    TA_CHECK(clReleaseMemObject(m));
    free(data);
}

/* After clFlush a command completes on its own: spin on its status, never
 * calling clFinish, and see the status only move forward. */
static void check_progress_after_flush(const struct api_env *env)
{
    cl_mem m = new_buffer(env, EV_SIZE);
    unsigned char *data = malloc(EV_SIZE), *back = malloc(EV_SIZE);
    fill_bytes(data, EV_SIZE, 42);
    cl_event w, r;
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_FALSE, 0, EV_SIZE, data, 0, NULL, &w));
    TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_FALSE, 0, EV_SIZE, back, 1, &w, &r));
    TA_CHECK(clFlush(env->queue));
    cl_int last = CL_QUEUED, status = CL_QUEUED;
    int forward = 1;
    for (int ms = 0; ms < 20000; ms++) {
        status = event_status(r);
        forward &= status <= last;
        last = status;
        if (status <= CL_COMPLETE)
            break;
        sleep_ms(1);
    }
    ta_check(status == CL_COMPLETE,
             "after clFlush a read reaches CL_COMPLETE by itself (status %d)", status);
    ta_check(forward, "the execution status only moves forward");
    ta_check(event_status(w) == CL_COMPLETE, "the write it waited for is complete too");
    ta_check(memcmp(back, data, EV_SIZE) == 0, "and the read returned the written data");
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(r));
    TA_CHECK(clReleaseMemObject(m));
    free(data);
    free(back);
}

/* Out-of-order queue: dependencies given by events and barriers. */
static void check_out_of_order(const struct api_env *env)
{
    cl_command_queue_properties supported = 0;
    TA_CHECK(clGetDeviceInfo(env->devices[0], CL_DEVICE_QUEUE_PROPERTIES, sizeof supported,
                             &supported, NULL));
    if (!(supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
        return;
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(env->ctx, env->devices[0],
                                              CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
    TA_CHECK(err);
    cl_mem a = new_buffer(env, EV_SIZE), b = new_buffer(env, EV_SIZE);
    unsigned char *data = malloc(EV_SIZE), *back = malloc(EV_SIZE);
    fill_bytes(data, EV_SIZE, 43);
    cl_event w, c, r;
    TA_CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, EV_SIZE, data, 0, NULL, &w));
    TA_CHECK(clEnqueueCopyBuffer(q, a, b, 0, 0, EV_SIZE, 1, &w, &c));
    TA_CHECK(clEnqueueReadBuffer(q, b, CL_FALSE, 0, EV_SIZE, back, 1, &c, &r));
    TA_CHECK(clWaitForEvents(1, &r));
    ta_check(memcmp(back, data, EV_SIZE) == 0,
             "out-of-order queue: write -> copy -> read chained by events");

    fill_bytes(data, EV_SIZE, 44);
    memset(back, 0, EV_SIZE);
    TA_CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, EV_SIZE, data, 0, NULL, NULL));
    TA_CHECK(clEnqueueBarrierWithWaitList(q, 0, NULL, NULL));
    TA_CHECK(clEnqueueCopyBuffer(q, a, b, 0, 0, EV_SIZE, 0, NULL, NULL));
    TA_CHECK(clEnqueueBarrierWithWaitList(q, 0, NULL, NULL));
    TA_CHECK(clEnqueueReadBuffer(q, b, CL_FALSE, 0, EV_SIZE, back, 0, NULL, NULL));
    TA_CHECK(clFinish(q));
    ta_check(memcmp(back, data, EV_SIZE) == 0,
             "out-of-order queue: write -> copy -> read ordered by barriers");

    /* A marker without a wait list waits for every earlier command. */
    cl_event gate = clCreateUserEvent(env->ctx, &err), gated, marker;
    TA_CHECK(err);
    TA_CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, 64, data, 1, &gate, &gated));
    TA_CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker));
    TA_CHECK(clFlush(q));
    sleep_ms(10);
    ta_check(event_status(marker) > CL_COMPLETE,
             "out-of-order queue: a marker waits for an earlier blocked command");
    TA_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    ta_check_err(clWaitForEvents(1, &marker), CL_SUCCESS,
                 "out-of-order queue: the marker completes once it is unblocked");
    ta_check(event_status(gated) == CL_COMPLETE,
             "out-of-order queue: and the command before it is complete");
    TA_CHECK(clReleaseEvent(gate));
    TA_CHECK(clReleaseEvent(gated));
    TA_CHECK(clReleaseEvent(marker));
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(c));
    TA_CHECK(clReleaseEvent(r));
    TA_CHECK(clReleaseMemObject(a));
    TA_CHECK(clReleaseMemObject(b));
    TA_CHECK(clReleaseCommandQueue(q));
    free(data);
    free(back);
}

/* What event callbacks saw: how often each ran and with which status. */
struct callback_log {
    int calls;
    cl_int status;
};

static void CL_CALLBACK record_callback(cl_event ev, cl_int status, void *user_data)
{
    (void)ev;
    struct callback_log *log = user_data;
    log->status = status;
    __atomic_fetch_add(&log->calls, 1, __ATOMIC_ACQ_REL);
}

/* A CL_COMPLETE callback that completes the user event given as user_data. */
static void CL_CALLBACK complete_user_event(cl_event ev, cl_int status, void *user_data)
{
    (void)ev;
    (void)status;
    clSetUserEventStatus((cl_event)user_data, CL_COMPLETE);
}

/* A callback may call the API: here it releases a command waiting on the queue. */
static void check_callback_calling_api(const struct api_env *env)
{
    cl_int err;
    cl_event relay = clCreateUserEvent(env->ctx, &err);
    TA_CHECK(err);
    cl_mem m = new_buffer(env, 4096);
    unsigned char data[4096], back[4096];
    fill_bytes(data, sizeof data, 48);
    cl_event w, r;
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_FALSE, 0, sizeof data, data, 0, NULL, &w));
    TA_CHECK(clSetEventCallback(w, CL_COMPLETE, complete_user_event, relay));
    cl_command_queue other = env->queue;
    if (env->ndev > 1) {
        other = clCreateCommandQueue(env->ctx, env->devices[1], 0, &err);
        TA_CHECK(err);
    }
    TA_CHECK(clEnqueueReadBuffer(other, m, CL_FALSE, 0, sizeof back, back, 1, &relay, &r));
    TA_CHECK(clFlush(env->queue));
    TA_CHECK(clFlush(other));
    cl_int status = CL_QUEUED;
    for (int ms = 0; ms < 5000 && status > CL_COMPLETE; ms++) {
        status = event_status(r);
        if (status > CL_COMPLETE)
            sleep_ms(1);
    }
    ta_check(status == CL_COMPLETE && memcmp(back, data, sizeof data) == 0,
             "a command gated on a user event that a callback completes runs (status %d)",
             status);
    if (other != env->queue)
        TA_CHECK(clReleaseCommandQueue(other));
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(r));
    TA_CHECK(clReleaseEvent(relay));
    TA_CHECK(clReleaseMemObject(m));
}

static void check_callbacks(const struct api_env *env)
{
    cl_mem m = new_buffer(env, EV_SIZE);
    unsigned char *data = malloc(EV_SIZE);
    fill_bytes(data, EV_SIZE, 45);
    cl_int err;
    cl_event gate = clCreateUserEvent(env->ctx, &err);
    TA_CHECK(err);
    cl_event w;
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_FALSE, 0, EV_SIZE, data, 1, &gate, &w));
    static struct callback_log submitted, running, complete, late;
    memset(&submitted, 0, sizeof submitted);
    memset(&running, 0, sizeof running);
    memset(&complete, 0, sizeof complete);
    memset(&late, 0, sizeof late);
    ta_check_err(clSetEventCallback(w, CL_SUBMITTED, record_callback, &submitted), CL_SUCCESS,
                 "clSetEventCallback(CL_SUBMITTED)");
    ta_check_err(clSetEventCallback(w, CL_RUNNING, record_callback, &running), CL_SUCCESS,
                 "clSetEventCallback(CL_RUNNING)");
    ta_check_err(clSetEventCallback(w, CL_COMPLETE, record_callback, &complete), CL_SUCCESS,
                 "clSetEventCallback(CL_COMPLETE)");
    TA_CHECK(clFlush(env->queue));
    sleep_ms(10);
    ta_check(__atomic_load_n(&complete.calls, __ATOMIC_ACQUIRE) == 0,
             "a CL_COMPLETE callback does not run before the command completes");
    TA_CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
    TA_CHECK(clWaitForEvents(1, &w));
    ta_check(wait_for_count(&complete.calls, 1, 5000) && complete.status == CL_COMPLETE,
             "the CL_COMPLETE callback ran with status CL_COMPLETE");
    ta_check(wait_for_count(&running.calls, 1, 5000), "the CL_RUNNING callback ran");
    ta_check(wait_for_count(&submitted.calls, 1, 5000), "the CL_SUBMITTED callback ran");
    sleep_ms(10);
    ta_check(submitted.calls == 1 && running.calls == 1 && complete.calls == 1,
             "each callback ran exactly once");
    ta_check_err(clSetEventCallback(w, CL_COMPLETE, record_callback, &late), CL_SUCCESS,
                 "clSetEventCallback on a completed event");
    ta_check(wait_for_count(&late.calls, 1, 5000) && late.status == CL_COMPLETE,
             "a callback set on a completed event still runs");

    ta_check_err(clSetEventCallback(w, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE,
                 "clSetEventCallback: NULL callback");
    ta_check_err(clSetEventCallback(w, CL_QUEUED, record_callback, &late), CL_INVALID_VALUE,
                 "clSetEventCallback: CL_QUEUED is not a callback type");
    ta_check_err(clSetEventCallback(NULL, CL_COMPLETE, record_callback, &late), CL_INVALID_EVENT,
                 "clSetEventCallback: NULL event");
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseEvent(gate));
    TA_CHECK(clReleaseMemObject(m));
    free(data);
}

void check_events(const struct api_env *env)
{
    check_markers_and_barriers(env);
    check_progress_after_flush(env);
    check_out_of_order(env);
    check_callbacks(env);
    check_callback_calling_api(env);
}

/* A user event set to a negative status terminates the commands waiting for
 * it. Done in a context of its own: the spec leaves the state of a context
 * with a terminated command to the implementation. */
static void check_user_event_failure(const struct api_env *env)
{
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, env->devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, env->devices[0], 0, &err);
    TA_CHECK(err);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &err);
    TA_CHECK(err);
    cl_event gate = clCreateUserEvent(ctx, &err);
    TA_CHECK(err);
    unsigned char data[4096] = {0};
    cl_event w;
    TA_CHECK(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, sizeof data, data, 1, &gate, &w));
    static struct callback_log log;
    memset(&log, 0, sizeof log);
    TA_CHECK(clSetEventCallback(w, CL_COMPLETE, record_callback, &log));
    TA_CHECK(clFlush(q));
    TA_CHECK(clSetUserEventStatus(gate, -1));
    ta_check(event_status(gate) == -1, "a user event takes the negative status it was set to");
    cl_int status = CL_QUEUED;
    for (int ms = 0; ms < 5000 && status > CL_COMPLETE; ms++) {
        status = event_status(w);
        if (status > CL_COMPLETE)
            sleep_ms(1);
    }
    ta_check(status < 0,
             "a command waiting for a user event with a negative status ends with a negative "
             "status (%d)",
             status);
    ta_check_err(clWaitForEvents(1, &w), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                 "clWaitForEvents on the terminated command");
    ta_check_err(clWaitForEvents(1, &gate), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                 "clWaitForEvents on the failed user event");
    if (env->strict) /* PoCL 3.1 never calls it */
        ta_check(wait_for_count(&log.calls, 1, 5000) && log.status < 0,
                 "strict: the terminated command's CL_COMPLETE callback ran with a negative "
                 "status (%d calls, status %d)",
                 log.calls, log.status);
    clReleaseEvent(w);
    clReleaseEvent(gate);
    clReleaseMemObject(m);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
}

void check_user_events(const struct api_env *env)
{
    cl_int err;
    cl_event ue = clCreateUserEvent(env->ctx, &err);
    if (!ta_check_err(err, CL_SUCCESS, "clCreateUserEvent"))
        return;
    cl_command_queue q = (cl_command_queue)1;
    cl_context ctx = NULL;
    TA_CHECK(clGetEventInfo(ue, CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL));
    TA_CHECK(clGetEventInfo(ue, CL_EVENT_CONTEXT, sizeof ctx, &ctx, NULL));
    ta_check(event_status(ue) == CL_SUBMITTED, "a new user event is CL_SUBMITTED");
    ta_check(command_type(ue) == CL_COMMAND_USER, "a user event's type is USER");
    ta_check(q == NULL, "a user event has no queue");
    ta_check(ctx == env->ctx, "a user event's context");

    /* A read gated on the user event waits for it. */
    unsigned char data[4096], back[4096];
    fill_bytes(data, sizeof data, 46);
    memset(back, 0x5a, sizeof back);
    cl_mem m = new_buffer(env, sizeof data);
    TA_CHECK(clEnqueueWriteBuffer(env->queue, m, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
    cl_event r, after;
    TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_FALSE, 0, sizeof back, back, 1, &ue, &r));
    TA_CHECK(clEnqueueMarkerWithWaitList(env->queue, 0, NULL, &after));
    TA_CHECK(clFlush(env->queue));
    sleep_ms(20);
    ta_check(event_status(r) > CL_COMPLETE && back[0] == 0x5a && back[4095] == 0x5a,
             "a read waiting for a user event has not run");
    ta_check(event_status(after) > CL_COMPLETE,
             "a later command of the in-order queue has not run either");
    cl_ulong t;
    ta_check_err(clGetEventProfilingInfo(r, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL),
                 CL_PROFILING_INFO_NOT_AVAILABLE, "profiling info of an incomplete command");
    ta_check_err(clSetUserEventStatus(ue, CL_SUBMITTED), CL_INVALID_VALUE,
                 "clSetUserEventStatus(CL_SUBMITTED)");
    ta_check_err(clSetUserEventStatus(ue, CL_COMPLETE), CL_SUCCESS,
                 "clSetUserEventStatus(CL_COMPLETE)");
    ta_check_err(clWaitForEvents(1, &r), CL_SUCCESS, "the gated read then completes");
    ta_check(memcmp(back, data, sizeof data) == 0, "and returns the data");
    TA_CHECK(clWaitForEvents(1, &after));
    ta_check(event_status(ue) == CL_COMPLETE, "the user event is CL_COMPLETE");
    ta_check_err(clSetUserEventStatus(ue, CL_COMPLETE), CL_INVALID_OPERATION,
                 "clSetUserEventStatus a second time");
    ta_check_err(clGetEventProfilingInfo(ue, CL_PROFILING_COMMAND_QUEUED, sizeof t, &t, NULL),
                 CL_PROFILING_INFO_NOT_AVAILABLE, "profiling info of a user event");
    ta_check_err(clSetUserEventStatus(r, CL_COMPLETE), CL_INVALID_EVENT,
                 "clSetUserEventStatus on a command's event");
    ta_check_err(clSetUserEventStatus(NULL, CL_COMPLETE), CL_INVALID_EVENT,
                 "clSetUserEventStatus(NULL)");
    cl_event none = clCreateUserEvent(NULL, &err);
    ta_check(none == NULL && err == CL_INVALID_CONTEXT,
             "clCreateUserEvent(NULL context): CL_INVALID_CONTEXT (%s)", ta_error_name(err));
    TA_CHECK(clReleaseEvent(r));
    TA_CHECK(clReleaseEvent(after));
    TA_CHECK(clReleaseEvent(ue));
    TA_CHECK(clReleaseMemObject(m));

    check_user_event_failure(env);
}

struct profile {
    cl_ulong queued, submit, start, end;
};

static struct profile profile_of(cl_event ev)
{
    struct profile p;
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof p.queued, &p.queued,
                                     NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_SUBMIT, sizeof p.submit, &p.submit,
                                     NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof p.start, &p.start,
                                     NULL));
    TA_CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof p.end, &p.end, NULL));
    return p;
}

void check_profiling(const struct api_env *env)
{
    cl_mem a = new_buffer(env, EV_SIZE), b = new_buffer(env, EV_SIZE);
    unsigned char *data = malloc(EV_SIZE);
    fill_bytes(data, EV_SIZE, 47);
    cl_event ev[5];
    unsigned pattern = 0x12345678;
    TA_CHECK(clEnqueueWriteBuffer(env->queue, a, CL_FALSE, 0, EV_SIZE, data, 0, NULL, &ev[0]));
    TA_CHECK(clEnqueueCopyBuffer(env->queue, a, b, 0, 0, EV_SIZE, 0, NULL, &ev[1]));
    TA_CHECK(clEnqueueFillBuffer(env->queue, a, &pattern, 4, 0, EV_SIZE, 0, NULL, &ev[2]));
    TA_CHECK(clEnqueueReadBuffer(env->queue, b, CL_FALSE, 0, EV_SIZE, data, 0, NULL, &ev[3]));
    TA_CHECK(clEnqueueMarkerWithWaitList(env->queue, 0, NULL, &ev[4]));
    TA_CHECK(clWaitForEvents(5, ev));
    static const char *names[5] = {"write", "copy", "fill", "read", "marker"};
    struct profile prev = {0, 0, 0, 0};
    for (int i = 0; i < 5; i++) {
        struct profile p = profile_of(ev[i]);
        ta_check(p.queued <= p.submit && p.submit <= p.start && p.start <= p.end,
                 "%s: QUEUED <= SUBMIT <= START <= END (%llu %llu %llu %llu)", names[i],
                 (unsigned long long)p.queued, (unsigned long long)p.submit,
                 (unsigned long long)p.start, (unsigned long long)p.end);
        if (i > 0)
            ta_check(p.start >= prev.end, "%s starts after the previous command ends (in order)",
                     names[i]);
        prev = p;
    }
    ta_report_time("1 MiB buffer write", ta_event_ns(ev[0]));
    ta_report_time("1 MiB buffer copy", ta_event_ns(ev[1]));

    cl_ulong t;
    size_t size = 0;
    ta_check_err(clGetEventProfilingInfo(ev[0], CL_PROFILING_COMMAND_START, 0, NULL, &size),
                 CL_SUCCESS, "profiling size query");
    ta_check(size == sizeof(cl_ulong), "profiling values are cl_ulong");
    ta_check_err(clGetEventProfilingInfo(ev[0], CL_PROFILING_COMMAND_START, 4, &t, NULL),
                 CL_INVALID_VALUE, "clGetEventProfilingInfo into 4 bytes");
    ta_check_err(clGetEventProfilingInfo(ev[0], 0x7777, sizeof t, &t, NULL), CL_INVALID_VALUE,
                 "clGetEventProfilingInfo: unknown parameter");
    for (int i = 0; i < 5; i++)
        TA_CHECK(clReleaseEvent(ev[i]));

    cl_int err;
    cl_command_queue plain = clCreateCommandQueue(env->ctx, env->devices[0], 0, &err);
    TA_CHECK(err);
    cl_event w;
    TA_CHECK(clEnqueueWriteBuffer(plain, a, CL_TRUE, 0, 64, data, 0, NULL, &w));
    ta_check_err(clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL),
                 CL_PROFILING_INFO_NOT_AVAILABLE, "profiling info without PROFILING_ENABLE");
    TA_CHECK(clReleaseEvent(w));
    TA_CHECK(clReleaseCommandQueue(plain));
    TA_CHECK(clReleaseMemObject(a));
    TA_CHECK(clReleaseMemObject(b));
    free(data);
}
