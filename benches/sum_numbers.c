/* The floor for `lianliankan check`: reads its input (a file or stdin) and
 * sums the numbers in it, nothing more. `check` has to do at least this much.
 *   cc -O2 -o /tmp/sum_numbers benches/sum_numbers.c
 *   /tmp/sum_numbers big.txt
 */
#include <stdio.h>

int main(int argc, char **argv) {
    static unsigned char buf[1 << 16];
    FILE *in = argc > 1 ? fopen(argv[1], "rb") : stdin;
    if (!in) {
        perror(argv[1]);
        return 2;
    }
    unsigned long long sum = 0, value = 0;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        for (size_t i = 0; i < n; i++) {
            unsigned c = buf[i] - '0';
            if (c < 10) {
                value = value * 10 + c;
            } else {
                sum += value;
                value = 0;
            }
        }
    }
    printf("%llu\n", sum + value);
    return 0;
}
