/* wcwidth is an X/Open function: glibc declares it only with a feature macro. */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1
#endif

#include "CNCurses.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

/* Key codes bound to the bracketed-paste sequences: just above the range ncurses uses. */
#define CNC_KEY_PASTE_BEGIN (KEY_MAX + 1)
#define CNC_KEY_PASTE_END (KEY_MAX + 2)

/* MARK: Attributes and colours */

attr_t cnc_attr_normal(void) { return A_NORMAL; }
attr_t cnc_attr_bold(void) { return A_BOLD; }
attr_t cnc_attr_reverse(void) { return A_REVERSE; }
attr_t cnc_attr_underline(void) { return A_UNDERLINE; }
attr_t cnc_attr_dim(void) { return A_DIM; }
attr_t cnc_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }
int cnc_colors(void) { return COLORS; }
int cnc_color_pairs(void) { return COLOR_PAIRS; }

/* MARK: Key codes */

int cnc_key_code_yes(void) { return KEY_CODE_YES; }
int cnc_key_resize(void) { return KEY_RESIZE; }
int cnc_key_up(void) { return KEY_UP; }
int cnc_key_down(void) { return KEY_DOWN; }
int cnc_key_left(void) { return KEY_LEFT; }
int cnc_key_right(void) { return KEY_RIGHT; }
int cnc_key_btab(void) { return KEY_BTAB; }
int cnc_key_backspace(void) { return KEY_BACKSPACE; }
int cnc_key_dc(void) { return KEY_DC; }
int cnc_key_ic(void) { return KEY_IC; }
int cnc_key_home(void) { return KEY_HOME; }
int cnc_key_end(void) { return KEY_END; }
int cnc_key_enter(void) { return KEY_ENTER; }
int cnc_key_npage(void) { return KEY_NPAGE; }
int cnc_key_ppage(void) { return KEY_PPAGE; }
int cnc_key_f(int n) { return KEY_F(n); }
int cnc_key_paste_begin(void) { return CNC_KEY_PASTE_BEGIN; }
int cnc_key_paste_end(void) { return CNC_KEY_PASTE_END; }

/* MARK: Globals as functions */

WINDOW *cnc_stdscr(void) { return stdscr; }
int cnc_lines(void) { return LINES; }
int cnc_cols(void) { return COLS; }
void cnc_getmaxyx(WINDOW *win, int *rows, int *cols) {
    int y = 0, x = 0;
    if (win != NULL) {
        getmaxyx(win, y, x);
    }
    if (rows != NULL) *rows = y;
    if (cols != NULL) *cols = x;
}
int cnc_set_escdelay(int ms) { return set_escdelay(ms); }
int cnc_err(void) { return ERR; }
int cnc_ok(void) { return OK; }

/* MARK: Screen lifetime */

static FILE *cnc_out_file = NULL;
static FILE *cnc_in_file = NULL;

SCREEN *cnc_newterm(const char *term, int outfd, int infd) {
    int out = dup(outfd);
    int in = dup(infd);
    if (out < 0 || in < 0) {
        if (out >= 0) close(out);
        if (in >= 0) close(in);
        return NULL;
    }
    FILE *outFile = fdopen(out, "w");
    FILE *inFile = fdopen(in, "r");
    if (outFile == NULL || inFile == NULL) {
        if (outFile != NULL) fclose(outFile); else close(out);
        if (inFile != NULL) fclose(inFile); else close(in);
        return NULL;
    }
    SCREEN *screen = newterm(term, outFile, inFile);
    if (screen == NULL) {
        fclose(outFile);
        fclose(inFile);
        return NULL;
    }
    cnc_out_file = outFile;
    cnc_in_file = inFile;
    return screen;
}

void cnc_delscreen(SCREEN *screen) {
    if (screen != NULL) {
        delscreen(screen);
    }
    if (cnc_out_file != NULL) {
        fclose(cnc_out_file);
        cnc_out_file = NULL;
    }
    if (cnc_in_file != NULL) {
        fclose(cnc_in_file);
        cnc_in_file = NULL;
    }
}

void cnc_define_paste_keys(void) {
    define_key("\033[200~", CNC_KEY_PASTE_BEGIN);
    define_key("\033[201~", CNC_KEY_PASTE_END);
}

/* MARK: Drawing */

