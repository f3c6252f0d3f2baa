/* The compiled solver core: the search of solver_core.py, written in C.
 *
 * Same states, same bounds, same move order and the same null-window search as the pure-Python
 * reference in solver_core.py (read that first: this file follows it function by function). The
 * differences are only in how the transposition table is kept:
 *
 *  - an open-addressing hash table whose slots hold a state's bounds (all that most visits
 *    read), and, once the state has been searched, the index of its entry in a growable array;
 *  - an entry keeps its leads (sort keys, best first, moved to the front when one succeeds) and,
 *    per lead, the index of the answer that last refuted it; the answers themselves are rebuilt
 *    on every visit (cheaper in C than storing them), that answer tried first.
 *
 * States are the same 61-bit integers, so the two cores can be compared position by position.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FIELD 14
#define FMASK ((1u << FIELD) - 1)
#define NP (1u << FIELD)
#define W0 (4 * FIELD)
#define W1 (W0 + 2)
#define LEADER (W1 + 2)
#define LBIT (1ull << LEADER)
#define WILD 4
#define MAXL 14   /* leads of a valid state: at most 13 cards in hand, wilds one class */
#define MAXC 16   /* answers to one lead */
#define MAXR 7    /* classes of one seat in one pattern */

typedef uint64_t u64;

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

static uint8_t LEN[NP], N1[NP], N0[NP], TOP1[NP], TOP0[NP];
static uint8_t REPS[2][NP][MAXR];  /* [0]: classes of seat 1 (zero bits); [1]: of seat 0 */
static uint8_t NREPS[2][NP];
static uint8_t CASH_TRUMP[2][NP], CASH_SIDE_RUFF[2][NP], CASH_SIDE[2][NP];

/* Per seat on lead: tables of the own seat and of the other. Seat 0 holds the one bits. */
#define N_OWN(lead) ((lead) ? N0 : N1)
#define N_OPP(lead) ((lead) ? N1 : N0)
#define TOP_OWN(lead) ((lead) ? TOP0 : TOP1)
#define TOP_OPP(lead) ((lead) ? TOP1 : TOP0)
/* classes of the seat on lead / of the follower: REPS[1] lists seat 0's classes */
#define REPS_OWN(lead) ((lead) ? 0 : 1)
#define REPS_OPP(lead) ((lead) ? 1 : 0)

static int bit_length(unsigned x) { return x ? 32 - __builtin_clz(x) : 0; }

static void class_lows(unsigned bits, uint8_t *out, uint8_t *count) {
    unsigned low = bits & ~(bits << 1);
    int n = 0;
    while (low) {
        out[n++] = (uint8_t)__builtin_ctz(low);
        low &= low - 1;
    }
    *count = (uint8_t)n;
}

static void cash_tables(int lead, const uint8_t *n_own, const uint8_t *n_opp,
                        const uint8_t *top_own) {
    for (unsigned p = 1; p < NP; p++) {
        int t = top_own[p], nf = n_opp[p];
        CASH_TRUMP[lead][p] = (uint8_t)(nf <= t ? n_own[p] << 1 : (t << 1 | 1));
        CASH_SIDE_RUFF[lead][p] = (uint8_t)(t < nf ? t : nf);
        CASH_SIDE[lead][p] = (uint8_t)(t ? (nf <= t ? n_own[p] : t) : 0);
    }
}

static void build_tables(void) {
    for (unsigned p = 1; p < NP; p++) {
        int n = bit_length(p) - 1;
        unsigned full = (1u << n) - 1, ones = p & full, zeros = full & ~p;
        LEN[p] = (uint8_t)n;
        N1[p] = (uint8_t)__builtin_popcount(ones);
        N0[p] = (uint8_t)(n - N1[p]);
        TOP1[p] = (uint8_t)(n - bit_length(zeros));
        TOP0[p] = (uint8_t)(n - bit_length(ones));
        class_lows(ones, REPS[1][p], &NREPS[1][p]);
        class_lows(zeros, REPS[0][p], &NREPS[0][p]);
    }
    cash_tables(0, N1, N0, TOP1);
    cash_tables(1, N0, N1, TOP0);
}

