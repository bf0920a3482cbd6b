"""Chooses this package's hot modules, compiled or plain (`native.load`, see `native/`); the
package's `__init__` imports it before anything else."""

import native

COMPILED, IMPLEMENTATION = native.load(__package__)
