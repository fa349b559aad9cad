/* abi.h: our declarations of the part of the PJRT C ABI that runtime/pjrt uses.
 * Private to this folder (plugin.c, exec.c, abi_check.c); nothing outside includes it.
 *
 * Written from the published interface (xla/pjrt/c/pjrt_c_api.h, API major 0; the
 * layouts below are those of minor 81, which the xla-cpu-pjrt wheel ships). The rules
 * we rely on, stated in that header: within major 0 fields are only ever appended to
 * the function table and to argument structs; every argument struct starts with
 * struct_size, which the caller sets to the size it knows; a plugin reads no field past
 * it. When the installed package ships pjrt_c_api.h, abi_check.c compares every offset
 * and size here with it at build time.
 *
 * Names are ours (Pj*), so that this file and the official header can share a
 * translation unit. Enums of the ABI are plain int (the C ABI of an enum here). */
#ifndef CUDA2HLO_PJRT_ABI_H
#define CUDA2HLO_PJRT_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pjrt.h"

enum { PJ_API_MAJOR = 0, PJ_API_MINOR_DECLARED = 81 };

/* Opaque objects of the plugin. */
typedef struct PjError PjError;
typedef struct PjEvent PjEvent;
typedef struct PjClient PjClient;
typedef struct PjDevice PjDevice;
typedef struct PjMemory PjMemory;
typedef struct PjExecutable PjExecutable;
typedef struct PjLoadedExecutable PjLoadedExecutable;
typedef struct PjBuffer PjBuffer;

/* Every argument struct opens with these two fields; ext is an extension chain we
 * never use (NULL). */
#define PJ_HEADER size_t struct_size; void *ext

/* The size a struct declares: up to the end of its last field (no tail padding),
 * as the published STRUCT_SIZE constants are computed. */
#define PJ_SIZE(type, last) (offsetof(type, last) + sizeof(((type *)0)->last))

/* PJRT_Buffer_Type values (the published enum's order). */
enum {
	PJ_BT_INVALID, PJ_BT_PRED, PJ_BT_S8, PJ_BT_S16, PJ_BT_S32, PJ_BT_S64, PJ_BT_U8,
	PJ_BT_U16, PJ_BT_U32, PJ_BT_U64, PJ_BT_F16, PJ_BT_F32, PJ_BT_F64, PJ_BT_BF16,
};
/* PJRT_HostBufferSemantics: the plugin copies during the call; or it may alias the
 * host data until the buffer is destroyed (done_with_host_buffer fires then). */
enum { PJ_HOST_IMMUTABLE_ONLY_DURING_CALL = 0, PJ_HOST_IMMUTABLE_ZERO_COPY = 2 };
/* PJRT_NamedValue_Type */
enum { PJ_NV_STRING, PJ_NV_INT64, PJ_NV_INT64_LIST, PJ_NV_FLOAT, PJ_NV_BOOL };

typedef struct { PJ_HEADER; int major_version, minor_version; } PjApiVersion;

typedef struct { PJ_HEADER; PjError *error; } PjErrorDestroyArgs;
typedef struct {
	PJ_HEADER;
	const PjError *error;
	const char *message;   /* out, lives as long as error */
	size_t message_size;   /* out */
} PjErrorMessageArgs;
typedef struct { PJ_HEADER; const PjError *error; int code; } PjErrorGetCodeArgs;

typedef struct {
	PJ_HEADER;
	const char *name;
	size_t name_size;
	int type;
	union { const char *s; int64_t i; const int64_t *list; float f; bool b; } value;
	size_t value_size;
} PjNamedValue;

typedef struct { PJ_HEADER; } PjPluginInitializeArgs;
typedef struct {
	PJ_HEADER;
	const PjNamedValue *attributes;  /* out, lives as long as the process */
	size_t num_attributes;           /* out */
} PjPluginAttributesArgs;

typedef struct { PJ_HEADER; PjEvent *event; } PjEventArgs;  /* Destroy and Await */

typedef struct {
	PJ_HEADER;
	const PjNamedValue *create_options;
	size_t num_options;
	void *kv_get, *kv_get_arg, *kv_put, *kv_put_arg;   /* key-value store callbacks */
	PjClient *client;                                  /* out */
	void *kv_try_get, *kv_try_get_arg;
} PjClientCreateArgs;
typedef struct { PJ_HEADER; PjClient *client; } PjClientDestroyArgs;
typedef struct {
	PJ_HEADER;
	PjClient *client;
	const char *str;  /* out, owned by client */
	size_t size;      /* out */
} PjClientStringArgs;  /* PlatformName and PlatformVersion */
typedef struct {
	PJ_HEADER;
	PjClient *client;
	PjDevice *const *devices;  /* out */
	size_t num_devices;        /* out */
} PjClientDevicesArgs;

