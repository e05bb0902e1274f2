/* lines_fixture.c — code spread over many lines, built with -g by
 * test/cli/lines.sh so that its line table can be read back. */
int lines_sum(const int *v, int n);
int lines_pick(int a, int b, int c);

int
lines_sum(const int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        if (v[i] & 1)
            s += v[i] * 3;
        else
            s -= v[i];
    return s;
}

int
lines_pick(int a, int b, int c)
{
    if (a > b)
        return a > c ? a : c;
    return b > c ? b : c;
}
