"""What the whole file tells us about names (:class:`ModuleFacts`) and the functions it defines."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import libcst as cst

from torchreview.cstwalk import walk
from torchreview.loops.names import (
    _MODEL_CTORS,
    _MODEL_NAME,
    _OPTIMIZER_CTORS,
    _OPTIMIZER_NAME,
    _OTHER_SCHEDULE,
    _SCALER_CTORS,
    _SCALER_NAME,
    _SCHEDULE_FREE,
    _SCHEDULE_SETTING,
    _SCHEDULER_CTORS,
    _SCHEDULER_NAME,
    KEYED_NETWORK,
    NETWORKS,
    dotted,
)

# a callee that builds an optimizer: torch.optim.Adam, build_optimizer, get_std_opt, create_optimizer
_OPTIMIZER_BUILT = re.compile(_OPTIMIZER_CTORS.pattern + r"|(?:^|[._])(?:build|get|create|make)_\w*opt\w*$")


@dataclass
class _FunctionInfo:
    node: cst.FunctionDef
    qualname: str
    class_name: str | None


class _LazyCode(Mapping[str, list[str]]):
    """name → source of every value assigned to it; the source text is generated on first use."""

    def __init__(self, code: Callable[[cst.CSTNode], str]) -> None:
        self._code_of = code
        self._nodes: dict[str, list[cst.BaseExpression]] = {}
        self._code: dict[str, list[str]] = {}

    def add(self, name: str, value: cst.BaseExpression) -> None:
        self._nodes.setdefault(name, []).append(value)
        self._code.pop(name, None)

    def __getitem__(self, name: str) -> list[str]:
        if name not in self._code:
            nodes = self._nodes[name]  # KeyError for unknown names, as a dict would
            self._code[name] = [self._code_of(n) for n in nodes]
        return self._code[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, name: object) -> bool:
        return name in self._nodes

    def nodes(self, name: str) -> list[cst.BaseExpression]:
        return self._nodes.get(name, [])


class ModuleFacts:
    """What the whole file tells us about names: which are optimizers, schedulers, scalers, models."""

    def __init__(self, module: cst.Module, code: Callable[[cst.CSTNode], str] | None = None) -> None:
        """``code(node)`` gives a node's source text, stripped (default: ``module.code_for_node``)."""
        self._code = code or (lambda node: module.code_for_node(node).strip())
        self.assigned: _LazyCode = _LazyCode(self._code)
        self.top_functions: dict[str, _FunctionInfo] = {}
        self.methods: dict[tuple[str, str], _FunctionInfo] = {}
        self.nested: dict[tuple[str, str], _FunctionInfo] = {}
        self.model_receivers: set[str] = set()
        self._collect(module)

    def _collect(self, module: cst.Module) -> None:
        facts = self

        class Collector(cst.CSTVisitor):
            def __init__(self) -> None:
                self.stack: list[tuple[str, str]] = []  # (kind, name)

            def visit_ClassDef(self, node: cst.ClassDef) -> None:
                self.stack.append(("class", node.name.value))

            def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
                self.stack.pop()

            def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
                name = node.name.value
                qual = ".".join([n for _, n in self.stack] + [name])
                if not self.stack:
                    facts.top_functions.setdefault(name, _FunctionInfo(node, qual, None))
                elif self.stack[-1][0] == "class":
                    cls = self.stack[-1][1]
                    facts.methods.setdefault((cls, name), _FunctionInfo(node, qual, cls))
                else:
                    parent = ".".join(n for _, n in self.stack)
                    owner = next((n for k, n in reversed(self.stack) if k == "class"), None)
                    facts.nested.setdefault((parent, name), _FunctionInfo(node, qual, owner))
                self.stack.append(("def", name))

            def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
                self.stack.pop()

            def visit_Assign(self, node: cst.Assign) -> None:
                for t in node.targets:
                    for name, value in _paired(t.target, node.value, facts._code):
                        facts.assigned.add(name, value)

            def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
                if node.value is not None:
                    for name in _target_names(node.target, facts._code):
                        facts.assigned.add(name, node.value)

            def visit_Call(self, node: cst.Call) -> None:
                func = node.func
                if isinstance(func, cst.Attribute) and func.attr.value in (
                    "parameters", "named_parameters", "train", "eval", "modules", "named_modules",
                ):
                    facts.model_receivers.add(facts._code(func.value))

        walk(module, Collector())

    def _ctor_matches(self, name: str, pattern: re.Pattern[str]) -> bool:
        for value in self.assigned.nodes(name):
            bare = value.attr if isinstance(value, cst.Attribute) else value
            if isinstance(bare, cst.Name) and _CLASS_NAME.fullmatch(bare.value):
                continue  # cla55 = torch.nn.RNNBase: the name holds the class; calling it builds one
            if isinstance(value, cst.Call):
                callee = dotted(value.func) or self._code(value.func).strip()
            else:
                callee = self._code(value).split("(", 1)[0].strip()
            if pattern.search(callee):
                return True
        return False

    def is_schedule_free(self, code: str) -> bool:
        """An optimizer such as ``AdamWScheduleFree``, built in this file or named ``*optim*``
        with a ``train()``/``eval()`` of its own."""
        return self._ctor_matches(code, _SCHEDULE_FREE) or "optim" in code.rsplit(".", 1)[-1].lower()

    def own_train_method(self, cls: str | None) -> bool:
        """Whether class ``cls`` of this file has a ``train`` method of its own that takes data, not a
        mode (a trainer's ``def train(self, loader)``): ``self.train(loader)`` there runs it, it switches no
        mode."""
        info = self.methods.get((cls, "train")) if cls else None
        if info is None:
            return False
        params = [p.name.value for p in info.node.params.params][1:]
        return bool(params) and params[0] not in ("mode", "training", "is_training", "flag", "train")

    def is_scheduler(self, code: str) -> bool:
        if self._ctor_matches(code, _SCHEDULE_FREE):
            return False
        tail = code.rsplit(".", 1)[-1]
        if _OTHER_SCHEDULE.search(tail):
            return False
        if _SCHEDULER_NAME.search(tail) and not _SCHEDULE_SETTING.search(tail):
            return True
        if _OPTIMIZER_NAME.search(tail) and self._ctor_matches(code, _BOTH_FACTORY):
            # optimizer, scheduler = self.get_optimizer_and_scheduler(...): each name says which one it is
            return False
        if _OPTIMIZER_NAME.search(tail) and self._ctor_matches(code, _OPTIMIZER_BUILT):
            # optimizer = build_optimizer(...) in one branch, a project's ReduceLROnPlateau(optimizer) wrapper
            # in another: the name and one build say optimizer, and its step() applies gradients
            return False
        if _OPTIMIZER_NAME.search(tail) and self._handed_back(code):
            # optimizer = lr_scheduler(optimizer, epoch): an old-style schedule function that sets the
            # learning rate in place and returns the optimizer it was given
            return False
        return self._ctor_matches(code, _SCHEDULER_CTORS)

    def _handed_back(self, code: str) -> bool:
        """Every value of ``code`` is a call that receives ``code`` itself (``opt = decay(opt, epoch)``)."""
        values = list(self.assigned.nodes(code))
        return bool(values) and all(
            isinstance(v, cst.Call) and any(self._code(a.value).strip() == code for a in v.args) for v in values)

    def is_pipeline_schedule(self, code: str) -> bool:
        """A ``torch.distributed.pipelining`` schedule (``ScheduleGPipe(stage, n, loss_fn)``): its
        ``step()`` runs the forward and backward passes of every micro-batch, it sets no learning rate."""
        return self._ctor_matches(code, _PIPELINE_SCHEDULE)

    def is_scaler(self, code: str) -> bool:
        tail = code.rsplit(".", 1)[-1]
        return bool(_SCALER_NAME.search(tail)) or self._ctor_matches(code, _SCALER_CTORS)

    def is_optimizer(self, code: str) -> bool:
        if self._ctor_matches(code, _SCHEDULE_FREE):
            return True
        if self.is_scheduler(code) or self.is_scaler(code):
            return False
        tail = code.rsplit(".", 1)[-1].split("[", 1)[0]
        return bool(_OPTIMIZER_NAME.search(tail)) or self._ctor_matches(code, _OPTIMIZER_CTORS)

    def is_model(self, code: str) -> bool:
        if not code or self.is_optimizer(code) or self.is_scheduler(code) or self.is_scaler(code):
            return False
        keyed = KEYED_NETWORK.match(code)
        if keyed:  # nets['rep'](images): a network picked by name from a dict of networks
            return bool(NETWORKS.fullmatch(keyed.group(1).rsplit(".", 1)[-1]))
        if "(" in code or "'" in code or '"' in code:
            return False  # the result of a call, as in skip_if("reason")(fn): a decorator, not a model
        tail = code.rsplit(".", 1)[-1]
        if "loss" in tail.lower() or "criterion" in tail.lower():
            return False
        if self._ctor_matches(code, _RECORD_TYPE):
            return False  # network_edge = namedtuple("network_edge", ...): calling it builds a record
        if _CLASS_NAME.fullmatch(code) and code not in self.assigned and code not in self.model_receivers:
            return False  # ModelNet40(partition="test"), ResNet(cfg): calling a class builds an object
        if _RUNS_A_MODEL.search(tail) and code not in self.assigned and code not in self.model_receivers:
            return False  # eval_net(net, loader), plot_model(...): a function that runs a network, not one
        if (_ABOUT_A_MODEL.search(tail) or _ACTS_ON_A_MODEL.search(tail) or _NOT_A_MODEL.search(tail)) \
                and code not in self.model_receivers:
            # model_info(model_id), model_name, model_path: facts about a model, not one;
            # is_persistent_model_modifier(f), get_model(cfg), r_max_from_model(m): helpers that take or
            # make one; a tokenizer or a processor built with from_pretrained: no network
            return False
        if self._ctor_matches(code, _NOT_A_MODEL_CTOR) and code not in self.model_receivers:
            return False  # tok = AutoTokenizer.from_pretrained(path): calling it tokenizes text
        return (
            code in self.model_receivers
            or (bool(_MODEL_NAME.search(tail)) and not _named_inside(tail))
            or self._ctor_matches(code, _MODEL_CTORS)
        )