static inline unsigned pat(u64 s, int j) { return (unsigned)(s >> (FIELD * j)) & FMASK; }
static inline unsigned rm(unsigned p, int i) { return ((p >> (i + 1)) << i) | (p & ((1u << i) - 1)); }
static inline u64 with_pat(u64 s, int j, unsigned p) {
    int sh = FIELD * j;
    return (s & ~((u64)FMASK << sh)) | ((u64)p << sh);
}

static int tricks_left(u64 s) {
    int n = LEN[pat(s, 0)] + LEN[pat(s, 1)] + LEN[pat(s, 2)] + LEN[pat(s, 3)];
    return (n + (int)((s >> W0) & 3) + (int)((s >> W1) & 3)) / 2;
}

/* A state both seats can be in: four marked patterns, equal hands, at most 13 cards each. */
static int valid_state(u64 s) {
    if (s >> (LEADER + 1))
        return 0;
    int ones = 0, zeros = 0;
    for (int j = 0; j < 4; j++) {
        unsigned p = pat(s, j);
        if (!p)
            return 0;
        ones += N1[p];
        zeros += N0[p];
    }
    ones += (int)((s >> W0) & 3);
    zeros += (int)((s >> W1) & 3);
    return ones == zeros && ones <= 13;
}

/* ---------------------------------------------------------------------------- the table */

/* A state's bounds sit in its slot of the hash table (most visits read nothing else); the
 * leads of a searched state, in trial order with the answer that last refuted each, in an
 * entry of their own. */
typedef struct {
    u64 key;      /* 0: an empty slot (no state is 0: every pattern has its marker bit) */
    uint32_t ent; /* entry index + 1; 0 until the state is searched */
    int8_t lo, hi;
} Slot;

typedef struct {
    uint8_t nl;
    uint8_t refute[MAXL];
    uint16_t keys[MAXL];
} Entry;

typedef struct {
    PyObject_HEAD
    int tie_leader;
    Slot *slots;
    uint32_t slot_mask, used;
    int slot_shift;
    unsigned generation; /* bumped when the slots move (a Slot pointer is stale after that) */
    Entry *ent;
    uint32_t n_ent, cap_ent;
    unsigned long long nodes;
} SearchObject;

static inline uint32_t slot_of(SearchObject *S, u64 key) {
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> S->slot_shift);
}

static int table_init(SearchObject *S, int bits) {
    uint32_t n = 1u << bits;
    Slot *slots = calloc(n, sizeof(Slot));
    if (!slots)
        return -1;
    S->slots = slots;
    S->slot_mask = n - 1;
    S->slot_shift = 64 - bits;
    return 0;
}

static int table_grow(SearchObject *S) {
    Slot *old = S->slots;
    uint32_t n_old = S->slot_mask + 1;
    if (table_init(S, 64 - S->slot_shift + 1) < 0) {
        S->slots = old;
        return -1;
    }
    for (uint32_t i = 0; i < n_old; i++) {
        if (!old[i].key)
            continue;
        uint32_t h = slot_of(S, old[i].key);
        while (S->slots[h].key)
            h = (h + 1) & S->slot_mask;
        S->slots[h] = old[i];
    }
    free(old);
    S->generation++;
    return 0;
}

static void table_clear(SearchObject *S) {
    S->n_ent = 0;
    S->used = 0;
    if (S->slots)
        memset(S->slots, 0, (size_t)(S->slot_mask + 1) * sizeof(Slot));
}

/* The slot of s, or NULL. */
static inline Slot *table_find(SearchObject *S, u64 s) {
    uint32_t h = slot_of(S, s);
    for (;;) {
        Slot *sl = &S->slots[h];
        if (sl->key == s)
            return sl;
        if (!sl->key)
            return NULL;
        h = (h + 1) & S->slot_mask;
    }
}

static void bounds(SearchObject *S, u64 s, int n, int *lower, int *upper);

/* The slot of s, made with its sure-trick bounds when new; NULL when memory runs out. */
static Slot *table_get(SearchObject *S, u64 s, int n) {
    uint32_t h = slot_of(S, s);
    Slot *sl;
    for (;;) {
        sl = &S->slots[h];
        if (sl->key == s)
            return sl;
        if (!sl->key)
            break;
        h = (h + 1) & S->slot_mask;
    }
    int lo, hi;
    bounds(S, s, n, &lo, &hi);
    sl->key = s;
    sl->ent = 0;
    sl->lo = (int8_t)lo;
    sl->hi = (int8_t)hi;
    if ((u64)++S->used * 2 > (u64)S->slot_mask + 1) {
        if (table_grow(S) < 0)
            return NULL;
        sl = table_find(S, s);
    }
    return sl;
}

