/* api_test: buffer objects (clCreateBuffer flags and their forbidden
 * combinations, AMD's CL_MEM_USE_PERSISTENT_MEM_AMD, clGetMemObjectInfo, host
 * access flags), sub-buffers and destructor callbacks. */
#include "api_test.h"

#include <string.h>

#define SIZE 4096

static const struct info_param mem_params[] = {
    INFO(CL_MEM_TYPE, cl_mem_object_type),
    INFO(CL_MEM_FLAGS, cl_mem_flags),
    INFO(CL_MEM_SIZE, size_t),
    INFO(CL_MEM_HOST_PTR, void *),
    INFO(CL_MEM_MAP_COUNT, cl_uint),
    INFO(CL_MEM_REFERENCE_COUNT, cl_uint),
    INFO(CL_MEM_CONTEXT, cl_context),
    INFO(CL_MEM_ASSOCIATED_MEMOBJECT, cl_mem),
    INFO(CL_MEM_OFFSET, size_t),
};

struct mem_facts {
    cl_mem_object_type type;
    cl_mem_flags flags;
    size_t size, offset;
    void *host_ptr;
    cl_uint refs;
    cl_context ctx;
    cl_mem parent;
};

static struct mem_facts mem_facts(cl_mem m)
{
    struct mem_facts f;
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof f.type, &f.type, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof f.flags, &f.flags, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof f.size, &f.size, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_OFFSET, sizeof f.offset, &f.offset, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof f.host_ptr, &f.host_ptr, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof f.refs, &f.refs, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof f.ctx, &f.ctx, NULL));
    TA_CHECK(clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof f.parent, &f.parent, NULL));
    return f;
}

/* One accepted set of flags: the buffer is created, described correctly, and
 * (when the host may read it) holds the host data it was initialised from. */
static void check_valid_flags(const struct api_env *env, cl_mem_flags flags, const char *name)
{
    unsigned char *host = malloc(SIZE), *back = malloc(SIZE);
    fill_bytes(host, SIZE, (unsigned)flags);
    int from_host = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, flags, SIZE, from_host ? host : NULL, &err);
    if (!ta_check_err(err, CL_SUCCESS, "clCreateBuffer(%s)", name)) {
        free(host);
        free(back);
        return;
    }
    struct mem_facts f = mem_facts(m);
    ta_check(f.type == CL_MEM_OBJECT_BUFFER, "%s: CL_MEM_TYPE is BUFFER", name);
    ta_check(f.flags == flags, "%s: CL_MEM_FLAGS returns the flags given (0x%llx)", name,
             (unsigned long long)f.flags);
    ta_check(f.size == SIZE, "%s: CL_MEM_SIZE", name);
    ta_check(f.offset == 0, "%s: CL_MEM_OFFSET is 0", name);
    ta_check(f.refs == 1, "%s: reference count 1", name);
    ta_check(f.ctx == env->ctx, "%s: CL_MEM_CONTEXT", name);
    ta_check(f.parent == NULL, "%s: no associated memory object", name);
    ta_check(f.host_ptr == ((flags & CL_MEM_USE_HOST_PTR) ? host : NULL),
             "%s: CL_MEM_HOST_PTR is host_ptr with USE_HOST_PTR, else NULL", name);
    if (from_host && !(flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) {
        unsigned char *expect = malloc(SIZE);
        memcpy(expect, host, SIZE);
        if (flags & CL_MEM_COPY_HOST_PTR)
            memset(host, 0, SIZE); /* the buffer must not depend on host_ptr any more */
        memset(back, 0xee, SIZE);
        TA_CHECK(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, SIZE, back, 0, NULL, NULL));
        ta_check(memcmp(back, expect, SIZE) == 0, "%s: the buffer holds the host data", name);
        free(expect);
    }
    TA_CHECK(clReleaseMemObject(m));
    free(host);
    free(back);
}

/* A rejected set of flags or host pointer gives NULL and `want`. */
static void check_bad_create(const struct api_env *env, cl_mem_flags flags, size_t size,
                             void *host, cl_int want, const char *name)
{
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(env->ctx, flags, size, host, &err);
    ta_check(m == NULL && err == want, "clCreateBuffer(%s): NULL and %s (got %s)", name,
             ta_error_name(want), ta_error_name(err));
    if (m)
        clReleaseMemObject(m);
}

