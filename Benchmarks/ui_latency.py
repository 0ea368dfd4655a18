"""Terminal UI latency on a real pseudo-terminal: time to first frame, key-to-redraw, peak memory.

Usage: python3 Benchmarks/ui_latency.py [path/to/latchkey]  (default .build/release/latchkey)
The app starts on the sign-in screen (no network needed for these figures). Prints figures and the
ratio to each target; asserts nothing.
"""
import fcntl
import json
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_until(fd, needle, timeout):
    """Reads from fd until `needle` appears; returns (seconds waited, bytes)."""
    started = time.perf_counter()
    data = b""
    while needle not in data:
        left = timeout - (time.perf_counter() - started)
        if left <= 0:
            raise TimeoutError(f"{needle!r} did not appear; got {data[-300:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                data += os.read(fd, 65536)
            except OSError:
                break
    return time.perf_counter() - started, data


def drain(fd, quiet_for=0.03):
    while select.select([fd], [], [], quiet_for)[0]:
        try:
            os.read(fd, 65536)
        except OSError:
            return


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round((len(values) - 1) * p)))]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, ".build", "release", "latchkey")
    workdir = tempfile.mkdtemp(prefix="latchkey-ui-")
    config = os.path.join(workdir, "awsconfiguration.json")
    with open(config, "w") as handle:
        json.dump({"CognitoUserPool": {"Default": {"PoolId": "us-east-1_Bench01", "AppClientId": "bench",
                                                   "Region": "us-east-1", "Endpoint": "http://127.0.0.1:9"}}}, handle)
    env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LATCHKEY_STORE="file", SWIFT_BACKTRACE="interactive=no")

    first_frames = []
    for _ in range(10):
        started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, [binary, "--config", config, "--store", os.path.join(workdir, "store")], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        read_until(fd, b"Forgot password", 10)
        first_frames.append((time.perf_counter() - started) * 1000)
        os.write(fd, b"\x03")  # Ctrl-C
        drain(fd)
        os.waitpid(pid, 0)

    # Key-to-redraw and memory in one longer session.
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary, "--config", config, "--store", os.path.join(workdir, "store")], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    read_until(fd, b"Forgot password", 10)
    drain(fd, 0.2)
    latencies = []
    letters = b"abcdefghijklmnopqrstuvwxyz"
    for index in range(300):
        key = letters[index % len(letters):index % len(letters) + 1]
        if index % 40 == 39:
            key = b"\x7f" * 1  # Backspace now and then, so the field never overflows into scrolling only
        started = time.perf_counter()
        os.write(fd, key)
        ready, _, _ = select.select([fd], [], [], 2)
        if not ready:
            raise TimeoutError("no redraw after a key")
        os.read(fd, 65536)
        latencies.append((time.perf_counter() - started) * 1000)
        drain(fd, 0.01)
    os.write(fd, b"\x03")
    drain(fd)
    _, status, usage = os.wait4(pid, 0)
    peak_mb = usage.ru_maxrss / 1024

    def line(name, value, unit, target=None):
        text = f"  {name:<40} {value:9.2f} {unit}"
        if target is not None:
            ratio = target / value if value else float("inf")
            text += f"   target < {target} {unit} ({ratio:.1f}x, {'meets' if value < target else 'MISSES'} target)"
        print(text)

    print(f"Terminal UI on a pseudo-terminal (100x30), {binary}")
    line("time to first frame p50 (process start)", statistics.median(first_frames), "ms", 50)
    line("time to first frame max", max(first_frames), "ms")
    line("key-to-redraw p50", percentile(latencies, 0.5), "ms")
    line("key-to-redraw p99", percentile(latencies, 0.99), "ms", 16)
    line("peak resident memory", peak_mb, "MB", 30)
    print(f"  exit status after Ctrl-C: {os.WEXITSTATUS(status) if os.WIFEXITED(status) else status}")


if __name__ == "__main__":
    main()
