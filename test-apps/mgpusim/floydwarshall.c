/*
 * MGPUSim's Floyd-Warshall (benchmarks/amdappsdk/floydwarshall): -i launches
 * (default 0: one per node, MGPUSim's -iter) of floydWarshallPass on a graph
 * of -n nodes (16, -node), pass k = 0, 1, ..., over an n x n grid in 8 x 8
 * work-groups. As in floydwarshall.go: after rand.Seed(1), the distance
 * between i and j < i is uint32(rand.Int31n(10)) both ways, 0 to itself; the
 * path matrix starts with path[i][j] = i, path[j][i] = j; buffers path,
 * distance; arguments pathDistanceBuffer, pathBuffer, numNodes, pass.
 *
 * Verification: both matrices exactly against the same passes on the CPU
 * (a pass never changes row or column k, so its work-items do not race).
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long nodes = 16, iterations = 0;
    struct wl_option options[] = {
        {"-n", "nodes, a multiple of 8 (MGPUSim's -node)", &nodes, 0},
        {"-i", "passes; 0 or more than -n: one per node (MGPUSim's -iter)", &iterations, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nodes > 0 && nodes % 8 == 0 && nodes <= 16384,
               "-n must be a multiple of 8, at most 16384");
    if (iterations == 0 || iterations > nodes)
        iterations = nodes;

    struct wl_device dev;
    mg_open(&dev, "benchmarks/amdappsdk/floydwarshall/kernels.hsaco");
    size_t n = nodes * nodes, bytes = n * 4;
    uint32_t *dist = calloc(n, 4), *path = calloc(n, 4);
    uint32_t *got_dist = malloc(bytes), *got_path = malloc(bytes);
    mg_rand_seed(1);
    for (size_t i = 0; i < nodes; i++)
        for (size_t j = 0; j < i; j++)
            dist[i * nodes + j] = dist[j * nodes + i] = (uint32_t)mg_rand_int31n(10);
    for (size_t i = 0; i < nodes; i++) {
        for (size_t j = 0; j < i; j++) {
            path[i * nodes + j] = (uint32_t)i;
            path[j * nodes + i] = (uint32_t)j;
        }
        path[i * nodes + i] = (uint32_t)i;
    }

    cl_mem d_path = mg_buffer(&dev, bytes, path);
    cl_mem d_dist = mg_buffer(&dev, bytes, dist);
    cl_kernel kernel = wl_kernel(dev.program, "floydWarshallPass");
    cl_uint num = (cl_uint)nodes;
    WL_ARG(kernel, 0, d_dist);
    WL_ARG(kernel, 1, d_path);
    WL_ARG(kernel, 2, num);
    size_t global[2] = {nodes, nodes}, local[2] = {8, 8};
    for (cl_uint k = 0; k < iterations; k++) {
        WL_ARG(kernel, 3, k);
        mg_run(&dev, kernel, "floydWarshallPass", 2, global, local);
        for (size_t y = 0; y < nodes; y++)
            for (size_t x = 0; x < nodes; x++) {
                uint32_t via = dist[y * nodes + k] + dist[k * nodes + x];
                if (via < dist[y * nodes + x]) {
                    dist[y * nodes + x] = via;
                    path[y * nodes + x] = k;
                }
            }
    }
    wl_read(dev.queue, d_dist, bytes, got_dist);
    wl_read(dev.queue, d_path, bytes, got_path);
    wl_check_u32("distances", got_dist, dist, n);
    wl_check_u32("paths", got_path, path, n);

    TA_CHECK(clReleaseKernel(kernel));
    TA_CHECK(clReleaseMemObject(d_path));
    TA_CHECK(clReleaseMemObject(d_dist));
    wl_close(&dev);
    free(dist);
    free(path);
    free(got_dist);
    free(got_path);
    return ta_finish();
}