def _named_inside(tail: str) -> bool:
    """A long snake_case name with the model word inside it (tfgan's
    ``frechet_classifier_distance_from_activations``) names a function about a model, not one; a
    model's own name has the word first or last (``text_encoder_v2``, ``encoder_q``)."""
    parts = tail.lower().split("_")
    if len(parts) < 4:
        return False
    return not any(_MODEL_NAME.search(p) for p in (parts[0], parts[-1], parts[-2]))


_ACTS_ON_A_MODEL = re.compile(
    r"^_*(?:is|has|get|make|build|create|load|save|init|setup|print|log|count|num|check|validate|update|set|"
    r"copy|clone|wrap|unwrap|freeze|unfreeze|convert|export|register|prepare|summari[sz]e|describe|cache|"
    r"download|fetch|store|push|upload|restore|reset|compile|quantize|move|send|instantiate|construct|"
    r"initiali[sz]e|deploy|serialize|deserialize|dump|persist|publish|select|find|resolve|lookup|list|override|"
    r"patch|enable|disable|toggle|ensure|assert|maybe)_|"
    r"_(?:from|of|for|to)_(?:the_)?model", re.IGNORECASE)
# pydantic's record methods (conversation.model_dump(), ToolCall.model_validate(d)) turn a data record
# into a dict or back; they run no network
# A function named for what it does with a network (milesial's Pytorch-UNet calls ``eval_net(net, loader)``
# mid-epoch); a variable of that name (``eval_model = copy.deepcopy(model)``) is assigned, or switched with
# .eval(), and stays a model. Not "train_", "test_" or "score_": a model under test or a score network
# (``score_model`` in diffusion code) is often a parameter of that name.
_RUNS_A_MODEL = re.compile(r"^_*(?:eval|evaluate|infer|predict|run|fit|plot|visuali[sz]e|show|inspect|"
                           r"analy[sz]e|benchmark|profile)_", re.IGNORECASE)
