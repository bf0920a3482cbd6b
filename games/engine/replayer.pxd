# Cython declarations for the optional compiled build of replayer.py (see games/engine/build.py
# and docs/rules.md, "Speed"). Python never reads this file: replayer.py stays the one source of
# the engine's behaviour and runs as it is without compilation. This file only tells Cython
# that `_Replay` is an extension type with these attributes (direct slot access instead of
# attribute lookups) and which helpers are called as C functions (`cpdef`), with their
# `event` arguments known to be dicts (the replay loop has checked that). Keep the attribute
# list in step with `_Replay.__slots__`; the build refuses a mismatch at compile time.
#
# The event handlers (`on_*`) stay plain methods: the loop dispatches to them through the
# handler tables by identity. Only arguments that always are the declared type are typed.
import cython

cpdef _parse_document(document)
cpdef _voter_keys(alive)
cpdef _describe(value)
cpdef _declared_phase(event)
cpdef _header_error(rule, message)

cdef class _Replay:
    cdef public object ruleset
    cdef public tuple seats
    cdef public list events
    cdef public object alive
    cdef public frozenset living
    cdef public object black_mask
    cdef public object sheriff
    cdef public object don
    cdef public list changes
    cdef public object at
    cdef public object phase_key
    cdef public object phase
    cdef public tuple phase_check
    cdef public dict current
    cdef public object critical
    cdef public list nominated
    cdef public list nominators
    cdef public object vote_state
    cdef public object vote_round
    cdef public tuple tied
    cdef public object night_stage
    cdef public object night_done
    cdef public object shot_tonight
    cdef public list ordinary
    cdef public list technical
    cdef public object first_out
    cdef public object winner
    cdef public object end
    cdef public object end_index
    cdef public list margin_lost
    cdef public list margin_regained
    cdef public list nominations
    cdef public list votes
    cdef public list raises
    cdef public list nights
    cdef public list checks
    cdef public list departures
    cdef public dict departure_mask_after
    cdef public object disqualified
    cdef public list wills
    cdef public object will_seats
    cdef public list fouls
    cdef public list disqualifications
    cdef public object dd
    cdef public object surrender_index
    cdef public list sheriff_kill_responsible
    cdef public list bonuses

    @cython.locals(ordinary=list, technical=list)
    cpdef run(self)
    cpdef dispatch(self, index, dict event)
    # fail(...) stays a Python method: it takes **params, and runs only on a refusal.
    cpdef seat_field(self, index, dict event, name)
    cpdef seat_list(self, index, dict event, name)
    cpdef text_field(self, index, dict event, name)
    cpdef require_alive(self, index, dict event, seat, rule, who)
    cpdef enter_phase(self, index, dict event, want)
    cpdef remove(self, tuple seats, how, index)
    cpdef finish(self, index, winner, end)
    cpdef enter_stage(self, index, dict event, stage)
    cpdef on_check(self, index, dict event, stage, checker, by)
    cpdef will_target_at_table(self, index, dict event, seat, alive_after)
    cpdef disqualify(self, index, seat, reason, cause)
    cpdef check_vote(self, index, dict event, day)
    cpdef shot_by_shown_numbers(self, index, dict event)
    cpdef shot_by_don_decision(self, index, dict event)
    cpdef will_declarations(self, index, dict event, alive_after)
    cpdef refuse_foul(self, index, dict event)
    cpdef refuse_nomination(self, index, dict event)
