# Cython declarations for the optional compiled build of play.py (see native/ and
# docs/auto-judged-table.md). Python never reads this file: play.py runs as it is without
# compilation. It tells Cython that the driver's seats are an extension type with these
# attributes and that asking a seat is a C call that builds the view by a C call (views.pxd).
# Keep the attributes in step with `_Seats.__slots__`; the build refuses a mismatch.
from online.engine.judged_table.judge cimport TableState
from online.engine.judged_table.views cimport SeatHistories, SeatView, seat_view

cdef class _Seats:
    cdef public object agents
    cdef public SeatHistories histories
    cdef public dict seen
    cdef public dict deadlines
    cdef public object clock
    cdef public object words
    cdef public list problems
    cdef public list notes

    cpdef tuple ask(self, TableState st, list log, seat)
    cpdef str notes_since(self, count)

cpdef list _vote_round(TableState st, list log, _Seats seats)
