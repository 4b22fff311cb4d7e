// The system's Brotli encoder and Zstandard library (libbrotli-dev, libzstd-dev), with which the decoder tests
// compress what they decode.
#include <brotli/encode.h>
#include <zstd.h>
