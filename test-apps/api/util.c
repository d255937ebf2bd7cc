/* api_test: small helpers shared by the groups of checks. */
#define _POSIX_C_SOURCE 200809L
#include "api_test.h"

#include <string.h>
#include <time.h>

int has_word(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

int all_devices_list(const struct api_env *env, const char *extension)
{
    int all = 1;
    for (cl_uint i = 0; i < env->ndev; i++) {
        char *ext = ta_device_string(env->devices[i], CL_DEVICE_EXTENSIONS);
        all &= has_word(ext, extension);
        free(ext);
    }
    return all;
}

void fill_bytes(unsigned char *p, size_t n, unsigned seed)
{
    unsigned x = seed * 2654435761u + 1;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (unsigned char)(x >> 16);
    }
}

void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

int wait_for_count(const volatile int *counter, int want, int ms)
{
    for (int waited = 0; waited < ms; waited++) {
        if (__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= want)
            return 1;
        sleep_ms(1);
    }
    return __atomic_load_n(counter, __ATOMIC_ACQUIRE) >= want;
}

size_t sub_buffer_align(const struct api_env *env)
{
    size_t align = 1;
    for (cl_uint i = 0; i < env->ndev; i++) {
        cl_uint bits;
        TA_CHECK(clGetDeviceInfo(env->devices[i], CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits,
                                 &bits, NULL));
        if (bits / 8 > align)
            align = bits / 8;
    }
    return align;
}

cl_mem sub_buffer(cl_mem parent, cl_mem_flags flags, size_t origin, size_t size, cl_int *err)
{
    cl_buffer_region region = {origin, size};
    return clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION, &region, err);
}

cl_int event_status(cl_event event)
{
    cl_int status;
    TA_CHECK(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status,
                            NULL));
    return status;
}

cl_command_type command_type(cl_event event)
{
    cl_command_type type = 0;
    TA_CHECK(clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
    return type;
}

cl_uint info_uint(info_query query, const void *obj, cl_uint param)
{
    cl_uint v = 0;
    TA_CHECK(query(obj, param, sizeof v, &v, NULL));
    return v;
}

cl_int query_platform(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetPlatformInfo((cl_platform_id)obj, param, size, value, ret);
}

cl_int query_device(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetDeviceInfo((cl_device_id)obj, param, size, value, ret);
}

cl_int query_context(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetContextInfo((cl_context)obj, param, size, value, ret);
}

cl_int query_queue(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetCommandQueueInfo((cl_command_queue)obj, param, size, value, ret);
}

cl_int query_mem(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetMemObjectInfo((cl_mem)obj, param, size, value, ret);
}

cl_int query_event(const void *obj, cl_uint param, size_t size, void *value, size_t *ret)
{
    return clGetEventInfo((cl_event)obj, param, size, value, ret);
}

size_t check_info_sizes(info_query query, const void *obj, cl_uint param, const char *what)
{
    size_t size = 0, size2 = 0;
    cl_int err = query(obj, param, 0, NULL, &size);
    if (!ta_check_err(err, CL_SUCCESS, "%s: size query", what))
        return 0;
    unsigned char *value = malloc(size + 1);
    err = query(obj, param, size, value, &size2);
    ta_check(err == CL_SUCCESS && size2 == size,
             "%s: value query succeeds and reports the same size (%zu, %zu, %s)", what, size,
             size2, ta_error_name(err));
    if (size > 0)
        ta_check_err(query(obj, param, size - 1, value, NULL), CL_INVALID_VALUE,
                     "%s: a value buffer one byte too small", what);
    free(value);
    return size;
}

void check_info_table(info_query query, const void *obj, const struct info_param *params,
                      size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++) {
        char label[160];
        snprintf(label, sizeof label, "%s %s", what, params[i].name);
        size_t size = check_info_sizes(query, obj, params[i].param, label);
        if (params[i].size)
            ta_check(size == params[i].size, "%s: size %zu, expected %zu", label, size,
                     params[i].size);
        else
            ta_check(size > 0, "%s: non-empty value", label);
    }
    ta_check_err(query(obj, 0x7fff, 0, NULL, NULL) , CL_INVALID_VALUE,
                 "%s: an unknown parameter name", what);
}
