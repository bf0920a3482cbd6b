"""The compiled build's check of a `.pxd` against its `.py` (native/build.py): a declared class
must have exactly the attributes of its `__slots__`, or the fields of its plain dataclass."""

import pytest

from native.build import BuildError, check_declarations

SOURCE = """
from dataclasses import dataclass

@dataclass
class View:
    seat: int
    history: tuple = ()

class Kept:
    __slots__ = ("public", "private")
"""


def declarations(*view_fields: str) -> str:
    lines = ["cdef class View:", *(f"    cdef public object {name}" for name in view_fields)]
    return "\n".join([*lines, "cdef class Kept:", "    cdef public list public",
                      "    cdef public list private", "cpdef take(Kept kept)", ""])  # fmt: skip


def test_a_dataclass_is_declared_with_exactly_its_fields(tmp_path):
    source, pxd = tmp_path / "module.py", tmp_path / "module.pxd"
    source.write_text(SOURCE)
    pxd.write_text(declarations("seat", "history"))
    check_declarations(source, pxd)  # as it should be: no error
    pxd.write_text(declarations("seat"))
    with pytest.raises(BuildError, match="View.history"):
        check_declarations(source, pxd)
    pxd.write_text(declarations("seat", "history", "extra"))
    with pytest.raises(BuildError, match="View.extra"):
        check_declarations(source, pxd)


def test_a_slotted_class_must_be_declared(tmp_path):
    source, pxd = tmp_path / "module.py", tmp_path / "module.pxd"
    source.write_text(SOURCE)
    pxd.write_text(
        "cdef class View:\n    cdef public object seat\n    cdef public object history\n"
    )
    with pytest.raises(BuildError, match="Kept"):
        check_declarations(source, pxd)


def test_a_weak_reference_slot_is_declared_as_cythons_weakref(tmp_path):
    source, pxd = tmp_path / "module.py", tmp_path / "module.pxd"
    source.write_text('class Reading:\n    __slots__ = ("upto", "__weakref__")\n')
    pxd.write_text("cdef class Reading:\n    cdef public Py_ssize_t upto\n")
    with pytest.raises(BuildError, match="Reading.__weakref__"):
        check_declarations(source, pxd)
    pxd.write_text(
        "cdef class Reading:\n    cdef public Py_ssize_t upto\n    cdef object __weakref__\n"
    )
    check_declarations(source, pxd)
