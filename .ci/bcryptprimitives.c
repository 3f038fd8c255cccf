/* A stand-in for Windows' bcryptprimitives.dll, for Wine before 9.0 only.
 *
 * Rust's standard library asks that DLL for ProcessPrng (Windows 10 and later
 * have it); Wine 8, Debian 12's, does not, so no Rust program starts there.
 * This gives ProcessPrng from RtlGenRandom. It is never shipped: .ci/wine-tests
 * builds it into the Wine prefix that runs the tests. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