/* Host access flags forbid the matching host reads, writes and maps. */
static void check_host_access(const struct api_env *env)
{
    static const struct {
        cl_mem_flags flags;
        const char *name;
        int may_read, may_write;
    } cases[] = {
        {CL_MEM_HOST_WRITE_ONLY, "HOST_WRITE_ONLY", 0, 1},
        {CL_MEM_HOST_READ_ONLY, "HOST_READ_ONLY", 1, 0},
        {CL_MEM_HOST_NO_ACCESS, "HOST_NO_ACCESS", 0, 0},
    };
    unsigned char data[64] = {0};
    size_t origin[3] = {0, 0, 0}, region[3] = {16, 2, 1};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cl_int err;
        const char *name = cases[i].name;
        cl_mem m = clCreateBuffer(env->ctx, cases[i].flags, sizeof data, NULL, &err);
        TA_CHECK(err);
        cl_int want_read = cases[i].may_read ? CL_SUCCESS : CL_INVALID_OPERATION;
        cl_int want_write = cases[i].may_write ? CL_SUCCESS : CL_INVALID_OPERATION;
        ta_check_err(clEnqueueReadBuffer(env->queue, m, CL_TRUE, 0, 16, data, 0, NULL, NULL),
                     want_read, "%s: clEnqueueReadBuffer", name);
        ta_check_err(clEnqueueWriteBuffer(env->queue, m, CL_TRUE, 0, 16, data, 0, NULL, NULL),
                     want_write, "%s: clEnqueueWriteBuffer", name);
        ta_check_err(clEnqueueReadBufferRect(env->queue, m, CL_TRUE, origin, origin, region, 16,
                                             0, 16, 0, data, 0, NULL, NULL),
                     want_read, "%s: clEnqueueReadBufferRect", name);
        ta_check_err(clEnqueueWriteBufferRect(env->queue, m, CL_TRUE, origin, origin, region, 16,
                                              0, 16, 0, data, 0, NULL, NULL),
                     want_write, "%s: clEnqueueWriteBufferRect", name);
        void *p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL,
                                     &err);
        ta_check_err(err, want_read, "%s: clEnqueueMapBuffer(READ)", name);
        if (p)
            TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
        p = clEnqueueMapBuffer(env->queue, m, CL_TRUE, CL_MAP_WRITE, 0, 16, 0, NULL, NULL, &err);
        ta_check_err(err, want_write, "%s: clEnqueueMapBuffer(WRITE)", name);
        if (p)
            TA_CHECK(clEnqueueUnmapMemObject(env->queue, m, p, 0, NULL, NULL));
        unsigned pattern = 7;
        ta_check_err(clEnqueueFillBuffer(env->queue, m, &pattern, sizeof pattern, 0, sizeof data,
                                         0, NULL, NULL),
                     CL_SUCCESS, "%s: clEnqueueFillBuffer (not a host access)", name);
        TA_CHECK(clFinish(env->queue));
        TA_CHECK(clReleaseMemObject(m));
    }
}

/* AMD's CL_MEM_USE_PERSISTENT_MEM_AMD (cl_amd_device_memory_flags): valid
 * alone, with the access flags and with COPY_HOST_PTR; mutually exclusive with
 * USE_HOST_PTR and ALLOC_HOST_PTR (as AMD's cl_ext.h documentation and
 * runtime say). */
