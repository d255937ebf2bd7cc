/* api_test: contexts (clCreateContext, clCreateContextFromType,
 * clGetContextInfo, retain/release) and command queues. */
#include "api_test.h"

#include <string.h>

static const struct info_param context_params[] = {
    INFO(CL_CONTEXT_REFERENCE_COUNT, cl_uint),
    INFO(CL_CONTEXT_NUM_DEVICES, cl_uint),
    INFO_VAR(CL_CONTEXT_DEVICES),
};

static const struct info_param queue_params[] = {
    INFO(CL_QUEUE_CONTEXT, cl_context),
    INFO(CL_QUEUE_DEVICE, cl_device_id),
    INFO(CL_QUEUE_REFERENCE_COUNT, cl_uint),
    INFO(CL_QUEUE_PROPERTIES, cl_command_queue_properties),
};

static void CL_CALLBACK notify(const char *errinfo, const void *private_info, size_t cb,
                               void *user_data)
{
    (void)errinfo;
    (void)private_info;
    (void)cb;
    (void)user_data;
}

static cl_uint context_uint(cl_context ctx, cl_context_info param)
{
    return info_uint(query_context, ctx, param);
}

static cl_uint queue_refs(cl_command_queue q)
{
    return info_uint(query_queue, q, CL_QUEUE_REFERENCE_COUNT);
}

/* A context from a device list: its info reports exactly those devices. */
static void check_context_from_devices(const struct api_env *env)
{
    check_info_table(query_context, env->ctx, context_params,
                     sizeof context_params / sizeof *context_params, "clGetContextInfo");
    ta_check(context_uint(env->ctx, CL_CONTEXT_NUM_DEVICES) == env->ndev,
             "CL_CONTEXT_NUM_DEVICES is the number of devices given");
    cl_device_id *devs = calloc(env->ndev, sizeof *devs);
    size_t size = 0;
    TA_CHECK(clGetContextInfo(env->ctx, CL_CONTEXT_DEVICES, env->ndev * sizeof *devs, devs,
                              &size));
    ta_check(size == env->ndev * sizeof *devs &&
                 memcmp(devs, env->devices, env->ndev * sizeof *devs) == 0,
             "CL_CONTEXT_DEVICES lists the devices given, in order");
    free(devs);
    cl_context_properties props[4] = {-1, -1, -1, -1};
    TA_CHECK(clGetContextInfo(env->ctx, CL_CONTEXT_PROPERTIES, sizeof props, props, &size));
    ta_check(size == 0 || (size == sizeof *props && props[0] == 0),
             "CL_CONTEXT_PROPERTIES of a context created without properties is empty");

    /* The count includes the references queues and buffers hold. */
    cl_uint refs = context_uint(env->ctx, CL_CONTEXT_REFERENCE_COUNT);
    TA_CHECK(clRetainContext(env->ctx));
    ta_check(context_uint(env->ctx, CL_CONTEXT_REFERENCE_COUNT) == refs + 1,
             "clRetainContext adds one reference");
    TA_CHECK(clReleaseContext(env->ctx));
    ta_check(context_uint(env->ctx, CL_CONTEXT_REFERENCE_COUNT) == refs,
             "clReleaseContext removes one reference");

    /* A single-device context from the last device. */
    cl_int err;
    cl_context one = clCreateContext(NULL, 1, &env->devices[env->ndev - 1], NULL, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateContext with the last device")) {
        cl_device_id d = NULL;
        TA_CHECK(clGetContextInfo(one, CL_CONTEXT_DEVICES, sizeof d, &d, NULL));
        ta_check(d == env->devices[env->ndev - 1], "a one-device context holds that device");
        ta_check(context_uint(one, CL_CONTEXT_REFERENCE_COUNT) == 1,
                 "a new context's reference count is 1");
        TA_CHECK(clReleaseContext(one));
    }
}

