#ifndef DVPIPE_CLIBYAML_SHIM_H
#define DVPIPE_CLIBYAML_SHIM_H
#include <yaml.h>
#endif