static void check_persistent_flags(const struct api_env *env)
{
    static const struct {
        cl_mem_flags flags;
        const char *name;
    } valid[] = {
        {CL_MEM_USE_PERSISTENT_MEM_AMD, "USE_PERSISTENT_MEM_AMD"},
        {CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_READ_ONLY, "USE_PERSISTENT_MEM_AMD|READ_ONLY"},
        {CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_WRITE_ONLY | CL_MEM_HOST_READ_ONLY,
         "USE_PERSISTENT_MEM_AMD|WRITE_ONLY|HOST_READ_ONLY"},
        {CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
         "USE_PERSISTENT_MEM_AMD|READ_WRITE|COPY_HOST_PTR"},
        {CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_HOST_WRITE_ONLY | CL_MEM_COPY_HOST_PTR,
         "USE_PERSISTENT_MEM_AMD|HOST_WRITE_ONLY|COPY_HOST_PTR"},
    };
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++)
        check_valid_flags(env, valid[i].flags, valid[i].name);
    unsigned char host[64] = {0};
    check_bad_create(env, CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_USE_HOST_PTR, sizeof host, host,
                     CL_INVALID_VALUE, "USE_PERSISTENT_MEM_AMD|USE_HOST_PTR");
    check_bad_create(env, CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_ALLOC_HOST_PTR, sizeof host, NULL,
                     CL_INVALID_VALUE, "USE_PERSISTENT_MEM_AMD|ALLOC_HOST_PTR");
    check_bad_create(env,
                     CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR,
                     sizeof host, host, CL_INVALID_VALUE,
                     "USE_PERSISTENT_MEM_AMD|ALLOC_HOST_PTR|COPY_HOST_PTR");
}

