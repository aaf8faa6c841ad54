"""The weighted cues that mark a purpose, and the patterns for training effects, mechanism openings
and placeholder titles."""

from __future__ import annotations

import re

from torchreview.description.east_asian import STRONG_REASON_WORDS
from torchreview.prtext.sentences import TRAILER_NAMES

# --- cues -----------------------------------------------------------------------------------------
# Each entry: (weight, pattern). Patterns run on lower-cased text where code spans became "code",
# links "link" and mentions "someone". No nested repetition, so matching stays linear.

# "an error in the loss computation", "errors in the code", "a small error in the docs": a mistake in the code or
# the text, not an error anyone saw
_WRITTEN_PLACE = (r"(?:(?:computation|calculation|formula|equation|implementation|logic|math|derivation|docs?|documentation|"
                  r"docstring|readme|comment|wording|tutorial|code|codes|script|file|notebook)s?\b|"
                  # a named piece of code ending the sentence: "fix error in accum_grad", "fix error in dcn-mix" is
                  # a mistake in that code, as "fix bug in X" is ("the error in training with fp16" is what the
                  # user met)
                  r"`?[a-z0-9]+[_-][\w-]*`?\W*$)")
# "so this is an isolated refresh", "so it is just a rename": what kind of change it is, not what it gives
_KIND_OF_CHANGE = r"(?:an?|just|only|purely|simply|mostly|merely|basically|essentially) "
# "to" after a verb of moving names where to, not what for; after "the user has", a duty the change puts on
# its users ("The user has to ensure that the config names the inputs"), not a goal
_NOT_A_DESTINATION = "".join(rf"(?<!\b{words} )" for words in [
    *"move moved moves moving switch switched switches switching migrate migrated migrates migrating port ported "
     "porting transition transitioned transitioning".split(),
    # "argmax and argmin are similar to reduce": a likeness to an op, not an aim
    *"similar equivalent identical analogous compared related corresponding".split(),
    "user has", "users have", "you have", "one has", "caller has", "callers have"])
_GOAL_VERBS = (
    r"avoid|prevent|fix|solve|support|ensure|make sure|reduce|improve|speed up|"
    # ("add a Task class to handle the training of ASR models" names the class's job)
    r"handle(?! (?:the )?(?:training|loading|saving|inference|evaluation|logging|parsing)\b)|"
    # ("Update Onnxifi to match this" follows the change itself)
    r"match(?! (?:this|these|it)\b| that\W*$)|keep(?! track)|"
    r"let|help|un-?block|resolve|address|work around|get rid of|silence|suppress|lower|increase|"
    # "to ignore the grid_sample warning", "rename to distinguish it from HostMeshAgent"
    r"ignore(?= (?:the |a |an |any |some )?(?:[\w.-]+ ){0,3}warnings?\b)|distinguish|disambiguate|"
    r"decrease|cut(?! (?:&|and) paste)|guarantee|detect|catch|mitigate|preserve|restore|maintain|align|comply|"
    r"be consistent|make it|"
    # "to make the instructions a little more general", "to make CI green": the state the change aims at
    # ("to make Moonlight-16B (DeepSeek-V3 MoE) work with ZeRO-2": an aside in brackets after the name)
    r"make (?:[\w.`'-]+ ){1,4}?(?:\([^()]{1,40}\) )?(?:(?:a (?:bit|little) |much |even )?(?:more|less) [a-z]{3,}|faster|"
    r"easier|simpler|"
    r"cleaner|clearer|smaller|safer|better|lighter|quicker|shorter|green|pass|work|possible)\b|"
    # ("refactored the data module to account for this change" follows the PR's own change)
    # ("Add a PR on the examples side to reflect these changes" follows the PR's own change)
    r"simplify|clarify|reflect(?! (?:this|these|those|the|my|our) (?:changes?|updates?|refactor(?:ing)?)\b)|"
    r"account for(?! (?:this|these) (?:changes?|updates?|refactor(?:ing)?)\b)|accommodate|unify|remove the need|"
    r"free up|accelerate|minimi[sz]e|maximi[sz]e|boost|protect|satisfy|meet|unbreak|recover|eliminate|"
    r"bypass|speedup|optimi[sz]e|be able|be compatible|work with|work when|run faster|give users|"
    r"facilitate|reproduce|replicate|decouple|more easily|avoid having|not break|no longer|save (?:memory|time|compute|space)|"
    r"halve|double|triple|shrink|stop|"
    # "… with their headless variant, to remove dependency on Qt/X11 libs": fewer things to install
    r"(?:remove|drop|cut) (?:the |a |an |any |our |its |their |this )?(?:[\w-]+ )?dependenc(?:y|ies) on|"
    # "to fit on one GPU" is a goal; "to fit a regression model" is what the code does
    r"fit(?! (?:a|an|the|this|our|each|one|your) (?:[\w-]+ ){0,3}?(?:models?|regressors?|classifiers?|estimators?|"
    r"networks?|tokenizers?|scalers?|transforms?|pipelines?|gmms?|kmeans|clusters?)\b)|"
    r"shorten|limit|cap|harden|dedupe|deduplicate|future-proof|tighten|"
    r"loosen|relax|declutter|standardi[sz]e|generali[sz]e|stabili[sz]e|quiet|ease|enhance|overcome|"
    # "move eos out of the stop list to honor the ignore_eos option": so that a setting takes effect
    r"honou?r|respect|obey|dodge|sidestep|steer clear of"
)

# A step towards an issue number only points to the issue ("first step towards #12", "a step towards
# implementing #333"); "a step towards supporting more languages" names the goal.
_TOWARD_AN_ISSUE = r"(?:(?:implementing|fixing|resolving|addressing|closing|solving) )?(?:link\b|issue\b|#|gh-)"