/* A new entry's index; -1 when memory runs out. */
static int64_t entry_new(SearchObject *S) {
    if (S->n_ent == S->cap_ent) {
        uint32_t cap = S->cap_ent ? S->cap_ent * 2 : 1024;
        Entry *e = realloc(S->ent, (size_t)cap * sizeof(Entry));
        if (!e)
            return -1;
        S->ent = e;
        S->cap_ent = cap;
    }
    return S->n_ent++;
}

/* ------------------------------------------------------------------------------- bounds */

static void bounds(SearchObject *S, u64 s, int n, int *lower, int *upper) {
    int lead = (int)(s >> LEADER);
    unsigned p0 = (unsigned)s & FMASK;
    int wl, wf, b;
    if (lead) {
        wl = (int)((s >> W1) & 3);
        wf = (int)((s >> W0) & 3);
    } else {
        wl = (int)((s >> W0) & 3);
        wf = (int)((s >> W1) & 3);
    }
    int t = TOP_OPP(lead)[p0];
    if (!wf)
        b = t - wl;
    else if (S->tie_leader && n - wf >= wl)
        b = wf + (t > wl ? t - wl : 0);
    else if (S->tie_leader)
        b = wf + t - wl;
    else {
        b = wf + t - wl;
        if (b < 1)
            b = 1;
    }
    *upper = b > 0 ? n - b : n;
    if (wf) {
        int q = S->tie_leader ? wl : 0;
        b = wl + TOP_OWN(lead)[p0] - wf;
        *lower = b > q ? b : q;
        return;
    }
    int q = CASH_TRUMP[lead][p0];
    const uint8_t *cash = (q & 1) ? CASH_SIDE_RUFF[lead] : CASH_SIDE[lead];
    q = wl + (q >> 1) + cash[pat(s, 1)] + cash[pat(s, 2)] + cash[pat(s, 3)];
    *lower = q < n ? q : n;
}

/* -------------------------------------------------------------------------------- moves */

#define KEY(score, j, i) ((uint16_t)((score) << 8 | (j) << 4 | (i)))
#define WILD_KEY KEY(9, WILD, 0)

/* The leader's classes in pattern p of field j, as sort keys (see _lead_keys). kind 0: the
 * trump suit; 1: a side suit, the follower holds trumps; 2: it holds none. */
static int lead_keys(int lead, int kind, int j, unsigned p, uint16_t *out) {
    const uint8_t *reps = REPS[REPS_OWN(lead)][p];
    int nr = NREPS[REPS_OWN(lead)][p];
    if (!nr)
        return 0;
    int several = N_OWN(lead)[p] > 1;
    if (!N_OPP(lead)[p]) {
        int score = kind ? (kind == 1 ? 95 : 100) : 23;
        for (int r = 0; r < nr; r++)
            out[r] = KEY(score, j, reps[r]);
        return nr;
    }
    int top = LEN[p] - TOP_OWN(lead)[p], low = reps[0];
    for (int r = 0; r < nr; r++) {
        int i = reps[r], score;
        if (i >= top)
            score = kind ? (several ? 74 : 42) : (several ? 56 : 50);
        else if (i == low)
            score = kind ? 37 : (several ? 16 : 33);
        else
            score = kind ? 23 : 10;
        out[r] = KEY(score, j, i);
    }
    return nr;
}

/* lead_keys of field 0 for every seat on lead, kind and pattern, filled at import (the field
 * is or-ed in when a state's leads are listed). */
static uint16_t LEAD_KEYS[2][3][NP][MAXR];

static void build_lead_keys(void) {
    for (int lead = 0; lead < 2; lead++)
        for (int kind = 0; kind < 3; kind++)
            for (unsigned p = 1; p < NP; p++)
                lead_keys(lead, kind, 0, p, LEAD_KEYS[lead][kind][p]);
}