_NOT_A_MODEL = re.compile(r"tokeni[sz]er|processor|feature_extractor|vocab|^config$|^cfg$|"
                          # a Python generator of batches (val_loader = data_generator(path, ...)) or a random
                          # number generator, not the generator network of a GAN
                          r"(?:data|batch|sample|example|token|text|rng|random|seed|number)s?_?gen(?:erator)?s?$|"
                          r"^model_(?:dump|dump_json|validate|validate_json|validate_strings|copy|construct|"
                          r"json_schema|fields|fields_set|rebuild|post_init|computed_fields|extra|config)$",
                          re.IGNORECASE)
# what a tokenizer or a preprocessor is built with, whatever the name it is kept under
_NOT_A_MODEL_CTOR = re.compile(r"Tokeni[sz]er(?:Fast)?\b|(?:Image|Audio|Video)?Processor\b|FeatureExtractor\b|"
                               r"tiktoken\.get_encoding|SentencePieceProcessor")
_RECORD_TYPE = re.compile(r"(?:^|\.)(?:namedtuple|NamedTuple|make_dataclass|TypedDict|SimpleNamespace)$")
_CLASS_NAME = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")
# (also what is computed from one: tfgan's classifier_score_from_logits, a classifier_accuracy helper)
_ABOUT_A_MODEL = re.compile(r"_(?:score|scores|score_from_logits|from_logits|metric|metrics|accuracy|"
                            r"info|infos|name|names|path|paths|id|ids|dir|file|files|card|url|urls|type|"
                            r"types|kwargs|args|config|cfg|list|names?_or_path)$", re.IGNORECASE)


