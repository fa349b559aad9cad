# Turns prelude.h into C string literals, one per line (prelude.inc), for print.c's
# `static const char *const prelude[]`: -DIN=... -DOUT=...
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\",\n\"" text "${text}")
file(WRITE ${OUT} "\"${text}\"\n")