/* The leader's classes in trial order (keys sorted high to low); out holds 4 * MAXR + 1. */
static int leads(u64 s, uint16_t *out) {
    int lead = (int)(s >> LEADER);
    unsigned p0 = (unsigned)s & FMASK;
    int ro = REPS_OWN(lead);
    int kind = N_OPP(lead)[p0] ? 1 : 2;
    int n = 0;
    for (int j = 0; j < 4; j++) {
        unsigned p = pat(s, j);
        const uint16_t *keys = LEAD_KEYS[lead][j ? kind : 0][p];
        int nr = NREPS[ro][p];
        for (int r = 0; r < nr; r++)
            out[n++] = (uint16_t)(keys[r] | j << 4);
    }
    if ((s >> (lead ? W1 : W0)) & 3)
        out[n++] = WILD_KEY;
    for (int a = 1; a < n; a++) {  /* insertion sort, descending: a dozen keys at most */
        uint16_t x = out[a];
        int b = a - 1;
        while (b >= 0 && out[b] < x) {
            out[b + 1] = out[b];
            b--;
        }
        out[b + 1] = x;
    }
    return n;
}

/* The answers to lead (j, i) in the order of Search.responses: children, and optionally the
 * (suit, index) of each. */
static int responses(SearchObject *S, u64 s, int j, int i, u64 *ch, uint8_t *lj, uint8_t *li) {
    int lead = (int)(s >> LEADER);
    int ro = REPS_OPP(lead);
    int wf;
    u64 wl_unit, wf_unit;
    if (lead) {
        wf = (int)((s >> W0) & 3);
        wl_unit = 1ull << W1;
        wf_unit = 1ull << W0;
    } else {
        wf = (int)((s >> W1) & 3);
        wl_unit = 1ull << W0;
        wf_unit = 1ull << W1;
    }
    int n = 0, nlater = 0;
    u64 later[MAXC];
    uint8_t later_j[MAXC], later_i[MAXC];
#define EMIT(J, I, C) do { ch[n] = (C); if (lj) { lj[n] = (uint8_t)(J); li[n] = (uint8_t)(I); } n++; } while (0)
#define LATER(J, I, C) do { later[nlater] = (C); later_j[nlater] = (uint8_t)(J); later_i[nlater] = (uint8_t)(I); nlater++; } while (0)
#define FLUSH() do { for (int x = 0; x < nlater; x++) EMIT(later_j[x], later_i[x], later[x]); nlater = 0; } while (0)
    if (j == WILD) {
        u64 base = s - wl_unit;
        static const int order[4] = {1, 2, 3, 0};
        for (int o = 0; o < 4; o++) {
            int jj = order[o];
            unsigned p = pat(s, jj);
            const uint8_t *reps = REPS[ro][p];
            int nr = NREPS[ro][p];
            for (int r = 0; r < nr; r++) {
                u64 c = with_pat(base, jj, rm(p, reps[r]));
                if (r == 0)
                    EMIT(jj, reps[r], c);
                else
                    LATER(jj, reps[r], c);
            }
        }
        if (wf) {
            u64 c = base - wf_unit;
            EMIT(WILD, 0, S->tie_leader ? c : c ^ LBIT);
        }
        FLUSH();
        return n;
    }
    unsigned p = pat(s, j);
    unsigned p2 = rm(p, i);
    u64 base = with_pat(s, j, p2);
    const uint8_t *reps = REPS[ro][p];
    int nr = NREPS[ro][p];
    if (nr) {  /* must follow (or play a wild) */
        int cheapest = 1;
        for (int r = 0; r < nr; r++) {
            int x = reps[r];
            if (x > i) {
                u64 c = with_pat(base, j, rm(p2, x - 1)) ^ LBIT;
                if (cheapest) {
                    EMIT(j, x, c);
                    cheapest = 0;
                } else
                    LATER(j, x, c);
            }
        }
        if (wf)
            EMIT(WILD, 0, (base - wf_unit) ^ LBIT);
        FLUSH();
        for (int r = 0; r < nr; r++) {
            int x = reps[r];
            if (x < i)
                EMIT(j, x, with_pat(base, j, rm(p2, x)));
        }
        return n;
    }
    unsigned pt = (unsigned)s & FMASK;
    const uint8_t *ruffs = REPS[ro][pt];
    int nruffs = j ? NREPS[ro][pt] : 0;
    if (nruffs)
        EMIT(0, ruffs[0], with_pat(base, 0, rm(pt, ruffs[0])) ^ LBIT);
    if (wf)
        EMIT(WILD, 0, (base - wf_unit) ^ LBIT);
    for (int jj = 1; jj < 4; jj++) {
        if (jj == j)
            continue;
        unsigned pp = pat(s, jj);
        const uint8_t *rr = REPS[ro][pp];
        int nrr = NREPS[ro][pp];
        for (int r = 0; r < nrr; r++) {
            u64 c = with_pat(base, jj, rm(pp, rr[r]));
            if (r == 0)
                EMIT(jj, rr[r], c);
            else
                LATER(jj, rr[r], c);
        }
    }
    FLUSH();
    for (int r = 1; r < nruffs; r++)
        EMIT(0, ruffs[r], with_pat(base, 0, rm(pt, ruffs[r])) ^ LBIT);
    return n;
#undef EMIT
#undef LATER
#undef FLUSH
}

