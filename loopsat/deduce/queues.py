"""The propagator's two loops (`Board.propagate`): inside a probe, every rule from one queue;
outside, the cheapest rule waiting first, level by level (rules.Level), so that the trail says
how hard the puzzle is. Both read the board through locals: they are the deduction's hot loops."""

from __future__ import annotations

from loopsat.deduce import tables as tab
from loopsat.deduce.blocks import LATER
from loopsat.deduce.rules import PARITY, Contradiction, Level

TYPE_CHECKING = False  # typing's, without importing it: a solve does not (docs/startup.md)
if TYPE_CHECKING:
    from loopsat.deduce.board import Board

_LEVELS = tuple(Level)[:-1]  # the queues, cheapest first (SEARCH is no rule)


def run_one_queue(board: Board) -> None:
    """Inside a probe: every rule but the corners' from one queue, in any order.

    The hot loop of the deduction, so it reads everything through locals and inlines the
    common case: a table whose answer is cached, edges it decides assigned in place (a table
    forces only undecided edges, and nobody hears a probe's steps), `Chains.add` of an edge
    that closes no loop, and the face join of each decided edge (`Board.relate`: inlined, the
    hard Masyu 25×25 of bench/, which probe with faces, took 0.91× the CPU, whole process).
    The count of edges done is a local, written back on the way out, raising or not.

    A decided edge hands the queue the batch of rules watching it, stamped with a new tick; a
    rule is passed where it was read since its batch's stamp (`Board.probe_read`), and read at
    its latest turn only, as `run_by_level` does: a stale rule popped one by one and tested
    against a set of those waiting cost 5 % more (one deduction of hard Masyu 25×25 016,
    callgrind: 1,019.8 M instructions, 969.9 M so; half the rules popped were stale). The batch
    is the edge's own list (`Board.watch`, reversed once a board: newest rule first, the order
    it was read in before), read by a `for`; only the rest of a batch whose rule decided edges is
    sliced off to wait. Kept as (stamp, list, count left) and read by index, one warm `solve` of
    016 took 920.6 M instructions (callgrind), 901.0 M so.

    A rule that has just decided edges is not read again for them alone (unless some other edge
    was decided meanwhile): its table's answer is every edge common to the patterns that fit, and
    setting them leaves the same patterns fitting, which force nothing more. A third of a probe's
    readings were these."""
    value, readers, queue, assigned = board.value, board.readers, board.queue, board.assigned
    tables, watch_rules, parity_queue, rules = board.rule_tables, board.watch, board.parity_queue, board.rules
    lookups = board.lookups
    parity, chained, unknown, traced = board.parity_on, board.single_loop, tab.UNKNOWN, board.tracer is not None
    append, ends, chains = assigned.append, board.ends, board.chains
    degree, far, size = chains.degree, chains.far, chains.size
    edge_between, gaps, no_early_loop = board.edge_between, board.end_gaps, board.no_early_loop
    if parity:  # the faces' (a probe without them runs a few rules: its set-up counts)
        edge_faces, colours = board.edge_faces, board.colours
        leader, flip, members = colours.leader, colours.flip, colours.members
        sides, merged = colours.open_sides or colours.sides(), colours.log.append
    read_at, tick = board.probe_read, board.probe_tick
    if not board.watch_back:  # each edge's rules newest first, as a batch is read (once a board)
        for watching in watch_rules:
            watching.reverse()
        board.watch_back = True
    batches: list[tuple[int, list[int]]] = []
    joining, push = parity and not traced, batches.append
    if len(read_at) < len(rules):  # rules pushed since (`Layout.push_later`), or the first call
        read_at += [-1] * (len(rules) - len(read_at))
    if queue:  # rules waiting from before, as one batch
        tick += 1
        batches.append((tick, queue[::-1]))
        queue.clear()
    own, own_end = -1, 0  # the rule that decided edges last, and where its edges end in `assigned`
    done = board.done
    try:
        while True:
            while done < len(assigned):
                k = assigned[done]
                if traced:
                    board.done = done
                    board._edge_consequences(k)
                    done = board.done
                elif chained and value[k]:  # `_edge_consequences`, `Chains.add` inlined
                    a, b = ends[k]
                    da, db = degree[a], degree[b]
                    x = far[a] if da else a
                    if x == b or da == 2 or db == 2 or chains.closed_by >= 0:
                        chains.add(k, a, b)  # it closes the loop, or raises
                        done += 1
                        if board.close_on:
                            board._close(k)
                    else:
                        y = far[b] if db else b
                        length = (size[a] if da else 0) + (size[b] if db else 0) + 1
                        far[x], far[y] = y, x
                        size[x] = size[y] = length
                        degree[a], degree[b] = da + 1, db + 1
                        chains.on += 1
                        done += 1
                        if y - x in gaps:  # `_forbid_closing` inside a probe (most chains' ends lie apart)
                            j = edge_between.get((x, y) if x < y else (y, x))
                            if j is not None and value[j] < 0 and no_early_loop:
                                if chains.on > length:
                                    value[j] = 0
                                    append(j)
                                else:
                                    board.lonely = True
                else:  # an edge off (or the loop rules are off)
                    done += 1
                if joining:  # its faces (`Board.relate` inside a probe, inlined)
                    f, g = edge_faces[k]
                    p, q = leader[f], leader[g]
                    if p != q:  # `Colours.join`, what it decides assigned as found
                        differ = value[k] ^ flip[f] ^ flip[g]
                        if len(members[p]) > len(members[q]):
                            p, q = q, p
                        moved = members[p]
                        if differ:
                            for h in moved:
                                leader[h] = q
                                flip[h] ^= 1
                        else:  # their flips stay (half the faces moved in hard Masyu 25x25's probes)
                            for h in moved:
                                leader[h] = q
                        members[q].extend(moved)
                        merged((p, q, differ))
                        for h in moved:
                            for j, other in sides[h]:
                                if value[j] < 0 and leader[other] == q:
                                    value[j] = flip[h] ^ flip[other]
                                    append(j)
                    elif flip[f] ^ flip[g] != value[k]:
                        raise Contradiction
                tick += 1
                push((tick, watch_rules[k]))
            if own >= 0:
                if len(assigned) == own_end:
                    read_at[own] = tick
                own = -1
            if batches:
                while batches:  # until a rule decides an edge, whose consequences come first
                    stamp, batch = batches.pop()
                    for rule in batch:
                        if read_at[rule] >= stamp:
                            continue  # read since its edges last changed: it would force nothing
                        read_at[rule] = tick
                        values = readers[rule](value)
                        moves = lookups[rule](values, unknown)
                        if moves is unknown:
                            moves = tables[rule].answer(values)
                        if moves:
                            rest = batch[batch.index(rule) + 1 :]
                            if rest:  # the rest of the batch waits as it did
                                batches.append((stamp, rest))
                            if traced:
                                board._apply(rule, moves)
                                break
                            scope = rules[rule][0]
                            for position, bit in moves:
                                k = scope[position]
                                value[k] = bit
                                append(k)
                            own, own_end = rule, len(assigned)
                            break
                        if moves is None:
                            raise Contradiction
                    else:
                        continue
                    break
            elif parity_queue and parity:
                board._check_parity(parity_queue.pop())
            elif done == len(assigned):
                return
    finally:
        board.done, board.probe_tick = done, tick


