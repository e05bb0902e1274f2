/* lex.c — PTX tokens.
 *
 *   ident      [A-Za-z_$%][A-Za-z0-9_$]*   (%r1, $L__BB0_1, __local_depot0)
 *   dotname    '.' ident ('::' ident)*      (.u32, .shared::cta, .L2::64B)
 *   int        decimal, 0x hex, 0 octal, 0b binary, optional U suffix
 *   float      0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX, or decimal with . or e
 *   string     "..." with \ escapes
 *   punct      , ; : { } [ ] ( ) + - ! @ | < > =
 * Comments are // to end of line and block comments.  The lexer never reads
 * past the end of the text, and a NUL byte is an error, not an end.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"

static bool
ident_start(int c)
{
    return isalpha(c) || c == '_' || c == '$' || c == '%';
}

static bool
ident_char(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

static int
peekc(Lexer *lx, size_t k)
{
    return lx->pos + k < lx->len ? (unsigned char)lx->text[lx->pos + k] : -1;
}

static void
advance(Lexer *lx)
{
    if (lx->pos >= lx->len)
        return;
    if (lx->text[lx->pos] == '\n') {
        lx->line++;
        lx->col = 1;
    } else {
        lx->col++;
    }
    lx->pos++;
}

static SrcLoc
here(Lexer *lx)
{
    return (SrcLoc){lx->file, lx->line, lx->col};
}

/* Skips blanks and comments; false after an unterminated comment. */
static bool
skip_space(Lexer *lx)
{
    for (;;) {
        int c = peekc(lx, 0);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            advance(lx);
        } else if (c == '/' && peekc(lx, 1) == '/') {
            while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '\n')
                advance(lx);
        } else if (c == '/' && peekc(lx, 1) == '*') {
            SrcLoc at = here(lx);
            advance(lx);
            advance(lx);
            while (peekc(lx, 0) >= 0 && !(peekc(lx, 0) == '*' && peekc(lx, 1) == '/'))
                advance(lx);
            if (peekc(lx, 0) < 0) {
                diag_error(lx->d, at, "unterminated comment");
                return false;
            }
            advance(lx);
            advance(lx);
        } else {
            return true;
        }
    }
}

static void
lex_number(Lexer *lx, Token *t)
{
    size_t start = lx->pos;
    int c = peekc(lx, 0), c1 = peekc(lx, 1);
    if (c == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D')) {
        int want = (c1 == 'f' || c1 == 'F') ? 8 : 16;
        advance(lx);
        advance(lx);
        uint64_t v = 0;
        int n = 0;
        while (isxdigit(peekc(lx, 0))) {
            int d = peekc(lx, 0);
            v = v * 16 + (uint64_t)(isdigit(d) ? d - '0' : (tolower(d) - 'a' + 10));
            n++;
            advance(lx);
        }
        if (n != want || ident_char(peekc(lx, 0))) {
            diag_error(lx->d, t->loc,
                       "malformed %s floating-point constant: expected %d hex digits after '0%c'",
                       want == 8 ? "single-precision" : "double-precision", want, c1);
            t->kind = TOK_ERROR;
            while (ident_char(peekc(lx, 0)))
                advance(lx);
            return;
        }
        t->kind = TOK_FLOAT;
        t->fbits = v;
        t->is_double = want == 16;
        return;
    }
    /* decimal float? */
    size_t p = lx->pos;
    while (p < lx->len && isdigit((unsigned char)lx->text[p]))
        p++;
    bool is_float = p < lx->len &&
                    (lx->text[p] == '.' || lx->text[p] == 'e' || lx->text[p] == 'E') &&
                    !(c == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'b' || c1 == 'B'));
    if (is_float && lx->text[p] == '.' &&
        !(p + 1 < lx->len && isdigit((unsigned char)lx->text[p + 1])))
        is_float = lx->text[p] != '.'; /* "1." followed by a letter is not a float */
    if (is_float) {
        char buf[64];
        size_t n = 0;
        while (n < sizeof buf - 1 && (isdigit(peekc(lx, 0)) || peekc(lx, 0) == '.' ||
                                      peekc(lx, 0) == 'e' || peekc(lx, 0) == 'E' ||
                                      ((peekc(lx, 0) == '-' || peekc(lx, 0) == '+') && n > 0 &&
                                       (buf[n - 1] == 'e' || buf[n - 1] == 'E')))) {
            buf[n++] = (char)peekc(lx, 0);
            advance(lx);
        }
        buf[n] = 0;
        char *end;
        double d = strtod(buf, &end);
        if (*end) {
            diag_error(lx->d, t->loc, "malformed floating-point constant '%s'", buf);
            t->kind = TOK_ERROR;
            return;
        }
        t->kind = TOK_FLOAT;
        memcpy(&t->fbits, &d, sizeof d);
        t->is_double = true;
        return;
    }
    int base = 10;
    if (c == '0' && (c1 == 'x' || c1 == 'X'))
        base = 16, advance(lx), advance(lx);
    else if (c == '0' && (c1 == 'b' || c1 == 'B'))
        base = 2, advance(lx), advance(lx);
    else if (c == '0' && isdigit(c1))
        base = 8, advance(lx);
    uint64_t v = 0;
    bool overflow = false;
    int ndig = 0;
    for (;;) {
        int d = peekc(lx, 0), dv;
        if (isdigit(d))
            dv = d - '0';
        else if (isxdigit(d) && base == 16)
            dv = tolower(d) - 'a' + 10;
        else
            break;
        if (dv >= base) {
            diag_error(lx->d, here(lx), "invalid digit '%c' in %s constant", d,
                       base == 8 ? "octal" : base == 2 ? "binary" : "decimal");
            t->kind = TOK_ERROR;
            while (ident_char(peekc(lx, 0)))
                advance(lx);
            return;
        }
        if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
            overflow = true;
        v = v * (uint64_t)base + (uint64_t)dv;
        ndig++;
        advance(lx);
    }
    if (ndig == 0 && base != 8) {
        diag_error(lx->d, t->loc, "malformed integer constant");
        t->kind = TOK_ERROR;
        return;
    }
    if (peekc(lx, 0) == 'U' || peekc(lx, 0) == 'u')
        advance(lx);
    if (ident_char(peekc(lx, 0))) {
        diag_error(lx->d, here(lx), "invalid character '%c' in integer constant", peekc(lx, 0));
        t->kind = TOK_ERROR;
        while (ident_char(peekc(lx, 0)))
            advance(lx);
        return;
    }
    if (overflow) {
        diag_error(lx->d, t->loc, "integer constant '%.*s' does not fit in 64 bits",
                   (int)(lx->pos - start), lx->text + start);
        t->kind = TOK_ERROR;
        return;
    }
    t->kind = TOK_INT;
    t->ival = v;
}

