# Cython declarations for the optional compiled build of views.py (see native/ and
# docs/auto-judged-table.md). Python never reads this file: views.py runs as it is without
# compilation. It tells Cython that the histories are an extension type with these attributes
# and that a view is built by C calls with the table's state typed (judge.pxd). Keep the
# attributes in step with `SeatHistories.__slots__`; the build refuses a mismatch.
from online.engine.judged_table.judge cimport TableState

cdef class SeatHistories:
    cdef public list public
    cdef public list private
    cdef public list taken_public
    cdef public list taken_private

    cpdef add(self, events)
    cpdef tuple take(self, seat, with_history=*)

cpdef request_for(TableState st, seat, living=*)
cpdef seat_view(TableState st, log, seat, since=*, with_history=*, SeatHistories histories=*)
