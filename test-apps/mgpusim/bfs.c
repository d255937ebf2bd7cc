/*
 * MGPUSim's breadth-first search (benchmarks/shoc/bfs): BFS_kernel_warp once
 * per level from node 0 of a generated graph of -n nodes (default 64,
 * MGPUSim's -node) until a level finds no new node, or -m levels (0: no
 * limit, MGPUSim's -depth). MGPUSim's generator links node i to i + 1 for
 * i < -d (3, -degree): a chain, so d + 1 launches. As in bfs.go: buffers
 * levels (all UINT_MAX but the source's 0), edge offsets, edge list, flag;
 * before each launch the flag is zeroed, after it read back; arguments
 * levels, edgeArray, edgeArrayAux, W_SZ 32, CHUNK_SZ 32, numVertices, curr
 * (the level), flag; the grid is n rounded up to 1,024 work-items in
 * work-groups of -l (1,024 as MGPUSim, which ignores the code object's
 * maximum of 256; gcnsim refuses that launch, so -l 256 is a variation, not
 * MGPUSim's launch).
 *
 * Verification: every node's level against a CPU BFS.
 */
#include "mgpusim.h"

int main(int argc, char **argv)
{
    unsigned long nodes = 64, degree = 3, max_depth = 0, group = 1024;
    struct wl_option options[] = {
        {"-n", "nodes (MGPUSim's -node)", &nodes, 0},
        {"-d", "the generated chain's edges (MGPUSim's -degree)", &degree, 0},
        {"-m", "maximum levels, 0 for no limit (MGPUSim's -depth)", &max_depth, 0},
        {"-l", "work-group size (MGPUSim: 1024)", &group, 0},
    };
    wl_init(argc, argv, options, sizeof options / sizeof options[0]);
    wl_require(nodes > 0 && nodes <= (1UL << 26) && degree > 0 && group > 0 && 1024 % group == 0,
               "-n in 1..2^26, -d > 0, -l a divisor of 1024");
    if (max_depth == 0)
        max_depth = INT32_MAX;

    struct wl_device dev;
    mg_open(&dev, "benchmarks/shoc/bfs/kernels.hsaco");
    /* graph.generate: node i -> i + 1 for i < degree, while i + 1 < nodes. */
    size_t edges = degree < nodes - 1 ? degree : nodes - 1;
    wl_require(edges > 0, "the graph needs an edge: -n must be at least 2");
    uint32_t *offsets = malloc((nodes + 1) * 4), *list = malloc(edges * 4);
    uint32_t *levels = malloc(nodes * 4), *want = malloc(nodes * 4);
    for (size_t i = 0; i <= nodes; i++)
        offsets[i] = (uint32_t)(i < edges ? i : edges);
    for (size_t i = 0; i < edges; i++)
        list[i] = (uint32_t)(i + 1);
    for (size_t i = 0; i < nodes; i++)
        levels[i] = UINT32_MAX;
    levels[0] = 0;

    cl_mem d_levels = mg_buffer(&dev, nodes * 4, levels);
    cl_mem d_offsets = mg_buffer(&dev, (nodes + 1) * 4, offsets);
    cl_mem d_list = mg_buffer(&dev, edges * 4, list);
    cl_mem d_flag = mg_buffer(&dev, 4, NULL);
    cl_kernel kernel = wl_kernel(dev.program, "BFS_kernel_warp");
    cl_int w = 32, chunk = 32;
    cl_uint num = (cl_uint)nodes;
    WL_ARG(kernel, 0, d_levels);
    WL_ARG(kernel, 1, d_offsets);
    WL_ARG(kernel, 2, d_list);
    WL_ARG(kernel, 3, w);
    WL_ARG(kernel, 4, chunk);
    WL_ARG(kernel, 5, num);
    WL_ARG(kernel, 7, d_flag);
    size_t global = (nodes - 1) / 1024 * 1024 + 1024, local = group;
    for (cl_int level = 0; (unsigned long)level < max_depth; level++) {
        cl_int flag = 0;
        TA_CHECK(clEnqueueWriteBuffer(dev.queue, d_flag, CL_TRUE, 0, 4, &flag, 0, NULL, NULL));
        WL_ARG(kernel, 6, level);
        mg_run(&dev, kernel, "BFS_kernel_warp", 1, &global, &local);
        wl_read(dev.queue, d_flag, 4, &flag);
        if (flag == 0)
            break;
    }
    wl_read(dev.queue, d_levels, nodes * 4, levels);

    /* bfs.go's cpuBFS. */
    size_t *queue = malloc(nodes * sizeof *queue), head = 0, tail = 0;
    for (size_t i = 0; i < nodes; i++)
        want[i] = UINT32_MAX;
    want[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        size_t v = queue[head++];
        if (want[v] >= max_depth)
            break;
        for (uint32_t e = offsets[v]; e < offsets[v + 1]; e++)
            if (want[list[e]] == UINT32_MAX) {
                want[list[e]] = want[v] + 1;
                queue[tail++] = list[e];
            }
    }
    wl_check_u32("levels", levels, want, nodes);

    TA_CHECK(clReleaseKernel(kernel));
    cl_mem buffers[] = {d_levels, d_offsets, d_list, d_flag};
    for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
        TA_CHECK(clReleaseMemObject(buffers[i]));
    wl_close(&dev);
    free(offsets);
    free(list);
    free(levels);
    free(want);
    free(queue);
    return ta_finish();
}
