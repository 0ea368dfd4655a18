#ifndef CNCURSES_H
#define CNCURSES_H

/*
 * CNCurses: the C shim between Swift and wide-character ncurses.
 *
 * Swift cannot import function-like macros (A_BOLD, COLOR_PAIR, KEY_F(n), getmaxyx) and reading
 * C globals such as stdscr, LINES or COLS is an error under Swift 6 strict concurrency, so this
 * header wraps each of them in a small function. Everything here is called only from
 * TerminalUI's `CursesTerminal` (on the main actor) and `Platform`, except the signal-restore
 * pieces, which are documented below.
 */

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <ncurses.h>
#include <stdbool.h>
#include <stdint.h>
#include <wchar.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MARK: Attributes and colours */

attr_t cnc_attr_normal(void);
attr_t cnc_attr_bold(void);
attr_t cnc_attr_reverse(void);
attr_t cnc_attr_underline(void);
attr_t cnc_attr_dim(void);
/** COLOR_PAIR(n) as a chtype-compatible attribute mask. */
attr_t cnc_color_pair(int pair);
/** The number of colours the terminal supports (the COLORS global). */
int cnc_colors(void);
/** The number of colour pairs the terminal supports (the COLOR_PAIRS global). */
int cnc_color_pairs(void);

/* MARK: Key codes (values returned by get_wch with KEY_CODE_YES) */

int cnc_key_code_yes(void);
int cnc_key_resize(void);
int cnc_key_up(void);
int cnc_key_down(void);
int cnc_key_left(void);
int cnc_key_right(void);
int cnc_key_btab(void);
int cnc_key_backspace(void);
int cnc_key_dc(void);
int cnc_key_ic(void);
int cnc_key_home(void);
int cnc_key_end(void);
int cnc_key_enter(void);
int cnc_key_npage(void);
int cnc_key_ppage(void);
int cnc_key_f(int n);
/** The key code this shim binds to the bracketed-paste start sequence (ESC [ 200 ~). */
int cnc_key_paste_begin(void);
/** The key code this shim binds to the bracketed-paste end sequence (ESC [ 201 ~). */
int cnc_key_paste_end(void);

/* MARK: Mouse */

/** KEY_MOUSE: the key code get_wch answers when a mouse event is queued. */
int cnc_key_mouse(void);
/** Reports left-button presses only (no motion, no other buttons), with no click delay; off with false. */
void cnc_mouse_enable(bool on);
/** getmouse for a left-button press: its cell in *row, *column; false for anything else. */
bool cnc_mouse_read(int *row, int *column);

/* MARK: Globals as functions */

WINDOW *cnc_stdscr(void);
int cnc_lines(void);
int cnc_cols(void);
/** getmaxyx(win, *rows, *cols). */
void cnc_getmaxyx(WINDOW *win, int *rows, int *cols);
/** set_escdelay(ms); returns ERR where the library lacks it. */
int cnc_set_escdelay(int ms);
/** The ERR and OK return codes. */
int cnc_err(void);
int cnc_ok(void);

/* MARK: Screen lifetime */

/**
 * newterm on the given descriptors (dup'ed, so closing the FILEs leaves the caller's fds open).
 * Returns NULL when the terminal type is unknown; never exits the process as initscr does.
 */
SCREEN *cnc_newterm(const char *term, int outfd, int infd);
/** delscreen and fclose of the FILEs opened by cnc_newterm. */
void cnc_delscreen(SCREEN *screen);
/** Binds the bracketed-paste sequences to cnc_key_paste_begin/end (define_key). */
void cnc_define_paste_keys(void);

/* MARK: Drawing */

/**
 * Writes one grapheme cluster given as UTF-8 at (y, x) of win with the attributes and colour
 * pair. The first code point is the spacing character; the following code points are kept
 * only while they are zero-width (combining marks, ZWJ, variation selectors), as setcchar
 * does, and at most CCHARW_MAX - 1 of them. Returns ERR for an empty or undecodable string.
 */
int cnc_put_grapheme(WINDOW *win, int y, int x, const char *utf8, attr_t attrs, short pair);

/** wcwidth of one code point (-1 when not printable in the current LC_CTYPE). */
int cnc_wcwidth(uint32_t codepoint);
/** wcswidth of n code points. */
int cnc_wcswidth(const uint32_t *codepoints, size_t n);