/* ------------------------------------------------------------------------------- search */

/* Can the seat on lead in s take at least k (0 < k <= n) of the n tricks left? -1: no memory. */
static int ge(SearchObject *S, u64 s, int n, int k) {
    Slot *sl = table_get(S, s, n);
    if (!sl)
        return -1;
    if (sl->lo >= k)
        return 1;
    if (sl->hi < k)
        return 0;
    S->nodes++;
    int64_t idx;
    if (!sl->ent) {
        idx = entry_new(S);
        if (idx < 0)
            return -1;
        Entry *e = &S->ent[idx];
        uint16_t keys[4 * MAXR + 1];
        int nl = leads(s, keys);
        memcpy(e->keys, keys, (size_t)nl * sizeof(uint16_t));
        memset(e->refute, 0, sizeof e->refute);
        e->nl = (uint8_t)nl;
        sl->ent = (uint32_t)idx + 1;
    } else
        idx = sl->ent - 1;
    unsigned generation = S->generation;
    int n1 = n - 1, k1 = k - 1, nk = n - k, nl = S->ent[idx].nl, result = 0;
    u64 me = s & LBIT;
    u64 ch[MAXC];
    for (int l = 0; l < nl; l++) {
        Entry *e = &S->ent[idx];
        uint16_t key = e->keys[l];
        int rf = e->refute[l];
        int cnt = responses(S, s, (key >> 4) & 15, key & 15, ch, NULL, NULL);
        /* Reading a child's slot is a cache miss most of the time: start them all at once. */
        for (int x = 0; x < cnt; x++)
            PREFETCH(&S->slots[slot_of(S, ch[x])]);
        int refuted = -1;
        for (int t = 0; t < cnt; t++) {
            int ci = t == 0 ? rf : (t <= rf ? t - 1 : t);
            u64 c = ch[ci];
            int r;
            if ((c & LBIT) == me) {
                /* The leader won the trick: it needs k - 1 of the rest. */
                if (k1 <= 0)
                    continue;
                r = ge(S, c, n1, k1);
                if (r < 0)
                    return -1;
                if (r)
                    continue;
            } else if (nk > 0) {
                /* The follower won and leads: it must not take n - k of the rest. */
                r = ge(S, c, n1, nk);
                if (r < 0)
                    return -1;
                if (!r)
                    continue;
            }
            refuted = ci;
            break;
        }
        e = &S->ent[idx];
        if (refuted >= 0) {
            e->refute[l] = (uint8_t)refuted;  /* this answer first next time */
            continue;
        }
        if (l) {  /* a lead that succeeds moves to the front */
            uint8_t r0 = e->refute[l];
            memmove(e->keys + 1, e->keys, (size_t)l * sizeof(uint16_t));
            memmove(e->refute + 1, e->refute, (size_t)l);
            e->keys[0] = key;
            e->refute[0] = r0;
        }
        result = 1;
        break;
    }
    if (S->generation != generation)
        sl = table_find(S, s);
    if (result)
        sl->lo = (int8_t)k;
    else
        sl->hi = (int8_t)(k - 1);
    return result;
}

