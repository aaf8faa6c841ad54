"""How calls and names are recognised: name and constructor patterns, and small name helpers."""

from __future__ import annotations

import re

import libcst as cst

# "opt", "optim", "opt_g", "optimizerD"; not "Optional" (a type annotation), "options", "optimal"
# or "optuna", which share the first letters, nor the verb ("shardformer.optimize(model)", "optimized").
_VERB_AFTER_OPTIM = r"i[sz](?:e|es|ed|ing|ation)(?![a-z])"  # "optim" + "ize", "ized", "ization"
_OPTIMIZER_NAME = re.compile(rf"optim(?!al|{_VERB_AFTER_OPTIM})|(^|[._])opt($|[._0-9]|(?-i:[A-Z]))|"
                             rf"^opt(?!ion|imal|una|im{_VERB_AFTER_OPTIM})|opt_?[a-z]?$", re.IGNORECASE)
OPTIMIZE_VERB = re.compile(rf"optim{_VERB_AFTER_OPTIM}", re.IGNORECASE)
# the argument of ReduceLROnPlateau.step(metric): a loss or a score, never a closure
_METRIC_ARG = re.compile(r"(?:^|[_.\[\s\"'])(?:loss|losses|acc|accuracy|metric|metrics|score|f1|auc|ppl|perplexity|"
                         r"dice|iou|miou|psnr|error|err|bleu)(?:$|[_\]\s\"'])|^val|^valid|^test", re.IGNORECASE)
_SCHEDULER_NAME = re.compile(r"sched|lr_?decay|(^|[._])lr_|warmup|(^|_)sch(s|_|$)", re.IGNORECASE)
# a setting of the schedule, not the scheduler: warmup_steps, lr_decay_rate, scheduler_type
_SCHEDULE_SETTING = re.compile(r"_(?:steps?|epochs?|iters?|iterations|ratio|rate|factor|gamma|percent(?:age)?|"
                               # lengths counted in samples or tokens: EDM's lr_rampup_kimg = 10000
                               r"[km]?img|[km]?imgs|[km]?samples|[km]?tokens|duration|length|len|period|interval|"
                               r"proportion|frac(?:tion)?|size|type|name|config|cfg|kwargs|args|params|unit|mode|"
                               # what a schedule function hands back to print: lr_str = adjust_learning_rate(...)
                               r"str|string|text|msg|message|desc|info|log)$",
                               re.IGNORECASE)
# schedulers of something other than the learning rate: snorkel's batch_scheduler picks the next task's batch
# a schedule of something else than the learning rate: batches, jobs, or a diffusion model's noise levels
# (diffusers' noise_scheduler = DDPMScheduler(...), a beta_schedule)
_OTHER_SCHEDULE = re.compile(r"(?:batch|task|data|sample|sampling|job|noise|beta|betas|diffusion|sigma|timestep)_?sched",
                             re.IGNORECASE)
_SCALER_NAME = re.compile(r"scaler", re.IGNORECASE)
_MODEL_NAME = re.compile(
    # "actor" and "critic" as words ("actor", "target_actor", "targetActor", "critic_net"), not inside
    # "factorial", "refactor", "feature_extractor" (a preprocessor in Hugging Face code) or "logger.critical"
    r"model|net$|^net|network|encoder|decoder|generator|discriminator|(?:^|_)actor|(?-i:(?<=[a-z])Actor)|"
    r"critic(?!al)|policy|backbone|"
    r"classifier|^(net|netG|netD|G|D|Q|q_net|unet|vae|gan|ddp_model|module|transformer)$",
    re.IGNORECASE,
)
_OPTIMIZER_CTORS = re.compile(
    r"(^|\.)optim\.|Optimizer$|^(Adam|AdamW|SGD|RMSprop|Adagrad|Adadelta|Adamax|LBFGS|NAdam|RAdam|"
    r"Lamb|LAMB|Adafactor|Lion|FusedAdam|DeepSpeedCPUAdam|AdamW8bit|SparseAdam|ASGD|Rprop)$"
)
# (StepLR, CyclicLR, SWALR; "CLR" ends the names of contrastive networks: SimCLR, ResNetSimCLR, NNCLR)
# read on the callee's last name, or on its module path when the last name is a class: a method of a
# scheduler object (noise_scheduler.add_noise(...)) returns no scheduler
_SCHEDULER_CTORS = re.compile(r"(?:^|\.)(?:[^.]*(?:lr_scheduler|Scheduler|schedule|ReduceLROnPlateau|OneCycle|Warmup)[^.]*|"
                              r"[^.]*(?<!C)LR|(?:[^.]*(?:lr_scheduler|schedulers?)\.)+[A-Z]\w*)$")
_SCALER_CTORS = re.compile(r"GradScaler|ShardedGradScaler")
# Schedule-free optimizers (``schedulefree.AdamWScheduleFree``) carry "schedule" in their names but
# are optimizers: their step() applies gradients, and their train()/eval() switch the weights used.
_SCHEDULE_FREE = re.compile(r"ScheduleFree|schedulefree|schedule_free", re.IGNORECASE)
_MODEL_CTORS = re.compile(
    # torch.nn.functional, nn.init and nn.utils hold functions, not modules ("softmax = torch.nn.functional.softmax")
    r"(^|\.)nn\.(?!functional\b|init\b|utils\b)|Model$|Net$|DistributedDataParallel|DataParallel|FullyShardedDataParallel|^FSDP|"
    r"from_pretrained$|^torch\.compile$|Sequential|Module$"
)
MODEL_NAME, MODEL_CTORS = _MODEL_NAME, _MODEL_CTORS  # astscan.py mirrors is_model with them
# a dict of networks indexed by a literal name: nets['rep'], models["depth"], self.model['pose_network']
KEYED_NETWORK = re.compile(r"^([\w.]+)\[\s*['\"]\w+['\"]\s*\]$")
NETWORKS = re.compile(r"nets|models|networks|model|net", re.IGNORECASE)
SCALER_NAME, SCALER_CTORS = _SCALER_NAME, _SCALER_CTORS  # and is_scaler with these
_DTYPE_ARG = re.compile(r"^(torch\.)?(float|half|bfloat16|double|int|long|bool|uint8|float16|float32|"
                        r"float64|int64|int32|complex64|dtype)\b|dtype=|memory_format=")

