# Cython declarations for the optional compiled build of views.py (see native/ and
# docs/auto-judged-table.md). Python never reads this file: views.py runs as it is without
# compilation. It tells Cython that the view and the histories are extension types with these
# attributes (a view's fields set as C fields) and that a view is built by C calls with the
# table's state typed (judge.pxd). Keep the attributes in step with `SeatView`'s fields and
# `SeatHistories.__slots__`; the build refuses a mismatch.
cimport cython

from online.engine.judged_table.judge cimport TableState

cdef class SeatView:
    cdef public object seat
    cdef public object role
    cdef public object team
    cdef public object alive
    cdef public object phase
    cdef public object number
    cdef public object step
    cdef public object speaker
    cdef public object request
    cdef public object living
    cdef public object fouls
    cdef public object nominees
    cdef public object mafia
    cdef public object checks
    cdef public object claims
    cdef public object winner
    cdef public object history
    cdef public object since
    cdef public object log_length
    cdef public object language

cdef class SeatHistories:
    cdef public list public
    cdef public list private
    cdef public list taken_public
    cdef public list taken_private

    cpdef add(self, events)
    cpdef tuple take(self, seat, with_history=*)

cpdef request_for(TableState st, seat, living=*)
@cython.locals(view=SeatView)  # its fields set as C fields, not by name
cpdef SeatView seat_view(TableState st, log, seat, since=*, with_history=*, SeatHistories histories=*)