/* Properties, the notify callback, clCreateContextFromType. */
static void check_context_properties(const struct api_env *env)
{
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform,
                                     0};
    cl_int err;
    int tag = 0;
    cl_context ctx = clCreateContext(props, env->ndev, env->devices, notify, &tag, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateContext with a platform property and callback")) {
        cl_context_properties got[4] = {0};
        size_t size = 0;
        TA_CHECK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof got, got, &size));
        ta_check(size == sizeof props && memcmp(got, props, sizeof props) == 0,
                 "CL_CONTEXT_PROPERTIES returns the properties given");
        TA_CHECK(clReleaseContext(ctx));
    }

    cl_device_type type = ta_device_type(env->platform);
    ctx = clCreateContextFromType(props, type, notify, &tag, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateContextFromType(0x%llx)",
                     (unsigned long long)type)) {
        ta_check(context_uint(ctx, CL_CONTEXT_NUM_DEVICES) == env->ndev,
                 "a context from type has every device of that type");
        TA_CHECK(clReleaseContext(ctx));
    }
    ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_DEFAULT, NULL, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateContextFromType(DEFAULT)")) {
        ta_check(context_uint(ctx, CL_CONTEXT_NUM_DEVICES) >= 1,
                 "a context from type DEFAULT has a device");
        TA_CHECK(clReleaseContext(ctx));
    }
    ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateContextFromType(ALL)"))
        TA_CHECK(clReleaseContext(ctx));
}

static void check_context_errors(const struct api_env *env)
{
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform,
                                     0};
    cl_int err = CL_SUCCESS;
    cl_context ctx;
    int tag = 0;

    ctx = clCreateContext(props, 0, env->devices, NULL, NULL, &err);
    ta_check(ctx == NULL && err == CL_INVALID_VALUE,
             "clCreateContext: num_devices 0 gives NULL and CL_INVALID_VALUE (%s)",
             ta_error_name(err));
    ctx = clCreateContext(props, 1, NULL, NULL, NULL, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateContext: devices NULL");
    cl_device_id with_null[2] = {env->devices[0], NULL};
    ctx = clCreateContext(props, 2, with_null, NULL, NULL, &err);
    ta_check_err(err, CL_INVALID_DEVICE, "clCreateContext: a NULL device in the list");
    ctx = clCreateContext(props, 1, env->devices, NULL, &tag, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateContext: user_data without a callback");
    cl_context_properties unknown[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform,
                                       0x7777, 1, 0};
    ctx = clCreateContext(unknown, 1, env->devices, NULL, NULL, &err);
    ta_check_err(err, CL_INVALID_PROPERTY, "clCreateContext: an unknown property name");
    cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform,
                                     CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform,
                                     0};
    ctx = clCreateContext(twice, 1, env->devices, NULL, NULL, &err);
    ta_check_err(err, CL_INVALID_PROPERTY, "clCreateContext: a property given twice");

    if (env->strict) { /* PoCL 3.1 says CL_DEVICE_NOT_FOUND */
        ctx = clCreateContextFromType(props, (cl_device_type)1 << 40, NULL, NULL, &err);
        ta_check_err(err, CL_INVALID_DEVICE_TYPE,
                     "strict: clCreateContextFromType: an unknown device type");
    }
    ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, &tag, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateContextFromType: user_data without callback");
    cl_device_type absent = 0;
    cl_uint n = 0;
    if (clGetDeviceIDs(env->platform, CL_DEVICE_TYPE_ACCELERATOR, 0, NULL, &n) ==
        CL_DEVICE_NOT_FOUND)
        absent = CL_DEVICE_TYPE_ACCELERATOR;
    if (absent) {
        ctx = clCreateContextFromType(props, absent, NULL, NULL, &err);
        ta_check_err(err, CL_DEVICE_NOT_FOUND, "clCreateContextFromType: a type with no device");
    }

    ta_check_err(clGetContextInfo(NULL, CL_CONTEXT_NUM_DEVICES, sizeof n, &n, NULL), CL_INVALID_CONTEXT,
                 "clGetContextInfo: NULL context");
    ta_check_err(clRetainContext(NULL), CL_INVALID_CONTEXT, "clRetainContext(NULL)");
    ta_check_err(clReleaseContext(NULL), CL_INVALID_CONTEXT, "clReleaseContext(NULL)");
}

void check_contexts(const struct api_env *env)
{
    check_context_from_devices(env);
    check_context_properties(env);
    check_context_errors(env);
}

