"""One file's index for the project view (project/index.py): the calls of a line, indexed part by part,
come in the order a walk of the whole tree gives; imports and constructed names as bound last."""

from __future__ import annotations

import ast

from torchreview.project.index import constructed_in, index_module

SOURCE = """import a; from b import c as d; x = f(g(h())); y = k()
@deco(m())
@other(
  n())
class A(Base(q()), metaclass=M(r())): z = s(t()); w = u()
class B:
    @dec(p())
    def f(self):
        try:
            import e1
        except E(o()) as ex:
            import e2; v = V(); v2 = Q(w())
        else:
            import e1 as e2
        finally:
            import fin
        match x:
            case 1:
                import mm
                while g(): pass
    if c: import e1
def z(): return f(g()), h(k(l()))
for i in f(g(h())): a(b())
"""


def _whole_file_calls(tree: ast.Module) -> dict[int, list[ast.Call]]:
    out: dict[int, list[ast.Call]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            out.setdefault(node.lineno, []).append(node)
    return out


def test_the_calls_of_each_line_come_in_the_order_of_a_walk_of_the_whole_file():
    tree = ast.parse(SOURCE)
    expected = _whole_file_calls(tree)
    lines = range(0, len(SOURCE.splitlines()) + 2)
    forward, backward = index_module("m.py", tree), index_module("m.py", tree)
    for line in lines:  # asked from the top, as the loops are, and from the bottom
        assert forward.calls_on(line) == expected.get(line, []), line
    for line in reversed(lines):
        assert backward.calls_on(line) == expected.get(line, []), line
    # the first line holds four statements, line 5 a class header and its body: walks of each part
    # alone would put g() before k(), and r() before s()
    assert [ast.unparse(c) for c in forward.calls_on(1)] == ["f(g(h()))", "k()", "g(h())", "h()"]
    assert [ast.unparse(c.func) for c in forward.calls_on(5)] == ["Base", "q", "M", "s", "u", "r", "t"]


def test_imports_loops_and_constructed_names_are_read_from_every_statement():
    tree = ast.parse(SOURCE)
    mod = index_module("m.py", tree)
    # the binding a walk of the whole file meets last wins: the except handler's `import e2` sits
    # deeper than the else branch's `import e1 as e2`
    assert mod.imports == {"a": ("a", 0, None), "d": ("b", 0, "c"), "e1": ("e1", 0, None),
                           "e2": ("e2", 0, None), "fin": ("fin", 0, None), "mm": ("mm", 0, None)}
    assert mod.loops == [(20, 20), (23, 23)]
    assert set(mod.functions) == {"B.f", "z"} and mod.classes == {"A", "B"}
    assert constructed_in(mod.functions["B.f"].node) == {"v": "V", "v2": "Q"}


def test_star_imports_are_kept_in_order_up_to_the_limit():
    from torchreview.project.index import MAX_STARS

    lines = "".join(f"from m{i} import *\n" for i in range(MAX_STARS + 2)) + "from .rel import *\nfrom x import y\n"
    mod = index_module("pkg/f.py", ast.parse(lines))
    assert mod.stars == [(f"m{i}", 0) for i in range(MAX_STARS)]
    assert "*" not in mod.imports and mod.imports["y"] == ("x", 0, "y")
    assert index_module("g.py", ast.parse("from .rel import *\n")).stars == [("rel", 1)]
