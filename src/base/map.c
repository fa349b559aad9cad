/* map.c: string-keyed hash map, open addressing with linear probing (FNV-1a hash).
 * Entries live in an insertion-ordered array; the table holds indices into it, so
 * iteration is in insertion order and output built from a map is deterministic. */
#include "base.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	char *key;
	void *val;
	uint64_t hash;
} Entry;

struct Map {
	Entry *ents;
	size_t nents, cap;
	int32_t *slots;      /* -1 empty, else index into ents */
	size_t nslots;       /* power of two, > 2 * nents */
};

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

Map *map_create(void)
{
	return xcalloc(1, sizeof(Map));
}

void map_destroy(Map *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nents; i++)
		free(m->ents[i].key);
	free(m->ents);
	free(m->slots);
	free(m);
}

static int32_t *find(const Map *m, const char *key, uint64_t h)
{
	size_t mask = m->nslots - 1;

	for (size_t i = h & mask;; i = (i + 1) & mask) {
		int32_t e = m->slots[i];
		if (e < 0 || (m->ents[e].hash == h && !strcmp(m->ents[e].key, key)))
			return &m->slots[i];
	}
}

static void grow(Map *m)
{
	size_t n = m->nslots ? 2 * m->nslots : 16;

	free(m->slots);
	m->slots = xmalloc(n * sizeof(int32_t));
	m->nslots = n;
	for (size_t i = 0; i < n; i++)
		m->slots[i] = -1;
	for (size_t e = 0; e < m->nents; e++)
		*find(m, m->ents[e].key, m->ents[e].hash) = (int32_t)e;
}

void *map_get(const Map *m, const char *key)
{
	int32_t *s;

	if (!m->nslots)
		return NULL;
	s = find(m, key, hash(key));
	return *s < 0 ? NULL : m->ents[*s].val;
}

int map_has(const Map *m, const char *key)
{
	return m->nslots && *find(m, key, hash(key)) >= 0;
}

void map_put(Map *m, const char *key, void *val)
{
	uint64_t h = hash(key);
	int32_t *s;

	if (2 * (m->nents + 1) >= m->nslots)
		grow(m);
	s = find(m, key, h);
	if (*s >= 0) {
		m->ents[*s].val = val;
		return;
	}
	if (m->nents == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 8;
		m->ents = xrealloc(m->ents, m->cap * sizeof(Entry));
	}
	m->ents[m->nents] = (Entry){xstrdup(key), val, h};
	*s = (int32_t)m->nents++;
}

size_t map_len(const Map *m)
{
	return m->nents;
}

int map_next(const Map *m, size_t *it, const char **key, void **val)
{
	if (*it >= m->nents)
		return 0;
	if (key)
		*key = m->ents[*it].key;
	if (val)
		*val = m->ents[*it].val;
	++*it;
	return 1;
}
