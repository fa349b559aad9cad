# install.cmake: `cmake --install BUILD [--prefix P]` (included last by the top-level
# CMakeLists.txt). Installs the tools, libcuda2hlo_runtime.so and its C API header, the
# CMake package (find_package(cuda2hlo): cuda2hlo::runtime, cuda2hlo_add_module) and a
# pkg-config file (docs/install.md). Tools and libraries are picked by target name when
# they are built, so a new one is one word in a list below:
#   CUDA2HLO_INSTALL_TOOLS      executables, to bin/ (cuda2hlo::NAME imported in the package)
#   CUDA2HLO_INSTALL_LIBRARIES  libraries, to lib/, exported as cuda2hlo::<EXPORT_NAME>
#   CUDA2HLO_INSTALL_HEADERS    public headers, to include/
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CUDA2HLO_INSTALL_TOOLS cuda2hlo cuda2hlo-run cuda2hlo-cc)
set(CUDA2HLO_INSTALL_LIBRARIES cuda2hlo_runtime cuda2hlo_cudart)
set(CUDA2HLO_INSTALL_HEADERS ${CMAKE_SOURCE_DIR}/runtime/include/cuda2hlo_runtime.h)
if(TARGET cuda2hlo-cc)      # included first in the host side of every .cu it compiles
  list(APPEND CUDA2HLO_INSTALL_HEADERS ${CMAKE_SOURCE_DIR}/cudart/include/cuda2hlo_cc_host.h)
  # thrust headers put before the toolkit's (cudart/include/cuda2hlo_thrust)
  install(DIRECTORY ${CMAKE_SOURCE_DIR}/cudart/include/cuda2hlo_thrust
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
set(CUDA2HLO_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/cuda2hlo)

# Installed binaries keep the paths of the libraries they link outside the build
# (libclang, LLVM, isl), which are not on the loader's path on every system.
set(CUDA2HLO_TOOLS "")
foreach(t ${CUDA2HLO_INSTALL_TOOLS})
  if(TARGET ${t})
    set_target_properties(${t} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
    install(TARGETS ${t} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    list(APPEND CUDA2HLO_TOOLS ${t})
  endif()
endforeach()
foreach(t ${CUDA2HLO_INSTALL_LIBRARIES})
  if(TARGET ${t})
    string(REGEX REPLACE "^cuda2hlo_" "" name ${t})    # cuda2hlo_runtime -> cuda2hlo::runtime
    set_target_properties(${t} PROPERTIES EXPORT_NAME ${name} INSTALL_RPATH_USE_LINK_PATH ON)
    target_include_directories(${t} INTERFACE $<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}/runtime/include>
                                              $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    install(TARGETS ${t} EXPORT cuda2hloTargets
            LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
            ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
            RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()
install(FILES ${CUDA2HLO_INSTALL_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT cuda2hloTargets NAMESPACE cuda2hlo:: FILE cuda2hloTargets.cmake
        DESTINATION ${CUDA2HLO_CMAKE_DIR})

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/cuda2hlo-config.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/cuda2hlo-config.cmake
  INSTALL_DESTINATION ${CUDA2HLO_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/cuda2hlo-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
set(prefix "@prefix@")     # kept for the second pass, at install time
configure_file(${CMAKE_SOURCE_DIR}/cmake/cuda2hlo.pc.in ${CMAKE_BINARY_DIR}/cmake/cuda2hlo.pc.in @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/cmake/cuda2hlo-config.cmake
              ${CMAKE_BINARY_DIR}/cmake/cuda2hlo-config-version.cmake
        DESTINATION ${CUDA2HLO_CMAKE_DIR})
# The .pc names the prefix given at install time (cmake --install --prefix P).
install(CODE "
  set(prefix \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${CMAKE_BINARY_DIR}/cmake/cuda2hlo.pc.in\" \"${CMAKE_BINARY_DIR}/cmake/cuda2hlo.pc\" @ONLY)")
install(FILES ${CMAKE_BINARY_DIR}/cmake/cuda2hlo.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