_CUES: tuple[tuple[float, re.Pattern[str]], ...] = tuple(
    (w, re.compile(p)) for w, p in (
        # goal
        (1.0, r"\bso that\b|\bso we can\b|\bso (?:users|people|you|it|they|the \w+|that|this|we|one|callers|others|other people|everyone|"
              r"someone|anyone|somebody|anybody)"
              r" (?:can|could|will|won't|don't|do not|no longer|never|always|get|see|are|is)\b"
              # "so this is an isolated dependency refresh": what kind of change it is, not what it gives
              r"(?<!\bthis is)(?<!\bit is)|\bso (?:this|it) is\b(?! " + _KIND_OF_CHANGE + r")|"
              # "one of the points was outside the bbox so I had to extend the boundary": what came before
              # "so I had to" is what made the change necessary ("so we need to check it" asks for a review)
              r"\bso (?:i|we) (?:had|have|needed) to (?!check|review|test|verify|discuss|ask|wait|decide|see)\w|"
              # "added a new op to hint segmentation, this is to target debug usage" ("this is to implement X"
              # names the change again)
              r"\b(?:this|it) is (?:meant |intended )?to (?!(?:implement|add|fix|update|remove|change|move|rename|"
              r"refactor|make|be|do|say|note|let|inform|test|check)\b)[a-z]{3,}|"
              # "a wrapper for the dataset, which we can use for implementing an example task": what the authors
              # will do with it
              r"\b(?:which|that) (?:we|i) (?:can|could|will be able to) (?:then )?(?:use|reuse|leverage) (?:it |them )?"
              r"(?:for|to|in|when)\b|"
              # "to give us a better idea of where we spend time"
              r"\bto give (?:us|users|you|people|them|developers|readers|the user) (?:a |an )?(?:better|clearer|"
              r"more|quick|quicker|full|fuller|some) |"
              # "so configs stay familiar", "so the loss matches the paper"
              r"\bso (?:the |our |their |your |that )?\w+ (?:stay|stays|remain|remains|keep|keeps|work|works|"
              r"match|matches|behave|behaves|survive|survives|line up|lines up)\b|"
              # "so `batches_yielded`, the sampler RNG and the epoch position survive resumes": a subject of a
              # few words, or a list of them
              r"\bso (?:the |our |their |your )?[\w`'.-]+(?: ?,? (?!so\b)[\w`'.-]+){1,8}? (?:stay|remain|keep|survive|"
              r"line up|match|behave) (?:the same|in sync|intact|consistent|across|after|over|through|when|"
              r"resumes?|restarts?|checkpoints?|reloads?|aligned)\b|"
              # "so all eos tokens are treated the same", "so every rank is ready before step 0"
              r"\bso (?:all|every|each|both|no) (?:\w+ ){0,3}(?:are|is|can|will|get|gets|stay|stays|work|works|"
              r"match|matches)\b|"
              # "… so discrete action spaces > 2 can also be used with SB3": what the change lets be used
              r"\bso (?:[^\s,.;]+ ){1,6}?can (?:also |now |then )?be used\b|"
              # "X is such a common approach so I have added it": the clause before "so" is the reason (a sentence
              # that opens with "So I added" is judged with the sentence before it, in judging.py)
              r"(?<=\w )so (?:i|we) (?:have |'ve )?(?:added|implemented|introduced)\b|"
              # "so maintainers can rerun the benchmark", "so non-verifiable prompts can be scored": any group of
              # people or things that then can
              r"\bso (?:the |our |their |your |all )?(?:[a-z-]+ ){0,2}?[a-z]{3,}s (?:can|could|will|won't|"
              r"no longer|never|don't|do not)\b"),
        # "Adding a Dockerfile, mainly to run the cifar experiments"; "make training possible from the command
        # line": what the change is for, or what it makes possible
        (0.9, r"\b(?:mainly|mostly|primarily|chiefly|especially|specifically) to (?!clean|tidy|refactor|reformat|rename|"
              r"move|reorgani[sz]e|restructure|update|add|remove|change)[a-z]{2,}\b|"
              # the effect the author expects: "these additions will enhance our OCR for this language"
              r"\b(?:this|these|it|which|that|the change|the changes|the additions?) (?:[\w-]+ ){0,2}?(?:will|should|would) "
              r"(?:greatly |significantly |also |further )?(?:enhance|improve|boost|increase|reduce|lower|speed up|"
              r"simplify|help|benefit|ease)\b|"
              # what the parts of the change make possible together: "Together these additions enable training
              # air quality forecasting models", "the changes enable training long sequences on one GPU"
              r"\b(?:these|the|those) (?:changes|additions|modifications|updates|features|fixes) (?:together )?(?:now )?"
              r"(?:enable|allow|let|make it possible)\b|"
              # a result clause after a comma: "…support for Balochi, enhancing its text recognition"
              r", (?:thus |thereby |hence )?(?:enhancing|improving|boosting|increasing|reducing|lowering|speeding up|"
              r"simplifying|easing)\b|"
              # the use it is meant for: "model prefetching for offline and air-gapped use"
              r"\bfor (?:(?!to\b|that\b|which\b|who\b)[\w-]+ (?:and |or )?){1,3}use\b(?! of\b)|"
              r"\bmak(?:e|es|ing) (?:[\w/.`'-]+ ){1,3}(?:is |are )?possible\b"),
        (1.0, r"\bin order (?:to|for)\b|\bwith the goal of\b|\bthe (?:main |primary |overall |real )?(?:goal|purpose|"
              r"aim|intent|intention) (?:of this|is|was|here)\b|"
              # "Idea is eventually having everything in pytorch and migrate from keras."
              r"^(?:the )?(?:idea|plan|long-term goal|end goal) (?:here )?is (?:to |that |eventually |ultimately )|"
              r"\baims? to\b|\bintended to\b|\bmeant to\b|\bas a (?:way|means) (?:of|to)\b|"
              # "such that we allow loading …" is "so that"
              r"\b(?:such that|s\.t\.) (?:we|users?|you|it|they|one|people|the \w+|this|these) (?:\w+ )?(?:can|could|will|allow|"
              r"get|do|don't|no longer|never|always|are|is|stay|keep|work|match)\b"),
        # "move to accelerate launch", "switch to support branch": "to" after a verb of moving names where to,
        # not what for
        (0.9, _NOT_A_DESTINATION + r"\bto (?:also |now |still |further |then )?(?:" + _GOAL_VERBS + r")\b|"
              # what the change gives, said as a comparison: "makes the loss weighting more flexible", "the new
              # function carries out more comprehensive evaluation" ("Add more comprehensive tests" names the change)
              r"\b(?:makes?|made|making|is|are|becomes?|seems?|looks?|carries out|carry out|allows?|allowing) (?:[\w.`'-]+ ){0,6}?more (?:comprehensive|"
              r"accurate|reliable|complete|flexible|readable|consistent|precise|correct|intuitive|informative)\b|"
              # the outcome on its own: "Able to start training with the 13B model."
              r"^(?:now |we are now |we're now |it is now )?able to\b|\bfor future[- ](?:insurance|proofing|safety)\b|"
              # work done side by side to save time: "to run dataset processing in parallel"
              r"\bto (?:run|process|load|execute|compute|do|handle) (?:[\w`-]+ ){0,4}in parallel\b"),
        # "Fix checkpoint loading when it is a dictionary", "fix step and epoch when resuming training": a fix
        # that names the situation in which the code goes wrong tells the problem ("Fix X for Y" names a scope).
        # What is fixed must be named: "Fix a bug in bytetrack when running demo" and "Fixed a typo when
        # loading kernels" say where, not what went wrong.
        (0.8, r"^\W*(?:\[[^\]]*\]\s*)*(?:\w+(?:\([\w-]*\))?:\s*)?(?:bug ?fix(?:es|ed)?|fix(?:es|ed|ing)?) "
              r"(?!(?:[\w.`'-]+ ){0,3}?(?:bugs?|typos?)\b(?!:)|(?:(?:a|an|the|some|this|that|these|an? other|few|"
              r"several|minor|small|potential|possible) )*(?:issues?|problems?)\b(?!:))"
              r"(?:[\w.`'=/<>+-]+:? ){0,6}?(?:when|whenever|while|if) \w+(?: [\w-]+)+"),
        # the same goals and symptoms in Chinese, Japanese and Korean (east_asian.py lists them)
        (1.0, STRONG_REASON_WORDS),
        # "to allow / enable / permit X" names what the change is for, as "to support X" does.
        (0.9, r"\bto (?:allow|enable|permit|unlock)\b|"
              # what it makes possible: "This lets us use our current alloc implementations directly"
              r"\b(?:this|which|that|it) (?:lets|allows|enables) (?:us|users|you|people|one|callers)\b|"
              # an aim put in brackets after a change: "added JSON manifests as input (to transcribe datasets for
              # analysis)"; "(to be done)", "(to reproduce: …)" are notes on the PR
              r"\((?:in order |so as )?to (?!(?:be|do|reproduce|review|see|test|verify|check|run|try)\b)[a-z]{3,}\b|"
              # "which allows for pytorch 2.0", "this allows for passing quantization through operations"
              r"\b(?:which|that|this|it) (?:now )?(?:allows?|enables?|permits?) for\b|"
              # "Some fixes that allow building dist wheels", as "to allow building" does
              r"\b(?:that|which) (?:allow|allows|enable|enables|permit|permits) (?:the )?(?!(?:some|no|any|every)?thing\b|strings?\b)[a-z]{3,}ing\b|"
              # a quality aimed at: "update SAC baseline to have deterministic training runs", "to get better performance"
              r"\bto (?:have|get|produce|give|yield|obtain|achieve) (?:a |an |the )?(?:more |much )?(?:deterministic|"
              r"reproducible|consistent|stable|correct|accurate|identical|better|faster|cleaner|smaller|lower|higher)\b|"
              # what did not work before: "added i18n for the webui translations to actually work"
              r"\bto (?:actually|really|finally) (?:work|run|function|load)\b|"
              # a change outside that forces this one: "The update to picai_prep>=2.0.1 requires a change in the
              # preprocessing script"
              r"\b(?:update|upgrade|bump|migration|new release|new version) (?:to|of) (?:[\w.<>=-]+ ){1,3}?"
              r"(?:requires?|required|needs?|needed|breaks?|broke)\b|"
              # what the change secures, told after it: "training in Docker, ensuring reproducibility"
              r", (?:thus |thereby |hence )?(?:ensuring|guaranteeing)\b|"
              # what follows from the change, told after it: "Doing so shows the user what X does", "This way,
              # anyone can run a quick check"
              r"^(?:this way|that way|in this way|doing so|by doing (?:so|this|that)),? (?!(?:i|we|of)\b)|"
              # who will use it: "a kernel interface for use in xformers", "tokenizers to be used along with the
              # text models"
              r"\bfor (?:later |future |internal |external |direct )?(?:use|usage) (?:in|by|with|within)\b|\bto be used (?:along with|with|by|in)\b|"
              # "to TritonBench, where shapes can be used by custom benchmarks" ("Models can be used by specifying
              # them as …" tells how to use them)
              r"\b(?:can|could|will) (?:then |now |also )?be (?:re)?used (?:by(?! [a-z]+ing\b)|in)\b|"
              # what people can do once it lands: "you should now be able to run a nanotron model with",
              # "Now, users would be able to convert …"
              r"\b(?:you|users?|the user|we|one|people|developers) (?:should |would |will )?now be able to\b|"
              r"\bnow,? (?:the )?(?:you|users?|we|one|people|developers) (?:should|would|will) be able to\b|\b(?:which|this|that) makes (?:it|them|this|the \w+) "
              r"(?:\w+ )?(?:adaptable|possible|easier|faster|safer|simpler|usable|compatible|work|robust)\b|"
              # "Makes it trivial to install the examples", "facilitates the usage of config files"
              r"^makes (?:it|them) (?:\w+ )?(?:trivial|easy|easier|simple|simpler|possible) to\b|"
              r"\bfacilitat(?:es|ed|ing)\b|\b(?:should|will|would|to|can|could|may|might|helps?(?: to)?) facilitate\b|"
              # "Now it is easy to verify the LR schedule in wandb", "which makes it easy to swap the backbone", "which
              # will make it easy to convert the onnx model"
              r"\bnow (?:it is|it's|it becomes|becomes) (?:\w+ )?(?:trivial|easy|easier|simple|simpler|possible|"
              r"straightforward) to\b|\b(?:this|which|that|it) (?:makes|(?:will|would|should) make) (?:it|them) "
              r"(?:\w+ )?(?:trivial|easy|straightforward) to\b|"
              r"\bwhich makes it\b|\bas (?:in|described in|proposed in|done in|used in|mentioned in|suggested in) the "
              r"(?:original )?(?:[\w.-]+ )?paper\b|"
              r"\bfollowing the paper\b|\b(?:match|matches|follow|follows) the (?:original )?paper\b|"
              # "In <link> article the generator loss is just …", "according to the paper"
              # ("the loader for the EngRad dataset, presented in the paper X" names where it comes from)
              r"(?<!presented )(?<!published )(?<!introduced )(?<!proposed )(?<!described )"
              r"\b(?:according to|per|in|with respect to|in line with|consistent with) (?:the |this |that |link )?"
              r"(?:original |cited )?(?:paper|article)\b|"
              # "According to the requirement matrix, GPU use needs onnxruntime-gpu": what the docs ask for
              r"^according to (?:the )?(?:official )?(?:requirements?|docs?|documentation|documents?|guides?|"
              r"spec|specs|specification)\b|"
              # "an option to load the checkpoint for resume training": resuming is what the option is for
              r"\bfor (?:resum(?:e|ing)|continu(?:e|ing)) (?:the )?(?:training|a run|runs|from)\b"),
        # a participle clause giving the effect: "…, enabling several bf16 models to run successfully";
        # "…, allowing to set the rate" restates the new option and does not count
        (0.9, r", (?:enabling|allowing|permitting) [^,.;]{0,80}? to (?!(?:set|specify|configure|choose|select|"
              r"pick|use|pass|provide|define|control|toggle|switch|turn|enable|disable|skip|add|override|"
              r"adjust|tune|change)\b)[a-z]+"),
        # an outcome stated as the new state: "training results are reproducible"
        (0.9, r"\b(?:is|are|becomes?|became) (?:now |fully |exactly |bitwise )?(?:reproducible|deterministic)\b|"
              # "fix random seed allowing result more reproducible"
              r"\bmore (?:reproducible|deterministic)\b|"
              # "Setting the seed will make the execution of `learn()` deterministic."
              r"\b(?:will|would|should|to|which|that|this|it) makes? (?:[\w.-]+ ){0,6}?(?:deterministic|reproducible)\b|"
              # what the new piece is for, later: "This can later be used by callbacks to end training early"
              r"\bcan (?:later|then|in the future|eventually) be used\b|"
              # "this PR can help newcomers to know how to use X": what it is for, for whom
              r"\b(?:can|will|would|should|may|might|could) help (?:\w+ ){1,3}?(?:to )?(?:know|understand|learn|use|"
              r"find|get started|avoid|debug|reproduce|see|spot|catch|write|run|train)\b|"
              # "Make the loss actually decrease": it did not before
              r"\b(?:make|makes|making|made) (?:the |it |this |that |them )?(?:[\w-]+ ){0,2}?actually "
              r"(?:work|works|decrease|decreases|train|trains|converge|converges|run|runs|load|loads|save|saves|"
              r"learn|learns|use|uses|apply|applies|do|does|improve|improves|update|updates|change|changes)\b"),
        # "bump transformers to the min reqd for llama 3.1": "reqd", "req'd" are "required" in short
        # "Need the ability to resume training": a title that says what the project lacks
        (1.0, r"^(?:we |i |users? )?(?:need|needs|needed|want|wants|would like) (?:the ability|a way|an option|"
              r"the option|support|a means) to\b|"
              # ("the two files needed for decoder training", "the requirements.txt needed for UNETR" name which
              # files, not why they change)
              r"(?<!\bfiles )(?<!\bfile )(?<!\brequirements )(?<!\brequirements.txt )(?<!\bdependencies )"
              r"(?<!\bpackages )(?<!\blibraries )(?<!\bmodules )(?<!\bscripts )"
              r"\b(?:needed|required|req'?d|necessary|useful|helpful|important|essential|a prerequisite) "
              r"(?:also |especially |particularly )?(?:for|by|to|in|so|when|because|during|while)\b|"
              r"\b(?:useful|helpful|handy) if (?:you|one|users?|we)\b|"
              # "the inference service which is depended upon by the finetuning example"
              r"\bdepended (?:up)?on by\b|\b(?:is|are|was) (?:needed|required|necessary)\b|"
              # a benefit told in a clause: "this simplifies the code, which is nice for keeping things readable"
              r"\bwhich (?:is|was) (?:really |very |also )?(?:nice|good|great) for\b|"
              # "Good for user testing and sanity checking" ("good for now" is how far the PR has got)
              r"^(?:(?:this|it) is |(?:this|it)'s )?(?:(?:very|really|quite|also) )?(?:good|great|handy|nice) for "
              r"(?!now\b|me\b|the (?:moment|time being)\b)|"
              # "combining it with SAM2 needs a higher diffusers version"
              r"\b(?:needs?|requires?|required) (?:a |the )?(?:higher|newer|later|more recent|recent|minimum) (?:[\w.-]+ )?"
              r"(?:versions?|releases?)\b"),
        # a trouble told by what fails: "torch-geometric has problems installing torch", "had trouble loading"
        (1.0, r"\b(?:has|have|had|is having|are having|was having|were having) (?:a |some |many |several |serious )?"
              r"(?:problems?|issues?|trouble|troubles|difficult(?:y|ies)) (?:(?:with|when|while|in) )?"
              r"(?:automatically |correctly |properly )?(?!(?:no|some|any|every)thing\b|regarding\b|concerning\b|including\b|according\b|pending\b|remaining\b|following\b|during\b)[a-z]{2,}ing\b"),
        # a reason given as a circumstance: "given that X is unblocked, …", "now that PyTorch 2 is out, …"
        (1.0, r"\bgiven (?:that|the fact)\b|\bnow that\b|\bseeing (?:as|that)\b|\bin light of\b|"
              # "Considering the small size of the data, we do not process it": the circumstance first, then the
              # choice it leads to ("Considering adding X later" is a plan, not a circumstance)
              r"^considering (?:that |the |how |its |their |this |these |our )[^,]{3,100}, "),
        # common practice: "warm-up is used quite often for …", "X is standard practice"
        (0.85, r"\b(?:is|are) (?:\w+ )?(?:used|adopted|applied) (?:quite |very |pretty |fairly |so )?(?:often|"
               r"commonly|widely|frequently|a lot|everywhere)\b|\b(?:is|are) (?:quite |very |now )?(?:commonly|"
               r"widely|frequently|often|routinely) (?:used|adopted|applied)\b|\b(?:is|are) (?:a |the )?(?:common|"
               r"standard|usual|recommended|widespread) (?:practice|technique|approach|trick|way|choice)\b"),
        # a comparative aim: "for faster training", "for more fine-grained compilation"
        # "vLLM for fast generation", "for efficient inference", "for fast, low-memory inference"; "for cases where
        # the metadata is wrong"
        (0.85, r"\bfor (?:(?:fast|efficient|quick|stable|reliable|robust|accurate|memory-efficient|low-memory),? "
               r"(?:and )?)?"
               r"(?:fast|efficient|quick|stable|reliable|robust|accurate|reproducible|memory-efficient|low-memory) "
               r"(?!mode\b|modes\b|path\b|option\b|diffusion\b|baselines?\b|video\b|audio\b|cascade\b|dreamfusion\b|"
               r"zero123\b)\w+|\b(?:for|in) (?:the )?(?:cases?|situations?) (?:where|when|in which)\b"),
        # "for finetuning purposes", "to easily create conda envs", "to properly handle padding": what it is for
        (0.9, r"\bfor (?:[\w-]+ ){1,3}?purposes?\b|\bto (?:more )?(?:easily|quickly|properly|correctly|reliably|"
              r"safely|efficiently|conveniently|seamlessly) [a-z]+"),
        # "run the demo without the hassle of setting it up locally"
        (0.9, r"\bwithout (?:the |any )?(?:hassle|need|trouble|pain|burden|overhead|cost|risk) (?:of|to|for)\b"),
        (0.85, r"\bfor (?:an? )?(?:better|easy|easier|faster|cleaner|simpler|finer|quicker|cheaper|safer|smoother|lower|higher|"
               r"greater|improved|increased|reduced|fewer) \w+|\bfor (?:more|less) (?!recent\b)(?:\w+-)?\w+(?:ed|ful|"
               r"able|ible|ic|al|ive|ent|ant|ous)\b"),
        # what ought not to happen, which does today: "evaluation should not be computed with gradients",
        # "the scaling should only occur when …". "The state should be saved in the checkpoint" says what
        # the change does, and notes on the PR ("should not break anything") are not reasons.
        (0.8, r"\b(?:should|must)(?:n't| not| never| only) (?!(?:i|we|you|it|this)\b|(?:be )?(?:break|affect|"
              r"change|matter|conflict|pass|fail|be (?:a problem|an issue|needed|merged)))\w+"),
        # something was wrong that can be put right: "this can be corrected by wrapping …"
        (0.9, r"\b(?:can|could) be (?:corrected|fixed|solved|avoided|prevented|resolved|mitigated)\b"),
        # stop 41, real bodies: an effect the change should have ("should improve embedding quality"), what
        # the old code broke ("interprets it as constant, breaking dynamic shape export"), a reason joined by
        # "since" and a verb in the present ("since quantization bits belong to the model config"), an aim
        # to be more of something ("to be more general"), future-proofing, and a paper's section as the source
        (1.0, r"\b(?:should|will|would|could|might|may) (?:also |further |greatly |significantly |slightly )?improve\b|"
              # (a template's "No breaking API changes" and "not a breaking change" say how far the change reaches)
              r"(?<!non-)(?<!non )(?<!\bno )(?<!\bnot a )(?<!\bnot )\bbreaking "
              r"(?!(?:[\w-]+ ){0,2}changes?\b|news\b|points?\b|the (?:pr|change)\b)(?:the |a |an |all |any |some )?[a-z]|"
              # ("since v2 the loader is in core", "since the last release" tell when, not why)
              r"\bsince (?!v?\d|version\b|release\b|then\b|last\b|the (?:last|latest|release|beginning|start|move)\b)"
              r"(?:the |a |an |some |all |this |that |these |those |our |its |their |most |many |no |not all )?"
              r"(?:[\w.<>=~!-]+ ){0,4}?(?:is|are|isn't|aren't|does|do|doesn't|don't|can|cannot|can't|will|won't|may|might|must|"
              r"should|belongs?|needs?|wants?|expects?|requires?|depends?|relies|rely|uses?|returns?|lacks?|supports?|"
              r"only (?:works?|supports?|accepts?))\b(?! (?:been|available since)\b)|"
              r"\bto be (?:a bit |a little |much |slightly |even |somewhat )?more (?!than\b)[a-z]{4,}|"
              r"\bfuture[- ]?proof\w*|"
              r"\b(?:section|sec\.?|appendix|eq\.?|equation) \d[\w.]* (?:of|in) (?:the )?(?:paper|link|article)\b|"
              # an outside change as the trigger ("With release of 0.2.0 we can bump", "the structure of
              # env.reset() has changed."), trouble met in a situation ("found some issues whilst training")
              # a goal with its means: "Enable use of CUDA inside the container by basing it off nvidia/cuda"
              r"^(?:enables?|allows?|permits?|lets?|helps?|avoids?|prevents?|reduces?|speeds? up|improves?) [^.]{3,100}? "
              r"by (?:[a-z]+ing)\b|"
              r"\bwith (?:the )?(?:new |latest |recent )?release of\b|\bto provide (?:[\w-]+ ){0,2}support\b|"
              # what the old code made happen, and what it cost: "An empty last batch makes BatchNorm raise",
              # "Importing wandb at module level adds two seconds to every call"
              r"\b(?:makes?|making|made|causes?|causing|caused) (?:[\w.`-]+ ){0,3}?(?:to )?(?:raise|crash|fail|hang|error out|"
              r"break|diverge|explode|freeze)\b|"
              r"\badds? (?:about |around |roughly |~)?(?:\d+(?:\.\d+)?|one|two|three|four|five|ten|several) ?"
              r"(?:ms|milliseconds?|s|secs?|seconds?|minutes?|hours?|gb|mb|gib|mib)\b(?! of (?:warm-?up|timeout|delay|patience))|"
              # who cannot run it, and results that change from run to run: "Not everyone has a GPU",
              # "Results are different each run even with the same seed"
              r"\bnot (?:every(?:one|body)|all (?:users|people|of us)) (?:has|have|can|uses?|owns?)\b|"
              r"\beven with (?:the |a )?(?:same|fixed) (?:random )?seeds?\b|\b(?:results|outputs|metrics|scores|numbers|"
              r"accuracy|losse?s?) (?:is|are) different (?:in |on |for )?(?:each|every|between|across) (?:runs?|times?)\b|"
              # what the code does today, told as a fault: "On Metal devices the current demo forces CPU binding"
              r"\bcurrent (?:[\w-]+ ){0,3}?(?:forces|ignores|breaks|fails|crashes|hangs|never|always|does not|doesn't|"
              r"cannot|can't|only works|only supports|(?:seems? to |appears? to )?(?:have|has) (?:some )?(?:issues|problems|bugs))\b|"
              # what the code did against what was expected ("uses a backslash when a forward slash is expected")
              # ("Skips the check when no target is expected" is what the new code does)
              r"\b(?:but|while|whereas) (?:an? |the )?(?:[\w./-]+ ){0,3}?(?:is|are|was|were) expected\b|"
              # what it says against what it should say: "starts with 'If True …', whereas it should be saying …"
              r"\bwhereas (?:\w+ ){0,2}?should (?:actually )?(?:be|say|read|return|give|show|have)\b|"
              r"\b(?:uses?|used|returns?|returned|gives|gave|produces?|produced|outputs?|yields?|writes?|wrote|reads?|"
              r"sends?|sent|passes|passed|creates?|created) [^.]{1,80}? when (?:an? |the )?(?:[\w./-]+ ){0,3}?"
              r"(?:is|are|was|were) expected\b|"
              # ("only the README has changed" tells the PR's own scope)
              r"^(?!.*\bonly (?:the )?[\w.`/-]+ (?:files? )?(?:has|have) changed).*?"
              r"(?<!this pr )(?<!this )(?<!i )(?<!we )\b(?:has|have) (?:recently )?changed(?: upstream)?\s*[.!]?$|"
              r"\b(?:found|hit|ran into|run into|encountered|faced|noticed|had) (?:some |a few |several |a couple of |"
              r"an? |many |lots of )?(?:issues|problems|bugs|errors)\b[^.]{0,20}?\b(?:while|whilst|when)\b|"
              # a thing said to have trouble somewhere: "the new release has some issues on our CI" ("(have
              # problems with X)" in a list of changes has no subject; "the README has issues including the
              # old paths" lists what the change edits)
              r"(?<=[a-z0-9'`] )(?:has|have|had) (?:some |a few |several |many |serious |major )?(?:issues|problems) "
              r"(?:on|in|with|when|under|after|since)\b|"
              # a result seen: "we got better results for Portuguese ASR"; a use case: "especially when one wants to"
              r"\b(?:got|get|gets|getting|obtained|achieved?|achieves|saw|see|shows?|showed) (?:much |slightly |"
              r"significantly |far |noticeably )?better (?:results?|performance|accuracy|scores?|quality|alignments?)\b|"
              r"\b(?:especially|particularly|mainly) when (?:one|someone|users?|you|people|we) (?:wants?|needs?) to\b"),
        (1.0, r"\bin preparation for\b|(?<!data )(?<!dataset )(?<!input )(?<!feature )(?<!manifest )(?<!corpus )"
              r"(?<!sample )\bpreparation for\b|\bprep for\b|\bgroundwork for\b|"
              # ("at the first step after restart" is a training step, not a first piece of work)
              r"(?<!\bat the )(?<!\bafter the )(?<!\bbefore the )(?<!\bduring the )(?<!\bon the )"
              r"\bfirst step\b(?! towards? " + _TOWARD_AN_ISSUE + r")|"
              r"\b(?:future|upcoming|later|follow-?up|planned) (?:[\w-]+ ){0,2}?(?:work|prs?|changes?|features?) "
              r"(?:will |would )?(?:requires?|needs?)\b|\bstep towards?\b(?! " + _TOWARD_AN_ISSUE + r")|"
              r"\bpart of the (?:effort|work|plan)\b|\bun-?blocks?\b|"
              # ("non-blocking memcpy", "a blocking copy": a kind of call, not a blocker)
              # ("document the export blocker" writes down a known problem: what the change is, not why)
              r"^(?!\W*(?:document|documents|documented|documenting|describe|describes|note|notes) )[^\n]*?\bblocker\b|(?<!non-)(?<!non )\bblocking\b(?! (?:calls?|copy|copies|memcpy|transfers?|i/?o|mode|"
              r"waits?|send|recv|reads?|writes?|ops?|operations?|queues?)\b)|"
              # ("prerequisite PR: <link>" only points to the work this one waits on)
              # ("a pre-requirement PR for the VOID model" says the same)
              r"\b(?:prerequisite|pre-?requirement)\b(?! (?:pr|pull request|prs|pull requests)?:? ?(?:#\d+|link)\b)|"
              # a version another project asks for: "detectron2 requires torch >= 1.6 according setup.py",
              # "Matgl depends on torch==2.2.1"; the PR's own requirement ("This PR requires torch>=2") is a note
              # (a project named by one word opens the sentence; "The new kernel requires torch>=2" is a note)
              r"^(?!(?:this|it|that|which|pr|code)\b)[a-z][\w.-]* (?:now |also )?(?:requires|depends on|needs) "
              r"[a-z][\w.-]* ?(?:>=|>|==|~=|v?\d)"),
        (1.0, r"\b(?:this|it|these|they|doing so|the change|this change|this pr|this (?:code|patch|commit|fix)) "
              r"(?:will |should |would )?(?:also |now )?"
              # ("This PR enables the support of X for HPU devices" names what is supported)
              r"(?:allows?|enables?(?! (?:the )?support (?:of|for)\b)|lets|makes it possible|helps|permits|unlocks|"
              r"means|aligns|brings)\b|"
              # "primarily oriented toward enabling FP8 in the optimizer": the aim of a new thing
              r"\b(?:oriented|aimed|geared) (?:toward|towards|at) (?:enabling|making|improving|supporting|reducing|"
              r"speeding|allowing|helping|fixing|ensuring|enhancing)\b|"
              # the larger aim a first step serves: "Step one of allowing any classifier to be used as a backbone"
              r"\bstep (?:one |1 |two |2 )?(?:of|in|to|towards?) (?:allowing|enabling|supporting|making|fixing|"
              r"reducing|removing|getting rid of|unblocking|unifying|speeding)\b|"
              r"\bensures\b|\bguarantees\b|\bmakes sure\b|"
              # an imperative that names the outcome wanted: "fix(trainer): ensure the final checkpoint is saved
              # when resuming", "[qat] Ensure observers are scriptable" ("make sure to add X" is the step itself)
              r"^\W*(?:\[[^\]]*\]\s*)*(?:[\w-]+(?:\([\w-]*\))?:\s*)?ensure (?!to\b|(?:that )?(?:it|this|everything) "
              r"(?:works?|runs?|passes)\b)|"
              # "… and should ensure we work with a wider assortment of tokenizers": the effect the author expects
              r"\b(?:should|will|would) (?:also )?(?:ensure|guarantee|make sure)\b|"
              # "in compliance with Torchtext >= 0.9.0": a rule or a release the change follows
              r"\bin compliance with\b|\b(?:to|in order to) comply with\b"),
        (1.0, r"\b(?:allows?|enables?|lets|let|helps?) (?:for )?(?:users?|people|you|us|callers|the user|a user|"
              r"researchers|developers|downstream)\b"),
        # ("Students can easily modify the reward function": the people the change serves, as "users")
        (1.0, r"\b(?:users?|students|learners|beginners|researchers|readers|newcomers|practitioners) (?:can|could|will be able|want|wants|need|needs|often|may|might|who|have to|had to|"
              r"asked|requested|reported|complained|expect|are confused|were confused|hit|see|saw|thought)\b"),
        # a goal put before the change it explains: "To reuse the batch size set in the config, this PR adds
        # a mapping"; "As Lightning will be the default trainer, let's move the tasks" ("To enable it, install
        # …" is how to use the change: _USAGE_TO)
        (1.0, r"^(?:in order )?to (?!(?:test|verify|check|confirm|validate|reproduce|run|try|benchmark|measure|evaluate|"
              r"see|review|do|get)\b)[a-z]+ [^,]{3,120}, (?:this (?:pr|change|commit|patch|diff)|we|i|let's|let us)"
              # "To achieve X, I'm writing Y": the contracted "am / are / have / will" as well
              r"(?:'m|'re|'ve|'ll)? (?:also |now |first )?(?!(?:have|has|can|could|may|might|need|should|must)\b)[a-z]+|"
              r"^as (?!(?:it|this) (?:is|was|stands)\b)(?!this is (?:my|our|a) first\b)"
              # ("As we have discussed, …", "As was mentioned in #12, …" point to a talk, not a reason)
              r"(?![^,]*\b(?:discuss|mention|agree|said|say|note|suggest|talk|describ|explain|request|ask|propos|point|"
              r"promis|plann)\w*)(?:[\w'.-]+ ){1,6}(?:will|is|are|"
              r"was|were|has|have|does|did|can|cannot|can't|doesn't|don't|isn't|aren't|needs?|requires?)\b[^,]{0,100}, "),
        # ("coz" and "cuz" are how many people write "because" in a hurry)
        (1.0, r"\bbecause\b|(?<![\w/])b/c\b|\b(?:coz|cuz)\b|"
              r"\bsince (?:it|this|that|we|i|they|there|these|those|otherwise)\b|"
              # a title that names the effect it is after: "Make the training usable from PyPI", "Make Compose
              # work with albumentations boxes", "make the two sharding paths compatible"
              r"^make (?:[\w.`'-]+ ){1,6}?(?:usable|work|works|working|compatible|possible|available|accessible|"
              r"reproducible|deterministic|robust|runnable|importable|installable|serializable|picklable)\b|"
              # "… and make it runnable": the same goal later in the sentence, with "it" for the thing changed
              r"\b(?:and|to) make (?:it|them|this|that|these) (?:usable|work|works|working|compatible|possible|"
              r"runnable|importable|installable|reproducible|deterministic)\b|"
              # "This should make LoRA and its variants work for any new model": what the change lets work
              r"\b(?:this|which|that|it) (?:should |will |would |now )?(?:make|makes) (?:[\w.`'-]+ ){1,5}?"
              r"(?:work|usable|runnable|compatible) (?:for|with|on|across|out of the box)\b|"
              # "Changes to make torch.compile work", "to make training work on CPU": it did not work before
              r"\bto make (?:the |our |your )?(?:[\w.`'-]+ ){1,4}?(?:work|usable|runnable|importable|installable)\b|"
              # "For medical images, tiff files are important": a need put first, a verb left out as often
              r"^for (?:[\w.-]+ ){0,4}?[\w.-]+,? (?:the )?(?:[\w.-]+ ){0,3}[\w.-]+ (?:is |are )?"
              r"(?:very |really |quite |especially |particularly )?(?:important|essential|crucial|vital)\W*$|"
              # "Changes to work correctly with DeepChem 2.3": it did not before
              r"\bto (?:work|run|behave|function) (?:correctly|properly|as expected|as intended|again|reliably)\b|"
              # "Fix the scheduler not stepping after resume": the thing that does not happen is the symptom
              # ("Fix ModelCheckpoint(monitor=None, save_last=True) not saving checkpoints": a call's arguments too)
              r"(?<!not )(?<!n't )\bfix(?:es|ed|ing)? (?:the |a |an )?(?:[\w.'-]+(?:\([^()]{0,60}\))? ){1,4}?not "
              r"(?:being )?[a-z]+(?:ing|ed)\b|"
              # "since with the attention mask flash-attention ignores the position ids": a cause told by what goes wrong
              r"\bsince\b[^.;]{0,80}?\b(?:ignores|ignored|breaks|broke|fails|failed|drops|dropped|overrides|overwrites)\b|"
              # "since BraTS has 4 segmentations": a cause with its own subject and verb (not "since 0.13")
              r"\bsince (?:the |our |its |their |a |an |all |most |many )?[a-z][\w-]*(?: [a-z][\w-]*)? "
              r"(?:has|have|is|are|was|were|does not|doesn't|do not|don't|can't|cannot|needs?|requires?|"
              r"uses?|expects?|returns?|only)\b|"
              # "Pin protobuf, which sentencepiece needs, or it will break on some tokenizers"
              # (", or the `.affine` attribute will not be set": what is left undone without the change)
              r", or (?:else )?(?:it|this|that|they|we|you|the (?:[\w.-]+ ){1,3}?)(?:will|would|may|might|can) "
              r"(?:\w+ )?"
              r"(?:break|fail|crash|hang|error|not work|not be (?:set|\w+ed))\b|"
              # "must apply the chat template or the model output is bad": the harm when it is left out
              r",? or (?:else )?(?:it|this|the (?:[\w.-]+ ){1,3}?)(?:is|are|will be|would be|gets|becomes) "
              r"(?:\w+ )?(?:bad|wrong|broken|garbage|poor|worse|incorrect|nonsense|corrupted|suck|sucks)\b|"
              # what the old code did in a case: "If the number inside was large it would return score > 1.0"
              r"\bif [^,.;]{3,60}? (?:was|were) [^,.;]{1,40}?,? (?:it|this|that|they|the [\w-]+) would (?:return|give|"
              r"produce|output|crash|fail|break|raise|hang)\b|"
              # "otherwise the run restarts"; "Identity otherwise 0.2", "otherwise use the CPU" name the other case
              r"\botherwise\b(?!\s*(?:\d|\.\d)|\s+(?:use|uses|fall|falls|default|defaults|return|returns|skip|"
              r"skips|keep|keeps|set|sets|pick|picks|run|runs|load|loads|none|null|false|true|zero|fix|proceed|please|go|"
              r"try|contact|open|ask|see|check|leave|ignore|feel free)\b)|"
              # "By using this g2p for TTS, the naturalness of the intonation is improved": the gain of the new way
              r"^by (?:using|adding|applying|switching to|replacing|enabling) [^,]{3,80}, (?:[\w'-]+ ){1,10}?"
              r"(?:is|are|will be|gets|get|can be) (?:\w+ )?(?:improved|reduced|increased|boosted|avoided|prevented|"
              r"fixed|halved|doubled|faster|better|lower|higher)\b|"
              # ("a codec named 'DecoupledHeatmap', which means that …" explains a name)
              r"\bas a result\b|\bthis means\b|(?<!', )(?<!\", )(?<!`, )\bwhich means\b|"
              # "The kto loss is a special case of the general one, and as such we will implement a separate trainer"
              r"(?:^|, and |; )as such,? (?:we|i)\b|"
              # ("Fix the bug in <issue>, which is caused by <commit>": a link alone tells no cause)
              r"\bdue to\b(?! link\W*$)|\bcaused by\b(?! link\W*$)|\bwhich caused\b|"
              r"\bcaus(?:es|ed|ing)\b(?! by link\W*$)|"
              r"\b(?:will|would|can|could|may|might|to) cause\b|\bundefined behaviou?r\b|"
              # "some `.cpu()` behavior cause error before": the verb's ending left out ("root cause" is a noun)
              r"(?<!\broot )(?<!\bthe )(?<!\ba )\bcause (?:an? |some )?(?:[a-z]*errors?|exceptions?|crash(?:es)?|"
              r"segfaults?|hangs?|ooms?)\b|"
              # "consumer ops can trigger a RuntimeError"; not new code's check ("to trigger an error when …")
              r"(?<!\bto )(?<!\bwill )(?<!\bnow )(?<!\bshould )\btrigger(?:s|ed|ing)? (?:an? |the )?(?:[\w.-]+ ){0,2}?"
              r"(?:[a-z]*errors?|exceptions?|excname|crash(?:es)?|oom|ooms|segfaults?|assertion failures?|failures?)\b|"
              # "…, which results error": the "in" left out, as second-language writers often do
              r"\b(?:which|that|it|this) results? (?:an? )?(?:[a-z]*errors?|exceptions?|crash(?:es)?)\b|"
              # "during training, it will be error": an error told without its article or its verb
              r"\b(?:it|this|that|there) (?:will|would) (?:be|get|have|occur|happen) (?:an? |some )?errors?\b|"
              r"\bbiased\b|(?<!for )(?<!the )(?<!of )(?<!our )(?<!and )(?<!with )(?<!new )(?<!update )(?<!updated )"
              r"(?<!prediction )(?<!predicted )(?<!inference )(?<!evaluation )(?<!eval )(?<!test )(?<!training )"
              r"\bresult(?:s|ed)? in\b(?! (?:the )?(?:readme|table|paper|docs?|section|appendix|figures?|logs?|"
              r"wandb|tensorboard|folders?|director(?:y|ies)|files?|csv|json|yaml|(?:[\w-]+ )?format)\b)|\b(?:leads?|led|leading) (?:\w+ )?to\b(?! (?:the )?(?:conclusion|following)\b)|\bthe reason\b|"
              r"\bmotivat(?:ed|ion)\b|"
              # "we needed a way to …" tells a need; "I want to say sorry", "we want to thank …" do not
              # "add all we need for inference" names what is added
              r"(?<!\ball )(?<!\bwhat )(?<!\bwhatever )(?<!\beverything )(?<!\bif )\b(?:we|i) (?:want|need|needed|wanted)\b(?! to (?:say|thank|apologi[sz]e|mention|note|point out|ask|"
              r"share|let you know|highlight|clarify)\b)|"
              r"\bthe idea (?:is|here)\b|\bthe point\b|\bso it\b|\bthus\b|\bhence\b|\btherefore\b|"
              # "This way the copies overlap with compute", "Reproducibility matters for our ablations"
              r"^(?:in )?(?:this|that) way\b(?! of\b| to\b)|(?<!n't )(?<!not )\bmatters? (?:for|to|when|because|here|a lot)\b"),
        # "However transformers expect `attention_mask` to be a bool tensor": what the code meets expects
        # something else than what it gets (the PR's own "however, this requires …" is a caveat)
        (0.9, r"^however,? (?!(?:this|it|the (?:pr|change|patch|fix|new \w+))\b)(?:[\w`'.-]+ ){1,3}?"
              r"(?:expects?|requires?|assumes?|wants?) (?:the |an? |all |every )?[\w`'.-]+ to\b"),
        # an effect on who can run it: "fine-tuning on limited hardware", "removes one step for the user"
        # ("memory-efficient attention" alone is the name of a kernel)
        (0.9, r"\blimited (?:hardware|memory|gpu memory|vram|ram|resources|compute|disk space|storage|bandwidth)\b|"
              r"\b(?:removes?|saves?|skips?|spares?) (?:one|a|an|the|two|several|some) (?:extra |manual |tedious )?"
              r"steps?\b"),
        # what was broken, told by its repair: "so the training code works again"; an aim to make
        # something work in a setting ("update the fine-tuning code to work on folds"); "accelerate the X"
        # ("encoder training works on CPU with this fix")
        (0.9, r"\b(?:works?|runs?|trains?|builds?|compiles?|passes|loads?|imports?) again\b|"
              r"\b(?:works?|runs?|trains?|loads?) (?:[\w-]+ ){0,4}?(?:with|after) (?:this|the|my) (?:fix|change|patch|pr)\b|"
              r"\bto work (?:for|on|in) (?!(?:this|it|that|the issue|issue|a fix|the pr)\b)|"
              r"\bto get (?:[\w.-]+ ){1,3}?(?:running|working|to run|to work|to train|to compile|to load)\b|"
              # ("Bumps accelerate to 1.2" and "Accelerate v1.10.0" name the library)
              r"^(?:\W*\w+(?:\([\w.-]*\))?\W+)?accelerates? (?:the )?"
              r"(?!launch\b|config\b|support\b|versions?\b|dependency\b|integration\b|to\b|from\b|v?\d)\w+"),
        # a cause told with "as": "remove the padding from the tokenizer as we are doing it ourselves"
        # "passed in as they are returned by the environment" says in what form, not why
        (0.9, r"\bas (?:we|they) (?:are|were|already|do|don't|do not|now|no longer|started|began|need|want|"
              r"have (?!(?:discussed|talked|agreed|"
              r"mentioned|planned|said)\b))\b(?<!are)(?<!were)|"
              r"\bas (?:we|they) (?:are|were)\b(?! (?:[a-z]+ed|given|written|taken|shown|seen|known|made|done|sent|"
              r"read|built|kept|found|got|gotten) (?:by|from)\b)|"
              r"\bas (?:it|this|that|they) (?:is|are|was|were) (?:already|not|no longer|"
              r"never|unused|deprecated|redundant|handled|done)\b"),
        (1.0, r"\b(?:was|were|has been|have been|been|as) (?:requested|asked for|reported|suggested)\b|"
              # "requested by users" is a need; "the issue reported in #767" only points to where the
              # problem is told, as "Fixes #767" does
              r"\brequested (?:in|by)\b|\b(?:address(?:es|ed|ing)?|fulfil(?:l|ls|s|led)?|answers?|answered) "
              r"(?:the |a |this |that |their |his |her )?(?:feature |user |users' |original |community |customer |popular |frequent |many |several )?requests?\b|\bfeature request\b(?! (?:issue )?(?:#\d+|link)\b)|\bper (?:the )?request\b|\bas suggested\b|"
              # "at a partner team's request", "at the request of the maintainers" ("at each request" is when)
              r"\bat (?:the )?request of\b|\bat (?:the |a |an )?(?:[\w-]+ ){0,2}?[\w-]+'s request\b|"
              r"\brequired by\b|\bmandated by\b"),
        (1.0, r"\bwe(?:'ve| have)? (?:seen|saw|noticed|observed|found|hit|encountered|ran into|run into)\b|"
              r"\bi(?:'ve| have)? (?:noticed|observed|found|saw|hit|encountered|ran into)\b|"
              # what a newer release of a dependency changed: "the new import structure in the current botorch
              # devel version", "np.int is deprecated in newer numpy versions"
              # (a dependency is named: "In the new version, the config is read from YAML" is the PR's own)
              r"\b(?:in|of|for|with) (?:the )?(?:current|latest|new|newest|upcoming|recent|newer) (?:(?:[\w-]+ ){1,2}"
              r"(?:versions?|releases?|devel|nightly)\b|(?:versions?|releases?) of (?!(?:this|the|our|my) )\w)|"
              # an outside project's new release: "Apple has released the stable version of Metal-cpp",
              # "KServe added a new HuggingFace runtime in the latest update"
              r"\b(?:has|have) (?:now |finally |just |recently )?(?:released|published|shipped) (?:a |the |its |their )?"
              r"(?:new |stable |latest |official |first )?(?:version|release|update)\b|"
              # "Update the CI cache as torch 1.7 has been released": a release as the trigger
              r"\b(?:as|since|now that) (?!(?:this|it|the pr|the change|my|our)\b)(?:[\w.+-]+ ){1,4}?"
              r"(?:has been|have been|was|were|is|are|got) (?:just |now |finally |recently |officially )?released\b|"
              r"^(?!(?:i|we|this|it)\b)[\w.-]+ (?:added|introduced|changed|removed|deprecated|renamed|dropped) [^.]{0,80}?"
              r"\bin (?:the|its|their) (?:latest|recent|last|new|newest) (?:update|release|version)\b|"
              # a risk the change removes: "There could be problems if the user has an older version"
              r"\bthere (?:could|would|might|may|can|will) be (?:problems?|issues?|errors?|conflicts?|crashes)\b|"
              # who it is for: "Really want to bring these materials to the Chinese community"
              r"\b(?:want|wanted|would like|hope|hoping) to (?:bring|make|offer|provide|share)\b[^.]{0,60}\b(?:community|"
              r"users|people|readers|newcomers|beginners|speakers|learners)\b|"
              # a release that changed the library: "From Release 1.0.25 get_tabular_learner is renamed"
              r"^(?:from|since|starting (?:from|with)|as of) (?:the )?(?:release|version) v?\d|"
              # a broken input told by how it looks: "a dog image that appears to be truncated"
              r"\b(?:appears?|seems?) to be (?:truncated|corrupt(?:ed)?|broken|damaged|empty|stale|outdated|invalid)\b|"
              # "Trying to run it I stumbled over the undocumented FFmpeg requirement"
              r"\bstumbled (?:over|upon|on|across|into)\b|"
              # the odd one out: "as SanitizeBoundingBoxes was the only plural usage"
              r"\b(?:was|is|were|are) the only (?:[\w-]+ ){0,3}?(?:usage|one|place|class|function|module|model|file|"
              r"exception|case|method)\b|"
              # an outside library dropped something: "The torchvision ops were removed from torch"
              r"\b(?:was|were|has been|have been|got) (?:removed|dropped|renamed|moved) (?:from|in) (?:the )?"
              r"(?:latest |recent |new |newer )?(?:torch|pytorch|numpy|scipy|python|transformers|torchvision|"
              r"torchaudio|lightning|cuda)\b|"
              r"\b(?:noticed|observed|found) that\b|\bturns out\b|\bhappened\b|\boccurred\b|"
              r"\b(?:happens|occurs|appears|shows up) (?:when|if|whenever|because|every|each|on every|only)\b"),
        # an outside change the PR follows: "PyTorch 2.0 switched the default", "X is deprecated"
        (1.0, r"\buntil (?:link |#\d+ |gh-\d+ |the (?:upstream |linked )?(?:bug|issue|problem|pr) |[\w.-]+ )?(?:is|gets|has been|"
              r"are|get) (?:fixed|resolved|solved|merged|released|addressed)\b|"  # "Until <issue> is fixed, …"
              r"\b(?:based on|following|per|as per|according to|as suggested by|as suggested in) (?:the |their |its )?"
              r"(?:[\w.-]+ )?recommendations?\b|\bas recommended (?:by|in)\b|"  # "based on recommendations in the docs"
              r"^[\w.-]+ (?:master|main|nightly|upstream|head|trunk) (?:has |now )?(?:changed|switched|dropped|removed|"
              r"renamed|deprecated|moved)\b|"  # "Fairseq master changed how --fp16 is defined."
              # "Apex amp API updated, adapt PyText precision to use the new API"
              r"\badapt(?:s|ed|ing)? (?:[\w.-]+ ){0,4}?to (?:use )?the (?:new|latest|updated|changed) (?:api|interface|version|"
              r"release|format|signature|behaviou?r)\b|"
              r"\b(?:pytorch|torch|numpy|python|cuda|upstream|transformers|lightning|huggingface|hf|the library)"
              r"(?: v?\d[\w.]*\+?)?(?: \([^)]{0,30}\))? (?:has |have |had |now )?(?:changed|switched|flipped|"
              r"dropped|removed|renamed|deprecated|stopped|moved|made)\b|"
              # "In a recent commit `lm_labels` is changed to `labels`": an earlier change the PR follows
              r"^(?:in|since|after|with) (?:a |the |an )?(?:recent|latest|previous|earlier) (?:commit|pr|pull request|"
              r"release|version|update|refactor)s?\b[^.;]{0,80}?\b(?:is|was|were|are|has been|have been|got) "
              r"(?:changed|renamed|moved|removed|deprecated|replaced|dropped)\b|"
              # "In recent updates, PyTorch has enabled map_location='cpu'": a new upstream capability
              r"\b(?:pytorch|torch|numpy|python|cuda|upstream|transformers|lightning|huggingface|hf)(?: v?\d[\w.]*\+?)? "
              r"(?:has|have|now) (?:enabled|added|introduced|made)\b|"
              # an outside project's change: "PyTorch is dropping support for 3.7"
              r"\b(?:is|are) dropping support\b|\b(?:has|have) dropped support\b|\bwill (?:be )?drop(?:ping)? support\b|"
              # "X is deprecated", "X is being phased out", "replace the deprecated X"; not "add a deprecated alias"
              r"\b(?:is|are|was|were|be|been|being|now|got|gets|become|became|marked as) (?:now |already |officially )?"
              r"(?:deprecated|depricated|phased out)\b|"
              r"\b(?:replac\w*|remov\w*|migrat\w*|drop\w*|fix\w*|avoid\w*|solv\w*|resolv\w*|silenc\w*|away from|"
              r"instead of|uses? of|usages? of|updat\w*|switch\w* from|get rid of|stop using|no longer us\w*|"
              # "Eliminate warning of using deprecated API"
              r"(?:warnings?|warns?) (?:of|about|for|when) using) "
              r"(?:the |a |an |all |any |some |remaining )?(?:\w+ )?(?:deprecated|depricated)\b|"
              # what a newer release brings: "Upgrade the bundled model to v6 to pick up model improvements and fixes"
              r"\bto (?:pick up|get|include|benefit from|bring in|take advantage of) "
              r"(?:the |its |their |recent |latest |upstream |all )?(?:[\w-]+ ){0,2}?"
              r"(?:improvements?|(?:bug ?|security |perf |performance )?fixes)\b|"
              # "Deprecated use of np.float.", "Deprecated API usages found by TorchFix": a list item naming the fault
              r"^deprecated (?:api |function |method |numpy |torch )?(?:uses?|usages?|calls?)\b|"
              # "replace python api that already deprecated at PyTorch 1.13" (the "is" dropped), "datasets 4.0.0
              # just released and it deprecates trust_remote_code": a release that deprecates what the code uses
              r"\b(?:that|which) (?:already|now) deprecated\b|\b[\w.-]+ v?\d+(?:\.\d+)+ [^.;]{0,40}?\bdeprecates\b|"
              # "arising from the deprecation of X", "after the deprecation of X": the deprecation as the cause
              r"\b(?:from|after|following|given|since|with) (?:the )?(?:recent |upcoming )?deprecation of\b|"
              # "PyTorch introduced torch.cuda.amp and deprecated apex.amp": an outside change, told in two verbs
              r"\b(?:pytorch|torch|numpy|python|cuda|upstream|transformers|lightning|huggingface|hf) (?:has |have )?"
              r"(?:introduced|added|released) [^.;]{1,60}? and (?:has |have )?(?:deprecated|removed|dropped)\b|"
              # "As of PyTorch v1.8, Windows supports every backend but NCCL": how things stand since a release
              r"^as of (?:(?:pytorch|torch|python|numpy|cuda|cudnn|transformers|lightning|jax|release|version) )?v?\d|"
              # "Update `torch.rfft` (deprecated) to use torch.fft.rfft": the deprecation in brackets
              r"\w \((?:now |already )?(?:deprecated|depricated)\)|"
              # "gym deprecated so updating import to gymnasium": the title drops the "is"
              # ("this deprecated and remove the module", "we deprecated and removed X" tell what the PR does)
              r"(?<!\bthis )(?<!\bpr )(?<!\bwe )(?<!\bi )"
              r"\b(?:deprecated|depricated)(?: (?:since|in|as of|and)\b|,? so\b|,? hence\b|,? therefore\b)|"
              # "removed test for DeprecationWarning": a test named for the warning, not the warning itself
              r"(?<!test for )(?<!tests for )(?<!check for )\b(?:future|deprecation)warnings?\b|"
              # a new release worth moving to: "bump to 0.3.0, which contains many bug fixes"
              r"\b(?:which|that|it) (?:contains|includes|brings|ships) (?:many |several |some |a lot of |lots of |"
              r"important |critical |the )?(?:bug ?fixes|fixes|security fixes|performance improvements)\b|"
              # "1.3.0 has been released, with 3.13 support and bugfixes" ("tests along with bug fixes to the
              # backend" lists the PR's own work)
              r"(?<!\balong )(?<!\btogether )\b(?:with|contains|includes|brings|ships)\b[^;]{0,40}?\bbug ?fixes\b|"
              # "fix the prompt after the model PR changed it": a change elsewhere that broke this code
              r"\bafter (?:the |a |an |this |that |some )?(?:[\w-]+ ){1,4}?(?:changed|broke|removed|renamed|moved|"
              r"switched|dropped|introduced)\b|"
              # "Fix the torch version for CI errors": the errors are what it fixes
              r"\bfor (?:the )?(?:ci|test|build|import|runtime|install|compile|cuda) (?:errors?|failures?|crash(?:es)?)\b|"
              # an outside change that makes this one possible: "as the PR has been merged upstream, …"
              r"\b(?:as|since|because) (?:the |this |that |upstream |an? )?(?:[\w-]+ )?(?:pr|pull request|fix|patch|"
              r"change)(?: #\d+)? (?:has|have|had) (?:now |already |finally )?been (?:merged|released|landed)\b|"
              # a reference the change follows: "according to <the AMP docs>, gradients should be unscaled"
              # ("made the pull request according to this link" only points there: a link needs words after it;
              # "picks the config according to the specified TP size" follows the user's own setting)
              r"\baccording to (?:the )?(?:[\w.-]+ )?(?:link(?=\W*[a-z])|docs?|documentation|paper|guide|spec|specification|"
              r"official|pytorch|torch|recommendation)\b|"
              # an interface that changed elsewhere: "Vmas api has gone through a small change."
              r"\b(?:api|apis|interface|signature) (?:has|have|had) (?:recently |just )?(?:been changed|changed|"
              r"gone through (?:a |some )?(?:\w+ )?changes?)\b|"
              # an outside release the change follows: "Correcting imports according to torchreid version=0.2.5"
              r"\baccording to (?:the )?(?:new |latest )?[\w.-]+ (?:version|release)\b|"
              # "it's one step closer to serving trained models", "a key step towards supporting more languages"
              r"\bsteps? (?:closer to|towards?) (?!" + _TOWARD_AN_ISSUE + r")"),
        # a symptom the change removes: "fix the error of …", "silence the warning", "avoid an OOM"
        (1.0, r"\b(?:fix|fixes|fixed|fixing|prevent\w*|avoid\w*|silenc\w*|suppress\w*|resolv\w*|solv\w*|"
              r"address\w*|get rid of|handle|handles|remove|removes):? [\"“]?(?:the |a |an |this |that |these )?"
              # "fix some errors" is as bare as "fix some bugs", and so is "Fixed 2 errors" or "fix all errors" with
              # nothing after it; "Fixed minor agent error" names only where the errors were
              r"(?!(?:some|several|various|multiple|a few|few|minor|small|many) (?:[\w-]+ )?errors?\b)"
              r"(?!(?:\d+ |all |two |three |both )?errors?\W*$)"
              r"(?:(?!lint|linter|mypy|flake8|ruff|pylint|pyright|type|typing|style|format|spelling|doc|typo|wording|"
              # (a release in the words: "fix torchvision 0.16 import error")
              r"indent|whitespace|grammar|grammatical|punctuation)[\w-]+(?:\.\d+)* ){0,3}?"
              r"(?:errors?(?! checking| handling| messages?| reporting| codes?| in (?:the )?(?:[\w-]+ ){0,2}?"
              + _WRITTEN_PLACE + r")|"
              r"\w+error|\w+exception|warnings?|"
              r"crash|crashes|hang|leak|leakage|oom|nans?|segfault|assertions?|"
              # "Fix additional memory consuming in the evaluation": too much memory is a symptom
              r"memory (?:consumption|consuming|usage|use|growth|overhead|blow-?up|issues?|problems?))\b|"
              # the message the author saw, quoted: 'Solving the problem "Found conflicts! Looking for …"'
              r"\b(?:fix|solv|resolv|address)\w* (?:the |this |a |an )?(?:problem|issue|error|bug|message)s?:? "
              r"[\"“][^\"”]{12,}|"
              # a quoted message of four words or more as what is fixed: 'fix "invalid index of a 0-dim tensor"'
              r"\b(?:fix|solv|resolv)\w* (?:the |this |a |an )?[\"“](?:[^\"” ]+ ){3,}[^\"”]*[\"”]|"
              r"\b(?:as|since) (?:there (?:is|was|are|were|will be|would be)|it (?:is|was|breaks|broke|causes|caused)|"
              r"this (?:breaks|broke|causes|caused))\b|"
              # ("Feel free to contact me if there are any issues" offers help)
              r"\bthere (?<!\bif there )(?<!\bwhether there )(?:is|was|are|were) (?:a |an |some )?(?!any\b)(?:\w+ )?"
              r"(?:bug|problem|issue|regression|leak|race)s?\b|\bleakage\b(?! tests?\b)|"
              r"\b(?:on|to) (?:different|two|the wrong|mismatched|multiple) devices\b|"
              r"\bnot on the same device\b|\bwould have (?:prevented|caught|avoided|saved|helped|shown)\b|"
              # a changed circumstance: the problem a workaround was for is fixed elsewhere now
              r"\b(?:has|had|have) (?:now |already |since )?been (?:fixed|resolved|solved|addressed) "
              r"(?:by|in|upstream)\b|\b(?:is|was|are|were) (?:now |already )?fixed upstream\b|"
              # a regression named by its origin, a capability the change opens, work it prepares
              # (the origin alone, "Fix a bug introduced in #1765", names no symptom: a pointer)
              r"\b(?:issue|bug|regression|problem|error|breakage) (?:that was |which was )?introduced "
              r"(?:by|in|with|during|when)\b(?! (?:pr |commit )?(?:#\d+|[0-9a-f]{7,40}|v?\d[\w.]*)\W*$)|"
              # ("Refactor FP8 grouped GEMM to prepare cudagraph support": the support it prepares)
              r"\bnow (?:we|you|users|one|it|they) can\b|\bin preparation (?:for|of)\b|"
              r"\bto prepare (?:for\b|[\w-]+ (?:support|integration|migration)\b)|"
              # consistency with a convention or a reference is a reason
              r"\bto (?:follow|match|agree with|align with|be consistent with|be in line with) (?:the )?"
              r"(?:[\w'-]+ ){0,3}?(?:conventions?|defaults?|original|upstream|reference|paper|behaviou?r|"
              r"implementation|standard|api|semantics)\b"),
        # problem
        # ("Currently set up to run the integration tests" tells how the new thing is configured)
        (1.0, r"(?<!tested )\bcurrently\b(?! (?:only )?(?:tested|untested)\b| (?:set[- ]?up|configured) to\b)|"
              r"\bat the moment\b|\bright now\b|\bat present\b|\bas of now\b|\bas it stands\b|"
              r"\bin the current (?:setup|code|implementation|state|design|pipeline|codebase)\b|"
              # ("re-enable some previously disabled tests" names which tests)
              r"(?<!\bi )(?<!\bwe )\bpreviously\b(?! (?:disabled|skipped) (?:[\w-]+ ){0,3}?tests?\b)|"
              r"\bbefore this (?:pr|change|patch|commit|fix)\b|\bprior to this\b|"
              r"\bin the past\b|\btoday,|"
              # ("sync object collision in old version to new pgdrive" tells where the code comes from)
              r"\bin (?:the )?(?:old|older|previous|earlier) versions?\b(?! (?:to|into) )|"
              # ("a new recipe, similar to the existing one but with LoRA" sets the new beside the old)
              # ("additions not present in the original code" tells what a port adds to its source)
              r"(?<!similar to )(?<!same as )(?<!\blike )(?<!alongside )(?<!next to )(?<!on top of )(?<!based on )"
              # ("a model building upon the original version of EQTransformer" names its source)
              r"(?<!upon )(?<!built on )(?<!building on )(?<!builds on )"
              r"(?<!not present in )(?<!not included in )(?<!not found in )(?<!absent from )"
              # ("Migrated to gsplat from the original implementation", "find attached the current version of the
              # README": where the code comes from, what the author hands in)
              r"(?<!from )(?<!attached )"
              r"\bthe (?:current|original|existing|old) (?:implementation|behaviou?r|code|approach|"
              r"version|default|design|logic|api|state)\b"
              # ("The current version of the PR has been tested …" is the PR itself)
              r"(?! (?:of|in) (?:the |this )(?:pr|pull request|patch|branch|diff)\b)|"
              # the same at the start of a sentence, without "the": "Current implementation for the restore API
              # doesn't expose the planner", "Original implementation averages all clients"; "Current API:" alone
              # leads in to the code below it
              r"^(?:current|existing|original|previous|old) (?:implementation|behaviou?r|code|approach|version|design|"
              r"logic|api)\b(?!\W*$)|"
              # what the old code did: "Previous method skips the last batch if …"
              r"^(?:the |our )?(?:previous|old|original|former|earlier|prior) (?:[\w-]+ ){1,2}?(?:skip|ignore|drop|miss|"
              r"overwrite|lose|leak|assume|only|always|never|doesn't|didn't|does not|did not|couldn't|could not|"
              r"can't|cannot|fail)\w*\b"),
        (1.0, r"\bcrash(?:es|ed|ing)?\b|\bsegfault(?:s|ed|ing)?\b|\bseg(?:mentation)? fault\b|\bhangs?\b|\bhanging\b|"
              # a timeout the run hit: "Fix NCCL timeout issues in async checkpoint saving", "the job times out"
              # ("Add a timeout parameter", "increase the timeout" set a value)
              r"\b(?:fix|fixes|fixed|fixing|avoid\w*|prevent\w*|resolv\w*)(?: the| a| an| some)?(?: [\w-]+){0,2}? "
              r"time-?outs?\b(?! (?:param\w*|arg\w*|option|setting|value|config\w*|flag|variable)s?\b)|"
              r"\b(?:times|timed|timing) out\b|"
              # "Fix incompatibility with the recently updated optimum": the clash is the problem ("backward
              # incompatibility" is what a change may cause, and templates ask about it)
              r"(?<!backward )(?<!backwards )(?<!backward-)(?<!backwards-)\bincompatibilit(?:y|ies)\b|"
              # "The pinned torch and torchvision were incompatible", "the bug of CULANE BEV being incompatible"
              # ("… are incompatible at the moment" tells the PR's scope)
              r"\b(?:is|are|was|were|became|becomes|being) (?:now )?incompatible\b(?! (?:at the moment|for now|yet)\b)|"
              # a breaking change made elsewhere: "#2437 introduced some breaking change", "Fixes a breaking
              # change for training" ("No breaking changes introduced" answers a template)
              r"\b(?:fix(?:es|ed|ing)?|address(?:es|ed|ing)?|handles?|handled|handling) (?:the |a |some |this |that )?"
              r"breaking changes?\b|\bintroduced (?:a |some |an? \w+ )?breaking changes?\b|"
              # what the fixed thing did wrong: "Fixes the bucketing sampler's method that drops cuts", "Fix
              # SACLoss target_entropy ignoring the action space", "Fix concatenate cuts omitting the longest cut"
              # ("fix lint by ignoring E501" is the fix itself)
              # ("Fix: Backend.convert_tokens dropping byte tokens": a dotted name in it)
              r"\bfix(?:es|ed|ing)?:? (?:[^.;]|\.(?=\w)){1,60}? "
              r"(?:(?:that|which) (?:drops?|loses?|ignores?|skips?|breaks?|"
              r"overwrites?|corrupts?|duplicates?|leaks?|omits?)|"
              r"(?<!\bby )(?<!,)(?:ignoring|dropping|losing|overwriting|corrupting|duplicating|leaking|omitting))\b|"
              # what the old code failed to do with a value: "the args are not passed along to the worker when
              # using several GPUs", "weights were never loaded" (every such real sentence gives a reason)
              r"\b(?:(?:is|are|was|were) not|isn't|aren't|wasn't|weren't) (?:being |getting |properly |correctly |"
              r"actually )?(?:passed|forwarded|propagated|applied|saved|loaded|called|respected|honou?red|reset|freed|"
              r"released|synced|synchronized|cleared|initiali[sz]ed|restored|copied|registered|closed)\b"
              r"(?! (?:anymore|any more|any longer|again)\b)|"
              r"\bhung\b|\bdeadlocks?\b|\brace conditions?\b|\bleak(?:s|ing|ed)?\b(?! tests?\b)|"
              # a leak told by what grows: "fix growing mem usage" ("without increasing GPU memory" is no leak)
              r"(?<!without )(?<!not )\b(?:growing|ever[- ]growing|ever[- ]increasing|steadily increasing) "
              r"(?:gpu |cpu |host |device )?(?:mem|memory|ram|vram)\b|"
              r"(?<!possible )(?<!potential )(?<!warn )(?<!warns )(?<!warn about )(?<!warning about )(?<!warning for )"
              r"(?<!detect )(?<!detects )(?<!check for )(?<!checks for )"
              # NaNs the change handles as data: "Zero out NaNs, if any, in the loss", "mask nan values"
              r"(?<!zero out )(?<!zeroes out )(?<!replace )(?<!replaces )(?<!mask )(?<!masks )(?<!mask out )"
              r"(?<!skip )(?<!skips )(?<!ignore )(?<!ignores )(?<!filter )(?<!filter out )(?<!drop )"
              # a capability for NaNs: "Add nan fp16 support", "support NaN inputs"
              r"(?<!add )(?<!adds )(?<!added )(?<!support )(?<!supports )(?<!support for )(?<!handle )(?<!handles )"
              # ("fix inf doc": Inferentia's docs, a product's short name)
              r"\b(?:nans?|infs?)\b(?!(?:/(?:nans?|infs?))? (?:checks?|detection|guards?|handling|filter\w*|"
              r"warnings?|docs?|documentation|instances?|chips?)\b)|"
              r"\binfinite (?:loops?|recursion|(?:val|validation|eval|test) (?:data ?)?loaders?)\b|"
              r"\boff[- ]by[- ](?:one|1)\b|"
              # a fix "for pytorch1.1", ops patched "for PyTorch 2.1.x", code that "works with 1.5": the code
              # broke with that release, or is made to run with it
              # (any other library by a dotted release: "fix for fastai v2.4", "patch for timm 0.9")
              # ("changes from llava-qwen-fix to transformers-4.49": the end of a branch's name, not a verb)
              r"(?<![-_/])\b(?:fix(?:es|ed|ing)?|patch(?:es|ed|ing)?|port(?:s|ed|ing)?|adapt(?:s|ed|ing)?) "
              r"(?:\w+ ){0,3}?"
              r"(?:(?:for|to) (?:the )?(?:new |newer |latest |recent )?(?:pytorch|torch|python|cuda|numpy|lightning|"
              r"transformers)[ _-]?(?:==|>=)?v?\d|for (?:the )?(?:new |newer |latest |recent )?(?!(?:section|figure|"
              r"fig|table|equation|eq|chapter|page|line|step|item|appendix|lesson|exercise|task|question)\b)"
              r"[a-z][\w-]* ?(?:==|>=)?v?\d+\.\d)|\bworks? (?:with|on) (?:pytorch |torch |python |cuda )?v?\d+\.\d|"
              # "Refactored the patch file for the new PyTorch version", "update for torch==1.12.1"
              r"\b(?:updat\w*|refactor\w*|rewr\w*|chang\w*|upgrad\w*) (?:[\w.-]+ ){0,3}?for (?:the )?(?:new |newer |"
              r"latest |recent )?(?:pytorch|torch|python|cuda|numpy|lightning|transformers)(?:[ _-]?(?:==|>=)?v?\d| "
              r"versions?\b| releases?\b)|"
              r"\boom(?:s|ed|ing)?\b|\bout of memory\b|\boverflows?\b|\bunderflows?\b|\bdivid(?:e|es|ed|ing) by zero\b|"
              # a regression is a bug; "linear regression", "the regression head" or "classification and
              # regression" name a kind of model or task
              # ("molecule regression", "tabular regression": a word of the field before it names the task, so
              # the bug reading needs an article, a verb, a kind of regression or a bracket before it)
              r"(?:(?:^|[(\[,;:]\s*)|(?<!\band )(?<!\bor )(?<!\bfor )(?<!\bboth )\b(?:a|an|the|this|that|our|their|its|your|fix|fixes|fixed|fixing|perf|performance|speed|memory|"
              r"accuracy|no|any|possible|potential|major|minor|severe|serious|recent|known|introduces|introduced|"
              r"caused|causes|cause|avoid|avoids|prevent|prevents|revert|reverts|reverting) )"
              r"regress(?:ion|ions)\b(?! tests?\b| suite\b| testing\b| head| heads| model| models| task| tasks|"
              r" loss| problems?| targets?| branch| layer| and\b| or\b| metrics?|"
              # ("fix: regression gpu integration", "the regression notebook": the task's own code)
              r" integration| notebooks?| examples?| tutorials?| datasets?| benchmarks?| pipelines?| estimators?|"
              r" networks?| scripts?| gpu\b| cpu\b)|\bregressed\b|"
              # a limit of the old way, told after "However": "However, pre-hook does not make the changes visible"
              r"^however,? (?:[\w.-]+ ){1,5}(?:does not|doesn't|do not|don't|did not|didn't|cannot|can't|could not|"
              r"couldn't|is not|isn't|are not|aren't|was not|wasn't|will not|won't)\b|"
              # "Progressbar output not in sync with epoch counts"
              r"\b(?:not in|out of|out-of) sync\b|\bdesync(?:ed|hroni[sz]ed)?\b|"
              r"\bflak(?:y|iness)\b|\bbroken\b|\bbuggy\b|(?<!graph )\bbreaks\b(?! out\b)|\bbroke\b(?! out\b)|"
              r"\bfails\b|\bfailing\b|\bfailed\b|"
              r"\bfailures?\b|\b(?:will|would|can|could|may|might|to|does|did|it|they) fail\b|"
              # ("fixed some documentation errors for loss functions": mistakes in the writing)
              r"(?<!some )(?<!several )(?<!various )(?<!minor )(?<!few )(?<!documentation )(?<!doc )(?<!docs )"
              r"(?<!docstring )(?<!spelling )(?<!grammar )(?<!grammatical )(?<!typographical )(?<!typo )(?<!formatting )"
              # ("print the error at the first step": the message the change writes out)
              r"(?<!lint )(?<!linting )(?<!print the )(?<!log the )(?<!show the )(?<!report the )(?<!display the )"
              r"\berror(?:s|ed)? (?:out|when|if|with|on|in|about|because|for|during|at|while)\b"
              r"(?<!error in)(?<!errors in)(?! (?:the )?(?:[\w-]+ ){0,2}?" + _WRITTEN_PLACE + r")|"
              # ("raise error in case the dims disagree" is the new check; "the error in #1330" only points)
              r"(?<!\btypo )\berrors? in\b(?! (?:the )?(?:[\w-]+ ){0,2}?" + _WRITTEN_PLACE + r"| case\b| #\d| link\b)|"
              r"\braises (?:an? )?(?:\w+)?(?:error|exception)|\bthrows\b|\btracebacks?\b|"
              # "when both are enabled, it will return error:" (an error code or message is a thing, not a failure)
              r"\b(?:returns|(?:will|would|it|they|then) return) (?:an? )?(?:[\w-]+ )?(?:error|exception)s?\b"
              r"(?! codes?\b| messages?\b| types?\b)|"
              r"\bencounter(?:s|ed|ing)? (?:an? |the )?(?:\w+ )?(?:error|exception|excname|crash)\b|"
              r"\bunexpected(?:ly)?\b(?! keys?\b)|\bsilently\b|\bincorrect(?:ly)?\b|\binaccurate(?:ly)?\b|"
              r"\bwrong(?:ly)?\b(?! branch\b)(?!(?<=^wrong) (?:pr|pull request)\b)|\bmismatch(?:es|ed|ing)?\b|"
              r"\binconsisten(?:t|cy|cies)\b|\bcontradict(?:s|ed|ion|ions|ory)?\b|\bconfus(?:ing|ed|ion)\b(?! matri(?:x|ces)\b)|\bmisleading\b|\bambiguous\b|"
              # two paths that should give one result: "Prefill vs fused decode disagreed under scaled RoPE" (not
              # a person who disagrees, nor the new check's case: "raise an error in case the lists disagree")
              r"(?<!\bi )(?<!\bwe )(?<!\byou )(?<!\bthey )\bdisagree(?:s|d|ing)\b"
              r"(?! with (?:me|you|us|him|her|them|this|that)\b)|"
              # "It was always weird to have run_hooks in the task", "the old wrapper is inefficient", "falling back to
              # the less efficient wrapper", an implementation that "is unsound/has errors"
              r"\b(?:it|this|that) (?:was|is|has been|felt|feels|seems?|seemed) (?:always |quite |very |a bit |kind of |really |"
              r"somewhat )?(?:weird|odd|strange|awkward|unintuitive|counter-?intuitive|clunky|unnatural) to\b|"
              r"\b(?:is|are|was|were|being) (?:quite |very |really |rather |highly )?inefficient\b|"
              # the code there was before, judged: "our implementation is a bit janky, let's wrap trl's"
              r"\b(?:our|the current|the existing|the old|current|existing|old) (?:[\w-]+ )?"
              r"(?:implementation|code|approach|version|logic|handling|wrapper) (?:is|was) "
              r"(?:a bit |quite |very |rather |kind of |somewhat |pretty )?"
              r"(?:janky|hacky|clunky|kludgy|messy|brittle|fragile|convoluted)\b|"
              r"\b(?:instead of|rather than|falls? back to|falling back to|fell back to|avoids?|avoiding) [^.;]{0,40}?"
              r"\bthe less (?:efficient|performant|accurate|stable)\b|\bunsound\b|"
              r"\b(?:is|are|was|were) (?:\w+/)?(?:has|have|had) (?:some |known )?errors\b|"
              r"\bmisunderst(?:ood|and|anding)\b|\bmisread\b|\bmisinterpret\w*|"
              # what the docs or the code claim, denied: "VAD is described as on by default. This is not actually the
              # case" ("if this is not the case, …" only supposes it)
              r"(?<!if )(?<!when )\b(?:this|that|it) (?:is not|was not|isn't|wasn't) (?:actually |really |"
              r"in fact )?the case\b|"
              # a count that comes out wrong ("Fix `num_items_in_batch` over-counting for causal LM losses")
              r"\b(?:over|under|double)[- ]?count(?:s|ed|ing)?\b|\bcounted twice\b|"
              # what the old code always did: "The model was always using scaling=True, whatever was passed"
              r"\b(?:was|were) always [a-z]{2,}ing\b|"
              # a value the user could not change: "the threshold was not configurable at all, always hard-set to 0.5"
              # (in the present, "the path is hardcoded for now" is often a limit of the new code itself)
              r"\b(?:was|were) (?:always |still )?(?:hard[- ]?coded|hard[- ]set|hard[- ]?wired)\b|"
              r"\b(?:was|were) not (?:\w+ )?(?:configurable|customi[sz]able|adjustable)\b|"
              # what the slip cost: "fix a typo that costed me a month of work"
              r"\b(?:that|which) cost(?:ed)? (?:me|us|them|users|people) "
              r"(?:a |an |one |two |three |several |many |\d+ )?(?:days?|weeks?|months?|hours?)\b|"
              r"\bvulnerab\w*|\bexploitable\b|\bcve-\d|\bsecurity (?:issue|fix|problem|risk|hole|bug)|\bbottlenecks?\b|"
              # a dependency taken over: "the `lightning` package has been compromised and is now in quarantine"
              r"\b(?:has been|have been|was|were|got|is|are) (?:now )?(?:compromised|hijacked)\b|"
              # ("Add KL divergence between two distributions" names a measure, not a run that diverges)
              r"\bstall(?:s|ed|ing)?\b|(?<!\bkl )(?<!\bkl-)(?<!leibler )(?<!shannon )(?<!\bjs )(?<!\bf-)(?<!bregman )"
              r"\bdiverg(?:e|es|ed|ing|ence)\b(?! from\b)|\bexplod(?:e|es|ing)\b|\bblows? up\b|"
              # a training run that falls into one state: "Fixes mode collapse issues" ("collapse the batch dims" is
              # an op; "noise + GAN - but seeing mode collapse" is what the author's own run still shows)
              r"\b(?:mode|posterior|representation|feature|training|loss|model) collapse\b(?<!seeing mode collapse)|"
              # "might have tampered with the optimizer's state, and messed up a lot"
              r"\b(?:mess|screw)(?:es|s|ed|ing)? (?:[\w-]+ ){0,2}?up\b|"
              # ("Add contamination detection" names a feature; "the splits would be contaminated" is the harm)
              r"\b(?:is|are|was|were|be|been|gets?|got|becomes?) contaminated\b|"
              r"\bnon-?determinis\w*|\bcorrupt\w*|\btimes? out\b|\btimed out\b|\bspam\w*|\bunsafe\b|"
              # ("how to create a noisy dataset" names a kind of data)
              r"\bnoisy\b(?! (?:datasets?|data|speech|audio|samples?|images?|inputs?|versions?|copies|copy)\b)|"
              # a visible defect that the change fixes or avoids ("fix inpaint distortion outside the preview");
              # "Add lens distortion augmentation" names a transform, so the fixing verb must come first
              r"\b(?:fix\w*|avoid\w*|prevent\w*|reduc\w*|remov\w*) (?:[\w-]+ ){0,3}?(?:distortions?|flicker\w*|"
              r"jitter\w*|blurr\w*|ghosting|banding|seams?|color shifts?|colou?r casts?)\b|"
              # one part getting in the way of another: "the built-in seeding interferes with worker_init_fn"
              r"\binterfer(?:e|es|ed|ing|ence)\b|\bclash(?:es|ed)? with\b"),
        # a cost the change takes away: "packing kernels to remove sync overheads for FlashAttention"
        (1.0, r"\b(?:remov\w*|drop\w*|cut\w*|eliminat\w*|reduc\w*|avoid\w*|lower\w*|minimi[sz]\w*) (?:the )?"
              r"(?:[\w-]+ ){0,3}?overheads?\b"),
        # an outside change the author noticed: "in recent torchvision, the module names seem to have changed";
        # something left out: "it is used in finetune.py, but it's been omitted in requirements.txt"; a fix
        # of a named exception anywhere in its sentence ("Fixes … from running: AttributeError: LOGGING_FILE")
        (1.0, r"\b(?:seems?|appears?) to (?:have )?(?:changed|been (?:renamed|removed|moved|deprecated|dropped))\b|"
              # ("In the new version, the config is read from YAML" tells this PR's own new version)
              r"^in (?:recent|newer|later) (?:versions? of |releases? of )?[\w. -]{2,30},|"
              r"\b(?:has been|have been|'s been|was|were|is|are|got) (?:\w+ly )?(?:omitted|left out|forgotten)\b|"
              # (not a fix of the error's text: "Fix typo in the ValueError message")
              r"^\W*(?:fix|fixes|fixed|fixing|resolv\w*|solv\w*)\b(?!.*\b(?:typo|typos|docstring|messages?|format\w*|"
              r"spelling|wording|comments?|text|docs?|documentation)\b).{0,200}?\b(?:[a-z]{3,}(?:error|exception)|excname)\b"),
        # what the old code lacks, said as a state ("finetuning_args is missing when resuming"; "Add missing X"
        # names the change); a fix whose sentence tells what the code produced ("Fix save_pretrained saves an
        # empty adapter"); a change made in answer to users ("In response to community need, …")
        (1.0, r"(?<=[a-z0-9'`] )(?:is|are|was|were) (?:still |also )?missing\b|"
              # the same state, hedged or told with "there is": "which appears to be missing", "it looks like there
              # is some missing code"
              r"\b(?:seems?|seemed|appears?|appeared|looks?|looked) to be missing\b|"
              r"\bthere (?:is|are|was|were) (?:some |a |an )?missing\b|"
              r"\bfix\w*\b.{0,80}?\b(?:saves?|returns?|produces?|gives?|outputs?|writes?|generates?|yields?|loads?) "
              r"(?:an? |the )?(?:empty|blank|wrong|incorrect|corrupt\w*|invalid|nan|none|duplicated?)\b|"
              r"\bin response to (?:the )?(?:community|user|users'|customer|popular)? ?(?:needs?|requests?|demand|feedback)\b|"
              # a fix of what went missing, told with when it went: "Fixed missing nodes after updating ComfyUI"
              r"^\W*(?:fix|fixes|fixed|fixing)\b (?:the )?missing (?:[\w.`-]+ ){1,4}?(?:after|when|since) (?:an? |the )?"
              r"(?:updat|upgrad|install|restart|reload|resum)\w*\b"),
        # a machine the code could not serve before: "use the CPU if CUDA is not available"; a tool that
        # complained ("PyCharm was complaining", "mypy complains about …")
        (0.9, r"\b(?:if|when) (?:cuda|a gpu|gpus?|mps) (?:is |are )?(?:not|isn't|aren't) (?:available|present|found)\b|"
              r"\bif no (?:cuda|gpu)s?\b|\bcomplain(?:s|ed|ing)?\b"),
        # the goal of making two things agree: "tweaks to make the wav2vec2 output exactly match torch"
        (0.9, r"\bto make (?:[\w.`'-]+ ){1,4}(?:exactly |closely |fully |always )?(?:match|agree|identical|equal|"
              r"consistent|compatible)\b"),
        # what the code did by mistake, a value that turns into nothing, what can no longer be had:
        # "discarded the first voxel by mistake", "the control object becoming None", "not on PyPI anymore"
        # ("Mistakenly created": the PR itself, opened by mistake)
        # ("Refactoring accidentally removed the pretrained path"; "I accidentally closed the PR" is about the PR)
        (1.0, r"\b(?:by mistake|mistakenly|erroneously|inadvertently|unintentionally|wrongly)\b"
              r"(?<!^mistakenly)(?<!^wrongly)|"
              r"\baccident(?:al)?ly\b(?! (?:closed|opened|pushed|force-pushed|created|submitted|requested)\b)|"
              r"^(?:mistakenly|wrongly)\b(?! (?:created|opened|submitted|raised)\W*$)|"
              r"\b(?:becom(?:e|es|ing)|became|turn(?:s|ed|ing)? into) (?:none|null|nan|nans|empty|undefined|inf)\b|"
              r"\b(?:not|no longer) (?:[\w-]+ ){0,4}?anymore\b|\bnot (?:available|availible) (?:on|in|from) pypi\b"),
        # what the code failed to do before: "the load balancing loss was not being added when …"
        (0.9, r"(?<=[a-z0-9'`] )(?:wasn't|weren't|was not|were not) "
              r"(?:being|getting) (?:\w+ly )?\w+(?:ed|en|wn)\b|"
              # "the previous patching was not taking into account the second root": what it kept failing to do
              r"(?<=[a-z0-9'`] )(?:wasn't|weren't|was not|were not) (?:\w+ly )?(?!being\b|getting\b|going\b)\w{3,}ing\b|"
              # "the dtype of the zero point is not correctly set", "weights were not properly loaded"
              r"(?<=[a-z0-9'`] )(?:is not|are not|was not|were not|isn't|aren't|wasn't|weren't) "
              r"(?:correctly|properly) \w+"),
        # "X does not work": a statement about the code. A sentence that opens with "Do not …" is an
        # instruction (what the change does), so a word must come before the negation; "samplers which
        # don't need X" describes a kind of thing, so "need" and "have" after "which/that/who" do not count.
        (1.0, r"(?<=[a-z0-9')`] )(?:doesn't|does not|didn't|did not|don't|do not|isn't|is not|wasn't|was not|"
              r"aren't|are not|weren't|were not|won't|will not|cannot|can not|can't|couldn't|could not|never) "
              # ("load_state() does not actually load optimizer state", "it doesn't seem to log properly")
              r"(?:seem to |appear to )?(?:actually |really |always |properly |correctly |even )?(?:work|"
              r"works|run|load|save|compile|build|import|converge|train|support|supported|respect|match|handle|"
              r"get|see|exist|apply|update|reset|stop|return|pass|affect|propagate|take|use|free|release|raise|"
              r"account|consider|honou?r|call|trigger|show|print|log|include|safe|"
              # "the group score does not produce any output"
              r"produce|output|generate|thread-?safe|sync|synchroni[sz]e|resume|finish|"
              # a participle after "is not": "checkpointing is not applied to LoRA" (the state today)
              r"applied|saved|loaded|updated|called|propagated|freed|released|respected|triggered|logged|"
              r"restored|cleared|synchroni[sz]ed|synced|"
              r"correct|deterministic|reproducible|picklable|serializable|possible|"
              # "it is not compilable with cuda graph now"
              r"compatible|compilable|compliable|traceable|exportable|scriptable|differentiable)\b|"
              r"(?<!which )(?<!that )(?<!who )(?<=[a-z0-9'] )(?:doesn't|does not|didn't|did not|don't|do not|"
              r"won't|will not|cannot|can't|never) (?:need|have)\b"),
        # "fix pytorch frontend not support logical or", "the kernel not supporting fp16": the verb's helper
        # left out, as second-language writers often do
        (0.9, r"(?<!\bdoes )(?<!\bdo )(?<!\bdid )(?<!\bwill )(?<!\bcan )(?<!\bmay )(?<!\bmight )(?<!\bcould )"
              r"(?<!\bwould )(?<!\bshould )(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bwhy )(?<=[a-z0-9] )"
              r"not support(?:s|ing)?\b"),
        (1.0, r"\bno longer (?:works?|runs?|loads?|compiles?|builds?|imports?|converges?|trains?|passes)\b|"
              # "the gradients get averaged over the world size, and that's not necessarily what we want"
              r"\bnot (?:necessarily |always |really |quite )?what (?:we|you|users?|the user|one|people|most people) "
              r"(?:want|wants|wanted|expect|expects|expected|need|needs|intended)\b|"
              r"\bstopped working\b|\bnot working\b|\bunable to\b|\bimpossible\b|\bnot possible\b|\bno way to\b|"
              # ("There is no content change in this PR" tells the PR's scope; "There are no breaking changes
              # between the previous version and this one" is an assurance)
              r"\bthere (?:is|was|are|were|'s) no\b(?! (?:functional |behaviou?ral |content |code |logic |api |"
              r"user-facing |real |other |numerical |breaking )?changes?\b)|\blacks?\b|\blacking\b|\bwithout this\b|"
              r"\bthe (?:problem|issue|bug) (?:here|with)\b|"
              # what the mistake did: "This typo will make we never set masked token as random token"
              r"\b(?:this|the|that) (?:typo|bug|mistake|error|issue) (?:will |would )?(?:make|makes|made)\b|"
              # "the suggested versions are known to have issues", "… negative offsets, which is not good": a
              # problem told in passing ("This is not expected to change results" is an assurance)
              r"\bknown to (?:have|cause) (?:some |many |several |a few )?(?:issues|problems|bugs|errors|crashes)\b|"
              r"\b(?:which|that|this|it) (?:is|was) not (?:good|ideal|great|desired|desirable|"
              r"(?:expected|intended)(?! to\b)|what (?:we|you|users|people) want)\b|"
              # "The bug is fixed." reports the change, not the problem
              # ("The issue was first raised here: <link>" points to where it was talked about)
              r"\bthe (?:problem|issue|bug) (?:is|was)\b(?! (?:now |already |also |then )?(?:fixed|solved|resolved|"
              r"addressed|gone|closed)\b)(?! (?:first |originally |initially )?(?:raised|reported|opened|filed|"
              r"created|discussed|mentioned|described|tracked)\b)|"
              # "the cited issue with minimal side effects": the issue pointed to, not a problem told
              r"(?<!\bcited )(?<!\blinked )(?<!\breferenced )(?<!\bmentioned )(?<!\brelated )(?<!\babove )"
              r"\b(?:bug|issue|problem) (?:where|when|in which|with|"
              # "Addresses an issue seen in <link> where we may not be telling users …": where it was met, then
              # what goes wrong
              r"(?:seen|reported|observed|found|raised|met|hit) (?:in|on|at|by) (?:[\w.#/`:-]+ ){1,3}?"
              r"(?:where|in which)|"
              # "Fixes a bug in RW / TWRW checkpointing where the buffers …": the place, then what goes wrong
              r"(?<=\bfix the bug )(?:[\w.`/-]+ ){1,6}?(?:where|in which|that causes|which causes|causing)\b|"
              # ("the issue that was discussed in #52" only points to where it is told)
              r"that(?! (?:was|were|is|has been|i|we) (?:\w+ )?(?:discussed|reported|mentioned|raised|described|"
              r"opened|filed|linked|referenced|noted)\b))\b|\bhard to\b|\bdifficult to\b|\bpainful\b|\bcumbersome\b|\berror-prone\b|"
              r"\bis deprecated\b|\bwas deprecated\b|\bare deprecated\b|\bdeprecation warnings?\b|"
              r"\bwill be removed\b|\bwarnings? (?:is|are|was|were|gets?|about|when)\b|\bemits? (?:a )?warning\b|"
              r"\btoo (?:slow|large|big|long|small|strict|loose|high|low|verbose|new|old|recent|aggressive|noisy)\b|"
              # "too simple for any meaningful analysis", "too noisy to learn from"
              r"\b(?:is|are|was|were|gets?|got|became|becomes) (?:far |way |much |a bit |slightly )?too (?!many\b|much\b)\w+ "
              r"(?:for|to) \w|"
              r"\btoo (?:much|many)\b(?! (?:faith|trust|credit|love|fun|thanks|praise)\b)|"
              r"\b(?:is|are|was|were|very|quite|really|extremely|painfully|so) slow\b|\bslow(?:er|ly|ness|down|s)\b|"
              # a fix of what was slow or silently wrong: "Fix slow tokenization", "Fix silent truncation of …"
              r"\bfix(?:es|ed|ing)? (?:the |a )?(?:very )?slow\b|\bsilent (?:truncation|failures?|corruption|overflows?|"
              r"data loss|errors?|bugs?|drops?|nans?|mismatch(?:es)?)\b|"
              # a speed symptom named by its figure: "fix Apple Silicon low FPS", "poor GPU utilization"
              r"\b(?:low|poor) (?:fps|frame ?rates?|throughput|(?:gpu |device )?utili[sz]ation)\b|"
              r"\bexpensive\b|\bcostly\b|\bwasteful\b|\bwastes?\b|\bduplicat(?:e|es|ed) (?:work|computation|calls?)\b|"
              # the saving told as what no longer happens: "arrays can be passed to another library without copying
              # the data"
              r"\bwithout (?:copying|a copy|any cop(?:y|ies)|(?:an )?extra cop(?:y|ies))\b|"
              r"\boutdated\b|\bout of date\b|\bstale\b|\bobsolete\b|\bend of life\b|"
              # "OpenAI Gym has been unmaintained for several years"
              r"\bunmaintained\b|\bno longer (?:being |actively )?maintained\b|\bnot maintained (?:anymore|any more)\b|"
              # "Python 3.9 is EOL" ("EOL characters" are line ends)
              r"\b(?:is|are|was|were|reached|reaches|went) (?:now |already )?(?:eol|end-of-life)\b"),
        # (", so long as the batch size is fixed" is a condition)
        (1.0, r", so (?!on\b|far\b|long as\b|(?:this|it) is " + _KIND_OF_CHANGE + r")|"
              r"\bthan (?:expected|configured|intended|necessary|needed|requested|"
              r"documented|it should)\b|\bout[- ]of[- ]bounds\b|\barbitrary code\b|\bkill(?:s|ed)\b|"
              r"\b(?:dies|died|stuck|spiked|degrad(?:es|ed|ation))\b|"
              # "loss spikes", "spikes in memory"; "Spikes pipeline" (a spiking network) names no symptom
              r"\b(?:loss|memory|gradient|grad|latency|usage|vram|ram|cpu|gpu|norm|time) spikes?\b|"
              r"\bspikes? (?:in|of) (?:the )?(?:loss|memory|latency|gradients?|usage|vram|step time)\b|\b404\b|\b50[03] errors?\b|"
              r"\bdead links?\b|\bbroken links?\b|\brais(?:es|ed|ing) (?:an? )?\w*(?:error|exception|warning)\b|"
              r"\b(?:rais(?:es|ed|ing)|throws?|threw|gets?|got|hits?|with an?|fails with) (?:an? )?excname\b|"
              # "the following error arises during gradient accumulation", "the evaluate function throw error"
              r"\b(?:errors?|exceptions?|crash(?:es)?|excname) (?:arises?|arose|occurs?|occurred|appears?|appeared|"
              r"happens?|happened|shows up|showed up|pops up|popped up|is thrown|was thrown)\b|\bthrow (?:an? )?error\b|"
              # "torch>=2.4 will throw warning if …", "it might raise errors when …"
              r"\b(?:will|would|may|might|can|could) (?:throw|raise|emit) (?:an? |the |many |lots of )?(?:[\w-]+ )?"
              r"(?:warnings?|errors?|exceptions?)\b|"
              # "Line 166 was throwing an error", "the training system produces an error", "the task segmentation
              # generates an error"
              r"\b(?:was|were|is|are|kept) (?:throwing|raising|producing|giving|returning|generating) (?:an? |the )?"
              r"(?:[\w-]+ )?(?:error|exception)s?\b|"
              r"\b(?:produces|produced|gives|gave|generates|generated) (?:an? |the )?(?:[\w-]+ )?(?:error|exception)s?\b|"
              r"\bpast the end\b|\bbeyond the end\b|\bnon-?existent\b|\bout of range\b|\boverrun\b|\bassumed\b|"
              # "the loader assumes square images" tells what was wrong; "This assumes that …" is the new code's
              # precondition
              r"(?<!\bthis )(?<!\bit )(?<!\bthat )(?<!\bwhich )\bassum(?:es|ing)\b|"
              # an assumption judged: "This is not a safe assumption, as transformations can add reductions"
              r"\bnot (?:a )?(?:safe|valid|correct|true|right|sound) assumption\b|\bassumption (?:is|was|isn't|wasn't) "
              r"(?:not |wrong|incorrect|invalid|unsafe|false)|\b(?:incorrectly|wrongly|mistakenly) assum(?:es|ed|ing)?\b|"
              # a gain against what was there: "higher MOTA and HOTA than the original tracker"
              r"\b(?:higher|better|lower|faster|smaller|fewer|more accurate|more stable) (?:[\w-]+ ){0,4}?than (?:the )?"
              r"(?:original|baseline|previous|current|default|existing|old|vanilla|stock|upstream)\b|"
              r"\b(?:lower|higher|worse|slower|larger|smaller|bigger|better) than\b|"
              # "this issue from the last commit makes the repo not work"
              r"\bmakes? (?:the |it |this |that |[\w.-]+ ){0,3}?not (?:work|run|load|compile|train|build|import)\b|"
              # an outside release: "torchmetrics >=1.0.0 introduces some breaking changes"
              r"\d[\w.]*\+? (?:introduces?|introduced|has|brings?|contains?) (?:some |a few |many |several )?breaking "
              r"changes?\b|\b(?:following|after|due to|because of|per) (?:the |a |an |upstream )?(?:[\w.-]+ )?breaking "
              r"changes?\b|"
              # "Update for pytorch and gym v0.26.0 breaking change": what the change keeps up with
              r"^(?:update|updates|updated|updating|adapt|adapts|adapted|fix|fixes|fixed) for (?:the )?"
              r"(?:[\w.-]+ ){1,5}?"
              r"breaking changes?\b|"
              # "addresses the breaking change in spaCy's 3.7+ tensor format": an outside change the PR follows
              r"\b(?:address\w*|handl\w*|adapt\w* to|accommodat\w*|fix\w*|work\w* around) (?:the |a |an |upstream )?"
              r"(?:recent |latest |new )?breaking changes? (?:in|of|from|introduced)\b|"
              r"\b(?:should|does|will) now work\b|\bnow works? (?:with|on|for|beyond)\b|"
              # "…, now it works for pytorch tensors": what did not work before
              r"\bnow (?:it|this|that|they) works? (?:with|on|for|beyond|again|correctly|properly|as expected)\b"),
        # ("The default is still DDIM" tells what the change leaves as it was)
        (0.8, r"(?<!default is )(?<!default remains )(?<!\bi will )(?<!\bwe will )(?<!\bi'll )(?<!\bwe'll )\bstill\b"
              r"(?! (?:the )?default\b| works?\b| (?:is |are )?(?:supported|available|accepted|valid|usable)\b)|"
              r"\bno longer\b|"
              r"\btwice\b(?![- ](?:daily|weekly|monthly|a day|a week|a month|per))|^without\b|"
              r"\b(?:not|never) (?:been )?(?:called|used|needed|read|"
              r"reached|exercised|tested|maintained)\b|"
              # "no tests are added" is a note on this PR
              r"\bno (?:callers|users|tests)\b(?! (?:are|were|have been|has been|added|included|yet|for now)\b)"),
        # consequences, costs and surprises described in plain words
        (0.9, r"\bblow(?:s|ing)? up\b|\bblew up\b|\blonger than\b|\b(?:took|takes|take) (?:\w+ )?(?:longer|too long|"
              r"forever|a long time|ages|minutes|hours)\b|"
              # ("The data set takes about 902 hours" is its size in hours of audio; "Weekly tests take about 1.5
              # hours" is how long the new tests run)
              r"(?<!data set )(?<!dataset )(?<!corpus )(?<!tests )\btakes? (?:about |around |over |almost )?\d[\d.]* ?"
              r"(?:ms|s|sec|seconds|minutes|min|hours|h)\b|\blos(?:e|es|ing|t)\b|\b(?:this|which|that|it) meant\b|"
              r"\bmeant that\b|\bcan now\b|\bcosts? (?:about |around |roughly |up to )?\d|\bquadratic\b|"
              r"\bsometimes\b|\bprematurely\b|\bin (?:some|rare|certain|many|most) cases\b|\boccasionally\b|\bintermittent(?:ly)?\b|"
              r"\bunclear\b|\bnot obvious\b|\bnon-obvious\b|\bsurpris(?:ing|ed|ingly)\b|\bannoying\b|\btedious\b|"
              r"\bhot (?:path|loop)\b|\bidiomatic\b|\bpythonic\b|(?<!\()\brecommended\b(?!\W{0,4}\))|\bless code\b|"
              r"\bfewer lines\b|"
              # "I would like to thank …", "I'd like to add": manners, or the change itself, not a wish it serves
              r"\b(?:we|i)(?:'d| would) like\b(?! to (?:thank|ask|request|mention|note|add|submit|contribute|do|"
              r"propose|introduce|share|say|open|make a)\b)|\bit would be (?:nice|good|useful|great|better|easier)\b(?! to (?:get|have|hear) (?:your |some |any )?(?:feedback|review|thoughts|comments|input|opinions?)\b)|"
              r"\bexpected (?:behaviou?r|result|output|value)\b|\bbehaves?\b|\bmatches? (?:what|how)\b|"
              r"\b(?:removed|deprecated|dropped|renamed) in (?:python|numpy|torch|pytorch|cuda|version|v?\d)|"
              # ("Moved recommend to the Lightning module: helps introduce custom tying": the benefit after a colon)
              r"\bneeds? to\b|(?:^|[:;–—] )helps\b"),
        # measurements and past events: what happened before the change
        (0.9, r"\d ?(?:ms|s|sec|seconds|minutes|min) per (?:batch|step|iteration|epoch|sample|token|image|call)\b|"
              # a cost cut to a share of what it was: "I reduce the time for lidar to 10%"
              r"\b(?:reduc|cut|lower|shrink|decreas)\w* (?:the )?(?:[\w-]+ ){0,3}?(?:time|memory|latency|runtime|vram|"
              r"cost|overhead|usage)\b(?: [\w-]+){0,4}? to (?:about |around |roughly |only |just |under |below )?"
              r"\d+(?:\.\d+)? ?%|"
              # "the diff pushes QPS from 25319 to 25737", "a memory savings of 4GB"
              r"\b(?:qps|throughput|accuracy|latency|mfu|tflops|bleu|wer|perplexity|speed)\b[^.;]{0,20}? from \d[\d.,]*"
              r"\s?\S{0,5} to \d|\b(?:memory|time|compute|cost|vram|gpu) savings?\b|\bsavings? of (?:about |around |up to )?\d|"
              # ("Add 480P, 10FPS variants of the model" names what is added)
              r"\d+(?:\.\d+)? ?(?:points?|pp|it/s|samples/s|tokens/s|img/s|images/s|fps)\b"
              r"(?! (?:variants?|versions?|models?|checkpoints?|configs?|presets?)\b)|"
              r"\b(?:top-?[15]|map|ap|bleu|rouge|wer|f1|ppl|perplexity)\b (?:of |is |was |goes |reaches |improves )?"
              r"(?:from |to |by )?\d|\b(?:reach(?:es|ed)?|achiev(?:es|ed)|brings? (?:it|this|that) (?:down )?to|"
              r"goes (?:down |up )?to|drops? to|went (?:down |up )?to) (?:about |around |under |over |below |above )?\d|"
              r"\bpoints? (?:above|below|higher|lower|better|worse)\b|\bidle\b|"
              # ("Missed one", "I missed this in #12": the author's own slip in an earlier commit, not the code's)
              r"(?<!the )(?<!any )(?<!\bi )(?<!\bwe )(?<!^)\bmiss(?:es|ed)\b(?! keys?\b)|"
              r"(?<!\bi )(?<!\bwe )\b(?:took|sat|went(?! with| for| ahead)|became|fell|grew|slipped|spent|stayed|ended up|came back)\b|"
              r"\b(?:cannot|can not|can't|could not|couldn't|unable to) \w+|"
              # ("This implementation didn't do any padding" tells the new code's scope)
              r"(?<!\bi )(?<!\bwe )(?<!\bthis implementation )(?<!\bthis implement )(?<!\bthis version )"
              r"\b(?:didn't|did not) \w+|"
              r"\b(?:wasn't|weren't) \w+|"
              # "the docs said it defaults to 4, but it is 2": what was claimed against what is
              r"\b(?:said|says|say|claimed|claims|stated|states|documented|promised|promises) [^,;]{3,80}, but "
              r"(?:it|this|that|they|the \w+|\w+) (?:is|was|are|were|does|did|has|had|actually|really)\b|"
              # "the image was not taken into account": a past state of the code, told in the passive
              r"\b(?:was|were) not (?!changed\b|modified\b|touched\b|affected\b|altered\b|updated\b|needed\b|"
              r"used\b|tested\b)(?:\w+ed|taken|given|seen|done|shown|kept|found|run|built|written|read|set|sent|"
              r"made|thrown|known|freed|hit|caught)\b|"
              # "some review comments are not addressed": what is still wrong, in the present passive
              r"\b(?:is|are) not (?:yet )?(?:addressed|resolved|handled|respected|honou?red|propagated|freed|"
              r"released|restored|saved|synced|cleared|reset|stable)\b"),
        # ("the code that I used to evaluate the model", "the script I used to count flops": what the author used
        # it for; "the code we used to have" is the old state)
        (0.9, r"\b(?:it|this|that|they|which|code|people|users|everyone|everything|there|"
              + "".join(rf"(?<!\b{w} )" for w in "that which code script scripts notebook snippet".split())
              + r"(?:we|i)) used to\b|\b(?:we|i) used to (?:have|be)\b|"
              r"\b(?:over|under)fit(?:s|ting)?\b|\bwill (?:stop|break|fail|crash|no longer|not work|raise)\b|"
              r"\bunless\b|\bjump(?:s|ed)\b"),
        # a state described in the past passive ("gradients were carried into …") reads as the problem;
        # the change verbs ("was renamed", "were moved") are the mechanism and do not count
        (0.8, r"(?<!\bnothing )(?<!\beverything )\b(?:was|were)\b (?:\w+ly )?(?!(?:added|removed|renamed|moved|updated|changed|replaced|"
              r"refactored|introduced|deleted|merged|reverted|bumped|extracted|converted|simplified|cleaned|"
              r"implemented|rewritten|reworked|modified|adjusted|tweaked|fixed|created|tested|split|made|"
              r"used|based|inspired|generated|discussed|reviewed|approved|dropped|upgraded|ported|"
              r"migrated|exposed|documented|reformatted|formatted|linted|collected|measured|obtained|recorded|"
              r"benchmarked|profiled|gathered|"
              # ("were associated with testing the models" tells what the files are for)
              r"associated|related)\b)\w+ed\b"),
        # effect
        (0.9, r"\bby (?:about |around |roughly |~|over |up to |almost |nearly )?\d[\d.,]*\s?(?:%|x|×|lines|ms|s|"
              r"sec|seconds|minutes|gb|mb|gib|mib|kb|times)(?!\w)|"
              # the "by" left out: "cut VAE calls up to 15x in tiled encoding"
              r"\b(?:cuts?|cutting|reduc(?:es?|ed|ing)|lowers?|lowered|decreas(?:es?|ed|ing)|speeds? up|"
              r"(?:sped|speeded) up) "
              r"(?:[\w-]+ ){1,4}?(?:up to|about|around|roughly|nearly|almost) ~?\d[\d.,]*\s?(?:%|x|×|times)(?!\w)|"
              # the same told with "on" ("performance raised on 80%", as some first languages say it)
              r"\b(?:raised|rose|increased|improved|decreased|reduced|dropped|fell|grew|boosted) on "
              r"(?:about |around |roughly |~|almost |nearly )?\d[\d.,]*\s?%"),
        # ("Enables FP16 inference support" adds the support, as "Add FP16 support" does)
        (0.75, r"^(?:allows|enables|lets|makes it possible|permits)\b(?! (?:the )?(?:[\w.-]+ ){0,4}?support\W*$)|"
               # a goal told as what someone or something ought to manage: "Mobile should be able to build
               # dynamic types by default" ("You should be able to run it with …" is how to use the change)
               r"^(?!(?:you|it|this|that|then|now)\b)(?:[\w-]+ ){1,4}should (?:also )?be able to\b|"
               r"(?<!\bby )(?<!\bby other )\b(?:users|people|researchers|customers|practitioners)\b"),
        # an effect in the title's own words: "Blazing fast W4A16 inference"
        (1.0, r"\b(?:blazing(?:ly)?|lightning)[ -]fast\b|"
              # duplication avoided: "Instead of duplicating the metadata of an existing tokenizer, the card refers
              # to it"
              r"^instead of (?:duplicating|copying|repeating)\b|"
              # a belief the docs corrected: "FP16 is not the only data type for mixed precision fine-tuning"
              r"\b(?:is|are) not the only (?:[\w-]+ ){0,2}?(?:option|way|choice|type|data type|dtype|backend|format|"
              r"device|precision)s?\b"),
        # a variable read before it is set ("Fix using G before assignment"), a CUDA illegal memory access by its
        # short name ("fix IMA in the kernel"), a comparison won ("should be superior to the existing v1"), CI
        # kept passing ("keep some CI jobs green by skipping …")
        (1.0, r"\b(?:us(?:e|es|ed|ing)|read(?:s|ing)?) (?:[\w.`-]+ ){1,2}?before "
              r"(?:assignment|definition|initiali[sz]ation|being (?:assigned|defined|set))\b|"
              # Python's own words for a failed call: "Trainer() got multiple values for keyword argument 'callbacks'",
              # "takes 2 positional arguments but 3 were given", "'NoneType' object has no attribute 'cpu'"
              r"\bgot (?:multiple values for|an unexpected) (?:keyword )?argument\b|"
              r"\bmissing \d+ required (?:positional |keyword-only )?arguments?\b|"
              r"\btakes (?:from )?\d+ (?:to \d+ )?positional arguments? but \d+ (?:was|were) given\b|"
              r"\bobject (?:has no attribute|is not (?:callable|subscriptable|iterable))\b|"
              # Python's own words: "local variable 'x' referenced before assignment"
              r"\breferenc(?:e|es|ed|ing) (?:[\w.`-]+ ){0,2}?before "
              r"(?:assignment|definition|initiali[sz]ation|being (?:assigned|defined|set))\b|"
              r"\bfix(?:es|ed|ing)? (?:an? |the )?imas?\b|\bsuperior to\b|"
              r"\bkeeps? (?:the |some |all |our )?(?:ci|tests?|builds?)(?: [\w-]+){0,2} green\b"),
        # what more the change makes work: "the more objects can be detected with this modification"
        (0.9, r"\bmore (?:[\w-]+ ){1,2}(?:can|could) (?:now )?be [a-z]+(?:ed|en) (?:[\w-]+ ){0,3}?"
              r"(?:with|after|thanks to|by) this (?:modification|change|fix|pr|patch)\b"),
        # one thing less to install: "k-means++ in torch (no sklearn dependency required)"
        # ("No new dependencies required" answers a template: nothing is dropped)
        (0.9, r"\bno (?!(?:new|additional|extra|other|further|more|external)\b)[\w.-]+ dependenc(?:y|ies) "
              r"(?:on [\w.-]+ )?(?:is |are )?(?:required|needed)\b|"
              r"\bwithout (?:a |any |the )?(?:[\w.-]+ )?dependenc(?:y|ies) on\b"),
        # a measured change told as a rise or fall: "the number goes up from 2500 to 5100"
        (0.9, r"\b(?:goes|went|go|gone|going) (?:up|down) from (?:about |~)?\d[\d.,]*%?(?: [a-z/]+)? to "
              r"(?:about |~)?\d"),
        # ("the training speed is 6-7 times that of the CPU": a ratio against the old way)
        (1.0, r"\d(?:\.\d+)? ?(?:x|×|times) (?:that of|as fast as|as much as)\b|"
              r"\d(?:\.\d+)? ?(?:%|x|×|times)(?: \w+)? (?:faster|slower|speed\w*|less|more|fewer|smaller|"
              r"lower|higher|reduction|improvement|memory|throughput|better|quicker|cheaper)\b|"
              # a ratio measured on a named quantity: "2.66x batch size increase", "max batch size: 2.33x"
              r"\d(?:\.\d+)? ?(?:x|×)(?: \w+){1,2} (?:increase|decrease|gain|growth|reduction)\b|"
              r"\b(?:batch size|throughput|speed|memory|latency|step time|tokens/s|samples/s)\b[^.;]{0,40}?"
              r"(?::|of|by) ?\d+(?:\.\d+)? ?(?:x|×)(?!\w)|"
              r"\bfrom ~?\d[\d.,]* ?\w* to ~?\d[\d.,]* ?(?:ms|s|sec|seconds|minutes|gb|mb|gib|mib|%|it/s)\b|"
              # the new figure against the old one: "the accuracy up to 99% which is 98% before"
              r"\d(?:\.\d+)? ?%[^.;]{0,30}?\b\d+(?:\.\d+)? ?%? (?:before|previously|originally|on main|on master)\b"),
        (1.0, r"\bperf(?:ormance)? (?:improve\w*|boost\w*|gains?|fix(?:es)?|optimi[sz]\w*|regression)\b|"
              r"\b(?:improv\w*|boost\w*|optimi[sz]\w*|increas\w*|enhanc\w*|upgrad\w*) (?:the )?(?:[\w-]+ ){0,3}?(?:perf|performance|speed|throughput|latency|"
              r"memory usage|memory footprint|stability|reproducibility|determinism|(?:device |gpu |hardware )?utili[sz]ation|"
              r"occupancy|bandwidth)\b|"
              # "to better integrate with timm": an aim stated as the better way
              r"\b(?:to|will|would|should) better \w+\b|"
              r"\bfaster\b|\bspeeds? ups?\b|\bspeed-?ups?\b|\bquicker\b|\bmore efficient\b|\befficiently\b|"
              # a measured gain called an uplift: "Kernel provides 15% uplift"
              r"\d ?%(?: [\w/-]+)? uplift\b|"
              # what the new code is against the old: "This implementation is more generic and can be used for any …"
              r"\b(?:is|are|be) (?:now )?(?:much |far |a lot |a bit )?more (?:generic|general|flexible|robust|accurate|"
              r"stable|reliable|readable|maintainable|consistent|intuitive)\b|"
              # "… making the commands actually work": they did not before
              r"\bmak(?:e|es|ing) (?:the |it |them |this |these |those )?(?:[\w-]+ ){0,3}?actually "
              r"(?:work|working|run|usable)\b|"
              # a hedged symptom: "the torch<2 restriction seems to break installations on some Mac machines"
              r"\bseems? to (?:break|crash|fail|hang|corrupt)\b|"
              # a better replacement: "Replaces the int4 quantization function with a more accurate one"
              r"\b(?:with|by|for|to) (?:a |an |the )?(?:much |far )?(?:more (?:accurate|robust|efficient|stable|reliable|"
              r"general|flexible|readable|precise)|faster|simpler|cleaner|safer|better) (?:one|version|implementation|"
              r"approach|method|alternative|variant)\b|"
              # a gain over the old way, named as such: "KL on SFT data, which is a pareto improvement over the cross
              # entropy loss"
              r"\b(?:is|are|was|be|as|brings?|gives?|yields?|offers?|provides?) (?:a |an )?"
              r"(?:clear |big |large |small |slight |significant |strict |pareto |[\d.]+ ?% )?improvements? (?:over|upon)\b|"
              # the old code's narrow reach: "The previous legacy device call was only applicable for the CPU"
              r"\b(?:previous|old|legacy|original|existing)\b[^.;]{0,60}? (?:was|were) only (?:applicable|usable|"
              r"working|valid|available|supported|possible|compatible) (?:for|on|with|in|to|when)\b|"
              # a reach wider than the old way's: "which should cover many more cases than the CMU dictionary"
              r"\b(?:covers?|catch(?:es)?|handles?) (?:many |far |much |a lot |a few )?more (?:[\w-]+ ){0,2}?than\b|"
              # the thing sped up named between the verb's parts: "could speed things up a little"
              # ("speeded up" is the older past tense, still written)
              r"\b(?:sped|speeded) up\b|\b(?:speed|speeds|sped|speeded|speeding) (?!up\b)(?:[\w-]+ ){1,3}?up\b|"
              r"\b(?:higher|lower|lowers|lowered|better|improves?|improved|increases?|increased|reduces?|reduced|"
              r"decreases?|decreased|\d+(?:\.\d+)?(?: ?%|x| points?| pp)) "
              r"(?:[\w/-]+ ){0,3}?(?:throughput|latency|accuracy|memory|vram|ram|footprint|precision(?![ -](?:recall|metrics?)\b)|recall(?! metrics?\b)|loss(?! (?:scal|func|comp|hand|mod))|perplexity|"
              r"speed|(?:step|epoch|training|startup|loading|compile|inference|iteration|wall[- ]clock) time|"
              r"(?:device |gpu |hardware |sm |mfma |tensor core )?utili[sz]ation|occupancy|bandwidth)\b|"
              # a constraint of the world: "GradScaler only makes sense in float16 mode"; a legal reason named
              r"\bonly makes? sense (?:in|for|when|with|if|on|under)\b|\b(?:makes?|made) no sense\b|"
              # a limit of the hardware: "apparently all attention kernels require sm80"
              r"(?<=[a-z0-9] )(?:requires?|needs?) (?:at least )?(?:sm_?\d{2,3}|compute capability|ampere|hopper|blackwell)\b|"
              r"\b(?:copyright|licen[sc]e|licensing|legal|security|privacy) (?:issues?|problems?|concerns?|reasons?|"
              r"requirements?)\b|"
              # a bad result of the old code: "resulting in invalid `2 += n` code in the FX graph"
              r"\b(?:leads? to|leading to|led to|results? in|resulting in|resulted in) (?:an? |the |some )?(?:[\w-]+ )?(?:invalid|wrong|incorrect|broken|corrupt(?:ed)?|"
              r"garbage|malformed|inconsistent|non-?deterministic|unstable)\b|"
              # "Fix the LAMB reduction to be deterministic": what the old code was not
              r"\bfix(?:es|ed|ing)? [^.;]{1,60}? to be (?:deterministic|reproducible|thread-?safe|correct|consistent|"
              r"numerically stable|stable|accurate|idempotent)\b|"
              # a cost told by its share: "gradients, which take up most of the video memory"
              r"(?<!\bwhich )(?<!\bwhat )(?<!\bthat )(?<!\bshows )(?<!\bshow )(?:^|\b(?:which|that|they|it|these|those|[\w-]+s) )"
              r"(?:takes?|took|eats?|ate|consumes?|consumed|occup(?:y|ies|ied)) "
              r"(?:up )?(?:most|much|a lot|lots|half|all|the bulk|too much|\d+ ?%)(?: of)? (?:the )?(?:[\w-]+ )?"
              r"(?:memory|vram|ram|disk space|step time|training time|runtime)\b|"
              # "it re-initializes weights as well as uses more CPU memory": more memory than it should is a symptom
              r"\b(?:uses?|using|used|needs?|needed|takes?|took|allocates?|allocated) (?:much |far |a lot )?(?:more|too much|a lot of|"
              r"lots of|extra|excessive|twice the) (?:cpu |gpu |host |device |system |peak )?(?:memory|ram|vram)\b|"
              # the cost named as the trouble: "Fixes high RAM usage in LoRA loading", "excessive VRAM consumption"
              r"\b(?:high|higher|excessive|huge|too much|unnecessary|abnormal|unexpected|increased) (?:peak )?"
              r"(?:cpu |gpu |host |device |system )?(?:memory|ram|vram) (?:usage|use|consumption)\b|"
              # a limit the change lifts: "allow bigger batch size", "enables larger batch sizes"
              r"\b(?:allows?|allowing|enables?|enabling|permits?|supports?) (?:a |for |the use of )?(?:much )?"
              r"(?:bigger|larger|higher|longer) (?:batch sizes?|batches|context(?: lengths?)?|sequences?|sequence lengths?|"
              r"images|resolutions?|models)\b|"
              # an amount and what it is of: "48KB binary size reduction", "a 12 ms step time improvement"
              r"\d(?:\.\d+)? ?(?:kb|mb|gb|kib|mib|gib|ms|us|µs|%|x|×)(?: [\w-]+){1,3} (?:reduction|improvement|"
              r"speed-?up|savings?|decrease|gain|win)s?\b|"
              # a metric gained, told with a number: "Get 0.2 psnr boost on Lego"
              r"\b\d+(?:\.\d+)?\s?(?:db )?(?:psnr|ssim|map|miou|iou|auc|f1|bleu|wer|cer|fid|accuracy|acc|top-?[15]|"
              r"rouge[\w-]*|ap\d*) (?:boost|gain|improvement|increase|drop|reduction)\b|"
              # a signed change of a metric named by its short name ("+4.1% ACC", "+1.2 mAP", "-0.8 WER")
              r"(?<![\w.])[+-]\d+(?:\.\d+)?\s?(?:%|points?|pp)?\s?(?:acc|top-?[15]|map|miou|iou|auc|f1|bleu|wer|cer|fid|"
              r"psnr|ssim|rouge(?:-\w+)?|ap\d*)\b|"
              r"\b(?:throughput|latency|accuracy|memory(?: usage)?) (?:improves|drops|goes|increases|decreases|by)\b|"
              r"\bless (?:gpu ?|cpu ?|peak ?|device ?|host ?)?memory\b|\bless (?:prone|susceptible|vulnerable) to\b|"
              # what no longer has to be done: "run the notebooks without setting up an environment"
              r"\bwithout (?:having to|needing to|the need (?:to|for)|worrying about|(?:first )?(?:setting up|installing|"
              r"rebuilding|retraining|hard-?coding|hardcoding) )|\b(?:remov|eliminat)(?:es|ing) the need (?:for|to)\b|\bfewer (?:allocations|copies|syncs|kernels|launches|calls)\b|"
              r"\bavoids?\b|\bavoiding\b|\bprevents?\b|\bpreventing\b|\bprevented\b|"
              r"\bsav(?:e|es|ed|ing) (?:\w+ )?(?:memory|mem|vram|gpu memory|time|compute|space|disk|bandwidth|allocations?|copies|copy|"
              r"cost|gb|mb|%|ms|seconds|minutes|hours)\b|"
              # "this reduces …" is an effect; a sentence that opens with it ("Reduced example to use PyTorch")
              # names the change, and counts only with a cost as above ("Reduced memory use by 30%")
              r"(?<=[a-z0-9,;)] )(?:reduc(?:es|ing)\b|reduced (?!precision))|"
              # an amount saved or a quantity halved: "saves about 30% of GPU memory", "halves activation
              # memory", "cuts step time by half"; "doubles the batch size" is a new setting, not an effect
              r"\bsav(?:e|es|ed|ing) (?:(?:about|around|roughly|up to|over|nearly|almost) )?~?\d[\d.,]*\s?"
              r"(?:%|gb|mb|gib|mib|ms|s|sec|seconds|minutes|hours)(?!\w)|"
              # the amount told in words: "Saves a few minutes on reloading the model"
              r"\bsav(?:e|es|ed|ing) (?:(?:a few|several|some|many|a lot of|lots of|a couple of|hours of|minutes of) )"
              r"(?:seconds|minutes|hours|days|gb|mb|gigabytes)\b|"
              # the saving named as such: "Time save for a train epoch: 19 -> 12 minutes", "memory savings"
              # ("for RNN with only the latest memory saved" is a state the code keeps, not a saving)
              r"\b(?:time|memory|vram|compute|cost) "
              r"(?:sav(?:e|es|ing|ings)\b|saved(?=:| by\b| up to\b| (?:about |~)?\d))|"
              r"\b(?:halv(?:e|es|ed|ing)|cuts?|cutting|doubles?|doubled|doubling|triples?|tripled) (?:the )?"
              r"(?:[\w-]+ ){0,2}?(?:memory|vram|footprint|latency|throughput|runtime|overhead|"
              r"(?:step|epoch|training|startup|start-up|load(?:ing)?|compile|inference|run|wall[- ]clock) time)\b|"
              # "This cuts the time to hot reload the server in half" ("cuts the learning rate in half" is a setting)
              r"\b(?:cuts?|cutting|reduc(?:es|ed|ing)) (?:the |our )?(?:[\w-]+ )?(?:time|memory|latency|runtime|"
              r"overhead|cost|footprint|duration)\b[^.;]{0,60}?\bin half\b|"
              # ("shifted by half the patch size" is where something lies, not an effect)
              r"(?<!shifted )(?<!shift )(?<!shifts )(?<!offset )(?<!moved )(?<!padded )\bby (?:a )?half\b|"
              r"\blowers? (?:the )?(?:memory|peak|latency|cost|risk|time|overhead)\b|\bstability\b|\bstabili[sz]e"
              r"|\bunstable\b|\binstability\b|\bmore stable\b|"
              # ("add 3 robust aggregation algorithms", "introduces a robust callback system": a kind of thing added)
              r"(?<!\badd )(?<!\badds )(?<!\badded )(?<!\ba )(?<!\ban )(?<!\d )\brobust(?:ness)?\b|\bconverges?\b|"
              # "keeps backward compatibility"; "backwards compatible recipes" only describes the new recipes
              r"\bbackwards?[- ]compat(?:ibility|ibly)\b(?! tests?\b)|\bbackwards?[- ]compatible\b"
              r"(?! (?!with\b|for\b|and\b|by\b|so\b|to\b|as\b|in\b|on\b|now\b)[a-z]+)|\bsafer\b|\bsafely\b"),
        # an effect told with a verb of result: "which gives smoother validation curves", "leading to
        # faster inference", "results in a smaller and more predictive benchmark"
        (0.9, r"\b(?:gives?|giving|yields?|yielding|leads? to|leading to|results? in|resulting in|produces?|"
              r"producing) (?:a |an |much |slightly |significantly |far |noticeably )?(?:smoother|faster|slower|"
              r"better|higher|lower|smaller|larger|cleaner|simpler|easier|safer|stabler|quicker|cheaper|fewer|"
              r"(?:more|less) (?!than\b)\w+)\b"),
        # "for better performance" gives a reason, and so does "a seed function for reproducibility": a quality
        # the code gains is a goal whatever the new thing is ("support for reproducibility" names what is
        # supported). "scripts for testing informer" names what the scripts are used for, so a use ("for
        # testing", "for later use") counts only after another word.
        (0.85, r"(?<!support )\bfor (?:the )?(?:better |improved |easier |clearer |more )?(?:readability|consistency|clarity|"
               r"maintainability|performance|speed|efficiency|correctness|compatibility|robustness|"
               r"safety|simplicity|reproducibility|determinism|portability|type safety|thread safety|"
               r"stability|accuracy)\b|"
               r"(?<!support )(?<!option )(?<!options )(?<!flag )(?<!mode )(?<!script )(?<!scripts )(?<!tool )"
               r"(?<!tools )(?<!helper )(?<!helpers )(?<!utility )(?<!utilities )(?<!function )(?<!functions )"
               r"(?<!notebook )(?<!notebooks )(?<!example )(?<!examples )(?<!command )(?<!commands )"
               r"\bfor (?:the )?(?:better |improved |easier |clearer |more )?(?:debugging|debuggability|"
               # ("error catching for testing all models", "an app for testing marker": what it tests, a use)
               r"discoverability|usability|convenience|testing(?! (?!and\b|or\b|purposes?\b)[a-z])|testability|"
               r"parity|future use|future work|"
               r"later use|the upcoming|upcoming)\b|"
               # "add MPS for GPU training acceleration", "rework for training speedup" ("support for GPU
               # acceleration" names what is supported)
               r"(?<!support )\bfor (?:[\w-]+ ){0,3}?(?:acceleration|speed-?ups?)\b"),
        (0.9, # what the old code did, against what it was meant to do: "It is supposed to be the seq_len and
              # it was seq_len * vocab_size"; "now matches PyTorch's implementation"
              r"\bsupposed to\b[^.;]{0,80}\b(?:but|instead|however|and (?:it|they|this) (?:was|were|is|are))\b|"
              r"\bmatch(?:es)? (?:the |[\w.-]+'s )(?:reference |original |official )?(?:implementation|behaviou?r)\b|"
              # what needs it: "Need from JsdCrossEntropy for AugMix", "Needed by the new sampler"
              r"^(?:needed|need|required|requested) (?:by|from|for) |"
              # what gains: "Transformer networks benefit from initializing the embeddings with …"
              r"\bbenefits? (?:greatly |a lot |much )?from\b|"
              # "it can bring VRAM and throughput benefits"
              r"\b(?:brings?|gives?|provides?|offers?|yields?) (?:[\w-]+ ){0,4}?benefits?\b|"
              r"\b(?:memory|vram|speed|throughput|performance|perf|latency|runtime) benefits?\b|"
              # an outside change at a version: "librosa.resample() changed parameters after 0.9"
              r"\b(?:changed|renamed|removed|dropped|moved|deprecated)\b[^.;]{0,40}\b(?:after|since|in|as of|starting "
              r"(?:with|from)|from) (?:version |v)?\d+(?:\.\d+)+\b|"
              # what the old code did to the numbers: "synchronize() distorts benchmarking results a lot"
              r"\b(?:distort|skew|inflate|deflate|corrupt|pollute)(?:s|es|ed)? (?:the |our |all )?(?:[\w-]+ )?"
              r"(?:results?|numbers|measurements?|timings?|metrics?|benchmarks?|data|loss|gradients?|statistics|stats)\b|"
              # what stopped happening: "Since the refactoring, the stacking is not done in the buffer anymore"
              r"\b(?:is|are|was|were)(?:n't| not) (?:\w+ )?(?:done|called|applied|set|saved|loaded|handled|stacked|"
              r"updated|reset|computed|used|run|read|written|created) (?:[\w.-]+ ){0,5}?(?:anymore|any more|any longer)\b|"
              # a new release of a dependency the code must follow: "support new version of gym", "update for
              # latest monai ver", "Reflect interface change of env.reset"
              r"\b(?:for|with|support\w*|compat\w*|work with|adapt\w* to|fix\w* for)(?: the)? (?:new|newer|latest|"
              r"recent|updated|upcoming)(?: [\w.-]+){0,2} (?:version|release|ver|api)s?\b|"
              r"\breflect(?:s|ing)? (?:the )?(?:[\w.-]+ )?(?:interface|api) changes?\b|"
              # what the old code did instead of what was expected: "uses a constant rate as opposed to a
              # stochastic one as expected"
              r"\b(?:instead of|rather than|as oppose[ds]? to) [^.;]{3,80}? as (?:expected|intended|documented|"
              r"described|in the paper|the paper (?:says|describes))\b|"
              # what the code was doing, told with "instead": "We were building the leaderboard from ModelMeta
              # instead of names", "X expects learning_rate but we were passing in lr instead"
              r"\b(?:we|it|they|the code) (?:was|were) (?:always |still |accidentally |mistakenly |wrongly )?"
              r"[a-z]{2,}ing (?:[^.;]{1,80}? )?instead\b|"
              # the bigger goal it serves: "part of a sequence in support of adding Granite Code"
              r"\bin support of\b|"
              # an outside change as the cause: "As support for Intel GPUs has been upstreamed, …",
              # "CUDA installation was greatly simplified in conda-forge recently"
              r"^as (?!(?:a|an|the) (?:result|example|side|first|follow)\b)(?:[\w.`/+-]+ ){1,6}?(?:has|have|had) "
              r"(?:now |recently |just )?(?:been|become|changed|moved|landed|merged|dropped|removed)\b|"
              r"^(?!(?:i|we|this pr|this change|this commit)\b)[^.]{0,80}\b(?:was|were|has been|have been|got) "
              r"(?:\w+ly )?[a-z]+(?:ed|en)\b[^.]{0,60}\brecently\b|"
              # what the old code left undone: "Those were left unset when inputs are not PIL images"
              r"\b(?:was|were|got|had been|have been|has been) left (?:unset|uninitiali[sz]ed|undefined|empty|blank|none|"
              r"null|dangling|stale|open|hanging|unfreed|allocated|behind)\b|"
              # the use it opens up, in the future tense: "will allow the jigasi PR to be merged"
              r"\b(?:will|would|should) (?:also |then |finally )?(?:allow|enable|permit|unlock|unblock)\b|"
              # the people it is for: "For those beginners who want to test vocoders on raw spectrograms"
              r"\bfor (?:those|users|people|anyone|anybody|someone|everyone|folks|beginners|newcomers|researchers|"
              r"developers)(?: [\w-]+)?(?: \([^()]{0,30}\))? (?:who|that) (?:want|wants|need|needs|would like|wish|prefer|have to|"
              r"cannot|can't|don't|do not)\b|"
              # an outside interface that changed: "Fix the test according to the change in the X() API"
              r"\b(?:according to|following|after|due to|because of|for) (?:the |a |an |recent |upstream |latest )?"
              r"(?:api |interface |upstream |breaking )?changes? (?:in|of|to) (?:the )?(?:[\w.`()-]+ ){1,3}?"
              r"(?:api|apis|interface|library|package|release|version)\b|\bupstream (?:api )?changes?\b|"
              # a symptom after "issues with": "issues with warmup_ratio becoming a multiple of the steps"
              # ("the issue of wandb starting a new run on each resume": the same, told with "of")
              r"\b(?:issues?|problems?|bugs?|trouble) (?:\(?e\.?g\.?\)?,? )?(?:with|where|of) (?:the )?(?:[\w.`-]+ ){1,4}?"
              r"(?:becoming|getting (?:lost|dropped|ignored|reset|stuck|corrupted)|turning into|ending up|going "
              r"(?:negative|missing|out of)|being (?:ignored|dropped|lost|reset|overwritten|skipped)|starting (?:a |an )?"
              r"(?:new|second|fresh|extra)|creating (?:a |an )?(?:new|second|duplicate|extra)|losing|dropping|ignoring|"
              r"overwriting|resetting|skipping|leaking|hanging|crashing|failing)\b"),
        # "(to be / now) consistent with X" gives a reason; "a transform that is compatible with v2" names a thing
        (0.8, r"(?<!that is )(?<!which is )(?<!that are )(?<!which are )\b(?:consistent|compatible|in line|aligned?|parity) with\b|"
              # (a one-word "Compatibility" heading over a list is a heading, not a reason)
              # ("a consistency test with the TF model" names a test the PR adds)
              r"\bconsistency\b(?! tests?\b| checks?\b)|(?!^compatibility\W*$)\bcompatibility\b"
              r"(?! tests?\b| pages?\b| matrix\b| tables?\b| lists?\b| sections?\b| docs?\b| notes?\b|"
              r" guides?\b| charts?\b)|"
              r"\bmatches? (?:the )?(?:behaviou?r|semantics|api|signature|docs)\b|\beasier\b|\bsimpler\b|"
              r"\bcleaner\b|\bclearer\b|\bmore readable\b|\breadability\b|\bless confusing\b|\bmaintainab\w+|"
              # "reduce the boilerplate" is a goal; "Use boilerplate in the CUDA channel" names what is used
              r"\bduplication\b|\b(?:less|reduc\w*|remov\w*|avoid\w*|cut\w*|eliminat\w*|without|no more|away) "
              r"(?:the |some |much |a lot of |lots of )?(?:[\w-]+ )?boilerplate\b|\bboilerplate (?:code )?(?:is|was|were|gets?)\b|"
              r"\bwork ?around\b(?! (?:for|to) (?:link|#\d+|gh-\d+)\W*$)"),
        (0.8, r"\bunnecessar(?:y|ily)\b|\bunneeded\b|"
              # "annotations useless to train a detector": of no use for what the reader wants
              r"\buseless (?:to|for|when|if)\b|\bredundant\b|\bdead code\b|\bno longer (?:needed|used|"
              r"necessary|required|relevant|supported)\b|\bnot (?:needed|used|necessary) (?:anymore|any more)\b|"
              r"\bnever used\b|\b(?:is|are|was|were|it's|it is) never (?:imported|called|referenced)\b|"
              # ("Deprecating resample_waveform, which is exactly same as functional.resample")
              r"\bwhich (?:is|are) (?:exactly|essentially|basically|just) (?:the )?same as\b|"
              r"\bwasn't used\b|\bnot used\b|\b(?:is|are|was|were) (?:now |currently |still )?unused\b"),
        # a benefit or a harm in plain words: "a CUDA feature that helps with memory fragmentation", "the workers
        # spend a lot of time in OMP barriers", "disabling them out of caution"
        # ("… should help with parallelism in LAMMPS", "it could help with consumer GPU training": the same, hoped
        # for)
        (1.0, r"\b(?:helps|helped|(?:should|will|would|can|could|may|might) (?:also )?help) (?:with|against|reduce|"
              r"avoid|prevent|mitigate)\b|"
              # "which will be user friendly for EP developers", "enhances usability by …" ("a very user friendly
              # converter" describes the thing added)
              r"\b(?:more|be|become|becomes|is|are) user[- ]friendly\b|\b(?:enhances?|enhancing|increases?|better) (?:the )?"
              r"usability\b|"
              # the old way was a stopgap: "ENABLE_HABANA_IN_TESTS was a temporary hack"
              r"\b(?:was|were) (?:just |only )?(?:a |an )?(?:temporary |ugly |dirty |quick )?(?:hack|kludge)\b|"
              # a breaking change elsewhere as the trigger: "fix build for newer hipblaslt BC-breaking change"
              r"\b(?:for|after|following|with|to) (?:the |a |an )?(?:newer |new |upstream |recent |latest )?"
              r"(?:(?!(?:no|not|any|without)\b)[\w.-]+ ){0,2}(?:bc[- ])?breaking changes?\b|"
              # something outside the change moved or changed: "torchvision docs moved.", "The checkpoint has been
              # moved to the Model Hub", "The package was renamed from shark-turbine to iree-turbine" under "Fix
              # installing iree-turbine" (a rename in the past tense: "X is renamed to Y" is how a PR tells its own),
              # "it appears that the installation has changed for PyG"
              r"^(?!(?:someone|i|we|this|it|they|you)\b)(?:the )?[a-z][\w.-]*(?: [\w.-]+){0,2} (?:(?:has |have )?(?:been )?"
              r"(?:moved|relocated)\b(?! from (?:#|link|someone))|(?:was|were|has been|have been) renamed\b)|"
              r"\b(?:appears|seems) (?:that )?[^.;]{0,60}\b(?:has|have) (?:changed|moved|been (?:renamed|removed|moved|"
              r"deprecated))\b|"
              # "The only issue is that the stack normalises every reward"; "many readers could use the notebooks easily"
              r"\b(?:issues?|problems?) (?:is|are|was|were) that\b|"
              r"\b(?:can|could|will be able to) (?:use|read|run|follow|understand|learn) (?:[\w'-]+ ){0,4}(?:easily|more easily|"
              r"faster)\b|"
              # "where possible to disable additional overheads"
              r"\b(?:disable|avoid|reduce|remove|cut|eliminate|lower|minimi[sz]e|save) (?:the |any |some |additional |"
              r"extra |unnecessary |unneeded )?(?:[\w-]+ )?overheads?\b|"
              # "fixes a bug in X that critically affects the warp operator", "Fix BoTorch deprecation"
              r"\b(?:that|which) (?:critically |severely |seriously |badly )?(?:affects?|affected|impacts?)\b|"
              r"\bfix(?:es|ed|ing)? (?:a |the )?(?:[\w.`-]+ ){0,3}deprecations?\b(?! handling)|\bfor deprecating\b|"
              # a result the change gets: "yields best net so far", "gives better accuracy"
              r"\b(?:yields?|yielded|gives?|gave) (?:to )?(?:the |our |a |very )?(?:best|better|higher|lower|new best|strong|"
              r"good|competitive|state-of-the-art|sota|solid)\b|"
              # a problem to come and an oversight: "newer versions might have problems", "This should have been
              # enabled when we added the scaling"
              r"\b(?:might|may|could|can|will) (?:have|cause|run into|hit) (?:some )?(?:problems|issues|errors|trouble)\b|"
              r"\bshould have been (?:\w+ed|\w+en|done|set|made)\b|"
              # "This is purpose of making the sampler work for scvi-tools"
              r"\b(?:is|was) (?:the )?(?:main )?purpose of (?:making|getting|letting|allowing|enabling)\b|"
              r"\bspends? (?:a lot of|too much|most of the|much) time\b|\bout of (?:an abundance of )?caution\b"),
        # an error quoted with its message ("loading gives: torch.load RuntimeError: Attempting to deserialize
        # …"): the symptom itself, as a traceback shown in the body is
        (1.0, r"\b[a-z_]{2,}(?:error|exception): (?=[a-z`'\"])"),
        # weak: a direction without a stated reason
        (0.5, r"\bbugs?\b|\bissues?\b|\bproblems?\b|\bimprov(?:e|es|ed|ing|ement|ements)\b|\bbetter\b|"
              r"\btypos?\b|\bmissing\b|\bunused\b|\bproperly\b|\bcorrectly\b|\boptimi[sz](?:e|es|ed|ing|ation)\b|"
              r"\bedge cases?\b|\bcorner cases?\b|\brequested\b|\bgracefully\b|\bcleanup\b|\bclean up\b|"
              r"\bexceptions?\b|\bsecurity\b|\bslow\b|\bthroughput\b|\blatency\b|\baccuracy\b|"
              r"\bconvergence\b|\bstable\b|\b(?:memory|ram|vram) usage\b|(?<=[a-z])error\b|\bexcname\b"),
        (0.4, r"^(?:\W*\w+\W+)?(?:fix|fixes|fixed|fixing|hotfix|bugfix)\b"),
        # A bare percentage is weak: in a sentence about the change it is mostly the new setting ("changed
        # patience from 10% to 5%"); a measured effect has its effect word ("30% less memory", "by 30%",
        # cues above). Replayed on each batch of real PR texts with the code as it was before anyone
        # looked at that batch (370 texts, words4), a bare percentage was the only cue of one
        # mechanism-only misread and never the only cue of a real purpose.
        (0.5, r"\b\d+(?:\.\d+)?\s?%"),
    )
)