typedef struct {
	PJ_HEADER;
	char *code;
	size_t code_size;
	const char *format;
	size_t format_size;
} PjProgram;
typedef struct {
	PJ_HEADER;
	PjClient *client;
	const PjProgram *program;
	const char *compile_options;   /* serialized CompileOptionsProto */
	size_t compile_options_size;
	PjLoadedExecutable *executable;  /* out */
} PjClientCompileArgs;

typedef struct {
	PJ_HEADER;
	PjClient *client;
	const void *data;
	int type;
	const int64_t *dims;
	size_t num_dims;
	const int64_t *byte_strides;   /* NULL: dense, major to minor */
	size_t num_byte_strides;
	int host_buffer_semantics;
	PjDevice *device;
	PjMemory *memory;
	void *device_layout;
	PjEvent *done_with_host_buffer;  /* out */
	PjBuffer *buffer;                /* out */
} PjBufferFromHostArgs;

typedef struct { PJ_HEADER; PjExecutable *executable; } PjExecutableDestroyArgs;
typedef struct { PJ_HEADER; PjExecutable *executable; size_t num_outputs; } PjNumOutputsArgs;
typedef struct { PJ_HEADER; PjLoadedExecutable *executable; } PjLoadedDestroyArgs;
typedef struct {
	PJ_HEADER;
	PjLoadedExecutable *loaded;
	PjExecutable *executable;  /* out, destroyed by the caller */
} PjGetExecutableArgs;

typedef struct {
	PJ_HEADER;
	void **send_callbacks, **recv_callbacks;
	size_t num_send_ops, num_recv_ops;
	int launch_id;
	const int64_t *non_donatable_input_indices;
	size_t num_non_donatable_input_indices;
	void *context;
	const char *call_location;
	size_t num_tasks;
	int *task_ids;
	int64_t *incarnation_ids;
} PjExecuteOptions;
typedef struct {
	PJ_HEADER;
	PjLoadedExecutable *executable;
	PjExecuteOptions *options;
	PjBuffer *const *const *argument_lists;  /* [num_devices][num_args] */
	size_t num_devices;
	size_t num_args;
	PjBuffer **const *output_lists;           /* [num_devices][num_outputs], filled */
	PjEvent **device_complete_events;         /* [num_devices] or NULL */
	PjDevice *execute_device;
} PjExecuteArgs;

typedef struct { PJ_HEADER; PjBuffer *buffer; } PjBufferDestroyArgs;
typedef struct { PJ_HEADER; PjBuffer *buffer; int type; } PjBufferTypeArgs;
typedef struct {
	PJ_HEADER;
	PjBuffer *buffer;
	const int64_t *dims;  /* out, lives as long as buffer */
	size_t num_dims;      /* out */
} PjBufferDimsArgs;
typedef struct {
	PJ_HEADER;
	PjBuffer *src;
	void *host_layout;   /* NULL: dense, major to minor */
	void *dst;           /* NULL: query dst_size */
	size_t dst_size;
	PjEvent *event;      /* out */
} PjBufferToHostArgs;

/* The function table, every slot in published order up to the last one we call,
 * after the first two (Error_Destroy, Error_Message: they return void and are
 * declared by hand in PjApi). X(slot name, argument struct, or void for a slot we
 * never call); each slot returns PjError * (NULL on success). Slots 0..72 have the
 * same order in every 0.x layout we have read (0.33, 0.81). */
