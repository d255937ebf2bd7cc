// OpenCL 2.0 program-scope variables, including a pointer initialised with an address
// (which needs a dynamic relocation), and a flat (generic address space) pointer.
global int counter = 7;
global int table[4] = {1, 2, 3, 4};
global int *global_ptr = &table[2];
constant float coefficients[3] = {0.5f, 0.25f, 0.125f};

__kernel void use_globals(__global int *out, __local int *tmp) {
    size_t i = get_global_id(0);
    int *flat = (i & 1) ? (int *)tmp : (int *)out;
    flat[0] = counter;
    out[i] = *global_ptr + table[i & 3] + (int)(coefficients[i % 3] * 8.0f);
    counter += 1;
}
