/* memlat.c — the host's latency of dependent loads at three working-set sizes, printed
 * by scripts/bench.sh beside its tables: the timing mode's speed depends on the host
 * (docs/speed.md, "The host sets the rate; what the last two targets need").
 *
 * For each size, a random cycle through all the 64-byte lines of a buffer of that
 * size (Sattolo's shuffle) is followed load after load; each load's address comes
 * from the one before, so the time per load is the latency of the level the buffer
 * fits in: 256 KiB a core's L2 cache, 4 MiB the L3 cache's share a core can count
 * on, 64 MiB main memory (with the TLB misses a 4 KiB-page heap adds).
 *
 * Output, one line: "256 KiB <ns> ns, 4 MiB <ns> ns, 64 MiB <ns> ns". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LINE 64
#define LOADS 4000000L

static uint64_t rng = 0x9E3779B97F4A7C15u;

static uint64_t next_random(void) {
    /* xorshift64: enough to shuffle lines */
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Nanoseconds per dependent load through a buffer of `bytes`, or a negative value if
 * the buffer cannot be allocated. */
static double latency_ns(size_t bytes) {
    size_t lines = bytes / LINE;
    size_t *order = malloc(lines * sizeof *order);
    char *buffer = aligned_alloc(LINE, lines * LINE);
    if (!order || !buffer) {
        free(order);
        free(buffer);
        return -1;
    }
    for (size_t i = 0; i < lines; i++)
        order[i] = i;
    for (size_t i = lines - 1; i > 0; i--) {
        /* Sattolo: j < i, so the permutation is one cycle through every line */
        size_t j = next_random() % i;
        size_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (size_t i = 0; i < lines; i++)
        *(size_t *)(buffer + order[i] * LINE) = order[(i + 1) % lines] * LINE;
    size_t at = 0;
    for (size_t i = 0; i < lines; i++) /* one pass to fill the caches and TLBs */
        at = *(size_t *)(buffer + at);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < LOADS; i++)
        at = *(size_t *)(buffer + at);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ns = (end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec);
    /* `at` is used, so the chain is not optimised away */
    if (at == (size_t)-1)
        puts("");
    free(order);
    free(buffer);
    return ns / LOADS;
}

int main(void) {
    static const size_t kib[] = {256, 4096, 65536};
    for (size_t i = 0; i < sizeof kib / sizeof kib[0]; i++) {
        double ns = latency_ns(kib[i] * 1024);
        if (ns < 0) {
            fprintf(stderr, "memlat: cannot allocate %zu KiB\n", kib[i]);
            return 1;
        }
        if (kib[i] >= 1024)
            printf("%s%zu MiB %.1f ns", i ? ", " : "", kib[i] / 1024, ns);
        else
            printf("%s%zu KiB %.1f ns", i ? ", " : "", kib[i], ns);
    }
    printf("\n");
    return 0;
}