/* Decodes one UTF-8 code point; returns its length in bytes, or 0 when malformed. */
static size_t cnc_decode_utf8(const unsigned char *s, uint32_t *out) {
    unsigned char c = s[0];
    if (c < 0x80) {
        *out = c;
        return 1;
    }
    size_t len;
    uint32_t cp;
    if ((c & 0xE0) == 0xC0) {
        len = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    *out = cp;
    return len;
}

int cnc_put_grapheme(WINDOW *win, int y, int x, const char *utf8, attr_t attrs, short pair) {
    if (win == NULL || utf8 == NULL || utf8[0] == '\0') return ERR;
    wchar_t wch[CCHARW_MAX + 1];
    int count = 0;
    const unsigned char *p = (const unsigned char *)utf8;
    while (*p != '\0' && count < CCHARW_MAX) {
        uint32_t cp = 0;
        size_t len = cnc_decode_utf8(p, &cp);
        if (len == 0) return ERR;
        /* After the spacing character keep only zero-width code points, as setcchar does. */
        if (count > 0 && wcwidth((wchar_t)cp) != 0) break;
        wch[count++] = (wchar_t)cp;
        p += len;
    }
    wch[count] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

int cnc_wcwidth(uint32_t codepoint) { return wcwidth((wchar_t)codepoint); }

int cnc_wcswidth(const uint32_t *codepoints, size_t n) {
    if (codepoints == NULL) return 0;
    int total = 0;
    for (size_t i = 0; i < n; i++) {
        int w = wcwidth((wchar_t)codepoints[i]);
        if (w < 0) return -1;
        total += w;
    }
    return total;
}

int cnc_read_line(WINDOW *win, int y, uint32_t *out, int capacity) {
    if (win == NULL || out == NULL || capacity <= 0) return -1;
    wchar_t buffer[1024];
    int limit = capacity < 1023 ? capacity : 1023;
    int count = mvwinnwstr(win, y, 0, buffer, limit);
    if (count == ERR) return -1;
    count = (int)wcslen(buffer);
    for (int i = 0; i < count; i++) out[i] = (uint32_t)buffer[i];
    return count;
}

/* MARK: Pseudo-terminals */

int cnc_set_window_size(int fd, int rows, int cols) {
    struct winsize size;
    memset(&size, 0, sizeof(size));
    size.ws_row = (unsigned short)rows;
    size.ws_col = (unsigned short)cols;
    return ioctl(fd, TIOCSWINSZ, &size);
}

int cnc_open_pty(int *primary, int *secondary, int rows, int cols) {
    if (primary == NULL || secondary == NULL) return -1;
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0) {
        close(fd);
        return -1;
    }
    const char *name = ptsname(fd);
    if (name == NULL) {
        close(fd);
        return -1;
    }
    int other = open(name, O_RDWR | O_NOCTTY);
    if (other < 0) {
        close(fd);
        return -1;
    }
    cnc_set_window_size(other, rows, cols);
    *primary = fd;
    *secondary = other;
    return 0;
}

/* MARK: Event-driven input */

int cnc_make_pipe(int *read_end, int *write_end) {
    if (read_end == NULL || write_end == NULL) return -1;
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        int flags = fcntl(fds[i], F_GETFD);
        if (flags >= 0) (void)fcntl(fds[i], F_SETFD, flags | FD_CLOEXEC);
    }
    int status = fcntl(fds[1], F_GETFL);
    if (status >= 0) (void)fcntl(fds[1], F_SETFL, status | O_NONBLOCK);
    *read_end = fds[0];
    *write_end = fds[1];
    return 0;
}

static void cnc_empty_pipe(int fd) {
    unsigned char scratch[64];
    for (;;) {
        int available = 0;
        if (ioctl(fd, FIONREAD, &available) != 0 || available <= 0) return;
        long wanted = available < (int)sizeof(scratch) ? available : (long)sizeof(scratch);
        ssize_t n = read(fd, scratch, (size_t)wanted);
        if (n <= 0) return;
    }
}

int cnc_wait_input(int input_fd, int wake_fd, int timeout_ms) {
    struct pollfd fds[2];
    nfds_t count = 0;
    int input_slot = -1, wake_slot = -1;
    if (input_fd >= 0) {
        fds[count].fd = input_fd;
        fds[count].events = POLLIN;
        fds[count].revents = 0;
        input_slot = (int)count++;
    }
    if (wake_fd >= 0) {
        fds[count].fd = wake_fd;
        fds[count].events = POLLIN;
        fds[count].revents = 0;
        wake_slot = (int)count++;
    }
    int ready = poll(fds, count, timeout_ms);
    if (ready < 0) return errno == EINTR ? 2 : 0;
    int result = 0;
    if (input_slot >= 0 && (fds[input_slot].revents & (POLLIN | POLLHUP | POLLERR))) result |= 1;
    if (wake_slot >= 0 && (fds[wake_slot].revents & POLLIN)) {
        cnc_empty_pipe(wake_fd);
        result |= 2;
    }
    return result;
}

void cnc_wake(int wake_fd) {
    if (wake_fd < 0) return;
    int saved_errno = errno;
    unsigned char byte = 1;
    ssize_t n;
    do {
        n = write(wake_fd, &byte, 1);
    } while (n < 0 && errno == EINTR);
    errno = saved_errno;
}

