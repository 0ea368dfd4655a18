"""Head-to-head benchmarks: Latchkey against pycognito, the boto3 import floor and the AWS CLI.

Run with `Benchmarks/run-head-to-head` (it builds the release binaries and uses the project's
virtualenv). Everything runs against one local backend on 127.0.0.1, side by side, in one run.
Prints figures and ratios; asserts nothing.
"""
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = os.path.join(REPO, ".build", "release")
# latchkey-bench is built by its own package, Benchmarks/Package.swift.
BENCH_RELEASE = os.path.join(REPO, "Benchmarks", ".build", "release")
PASSWORD = "Bench-Passw0rd!"


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kwargs)


def peak_rss_mb(cmd, env=None):
    """Peak resident memory of one run of `cmd`, measured in a fresh wrapper process."""
    probe = ("import resource,subprocess,sys;"
             "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL);"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe] + cmd, capture_output=True, text=True, env=env)
    return int(out.stdout.strip() or 0) / 1024


def time_process(cmd, runs, env=None):
    """Median and p90 wall time (ms) of `runs` executions of `cmd`."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
        samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.9 * (len(samples) - 1))]


def line(name, value, unit, note=""):
    print(f"  {name:<58} {value:10.2f} {unit:<4} {note}")


def main():
    runs = int(os.environ.get("BENCH_RUNS", "30"))
    workdir = tempfile.mkdtemp(prefix="latchkey-bench-")
    state = os.path.join(workdir, "backend")
    env = dict(os.environ, LATCHKEY_BACKEND_QUIET="1")
    info = json.loads(run([os.path.join(REPO, "Scripts", "local-backend"), "start", "--dir", state,
                           "--demo-user", "bench", "--demo-password", PASSWORD], env=env).stdout.strip().splitlines()[-1])
    try:
        report(info, workdir, runs)
    finally:
        subprocess.run([os.path.join(REPO, "Scripts", "local-backend"), "stop", "--dir", state],
                       capture_output=True)
        shutil.rmtree(workdir, ignore_errors=True)


def report(info, workdir, runs):
    import boto3
    from pycognito.aws_srp import AWSSRP

    config = info["configPath"]
    print(f"Head-to-head on {os.cpu_count()} cores, local backend {info['endpoint']}, {runs} runs each")

    # 1. Sign-in end to end (InitiateAuth + RespondToAuthChallenge, SRP included).
    print("\nSign-in end to end (USER_SRP_AUTH, one process, warm connection)")
    ours = json.loads(run([os.path.join(BENCH_RELEASE, "latchkey-bench"), "signin", config, "bench", PASSWORD,
                           str(runs)]).stdout.strip().splitlines()[-1])
    idp = boto3.client("cognito-idp", endpoint_url=info["endpoint"], region_name="us-east-1",
                       aws_access_key_id="x", aws_secret_access_key="x")
    AWSSRP(username="bench", password=PASSWORD, pool_id=info["userPoolId"], client_id=info["appClientId"],
           client=idp).authenticate_user()  # warm-up
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for _ in range(runs):
        AWSSRP(username="bench", password=PASSWORD, pool_id=info["userPoolId"], client_id=info["appClientId"],
               client=idp).authenticate_user()
    py_wall = (time.perf_counter() - wall0) / runs * 1000
    py_cpu = (time.process_time() - cpu0) / runs * 1000
    line("Latchkey core (SRP + token verification) wall", ours["wall_ms"], "ms")
    line("Latchkey core client CPU", ours["cpu_ms"], "ms", "(target <= 10 ms)")
    line("pycognito AWSSRP.authenticate_user wall", py_wall, "ms")
    line("pycognito client CPU", py_cpu, "ms")
    line("wall-time ratio pycognito / Latchkey", py_wall / ours["wall_ms"], "x", "(target >= 5x)")
    line("CPU-time ratio pycognito / Latchkey", py_cpu / ours["cpu_ms"], "x")
    line("Latchkey peak RSS (sign-in loop)", ours["peak_rss_mb"], "MB")

    # 2. SRP computation alone.
    print("\nSRP computation alone (A, u, x, S, HKDF, signature)")
    bench = run([os.path.join(BENCH_RELEASE, "latchkey-bench")]).stdout
    ours_srp = float(re.search(r"Latchkey SRP\s+([\d.]+)", bench).group(1))
    floor = float(re.search(r"bare libcrypto[^\n]*?\s([\d.]+) ms", bench).group(1))
    challenge = {"SALT": "1c6708a20b0c49184bc6c3c0db8411a8", "SRP_B": "2aa782afdf51e9d6663eec533e955871b604b5b9" * 19 + "8c11",
                 "SECRET_BLOCK": "c2VjcmV0", "USER_ID_FOR_SRP": "bench", "USERNAME": "bench"}
    started = time.perf_counter()
    for _ in range(runs):
        aws = AWSSRP(username="bench", password=PASSWORD, pool_id=info["userPoolId"],
                     client_id=info["appClientId"], client=idp)
        aws.process_challenge(challenge, aws.get_auth_params())
    py_srp = (time.perf_counter() - started) / runs * 1000
    line("Latchkey SRP", ours_srp, "ms")
    line("bare libcrypto floor (3 x BN_mod_exp_mont_consttime)", floor, "ms")
    line("pycognito SRP", py_srp, "ms")
    line("Latchkey / floor", ours_srp / floor, "x", "(target <= 1.5x)")
    line("pycognito / Latchkey", py_srp / ours_srp, "x")

    # 3. Whole processes, as scripts and credential_process call them.
    print("\nA cached token / credentials as a whole process")
    store = os.path.join(workdir, "store")
    latchkey = os.path.join(RELEASE, "latchkey")
    common = ["--config", config, "--store", store]
    subprocess.run([latchkey, "sign-in", "--username", "bench", "--password-stdin"] + common,
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    run([latchkey, "credentials"] + common)  # cache the credentials
    token_p50, token_p90 = time_process([latchkey, "token"] + common, runs)
    creds_p50, creds_p90 = time_process([latchkey, "credentials"] + common, runs)
    boto_p50, boto_p90 = time_process([sys.executable, "-c", "import boto3"], max(5, runs // 3))
    aws_cli = shutil.which("aws")
    line("latchkey token (p50)", token_p50, "ms", f"p90 {token_p90:.1f} ms (target < 20 ms)")
    line("latchkey credentials (p50)", creds_p50, "ms", f"p90 {creds_p90:.1f} ms (target < 20 ms)")
    line("python3 -c 'import boto3' (p50): any Python helper's floor", boto_p50, "ms", f"p90 {boto_p90:.1f} ms")
    line("boto3 import / latchkey token", boto_p50 / token_p50, "x", "(target >= 10x)")
    line("boto3 import / latchkey credentials", boto_p50 / creds_p50, "x", "(target >= 10x)")
    if aws_cli:
        cli_p50, cli_p90 = time_process([aws_cli, "--version"], max(5, runs // 3))
        line("aws --version (p50): the AWS CLI's own start-up", cli_p50, "ms", f"p90 {cli_p90:.1f} ms")
        line("AWS CLI start-up / latchkey token", cli_p50 / token_p50, "x")

    print("\nPeak resident memory, one process each")
    line("latchkey token", peak_rss_mb([latchkey, "token"] + common), "MB")
    line("latchkey credentials", peak_rss_mb([latchkey, "credentials"] + common), "MB")
    line("python3 -c 'import boto3'", peak_rss_mb([sys.executable, "-c", "import boto3"]), "MB")
    if aws_cli:
        line("aws --version", peak_rss_mb([aws_cli, "--version"]), "MB")


if __name__ == "__main__":
    main()
