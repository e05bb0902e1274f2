/* measure.c — runs a command with a time limit and an address-space limit
 * and prints "SECONDS PEAK_KB STATUS": the wall time, the peak resident
 * memory of the command and its children (getrusage), and ok, timeout,
 * "exit N" or "signal N".  The command's output goes to /dev/null.
 *
 * usage: measure TIMEOUT_S MEMORY_MB COMMAND [ARG...] */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: measure TIMEOUT_S MEMORY_MB COMMAND [ARG...]\n");
        return 2;
    }
    double limit = atof(argv[1]);
    rlim_t mem = (rlim_t)atol(argv[2]) << 20;
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return 1;
    }
    if (pid == 0) {
        setpgid(0, 0); /* the command and its children, killed together */
        struct rlimit r = {mem, mem};
        setrlimit(RLIMIT_AS, &r);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 1), dup2(null, 2);
        execvp(argv[3], argv + 3);
        _exit(127);
    }
    setpgid(pid, pid);
    int status, timed_out = 0;
    for (;;) {
        pid_t w = waitpid(pid, &status, WNOHANG);
        if (w == pid)
            break;
        if (w < 0) {
            perror("measure: waitpid");
            return 1;
        }
        if (!timed_out && now() - t0 > limit) {
            kill(-pid, SIGKILL);
            timed_out = 1;
        }
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
    double t = now() - t0;
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    printf("%.2f %ld ", t, ru.ru_maxrss);
    if (timed_out)
        printf("timeout\n");
    else if (WIFSIGNALED(status))
        printf("signal %d\n", WTERMSIG(status));
    else if (WEXITSTATUS(status) != 0)
        printf("exit %d\n", WEXITSTATUS(status));
    else
        printf("ok\n");
    return 0;
}
