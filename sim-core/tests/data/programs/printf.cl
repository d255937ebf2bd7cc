// printf from a kernel.
__kernel void hello(__global const int *values) {
    size_t i = get_global_id(0);
    if (i < 2)
        printf("item %d has %d and %f\n", (int)i, values[i], 1.5f);
}
