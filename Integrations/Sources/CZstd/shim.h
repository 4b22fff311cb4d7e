// The system's Zstandard library (libzstd-dev on Debian and Ubuntu), for `Content-Encoding: zstd` responses over
// AsyncHTTPClientTransport.
#include <zstd.h>