long cnc_read_available(int fd, unsigned char *buffer, long capacity) {
    if (buffer == NULL || capacity <= 0) return -1;
    int available = 0;
    if (ioctl(fd, FIONREAD, &available) != 0) return -1;
    /* Readable with nothing buffered: end of file (or hang-up); read(2) says which at once. */
    long wanted = available > 0 ? (available < capacity ? available : capacity) : 1;
    ssize_t n;
    do {
        n = read(fd, buffer, (size_t)wanted);
    } while (n < 0 && errno == EINTR);
    return (long)n;
}

long cnc_write_some(int fd, const unsigned char *buffer, long length) {
    if (buffer == NULL || length <= 0) return 0;
    ssize_t n;
    do {
        n = write(fd, buffer, (size_t)length);
    } while (n < 0 && errno == EINTR);
    return n < 0 ? 0 : (long)n;
}

int cnc_notimeout(WINDOW *win, bool on) { return notimeout(win, on); }
int cnc_typeahead(int fd) { return typeahead(fd); }

static volatile sig_atomic_t cnc_winch_wake_fd = -1;
static struct sigaction cnc_previous_winch;
static int cnc_winch_installed = 0;

static void cnc_winch_handler(int sig, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (cnc_previous_winch.sa_flags & SA_SIGINFO) {
        if (cnc_previous_winch.sa_sigaction != NULL) cnc_previous_winch.sa_sigaction(sig, info, context);
    } else if (cnc_previous_winch.sa_handler != SIG_DFL && cnc_previous_winch.sa_handler != SIG_IGN
               && cnc_previous_winch.sa_handler != NULL) {
        cnc_previous_winch.sa_handler(sig);
    }
    cnc_wake(cnc_winch_wake_fd);
    errno = saved_errno;
}

void cnc_install_winch_wake(int wake_fd) {
    if (cnc_winch_installed) return;
    cnc_winch_wake_fd = wake_fd;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = cnc_winch_handler;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGWINCH, &action, &cnc_previous_winch) == 0) cnc_winch_installed = 1;
}

void cnc_remove_winch_wake(void) {
    if (!cnc_winch_installed) return;
    sigaction(SIGWINCH, &cnc_previous_winch, NULL);
    cnc_winch_wake_fd = -1;
    cnc_winch_installed = 0;
}

/* MARK: Suspend */

void cnc_suspend_self(void) {
    struct sigaction dfl, previous;
    memset(&dfl, 0, sizeof(dfl));
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &previous);
    sigset_t unblock, saved;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &unblock, &saved);
    /* raise sends to this thread, so the stop happens before raise returns; after SIGCONT it does. */
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    sigaction(SIGTSTP, &previous, NULL);
}

/* MARK: Emergency restore */

/*
 * Everything the signal handler touches is prepared in advance in these statics, so that the
 * handler itself needs no allocation, no stdio and no ncurses call.
 */
static struct termios cnc_saved_modes;
static int cnc_saved_modes_fd = -1;
static char cnc_restore_sequence[512];
static size_t cnc_restore_length = 0;
static volatile sig_atomic_t cnc_restore_armed = 0;
static int cnc_atexit_registered = 0;

static const int cnc_termination_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int cnc_crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
#define CNC_SIGNAL_SLOTS 65
static struct sigaction cnc_previous_actions[CNC_SIGNAL_SLOTS];
static int cnc_handlers_installed = 0;

int cnc_capture_modes(int fd) {
    if (tcgetattr(fd, &cnc_saved_modes) != 0) {
        cnc_saved_modes_fd = -1;
        return -1;
    }
    cnc_saved_modes_fd = fd;
    return 0;
}

/* Appends a terminfo string without its $<..> padding specifications. */
static void cnc_append_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return;
    for (const char *p = value; *p != '\0'; p++) {
        if (p[0] == '$' && p[1] == '<') {
            const char *end = strchr(p, '>');
            if (end != NULL) {
                p = end;
                continue;
            }
        }
        if (cnc_restore_length + 1 >= sizeof(cnc_restore_sequence)) return;
        cnc_restore_sequence[cnc_restore_length++] = *p;
    }
}

static void cnc_append_literal(const char *text) {
    for (const char *p = text; *p != '\0'; p++) {
        if (cnc_restore_length + 1 >= sizeof(cnc_restore_sequence)) return;
        cnc_restore_sequence[cnc_restore_length++] = *p;
    }
}

int cnc_key_mouse(void) { return KEY_MOUSE; }

void cnc_mouse_enable(bool on) {
    mmask_t previous = 0;
    mousemask(on ? (BUTTON1_PRESSED | BUTTON1_CLICKED) : 0, &previous);
    mouseinterval(0);
}

