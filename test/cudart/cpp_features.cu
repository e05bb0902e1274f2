// C++ in device code: templates (kernels and device functions, with a non-type parameter),
// namespaces, a class with __device__ and __host__ __device__ methods, operator overloading,
// lambdas inside kernels, functors passed to a template kernel, constexpr, a virtual-free
// CRTP-style static dispatch.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

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

namespace geom {
struct Vec3 {
    float x, y, z;
    __host__ __device__ Vec3 operator+(const Vec3 &o) const { return {x + o.x, y + o.y, z + o.z}; }
    __host__ __device__ Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
    __host__ __device__ float dot(const Vec3 &o) const { return x * o.x + y * o.y + z * o.z; }
};

class Particle {
public:
    __host__ __device__ Particle() : pos{0, 0, 0}, vel{0, 0, 0}, steps(0) {}
    __host__ __device__ Particle(Vec3 p, Vec3 v) : pos(p), vel(v), steps(0) {}
    __host__ __device__ void advance(float dt)
    {
        pos = pos + vel * dt;
        steps++;
    }
    __host__ __device__ float energy() const { return 0.5f * vel.dot(vel); }
    __host__ __device__ const Vec3 &position() const { return pos; }
    __host__ __device__ int count() const { return steps; }

private:
    Vec3 pos, vel;
    int steps;
};
}  // namespace geom

namespace ops {
template <typename T> struct Add {
    __host__ __device__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct MaxOp {
    __host__ __device__ T operator()(T a, T b) const { return a > b ? a : b; }
};
template <typename T, int K> struct Affine {
    T bias;
    __host__ __device__ T operator()(T a, T b) const { return a * K + b + bias; }
};
}  // namespace ops

template <typename T, typename Op> __global__ void combine(const T *a, const T *b, T *out, int n, Op op)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = op(a[i], b[i]);
}

template <int N> __device__ __host__ constexpr int tri() { return N * (N + 1) / 2; }

template <typename T, int UNROLL> __device__ T power(T x)
{
    T r = 1;
#pragma unroll
    for (int i = 0; i < UNROLL; i++)
        r *= x;
    return r;
}

__global__ void particles(geom::Particle *ps, int n, float dt, int steps, float *energy)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    geom::Particle p = ps[i];
    for (int s = 0; s < steps; s++)
        p.advance(dt);
    ps[i] = p;
    energy[i] = p.energy();
}

// Lambdas defined and used inside a kernel, one capturing by reference.
__global__ void lambdas(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int acc = 0;
    auto square = [](int v) { return v * v; };
    auto accumulate = [&acc](int v) { acc += v; };
    for (int k = 0; k < 4; k++)
        accumulate(square(in[i] + k));
    auto pick = [=](int a, int b) { return (in[i] & 1) ? a : b; };
    out[i] = pick(acc, -acc) + tri<5>() + power<int, 3>(in[i] % 5);
}

template <typename Derived> struct Shape {
    __device__ __host__ int area() const { return static_cast<const Derived *>(this)->area_impl(); }
};
struct Rect : Shape<Rect> {
    int w, h;
    __device__ __host__ int area_impl() const { return w * h; }
};
struct Square : Shape<Square> {
    int s;
    __device__ __host__ int area_impl() const { return s * s; }
};
template <typename S> __device__ __host__ int twice_area(const Shape<S> &s) { return 2 * s.area(); }

__global__ void shapes(int *out)
{
    Rect r;
    r.w = threadIdx.x + 1;
    r.h = 3;
    Square q;
    q.s = threadIdx.x;
    out[threadIdx.x] = twice_area(r) + twice_area(q);
}

template <typename T> static int compare(const char *name, const T *got, const T *want, int n)
{
    for (int i = 0; i < n; i++)
        if (!(got[i] == want[i])) {
            check(name, false, "element %d differs", i);
            return 0;
        }
    check(name, true, "-");
    return 1;
}

