#include <i2c/smbus.h>
