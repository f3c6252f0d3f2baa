"""The search behind :mod:`apps.games.engine.solver`: states, bounds and the null-window search.

Nothing here knows about real cards. A position at the start of a trick is one ``int``:

* four 14-bit **suit patterns**, field 0 for the trump suit and fields 1..3 for the other suits.
  A pattern lists the cards of that suit still held by either seat, lowest first, one bit per
  card (``1`` = seat 0 holds it, ``0`` = seat 1), topped by a marker bit: ``1 << length``.
  Wild Cards belong to no suit, so the wild rank is left out of every pattern, and cards that are
  no longer held (played, undealt, the Pritticut) are left out too. Only the order of the cards
  still held matters, so this is the rank-relative form of the position, and two cards of one
  seat that are adjacent in a pattern are interchangeable (the same pattern results whichever is
  played): they form one **class** and the search plays only its lowest card.
* the number of Wild Cards of seat 0 and of seat 1 (two bits each). All Wild Cards are alike:
  they have no suit, and the only thing that tells two of them apart, their rank, is the same.
* the seat on lead (one bit).

:meth:`Search.ge` answers the null-window question "can the seat on lead take at least ``k`` of
the ``n`` remaining tricks?". Its transposition table maps a state to ``[lower, upper, leads,
answers]``: bounds on the tricks of the seat on lead, and, once the state has been searched, its
leads (sort keys, best first) with the children of each (only the first, likeliest refutation
until the others are needed). A lead that succeeds and an answer that refutes move to the front.
Before searching a new state it tries the sure-trick bounds of :meth:`Search.bounds`. A trick is
one step of the search: the leader's class, then every class the follower may answer with; the
table is consulted only at trick boundaries. :meth:`Search.value` finds the exact value by
bisection over ``k``, each probe a null-window search sharing the table.

This module is the readable reference. The same search, compiled from ``_solver.c``, is used
when it was built (:mod:`apps.games.engine.core_choice` picks one; ``docs/solver.md``); both
take and return the same states, so they can be compared position by position.

Measured and left out: ordering the three side suits to merge positions that differ only by a
permutation of them (rare in one deal, and the sorting cost more than it saved), and keeping
bounds for positions that agree only on their relevant top cards (bridge solvers' partition
search: in Memulation's two-hand tricks nearly every card decides some trick, and positions of
one search seldom share their suit lengths, so it cut few searches for much bookkeeping).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .search_state import FIELD, FMASK, LBIT, LEADER, W0, W1, WILD, no_gc

_NP = 1 << FIELD
LEN = [0] * _NP
_N1 = [0] * _NP
_N0 = [0] * _NP
_TOP1 = [0] * _NP
_TOP0 = [0] * _NP
_REPS1: list[tuple[int, ...]] = [()] * _NP
_REPS0: list[tuple[int, ...]] = [()] * _NP


def _class_lows(bits: int) -> tuple[int, ...]:
    """Lowest position of every run of set bits (one card per class), low to high."""
    low = bits & ~(bits << 1)
    out = []
    while low:
        b = low & -low
        out.append(b.bit_length() - 1)
        low ^= b
    return tuple(out)


def _build_tables() -> None:
    for p in range(1, _NP):
        n = p.bit_length() - 1
        full = (1 << n) - 1
        ones = p & full
        zeros = full & ~p
        LEN[p] = n
        _N1[p] = ones.bit_count()
        _N0[p] = n - _N1[p]
        _TOP1[p] = n - zeros.bit_length()
        _TOP0[p] = n - ones.bit_length()
        _REPS1[p] = _class_lows(ones)
        _REPS0[p] = _class_lows(zeros)


_build_tables()


def _cash_tables(
    n_own: list[int], n_opp: list[int], top_own: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """Per pattern, the tricks the leader cashes in a row there (see :meth:`Search.bounds`):
    as the trump suit (``value << 1 | the follower keeps a trump``), and as a side suit when the
    follower can ruff and when it cannot."""
    trump = [0] * _NP
    side_ruff = [0] * _NP
    side = [0] * _NP
    for p in range(1, _NP):
        t = top_own[p]
        nf = n_opp[p]
        trump[p] = n_own[p] << 1 if nf <= t else t << 1 | 1
        side_ruff[p] = t if t < nf else nf
        side[p] = (n_own[p] if nf <= t else t) if t else 0
    return trump, side_ruff, side


_CASH = (_cash_tables(_N1, _N0, _TOP1), _cash_tables(_N0, _N1, _TOP0))

#: Per seat on lead: (own count, other count, own top run, other top run, own classes,
#: other classes), each a table indexed by a suit pattern.
SEAT_TABLES = (
    (_N1, _N0, _TOP1, _TOP0, _REPS1, _REPS0),
    (_N0, _N1, _TOP0, _TOP1, _REPS0, _REPS1),
)


def _lead_keys(lead: int, kind: int, p: int) -> tuple[int, ...]:
    """Sort keys ``score << 8 | index`` of the leader's classes in one suit pattern.

    ``kind`` 0: the trump suit; 1: a side suit, the follower holds trumps; 2: a side suit, the
    follower holds none. Scores: how often (in percent) a lead of that kind was among the best
    in positions met while solving random deals: a side-suit card the follower cannot follow
    (95-100), top cards of a side suit (74, 42 when it is the leader's only card there), top
    trumps (56, 50), low cards (37; trumps 16, 33), middle cards (23; trumps 10), trumps when
    the follower has none (23); a wild scores 9.
    """
    n_own, n_opp, top_own, _, reps_own, _ = SEAT_TABLES[lead]
    reps = reps_own[p]
    if not reps:
        return ()
    several = n_own[p] > 1
    if not n_opp[p]:
        score = (95 if kind == 1 else 100) if kind else 23
        return tuple(score << 8 | i for i in reps)
    top = LEN[p] - top_own[p]
    low = reps[0]
    out = []
    for i in reps:
        if i >= top:
            score = (74 if several else 42) if kind else (56 if several else 50)
        elif i == low:
            score = 37 if kind else (16 if several else 33)
        else:
            score = 23 if kind else 10
        out.append(score << 8 | i)
    return tuple(out)


#: Lazily filled sort keys ``score << 8 | field << 4 | index`` per seat on lead, per table
#: (0: the trump field; 1..3: side fields 1..3 when the follower holds trumps; 4..6: when it
#: holds none), per pattern.
_LEAD_KEYS: tuple[list[list[tuple[int, ...] | None]], ...] = tuple(
    [[None] * _NP for _ in range(7)] for _ in range(2)
)
WILD_KEY = 9 << 8 | WILD << 4


def _fill_lead_keys(lead: int, table: int, p: int) -> tuple[int, ...]:
    j = 0 if table == 0 else (table - 1) % 3 + 1
    kind = 0 if table == 0 else (1 if table <= 3 else 2)
    keys = tuple(x | j << 4 for x in _lead_keys(lead, kind, p))
    _LEAD_KEYS[lead][table][p] = keys
    return keys


#: Lazily filled: per pattern, ``remove(p, i) - p`` for each position ``i``.
_DELTA: list[tuple[int, ...] | None] = [None] * _NP


def deltas(p: int) -> tuple[int, ...]:
    """``remove(p, i) - p`` for every position ``i`` of ``p`` (a state changes by
    ``deltas(p)[i] << (FIELD * field)`` when that card leaves it)."""
    d = _DELTA[p]
    if d is None:
        d = _DELTA[p] = tuple(remove(p, i) - p for i in range(LEN[p]))
    return d


def remove(p: int, i: int) -> int:
    """The pattern ``p`` without its card at position ``i``."""
    return ((p >> (i + 1)) << i) | (p & ((1 << i) - 1))


def pattern(s: int, j: int) -> int:
    return (s >> (FIELD * j)) & FMASK


def wilds(s: int, seat: int) -> int:
    return (s >> (W1 if seat else W0)) & 3


def leader(s: int) -> int:
    return s >> LEADER


def tricks_left(s: int) -> int:
    n = LEN[s & FMASK] + LEN[(s >> 14) & FMASK] + LEN[(s >> 28) & FMASK] + LEN[(s >> 42) & FMASK]
    return (n + ((s >> W0) & 3) + ((s >> W1) & 3)) // 2


class Search:
    """Null-window search with a transposition table, for one ``wild_tie`` rule.

    The table depends only on the rule (states are rank-relative and trump-relative), so one
    ``Search`` may serve many positions and deals.
    """

    def __init__(self, tie_leader: bool = True):
        self.tie_leader = tie_leader
        # s -> [lower bound, upper bound, the leads in trial order, their answers]
        self.tt: dict[int, list[Any]] = {}
        self._counter = [0]
        #: ``ge(s, n, k)``: can the seat on lead in ``s`` take at least ``k`` (``0 < k <= n``)
        #: of the ``n`` tricks left? Switch the garbage collector off around a search (see
        #: :class:`no_gc`): the table is many small lists, with no cycles.
        self.ge = self._make_ge()

    # -- bounds ---------------------------------------------------------------------------

    def bounds(self, s: int, n: int) -> tuple[int, int]:
        """Sure lower and upper bounds on the tricks of the seat on lead.

        A seat's wilds and top trumps (above all the other seat's trumps) each win whenever they
        are played, unless the other seat plays a wild to the same trick; so each seat takes at
        least that many of them minus the other seat's wilds. Sharper, by the ``wild_tie`` rule:

        * ``leader``: a wild led always wins, so the leader cashes its wilds; the follower wins
          with each of its wilds too (played on a non-wild lead, or led) if it holds at least as
          many other cards as the leader has wilds to lead, so only its top trumps can be
          cancelled by the leader's wilds.
        * ``follower``: the follower wins the coming trick with a wild if it has one.

        When the follower has no wild, the leader's lower bound is the tricks it can cash in a
        row: wilds, top trumps (all of its trumps once the follower's are drawn), and top cards
        of side suits the follower must follow or cannot ruff.
        """
        lead = s >> LEADER
        _, _, top_own, top_opp, _, _ = SEAT_TABLES[lead]
        p0 = s & FMASK
        if lead:
            wl = (s >> W1) & 3
            wf = (s >> W0) & 3
        else:
            wl = (s >> W0) & 3
            wf = (s >> W1) & 3
        t = top_opp[p0]
        if not wf:
            b = t - wl
        elif self.tie_leader and n - wf >= wl:
            b = wf + (t - wl if t > wl else 0)
        elif self.tie_leader:
            b = wf + t - wl
        else:
            b = wf + t - wl
            if b < 1:
                b = 1
        upper = n - b if b > 0 else n
        if wf:
            q = wl if self.tie_leader else 0
            b = wl + top_own[p0] - wf
            return (b if b > q else q), upper
        trump_cash, side_ruff, side = _CASH[lead]
        q = trump_cash[p0]
        cash = side_ruff if q & 1 else side
        q = wl + (q >> 1) + cash[(s >> 14) & FMASK] + cash[(s >> 28) & FMASK]
        q += cash[(s >> 42) & FMASK]
        return (q if q < n else n), upper

    # -- moves ----------------------------------------------------------------------------

    def leads(self, s: int) -> list[int]:
        """The leader's classes as keys ``score << 8 | field << 4 | index``, in trial order.

        The order comes from measuring, in positions met while solving random deals, how often
        a lead of each kind is among the best (see :func:`_lead_keys`).
        """
        lead = s >> LEADER
        tables = _LEAD_KEYS[lead]
        p = s & FMASK
        keys = tables[0][p]
        if keys is None:
            keys = _fill_lead_keys(lead, 0, p)
        side = 1 if SEAT_TABLES[lead][1][p] else 4
        for j in (1, 2, 3):
            p = (s >> (FIELD * j)) & FMASK
            k = tables[side][p]
            if k is None:
                k = _fill_lead_keys(lead, side, p)
            if k:
                keys = keys + k
            side += 1
        if (s >> (W1 if lead else W0)) & 3:
            keys = (*keys, WILD_KEY)
        return sorted(keys, reverse=True)

    def responses(self, s: int, j: int, i: int) -> Iterator[tuple[int, int, int]]:
        """``(suit, index, child)`` for every class the follower may play to lead ``(j, i)``.

        ``index`` is the position in the pattern before the trick. The child has the trick's
        winner on lead. Likely refutations first (measured like the leads' order): the cheapest
        card that wins by following or ruffing, a wild, the lowest card of each suit, then the
        rest.
        """
        lead = s >> LEADER
        reps_opp = SEAT_TABLES[lead][5]
        if lead:
            wf = (s >> W0) & 3
            wl_unit, wf_unit = 1 << W1, 1 << W0
        else:
            wf = (s >> W1) & 3
            wl_unit, wf_unit = 1 << W0, 1 << W1
        swap = LBIT
        later = []
        if j == WILD:
            base = s - wl_unit
            for jj in (1, 2, 3, 0):
                sh = FIELD * jj
                p = (s >> sh) & FMASK
                reps = reps_opp[p]
                if reps:
                    r = reps[0]
                    yield jj, r, base + ((remove(p, r) - p) << sh)
                    for r in reps[1:]:
                        later.append((jj, r, base + ((remove(p, r) - p) << sh)))
            if wf:
                c = base - wf_unit
                yield WILD, 0, (c if self.tie_leader else c ^ swap)
            yield from later
            return
        sh = FIELD * j
        p = (s >> sh) & FMASK
        p2 = remove(p, i)
        base = s + ((p2 - p) << sh)
        reps = reps_opp[p]
        if reps:
            # Must follow (or play a wild).
            cheapest = True
            for r in reps:
                if r > i:
                    c = (base + ((remove(p2, r - 1) - p2) << sh)) ^ swap
                    if cheapest:
                        yield j, r, c
                        cheapest = False
                    else:
                        later.append((j, r, c))
            if wf:
                yield WILD, 0, (base - wf_unit) ^ swap
            yield from later
            for r in reps:
                if r < i:
                    yield j, r, base + ((remove(p2, r) - p2) << sh)
            return
        if j:
            pt = s & FMASK
            ruffs = reps_opp[pt]
            if ruffs:
                r = ruffs[0]
                yield 0, r, (base + (remove(pt, r) - pt)) ^ swap
        if wf:
            yield WILD, 0, (base - wf_unit) ^ swap
        for jj in (1, 2, 3):
            if jj != j:
                sh2 = FIELD * jj
                pp = (s >> sh2) & FMASK
                rr = reps_opp[pp]
                if rr:
                    r = rr[0]
                    yield jj, r, base + ((remove(pp, r) - pp) << sh2)
                    for r in rr[1:]:
                        later.append((jj, r, base + ((remove(pp, r) - pp) << sh2)))
        yield from later
        if j:
            for r in ruffs[1:]:
                yield 0, r, (base + (remove(pt, r) - pt)) ^ swap

    def children(self, s: int, j: int, i: int) -> list[int]:
        """The children of :meth:`responses`, in the same order (built without the labels)."""
        return [c for _, _, c in self.responses(s, j, i)]

    def first_child(self, s: int, j: int, i: int) -> int:
        """``children(s, j, i)[0]``, the likeliest refutation, without building the others."""
        lead = s >> LEADER
        reps_opp = SEAT_TABLES[lead][5]
        delta = _DELTA
        if lead:
            wf = (s >> W0) & 3
            wl_unit, wf_unit = 1 << W1, 1 << W0
        else:
            wf = (s >> W1) & 3
            wl_unit, wf_unit = 1 << W0, 1 << W1
        if j == WILD:
            base = s - wl_unit
            for jj in (1, 2, 3, 0):
                sh = FIELD * jj
                p = (s >> sh) & FMASK
                reps = reps_opp[p]
                if reps:
                    return base + ((delta[p] or deltas(p))[reps[0]] << sh)
            c = base - wf_unit
            return c if self.tie_leader else c ^ LBIT
        sh = FIELD * j
        p = (s >> sh) & FMASK
        d = (delta[p] or deltas(p))[i]
        p2 = p + d
        base = s + (d << sh)
        reps = reps_opp[p]
        if reps:
            for r in reps:
                if r > i:
                    return (base + ((delta[p2] or deltas(p2))[r - 1] << sh)) ^ LBIT
            if wf:
                return (base - wf_unit) ^ LBIT
            return base + ((delta[p2] or deltas(p2))[reps[0]] << sh)
        if j:
            pt = s & FMASK
            ruffs = reps_opp[pt]
            if ruffs:
                return (base + (delta[pt] or deltas(pt))[ruffs[0]]) ^ LBIT
        if wf:
            return (base - wf_unit) ^ LBIT
        for jj in (1, 2, 3):
            if jj != j:
                sh2 = FIELD * jj
                pp = (s >> sh2) & FMASK
                rr = reps_opp[pp]
                if rr:
                    return base + ((delta[pp] or deltas(pp))[rr[0]] << sh2)
        raise AssertionError("the follower has no card")

    # -- search ---------------------------------------------------------------------------

    def _make_ge(self) -> Callable[[int, int, int], bool]:
        """Build :meth:`ge` as a closure over the table (local names are fastest in CPython)."""
        tt = self.tt
        get = tt.get
        bounds = self.bounds
        leads = self.leads
        children = self.children
        first_child = self.first_child
        counter = self._counter

        def all_pass(
            s: int, key: int, chs: list[Any], li: int, n1: int, k1: int, nk: int, me: int
        ) -> bool:
            """Complete the answers of a lead whose first answer passed; do all the rest pass?"""
            first = chs[li][0]
            ch = chs[li] = children(s, (key >> 4) & 15, key & 15)
            start = 1 if ch[0] == first else 0
            for ri in range(start, len(ch)):
                c = ch[ri]
                if c & LBIT == me:
                    if k1 <= 0:
                        continue
                    ce = get(c)
                    if ce is None:
                        q, u = bounds(c, n1)
                        ce = tt[c] = [q, u, None, None]
                    if ce[0] >= k1 or (ce[1] >= k1 and ge(c, n1, k1)):
                        continue
                elif nk > 0:
                    ce = get(c)
                    if ce is None:
                        q, u = bounds(c, n1)
                        ce = tt[c] = [q, u, None, None]
                    if ce[1] < nk or (ce[0] < nk and not ge(c, n1, nk)):
                        continue
                ch.insert(0, ch.pop(ri))
                return False
            return True

        def ge(s: int, n: int, k: int) -> bool:
            e = get(s)
            if e is None:
                q, u = bounds(s, n)
                e = tt[s] = [q, u, None, None]
                if q >= k:
                    return True
                if u < k:
                    return False
            else:
                if e[0] >= k:
                    return True
                if e[1] < k:
                    return False
            counter[0] += 1
            keys = e[2]
            if keys is None:
                keys = e[2] = leads(s)
                chs = e[3] = [None] * len(keys)
            else:
                chs = e[3]
            n1 = n - 1
            k1 = k - 1
            nk = n - k
            me = s & LBIT
            for li, ch in enumerate(chs):
                if ch is None:
                    # Most leads are refuted by their first answer: build only that one (a
                    # tuple until the others are needed).
                    key = keys[li]
                    ch = chs[li] = (first_child(s, (key >> 4) & 15, key & 15),)
                for ri, c in enumerate(ch):
                    if c & LBIT == me:
                        # The leader won the trick: it needs k - 1 of the rest.
                        if k1 <= 0:
                            continue
                        ce = get(c)
                        if ce is None:
                            q, u = bounds(c, n1)
                            ce = tt[c] = [q, u, None, None]
                        if ce[0] >= k1 or (ce[1] >= k1 and ge(c, n1, k1)):
                            continue
                    elif nk > 0:
                        # The follower won and leads: it must not take n - k of the rest.
                        ce = get(c)
                        if ce is None:
                            q, u = bounds(c, n1)
                            ce = tt[c] = [q, u, None, None]
                        if ce[1] < nk or (ce[0] < nk and not ge(c, n1, nk)):
                            continue
                    # Refuted: this answer first next time.
                    if ri:
                        ch.insert(0, ch.pop(ri))
                    break
                else:
                    if type(ch) is list or all_pass(s, keys[li], chs, li, n1, k1, nk, me):
                        if li:
                            keys.insert(0, keys.pop(li))
                            chs.insert(0, chs.pop(li))
                        e[0] = k
                        return True
            e[1] = k - 1
            return False

        return ge

    @property
    def nodes(self) -> int:
        """Positions searched (expanded) so far."""
        return self._counter[0]

    def lead_value(self, s: int, n: int, j: int, i: int, best: int) -> int:
        """The leader's tricks when it leads class ``(j, i)`` (at most ``best``, the value of
        ``s``), starting from the bounds the table already holds for the children."""
        children = self.children(s, j, i)
        me = s & LBIT
        hi = best
        tt = self.tt
        clo = n
        for c in children:
            e = tt.get(c)
            if c & LBIT == me:
                low, high = (1 + e[0], 1 + e[1]) if e else (1, n)
            else:
                low, high = (n - 1 - e[1], n - 1 - e[0]) if e else (0, n - 1)
            clo = min(clo, low)
            hi = min(hi, high)
        lo = max(0, clo)
        while hi > lo and not self.lead_at_least(s, n, children, hi):
            hi -= 1
        return hi

    # -- the table, as the solver sees it (the compiled core answers the same) -------------

    def known(self, s: int) -> tuple[int, int] | None:
        """The bounds ``(lower, upper)`` the table holds for ``s``, or ``None``."""
        e = self.tt.get(s)
        return None if e is None else (e[0], e[1])

    def lead_order(self, s: int) -> list[int] | None:
        """The leads of a searched state in their current trial order, or ``None``."""
        e = self.tt.get(s)
        return None if e is None or e[2] is None else list(e[2])

    def clear(self) -> None:
        self.tt.clear()

    def __len__(self) -> int:
        return len(self.tt)

    def value(self, s: int, n: int | None = None, lo: int = 0, hi: int | None = None) -> int:
        """Exact tricks of the seat on lead, known to lie in ``lo..hi``."""
        if n is None:
            n = tricks_left(s)
        if hi is None:
            hi = n
        e = self.tt.get(s)
        if e is not None:
            lo = max(lo, e[0])
            hi = min(hi, e[1])
        with no_gc():
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if self.ge(s, n, mid):
                    lo = mid
                else:
                    hi = mid - 1
        return lo

    def lead_at_least(self, s: int, n: int, children: list[int], k: int) -> bool:
        """Does leading the class with these ``children`` give the leader at least ``k``?"""
        me = s & LBIT
        for c in children:
            if c & LBIT == me:
                if k - 1 > 0 and not self.ge(c, n - 1, k - 1):
                    return False
            elif n - k <= n - 1 and (n - k <= 0 or self.ge(c, n - 1, n - k)):
                return False
        return True
