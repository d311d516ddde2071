"""A package's public names, imported from the modules they live in when first asked for.

`import cribbage` and `cribbage --help` stay quick: a name costs its module's import only
when it is used. Nothing here imports `typing` (or `__future__`), for the same reason.
"""

import importlib

TYPE_CHECKING = False  # typing is not imported: `import cribbage` loads this module
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

__all__ = ["lazy_names"]


def lazy_names(
    namespace: dict[str, object], homes: "Mapping[str, str]"
) -> "tuple[Callable[[str], object], Callable[[], list[str]]]":
    """The `__getattr__` and `__dir__` of the package whose globals are `namespace`.

    `homes` maps each public name to its module, absolute or relative to the package; a name
    is imported on first use and then kept in `namespace`. `__dir__` lists `__all__`, which
    `namespace` must define.

    >>> space: dict[str, object] = {"__name__": "cribbage", "__all__": ["Card"]}
    >>> getattr_, dir_ = lazy_names(space, {"Card": ".cards"})
    >>> getattr_("Card").__name__, "Card" in space, dir_()
    ('Card', True, ['Card'])
    >>> getattr_("Joker")
    Traceback (most recent call last):
    ...
    AttributeError: module 'cribbage' has no attribute 'Joker'
    """
    package = namespace["__name__"]
    assert isinstance(package, str)

    def __getattr__(name: str) -> object:
        """A public name, imported from its module when first asked for."""
        module = homes.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        names = namespace["__all__"]
        assert isinstance(names, list)
        return sorted(names)

    return __getattr__, __dir__
