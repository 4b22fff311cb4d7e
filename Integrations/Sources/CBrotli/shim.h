// The system's Brotli decoder (libbrotli-dev on Debian and Ubuntu), for `Content-Encoding: br` responses over
// AsyncHTTPClientTransport.
#include <brotli/decode.h>
