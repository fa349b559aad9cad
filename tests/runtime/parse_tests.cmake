# Tests of the StableHLO parser and printers (owned by the tensor-ir engineer), included
# from tests/runtime/CMakeLists.txt. The parser is compiled in directly so these tests
# do not depend on the interpreter's library.
set(C2H_CONFORMANCE ${CUDA2HLO_SHARED}/conformance/stablehlo-interpret)
add_executable(parse_roundtrip parse_roundtrip.c ${CMAKE_SOURCE_DIR}/runtime/parse.c)
target_include_directories(parse_roundtrip PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(parse_roundtrip PRIVATE c2h_hlo_emit c2h_base)
file(GLOB C2H_CONFORMANCE_FILES ${C2H_CONFORMANCE}/*.mlir)
add_test(NAME runtime_parse_roundtrip COMMAND parse_roundtrip ${C2H_CONFORMANCE_FILES})
add_test(NAME runtime_parse_jaxlib
         COMMAND ${CUDA2HLO_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/parse_jaxlib_test.py
                 $<TARGET_FILE:parse_roundtrip> ${C2H_CONFORMANCE})
set_tests_properties(runtime_parse_jaxlib PROPERTIES SKIP_RETURN_CODE 77)

add_executable(emit_tool emit_tool.c ${CMAKE_SOURCE_DIR}/runtime/parse.c)
target_include_directories(emit_tool PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(emit_tool PRIVATE c2h_hlo_emit c2h_base)
# 200 random programs: parser + both printers agree with XLA bit for bit (about a minute)
add_test(NAME runtime_gen_xla_printers
         COMMAND ${CUDA2HLO_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/gen_xla_test.py
                 $<TARGET_FILE:emit_tool> 200)

add_executable(emit_build_test emit_build_test.c)
target_link_libraries(emit_build_test PRIVATE c2h_hlo_emit c2h_base)
add_test(NAME runtime_emit_build
         COMMAND ${CUDA2HLO_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/emit_build_test.py
                 $<TARGET_FILE:emit_build_test>)

add_executable(parse_errors_test parse_errors_test.c ${CMAKE_SOURCE_DIR}/runtime/parse.c)
target_include_directories(parse_errors_test PRIVATE ${CMAKE_SOURCE_DIR}/runtime)
target_link_libraries(parse_errors_test PRIVATE c2h_hlo_emit c2h_base)
add_test(NAME runtime_parse_errors
         COMMAND parse_errors_test ${CMAKE_CURRENT_SOURCE_DIR}/parse_errors.mlir)
# The same table under valgrind: a failed parse must free everything (scratch arena).
find_program(C2H_VALGRIND valgrind)
if(C2H_VALGRIND)
  add_test(NAME runtime_parse_errors_leaks
           COMMAND ${C2H_VALGRIND} --leak-check=full --errors-for-leak-kinds=definite
                   --error-exitcode=9 -q $<TARGET_FILE:parse_errors_test>
                   ${CMAKE_CURRENT_SOURCE_DIR}/parse_errors.mlir)
  # no_asan: valgrind cannot run an ASan binary (both own the heap and the shadow
  # mappings); under make asan, runtime_parse_errors is the same table with LeakSanitizer.
  set_tests_properties(runtime_parse_errors_leaks PROPERTIES LABELS no_asan)
endif()

# f8/f6/f4 encodings against ml_dtypes, complex element-wise ops against numpy.
add_test(NAME runtime_gen_types
         COMMAND ${CUDA2HLO_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/gen_types_test.py
                 $<TARGET_FILE:emit_tool> $<TARGET_FILE:cuda2hlo-run>)
