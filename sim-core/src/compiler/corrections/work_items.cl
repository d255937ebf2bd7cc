/* get_local_linear_id (OpenCL C 2.0 6.13.1): (get_local_id(2) * get_local_size(1) +
 * get_local_id(1)) * get_local_size(0) + get_local_id(0).
 *
 * The ROCm device library multiplies by the enqueued work-group size (the dispatch
 * packet's) instead of get_local_size, which differs in the smaller work-groups at the
 * edges of a non-uniform NDRange: there its ids have gaps and exceed the work-group's
 * size. (Declared here because the corrections compile as OpenCL C 1.2.) */
size_t __attribute__((overloadable)) get_local_linear_id(void)
{
    return (get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0) +
           get_local_id(0);
}
