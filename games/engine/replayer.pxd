# Cython declarations for the optional compiled build of replayer.py (see games/engine/build.py
# and docs/rules.md, "Speed"). Python never reads this file: replayer.py stays the one source of
# the engine's behaviour and runs as it is without compilation. This file only tells Cython
# that the replay's parts are extension types with these attributes (direct slot access instead
# of attribute lookups) and which helpers are called as C functions (`cpdef`), with their
# `event` arguments known to be dicts (the replay loop has checked that). Keep each class's
# attributes in step with its `__slots__`; the build refuses a mismatch at compile time.
#
# The event handlers (`on_*`) are C calls too: the loop calls each by its event code (the
# codes are C ints here), and their `event` is a dict, so its `get` is a C call.
# `start_game` and `start_phase` are declared in every part that keeps something for the game,
# or per phase, each overriding the one before (a C call). Only arguments that always are the
# declared type are typed.
import cython

@cython.locals(header=dict)
cpdef _parse_document(given)
@cython.locals(entry=dict, by_number=list, deal=dict)
cpdef tuple _parse_seats(raw, ruleset)
cpdef tuple _deal_of(ruleset)
cpdef bint _ints_only(list values)
cpdef bint _all_in(list values, frozenset seats)
cpdef _describe(value)
cpdef _declared_phase(event)
cpdef _header_error(rule, message)

cdef int _UNREAD, _FOUL, _NOMINATE, _VOTE, _WILL, _SHOT, _DON_CHECK, _SHERIFF_CHECK, _RAISE
cdef int _BONUS, _DISQUALIFY, _DD, _SURRENDER, _SHERIFF_KILL_RESPONSIBLE
# the event codes' tables (C globals: their `get` is a C call)
cdef dict _EVENT_CODES, _DAY_CODES, _NIGHT_CODES

cdef class _Reading:
    cdef public object ruleset
    cdef public object numbering
    cdef public object seat_count
    cdef public dict seat_keys
    cdef public dict voters_at
    cdef public dict names_at
    cdef public tuple mask_sets
    cdef public list events
    cdef public object at
    cdef public object phase_key
    cdef public object phase
    cdef public tuple phase_check
    cdef public dict current

    cpdef start_game(self, ruleset, tuple seats, list events)
    # fail(...) stays a Python method: it takes **params, and runs only on a refusal.
    cpdef start_phase(self)
    cpdef seat_field(self, index, dict event, name)
    cpdef seat_list(self, index, dict event, name)
    cpdef text_field(self, index, dict event, name)
    cpdef enter_phase(self, index, dict event, want)

cdef class _Seats(_Reading):
    cdef public tuple seats
    cdef public object black_mask
    cdef public frozenset blacks
    cdef public object sheriff
    cdef public object don
    cdef public object alive
    cdef public frozenset living
    cdef public list changes
    cdef public object critical
    cdef public list margin_lost
    cdef public list margin_regained
    cdef public list departures
    cdef public dict departure_mask_after
    cdef public object disqualified
    cdef public object first_out
    cdef public object winner
    cdef public object end
    cdef public object end_index

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef bint was_disqualified(self, seat)
    cpdef require_alive(self, index, dict event, seat, rule, who)
    cpdef remove(self, tuple seats, how, index)
    cpdef finish(self, index, winner, end)

cdef class _Day(_Seats):
    cdef public list nominated
    cdef public list nominators
    cdef public object vote_state
    cdef public object vote_round
    cdef public tuple tied
    cdef public list nominations
    cdef public list votes
    cdef public list raises

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef start_phase(self)
    cpdef on_nominate(self, index, dict event)
    @cython.locals(candidates=list, votes=dict, names=dict, cast=dict, counts=list, most=list,
                   position=cython.Py_ssize_t, count=cython.long, top=cython.long)
    cpdef on_vote(self, index, dict event)
    cpdef on_raise(self, index, dict event)
    cpdef check_vote(self, index, dict event, day)
    cpdef dict cast_by_seat(self, index, dict event, dict votes, list candidates, alive)
    cpdef refuse_nomination(self, index, dict event)

cdef class _Night(_Day):
    cdef public object night_stage
    cdef public object night_done
    cdef public object shot_tonight
    cdef public list nights
    cdef public list checks

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef start_phase(self)
    cpdef enter_stage(self, index, dict event, stage)
    cpdef on_shot(self, index, dict event)
    cpdef on_don_check(self, index, dict event)
    cpdef on_sheriff_check(self, index, dict event)
    cpdef on_check(self, index, dict event, stage, checker, by)
    @cython.locals(shots=dict, position=cython.Py_ssize_t)
    cpdef shot_by_shown_numbers(self, index, dict event)
    cpdef shot_by_don_decision(self, index, dict event)

cdef class _Wills(_Night):
    cdef public list wills
    cdef public object will_seats

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef bint has_left_will(self, seat)
    cpdef on_will(self, index, dict event)
    cpdef will_target_at_table(self, index, dict event, seat, alive_after)
    cpdef will_declarations(self, index, dict event, alive_after)

cdef class _Discipline(_Wills):
    cdef public list ordinary
    cdef public list technical
    cdef public list fouls
    cdef public list disqualifications
    cdef public object dd

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef on_foul(self, index, dict event)
    cpdef on_disqualify(self, index, dict event)
    cpdef on_dd(self, index, dict event)
    cpdef disqualify(self, index, seat, reason, cause)
    cpdef refuse_foul(self, index, dict event)

cdef class _Outcome(_Discipline):
    cdef public object surrender_index
    cdef public list sheriff_kill_responsible
    cdef public list bonuses

    cpdef start_game(self, ruleset, tuple seats, list events)
    cpdef on_surrender(self, index, dict event)
    cpdef on_sheriff_kill_responsible(self, index, dict event)
    cpdef on_bonus(self, index, dict event)

cdef class _Replay(_Outcome):
    @cython.locals(code=cython.int, event=dict)
    cpdef run(self)
    cpdef int dispatch(self, index, dict event) except? -2
    @cython.locals(masks=list, changes=list, total=cython.Py_ssize_t, change=cython.Py_ssize_t,
                   until=cython.Py_ssize_t, index=cython.Py_ssize_t)
    cpdef record(self)
