# Cython declarations for the optional compiled build of judge.py (see native/ and
# docs/auto-judged-table.md). Python never reads this file: judge.py stays the one source of the
# judge's behaviour and runs as it is without compilation. It tells Cython that the table's
# state is an extension type with these attributes (direct slot access instead of attribute
# lookups) and that the judge's steps on it are C calls with the state typed. Keep the
# attributes in step with `TableState.__slots__`; the build refuses a mismatch.

cdef class TableState:
    cdef public object config
    cdef public object seed
    cdef public object names
    cdef public object roles
    cdef public object alive
    cdef public object phase
    cdef public object number
    cdef public object step
    cdef public object actor
    cdef public object purpose
    cdef public object limit
    cdef public object queue
    cdef public object after
    cdef public object first_speaker
    cdef public object fouls
    cdef public object shortened
    cdef public object nominees
    cdef public object nominators
    cdef public object voting_cancelled
    cdef public object round
    cdef public object candidates
    cdef public object window
    cdef public object round_votes
    cdef public object hands
    cdef public object claimants
    cdef public object claims
    cdef public object killed_tonight
    cdef public object sheriff_checks
    cdef public object don_checks
    cdef public object winner
    cdef public object name_reader
    cdef public object events_written
    cdef public object public_cache
    cdef public object blacks
    cdef public object don
    cdef public object living_at_round_start
    cdef public object quiet_rounds
    cdef public object reading_key

cpdef dict _event(TableState st, event_type, dict fields)
cpdef _take(TableState st, command, list ev)
cpdef _phase(TableState st)
cpdef _target(TableState st, target, rule, allow_none=*)
cpdef _speak(TableState st, seat, text, list ev)
cpdef _nominate(TableState st, seat, spoken, list ev)
cpdef _call_speech(TableState st, seat, purpose, list ev)
cpdef _next_speech(TableState st, list ev)
cpdef _foul(TableState st, seat, reason, list ev)
cpdef _remove(TableState st, seat, list ev)
cpdef _check_end(TableState st, list ev)
cpdef _round_ends_in_a_draw(TableState st, list ev)
cpdef _leave(TableState st, seats, how, list ev)
cpdef _begin_day(TableState st, list ev)
cpdef _start_day_speeches(TableState st, list ev)
cpdef _after_day_speeches(TableState st, list ev)
cpdef _open_round(TableState st, number, candidates, list ev)
cpdef _open_window(TableState st, list ev)
cpdef _vote(TableState st, seat, target, list ev)
cpdef _hand(TableState st, seat, up, list ev)
cpdef _count_hands(TableState st, list ev)
cpdef _begin_night(TableState st, list ev)
cpdef _check(TableState st, seat, target, list ev)
cpdef _sheriff_sleeps(TableState st, list ev)
cpdef _call_hunt(TableState st, list ev, announce=*)
cpdef _claim(TableState st, seat, target, list ev)
cpdef _call_kill(TableState st, list ev)
cpdef _kill(TableState st, seat, target, list ev)
cpdef _after_kill(TableState st, target, list ev)
cpdef _don_sleeps(TableState st, list ev)