static int value(SearchObject *S, u64 s, int n, int lo, int hi) {
    Slot *sl = table_find(S, s);
    if (sl) {
        if (sl->lo > lo)
            lo = sl->lo;
        if (sl->hi < hi)
            hi = sl->hi;
    }
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        int r = ge(S, s, n, mid);
        if (r < 0)
            return -1;
        if (r)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Does leading the class with these children give the leader at least k? -1: no memory. */
static int lead_at_least(SearchObject *S, u64 s, int n, const u64 *ch, int cnt, int k) {
    u64 me = s & LBIT;
    for (int x = 0; x < cnt; x++) {
        u64 c = ch[x];
        int r;
        if ((c & LBIT) == me) {
            if (k - 1 > 0) {
                r = ge(S, c, n - 1, k - 1);
                if (r <= 0)
                    return r;
            }
        } else if (k >= 1) {
            if (n - k <= 0)
                return 0;
            r = ge(S, c, n - 1, n - k);
            if (r < 0)
                return -1;
            if (r)
                return 0;
        }
    }
    return 1;
}

/* The leader's tricks when it leads (j, i), at most best (see Search.lead_value). */
static int lead_value(SearchObject *S, u64 s, int n, int j, int i, int best) {
    u64 ch[MAXC];
    int cnt = responses(S, s, j, i, ch, NULL, NULL);
    u64 me = s & LBIT;
    int hi = best, clo = n;
    for (int x = 0; x < cnt; x++) {
        u64 c = ch[x];
        Slot *sl = table_find(S, c);
        int low, high;
        if ((c & LBIT) == me) {
            low = sl ? 1 + sl->lo : 1;
            high = sl ? 1 + sl->hi : n;
        } else {
            low = sl ? n - 1 - sl->hi : 0;
            high = sl ? n - 1 - sl->lo : n - 1;
        }
        if (low < clo)
            clo = low;
        if (high < hi)
            hi = high;
    }
    int lo = clo > 0 ? clo : 0;
    while (hi > lo) {
        int r = lead_at_least(S, s, n, ch, cnt, hi);
        if (r < 0)
            return -1;
        if (r)
            break;
        hi--;
    }
    return hi;
}

/* ------------------------------------------------------------------------ Python methods */

static PyObject *no_memory(void) { return PyErr_NoMemory(); }

static int get_state(PyObject *obj, u64 *s) {
    unsigned long long v = PyLong_AsUnsignedLongLong(obj);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_SetString(PyExc_ValueError, "not a search state");
        return -1;
    }
    if (!valid_state(v)) {
        PyErr_Format(PyExc_ValueError, "not a search state: %llu", v);
        return -1;
    }
    *s = v;
    return 0;
}

