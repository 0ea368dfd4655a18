// The entry point: hands the callback (LLVMFuzzerTestOneInput, defined next to this file) to libFuzzer.
import FuzzSupport

runFuzzer(fuzz)