# In-place updates that change a parameter by hand (manual SGD, momentum): applied to ``p.data`` or
# under ``torch.no_grad()``, with a gradient argument or a negative ``alpha`` (a descent step).
_MANUAL_UPDATES = {"add_", "sub_", "addcdiv_", "addcmul_"}
_GRAD_OWNER = re.compile(r"([A-Za-z_][\w.]*?)(?:\.data)?\.grad\b")


def updates_along_own_grad(target: str, value: str) -> bool:
    """``p.data = p.data - lr * p.grad``: the new value starts from the tensor itself and reads its own
    gradient (a hand-written step written as an assignment rather than ``-=``)."""
    owner = target.removesuffix(".data")
    text = value.replace(" ", "")
    return bool(re.match(rf"{re.escape(owner)}(?:\.data)?[-+]", text)) and any(
        m.group(1) == owner for m in _GRAD_OWNER.finditer(text))


def descends_along(target: str, value: str) -> bool:
    """Whether adding ``value`` (which reads a gradient) to ``target`` changes the tensor the gradient
    belongs to, or moves against a gradient: ``p.data += -lr * p.grad``, ``p.add_(p.grad, alpha=-lr)``.
    ``importance += p.grad ** 2`` sums gradients into another tensor (EWC, MAS): no weight changes."""
    if "-" in value:
        return True
    owner = target.removesuffix(".data")
    return any(m.group(1) == owner for m in _GRAD_OWNER.finditer(value))


_ZERO_GRAD_HELPERS = {"zero_grads", "zero_gradients", "clear_grads", "clear_gradients", "reset_grads"}
# A helper we cannot read whose name says it runs the backward pass (Megatron's forward_backward_func,
# ColossalAI's run_forward_backward_with_hybrid_plugin, a project's backward_step): the gradients are
# computed there. Hooks and switches (register_backward_hook, skip_backward) are not matched.
_RUNS_BACKWARD = re.compile(r"(?:^|_)forward_(?:and_)?backward(?:_|$)|^_*(?:run|do|compute|perform|execute)_backward"
                            r"(?:_|$)|^_*backward_(?:step|pass)(?:_|$)|"
                            # DARTS' architect.unrolled_backward(...), a scaled_backward(loss): a kind of
                            # backward pass (not a switch or a check of one: enable_backward, check_backward)
                            r"^_*(?!(?:check|test|register|enable|disable|skip|allow|has|is|no|supports?|with|"
                            r"without)_)[a-z]+_backward$|"
                            # a pipeline engine's whole batch (DeepSpeed's engine.train_batch(), nanotron's
                            # pipeline_engine.train_batch_iter()): forward and backward of every micro-batch
                            r"^train_batch(?:_iter)?$")
_CLIP_NAMES = {"clip_grad_norm_", "clip_grad_value_", "clip_grad_norm", "clip_grad_value",
               "clip_gradients", "clip_grad", "clip_gradient", "clip_gradient_norm", "clip_gradients_norm"}
_DEVICE_HELPERS = {"to_device", "move_to_device", "send_to_device", "move_to", "batch_to_device",
                   "recursive_to", "to_cuda", "move_to_cuda", "_to_device", "tensors_to_device",
                   "prepare_batch", "copy_to_device"}
# A library's context manager for evaluation ("with eval_mode(model):" in MONAI and others) turns
# gradients off together with the mode switch; its body lives in another package, out of sight.
# (A project's alias written in capitals counts too: ``NO_GRAD = torch.no_grad`` in a config module.)
_NO_GRAD = re.compile(r"(?i:no_?grad)|inference_mode|set_grad_enabled\(\s*False|"
                      r"(?:^|[\s.(@])_*(?:eval_mode|evaluating|evaluation_mode|inference_context)\s*\(")


def dotted(node: cst.BaseExpression) -> str:
    """``torch.nn.utils.clip_grad_norm_`` for an Attribute chain; '' if the chain is not simple."""
    parts: list[str] = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    if isinstance(node, cst.Name):
        parts.append(node.value)
        return ".".join(reversed(parts))
    return ""


def last_name(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Call):
        return last_name(node.func)
    if isinstance(node, cst.Subscript):
        return last_name(node.value)
    return ""


def is_no_grad_context(code: str) -> bool:
    return bool(_NO_GRAD.search(code))


_LOSS_CALL = re.compile(r"loss|criterion|^crit$", re.IGNORECASE)
# model.siamese_forward(a, b), model.forward_features(x): a forward pass by another name
# (forward_backward(...) and forward_and_backward_step(...) run the backward pass too: _RUNS_BACKWARD)
_NAMED_FORWARD = re.compile(r"^(?:forward_(?!(?:and_)?backward)[a-z]\w*|[a-z]\w*_forward)$")
NAMED_FORWARD = _NAMED_FORWARD  # astscan.py mirrors the forward event with it
LOSS_CALL = _LOSS_CALL  # astscan.py mirrors the loss event with it
