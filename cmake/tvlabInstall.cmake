# Install rules and the CMake package: `cmake --install BUILD --prefix PREFIX` installs bin/tvlab, the
# static libraries, the headers and lib/cmake/tvlab/{tvlabConfig,tvlabConfigVersion,tvlabTargets,
# tvlabFunctions}.cmake, so that a downstream project writes
#   find_package(tvlab 0.1 REQUIRED)
#   target_link_libraries(app PRIVATE tvlab::core)        # or tvlab::verify, tvlab::viz
#   tvlab_add_verify_test(NAME my_gemm SPEC specs/gemm.json)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(tvlab_core PROPERTIES EXPORT_NAME core)
set_target_properties(tvlab_verify PROPERTIES EXPORT_NAME verify)
set_target_properties(tvlab_viz PROPERTIES EXPORT_NAME viz)
set(tvlab_command "")
if(TARGET tvlab)  # TVLAB_BUILD_CLI
  set_target_properties(tvlab PROPERTIES EXPORT_NAME tvlab)
  # The same names inside this build, so tvlabFunctions.cmake works in-tree too.
  add_executable(tvlab::tvlab ALIAS tvlab)
  set(tvlab_command tvlab)
endif()

install(TARGETS tvlab_core tvlab_verify ${TVLAB_VERIFY_LAYERS} tvlab_viz ${tvlab_command}
        EXPORT tvlabTargets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(lib core verify viz export)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${lib}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()

set(TVLAB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tvlab)
install(EXPORT tvlabTargets NAMESPACE tvlab:: DESTINATION ${TVLAB_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/tvlabConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tvlabConfig.cmake INSTALL_DESTINATION ${TVLAB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tvlabConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tvlabConfig.cmake ${PROJECT_BINARY_DIR}/tvlabConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/tvlabFunctions.cmake ${CMAKE_CURRENT_LIST_DIR}/tvlabVerifyTest.cmake
        DESTINATION ${TVLAB_CMAKE_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/CHANGELOG.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