/* A lead (j, i) the seat on lead of s holds. */
static int check_lead(u64 s, int j, int i) {
    int lead = (int)(s >> LEADER);
    if (j == WILD) {
        if ((s >> (lead ? W1 : W0)) & 3)
            return 0;
    } else if (j >= 0 && j < 4 && i >= 0 && i < LEN[pat(s, j)]) {
        int own = (int)((pat(s, j) >> i) & 1);
        if (own == (lead ? 0 : 1))
            return 0;
    }
    PyErr_Format(PyExc_ValueError, "the seat on lead holds no card (%d, %d)", j, i);
    return -1;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"tie_leader", NULL};
    int tie = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|p", names, &tie))
        return -1;
    self->tie_leader = tie;
    self->nodes = 0;
    if (!self->slots && table_init(self, 13) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    table_clear(self);
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    free(self->ent);
    free(self->slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int range_ok(int n, int k) {
    if (n < 1 || n > 13 || k < 1 || k > n) {
        PyErr_Format(PyExc_ValueError, "need 0 < k <= n <= 13, not n=%d k=%d", n, k);
        return 0;
    }
    return 1;
}

static PyObject *Search_ge(SearchObject *self, PyObject *args) {
    PyObject *so;
    int n, k;
    u64 s;
    if (!PyArg_ParseTuple(args, "Oii", &so, &n, &k) || get_state(so, &s) < 0)
        return NULL;
    if (!range_ok(n, k))
        return NULL;
    if (n != tricks_left(s))
        return PyErr_Format(PyExc_ValueError, "the state has %d tricks left, not %d",
                            tricks_left(s), n);
    int r = ge(self, s, n, k);
    if (r < 0)
        return no_memory();
    return PyBool_FromLong(r);
}

static PyObject *Search_value(SearchObject *self, PyObject *args, PyObject *kw) {
    static char *names[] = {"s", "n", "lo", "hi", NULL};
    PyObject *so, *no = Py_None, *hio = Py_None;
    int lo = 0;
    u64 s;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|OiO", names, &so, &no, &lo, &hio) ||
        get_state(so, &s) < 0)
        return NULL;
    int left = tricks_left(s);
    int n = no == Py_None ? left : (int)PyLong_AsLong(no);
    int hi = hio == Py_None ? n : (int)PyLong_AsLong(hio);
    if (PyErr_Occurred())
        return NULL;
    if (n != left)
        return PyErr_Format(PyExc_ValueError, "the state has %d tricks left, not %d", left, n);
    if (lo < 0)
        lo = 0;
    if (hi > n)
        hi = n;
    int v = value(self, s, n, lo, hi);
    if (v < 0)
        return no_memory();
    return PyLong_FromLong(v);
}

static PyObject *Search_lead_at_least(SearchObject *self, PyObject *args) {
    PyObject *so, *children;
    int n, k;
    u64 s;
    if (!PyArg_ParseTuple(args, "OiO!i", &so, &n, &PyList_Type, &children, &k) ||
        get_state(so, &s) < 0)
        return NULL;
    if (n != tricks_left(s) || n < 1)
        return PyErr_Format(PyExc_ValueError, "the state has %d tricks left, not %d",
                            tricks_left(s), n);
    Py_ssize_t m = PyList_GET_SIZE(children);
    if (m < 1 || m > MAXC)
        return PyErr_Format(PyExc_ValueError, "a lead has 1 to %d answers, not %zd", MAXC, m);
    u64 ch[MAXC];
    for (Py_ssize_t x = 0; x < m; x++) {
        if (get_state(PyList_GET_ITEM(children, x), &ch[x]) < 0)
            return NULL;
        if (tricks_left(ch[x]) != n - 1)
            return PyErr_Format(PyExc_ValueError, "not a child of the state: %llu",
                                (unsigned long long)ch[x]);
    }
    int r = lead_at_least(self, s, n, ch, (int)m, k);
    if (r < 0)
        return no_memory();
    return PyBool_FromLong(r);
}

static PyObject *Search_lead_value(SearchObject *self, PyObject *args) {
    PyObject *so;
    int n, j, i, best;
    u64 s;
    if (!PyArg_ParseTuple(args, "Oiiii", &so, &n, &j, &i, &best) || get_state(so, &s) < 0 ||
        check_lead(s, j, i) < 0)
        return NULL;
    if (n != tricks_left(s) || n < 1)
        return PyErr_Format(PyExc_ValueError, "the state has %d tricks left, not %d",
                            tricks_left(s), n);
    int v = lead_value(self, s, n, j, i, best);
    if (v < 0)
        return no_memory();
    return PyLong_FromLong(v);
}

static PyObject *make_responses(SearchObject *self, PyObject *args, int labelled) {
    PyObject *so;
    int j, i;
    u64 s;
    if (!PyArg_ParseTuple(args, "Oii", &so, &j, &i) || get_state(so, &s) < 0 ||
        check_lead(s, j, i) < 0)
        return NULL;
    u64 ch[MAXC];
    uint8_t lj[MAXC], li[MAXC];
    int n = responses(self, s, j, i, ch, lj, li);
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int x = 0; x < n; x++) {
        PyObject *item = labelled ? Py_BuildValue("iiK", lj[x], li[x], (unsigned long long)ch[x])
                                  : PyLong_FromUnsignedLongLong(ch[x]);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, x, item);
    }
    return out;
}

static PyObject *Search_children(SearchObject *self, PyObject *args) {
    return make_responses(self, args, 0);
}

static PyObject *Search_responses(SearchObject *self, PyObject *args) {
    return make_responses(self, args, 1);
}

static PyObject *Search_bounds(SearchObject *self, PyObject *args) {
    PyObject *so;
    int n;
    u64 s;
    if (!PyArg_ParseTuple(args, "Oi", &so, &n) || get_state(so, &s) < 0)
        return NULL;
    int lo, hi;
    bounds(self, s, n, &lo, &hi);
    return Py_BuildValue("ii", lo, hi);
}