#define PJ_API_SLOTS(X) \
	X(Error_GetCode, PjErrorGetCodeArgs) \
	X(Plugin_Initialize, PjPluginInitializeArgs) \
	X(Plugin_Attributes, PjPluginAttributesArgs) \
	X(Event_Destroy, PjEventArgs) X(Event_IsReady, void) X(Event_Error, void) \
	X(Event_Await, PjEventArgs) X(Event_OnReady, void) \
	X(Client_Create, PjClientCreateArgs) X(Client_Destroy, PjClientDestroyArgs) \
	X(Client_PlatformName, PjClientStringArgs) X(Client_ProcessIndex, void) \
	X(Client_PlatformVersion, PjClientStringArgs) X(Client_Devices, void) \
	X(Client_AddressableDevices, PjClientDevicesArgs) X(Client_LookupDevice, void) \
	X(Client_LookupAddressableDevice, void) X(Client_AddressableMemories, void) \
	X(Client_Compile, PjClientCompileArgs) X(Client_DefaultDeviceAssignment, void) \
	X(Client_BufferFromHostBuffer, PjBufferFromHostArgs) \
	X(DeviceDescription_Id, void) X(DeviceDescription_ProcessIndex, void) \
	X(DeviceDescription_Attributes, void) X(DeviceDescription_Kind, void) \
	X(DeviceDescription_DebugString, void) X(DeviceDescription_ToString, void) \
	X(Device_GetDescription, void) X(Device_IsAddressable, void) \
	X(Device_LocalHardwareId, void) X(Device_AddressableMemories, void) \
	X(Device_DefaultMemory, void) X(Device_MemoryStats, void) \
	X(Memory_Id, void) X(Memory_Kind, void) X(Memory_DebugString, void) \
	X(Memory_ToString, void) X(Memory_AddressableByDevices, void) \
	X(Executable_Destroy, PjExecutableDestroyArgs) X(Executable_Name, void) \
	X(Executable_NumReplicas, void) X(Executable_NumPartitions, void) \
	X(Executable_NumOutputs, PjNumOutputsArgs) \
	X(Executable_SizeOfGeneratedCodeInBytes, void) X(Executable_GetCostAnalysis, void) \
	X(Executable_OutputMemoryKinds, void) X(Executable_OptimizedProgram, void) \
	X(Executable_Serialize, void) \
	X(LoadedExecutable_Destroy, PjLoadedDestroyArgs) \
	X(LoadedExecutable_GetExecutable, PjGetExecutableArgs) \
	X(LoadedExecutable_AddressableDevices, void) X(LoadedExecutable_Delete, void) \
	X(LoadedExecutable_IsDeleted, void) X(LoadedExecutable_Execute, PjExecuteArgs) \
	X(Executable_DeserializeAndLoad, void) X(LoadedExecutable_Fingerprint, void) \
	X(Buffer_Destroy, PjBufferDestroyArgs) X(Buffer_ElementType, PjBufferTypeArgs) \
	X(Buffer_Dimensions, PjBufferDimsArgs) X(Buffer_UnpaddedDimensions, void) \
	X(Buffer_DynamicDimensionIndices, void) X(Buffer_GetMemoryLayout, void) \
	X(Buffer_OnDeviceSizeInBytes, void) X(Buffer_Device, void) X(Buffer_Memory, void) \
	X(Buffer_Delete, void) X(Buffer_IsDeleted, void) X(Buffer_CopyToDevice, void) \
	X(Buffer_ToHostBuffer, PjBufferToHostArgs)

typedef struct PjApi {
	PJ_HEADER;
	PjApiVersion version;
	void (*Error_Destroy)(PjErrorDestroyArgs *);
	void (*Error_Message)(PjErrorMessageArgs *);
#define X(name, args) PjError *(*name)(args *);
	PJ_API_SLOTS(X)
#undef X
} PjApi;

/* The table must reach at least this far for us to use a plugin. */
#define PJ_API_MIN_SIZE PJ_SIZE(PjApi, Buffer_ToHostBuffer)

/* ---- shared by plugin.c and exec.c (not ABI) ---- */

struct PjrtBackend {
	void *dl;                 /* dlopen handle, never closed */
	const PjApi *api;
	PjClient *client;
	PjDevice *device;         /* first addressable device: inputs go there */
	PjDevice *const *devices; /* every addressable device (a partitioned run's, in order) */
	size_t ndevices;
	int zero_copy;            /* platform "cpu": inputs alias the caller's arrays */
	char *path;               /* malloc'ed */
	char msg[8192];           /* last failure */
	char describe[1024];
};

/* Sets b->msg, returns st. */
PjrtStatus pj_fail(PjrtBackend *b, PjrtStatus st, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* NULL: PJRT_OK. Otherwise the message "WHAT: plugin message" in b->msg, the error
 * destroyed, PJRT_EPLUGIN. */
PjrtStatus pj_check(PjrtBackend *b, PjError *err, const char *what);
/* Destroys err (may be NULL) and keeps b->msg: for clean-up after a failure. */
void pj_drop(PjrtBackend *b, PjError *err);

#endif