# An effect on training, for the question we ask when the diff touches a training loop.
_TRAINING_EFFECT = re.compile(
    r"\b(?:stab\w*|unstable|converg\w*|diverg\w*|speed\w*|faster|slower|throughput|latency|memory|oom|"
    r"accura\w*|loss|nans?|infs?|explod\w*|vanish\w*|overflow|underflow|precision|perplexity|metrics?|"
    r"f1|bleu|quality|generali[sz]\w*|overfit\w*|underfit\w*|samples/s|it/s|tokens/s|reproducib\w*|"
    r"determinis\w*)\b"
)
_TRAINING_CODE = re.compile(
    r"\.backward\(|\bbackward\(|zero_grad\(|\.step\(|clip_grad|\bautocast\b|GradScaler|\bscaler\.|"
    r"lr_scheduler|\boptimi[sz]er\b|\bloss\b|\bcriterion\(|\.train\(\)|\bepochs?\b|accumulation_steps"
)

_MECHANISM_START = re.compile(
    r"^(?:this (?:pr|pull request|change|commit|patch|diff|mr)\s+|these (?:commits|changes|patches)\s+|we\s+|i\s+|"
    r"here we\s+|in this pr,? (?:we|i)\s+)?"
    # "This PR mainly updates the trainer unit tests"
    r"(?:mainly |mostly |just |only |simply |basically |primarily |also |additionally )?"
    r"(?:add|adds|added|adding|update|updates|updated|updating|refactor|refactors|refactored|refactoring|"
    r"rename|renames|renamed|move|moves|moved|bump|bumps|bumped|remove|removes|removed|delete|deletes|"
    r"deleted|change|changes|changed|replace|replaces|replaced|use|uses|used|implement|implements|"
    r"implemented|introduce|introduces|introduced|clean|cleans|cleaned|fix|fixes|fixed|switch|switches|"
    r"switched|migrate|migrates|migrated|upgrade|upgrades|upgraded|set|sets|make|makes|made|push|pushes|pushed|enable|"
    r"enables|enabled|disable|disables|disabled|support|supports|port|ports|ported|extract|extracts|"
    r"split|splits|merge|merges|merged|revert|reverts|reverted|reformat|format|lint|style|tweak|tweaks|"
    r"pin|pins|pinned|unpin|drop|drops|dropped|deprecate|deprecates|expose|exposes|convert|converts|"
    r"simplify|simplifies|improve|improves|create|creates|created|modify|modifies|modified|allow|"
    r"wrap|wraps|wrapped|develop|develops|developed|translate|translates|translated|"
    r"initial|minor|misc|wip|more|new|first|bug|docs?|test|tests|ci|chore|feat|"
    r"refactoring|typo|cleanup)\b"
)
_HINT_CUT = re.compile(r",\s+| and (?:also )?(?=add|update|move|remove|rename|change|use|set|fix|bump|"
                       r"implement|introduce|refactor|replace|make|clean)")
