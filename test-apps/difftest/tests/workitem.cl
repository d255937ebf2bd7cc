/* Work-item functions (OpenCL 1.2 6.12.1) in 1, 2 and 3 dimensions, with and
 * without global offsets: every work-item writes its ids at its own linear
 * position (gid - offset, row-major). Local sizes are given: a size the
 * runtime chooses is the implementation's choice. */
#define LINEAR() ((get_global_id(2) - get_global_offset(2)) * get_global_size(1) * get_global_size(0) + \
                  (get_global_id(1) - get_global_offset(1)) * get_global_size(0) +                        \
                  (get_global_id(0) - get_global_offset(0)))

kernel void ids(global const int *unused, global uint16 *out)
{
    (void)unused;
    uint16 v = 0;
    v.s0 = get_work_dim();
    v.s1 = get_global_id(0);
    v.s2 = get_global_id(1);
    v.s3 = get_global_id(2);
    v.s4 = get_local_id(0);
    v.s5 = get_local_id(1);
    v.s6 = get_local_id(2);
    v.s7 = get_group_id(0);
    v.s8 = get_group_id(1);
    v.s9 = get_group_id(2);
    v.sa = get_num_groups(0) * 10000 + get_num_groups(1) * 100 + get_num_groups(2);
    v.sb = get_local_size(0) * 10000 + get_local_size(1) * 100 + get_local_size(2);
    v.sc = get_global_size(0) * 1000000 + get_global_size(1) * 1000 + get_global_size(2);
    v.sd = get_global_offset(0) * 10000 + get_global_offset(1) * 100 + get_global_offset(2);
    /* Out-of-range dimensions: ids are 0. (get_global_size(3) must be 1 by the
     * spec; gcnsim gives 1, PoCL 0 — PoCL is wrong, so it is not compared.) */
    v.se = get_local_id(3) * 10 + get_global_id(5) * 100 + get_group_id(4);
    v.sf = LINEAR();
    out[LINEAR()] = v;
}
//@ ids out=uint16 in=int:index global=1024 local=64
//@ ids out=uint16 in=int:index global=1000 local=8 offset=17
//@ ids out=uint16 in=int:index global=64,24 local=16,4 offset=3,5
//@ ids out=uint16 in=int:index global=16,12,8 local=4,3,2
//@ ids out=uint16 in=int:index global=8,8,6 local=8,2,3 offset=1,2,3