def run_by_level(board: Board) -> None:
    """Outside probes: always the cheapest rule waiting, so that a rule of a higher level
    runs only where every lower one is stuck, and the trail's highest level is the grade. A
    rule that has just decided edges is not read again for them alone (as `run_one_queue`).

    A decided edge hands each lane the batch of its rules of that level, stamped with a new
    tick; a lane is read from its last batch's last rule back. A rule in a batch is passed when
    it was read since that batch's stamp (as `run_one_queue`'s, without a set to keep: a
    60×60 hands the lanes 100 000 rules). A rule reads its edges, and what its table forces is
    assigned; Contradiction when nothing fits. A guarded rule is applied only when its guard
    holds (`Board._one_short`), asked last: most of the time its table forces nothing anyway
    (and a clash it sees, the unguarded rules meet too). On a board that keeps codes
    (deduce/codes.py: Slitherlink's), the Easy lane reads a vertex rule, a clue over a cell and
    its guarded rules by the code of their dot or cell, their moves kept by code (`Board.code_at`)
    (by their values, a fresh 60×60 001 `solve --json` took 835.8 M instructions, 821.6 M so).

    Once every edge is decided, the higher lanes are only checked (`ladder.check_decided`), the face
    parities and Tatham's pairs passed: they follow from the clues' tables, which are read."""
    if board.later is not None and board.cap >= LATER and len(board.assigned) < len(board.value):
        # deduce/ladder.py's steps are rare, imported when first taken (a small Masyu takes none:
        # its import was 0.2 % of a fresh 12×12 `solve --json`, 0.4 M instructions)
        from loopsat.deduce.ladder import reach_later

        reach_later(board)
    assigned, levels, lanes, pending = board.assigned, board.rule_levels, board.lanes, board.pending
    read_at = board.read_at
    lane_watch = [(lanes[level], watching) for level, watching in board.lane_watch.items()]
    vertex_watch = board.vertex_watch
    value, readers, tables, unknown, lookups = board.value, board.readers, board.rule_tables, tab.UNKNOWN, board.lookups
    parity_level = board.levels[PARITY] if board.allows(PARITY) else None
    if board.faces_waiting:  # until the ladder first reaches the face parity (`ladder.join_faces`)
        if parity_level is None or parity_level == Level.EASY:
            board.faces_waiting = False
        else:
            board.parity_on = False
    tick = board.tick
    if board.queue:  # each waits once, whenever it was read last (its tick kept: the next call's
        board.tick = tick = tick + 1  # edges must stamp their batches later than any reading here)
        queued: dict[Level, list[int]] = {}
        for rule in board.queue:
            queued.setdefault(levels[rule], []).append(rule)
        for level, batch in queued.items():
            lanes[level].append((tick, batch, len(batch)))
        board.queue.clear()
    easy, guard_of, higher = lanes[Level.EASY], board.guard_of, _LEVELS[1 : board.cap]
    edges = len(value)
    # where the board keeps them (deduce/codes.py), each dot's and cell's code, counted here as
    # each edge decided is taken, and each rule's place there and moves by it, where the Easy
    # lane reads it so
    codes, code_at, code_moves, cols = board.codes, board.code_at, board.code_moves, board.shape[1]
    if codes is not None:
        across, down, below = board.code_weights
    apply, consequences, chained = board._apply, board._edge_consequences, board.single_loop
    ends, join, gaps = board.ends, board.chains.add, board.end_gaps
    own, own_end = -1, 0  # the rule that decided edges last, and where its edges end in `assigned`
    while True:
        while board.done < len(assigned):
            k = assigned[board.done]
            if board.parity_on:
                consequences(k)
            elif chained and value[k]:  # `_edge_consequences` without faces, inlined: its call, and
                a, b = ends[k]  # `_forbid_closing`'s where the chain's ends are no neighbours (most)
                chain = join(k, a, b)
                board.done += 1
                if chain is None:
                    if board.close_on:
                        board._close(k)
                else:
                    x, y, length = chain
                    if y - x in gaps:
                        board._forbid_closing(x, y, length)
            else:  # an edge off, and the faces not joined (yet): it has none
                board.done += 1
            if codes is not None:
                a, b = ends[k]
                wa, wb, wc, wd, other = down[value[k]] if b - a == cols else across[value[k]]
                codes[a] += wa
                codes[b] += wb
                codes[a + below] += wc
                codes[a + other] += wd
            board.tick = tick = tick + 1
            easy.append((tick, vertex_watch[k], 2))  # its two ends, before the board's own easy rules, as they came
            for lane, watching in lane_watch:
                found = watching[k]
                if found:
                    lane.append((tick, found, len(found)))
        if own >= 0:
            if len(assigned) == own_end:
                read_at[own] = tick
            own = -1
        if easy:  # most of the work: a clue or a vertex, `_check` inlined
            while easy:  # until a rule decides an edge, whose consequences come first
                stamp, rules, waiting = easy.pop()
                while waiting:
                    waiting -= 1
                    rule = rules[waiting]
                    if read_at[rule] >= stamp:
                        continue  # read since its edges last changed: it would force nothing
                    read_at[rule] = tick
                    guard = guard_of[rule]
                    if guard is not None:  # `_one_short`, its cheap half first: a guarded rule
                        clue, arm, other = guard  # does nothing unless its guard holds (unpacked,
                        if value[arm] != 1 and value[other] != 1:  # not a loop over its arms:
                            continue  # 40 ns a guard, not 70)
                    if codes is not None and (at := code_at[rule]) is not None:  # by its code
                        code, memo = codes[at], code_moves[rule]
                        moves = memo[code]
                        if moves is unknown:  # the first rule of its kind read with this code
                            moves = memo[code] = tables[rule].forced(readers[rule](value))
                    else:  # by its edges' values
                        values = readers[rule](value)
                        moves = lookups[rule](values, unknown)
                        if moves is unknown:
                            moves = tables[rule].answer(values)
                    if moves:
                        if guard is None or tables[clue].one_short(readers[clue](value)):
                            apply(rule, moves)
                            own, own_end = rule, len(assigned)
                            if waiting:  # the rest of the batch waits as it did
                                easy.append((stamp, rules, waiting))
                            break
                    elif moves is None and guard is None:
                        raise Contradiction
                else:
                    continue
                break
            continue
        if pending[Level.EASY]:
            board.assign(*pending[Level.EASY].pop())
            continue
        if parity_level == Level.EASY and board.parities_queued():
            board._run_parities(pending[Level.EASY])
            continue
        for level in higher:
            lane = lanes[level]
            if level == parity_level and board.faces_waiting and len(assigned) < edges:
                from loopsat.deduce.ladder import join_faces

                join_faces(board)
            if lane and len(assigned) == edges:
                from loopsat.deduce.ladder import check_decided

                check_decided(board, lane, level)
            while lane:  # until a rule decides an edge: the rest leave every cheaper queue empty
                stamp, rules, waiting = lane.pop()
                while waiting:
                    waiting -= 1
                    rule = rules[waiting]
                    if read_at[rule] >= stamp:
                        continue  # read since its edges last changed
                    read_at[rule] = tick  # `_check` inlined
                    values = readers[rule](value)
                    moves = lookups[rule](values, unknown)
                    if moves is unknown:
                        moves = tables[rule].answer(values)
                    if moves:
                        if guard_of[rule] is None or board._one_short(rule):
                            apply(rule, moves)
                            own, own_end = rule, len(assigned)
                            if waiting:
                                lane.append((stamp, rules, waiting))
                            break
                    elif moves is None and guard_of[rule] is None:
                        raise Contradiction
                else:
                    continue
                break
            else:
                pending_here = pending[level]
                while pending_here and value[pending_here[-1][0]] == pending_here[-1][1]:
                    pending_here.pop()  # decided since, as it says: the ladder need not restart for it
                if pending_here:
                    board.assign(*pending_here.pop())
                    break
                if level == parity_level and (board.parity_queue or board.parity_merged):
                    if len(assigned) == edges:  # its tables' own sums, as `check_decided` passes joins
                        board.parity_queue.clear()
                        board.parity_stale.clear()
                        board.parity_merged.clear()
                    elif board.parities_queued():
                        board._run_parities(pending_here)
                        break
                pairs = board.pairs  # Tatham's (deduce/pairs.py), made when first asked for
                if pairs is None and not board.pairs_made and len(assigned) < edges:
                    pairs = board.make_pairs()
                if pairs is not None and len(assigned) < edges and pairs.run(board, level):
                    break
                continue
            break
        else:
            board.settled = len(assigned)
            return