/* Creates a queue on devices[0] of env->ctx with `props`; checks its info. */
static void check_queue_kind(const struct api_env *env, cl_command_queue_properties props,
                             const char *kind)
{
    cl_int err;
    cl_command_queue q = clCreateCommandQueue(env->ctx, env->devices[0], props, &err);
    if (!ta_check_err(err, CL_SUCCESS, "clCreateCommandQueue (%s)", kind))
        return;
    cl_context ctx = NULL;
    cl_device_id dev = NULL;
    cl_command_queue_properties got = ~(cl_command_queue_properties)0;
    TA_CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL));
    TA_CHECK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL));
    TA_CHECK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof got, &got, NULL));
    ta_check(ctx == env->ctx, "%s queue: CL_QUEUE_CONTEXT", kind);
    ta_check(dev == env->devices[0], "%s queue: CL_QUEUE_DEVICE", kind);
    ta_check(got == props, "%s queue: CL_QUEUE_PROPERTIES returns the properties given", kind);
    ta_check(queue_refs(q) == 1, "%s queue: reference count 1", kind);
    ta_check_err(clFlush(q), CL_SUCCESS, "%s queue: clFlush of an empty queue", kind);
    ta_check_err(clFinish(q), CL_SUCCESS, "%s queue: clFinish of an empty queue", kind);
    TA_CHECK(clReleaseCommandQueue(q));
}

void check_queues(const struct api_env *env)
{
    check_info_table(query_queue, env->queue, queue_params,
                     sizeof queue_params / sizeof *queue_params, "clGetCommandQueueInfo");
    check_queue_kind(env, 0, "in-order");
    check_queue_kind(env, CL_QUEUE_PROFILING_ENABLE, "profiling");
    cl_command_queue_properties supported = 0;
    TA_CHECK(clGetDeviceInfo(env->devices[0], CL_DEVICE_QUEUE_PROPERTIES, sizeof supported,
                             &supported, NULL));
    cl_int err;
    if (supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
        check_queue_kind(env, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, "out-of-order");
        check_queue_kind(env,
                         CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE,
                         "out-of-order profiling");
    } else {
        cl_command_queue q = clCreateCommandQueue(
            env->ctx, env->devices[0], CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
        ta_check(q == NULL && err == CL_INVALID_QUEUE_PROPERTIES,
                 "out-of-order queue on a device without it: CL_INVALID_QUEUE_PROPERTIES");
    }

    /* Reference counting; a queue keeps its context alive. */
    TA_CHECK(clRetainCommandQueue(env->queue));
    ta_check(queue_refs(env->queue) == 2, "clRetainCommandQueue adds one reference");
    TA_CHECK(clReleaseCommandQueue(env->queue));
    ta_check(queue_refs(env->queue) == 1, "clReleaseCommandQueue removes one reference");
    cl_context ctx = clCreateContext(NULL, 1, env->devices, NULL, NULL, &err);
    TA_CHECK(err);
    cl_command_queue q = clCreateCommandQueue(ctx, env->devices[0], 0, &err);
    TA_CHECK(err);
    TA_CHECK(clReleaseContext(ctx));
    cl_context still = NULL;
    TA_CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof still, &still, NULL));
    ta_check(still == ctx && context_uint(still, CL_CONTEXT_NUM_DEVICES) == 1,
             "a queue keeps its released context alive");

    /* Errors. */
    cl_command_queue bad;
    bad = clCreateCommandQueue(env->ctx, env->devices[0], (cl_command_queue_properties)1 << 12,
                               &err);
    ta_check(bad == NULL && err == CL_INVALID_VALUE,
             "clCreateCommandQueue: unknown property bit gives CL_INVALID_VALUE (%s)",
             ta_error_name(err));
    bad = clCreateCommandQueue(env->ctx, NULL, 0, &err);
    ta_check_err(err, CL_INVALID_DEVICE, "clCreateCommandQueue: NULL device");
    if (env->ndev >= 2) {
        bad = clCreateCommandQueue(still, env->devices[1], 0, &err);
        ta_check_err(err, CL_INVALID_DEVICE, "clCreateCommandQueue: a device not in the context");
    }
    bad = clCreateCommandQueue(NULL, env->devices[0], 0, &err);
    ta_check_err(err, CL_INVALID_CONTEXT, "clCreateCommandQueue: NULL context");
    ta_check_err(clFinish(NULL), CL_INVALID_COMMAND_QUEUE, "clFinish(NULL)");
    ta_check_err(clFlush(NULL), CL_INVALID_COMMAND_QUEUE, "clFlush(NULL)");
    ta_check_err(clRetainCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE,
                 "clRetainCommandQueue(NULL)");
    TA_CHECK(clReleaseCommandQueue(q));
}