int main()
{
    const int n = 5000;
    // Template kernels with functors, int and double.
    int *ha = (int *)malloc(n * sizeof(int)), *hb = (int *)malloc(n * sizeof(int));
    int *hr = (int *)malloc(n * sizeof(int)), *hw = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) {
        ha[i] = (i * 37) % 101 - 50;
        hb[i] = (i * 53) % 97 - 48;
    }
    int *da, *db, *dr;
    CK(cudaMalloc(&da, n * sizeof(int)));
    CK(cudaMalloc(&db, n * sizeof(int)));
    CK(cudaMalloc(&dr, n * sizeof(int)));
    CK(cudaMemcpy(da, ha, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, n * sizeof(int), cudaMemcpyHostToDevice));

    combine<<<(n + 127) / 128, 128>>>(da, db, dr, n, ops::Add<int>());
    CK(cudaMemcpy(hr, dr, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        hw[i] = ha[i] + hb[i];
    compare("functor_add", hr, hw, n);

    combine<<<(n + 127) / 128, 128>>>(da, db, dr, n, ops::MaxOp<int>());
    CK(cudaMemcpy(hr, dr, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        hw[i] = ha[i] > hb[i] ? ha[i] : hb[i];
    compare("functor_max", hr, hw, n);

    combine<<<(n + 127) / 128, 128>>>(da, db, dr, n, ops::Affine<int, 7>{11});
    CK(cudaMemcpy(hr, dr, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        hw[i] = ha[i] * 7 + hb[i] + 11;
    compare("functor_with_state", hr, hw, n);

    double *dda, *ddb, *ddr, *hda = (double *)malloc(n * sizeof(double));
    double *hdr = (double *)malloc(n * sizeof(double)), *hdw = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; i++)
        hda[i] = i * 0.25;
    CK(cudaMalloc(&dda, n * sizeof(double)));
    CK(cudaMalloc(&ddb, n * sizeof(double)));
    CK(cudaMalloc(&ddr, n * sizeof(double)));
    CK(cudaMemcpy(dda, hda, n * sizeof(double), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddb, hda, n * sizeof(double), cudaMemcpyHostToDevice));
    combine<<<(n + 127) / 128, 128>>>(dda, ddb, ddr, n, ops::Affine<double, 3>{0.5});
    CK(cudaMemcpy(hdr, ddr, n * sizeof(double), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        hdw[i] = hda[i] * 3 + hda[i] + 0.5;
    compare("template_double", hdr, hdw, n);

    // A class with device methods.
    const int np = 1000, steps = 10;
    geom::Particle *hp = new geom::Particle[np], *hp2 = new geom::Particle[np];
    for (int i = 0; i < np; i++)
        hp[i] = geom::Particle({(float)i, 0, 1}, {0.5f, (float)(i % 4), -1});
    geom::Particle *dp;
    float *de, *he = (float *)malloc(np * sizeof(float));
    CK(cudaMalloc(&dp, np * sizeof(geom::Particle)));
    CK(cudaMalloc(&de, np * sizeof(float)));
    CK(cudaMemcpy(dp, hp, np * sizeof(geom::Particle), cudaMemcpyHostToDevice));
    particles<<<(np + 63) / 64, 64>>>(dp, np, 0.25f, steps, de);
    CK(cudaMemcpy(hp2, dp, np * sizeof(geom::Particle), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(he, de, np * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < np && bad < 0; i++) {
        geom::Particle q = hp[i];
        for (int s = 0; s < steps; s++)
            q.advance(0.25f);
        const geom::Vec3 &a = hp2[i].position(), &b = q.position();
        if (a.x != b.x || a.y != b.y || a.z != b.z || hp2[i].count() != steps ||
            he[i] != q.energy())
            bad = i;
    }
    check("class_device_methods", bad < 0, "particle %d", bad);

    // Lambdas.
    lambdas<<<(n + 127) / 128, 128>>>(da, dr, n);
    CK(cudaMemcpy(hr, dr, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        int acc = 0;
        for (int k = 0; k < 4; k++)
            acc += (ha[i] + k) * (ha[i] + k);
        int m = ha[i] % 5;
        hw[i] = ((ha[i] & 1) ? acc : -acc) + 15 + m * m * m;
    }
    compare("lambdas_in_kernel", hr, hw, n);

    // Static polymorphism.
    shapes<<<1, 64>>>(dr);
    CK(cudaMemcpy(hr, dr, 64 * sizeof(int), cudaMemcpyDeviceToHost));
    for (int t = 0; t < 64; t++)
        hw[t] = 2 * (t + 1) * 3 + 2 * t * t;
    compare("crtp_dispatch", hr, hw, 64);

    CK(cudaFree(da));
    CK(cudaFree(db));
    CK(cudaFree(dr));
    CK(cudaFree(dda));
    CK(cudaFree(ddb));
    CK(cudaFree(ddr));
    CK(cudaFree(dp));
    CK(cudaFree(de));
    delete[] hp;
    delete[] hp2;
    free(ha);
    free(hb);
    free(hr);
    free(hw);
    free(hda);
    free(hdr);
    free(hdw);
    free(he);
    return failed;
}
