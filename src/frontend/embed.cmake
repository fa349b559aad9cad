# embed.cmake: writes OUT, a C file defining `const char NAME[]` with the bytes of IN,
# so the bundled CUDA header travels inside the binary. Run with cmake -P.
file(READ ${IN} hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE ${OUT} "/* generated from ${IN} by embed.cmake */\nconst char ${NAME}[] = {\n${bytes}0x00};\n")
