/* abi_check.c: c2h-pjrt-abi-check, abi.h against an installed official pjrt_c_api.h.
 *
 * Built only when CMake finds the header in the venv (PJRT_C_API_H is its path). For
 * every struct abi.h declares: the offset of each field we name, and the declared
 * size (end of the last field) against the header's *_STRUCT_SIZE; for the function
 * table: the offset of every slot up to the last one we call, and the enum values we
 * use. Prints one line per mismatch and `N passed, N failed`. */
#include <stdio.h>

#include "abi.h"
#include <pjrt_c_api.h>  /* the official one, a system header (PJRT_C_API_H) */

static int passed, failed;

static void check(const char *what, size_t ours, size_t theirs)
{
	if (ours == theirs) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL %s: abi.h %zu, pjrt_c_api.h %zu\n", what, ours, theirs);
}

#define FIELD(our, their, of, tf) \
	check(#our "." #of, offsetof(our, of), offsetof(their, tf))
#define SIZE(our, olast, their) \
	check(#our " size", PJ_SIZE(our, olast), (size_t)their##_STRUCT_SIZE)

static void check_errors_and_plugin(void)
{
	FIELD(PjApiVersion, PJRT_Api_Version, major_version, major_version);
	SIZE(PjApiVersion, minor_version, PJRT_Api_Version);
	FIELD(PjErrorDestroyArgs, PJRT_Error_Destroy_Args, error, error);
	SIZE(PjErrorDestroyArgs, error, PJRT_Error_Destroy_Args);
	FIELD(PjErrorMessageArgs, PJRT_Error_Message_Args, message, message);
	SIZE(PjErrorMessageArgs, message_size, PJRT_Error_Message_Args);
	FIELD(PjErrorGetCodeArgs, PJRT_Error_GetCode_Args, code, code);
	SIZE(PjErrorGetCodeArgs, code, PJRT_Error_GetCode_Args);
	FIELD(PjNamedValue, PJRT_NamedValue, type, type);
	FIELD(PjNamedValue, PJRT_NamedValue, value, int64_value);
	SIZE(PjNamedValue, value_size, PJRT_NamedValue);
	SIZE(PjPluginInitializeArgs, ext, PJRT_Plugin_Initialize_Args);
	FIELD(PjPluginAttributesArgs, PJRT_Plugin_Attributes_Args, num_attributes, num_attributes);
	SIZE(PjPluginAttributesArgs, num_attributes, PJRT_Plugin_Attributes_Args);
	SIZE(PjEventArgs, event, PJRT_Event_Await_Args);
	SIZE(PjEventArgs, event, PJRT_Event_Destroy_Args);
}

static void check_client(void)
{
	FIELD(PjClientCreateArgs, PJRT_Client_Create_Args, client, client);
	FIELD(PjClientCreateArgs, PJRT_Client_Create_Args, kv_try_get, kv_try_get_callback);
	SIZE(PjClientCreateArgs, kv_try_get_arg, PJRT_Client_Create_Args);
	SIZE(PjClientDestroyArgs, client, PJRT_Client_Destroy_Args);
	FIELD(PjClientStringArgs, PJRT_Client_PlatformName_Args, size, platform_name_size);
	SIZE(PjClientStringArgs, size, PJRT_Client_PlatformName_Args);
	SIZE(PjClientStringArgs, size, PJRT_Client_PlatformVersion_Args);
	FIELD(PjClientDevicesArgs, PJRT_Client_AddressableDevices_Args, devices, addressable_devices);
	SIZE(PjClientDevicesArgs, num_devices, PJRT_Client_AddressableDevices_Args);
	FIELD(PjProgram, PJRT_Program, format, format);
	SIZE(PjProgram, format_size, PJRT_Program);
	FIELD(PjClientCompileArgs, PJRT_Client_Compile_Args, compile_options, compile_options);
	SIZE(PjClientCompileArgs, executable, PJRT_Client_Compile_Args);
	FIELD(PjBufferFromHostArgs, PJRT_Client_BufferFromHostBuffer_Args, type, type);
	FIELD(PjBufferFromHostArgs, PJRT_Client_BufferFromHostBuffer_Args, host_buffer_semantics,
	      host_buffer_semantics);
	FIELD(PjBufferFromHostArgs, PJRT_Client_BufferFromHostBuffer_Args, device, device);
	FIELD(PjBufferFromHostArgs, PJRT_Client_BufferFromHostBuffer_Args, done_with_host_buffer,
	      done_with_host_buffer);
	SIZE(PjBufferFromHostArgs, buffer, PJRT_Client_BufferFromHostBuffer_Args);
}

static void check_executable(void)
{
	SIZE(PjExecutableDestroyArgs, executable, PJRT_Executable_Destroy_Args);
	SIZE(PjNumOutputsArgs, num_outputs, PJRT_Executable_NumOutputs_Args);
	SIZE(PjLoadedDestroyArgs, executable, PJRT_LoadedExecutable_Destroy_Args);
	FIELD(PjGetExecutableArgs, PJRT_LoadedExecutable_GetExecutable_Args, loaded,
	      loaded_executable);
	SIZE(PjGetExecutableArgs, executable, PJRT_LoadedExecutable_GetExecutable_Args);
	FIELD(PjExecuteOptions, PJRT_ExecuteOptions, launch_id, launch_id);
	FIELD(PjExecuteOptions, PJRT_ExecuteOptions, context, context);
	SIZE(PjExecuteOptions, incarnation_ids, PJRT_ExecuteOptions);
	FIELD(PjExecuteArgs, PJRT_LoadedExecutable_Execute_Args, num_args, num_args);
	FIELD(PjExecuteArgs, PJRT_LoadedExecutable_Execute_Args, output_lists, output_lists);
	SIZE(PjExecuteArgs, execute_device, PJRT_LoadedExecutable_Execute_Args);
}

static void check_buffer(void)
{
	SIZE(PjBufferDestroyArgs, buffer, PJRT_Buffer_Destroy_Args);
	SIZE(PjBufferTypeArgs, type, PJRT_Buffer_ElementType_Args);
	FIELD(PjBufferDimsArgs, PJRT_Buffer_Dimensions_Args, dims, dims);
	SIZE(PjBufferDimsArgs, num_dims, PJRT_Buffer_Dimensions_Args);
	FIELD(PjBufferToHostArgs, PJRT_Buffer_ToHostBuffer_Args, dst, dst);
	FIELD(PjBufferToHostArgs, PJRT_Buffer_ToHostBuffer_Args, dst_size, dst_size);
	SIZE(PjBufferToHostArgs, event, PJRT_Buffer_ToHostBuffer_Args);
	check("PJ_BT_F32", PJ_BT_F32, PJRT_Buffer_Type_F32);
	check("PJ_BT_BF16", PJ_BT_BF16, PJRT_Buffer_Type_BF16);
	check("PJ_BT_PRED", PJ_BT_PRED, PJRT_Buffer_Type_PRED);
	check("PJ_BT_U64", PJ_BT_U64, PJRT_Buffer_Type_U64);
	check("PJ_HOST_IMMUTABLE_ONLY_DURING_CALL", PJ_HOST_IMMUTABLE_ONLY_DURING_CALL,
	      PJRT_HostBufferSemantics_kImmutableOnlyDuringCall);
	check("PJ_HOST_IMMUTABLE_ZERO_COPY", PJ_HOST_IMMUTABLE_ZERO_COPY,
	      PJRT_HostBufferSemantics_kImmutableZeroCopy);
}

static void check_table(void)
{
	check("PjApi.version", offsetof(PjApi, version), offsetof(PJRT_Api, pjrt_api_version));
	check("PjApi.Error_Destroy", offsetof(PjApi, Error_Destroy),
	      offsetof(PJRT_Api, PJRT_Error_Destroy));
	check("PjApi.Error_Message", offsetof(PjApi, Error_Message),
	      offsetof(PJRT_Api, PJRT_Error_Message));
#define X(name, args) check("PjApi." #name, offsetof(PjApi, name), offsetof(PJRT_Api, PJRT_##name));
	PJ_API_SLOTS(X)
#undef X
	check("PJ_API_MAJOR", PJ_API_MAJOR, PJRT_API_MAJOR);
}

int main(void)
{
	printf("checking abi.h against %s (PJRT API %d.%d)\n", PJRT_C_API_H, PJRT_API_MAJOR,
	       PJRT_API_MINOR);
	check_errors_and_plugin();
	check_client();
	check_executable();
	check_buffer();
	check_table();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
