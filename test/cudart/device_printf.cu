// Device printf: a few threads print lines with the common conversions (%d %u %x %lld %f
// %.3f %e %s %c %%, widths and flags). The program captures its own stdout around the
// launch and compares the captured lines (sorted: the order between threads is not defined)
// with the lines the host formats with the same arguments, then prints them again.
#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <unistd.h>
#include <vector>

static int failed = 0;
static void check(const char *name, bool ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS %s\n", name);
        return;
    }
    failed = 1;
    printf("FAIL %s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#define CK(call)                                                                         \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            printf("FAIL cuda_call: line %d: %s returned %s\n", __LINE__, #call,         \
                   cudaGetErrorName(e_));                                                \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

__global__ void say(int base)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    printf("thread %d of block %u: %5d|%-4d|%x|%c\n", t, blockIdx.x, base * t, t, 255 + t,
           'a' + t);
    if (t == 0) {
        long long big = 1234567890123LL;
        printf("formats: %lld %u %.3f %f %e %s %% %08.2f\n", big, 4000000000u, 3.14159265,
               -2.5, 12345.678, "text", 1.5);
    }
}

static std::vector<std::string> split_sorted(const std::string &s)
{
    std::vector<std::string> v;
    size_t pos = 0;
    while (pos < s.size()) {
        size_t nl = s.find('\n', pos);
        if (nl == std::string::npos)
            nl = s.size();
        v.push_back(s.substr(pos, nl - pos));
        pos = nl + 1;
    }
    std::sort(v.begin(), v.end());
    return v;
}

int main()
{
    const int blocks = 2, threads = 3, base = 7;
    char path[] = "/tmp/p2n_printf_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        printf("FAIL setup: mkstemp\n");
        return 1;
    }
    unlink(path);
    fflush(stdout);
    int saved = dup(1);
    dup2(fd, 1);
    say<<<blocks, threads>>>(base);
    cudaError_t e = cudaDeviceSynchronize();
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    std::string got;
    char buf[4096];
    lseek(fd, 0, SEEK_SET);
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0)
        got.append(buf, (size_t)r);
    close(fd);
    check("launch", e == cudaSuccess, "%s", cudaGetErrorName(e));

    std::string want;
    for (int t = 0; t < blocks * threads; t++) {
        snprintf(buf, sizeof buf, "thread %d of block %u: %5d|%-4d|%x|%c\n", t,
                 (unsigned)(t / threads), base * t, t, 255 + t, 'a' + t);
        want += buf;
    }
    snprintf(buf, sizeof buf, "formats: %lld %u %.3f %f %e %s %% %08.2f\n", 1234567890123LL,
             4000000000u, 3.14159265, -2.5, 12345.678, "text", 1.5);
    want += buf;
    std::vector<std::string> g = split_sorted(got), w = split_sorted(want);
    size_t i = 0;
    while (i < g.size() && i < w.size() && g[i] == w[i])
        i++;
    bool ok = g.size() == w.size() && i == w.size();
    check("printf_lines", ok, "line %zu: got '%s', expected '%s' (%zu lines, expected %zu)", i,
          i < g.size() ? g[i].c_str() : "(none)", i < w.size() ? w[i].c_str() : "(none)",
          g.size(), w.size());
    check("printf_line_count", g.size() == (size_t)(blocks * threads + 1), "%zu lines", g.size());
    // Show what the device printed.
    for (auto &l : g)
        printf("  device: %s\n", l.c_str());

    // Printing does not disturb later work.
    say<<<1, 1>>>(0);
    e = cudaDeviceSynchronize();
    check("printf_again", e == cudaSuccess, "%s", cudaGetErrorName(e));
    return failed;
}