void check_buffers(const struct api_env *env)
{
    static const struct {
        cl_mem_flags flags;
        const char *name;
    } valid[] = {
        {CL_MEM_READ_WRITE, "READ_WRITE"},
        {CL_MEM_WRITE_ONLY, "WRITE_ONLY"},
        {CL_MEM_READ_ONLY, "READ_ONLY"},
        {CL_MEM_USE_HOST_PTR, "USE_HOST_PTR"},
        {CL_MEM_ALLOC_HOST_PTR, "ALLOC_HOST_PTR"},
        {CL_MEM_COPY_HOST_PTR, "COPY_HOST_PTR"},
        {CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, "ALLOC_HOST_PTR|COPY_HOST_PTR"},
        {CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, "READ_ONLY|USE_HOST_PTR"},
        {CL_MEM_WRITE_ONLY | CL_MEM_COPY_HOST_PTR, "WRITE_ONLY|COPY_HOST_PTR"},
        {CL_MEM_HOST_WRITE_ONLY, "HOST_WRITE_ONLY"},
        {CL_MEM_HOST_READ_ONLY | CL_MEM_COPY_HOST_PTR, "HOST_READ_ONLY|COPY_HOST_PTR"},
        {CL_MEM_HOST_NO_ACCESS | CL_MEM_COPY_HOST_PTR, "HOST_NO_ACCESS|COPY_HOST_PTR"},
        {CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, "READ_ONLY|HOST_WRITE_ONLY"},
    };
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++)
        check_valid_flags(env, valid[i].flags, valid[i].name);

    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, 0, SIZE, NULL, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateBuffer with flags 0 (READ_WRITE)")) {
        check_info_table(query_mem, m, mem_params, sizeof mem_params / sizeof *mem_params,
                         "clGetMemObjectInfo");
        TA_CHECK(clRetainMemObject(m));
        ta_check(mem_facts(m).refs == 2, "clRetainMemObject adds one reference");
        TA_CHECK(clReleaseMemObject(m));
        ta_check(mem_facts(m).refs == 1, "clReleaseMemObject removes one reference");
        TA_CHECK(clReleaseMemObject(m));
    }

    unsigned char host[64];
    cl_ulong max_alloc;
    TA_CHECK(clGetDeviceInfo(env->devices[0], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof max_alloc,
                             &max_alloc, NULL));
    for (cl_uint i = 1; i < env->ndev; i++) {
        cl_ulong other;
        TA_CHECK(clGetDeviceInfo(env->devices[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof other,
                                 &other, NULL));
        if (other > max_alloc)
            max_alloc = other;
    }
    check_bad_create(env, CL_MEM_READ_WRITE, 0, NULL, CL_INVALID_BUFFER_SIZE, "size 0");
    if (max_alloc < (cl_ulong)SIZE_MAX)
        check_bad_create(env, CL_MEM_READ_WRITE, (size_t)max_alloc + 1, NULL,
                         CL_INVALID_BUFFER_SIZE, "size above MAX_MEM_ALLOC_SIZE");
    check_bad_create(env, CL_MEM_USE_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR,
                     "USE_HOST_PTR with NULL host_ptr");
    check_bad_create(env, CL_MEM_COPY_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR,
                     "COPY_HOST_PTR with NULL host_ptr");
    check_bad_create(env, CL_MEM_READ_WRITE, 64, host, CL_INVALID_HOST_PTR,
                     "host_ptr without USE/COPY_HOST_PTR");
    check_bad_create(env, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host, CL_INVALID_VALUE,
                     "USE_HOST_PTR|ALLOC_HOST_PTR");
    check_bad_create(env, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, CL_INVALID_VALUE,
                     "USE_HOST_PTR|COPY_HOST_PTR");
    check_bad_create(env, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE,
                     "READ_ONLY|WRITE_ONLY");
    check_bad_create(env, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, NULL, CL_INVALID_VALUE,
                     "READ_WRITE|READ_ONLY");
    check_bad_create(env, CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, 64, NULL,
                     CL_INVALID_VALUE, "HOST_WRITE_ONLY|HOST_READ_ONLY");
    check_bad_create(env, CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_WRITE_ONLY, 64, NULL,
                     CL_INVALID_VALUE, "HOST_NO_ACCESS|HOST_WRITE_ONLY");
    check_bad_create(env, (cl_mem_flags)1 << 20, 64, NULL, CL_INVALID_VALUE, "an unknown flag");
    m = clCreateBuffer(NULL, CL_MEM_READ_WRITE, 64, NULL, &err);
    ta_check_err(err, CL_INVALID_CONTEXT, "clCreateBuffer: NULL context");
    ta_check_err(clGetMemObjectInfo(NULL, CL_MEM_SIZE, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
                 "clGetMemObjectInfo(NULL)");
    ta_check_err(clRetainMemObject(NULL), CL_INVALID_MEM_OBJECT, "clRetainMemObject(NULL)");
    ta_check_err(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT, "clReleaseMemObject(NULL)");

    check_host_access(env);
    if (env->persistent_mem)
        check_persistent_flags(env);
}


void check_sub_buffers(const struct api_env *env)
{
    size_t align = sub_buffer_align(env);
    size_t size = 4 * align;
    unsigned char *data = malloc(size), *back = malloc(size);
    fill_bytes(data, size, 11);
    cl_int err;
    cl_mem parent = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, size, data,
                                   &err);
    TA_CHECK(err);

    cl_mem sub = sub_buffer(parent, CL_MEM_READ_WRITE, align, 2 * align, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateSubBuffer at an aligned offset (%zu)", align)) {
        struct mem_facts f = mem_facts(sub);
        ta_check(f.type == CL_MEM_OBJECT_BUFFER, "sub-buffer: CL_MEM_TYPE is BUFFER");
        ta_check(f.size == 2 * align, "sub-buffer: CL_MEM_SIZE is the region size");
        ta_check(f.offset == align, "sub-buffer: CL_MEM_OFFSET is the region origin");
        ta_check(f.parent == parent, "sub-buffer: CL_MEM_ASSOCIATED_MEMOBJECT is the parent");
        ta_check(f.ctx == env->ctx, "sub-buffer: CL_MEM_CONTEXT is the parent's");

        TA_CHECK(clEnqueueReadBuffer(env->queue, sub, CL_TRUE, 0, 2 * align, back, 0, NULL, NULL));
        ta_check(memcmp(back, data + align, 2 * align) == 0,
                 "sub-buffer: reading it reads the parent's region");
        fill_bytes(data + align + 8, 16, 12);
        TA_CHECK(clEnqueueWriteBuffer(env->queue, sub, CL_TRUE, 8, 16, data + align + 8, 0, NULL,
                                      NULL));
        TA_CHECK(clEnqueueReadBuffer(env->queue, parent, CL_TRUE, 0, size, back, 0, NULL, NULL));
        ta_check(memcmp(back, data, size) == 0,
                 "sub-buffer: writing it writes the parent at origin + offset");

        cl_mem subsub = sub_buffer(sub, CL_MEM_READ_WRITE, 0, align, &err);
        ta_check(subsub == NULL && err == CL_INVALID_MEM_OBJECT,
                 "clCreateSubBuffer of a sub-buffer: CL_INVALID_MEM_OBJECT (%s)",
                 ta_error_name(err));
        TA_CHECK(clReleaseMemObject(sub));
    }

    if (align > 1) {
        sub = sub_buffer(parent, CL_MEM_READ_WRITE, 1, align, &err);
        ta_check(sub == NULL && err == CL_MISALIGNED_SUB_BUFFER_OFFSET,
                 "clCreateSubBuffer at offset 1: CL_MISALIGNED_SUB_BUFFER_OFFSET (%s)",
                 ta_error_name(err));
    }
    sub = sub_buffer(parent, CL_MEM_READ_WRITE, align, size, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: a region past the end");
    sub = sub_buffer(parent, CL_MEM_READ_WRITE, 0, 0, &err);
    ta_check_err(err, CL_INVALID_BUFFER_SIZE, "clCreateSubBuffer: size 0");
    sub = sub_buffer(parent, CL_MEM_USE_HOST_PTR, 0, align, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: USE_HOST_PTR flag");
    if (env->strict) { /* PoCL 3.1 creates it */
        sub = sub_buffer(parent, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 0, align, &err);
        ta_check_err(err, CL_INVALID_VALUE, "strict: clCreateSubBuffer: READ_ONLY|WRITE_ONLY");
    }
    cl_buffer_region region = {0, align};
    sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, 0x7777, &region, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: unknown create type");
    sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: NULL region");
    TA_CHECK(clReleaseMemObject(parent));

    /* Access flags may only narrow the parent's. */
    parent = clCreateBuffer(env->ctx, CL_MEM_WRITE_ONLY | CL_MEM_HOST_WRITE_ONLY, size, NULL, &err);
    TA_CHECK(err);
    sub = sub_buffer(parent, CL_MEM_READ_ONLY, 0, align, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: READ_ONLY of a WRITE_ONLY parent");
    sub = sub_buffer(parent, CL_MEM_READ_WRITE, 0, align, &err);
    ta_check_err(err, CL_INVALID_VALUE, "clCreateSubBuffer: READ_WRITE of a WRITE_ONLY parent");
    sub = sub_buffer(parent, CL_MEM_HOST_READ_ONLY, 0, align, &err);
    ta_check_err(err, CL_INVALID_VALUE,
                 "clCreateSubBuffer: HOST_READ_ONLY of a HOST_WRITE_ONLY parent");
    sub = sub_buffer(parent, 0, 0, align, &err);
    if (ta_check_err(err, CL_SUCCESS, "clCreateSubBuffer: flags 0 inherit the parent's")) {
        unsigned char byte = 0;
        ta_check_err(clEnqueueReadBuffer(env->queue, sub, CL_TRUE, 0, 1, &byte, 0, NULL, NULL),
                     CL_INVALID_OPERATION, "a sub-buffer inherits HOST_WRITE_ONLY");
        TA_CHECK(clReleaseMemObject(sub));
    }
    TA_CHECK(clReleaseMemObject(parent));

    if (env->persistent_mem) {
        /* A sub-buffer of a persistent buffer is persistent memory too. */
        cl_mem_flags flags = CL_MEM_USE_PERSISTENT_MEM_AMD | CL_MEM_COPY_HOST_PTR;
        parent = clCreateBuffer(env->ctx, flags, size, data, &err);
        TA_CHECK(err);
        sub = sub_buffer(parent, 0, align, align, &err);
        if (ta_check_err(err, CL_SUCCESS, "clCreateSubBuffer of a USE_PERSISTENT_MEM_AMD buffer")) {
            ta_check(mem_facts(sub).flags & CL_MEM_USE_PERSISTENT_MEM_AMD,
                     "a sub-buffer with flags 0 inherits USE_PERSISTENT_MEM_AMD");
            unsigned char *p = clEnqueueMapBuffer(env->queue, sub, CL_TRUE, CL_MAP_READ, 0, align,
                                                  0, NULL, NULL, &err);
            if (ta_check_err(err, CL_SUCCESS, "clEnqueueMapBuffer of a persistent sub-buffer")) {
                ta_check(memcmp(p, data + align, align) == 0,
                         "a persistent sub-buffer's map shows the parent's region");
                TA_CHECK(clEnqueueUnmapMemObject(env->queue, sub, p, 0, NULL, NULL));
            }
            TA_CHECK(clFinish(env->queue));
            TA_CHECK(clReleaseMemObject(sub));
        }
        TA_CHECK(clReleaseMemObject(parent));
    }
    free(data);
    free(back);
}

/* Destructor callbacks record the order they ran in. */
struct destructor_log {
    int count;
    int order[8];
};

static struct destructor_log dlog;

static void CL_CALLBACK destructor(cl_mem m, void *user_data)
{
    (void)m;
    int slot = __atomic_fetch_add(&dlog.count, 1, __ATOMIC_ACQ_REL);
    if (slot < 8)
        dlog.order[slot] = (int)(size_t)user_data;
}

void check_destructors(const struct api_env *env)
{
    cl_int err;
    cl_mem m = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, 256, NULL, &err);
    TA_CHECK(err);
    memset(&dlog, 0, sizeof dlog);
    for (size_t i = 1; i <= 3; i++)
        TA_CHECK(clSetMemObjectDestructorCallback(m, destructor, (void *)i));
    ta_check_err(clSetMemObjectDestructorCallback(m, NULL, NULL), CL_INVALID_VALUE,
                 "clSetMemObjectDestructorCallback: NULL callback");
    ta_check_err(clSetMemObjectDestructorCallback(NULL, destructor, NULL), CL_INVALID_MEM_OBJECT,
                 "clSetMemObjectDestructorCallback: NULL memory object");
    ta_check(__atomic_load_n(&dlog.count, __ATOMIC_ACQUIRE) == 0,
             "destructor callbacks do not run while the object lives");
    TA_CHECK(clReleaseMemObject(m));
    ta_check(wait_for_count(&dlog.count, 3, 5000), "all three destructor callbacks ran");
    ta_check(dlog.order[0] == 3 && dlog.order[1] == 2 && dlog.order[2] == 1,
             "destructor callbacks ran in reverse order of registration (%d %d %d)",
             dlog.order[0], dlog.order[1], dlog.order[2]);

    /* A parent outlives its sub-buffers. */
    size_t align = sub_buffer_align(env);
    m = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, 2 * align, NULL, &err);
    TA_CHECK(err);
    cl_mem sub = sub_buffer(m, CL_MEM_READ_WRITE, align, align, &err);
    TA_CHECK(err);
    memset(&dlog, 0, sizeof dlog);
    TA_CHECK(clSetMemObjectDestructorCallback(m, destructor, (void *)1));
    TA_CHECK(clSetMemObjectDestructorCallback(sub, destructor, (void *)2));
    TA_CHECK(clReleaseMemObject(m));
    TA_CHECK(clFinish(env->queue));
    sleep_ms(20);
    ta_check(__atomic_load_n(&dlog.count, __ATOMIC_ACQUIRE) == 0,
             "a released parent is not destroyed while a sub-buffer lives");
    TA_CHECK(clReleaseMemObject(sub));
    ta_check(wait_for_count(&dlog.count, 2, 5000) && dlog.order[0] == 2 && dlog.order[1] == 1,
             "releasing the sub-buffer destroys it and then the parent");

    /* USE_HOST_PTR: the callback says when the host memory may be reused. */
    unsigned char host[256];
    m = clCreateBuffer(env->ctx, CL_MEM_USE_HOST_PTR, sizeof host, host, &err);
    TA_CHECK(err);
    memset(&dlog, 0, sizeof dlog);
    TA_CHECK(clSetMemObjectDestructorCallback(m, destructor, (void *)5));
    TA_CHECK(clReleaseMemObject(m));
    ta_check(wait_for_count(&dlog.count, 1, 5000) && dlog.order[0] == 5,
             "the destructor callback of a USE_HOST_PTR buffer ran");
}