/* After a '.': a modifier may start with digits when a letter follows
 * (tex.2d, tcgen05.ld.32x32b). */
static bool
dotname_start(Lexer *lx)
{
    if (ident_start(peekc(lx, 1)))
        return true;
    size_t i = 1;
    while (isdigit(peekc(lx, i)))
        i++;
    return i > 1 && ident_char(peekc(lx, i));
}

void
lex_next(Lexer *lx, Token *t)
{
    memset(t, 0, sizeof *t);
    if (!skip_space(lx)) {
        t->kind = TOK_EOF;
        t->loc = here(lx);
        return;
    }
    t->loc = here(lx);
    size_t start = lx->pos;
    int c = peekc(lx, 0);
    if (c < 0) {
        t->kind = TOK_EOF;
        return;
    }
    if (ident_start(c)) {
        advance(lx);
        while (ident_char(peekc(lx, 0)))
            advance(lx);
        t->kind = TOK_IDENT;
    } else if (c == '.' && dotname_start(lx)) {
        advance(lx);
        while (ident_char(peekc(lx, 0)))
            advance(lx);
        while (peekc(lx, 0) == ':' && peekc(lx, 1) == ':' && ident_char(peekc(lx, 2))) {
            advance(lx);
            advance(lx);
            while (ident_char(peekc(lx, 0)))
                advance(lx);
        }
        t->kind = TOK_DOTNAME;
    } else if (isdigit(c)) {
        lex_number(lx, t);
    } else if (c == '"') {
        advance(lx);
        while (peekc(lx, 0) >= 0 && peekc(lx, 0) != '"' && peekc(lx, 0) != '\n') {
            if (peekc(lx, 0) == '\\' && peekc(lx, 1) >= 0)
                advance(lx);
            advance(lx);
        }
        if (peekc(lx, 0) != '"') {
            diag_error(lx->d, t->loc, "unterminated string");
            t->kind = TOK_ERROR;
        } else {
            advance(lx);
            t->kind = TOK_STRING;
        }
    } else if (strchr(",;:{}[]()+-!@|<>=", c) && c != 0) {
        advance(lx);
        t->kind = (TokKind)c;
    } else {
        advance(lx);
        if (c == 0)
            diag_error(lx->d, t->loc, "unexpected NUL byte");
        else if (c < 32 || c >= 127)
            diag_error(lx->d, t->loc, "unexpected byte 0x%02x", c);
        else
            diag_error(lx->d, t->loc, "unexpected character '%c'", c);
        t->kind = TOK_ERROR;
    }
    t->text = lx->text + start;
    t->len = (int)(lx->pos - start);
}

void
lex_init(Lexer *lx, const char *file, const char *text, size_t len, Diags *d)
{
    memset(lx, 0, sizeof *lx);
    lx->file = file;
    lx->text = text;
    lx->len = len;
    lx->line = lx->col = 1;
    lx->d = d;
}