static PyObject *keys_list(const uint16_t *keys, int n) {
    PyObject *out = PyList_New(n);
    if (!out)
        return NULL;
    for (int x = 0; x < n; x++) {
        PyObject *item = PyLong_FromLong(keys[x]);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, x, item);
    }
    return out;
}

static PyObject *Search_leads(SearchObject *self, PyObject *so) {
    u64 s;
    if (get_state(so, &s) < 0)
        return NULL;
    uint16_t keys[4 * MAXR + 1];
    return keys_list(keys, leads(s, keys));
}

static PyObject *Search_known(SearchObject *self, PyObject *so) {
    u64 s;
    if (get_state(so, &s) < 0)
        return NULL;
    Slot *sl = table_find(self, s);
    if (!sl)
        Py_RETURN_NONE;
    return Py_BuildValue("ii", sl->lo, sl->hi);
}

static PyObject *Search_lead_order(SearchObject *self, PyObject *so) {
    u64 s;
    if (get_state(so, &s) < 0)
        return NULL;
    Slot *sl = table_find(self, s);
    if (!sl || !sl->ent)
        Py_RETURN_NONE;
    Entry *e = &self->ent[sl->ent - 1];
    return keys_list(e->keys, e->nl);
}

static PyObject *Search_clear(SearchObject *self, PyObject *unused) {
    table_clear(self);
    Py_RETURN_NONE;
}

static Py_ssize_t Search_len(SearchObject *self) { return self->used; }

static PyObject *Search_get_nodes(SearchObject *self, void *closure) {
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyObject *Search_get_tie_leader(SearchObject *self, void *closure) {
    return PyBool_FromLong(self->tie_leader);
}

static PyMethodDef Search_methods[] = {
    {"ge", (PyCFunction)Search_ge, METH_VARARGS,
     "ge(s, n, k): can the seat on lead take at least k of the n tricks left?"},
    {"value", (PyCFunction)(void (*)(void))Search_value, METH_VARARGS | METH_KEYWORDS,
     "value(s, n=None, lo=0, hi=None): exact tricks of the seat on lead."},
    {"lead_at_least", (PyCFunction)Search_lead_at_least, METH_VARARGS,
     "lead_at_least(s, n, children, k): does the lead with these children give at least k?"},
    {"lead_value", (PyCFunction)Search_lead_value, METH_VARARGS,
     "lead_value(s, n, j, i, best): the leader's tricks when it leads (j, i)."},
    {"children", (PyCFunction)Search_children, METH_VARARGS,
     "children(s, j, i): the states after each answer to the lead (j, i)."},
    {"responses", (PyCFunction)Search_responses, METH_VARARGS,
     "responses(s, j, i): (suit, index, child) for every answer to the lead (j, i)."},
    {"bounds", (PyCFunction)Search_bounds, METH_VARARGS,
     "bounds(s, n): sure lower and upper bounds on the tricks of the seat on lead."},
    {"leads", (PyCFunction)Search_leads, METH_O, "leads(s): the leader's classes as sort keys."},
    {"known", (PyCFunction)Search_known, METH_O,
     "known(s): (lower, upper) bounds the table holds for s, or None."},
    {"lead_order", (PyCFunction)Search_lead_order, METH_O,
     "lead_order(s): the searched state's leads in their current trial order, or None."},
    {"clear", (PyCFunction)Search_clear, METH_NOARGS, "Empty the table."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Positions searched (expanded) so far.", NULL},
    {"tie_leader", (getter)Search_get_tie_leader, NULL, "The wild_tie rule is 'leader'.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PySequenceMethods Search_as_sequence = {.sq_length = (lenfunc)Search_len};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "apps.games.engine._solver.Search",
    .tp_doc = "Null-window search with a transposition table, for one wild_tie rule.",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
    .tp_as_sequence = &Search_as_sequence,
};

static struct PyModuleDef solver_module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The compiled search of apps.games.engine.solver_core (same states, same answers).", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__solver(void) {
    build_tables();
    build_lead_keys();
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&solver_module);
    if (!m)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
