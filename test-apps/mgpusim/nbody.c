/*
 * MGPUSim's N-body (benchmarks/amdappsdk/nbody): -i launches (default 8,
 * MGPUSim's -iter) of nbody_sim over -n bodies (256), one work-item per body
 * in work-groups of 256, positions and velocities ping-ponging between two
 * pairs of buffers. MGPUSim always simulates 256 bodies: NewBenchmark fixes
 * the count before its main sets -particles, which therefore has no effect.
 * As in nbody.go: positions x, y, z drawn from Go's unseeded global generator
 * as (1 - r) * 50 + r * 3 and mass as (1 - r) * 1000 + r with r =
 * rand.Float32(), velocities zero; buffers position, new position,
 * velocity, new velocity; arguments pos, vel, numBodies, deltaTime 0.005,
 * epsSqr 500, 256 float4 of local memory, newPosition, newVelocity.
 *
 * Verification: the final positions against the same steps in double (every
 * body moved from the previous step's positions), within 1e-4 (MGPUSim
 * allows 1e-3); masses exactly.
 */
#include "mgpusim.h"

#include <math.h>

#define GROUP 256

static float random_between(float max, float min)
{
    float r = mg_rand_float32();
    float a = (1.0f - r) * min, b = r * max; /* Go on amd64: no fused multiply-add */
    return a + b;
}

int main(int argc, char **argv)
{
    unsigned long bodies = GROUP, iterations = 8;
    struct wl_option options[] = {
        {"-n", "bodies, a multiple of 256 (MGPUSim always runs 256)", &bodies, 0},
        {"-i", "iterations, one launch each (MGPUSim's -iter)", &iterations, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(bodies > 0 && bodies % GROUP == 0 && bodies <= (1UL << 20),
               "-n must be a multiple of 256, at most 2^20");

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/nbody/nbody.hsaco");
    size_t bytes = bodies * 4 * sizeof(float);
    float *pos = malloc(bytes), *vel = calloc(bodies * 4, sizeof(float)), *got = malloc(bytes);
    for (size_t i = 0; i < bodies; i++) {
        for (int j = 0; j < 3; j++)
            pos[4 * i + j] = random_between(3, 50);
        pos[4 * i + 3] = random_between(1, 1000);
    }

    /* nbody.go allocates position, new position, velocity, new velocity. */
    cl_mem d_pos[2], d_vel[2];
    d_pos[0] = mg_buffer(&dev, bytes, pos);
    d_pos[1] = mg_buffer(&dev, bytes, NULL);
    d_vel[0] = mg_buffer(&dev, bytes, vel);
    d_vel[1] = mg_buffer(&dev, bytes, NULL);
    cl_kernel kernel = wl_kernel(dev.program, "nbody_sim");
    cl_int n = (cl_int)bodies;
    cl_float dt = 0.005f, eps = 500.0f;
    size_t global = bodies, local = GROUP;
    for (size_t it = 0; it < iterations; it++) {
        WL_ARG(kernel, 0, d_pos[it % 2]);
        WL_ARG(kernel, 1, d_vel[it % 2]);
        WL_ARG(kernel, 2, n);
        WL_ARG(kernel, 3, dt);
        WL_ARG(kernel, 4, eps);
        mg_local_arg(kernel, 5, GROUP * 4 * sizeof(float));
        WL_ARG(kernel, 6, d_pos[(it + 1) % 2]);
        WL_ARG(kernel, 7, d_vel[(it + 1) % 2]);
        mg_run(&dev, kernel, "nbody_sim", 1, &global, &local);
    }
    wl_read(dev.queue, d_pos[iterations % 2], bytes, got);

    /* The kernel's steps in double. */
    double *p = malloc(bodies * 4 * sizeof *p), *v = calloc(bodies * 3, sizeof *v);
    double *next = malloc(bodies * 4 * sizeof *next), *bound = malloc(bodies * 4 * sizeof *bound);
    for (size_t i = 0; i < bodies * 4; i++)
        p[i] = pos[i];
    for (size_t it = 0; it < iterations; it++) {
        for (size_t i = 0; i < bodies; i++) {
            double acc[3] = {0, 0, 0};
            for (size_t j = 0; j < bodies; j++) {
                double r[3], dist2 = 0;
                for (int k = 0; k < 3; k++) {
                    r[k] = p[4 * j + k] - p[4 * i + k];
                    dist2 += r[k] * r[k];
                }
                double inv = 1.0 / sqrt(dist2 + eps), s = p[4 * j + 3] * inv * inv * inv;
                for (int k = 0; k < 3; k++)
                    acc[k] += s * r[k];
            }
            for (int k = 0; k < 3; k++) {
                next[4 * i + k] = p[4 * i + k] + v[3 * i + k] * dt + acc[k] * 0.5 * dt * dt;
                v[3 * i + k] += acc[k] * dt;
            }
            next[4 * i + 3] = p[4 * i + 3];
        }
        double *t = p;
        p = next;
        next = t;
    }
    for (size_t i = 0; i < bodies * 4; i++)
        bound[i] = i % 4 == 3 ? 0 : 1e-4;
    wl_check_float("positions and masses", got, p, bound, bodies * 4);

    TA_CHECK(clReleaseKernel(kernel));
    for (int i = 0; i < 2; i++) {
        TA_CHECK(clReleaseMemObject(d_pos[i]));
        TA_CHECK(clReleaseMemObject(d_vel[i]));
    }
    wl_close(&dev);
    free(pos);
    free(vel);
    free(got);
    free(p);
    free(v);
    free(next);
    free(bound);
    return ta_finish();
}
