/*
 * api_test: exercises the OpenCL 1.2 host API (platforms, devices, contexts,
 * queues, buffers, transfers, maps, events, profiling, images on buffers)
 * through the ICD loader and checks each answer against the specification.
 * No kernels.
 *
 * usage: api_test [--platform NAME] [--expect-gpus N] [--strict]
 *                 [--expect-extension NAME] [--verbose]
 *
 * --strict adds the checks PoCL 3.1 fails although the specification is
 * explicit (an unknown device type, invalid sub-buffer and map flags, the
 * CL_COMPLETE callback of a terminated command, invalid 1D image buffers).
 * --expect-extension NAME checks that every device lists the extension NAME.
 * The checks of AMD's CL_MEM_USE_PERSISTENT_MEM_AMD run where every device
 * lists cl_amd_device_memory_flags (gcnsim; not PoCL).
 */
#include "api_test.h"

#include <string.h>

int main(int argc, char **argv)
{
    struct api_env env = {0};
    ta_init(&argc, argv);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--expect-gpus") == 0 && i + 1 < argc) {
            env.expect_gpus = (cl_uint)strtoul(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--strict") == 0) {
            env.strict = 1;
        } else if (strcmp(argv[i], "--expect-extension") == 0 && i + 1 < argc) {
            env.expect_extension = argv[++i];
        } else {
            fprintf(stderr,
                    "usage: %s [--platform NAME] [--expect-gpus N] [--strict]\n"
                    "       [--expect-extension NAME] [--verbose]\n",
                    argv[0]);
            return 2;
        }
    }

    env.platform = ta_platform();
    env.devices = ta_devices(env.platform, &env.ndev);
    env.persistent_mem = all_devices_list(&env, "cl_amd_device_memory_flags");
    cl_int err;
    env.ctx = clCreateContext(NULL, env.ndev, env.devices, NULL, NULL, &err);
    TA_CHECK(err);
    env.queue = clCreateCommandQueue(env.ctx, env.devices[0], CL_QUEUE_PROFILING_ENABLE, &err);
    TA_CHECK(err);

    check_platform(&env);
    check_devices(&env);
    check_contexts(&env);
    check_queues(&env);
    check_buffers(&env);
    check_sub_buffers(&env);
    check_destructors(&env);
    check_transfers(&env);
    check_rect_transfers(&env);
    check_maps(&env);
    check_events(&env);
    check_user_events(&env);
    check_profiling(&env);
    check_multi_device(&env);
    check_threads(&env);
    check_image_views(&env);

    TA_CHECK(clReleaseCommandQueue(env.queue));
    TA_CHECK(clReleaseContext(env.ctx));
    free(env.devices);
    return ta_finish();
}
