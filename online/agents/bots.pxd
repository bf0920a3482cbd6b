# Cython declarations for the optional compiled build of bots.py (see native/ and
# docs/auto-judged-table.md). Python never reads this file: bots.py runs as it is without
# compilation. It tells Cython that the shared reading of a game and the rule-based player's
# state (`RulePlay`, which `RuleBot` extends with the agent interface) are extension types with
# these attributes, that the player's steps are C calls (`observe` and `act` stay methods a
# Python subclass may override; the steps below them are not override points) and that the
# views they read are the view extension type (views.pxd). Keep the
# attributes in step with the classes' `__slots__`; the build refuses a mismatch.
cimport cython

from online.engine.judged_table.views cimport SeatView

cdef class TownReading:
    cdef public object anchor
    cdef public Py_ssize_t upto
    cdef public object last
    cdef public list claimants
    cdef public dict called
    cdef public dict suspicion
    cdef object __weakref__

cdef class RulePlay:
    cdef public object seat
    cdef public object rng
    cdef public list claimants
    cdef public dict called
    cdef public dict suspicion
    cdef public frozenset alive
    cdef public object _living
    cdef public TownReading reading

    @cython.locals(start=Py_ssize_t, length=Py_ssize_t)
    cpdef observe(self, SeatView view)
    cdef _read(self, history, language)
    cdef _suspect(self, seat, weight)
    cdef _weigh_votes(self, dict counted)
    cdef _trusted(self)
    cdef dict _calls(self)
    cdef list _known_blacks(self, SeatView view)
    cdef _found_sheriff(self, SeatView view)
    cpdef dict act(self, SeatView view)
    cdef str _speech(self, SeatView view)
    cdef _most_suspected(self, list seats)
    cdef list _suspects(self, SeatView view, exclude=*)
    cdef _vote(self, SeatView view)
    cdef _hand(self, SeatView view)
    cdef _check(self, SeatView view)
    cdef _hunt(self, SeatView view)

@cython.locals(place=Py_ssize_t, bound=Py_ssize_t, drawn=Py_ssize_t)
cpdef shuffle(rng, list items)

cpdef frozenset alive_of(living)