bool cnc_mouse_read(int *row, int *column) {
    MEVENT event;
    if (getmouse(&event) != OK) return false;
    if (!(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return false;
    *row = event.y;
    *column = event.x;
    return true;
}

void cnc_prepare_restore_sequence(bool bracketed_paste) {
    cnc_restore_length = 0;
    cnc_append_capability("sgr0");
    cnc_append_capability("cnorm");
    cnc_append_capability("rmkx");
    cnc_append_capability("rmcup");
    if (bracketed_paste) {
        cnc_append_literal("\033[?2004l");
    }
    /* Mouse reporting off (X10/normal and SGR), harmless when it was never on. */
    cnc_append_literal("\033[?1000l\033[?1006l");
    cnc_restore_sequence[cnc_restore_length] = '\0';
}

void cnc_emergency_restore(void) {
    if (!cnc_restore_armed) return;
    cnc_restore_armed = 0;
    int fd = cnc_saved_modes_fd;
    if (fd < 0) return;
    size_t done = 0;
    while (done < cnc_restore_length) {
        ssize_t n = write(fd, cnc_restore_sequence + done, cnc_restore_length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    (void)tcsetattr(fd, TCSANOW, &cnc_saved_modes);
}

static int cnc_is_crash_signal(int sig) {
    for (size_t i = 0; i < sizeof(cnc_crash_signals) / sizeof(cnc_crash_signals[0]); i++) {
        if (cnc_crash_signals[i] == sig) return 1;
    }
    return 0;
}

static void cnc_signal_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    cnc_emergency_restore();
    if (sig <= 0 || sig >= CNC_SIGNAL_SLOTS) {
        errno = saved_errno;
        return;
    }
    if (cnc_is_crash_signal(sig)) {
        /* Hand the crash to whoever handled it before (Swift's backtracer, or the default). */
        sigaction(sig, &cnc_previous_actions[sig], NULL);
        int sent = (info == NULL) || (info->si_code == SI_USER);
#ifdef SI_TKILL
        sent = sent || (info != NULL && info->si_code == SI_TKILL);
#endif
        if (sent) {
            /* Sent with kill/raise: re-raise; it is delivered when this handler returns. */
            raise(sig);
        }
        /* A hardware fault re-executes the faulting instruction when this handler returns. */
    } else {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof(dfl));
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        sigaction(sig, &dfl, NULL);
        raise(sig);
    }
    errno = saved_errno;
}

static void cnc_install_one(int sig) {
    if (sig <= 0 || sig >= CNC_SIGNAL_SLOTS) return;
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_sigaction = cnc_signal_handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(sig, &action, &cnc_previous_actions[sig]);
}

void cnc_install_signal_restore(void) {
    if (cnc_handlers_installed) return;
    for (size_t i = 0; i < sizeof(cnc_termination_signals) / sizeof(cnc_termination_signals[0]); i++) {
        int sig = cnc_termination_signals[i];
        /* Respect a shell that started us with the signal ignored (nohup, background jobs). */
        struct sigaction current;
        if (sigaction(sig, NULL, &current) == 0 && current.sa_handler == SIG_IGN) {
            cnc_previous_actions[sig] = current;
            continue;
        }
        cnc_install_one(sig);
    }
    for (size_t i = 0; i < sizeof(cnc_crash_signals) / sizeof(cnc_crash_signals[0]); i++) {
        cnc_install_one(cnc_crash_signals[i]);
    }
    cnc_handlers_installed = 1;
}

void cnc_remove_signal_restore(void) {
    if (!cnc_handlers_installed) return;
    for (size_t i = 0; i < sizeof(cnc_termination_signals) / sizeof(cnc_termination_signals[0]); i++) {
        int sig = cnc_termination_signals[i];
        sigaction(sig, &cnc_previous_actions[sig], NULL);
    }
    for (size_t i = 0; i < sizeof(cnc_crash_signals) / sizeof(cnc_crash_signals[0]); i++) {
        int sig = cnc_crash_signals[i];
        sigaction(sig, &cnc_previous_actions[sig], NULL);
    }
    cnc_handlers_installed = 0;
}

static void cnc_atexit_restore(void) { cnc_emergency_restore(); }

void cnc_register_atexit_restore(void) {
    if (cnc_atexit_registered) return;
    if (atexit(cnc_atexit_restore) == 0) {
        cnc_atexit_registered = 1;
    }
}

void cnc_set_restore_armed(bool armed) { cnc_restore_armed = armed ? 1 : 0; }

void cnc_write_string(int fd, const char *string) {
    if (string == NULL) return;
    size_t length = strlen(string);
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(fd, string + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
}