_PIPELINE_SCHEDULE = re.compile(r"(?:^|\.)(?:Schedule(?:GPipe|1F1B|Interleaved1F1B|LoopedBFS|InterleavedZeroBubble|"
                                r"ZBVZeroBubble|DualPipeV)|PipelineScheduleSingle|PipelineScheduleMulti)$")
# A helper that builds both at once (``get_optimizer_and_scheduler``, ``build_optim_and_sched``).
_BOTH_FACTORY = re.compile(r"optim\w*sched|sched\w*optim", re.IGNORECASE)


def _paired(target: cst.BaseExpression, value: cst.BaseExpression, code: object) -> list[tuple[str, cst.BaseExpression]]:
    """Each assigned name with its value: ``self.model, self.optimizer = model, optimizer`` pairs the parts;
    any other unpacking gives every name the whole value."""
    if isinstance(target, cst.Tuple | cst.List) and isinstance(value, cst.Tuple | cst.List) \
            and len(target.elements) == len(value.elements) \
            and not any(isinstance(e, cst.StarredElement) for e in (*target.elements, *value.elements)):
        return [pair for t, v in zip(target.elements, value.elements, strict=True)
                for pair in _paired(t.value, v.value, code)]
    return [(name, value) for name in _target_names(target, code)]


def _target_names(node: cst.BaseExpression, code: object) -> list[str]:
    if isinstance(node, cst.Name):
        return [node.value]  # no code generation for the common case
    if isinstance(node, cst.Attribute):
        return [dotted(node) or code(node)]  # type: ignore[operator]
    if isinstance(node, cst.Tuple | cst.List):
        out: list[str] = []
        for el in node.elements:
            out.extend(_target_names(el.value, code))
        return out
    return []
