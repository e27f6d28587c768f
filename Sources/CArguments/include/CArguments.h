#ifndef CARGUMENTS_H
#define CARGUMENTS_H

/* Nothing to call: linking this target into a program replaces how the Swift runtime finds
   the program's arguments (see CArguments.c). The header exists because SwiftPM wants one. */

#endif