/**
 * Reads row y of win back as code points (wide characters once, combining marks after their
 * base; mvwinnwstr). Returns the number stored in out (at most capacity), or -1.
 */
int cnc_read_line(WINDOW *win, int y, uint32_t *out, int capacity);

/* MARK: Pseudo-terminals (tests) */

/** Opens a pseudo-terminal pair of the given size. Returns 0, or -1 with errno set. */
int cnc_open_pty(int *primary, int *secondary, int rows, int cols);
/** Sets the window size of a terminal descriptor (TIOCSWINSZ). Returns 0, or -1. */
int cnc_set_window_size(int fd, int rows, int cols);

/* MARK: Event-driven input */

/**
 * Creates a pipe whose ends are close-on-exec; the write end is non-blocking (writers never
 * stall), the read end blocking. Returns 0 and stores the ends, or -1 with errno set.
 */
int cnc_make_pipe(int *read_end, int *write_end);
/**
 * Waits with poll(2) until input_fd (when >= 0) is readable or hung up, or wake_fd has a byte,
 * for at most timeout_ms (-1: no limit). Empties wake_fd. Returns a bit set: 1 input ready,
 * 2 woken (the wake pipe had bytes, or a signal interrupted the wait); 0 on timeout.
 */
int cnc_wait_input(int input_fd, int wake_fd, int timeout_ms);
/** Writes one byte to a wake pipe (async-signal-safe; a full pipe is already awake). */
void cnc_wake(int wake_fd);
/**
 * Reads what the terminal has ready (FIONREAD, at most capacity bytes) without blocking when
 * poll said it was readable. Returns the byte count, 0 at end of file, -1 on error.
 */
long cnc_read_available(int fd, unsigned char *buffer, long capacity);
/** Writes as much of buffer as a non-blocking fd takes now. Returns the count (0 when full). */
long cnc_write_some(int fd, const unsigned char *buffer, long length);
/** notimeout(win, on): whether get_wch waits ESCDELAY for the rest of an escape sequence. */
int cnc_notimeout(WINDOW *win, bool on);
/** typeahead(fd): -1 stops doupdate from polling input (frames are never cut short). */
int cnc_typeahead(int fd);
/**
 * Chains a SIGWINCH handler after the one ncurses installed that also writes one byte to
 * wake_fd, so a resize ends a wait at once. cnc_remove_winch_wake puts the previous one back.
 */
void cnc_install_winch_wake(int wake_fd);
void cnc_remove_winch_wake(void);

/* MARK: Suspend (Ctrl-Z) */

/**
 * Stops the process as the shell's job control expects: SIGTSTP with the default action
 * (restored afterwards), after the caller has ended curses. Returns when continued (SIGCONT).
 */
void cnc_suspend_self(void);

/* MARK: Emergency restore (signals, atexit) */

/**
 * Saves the current terminal modes of fd (tcgetattr) as the modes the emergency restore puts
 * back. Call it before newterm/raw/noecho change them. Returns 0, or -1 when fd is no terminal.
 */
int cnc_capture_modes(int fd);
/** Builds the restore byte sequence from the current terminfo entry (call after newterm). */
void cnc_prepare_restore_sequence(bool bracketed_paste);
/**
 * Installs sigaction handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals
 * (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP). The handler is async-signal-safe: it
 * only calls write(2) with the prepared sequence and tcsetattr(3) with the captured modes
 * (both on the POSIX async-signal-safe list; endwin is not, so it is never called there),
 * then re-raises: the termination signals with the default action, the crash signals with the
 * handler that was installed before (for example Swift's backtracer).
 */
void cnc_install_signal_restore(void);
/** Puts back the signal dispositions that cnc_install_signal_restore replaced. */
void cnc_remove_signal_restore(void);
/** Registers (once per process) an atexit hook that performs the emergency restore if armed. */
void cnc_register_atexit_restore(void);
/** Arms or disarms the emergency restore (signals and atexit do nothing while disarmed). */
void cnc_set_restore_armed(bool armed);
/** Performs the emergency restore now (write + tcsetattr), if armed. Async-signal-safe. */
void cnc_emergency_restore(void);
/** Writes a NUL-terminated string straight to fd (for private-mode sequences). */
void cnc_write_string(int fd, const char *string);

#ifdef __cplusplus
}
#endif

#endif /* CNCURSES_H */
