/* arena.c: bump allocation in large blocks, freed all at once (QBE's function pool,
 * chibicc's never-free made explicit). One arena per compilation, one scratch arena per
 * pass. Blocks are never moved, so pointers into an arena stay valid until arena_free. */
#include "base.h"

#include <stdlib.h>
#include <string.h>

enum { BLOCK_SIZE = 64 * 1024, ALIGN = 16 };

typedef struct Block {
	struct Block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
} Block;

struct Arena {
	Block *head;
	size_t total;
};

Arena *arena_new(void)
{
	return xcalloc(1, sizeof(Arena));
}

void arena_free(Arena *a)
{
	Block *b, *next;

	if (!a)
		return;
	for (b = a->head; b; b = next) {
		next = b->next;
		free(b);
	}
	free(a);
}

void *arena_alloc(Arena *a, size_t n)
{
	Block *b = a->head;
	size_t need = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	void *p;

	if (!b || b->size - b->used < need) {
		size_t size = need > BLOCK_SIZE ? need : BLOCK_SIZE;
		b = xmalloc(sizeof(Block) + size);
		b->used = 0;
		b->size = size;
		/* a block made for one big request goes second so the head keeps its room */
		if (a->head && size > BLOCK_SIZE) {
			b->next = a->head->next;
			a->head->next = b;
		} else {
			b->next = a->head;
			a->head = b;
		}
	}
	p = b->data + b->used;
	b->used += need;
	a->total += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *arena_strdup(Arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(Arena *a, const char *fmt, ...)
{
	va_list ap, ap2;
	int n;
	char *p;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("bad format '%s'", fmt);
	p = arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}

size_t arena_used(const Arena *a)
{
	return a->total;
}

ArenaMark arena_mark(const Arena *a)
{
	ArenaMark m = {a->head, a->head ? a->head->next : NULL, a->head ? a->head->used : 0, a->total};
	return m;
}

static void free_until(Block *b, const Block *stop)
{
	while (b != stop) {
		Block *next = b->next;
		free(b);
		b = next;
	}
}

/* Blocks made after the mark sit before the marked head in the list, or (a block made
 * for one big request while the marked head was head) right after it. */
void arena_release(Arena *a, ArenaMark m)
{
	Block *head = m.head;
	free_until(a->head, head);
	a->head = head;
	if (head) {
		free_until(head->next, m.next);
		head->next = m.next;
		head->used = m.used;
	}
	a->total = m.total;
}
