"""Does the PR description say why the change is made, not only what changed?

The check reads the title and body with :mod:`torchreview.prtext` (which drops comments, code, logs,
templates and boilerplate) and scores every sentence with weighted linguistic cues:

* **goal** — "so that", "in order to", "to avoid / prevent / support / reduce …", "needed for",
  "this allows users to", "because", "otherwise";
* **problem** — "currently …", "previously …", "crashes", "fails", "NaN", "hangs", "leaks", "was slow",
  "raises an error", "cannot", "is deprecated";
* **effect** — "2x faster", "30% less memory", "speeds up", "reduces", "avoids", "prevents",
  "for readability / consistency / performance";
* **motivation sections** — a sentence under "## Motivation", "## Why", "## Context", "## Problem";
* **reasons without cue words** — a short story of what went wrong in the past tense ("Resumed runs
  restarted Adam's moments from zero"), or a long two-clause explanation ("Every epoch prints a
  300-line config, which buries the loss values"), in a sentence that does not open with a change verb
  or talk about the new behaviour.

A sentence with a strong cue (weight ≥ 0.75) states a purpose; weak cues ("bug", "improve",
"unused", a bare "fix") never decide alone, they only lower the confidence of a mechanism-only verdict. A sentence that is only an issue reference
("Fixes #123") never counts as a reason, but its remainder does ("Fixes #123: loss is NaN").

Why hand-weighted cues and not a trained model: the labelled set we can write ourselves is small and
in our own words, so a learned model would mostly learn our phrasing. The cues are a short, readable
list that anyone can extend, they behave the same on text nobody has seen, and they explain
themselves: every verdict quotes the sentences that decided it.

Decisions worth knowing:

* **Bots** (dependabot, renovate, pre-commit.ci, automated PRs): verdict ``purpose`` with low
  confidence and ``source: "bot"``. Their release notes carry the reason, and asking a bot to
  explain itself only adds noise to every dependency PR.
* **Other languages**: when the prose is mostly not English we cannot judge it. Unless English cues
  already show a purpose, the verdict is ``purpose`` with confidence 0.2, ``language: "other"`` and
  a hint that says so politely. We never flag what we cannot read.
* **The title is part of the description.** Most real PRs and commits have a title and an empty body;
  the title is judged with the body. **Empty** means that neither says anything: nothing in the body
  after dropping templates, comments and boilerplate, and no title or only a placeholder ("wip",
  "Patch 1"). "Update train.py" over an empty body is mechanism-only.
* **Caveats are not reasons**: "not sure this is the best approach", "results still look off, need
  to investigate", "will fix it later" never count, and a revert's quote of the reverted title is
  not its reason.
* **The rewrite hint** is their own sentence, continued by its grammatical shape (see
  ``hint_shape``), so the example reads as English a second-language reader can copy.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from torchreview.assets import asset_dir
from torchreview.prtext import ReadText, Section, Sentence, read

# --- cues -----------------------------------------------------------------------------------------
# Each entry: (weight, pattern). Patterns run on lower-cased text where code spans became "code",
# links "link" and mentions "someone". No nested repetition, so matching stays linear.

_GOAL_VERBS = (
    r"avoid|prevent|fix|support|ensure|make sure|reduce|improve|speed up|handle|match|keep(?! track)|"
    r"let|help|unblock|resolve|address|work around|get rid of|silence|suppress|lower|increase|"
    r"decrease|cut|guarantee|detect|catch|mitigate|preserve|restore|maintain|align|comply|"
    r"be consistent|make it|simplify|clarify|reflect|account for|accommodate|unify|remove the need|"
    r"free up|accelerate|minimi[sz]e|maximi[sz]e|boost|protect|satisfy|meet|unbreak|recover|eliminate|"
    r"bypass|speedup|optimi[sz]e|be able|be compatible|work with|work when|run faster|give users|"
    r"facilitate|reproduce|more easily|avoid having|not break|no longer|save (?:memory|time|compute|space)|"
    r"halve|double|triple|shrink|fit|stop|shorten|limit|cap|harden|dedupe|deduplicate|future-proof|tighten|"
    r"loosen|relax|declutter|standardi[sz]e|generali[sz]e|stabili[sz]e|quiet"
)

_CUES: tuple[tuple[float, re.Pattern[str]], ...] = tuple(
    (w, re.compile(p)) for w, p in (
        # goal
        (1.0, r"\bso that\b|\bso we can\b|\bso (?:users|people|you|it|they|the \w+|that|this|we|one|callers)"
              r" (?:can|could|will|won't|don't|do not|no longer|never|always|get|see|are|is)\b|"
              # "so configs stay familiar", "so the loss matches the paper"
              r"\bso (?:the |our |their |your |that )?\w+ (?:stay|stays|remain|remains|keep|keeps|work|works|"
              r"match|matches|behave|behaves|survive|survives|line up|lines up)\b"),
        (1.0, r"\bin order (?:to|for)\b|\bwith the goal of\b|\bthe (?:main |primary |overall |real )?(?:goal|purpose|"
              r"aim|intent|intention) (?:of this|is|was|here)\b|"
              r"\baims? to\b|\bintended to\b|\bmeant to\b"),
        (0.9, r"\bto (?:" + _GOAL_VERBS + r")\b"),
        # "to allow / enable / permit X" names what the change is for, as "to support X" does.
        (0.9, r"\bto (?:allow|enable|permit|unlock)\b|\b(?:which|this|that) makes (?:it|them|this|the \w+) "
              r"(?:\w+ )?(?:adaptable|possible|easier|faster|safer|simpler|usable|compatible|work|robust)\b|"
              r"\bwhich makes it\b|\bas (?:in|described in|proposed in|done in|used in) the (?:original )?paper\b|"
              r"\bfollowing the paper\b|\b(?:match|matches|follow|follows) the (?:original )?paper\b"),
        (1.0, r"\b(?:needed|required|necessary|useful|helpful|important|essential|a prerequisite) "
              r"(?:for|by|to|in|so|when|because)\b|\b(?:is|are|was) (?:needed|required|necessary)\b"),
        # a reason given as a circumstance: "given that X is unblocked, …", "now that PyTorch 2 is out, …"
        (1.0, r"\bgiven (?:that|the fact)\b|\bnow that\b|\bseeing (?:as|that)\b|\bin light of\b"),
        # common practice: "warm-up is used quite often for …", "X is standard practice"
        (0.85, r"\b(?:is|are) (?:\w+ )?(?:used|adopted|applied) (?:quite |very |pretty |fairly |so )?(?:often|"
               r"commonly|widely|frequently|a lot|everywhere)\b|\b(?:is|are) (?:quite |very |now )?(?:commonly|"
               r"widely|frequently|often|routinely) (?:used|adopted|applied)\b|\b(?:is|are) (?:a |the )?(?:common|"
               r"standard|usual|recommended|widespread) (?:practice|technique|approach|trick|way|choice)\b"),
        # a comparative aim: "for faster training", "for more fine-grained compilation"
        (0.85, r"\bfor (?:better|easier|faster|cleaner|simpler|finer|quicker|cheaper|safer|smoother|lower|higher|"
               r"greater|improved|increased|reduced|fewer) \w+|\bfor (?:more|less) (?!recent\b)(?:\w+-)?\w+(?:ed|ful|"
               r"able|ible|ic|al|ive|ent|ant|ous)\b"),
        # what ought not to happen, which does today: "evaluation should not be computed with gradients",
        # "the scaling should only occur when …". "The state should be saved in the checkpoint" says what
        # the change does, and notes on the PR ("should not break anything") are not reasons.
        (0.8, r"\b(?:should|must)(?:n't| not| never| only) (?!(?:i|we|you|it|this)\b|(?:be )?(?:break|affect|"
              r"change|matter|conflict|pass|fail|be (?:a problem|an issue|needed|merged)))\w+"),
        # something was wrong that can be put right: "this can be corrected by wrapping …"
        (0.9, r"\b(?:can|could) be (?:corrected|fixed|solved|avoided|prevented|resolved|mitigated)\b"),
        (1.0, r"\bin preparation for\b|\bpreparation for\b|\bprep for\b|\bgroundwork for\b|"
              r"\bfirst step\b|\bstep towards?\b|\bpart of the (?:effort|work|plan)\b|\bunblocks?\b|"
              r"\bblocker\b|\bblocking\b|\bprerequisite\b"),
        (1.0, r"\b(?:this|it|these|they|doing so|the change|this change|this pr) (?:will |should |would )?"
              r"(?:allows?|enables?|lets|makes it possible|helps|permits|unlocks|means)\b|"
              r"\bensures\b|\bguarantees\b|\bmakes sure\b"),
        (1.0, r"\b(?:allows?|enables?|lets|let|helps?) (?:users?|people|you|us|callers|the user|researchers|"
              r"developers|downstream)\b"),
        (1.0, r"\busers? (?:can|could|will be able|want|wants|need|needs|often|may|might|who|have to|had to|"
              r"asked|requested|reported|complained|expect|are confused|were confused|hit|see|saw|thought)\b"),
        (1.0, r"\bbecause\b|\bsince (?:it|this|that|we|they|there|these|those|otherwise)\b|\botherwise\b|"
              r"\bas a result\b|\bthis means\b|\bwhich means\b|\bdue to\b|\bcaused by\b|\bwhich caused\b|"
              r"\bcaus(?:es|ed|ing)\b|\b(?:will|would|can|could|may|might|to) cause\b|\bundefined behaviou?r\b|"
              r"\bbiased\b|\bresult(?:s|ed)? in\b|\bleads? to\b|\bled to\b|\bthe reason\b|"
              r"\bmotivat(?:ed|ion)\b|\bwe (?:want|need|needed|wanted)\b|\bi (?:want|need|needed|wanted)\b|"
              r"\bthe idea (?:is|here)\b|\bthe point\b|\bso it\b|\bthus\b|\bhence\b|\btherefore\b"),
        (1.0, r"\b(?:was|were|has been|have been|been|as) (?:requested|asked for|reported|suggested)\b|"
              r"\brequested (?:in|by)\b|\bfeature request\b|\bper (?:the )?request\b|\bas suggested\b|"
              r"\brequired by\b|\bmandated by\b"),
        (1.0, r"\bwe(?:'ve| have)? (?:seen|saw|noticed|observed|found|hit|encountered|ran into|run into)\b|"
              r"\bi(?:'ve| have)? (?:noticed|observed|found|saw|hit|encountered|ran into)\b|"
              r"\b(?:noticed|observed|found) that\b|\bturns out\b|\bhappened\b|\boccurred\b|"
              r"\b(?:happens|occurs|appears|shows up) (?:when|if|whenever|because|every|each|on every|only)\b"),
        # an outside change the PR follows: "PyTorch 2.0 switched the default", "X is deprecated"
        (1.0, r"\b(?:pytorch|torch|numpy|python|cuda|upstream|transformers|lightning|huggingface|hf|the library)"
              r"(?: v?\d[\w.]*\+?)?(?: \([^)]{0,30}\))? (?:has |have |had |now )?(?:changed|switched|flipped|"
              r"dropped|removed|renamed|deprecated|stopped|moved|made)\b|"
              # "X is deprecated", "replace the deprecated X"; not "add a deprecated alias"
              r"\b(?:is|are|was|were|be|been|being|now|got|gets|become|became|marked as) (?:now |already |officially )?"
              r"(?:deprecated|depricated)\b|\b(?:replac\w*|remov\w*|migrat\w*|drop\w*|fix\w*|avoid\w*|away from|"
              r"instead of|uses? of|usages? of|updat\w*|switch\w* from|get rid of|stop using|no longer us\w*) "
              r"(?:the |a |an |all |any |some |remaining )?(?:\w+ )?(?:deprecated|depricated)\b|"
              r"\b(?:deprecated|depricated) (?:since|in|as of|and)\b|\b(?:future|deprecation)warnings?\b"),
        # a symptom the change removes: "fix the error of …", "silence the warning", "avoid an OOM"
        (1.0, r"\b(?:fix|fixes|fixed|fixing|prevent\w*|avoid\w*|silenc\w*|suppress\w*|resolv\w*|solv\w*|"
              r"address\w*|get rid of|handle|handles|remove|removes) (?:the |a |an |this |that |these )?"
              r"(?:(?!lint|linter|mypy|flake8|ruff|pylint|pyright|type|typing|style|format|spelling|doc)\w+ ){0,3}?"
              r"(?:errors?(?! checking| handling| messages?| reporting| codes?)|\w+error|\w+exception|warnings?|"
              r"crash|crashes|hang|leak|leakage|oom|nans?|segfault)\b|"
              r"\b(?:as|since) (?:there (?:is|was|are|were)|it (?:is|was|breaks|broke|causes|caused)|"
              r"this (?:breaks|broke|causes|caused))\b|\bthere (?:is|was|are|were) (?:a |an |some )?(?:\w+ )?"
              r"(?:bug|problem|issue|regression|leak|race)\b|\bleakage\b|"
              r"\b(?:on|to) (?:different|two|the wrong|mismatched|multiple) devices\b|"
              r"\bnot on the same device\b|\bwould have (?:prevented|caught|avoided|saved|helped|shown)\b"),
        # problem
        (1.0, r"\bcurrently\b|\bat the moment\b|\bright now\b|\bat present\b|\bas of now\b|\bas it stands\b|"
              r"\bpreviously\b|\bbefore this (?:pr|change|patch|commit|fix)\b|\bprior to this\b|"
              r"\bin the past\b|\btoday,|\bthe (?:current|original|existing|old) (?:implementation|behaviou?r|code|approach|"
              r"version|default|design|logic|api|state)\b"),
        (1.0, r"\bcrash(?:es|ed|ing)?\b|\bsegfaults?\b|\bseg(?:mentation)? fault\b|\bhangs?\b|\bhanging\b|"
              r"\bhung\b|\bdeadlocks?\b|\brace conditions?\b|\bleak(?:s|ing|ed)?\b|"
              r"\b(?:nans?|infs?)\b(?!(?:/(?:nans?|infs?))? (?:checks?|detection|guards?|handling|filter\w*)\b)|"
              r"\binfinite loop\b|\boom\b|\bout of memory\b|\boverflows?\b|\bunderflows?\b|\bregress(?:ion|ions|ed)\b(?! tests?\b| suite\b| testing\b)|"
              r"\bflak(?:y|iness)\b|\bbroken\b|(?<!graph )\bbreaks\b|\bbroke\b|\bfails\b|\bfailing\b|\bfailed\b|"
              r"\bfailures?\b|\b(?:will|would|can|could|may|might|to|does|did|it|they) fail\b|"
              r"\berror(?:s|ed)? (?:out|when|if|with|on|in|about|because|for|during|at|while)\b|"
              r"\braises (?:an? )?(?:\w+)?(?:error|exception)|\bthrows\b|\btracebacks?\b|"
              r"\bunexpected(?:ly)?\b|\bsilently\b|\bincorrect(?:ly)?\b|\bwrong(?:ly)?\b|\bmismatch(?:es|ed)?\b|"
              r"\binconsisten(?:t|cy|cies)\b|\bconfus(?:ing|ed|ion)\b|\bmisleading\b|\bambiguous\b|"
              r"\bvulnerab\w*|\bcve-\d|\bsecurity (?:issue|fix|problem|risk|hole|bug)|\bbottlenecks?\b|"
              r"\bstall(?:s|ed|ing)?\b|\bdiverg(?:e|es|ed|ing|ence)\b|\bexplod(?:e|es|ing)\b|\bblows? up\b|"
              r"\bnon-?determinis\w*|\bcorrupt\w*|\btimes? out\b|\btimed out\b|\bspam\w*|\bnoisy\b|\bunsafe\b"),
        # "X does not work": a statement about the code. A sentence that opens with "Do not …" is an
        # instruction (what the change does), so a word must come before the negation; "samplers which
        # don't need X" describes a kind of thing, so "need" and "have" after "which/that/who" do not count.
        (1.0, r"(?<=[a-z0-9'] )(?:doesn't|does not|didn't|did not|don't|do not|isn't|is not|wasn't|was not|"
              r"aren't|are not|weren't|were not|won't|will not|cannot|can't|couldn't|could not|never) (?:work|"
              r"works|run|load|save|compile|build|import|converge|train|support|supported|respect|match|handle|"
              r"get|see|exist|apply|update|reset|stop|return|pass|affect|propagate|take|use|free|release|raise|"
              r"account|consider|honou?r|call|trigger|show|print|log|include|safe|thread-?safe|"
              r"correct|deterministic|reproducible|picklable|serializable|possible)\b|"
              r"(?<!which )(?<!that )(?<!who )(?<=[a-z0-9'] )(?:doesn't|does not|didn't|did not|don't|do not|"
              r"won't|will not|cannot|can't|never) (?:need|have)\b"),
        (1.0, r"\bno longer (?:works?|runs?|loads?|compiles?|builds?|imports?|converges?|trains?|passes)\b|"
              r"\bstopped working\b|\bnot working\b|\bunable to\b|\bimpossible\b|\bnot possible\b|\bno way to\b|"
              r"\bthere (?:is|was|are|were) no\b|\bthere's no\b|\blacks?\b|\blacking\b|\bwithout this\b|"
              r"\bthe (?:problem|issue|bug) (?:is|was|here|with)\b|\b(?:bug|issue|problem) (?:where|when|in which|"
              r"that|with)\b|\bhard to\b|\bdifficult to\b|\bpainful\b|\bcumbersome\b|\berror-prone\b|"
              r"\bis deprecated\b|\bwas deprecated\b|\bare deprecated\b|\bdeprecation warnings?\b|"
              r"\bwill be removed\b|\bwarnings? (?:is|are|was|were|gets?|about|when)\b|\bemits? (?:a )?warning\b|"
              r"\btoo (?:slow|much|many|large|big|long|small|strict|loose|high|low|verbose)\b|"
              r"\b(?:is|are|was|were|very|quite|really|extremely|painfully|so) slow\b|\bslow(?:er|ly|ness|down|s)\b|"
              r"\bexpensive\b|\bwasteful\b|\bwastes?\b|\bduplicat(?:e|es|ed) (?:work|computation|calls?)\b|"
              r"\boutdated\b|\bout of date\b|\bstale\b|\bobsolete\b|\bend of life\b"),
        (1.0, r", so (?!on\b|far\b)|\bthan (?:expected|configured|intended|necessary|needed|requested|"
              r"documented|it should)\b|\bout[- ]of[- ]bounds\b|\barbitrary code\b|\bkill(?:s|ed)\b|"
              r"\b(?:dies|died|stuck|spikes?|spiked|degrad(?:es|ed|ation))\b|\b404\b|\b50[03] errors?\b|"
              r"\bdead links?\b|\bbroken links?\b|\brais(?:es|ed|ing) (?:an? )?\w*(?:error|exception|warning)\b|"
              r"\b(?:rais(?:es|ed|ing)|throws|threw|gets?|got|hits?|with an?|fails with) (?:an? )?excname\b|"
              r"\bpast the end\b|\bbeyond the end\b|\bout of range\b|\boverrun\b|\bassum(?:ed|es|ing)\b|"
              r"\b(?:lower|higher|worse|slower|larger|smaller|bigger) than\b"),
        (0.8, r"\bstill\b|\bno longer\b|\btwice\b|^without\b|\b(?:not|never) (?:been )?(?:called|used|needed|read|"
              r"reached|exercised|tested|maintained)\b|\bno (?:callers|users|tests)\b"),
        # consequences, costs and surprises described in plain words
        (0.9, r"\bblow(?:s|ing)? up\b|\bblew up\b|\blonger than\b|\b(?:took|takes|take) (?:\w+ )?(?:longer|too long|"
              r"forever|a long time|ages|minutes|hours)\b|\btakes? (?:about |around |over |almost )?\d[\d.]* ?"
              r"(?:ms|s|sec|seconds|minutes|min|hours|h)\b|\blos(?:e|es|ing|t)\b|\b(?:this|which|that|it) meant\b|"
              r"\bmeant that\b|\bcan now\b|\bcosts? (?:about |around |roughly |up to )?\d|\bquadratic\b|"
              r"\bsometimes\b|\bin (?:some|rare|certain|many|most) cases\b|\boccasionally\b|\bintermittent(?:ly)?\b|"
              r"\bunclear\b|\bnot obvious\b|\bnon-obvious\b|\bsurpris(?:ing|ed|ingly)\b|\bannoying\b|\btedious\b|"
              r"\bhot (?:path|loop)\b|\bidiomatic\b|\bpythonic\b|\brecommended\b|\bless code\b|\bfewer lines\b|"
              r"\b(?:we|i)(?:'d| would) like\b|\bit would be (?:nice|good|useful|great|better|easier)\b|"
              r"\bexpected (?:behaviou?r|result|output|value)\b|\bbehaves?\b|\bmatches? (?:what|how)\b|"
              r"\b(?:removed|deprecated|dropped|renamed) in (?:python|numpy|torch|pytorch|cuda|version|v?\d)|"
              r"\bneeds? to\b|^helps\b"),
        # measurements and past events: what happened before the change
        (0.9, r"\d ?(?:ms|s|sec|seconds|minutes|min) per (?:batch|step|iteration|epoch|sample|token|image|call)\b|"
              r"\d+(?:\.\d+)? ?(?:points?|pp|it/s|samples/s|tokens/s|img/s|images/s|fps)\b|"
              r"\b(?:top-?[15]|map|ap|bleu|rouge|wer|f1|ppl|perplexity)\b (?:of |is |was |goes |reaches |improves )?"
              r"(?:from |to |by )?\d|\b(?:reach(?:es|ed)?|achiev(?:es|ed)|brings? (?:it|this|that) (?:down )?to|"
              r"goes (?:down |up )?to|drops? to|went (?:down |up )?to) (?:about |around |under |over |below |above )?\d|"
              r"\bpoints? (?:above|below|higher|lower|better|worse)\b|\bidle\b|\bmiss(?:es|ed)\b|"
              r"\b(?:took|sat|went|became|fell|grew|slipped|spent|stayed|ended up|came back)\b|"
              r"\b(?:cannot|can't|could not|couldn't|unable to) \w+|(?<!\bi )(?<!\bwe )\b(?:didn't|did not) \w+|"
              r"\b(?:wasn't|weren't) \w+"),
        (0.9, r"\b(?:it|this|that|they|which|code|we|i|people|users|everyone|everything|there) used to\b|"
              r"\b(?:over|under)fit(?:s|ting)?\b|\bwill (?:stop|break|fail|crash|no longer|not work|raise)\b|"
              r"\bunless\b|\bjump(?:s|ed)\b"),
        # a state described in the past passive ("gradients were carried into …") reads as the problem;
        # the change verbs ("was renamed", "were moved") are the mechanism and do not count
        (0.8, r"\b(?:was|were)\b (?:\w+ly )?(?!(?:added|removed|renamed|moved|updated|changed|replaced|"
              r"refactored|introduced|deleted|merged|reverted|bumped|extracted|converted|simplified|cleaned|"
              r"implemented|rewritten|reworked|modified|adjusted|tweaked|fixed|created|tested|split|made|"
              r"used|based|inspired|generated|discussed|reviewed|approved|dropped|upgraded|ported|"
              r"migrated|exposed|documented|reformatted|formatted|linted)\b)\w+ed\b"),
        # effect
        (0.9, r"\bby (?:about |around |roughly |~|over |up to |almost |nearly )?\d[\d.,]*\s?(?:%|x|×|lines|ms|s|"
              r"sec|seconds|minutes|gb|mb|gib|mib|kb|times)(?!\w)"),
        (0.75, r"\b\d+(?:\.\d+)?\s?%|^(?:allows|enables|lets|makes it possible|permits)\b|"
               r"\b(?:users|people|researchers|customers|practitioners)\b"),
        (1.0, r"\d(?:\.\d+)? ?(?:%|x|×|times)(?: \w+)? (?:faster|slower|speed\w*|less|more|fewer|smaller|"
              r"lower|higher|reduction|improvement|memory|throughput|better|quicker|cheaper)\b|"
              r"\bfrom \d[\d.,]* ?\w* to \d[\d.,]* ?(?:ms|s|sec|seconds|minutes|gb|mb|gib|mib|%|it/s)\b"),
        (1.0, r"\bfaster\b|\bspeeds? up\b|\bspeed-?ups?\b|\bquicker\b|\bmore efficient\b|\befficiently\b|"
              r"\b(?:higher|lower|better|improves?|improved|increases?|increased|reduces?|reduced|\d+(?:\.\d+)?(?:%|x| points?| pp)) "
              r"(?:\w+ )?(?:throughput|latency|accuracy|memory|precision|recall|loss|perplexity|speed)\b|"
              r"\b(?:throughput|latency|accuracy|memory(?: usage)?) (?:improves|drops|goes|increases|decreases|by)\b|"
              r"\bless memory\b|\bfewer (?:allocations|copies|syncs|kernels|launches|calls)\b|"
              r"\bavoids?\b|\bavoiding\b|\bprevents?\b|\bpreventing\b|\bprevented\b|"
              r"\bsav(?:e|es|ed|ing) (?:\w+ )?(?:memory|time|compute|space|disk|bandwidth|allocations?|copies|copy|"
              r"cost|gb|mb|%|ms|seconds|minutes|hours)\b|\breduc(?:es|ing)\b|\breduced (?!precision)|"
              r"\blowers? (?:the )?(?:memory|peak|latency|cost|risk|time|overhead)\b|\bstability\b|\bstabili[sz]e"
              r"|\bunstable\b|\binstability\b|\bmore stable\b|\brobust(?:ness)?\b|\bconverges?\b|"
              r"\bbackwards?[- ]compat\w*|\bsafer\b|\bsafely\b"),
        (0.85, r"\bfor (?:better |improved |easier |clearer |more )?(?:readability|consistency|clarity|"
               r"maintainability|performance|speed|efficiency|correctness|compatibility|robustness|"
               r"safety|simplicity|debugging|debuggability|reproducibility|determinism|portability|"
               r"discoverability|type safety|thread safety|usability|convenience|testing|testability|"
               r"stability|accuracy|parity|future use|future work|later use|the upcoming|upcoming)\b"),
        # "(to be / now) consistent with X" gives a reason; "a transform that is compatible with v2" names a thing
        (0.8, r"(?<!that is )(?<!which is )(?<!that are )(?<!which are )\b(?:consistent|compatible|in line|aligned?|parity) with\b|"
              r"\bconsistency\b|\bcompatibility\b|"
              r"\bmatches? (?:the )?(?:behaviou?r|semantics|api|signature|docs)\b|\beasier\b|\bsimpler\b|"
              r"\bcleaner\b|\bclearer\b|\bmore readable\b|\breadability\b|\bless confusing\b|\bmaintainab\w+|"
              r"\bduplication\b|\bboilerplate\b|\bworkaround\b|\bwork around\b"),
        (0.8, r"\bunnecessar(?:y|ily)\b|\bunneeded\b|\bredundant\b|\bdead code\b|\bno longer (?:needed|used|"
              r"necessary|required|relevant|supported)\b|\bnot (?:needed|used|necessary) (?:anymore|any more)\b|"
              r"\bnever used\b|\bwasn't used\b|\bnot used\b"),
        # weak: a direction without a stated reason
        (0.5, r"\bbugs?\b|\bissues?\b|\bproblems?\b|\bimprov(?:e|es|ed|ing|ement|ements)\b|\bbetter\b|"
              r"\btypos?\b|\bmissing\b|\bunused\b|\bproperly\b|\bcorrectly\b|\boptimi[sz](?:e|es|ed|ing|ation)\b|"
              r"\bedge cases?\b|\bcorner cases?\b|\brequested\b|\bgracefully\b|\bcleanup\b|\bclean up\b|"
              r"\bexceptions?\b|\bsecurity\b|\bslow\b|\bthroughput\b|\blatency\b|\baccuracy\b|"
              r"\bconvergence\b|\bstable\b|\bmemory usage\b|(?<=[a-z])error\b|\bexcname\b"),
        (0.4, r"^(?:\W*\w+\W+)?(?:fix|fixes|fixed|fixing|hotfix|bugfix)\b"),
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
    r"^(?:this (?:pr|pull request|change|commit|patch|diff|mr)\s+|we\s+|i\s+|here we\s+|in this pr,? (?:we|i)\s+)?"
    r"(?:add|adds|added|adding|update|updates|updated|updating|refactor|refactors|refactored|refactoring|"
    r"rename|renames|renamed|move|moves|moved|bump|bumps|bumped|remove|removes|removed|delete|deletes|"
    r"deleted|change|changes|changed|replace|replaces|replaced|use|uses|used|implement|implements|"
    r"implemented|introduce|introduces|introduced|clean|cleans|cleaned|fix|fixes|fixed|switch|switches|"
    r"switched|migrate|migrates|migrated|upgrade|upgrades|upgraded|set|sets|make|makes|made|enable|"
    r"enables|enabled|disable|disables|disabled|support|supports|port|ports|ported|extract|extracts|"
    r"split|splits|merge|merges|merged|revert|reverts|reverted|reformat|format|lint|style|tweak|tweaks|"
    r"pin|pins|pinned|unpin|drop|drops|dropped|deprecate|deprecates|expose|exposes|convert|converts|"
    r"simplify|simplifies|improve|improves|create|creates|created|modify|modifies|modified|allow|"
    r"wrap|wraps|wrapped|initial|minor|misc|wip|more|new|first|bug|docs?|test|tests|ci|chore|feat|"
    r"refactoring|typo|cleanup)\b"
)
_HINT_CUT = re.compile(r",\s+| and (?:also )?(?=add|update|move|remove|rename|change|use|set|fix|bump|"
                       r"implement|introduce|refactor|replace|make|clean)")
# Titles that say nothing at all: a branch name GitHub filled in, or a marker for unfinished work.
_PLACEHOLDER_TITLE = re.compile(
    r"^\W*(?:wip|draft|tmp|temp|todo|tbd|test|testing|untitled|no title|patch[- ]?\d*|update[- ]?\d+)?\W*$")
_STRONG = 0.75  # one cue this strong states a purpose
# Weaker cues ("bug", "improve", "missing", a bare "fix") never decide alone: they only lower the
# confidence of a mechanism-only verdict.


@dataclass(frozen=True)
class DescriptionResult:
    verdict: str  # purpose | mechanism-only | empty
    confidence: float
    evidence: tuple[str, ...]
    hint: str
    language: str = "en"  # "en" or "other" (not judged)
    source: str = "human"  # "human" or "bot"
    asks_training_effect: bool = False
    training_files: tuple[str, ...] = field(default=())
    mechanism: str = ""  # their first mechanism sentence, quoted in the feedback
    title_only: bool = False  # a title was given and the body says nothing
    has_title: bool = False  # the PR has a title (even one that says nothing, such as "wip")
    purpose_in_title_only: bool = False  # the reason is in the title, not in the body

    @property
    def wording(self) -> dict[str, str]:
        """The sentences of content/description.toml, for templates/description.md.j2."""
        return wording()

    @property
    def training_question(self) -> str:
        """The question about the expected effect on training, naming the files (markdown)."""
        from torchreview.render import md_code

        files = ", ".join(md_code(f) for f in self.training_files[:3])
        return wording()["training_question"].replace("{files}", files)

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict,
            "confidence": self.confidence,
            "evidence": list(self.evidence),
            "hint": self.hint,
            "language": self.language,
            "source": self.source,
            "asks_training_effect": self.asks_training_effect,
        }


@cache
def wording() -> dict[str, str]:
    """Sentences for hints and feedback (content/description.toml)."""
    path = asset_dir("content") / "description.toml"
    with path.open("rb") as fh:
        return {k: str(v) for k, v in tomllib.load(fh).items()}


# "Fix bug when resuming" names where the bug is, not what goes wrong; "there is a bug when …" or
# "fix a bug where the loss …" still describe the problem.
_FIX_BUG_AT = re.compile(
    r"^(?:\W*\w+\W+)?(?:fix|fixes|fixed|fixing)\s+(?:a |an |the |some )?(?:\w+ )?(?:bugs?|issues?|problems?) "
    r"(?:when|with|in|for|of|on|about)\b"
)
# A goal about the pull request itself ("split out to keep PRs small", "for easier review") says why
# the PR is cut this way, not why the change is made.
_PR_LOGISTICS = re.compile(
    r"(?:\bin order |\bso as )?\bto (?:keep|make) (?:the |this |these |our )?(?:prs?|pull requests?|diffs?|"
    r"changes?|commits?|reviews?|reviewing) (?:small|smaller|short|shorter|focused|reviewable|manageable|"
    r"easier(?: to review)?|simpler)\b|\bfor (?:easier|simpler|faster) review(?:ing|s)?\b|"
    r"\b(?:easier|simpler) to review\b"
)


# Caveats are not reasons: doubts about the approach, results still being checked, work left for
# later, and notes about CI, lint or rebasing say how far the PR has got, not why it is made.
_CAVEAT = re.compile(
    r"\bnot (?:yet )?sure (?:if|whether|this|that|about|it|it's|how|what|why|we|i)\b|\bunsure\b|"
    r"\bi (?:don't|do not) (?:think|know)\b|\bhopefully\b|\bneeds? (?:more |further |to )?investigat\w*|"
    r"\bstill (?:investigating|looking into|need to|to do|wip|in progress|look(?:s|ing)? (?:off|wrong|odd|weird|"
    r"strange))\b|\b(?:will|i'll|we'll|to) (?:fix|address|handle|clean up|look at|do) (?:\w+ )?(?:it |this |that |them )?"
    r"(?:later|separately|in a follow[- ]?up)\b|\bin a (?:follow[- ]?up|separate|later|future|next)\b|"
    r"\b(?:ci|lint|linter|test) (?:failures?|errors?) (?:are|is|seem|seems|look|looks) unrelated\b|"
    r"\bunrelated (?:to this (?:pr|change)|failures?|ci)\b|\bthe rebase\b|"
    r"\b(?:need|needs|have|has) (?:yet )?to (?:check|verify|confirm|double[- ]check|test|benchmark|see) "
    r"(?:if|whether|that|how|it|this)\b|\b(?:yet|still) to be (?:checked|verified|confirmed|tested)\b|"
    r"\bfeedback (?:is )?welcome\b|\bopen to (?:suggestions|feedback|other)\b"
)


# A revert quotes the title of what it reverts; "Back out "Avoid a race"" gives no reason of its own.
_REVERT = re.compile(r"^(?:\W*\w+\W+)?(?:revert(?:s|ed|ing)?|back(?:s|ed|ing)? out|reland|re-land|reapply|undo)\b")
_QUOTED = re.compile(r"\"[^\"]{0,300}\"|“[^”]{0,300}”")


# "Allows users to set a value for gradient clipping", "Enables samplers that …", "`flag`: lets you
# skip the optimizer state" describe the new option itself: what it lets you set or switch is the
# mechanism again, not a reason. "Allows users to resume a run without losing the optimizer state"
# names what the option is for, and still counts.
_OPTION_VERBS = (
    r"set|specify|configure|choose|select|pick|use|pass|provide|supply|define|control|toggle|switch|turn|"
    r"enable|disable|skip|add|customi[sz]e|override|adjust|tune|modify|change|register|opt|apply|perform|"
    r"call|give|send|input|enter|decide|determine|include|exclude|have"
)
_OPTION_CAPABILITY = re.compile(
    r"^(?:code\s*:\s*)?(?:(?:this|it|which|that|the \w+)(?: pr| change| option| flag| argument| parameter)? )?"
    r"(?:now |also )*(?:allows?|enables?|lets|permits|makes it possible)"
    r"(?: (?:users?|you|people|us|the users?|callers|one|developers|researchers))?(?: to)? (?:" + _OPTION_VERBS
    + r")\b"
)
# A title that opens "Enables <thing>" / "Allow <thing>" names the feature, as "Support <thing>" does;
# in the body, "This allows schedules that … without a separate object" explains what it is for.
_TITLE_CAPABILITY = re.compile(
    r"^(?:allows?|enables?|permits) (?!(?:users?|you|people|us|the users?|callers|one|developers|researchers|"
    r"to|for|faster|better|easier|more|less)\b)"
)


def _restated_option(text: str, section: Section) -> str:
    """The sentence without an opening that only restates the new option ("allows users to set …")."""
    bare = _LEADING_MARKS.sub("", text)
    m = _OPTION_CAPABILITY.match(bare) or (_TITLE_CAPABILITY.match(bare) if section is Section.TITLE else None)
    return bare[m.end():] if m else text


def is_caveat(text: str) -> bool:
    """True when a sentence is a caveat about the PR itself, never a reason for it."""
    return bool(_CAVEAT.search(text))


def score(sentence: Sentence) -> float:
    """The strongest purpose cue in one sentence (0 when none)."""
    if sentence.refs_only:
        return 0.0
    text = sentence.cue_text
    if is_caveat(text):
        return 0.0
    if _REVERT.match(text):
        text = _QUOTED.sub(" ", text)  # the reverted change's own title is not this PR's reason
    if "fix" in text:
        text = _FIX_BUG_AT.sub("fix ", text, count=1)
    if " to keep " in text or " to make " in text or "review" in text:
        text = _PR_LOGISTICS.sub(" ", text)
    if "ena" in text or "all" in text or "let" in text or "perm" in text:
        text = _restated_option(text, sentence.section)
    best = 0.0
    for weight, pattern in _CUES:
        if weight > best and pattern.search(text):
            best = weight
            if best >= 1.0:
                break
    if sentence.section is Section.MOTIVATION and len(text.split()) >= 3:
        best = max(best, 0.9)
    if best < _STRONG and sentence.section is not Section.TITLE and not _TEST_NOTE.search(text):
        if _tells_past_event(text) or _explains(text):
            best = _PAST_EVENT
    return best


# --- sentences that explain without cue words --------------------------------------------------------
# A long declarative sentence made of two clauses ("Every epoch prints a 300-line config, which buries
# the loss values") explains something about the world. Sentences that open with a change verb, talk
# about the new behaviour ("now", "new", "will", "this PR") or report testing describe the PR instead.

_TEST_NOTE = re.compile(
    r"^(?:i |we )?(?:have |'ve )?(?:tested|ran|run|verified|checked|confirmed|benchmarked|profiled|tried)\b|"
    r"\btests? (?:pass|passed|passes)\b|\bworks? (?:locally|fine|for me)\b|\blooked (?:right|good|fine|ok)\b|"
    r"\b(?:did|ran|done|run) (?:some |a few |a couple of )?(?:quick |basic |small |simple |more )?tests?\b|"
    r"\bseems? to work\b|\b(?:haven't|have not|hasn't|has not|not) (?:been )?tested\b"
)
# The author telling what they (or the PR) did: "I prepared a script", "We moved the loader", "This PR
# adds …". Their past tense is the work, not a story of what went wrong.
_AUTHOR_ACTS = re.compile(
    r"^(?:i|we|this (?:pr|pull request|change|commit|patch|diff))(?: (?:also|then|now|just|first|have|'ve|"
    r"had))* (?!(?:noticed|found|saw|observed|hit|encountered|ran into|discovered|realized|realised|"
    r"noticed|got)\b)[a-z]+"
)
_NEW_BEHAVIOUR = re.compile(
    r"\bnow\b|\bnew\b|\bwill\b|\bthis (?:pr|change|commit|patch|diff)\b|\bthe pr\b|"
    r"\bwe (?:add|use|move|rename|change|replace|keep|make|wrap|call|pass|read|store|set)\b|^(?:it|tests?|docs?) "
)
_TWO_CLAUSES = re.compile(r", (?:and|which|but|so|while|where|because|whereas) | ?; | but | whereas | although | though ")
_EFFECT_OPENER = re.compile(r"^with (?:this|the|that) (?:change|flag|option|fix|patch|pr|setting)\b,?")


def _explains(text: str) -> bool:
    if _EFFECT_OPENER.match(text):
        return True
    if len(_WORD_RE.findall(text)) < 10 or _opens_with_change(text) or _NEW_BEHAVIOUR.search(text):
        return False
    return bool(_TWO_CLAUSES.search(text))


# --- past events ------------------------------------------------------------------------------------
# People often give the reason as a short story of what went wrong: "Resumed runs restarted Adam's
# moments from zero", "Creating loggers at import time opened files on every worker". A sentence
# that does not open with a change verb and has a verb in the past tense after its subject tells
# such a story. Change and testing verbs in the past ("added", "moved", "tested") describe the PR
# itself, and an -ed word after a determiner, a form of "be"/"have", a preposition or a change verb
# is an adjective or a passive ("the fused kernel", "is renamed", "support for models trained with").

_PAST_EVENT = 0.8
_WORD_RE = re.compile(r"[a-z][a-z'-]*")
_IRREGULAR_PAST = frozenset(
    "took ran went got became fell grew sat saw lost broke kept left gave came wrote thought hit spent "
    "stuck hung blew threw froze woke sank shrank swelled burnt".split()
)
_PR_PAST = frozenset(
    "added removed renamed moved updated changed replaced refactored introduced deleted merged reverted "
    "bumped extracted converted simplified cleaned implemented rewritten reworked modified adjusted "
    "tweaked fixed created tested split made used based inspired generated discussed reviewed approved "
    "dropped upgraded ported migrated exposed documented reformatted formatted linted passed checked "
    "verified confirmed validated benchmarked profiled measured built compiled trained called named "
    "related needed requested suggested proposed mentioned described listed included enabled disabled "
    "supported expected detailed required wrapped applied installed pinned unpinned skipped marked "
    "addressed squashed rebased signed contributed authored copied pasted borrowed adapted taken "
    "tried attempted decided chose chosen preferred kept improved optimized extended refined "
    "reorganized restructured rearranged renumbered reordered polished".split()
)
_NOT_A_SUBJECT = frozenset(
    "the a an this that these those is are was were be been being has have had get gets got getting "
    "with of for in on to from by as at into onto over under via and or but not no non pre its their "
    "our my your his her all any each every more less most least fully newly now also auto self just "
    "very well already then so if when while which who whose add adds adding use uses using support "
    "supports supporting enable enables enabling handle handles allow allows make makes keep keeps "
    "return returns load loads save saves accept accepts pass passes fix fixes new newly than some "
    "many few both either neither such same other another one two three "
    "last first next previous latest newest older link someone".split()
)
_REDUCED_RELATIVE = frozenset("by with via using under through on in from at during".split())


_LEADING_MARKS = re.compile(r"^(?:[^a-z0-9`]+|\[[^\]]{0,40}\]\s*)+")


# "The main changes include …", "Key updates:" introduce a list of what changed.
_CHANGES_OPENER = re.compile(
    r"^(?:the )?(?:main |key |major |other |minor )?(?:changes?|updates?|modifications?)"
    r"(?: in this (?:pr|pull request|change))?(?: include| includes| are\b|:)"
)


def _opens_with_change(text: str) -> bool:
    """True when the sentence opens with a change verb, after any emoji, bullets or [tags]."""
    text = _LEADING_MARKS.sub("", text)
    return bool(_MECHANISM_START.match(text) or _CHANGES_OPENER.match(text))


def _tells_past_event(text: str) -> bool:
    words = _WORD_RE.findall(text)
    if len(words) < 5 or _opens_with_change(text) or words[0] in ("now", "also", "then"):
        return False
    if _AUTHOR_ACTS.match(text):
        return False  # "I prepared a script …", "This PR adds … to resume interrupted runs": the PR itself
    for i in range(1, len(words)):
        w = words[i]
        if w in _PR_PAST or words[i - 1] in _NOT_A_SUBJECT or words[i - 1].endswith("ly"):
            continue
        if w in _IRREGULAR_PAST:
            return True
        if len(w) > 4 and w.endswith("ed") and not w.endswith("eed") and not w.startswith("un"):
            following = words[i + 1] if i + 1 < len(words) else ""
            if following not in _REDUCED_RELATIVE or words[i - 1] == "code":
                return True
    return False


def _is_mechanism(sentence: Sentence) -> bool:
    return _opens_with_change(sentence.cue_text)


# --- the rewrite hint ---------------------------------------------------------------------------------
# The hint is their own sentence with a place for the reason, shaped so that the result is English a
# reader can copy. A verb phrase ("Use bf16 autocast") takes "to <goal>"; when the verb already sends
# something somewhere ("Update train.py", "Change A to B", "Save the state"), a bare "to" would read as
# the destination, so it takes "in order to <goal>". A statement ("`foo` is now deprecated") gets a
# second sentence ("This matters because <reason>."), and a noun phrase ("Gradient norm clipping") a
# clause after a colon.

_HINT_PREFIX = re.compile(
    r"^(?:\W*\[[^\]]{0,40}\]\W*|\W*(?:feat|fix|perf|chore|refactor|docs?|test|tests|build|ci|style|bugfix|"
    r"hotfix|wip|draft|rfc)(?:\([^)]{0,40}\))?!?\s*:\s*|[^\w`\[(\"']+)+", re.IGNORECASE)
_HINT_REFS = re.compile(r"\s*(?:\((?:[^()]*#\d+[^()]*)\)|\b(?:fix|fixes|closes|resolves|see)\s+#\d+|#\d+)\s*$",
                        re.IGNORECASE)
_VERB_FIRST = re.compile(
    r"^(?:add|adds|added|adding|update|updates|updated|refactor|refactors|refactored|rename|renames|renamed|"
    r"move|moves|moved|bump|bumps|bumped|remove|removes|removed|delete|deletes|deleted|change|changes|changed|"
    r"replace|replaces|replaced|use|uses|used|implement|implements|implemented|introduce|introduces|"
    r"introduced|clean|cleans|cleaned|fix|fixes|fixed|switch|switches|switched|migrate|migrates|migrated|"
    r"upgrade|upgrades|upgraded|set|sets|make|makes|made|enable|enables|enabled|disable|disables|disabled|"
    r"support|supports|port|ports|ported|extract|extracts|split|splits|merge|merges|merged|revert|reverts|"
    r"reverted|reformat|reformats|tweak|tweaks|pin|pins|pinned|unpin|drop|drops|dropped|deprecate|"
    r"deprecates|deprecated|expose|exposes|convert|converts|converted|simplify|simplifies|simplified|"
    r"improve|improves|improved|create|creates|created|modify|modifies|modified|allow|allows|allowed|wrap|"
    r"wraps|wrapped|save|saves|saved|load|loads|call|calls|pass|passes|keep|keeps|return|returns|skip|"
    r"skips|raise|raises|register|registers|cast|casts|clip|clips|compute|computes|run|runs|turn|turns|"
    r"avoid|avoids|correct|corrects|handle|handles|share|shares|cache|caches|write|writes|increase|"
    r"increases|decrease|decreases|reduce|reduces|lower|lowers|copy|copies|send|sends|point|points|"
    r"restore|restores|reset|resets|check|checks|test|tests|document|documents|expand|extend|extends|"
    r"drive|drives|wire|wires|log|logs|print|prints|apply|applies|re-\w+)\b", re.IGNORECASE)
# Verbs whose "to" names where something goes or what it becomes.
_DESTINATION_VERB = re.compile(
    r"^(?:update|updates|updated|change|changes|changed|set|sets|move|moves|moved|rename|renames|renamed|"
    r"bump|bumps|bumped|switch|switches|switched|convert|converts|converted|migrate|migrates|migrated|"
    r"upgrade|upgrades|upgraded|port|ports|ported|pin|pins|pinned|save|saves|saved|write|writes|send|sends|"
    r"copy|copies|point|points|cast|casts|increase|increases|decrease|decreases|reduce|reduces|lower|lowers|"
    r"revert|reverts|reverted|pass|passes|add|adds|added|turn|turns|wire|wires|log|logs|print|prints)\b",
    re.IGNORECASE)
_FINITE = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|will|would|should|can|could|may|might|must|does|do|did|"
    r"now|no longer|isn't|aren't|wasn't|doesn't|don't|didn't|won't|can't)\b", re.IGNORECASE)
_SUBJECT_FIRST = re.compile(r"^(?:this|these|that|it|we|i|they|you|there|the \w+ (?:\w+s|\w+ed)\b)",
                            re.IGNORECASE)


def _hint_sentence(sentence: str) -> str:
    """Their sentence, cut to its lead clause, without [tags], "feat:" prefixes or trailing refs."""
    text = _HINT_PREFIX.sub("", sentence.strip())
    text = _HINT_REFS.sub("", text).strip().rstrip(".!:;,")
    words = text.split()
    if len(words) > 8:
        cut = _HINT_CUT.search(text, len(" ".join(words[:3])))
        if cut:
            text = text[: cut.start()]
    if len(text) > 160:
        text = text[:160].rsplit(" ", 1)[0]
    text = text.strip().rstrip(".!:;,")
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def hint_shape(text: str) -> str:
    """How the hint continues ``text``: "verb", "verb-destination", "statement" or "noun"."""
    if _VERB_FIRST.match(text):
        return "verb-destination" if _DESTINATION_VERB.match(text) or " to " in text else "verb"
    if _FINITE.search(text) or _SUBJECT_FIRST.match(text):
        return "statement"
    return "noun"


def _hint_from(sentence: str) -> str:
    text = _hint_sentence(sentence)
    words = wording()
    if not _WORD_RE.search(text.lower()):
        return words["hint_empty"]
    pattern = words["hint_" + hint_shape(text).replace("-", "_")]
    return pattern.replace("{sentence}", text).replace("{goal}", words["hint_goal"]).replace(
        "{reason}", words["hint_reason"])


def training_files(diff_text: str | None) -> tuple[str, ...]:
    """Python files whose added or removed lines do training work (simple text checks, no torch)."""
    if not diff_text or not diff_text.strip():
        return ()
    from torchreview.diff import parse_diff
    from torchreview.errors import UserError

    try:
        changed = parse_diff(diff_text)
    except UserError:
        return ()  # an unreadable diff tells us nothing about training; the text is still checked
    python = {cf.path for cf in changed if cf.is_python and not cf.is_binary}
    if not python:
        return ()
    found: list[str] = []
    current: str | None = None
    for line in diff_text.replace("\r\n", "\n").split("\n"):
        if line.startswith("diff --git ") or line.startswith("+++ "):
            if line.startswith("+++ "):
                path = line[4:].strip()
                current = path[2:] if path.startswith("b/") else path
            continue
        if line.startswith("--- "):
            continue
        if current in python and current not in found and line[:1] in "+-" and \
                _TRAINING_CODE.search(line[1:]):
            found.append(current)
    return tuple(found)


def judge(parsed: ReadText) -> tuple[str, float, tuple[str, ...], str]:
    """Verdict, confidence, evidence and first mechanism sentence from the sentences we read."""
    sentences = parsed.sentences
    body = [s for s in sentences if s.section is not Section.TITLE]
    title = [s for s in sentences if s.section is Section.TITLE]
    purpose: list[tuple[float, Sentence]] = []
    weak_total = 0.0
    for s in sentences:
        w = score(s)
        if w >= _STRONG:
            purpose.append((w, s))
            if len(purpose) >= 3:
                break
        elif w > 0:
            weak_total += w
    content = [s for s in body if not s.refs_only]
    # The rewrite hint grows from their first sentence about the change; fragments such as "wip" or
    # "* style" make a poor start, so those fall back to the title.
    worded = [s for s in content if len(_WORD_RE.findall(s.cue_text)) >= 3]
    mechanism = next((s.text for s in worded if _is_mechanism(s)), "") or \
        next((s.text for s in worded), "") or next((s.text for s in title), "") or \
        next((s.text for s in content), "")
    if purpose:
        best = max(w for w, _ in purpose)
        confidence = round(min(0.95, 0.55 + 0.4 * best), 2)
        return "purpose", confidence, _unique(s for _, s in purpose), mechanism
    said = [s for s in title if not _PLACEHOLDER_TITLE.match(s.cue_text)]
    if not parsed.body_has_content and not said:
        return "empty", 0.9, (), ""
    evidence = _unique(s for s in sentences if not s.refs_only)
    confidence = 0.6 + 0.05 * min(len(content), 5) - (0.15 if weak_total else 0.0)
    return "mechanism-only", round(confidence, 2), evidence, mechanism


def _unique(sentences: Iterable[Sentence], limit: int = 3) -> tuple[str, ...]:
    """The first ``limit`` sentences, each quoted once (a title is often repeated as the body)."""
    seen: set[str] = set()
    out: list[str] = []
    for s in sentences:
        key = " ".join(_WORD_RE.findall(s.cue_text))
        if key in seen:
            continue
        seen.add(key)
        out.append(s.text)
        if len(out) == limit:
            break
    return tuple(out)


def check_description(title: str, body: str | None, *, diff_text: str | None = None) -> DescriptionResult:
    """Judge whether ``title`` + ``body`` say why the change is made."""
    parsed = read(title or "", body or "")
    verdict, confidence, evidence, mechanism = judge(parsed)
    words = wording()
    language = "other" if parsed.foreign else "en"
    source = "bot" if parsed.bot else "human"
    if parsed.bot and verdict != "purpose":
        verdict, confidence, evidence = "purpose", 0.4, ()
    elif parsed.foreign and verdict != "purpose":
        verdict, confidence, evidence = "purpose", 0.2, ()
    if source == "bot":
        hint = words["hint_bot"]
    elif language == "other" and verdict == "purpose" and confidence <= 0.2:
        hint = words["hint_other_language"]
    elif verdict == "mechanism-only":
        hint = _hint_from(mechanism) if mechanism else words["hint_empty"]
    elif verdict == "empty":
        hint = _hint_from(mechanism) if mechanism else words["hint_empty"]
    else:
        hint = ""
    title_texts = {x.text for x in parsed.sentences if x.section is Section.TITLE}
    title_only = verdict != "empty" and not parsed.body_has_content and bool(title_texts)
    purpose_in_title = verdict == "purpose" and bool(evidence) and all(e in title_texts for e in evidence)
    files = training_files(diff_text) if source == "human" else ()
    asks = bool(files) and language == "en" and not any(
        _TRAINING_EFFECT.search(s.cue_text) for s in parsed.sentences)
    return DescriptionResult(
        verdict=verdict, confidence=confidence, evidence=evidence, hint=hint, language=language,
        source=source, asks_training_effect=asks, training_files=files, mechanism=mechanism,
        title_only=title_only, purpose_in_title_only=purpose_in_title, has_title=bool((title or "").strip()),
    )
