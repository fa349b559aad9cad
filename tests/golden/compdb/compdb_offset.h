#define OFFSET 3   /* found through the -I of the compile command */
