/* difftest: parsing of types and of the "//@" test description lines. */
#include "difftest.h"

#include <stdlib.h>
#include <string.h>

static const struct dt_type scalars[] = {
    {"char", DT_SIGNED, 1, 1},     {"uchar", DT_UNSIGNED, 1, 1}, {"short", DT_SIGNED, 2, 1},
    {"ushort", DT_UNSIGNED, 2, 1}, {"int", DT_SIGNED, 4, 1},     {"uint", DT_UNSIGNED, 4, 1},
    {"long", DT_SIGNED, 8, 1},     {"ulong", DT_UNSIGNED, 8, 1}, {"float", DT_FLOAT, 4, 1},
    {"double", DT_FLOAT, 8, 1},
};

unsigned dt_stored_width(const struct dt_type *type)
{
    return type->width == 3 ? 4 : type->width;
}

size_t dt_element_size(const struct dt_type *type)
{
    return (size_t)type->size * dt_stored_width(type);
}

int dt_parse_type(const char *text, struct dt_type *type)
{
    size_t len = strcspn(text, "0123456789");
    unsigned width = text[len] ? (unsigned)strtoul(text + len, NULL, 10) : 1;
    if (width != 1 && width != 2 && width != 3 && width != 4 && width != 8 && width != 16)
        return 0;
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
        if (strlen(scalars[i].scalar) == len && strncmp(scalars[i].scalar, text, len) == 0) {
            *type = scalars[i];
            type->width = width;
            return 1;
        }
    }
    return 0;
}

int dt_parse_compare(const char *text, struct dt_compare *cmp)
{
    char copy[128];
    snprintf(copy, sizeof copy, "%s", text);
    cmp->count = 0;
    for (char *save, *rule = strtok_r(copy, ",", &save); rule; rule = strtok_r(NULL, ",", &save)) {
        if (cmp->count == DT_MAX_RULES)
            return 0;
        struct dt_rule *r = &cmp->rules[cmp->count++];
        char *colon = strchr(rule, ':');
        r->limit = colon ? strtod(colon + 1, NULL) : 0;
        size_t len = colon ? (size_t)(colon - rule) : strlen(rule);
        if (len == 5 && strncmp(rule, "exact", 5) == 0)
            r->how = DT_EXACT;
        else if (len == 3 && strncmp(rule, "ulp", 3) == 0)
            r->how = DT_ULP;
        else if (len == 3 && strncmp(rule, "abs", 3) == 0)
            r->how = DT_ABS;
        else if (len == 3 && strncmp(rule, "rel", 3) == 0)
            r->how = DT_REL;
        else if (len == 4 && strncmp(rule, "half", 4) == 0)
            r->how = DT_HALF;
        else
            return 0;
    }
    return cmp->count > 0;
}

/* Parses "X[,Y[,Z]]" into sizes; returns the count (0 if malformed). */
static unsigned parse_sizes(const char *text, size_t sizes[3])
{
    unsigned count = 0;
    const char *p = text;
    while (*p && count < 3) {
        char *end;
        sizes[count++] = strtoul(p, &end, 10);
        if (end == p || (*end && *end != ','))
            return 0;
        p = *end ? end + 1 : end;
    }
    return *p ? 0 : count;
}

static int parse_inputs(char *text, struct dt_test *test)
{
    for (char *save, *arg = strtok_r(text, ",", &save); arg; arg = strtok_r(NULL, ",", &save)) {
        char *colon = strchr(arg, ':');
        if (test->inputs == DT_MAX_INPUTS || !colon)
            return 0;
        *colon = '\0';
        if (!dt_parse_type(arg, &test->in[test->inputs]))
            return 0;
        /* A generator's own fields are separated by ':' and may not hold ','. */
        snprintf(test->gen[test->inputs].text, sizeof test->gen[0].text, "%s", colon + 1);
        test->inputs++;
    }
    return 1;
}

int dt_parse_test(const char *text, int line, struct dt_test *test)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", text);
    memset(test, 0, sizeof *test);
    test->line = line;
    test->dims = 1;
    test->global[0] = 4096;
    snprintf(test->init.text, sizeof test->init.text, "fill:0xcd");
    dt_parse_compare("exact", &test->cmp);
    int have_out = 0, have_global = 0;
    size_t n = 0;

    char *save;
    char *word = strtok_r(copy, " \t\r\n", &save);
    if (!word) {
        printf("line %d: no kernel name\n", line);
        return 0;
    }
    snprintf(test->kernel, sizeof test->kernel, "%s", word);
    while ((word = strtok_r(NULL, " \t\r\n", &save))) {
        char *eq = strchr(word, '=');
        int ok = eq != NULL;
        if (ok) {
            *eq = '\0';
            const char *key = word, *value = eq + 1;
            if (strcmp(key, "out") == 0)
                ok = have_out = dt_parse_type(value, &test->out);
            else if (strcmp(key, "in") == 0)
                ok = parse_inputs(eq + 1, test);
            else if (strcmp(key, "cmp") == 0)
                ok = dt_parse_compare(value, &test->cmp);
            else if (strcmp(key, "init") == 0)
                snprintf(test->init.text, sizeof test->init.text, "%s", value);
            else if (strcmp(key, "n") == 0)
                ok = (n = strtoul(value, NULL, 10)) > 0;
            else if (strcmp(key, "global") == 0)
                ok = have_global = (int)(test->dims = parse_sizes(value, test->global));
            else if (strcmp(key, "local") == 0)
                ok = test->has_local = (int)parse_sizes(value, test->local);
            else if (strcmp(key, "offset") == 0)
                ok = test->has_offset = (int)parse_sizes(value, test->offset);
            else
                ok = 0;
            *eq = '=';
        }
        if (!ok) {
            printf("line %d: bad description field '%s'\n", line, word);
            return 0;
        }
    }
    if (!have_out) {
        printf("line %d: out=<type> is required\n", line);
        return 0;
    }
    if (test->has_local && (unsigned)test->has_local != test->dims) {
        printf("line %d: local= needs %u sizes\n", line, test->dims);
        return 0;
    }
    if (n && !have_global)
        test->global[0] = n;
    size_t items = 1;
    for (unsigned d = 0; d < test->dims; d++)
        items *= test->global[d];
    test->n = n ? n : items;
    return 1;
}
