# SPDX-License-Identifier: GPL-3.0-or-later
# The layers of the source tree in one table, lowest first: a folder, the library its files are built into,
# and the folders its files may include (#include "folder/...") besides their own. "engine" stands for every
# engine folder. Engine libraries link exactly the libraries of the folders they may include
# (sandbench_layer_links); CheckLayering.cmake fails the build on any other include.
set(SANDBENCH_LAYERS
    # folder           library              may include
    "engine/base       sandbench-base"
    "engine/tools      sandbench-tools      engine/base"
    "engine/sandbox    sandbench-sandbox    engine/tools engine/base"
    "engine/models     sandbench-models     engine/base"
    "engine/data       sandbench-data       engine/tools engine/base"
    "engine/gateway    sandbench-gateway    engine/models engine/tools engine/sandbox engine/base"
    "engine/workspace  sandbench-workspace  engine/gateway engine/models engine/tools engine/sandbox engine/base"
    "engine/mcp        sandbench-mcp        engine/workspace engine/gateway engine/models engine/tools engine/sandbox engine/base"
    "engine/server     sandbench-server     engine/mcp engine/workspace engine/gateway engine/models engine/tools engine/sandbox engine/base"
    "engine/secrets    sandbench-secrets    engine/models engine/base"
    "widgets/common    sandbench-widgets    engine"
    "widgets/shellcalls sandbench-widgets   widgets/common engine"
    "widgets/chat      sandbench-widgets    widgets/common engine"
    "widgets/files     sandbench-widgets    widgets/common engine"
    "widgets/documents sandbench-widgets    widgets/common engine"
    "widgets/network   sandbench-widgets    widgets/common engine"
    "widgets/guardrails sandbench-widgets   widgets/common engine"
    "widgets/logs      sandbench-widgets    widgets/shellcalls widgets/common engine"
    "widgets/localapi  sandbench-widgets    widgets/shellcalls widgets/common engine"
    "widgets/settings  sandbench-widgets    widgets/localapi widgets/common engine"
    "widgets/approvals sandbench-widgets    widgets/common engine"
    "widgets/window    sandbench-widgets    widgets engine"
)

# Where an #include "..." of a folder's file is looked for after the file's own directory.
set(SANDBENCH_INCLUDE_ROOTS_engine engine)
set(SANDBENCH_INCLUDE_ROOTS_widgets widgets engine)

# Splits the table: SANDBENCH_LAYER_FOLDERS, and for each folder F SANDBENCH_LAYER_LIBRARY_<F> and
# SANDBENCH_LAYER_ALLOWED_<F> (folders, "engine" and "widgets" expanded).
macro(sandbench_read_layers)
    set(SANDBENCH_LAYER_FOLDERS)
    foreach(_sl_row IN LISTS SANDBENCH_LAYERS)
        separate_arguments(_sl_fields UNIX_COMMAND "${_sl_row}")
        list(POP_FRONT _sl_fields _sl_folder _sl_library)
        list(APPEND SANDBENCH_LAYER_FOLDERS ${_sl_folder})
        set(SANDBENCH_LAYER_LIBRARY_${_sl_folder} ${_sl_library})
        set(SANDBENCH_LAYER_WANTS_${_sl_folder} ${_sl_fields})
    endforeach()
    foreach(_sl_folder IN LISTS SANDBENCH_LAYER_FOLDERS)
        set(_sl_allowed ${_sl_folder})
        foreach(_sl_want IN LISTS SANDBENCH_LAYER_WANTS_${_sl_folder})
            if(_sl_want STREQUAL "engine" OR _sl_want STREQUAL "widgets")
                foreach(_sl_other IN LISTS SANDBENCH_LAYER_FOLDERS)
                    if(_sl_other MATCHES "^${_sl_want}/")
                        list(APPEND _sl_allowed ${_sl_other})
                    endif()
                endforeach()
            else()
                list(APPEND _sl_allowed ${_sl_want})
            endif()
        endforeach()
        list(REMOVE_DUPLICATES _sl_allowed)
        set(SANDBENCH_LAYER_ALLOWED_${_sl_folder} ${_sl_allowed})
    endforeach()
endmacro()

# The libraries an engine library links: those of the folders its folders may include. A library may only
# link libraries defined before it, so the table cannot hide a cycle.
function(sandbench_layer_links library out)
    sandbench_read_layers()
    set(links)
    foreach(folder IN LISTS SANDBENCH_LAYER_FOLDERS)
        if(NOT SANDBENCH_LAYER_LIBRARY_${folder} STREQUAL library)
            continue()
        endif()
        foreach(allowed IN LISTS SANDBENCH_LAYER_ALLOWED_${folder})
            set(dep ${SANDBENCH_LAYER_LIBRARY_${allowed}})
            if(dep STREQUAL library)
                continue()
            endif()
            if(NOT TARGET ${dep})
                message(FATAL_ERROR "${library} (${folder}) may use ${dep}, which is not defined yet: "
                                    "layers point down, so define ${dep} first (cmake/Layers.cmake)")
            endif()
            list(APPEND links ${dep})
        endforeach()
    endforeach()
    list(REMOVE_DUPLICATES links)
    set(${out} ${links} PARENT_SCOPE)
endfunction()
