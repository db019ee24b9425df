# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one libFuzzer target for a bounded number of iterations: the checked-in corpus first, then RUNS
# mutated inputs. New inputs go to a scratch directory, a crashing input to WORK/ (printed on failure).
# -DFUZZER=binary -DCORPUS=dir -DWORK=dir -DRUNS=n -DMAXLEN=bytes
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/new)
set(ENV{ASAN_OPTIONS} "detect_leaks=1:abort_on_error=0:symbolize=1")
set(ENV{UBSAN_OPTIONS} "print_stacktrace=1:halt_on_error=1")
execute_process(
    COMMAND ${FUZZER} -runs=${RUNS} -max_total_time=240 -timeout=20 -rss_limit_mb=2048 -max_len=${MAXLEN}
            -seed=1 -print_final_stats=1 -artifact_prefix=${WORK}/ ${WORK}/new ${CORPUS}
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    file(GLOB artifacts ${WORK}/crash-* ${WORK}/leak-* ${WORK}/timeout-* ${WORK}/oom-*)
    message(FATAL_ERROR "${FUZZER} failed (${status}); reproduce with: ${FUZZER} ${artifacts}")
endif()
