#ifndef CNCURSES_H
#define CNCURSES_H
int cnc_placeholder(void);
#endif
