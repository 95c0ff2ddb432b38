// Declarations only (see include/pixelfuzz.h); SwiftPM needs one source file in a C target.
#include "pixelfuzz.h"