# A greeting ("Hi @maintainer,", "Good morning"); "Hi-res training" is no greeting
HELLO = r"(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))\b(?![-'/])"
# Titles that say nothing at all: a branch name GitHub filled in, or a marker for unfinished work.
# GitHub titles a PR from a branch it named itself ("jdoe-patch-1" becomes "Jdoe patch 1").
_PLACEHOLDER_TITLE = re.compile(
    # (after a tag such as "[WIP]": "[WIP] test"; after the label of an exported commit's summary: "Summary:
    # Test"; "Title" is a template's word left as it was)
    r"^\W*(?:summary:\s*)?(?:\[[\w -]{1,12}\]\s*)?(?:wip|draft|tmp|temp|todo|tbd|test|testing|untitled|no title|title|"
    r"patch[- ]?\d*|update[- ]?\d+|(?:new|my|test)[ _-]?branch(?:[ _-]?\d+)?|"
    r"asdf?|qwerty|x{2,}|a{3,}|blah(?:[ -]?blah)*|foo(?:bar)?|lorem ipsum|"
    # a newcomer's first try: "sorry, i'm learning to request pull", "testing how to make a PR"
    r"(?:sorry,? )?(?:i'?m |i am )?(?:just )?(?:learning|trying|testing) (?:how )?to (?:make|create|open|request|"
    r"send|do) (?:a )?(?:pull request|pull|pr)|"
    r"(?:i'?m |i am )?(?:just )?(?:trying to )?learn(?:ing)? (?:how )?to use (?:git|github|gitlab|pull requests?|prs?)|"
    # a greeting as the whole title: "hi", "Hello there"
    rf"{HELLO}(?: there| all| everyone)?|"
    # "Add latest changes", "push my updates"
    r"(?:add|added|adding|push|pushed|update|commit|upload)(?:ed)? (?:the |my |some |all )?(?:latest |recent |new )?"
    r"(?:changes|updates|commits|edits|work|files)|"
    r"first commit|initial commit|(?:dev|devel|develop|development|main|master) ?(?:2|->|→) ?(?:dev|devel|develop|"
    r"main|master)|"
    # GitHub's own text for the merge of one branch into another. A merge the author named ("Merge dev to
    # main", "merge upstream") names a change, however little it says, as "Update train.py" and the web
    # upload's "Add files via upload" do: the labellers of rounds 19 to 27 read these as mechanism-only.
    r"merge pull request #\d+ from \S+|"
    r"merge (?:remote-tracking )?branch '[^']*'(?: of \S+)?(?: into \S+)?|"
    r"(?:update|updates|sync|pull) from (?:the )?[\w.-]+ branch|"
    # an update of everything names nothing ("Update train.py" names a file, and says what changed)
    r"(?:update|sync|synced|syncing)(?: with)? (?:the |my |our )?(?:repo|repository|code|codes|files|project|"
    r"stuff|things|branch|fork|upstream|master|main)(?: (?:with|from|to) (?:the )?(?:dev|devel|develop|main|"
    r"master|upstream|origin|latest)(?: branch)?)?|"
    r"(?:this is (?:a |my )?)?(?:pr |pull request )?test(?:[ _-]?commit| pr| pull request)?|"
    r"(?:just )?for (?:a )?test(?:ing)?|"
    # "This is my sample pull request"
    r"(?:this is (?:a |my |the )?)?(?:sample|dummy|example|demo|practice) (?:pr|pull request|commit|change)|"
    # a body that points back at the title: "As per title.", "See title", "Title says it all"
    r"(?:as (?:per |in )?|see |same as |like )(?:the )?(?:pr )?title|(?:the )?title says it all|self[- ]explanatory|"
    # a placeholder body: "this is a description", "This is a test description."
    r"this is (?:a |the |my )?(?:test |sample |dummy )?(?:description|placeholder|body)|"
    # "Testtest", "test run", "amend", "Sample commit", a word of one or two letters ("nn")
    r"test(?:test)+|test ?run|amend(?:ed|ment)?|sample commit|[a-z]{1,2}|"
    # a title that only says it is a pull request ("Pull request", "Brenton's pull request", "New PR")
    r"(?:(?:a |my |new |first |draft |\w+'s )?(?:pull request|pr|pull|request)s?)(?: ?\(\?\))?(?: ?[#/]?\d+)?|"
    # an address alone ("https://github.com/org/repo.git", read as "link"): where, not what changed
    r"links?|"
    # a date alone ("28june", "June 28", "2023-06-28")
    r"(?:\d{1,2} ?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|"
    r"oct|nov|dec)[a-z]* ?\d{1,2}(?:st|nd|rd|th)?|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}(?:[-/.]\d{2,4})?)|"
    # a branch's name (with the number GitHub adds to a second PR from it: "Main 2"), a one-word verdict
    r"(?:dev|devel|develop|development|main|master|staging)(?: branch)?(?:[- ]?\d{1,3})?|change|changed|"
    # "complete" alone says, as "done" does, only that the work is finished
    r"complete|completed|"
    r"good|ok|okay|done|fine|ready|lgtm|(?:please )?merge|empty|blank|none|nothing|null|n/?a|no description|"
    # a request to the reviewer, with nothing on the change: "please approve my pull request", "Please review."
    r"(?:please )?(?:review|approve|check|accept)(?: and merge)?(?: (?:my |this |the |our )?(?:pull request|pr|"
    r"request|changes?|code|work|it|this))?|"
    # a course's work handed in under its name alone: "Homework", "Assignment 2"
    r"(?:homework|assignment)(?:[ _-]?\d{1,2})?|"
    # a PR opened by mistake, or titled with nothing but its freshness
    r"(?:my |a )?mistaken?(?: pr| pull request| commit)?(?:,? sorry)?|sorry|oops|latest|(?:please )?ignore(?: this)?|opened by mistake|"
    r"(?:mistakenly|wrongly) (?:created|opened|submitted)|"
    # "Wrong PR" over "This PR is created by mistake"
    r"wrong (?:pr|pull request)|(?:this )?(?:pr|pull request) (?:is|was) (?:created|opened|made|submitted|raised) "
    r"(?:by mistake|accidentally|in error)|"
    # "Sorry, I miss clicked"
    r"(?:i )?(?:mis|miss)[- ]?click(?:ed)?(?: (?:it|this|by mistake))?|"
    r"accidental(?:ly opened)?(?: pr| pull request| commit)?|"
    # a commit's trailer standing as its subject ("Differential Revision: D50816373")
    r"(?:" + TRAILER_NAMES + r"):.*|"
    r"thanks?(?: you)?(?: (?:very|so) much)?|"
    # an issue's number alone ("Closes #12", "issue 5665") and a commit named as a commit ("Fix commit").
    # "Fix #12" names a change, a fix, as "Update train.py" does: it is mechanism-only (see FIXES_A_NUMBER)
    r"(?:close|closes|closed)(?: issue)? #?\d+|issue ?#?\d+|"
    r"(?:fix|update|new|small|minor|final|last|another) commit|"
    r"[\w.]+(?:[- ][\w.]+){0,3}[- ]patch[- ]?\d+|"
    # a folder's path and nothing else, as tools that split one change over many commits title them
    # ("fbcode//vision/tools [A]", "vision/tools/export 2/5"): where, but not what. Two levels or more, or
    # a part marker: "docs/readme" is a kind of change and a word (as below), and a file's path names the
    # file changed, as "Update train.py" does.
    r"(?:[\w-]+:)?/{0,2}[\w-]+(?:/{1,2}[\w-]+){2,}/?(?: \[\w\])*(?: \d+/\d+)?|"
    r"(?:[\w-]+:)?/{0,2}[\w-]+//[\w-]+(?:/[\w-]+)*(?: \[\w\])*(?: \d+/\d+)?|"
    r"[\w-]+/[\w-]+(?: \[\w\])*(?: \[\w\]| \d+/\d+)|"
    # a change made only to try something out: "random change", "dummy commit", "test diff"
    r"(?:random|dummy|fake|sample|trial|test|testing) (?:change|changes|commit|diff|edit|test|pr)|"
    # a tool's name for a commit it saved on its own: "Temporary Commit at 8/11/2025, 12:31:42 PM"
    r"(?:temp|temporary|tmp) (?:commit|change|changes|diff|edit)(?: (?:at|on|from) [\w/:,. -]+)?|"
    # a branch's name that names only whose or which line of work it is: "dev/jdoe", "wip/tmp". One that
    # names a kind of change ("Feat/affine", "Bugfix/docs", "Fix/requirement") is mechanism-only, as real
    # readers label it
    r"(?:dev|devel|develop|wip|topic|user|users)/[\w.]+|"
    # someone's branch merged as it is ("Py torch lightning master")
    r"(?!(?:fix|fixes|fixed|add|update|remove|revert|bump|merge|sync|rebase|pin|use|make|change|support|test)\b)"
    r"(?:[\w.-]+ ){1,3}master)?\W*$")
_STRONG = 0.75  # one cue this strong states a purpose
# Weaker cues ("bug", "improve", "missing", a bare "fix") never decide alone: they only lower the
# confidence of a mechanism-only verdict.
