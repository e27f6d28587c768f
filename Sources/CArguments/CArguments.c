/* The program's arguments for Swift's `CommandLine`, captured as the program starts.

   On Linux the Swift runtime finds argv with a static constructor (its ArgvGrabber) that opens
   /proc/self/maps and scans every line with sscanf to locate the stack, at every start of every
   Swift program: about 0.2 M of a one-label render's 4.5 M instructions, plus the kernel's
   printing of the maps. glibc already hands argc and argv to the program's own constructors, so
   this file keeps them and answers the runtime's one question, `_swift_stdlib_getUnsafeArgvArgc`
   (and its override hook, so that nothing else of the runtime's CommandLine object is needed).
   With both defined here, the linker never takes the runtime's CommandLine.cpp.o from the static
   libswiftCore.a; if a toolchain ever needs that object for another symbol, linking fails with
   a duplicate symbol instead of running with two answers. With the shared runtime (debug
   builds) the runtime's own copy may answer instead: the same arguments either way.

   The runtime declares both functions with the Swift calling convention, as here. */

#include <stddef.h>

static char **captured_argv;
static int captured_argc;
static char **override_argv;
static int override_argc;

__attribute__((constructor))
static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    captured_argc = argc;
    captured_argv = argv;
}

__attribute__((swiftcall, used))
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}

__attribute__((swiftcall, used))
char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    static char *empty[] = { NULL };
    if (override_argv != NULL) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (captured_argv == NULL) {
        *outArgLen = 0;
        return empty;
    }
    *outArgLen = captured_argc;
    return captured_argv;
}
