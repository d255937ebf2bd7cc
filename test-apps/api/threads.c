/* api_test: the API used from several host threads at once (OpenCL 1.2 API
 * calls other than clSetKernelArg are thread-safe). */
#include "api_test.h"

#include <pthread.h>
#include <string.h>

#define THREADS 4
#define ROUNDS 40
#define T_SIZE (64 * 1024)

struct worker {
    const struct api_env *env;
    unsigned index;
    int mismatches; /* rounds whose data did not come back */
    cl_int error;   /* first OpenCL error, CL_SUCCESS if none */
};

/* Each worker: its own queue (on device index % ndev) and buffer; writes,
 * copies within the buffer, reads back and compares, ROUNDS times. */
static void *work(void *arg)
{
    struct worker *w = arg;
    const struct api_env *env = w->env;
    cl_int err;
    cl_command_queue q =
        clCreateCommandQueue(env->ctx, env->devices[w->index % env->ndev], 0, &err);
    if (err != CL_SUCCESS) {
        w->error = err;
        return NULL;
    }
    cl_mem m = clCreateBuffer(env->ctx, CL_MEM_READ_WRITE, 2 * T_SIZE, NULL, &err);
    unsigned char *data = malloc(T_SIZE), *back = malloc(T_SIZE);
    for (unsigned r = 0; r < ROUNDS && err == CL_SUCCESS; r++) {
        cl_event ev = NULL;
        fill_bytes(data, T_SIZE, w->index * 1000 + r);
        err = clEnqueueWriteBuffer(q, m, CL_FALSE, 0, T_SIZE, data, 0, NULL, NULL);
        if (err == CL_SUCCESS)
            err = clEnqueueCopyBuffer(q, m, m, 0, T_SIZE, T_SIZE, 0, NULL, &ev);
        if (err == CL_SUCCESS)
            err = clEnqueueReadBuffer(q, m, CL_FALSE, T_SIZE, T_SIZE, back, 1, &ev, NULL);
        if (err == CL_SUCCESS)
            err = clFinish(q);
        if (ev)
            clReleaseEvent(ev);
        if (err == CL_SUCCESS && memcmp(back, data, T_SIZE) != 0)
            w->mismatches++;
    }
    w->error = err;
    clReleaseMemObject(m);
    clReleaseCommandQueue(q);
    free(data);
    free(back);
    return NULL;
}

void check_threads(const struct api_env *env)
{
    pthread_t threads[THREADS];
    struct worker workers[THREADS];
    for (unsigned i = 0; i < THREADS; i++) {
        workers[i] = (struct worker){env, i, 0, CL_SUCCESS};
        if (pthread_create(&threads[i], NULL, work, &workers[i]) != 0) {
            printf("pthread_create failed\nFAILED\n");
            exit(1);
        }
    }
    for (unsigned i = 0; i < THREADS; i++)
        pthread_join(threads[i], NULL);
    for (unsigned i = 0; i < THREADS; i++)
        ta_check(workers[i].error == CL_SUCCESS && workers[i].mismatches == 0,
                 "host thread %u: %d rounds of write/copy/read on its own queue alongside %d "
                 "other threads (%s, %d mismatches)",
                 i, ROUNDS, THREADS - 1, ta_error_name(workers[i].error), workers[i].mismatches);
}
