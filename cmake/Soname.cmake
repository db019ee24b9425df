# SPDX-License-Identifier: GPL-3.0-or-later
# sandbench_soname(VAR FILE): the SONAME recorded in the shared library FILE (a path or a symlink to it), for
# the libraries the engine dlopen()s on first use instead of linking.
function(sandbench_soname var file)
    get_filename_component(real "${file}" REALPATH)
    execute_process(COMMAND "${CMAKE_OBJDUMP}" -p "${real}" OUTPUT_VARIABLE dump RESULT_VARIABLE rc)
    string(REGEX MATCH "SONAME +([^ \n]+)" found "${dump}")
    if(NOT rc EQUAL 0 OR NOT CMAKE_MATCH_1)
        message(FATAL_ERROR "cannot tell the soname of ${real}")
    endif()
    set(${var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()
