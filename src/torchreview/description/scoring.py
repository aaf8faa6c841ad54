"""How strongly one sentence states a purpose: cues, caveats, reverts, restated options, past events
and two-clause explanations."""

from __future__ import annotations

import re

from torchreview.description.cues import _CUES, _MECHANISM_START, _STRONG
from torchreview.prtext import Section, Sentence

# A question in parentheses is the author's guess, not a reason: "Correct a minor typo (due to TTS?)".
_ASIDE_QUESTION = re.compile(r"\([^()]{0,80}\?\)")
# When the PR itself deprecates something, the removal it announces is part of the change.
_OWN_REMOVAL = re.compile(r"\b(?:will|to|is to|are to) be (?:removed|dropped|deleted)\b|"
                          r"\b(?:removed|dropped|deleted) (?:in|after|from|by) (?:version |release |v)?\d[\w.]*")
# The words before "issues" or "bug" that name what went wrong: "to fix hanging issues", "Fix crash issues on exit"
_SYMPTOM_STEMS = (r"hang|crash|deadlock|freez|stall|segfault|oom\b|nan\b|leak|timeout|slow|race\b|overflow|underflow|"
                  r"divergen|instabilit|precision\b|accuracy\b|perf|copyright|licen[sc]|legal|security|privacy")
# "Fix bug when resuming" names where the bug is, not what goes wrong; "there is a bug when …" or
# "fix a bug where the loss …" still describe the problem.
_FIX_BUG_AT = re.compile(
    r"^(?:\W*\w+\W+)?(?:this (?:pr|change|commit|patch) )?(?:fix|fixes|fixed|fixing|correct|corrects|corrected|correcting)\s+"
    r"(?:#\d+,? (?:and|&) )?(?:a |an |the |some )?(?:(?:(?!" + _SYMPTOM_STEMS + r")\w+ )?(?:bugs?|issues?|problems?)|"
    # "fix error in accum_grad" names no error, only a place in the code; "fix index errors in …" names one,
    # and "fix the error when set_params gets a callback" or "… in training with fp16" tell when it shows
    r"(?:small |minor |little )?(?:errors?|mistakes?)"
    r"(?= (?:in|for|of|on) (?:the )?(?:code\b|[\w-]*[_.][\w.]*[\w](?:$|[ ,;]))"
    # "fix error from issue#1": an error only pointed to
    r"| (?:from|in|of) (?:the )?(?:issue ?#?\d+|#\d+|link)\b))"
    r" "
    r"(?:when|with|in|for|of|on|about|from)\b"
    # "fix problem when we work with a local LM over …": a clause with its own subject tells the situation
    r"(?! (?:we|i|you|they|users?|the user|someone|one) \w)"
    # "Fixes install issue with missing embeddings": the words after "with" name what goes wrong
    r"(?! (?:the |an? )?(?:missing|wrong|broken|incorrect|corrupted|invalid|stale|unexpected|inconsistent) "
    r"\W{0,2}\w)"
)
# A symptom named as the topic of a tool or a text ("Add OOM debugging docs", "crash reporting", "NaN checks")
# is what the change adds, not a failure it fixes
_SYMPTOM_TOPIC = re.compile(r"\b(?:(?:infs?|nans?)/)?(?:oom|out[- ]of[- ]memory|crash|crashes|nans?|infs?|memory leaks?|leaks?|hangs?|deadlocks?|"
                            r"segfaults?) (?=(?:debugging|detection|detectors?|reporting|reporters?|checks?|checking|"
                            r"checkers?|guards?|docs|documentation|guides?|tutorials?|tracking|trackers?|profiling|"
                            r"diagnos\w+)\b)")
# "document that the collected grad norms may include nan/inf values": what the docs now say, named by a
# docs verb, not a failure the change fixes ("…, because users kept asking" still gives its reason)
# ("Note that this fixes the crash …" is a remark to the reader: "note" and "mention" count only with the docs named)
_DOCUMENTED_THAT = re.compile(r"^(?:(?:document|documents|documented|documenting|clarify|clarifies|clarified) (?:in "
                              r"(?:the )?(?:docs?|readme|docstrings?|guide) )?|(?:note|notes|noted|mention|mentions|"
                              r"mentioned) in (?:the )?(?:docs?|readme|docstrings?|guide) )that [^,;]*")
# why the PR was opened, not why the code changes: "Opening this PR so that we can pull into dev once the
# models are trained", "I'm creating this draft PR for you to review the initial design"
_PR_OPENED_FOR = (
    r"\b(?:open|opening|opened|create|creating|created|make|making|made|submit|submitting|submitted|raise|raising|"
    r"raised) (?:this|a|the) (?:draft |separate |new |wip )?(?:pr|pull request) (?:so that|so|to|for|in order to) "
    r"(?:(?:we|you|i|others|people|reviewers|everyone|someone|maintainers) (?:can |could |may )?(?:to )?)?"
    r"(?:pull|merge|review|discuss|track|compare|get (?:early |some |your )?feedback|gather feedback|share)\b[^.;:]*")
_OPENED_FOR = re.compile(_PR_OPENED_FOR)
# A goal about the pull request itself ("split out to keep PRs small", "for easier review") says why
# the PR is cut this way, not why the change is made. Easing the review of a later change ("Just formatting
# for easier review of the follow-up diff") is what a preparatory change is for.
_PR_LOGISTICS = re.compile(
    r"(?:\bin order |\bso as )?\bto (?:keep|make) (?:the |this |these |our )?(?:prs?|pull requests?|diffs?|"
    r"changes?|commits?|reviews?|reviewing) (?:small|smaller|short|shorter|focused|reviewable|manageable|"
    r"easier(?: to review)?|simpler)\b|\bfor (?:easier|simpler|faster) review(?:ing|s)?\b"
    r"(?! of (?:the |a |an )?(?:follow[- ]?ups?|next|upcoming|later|subsequent|coming)\b)|"
    r"\b(?:easier|simpler) to review\b|"
    # "the links are invalid until #358 is merged, hence two separate PRs": the whole sentence says why the PR is split
    r"^[^.;]*,? hence (?:the |two |these )?separate (?:prs|pull requests|commits|diffs)\b|"
    # "It depends on #6770 so it includes its changes": why the diff shows another PR's commits
    r"\bso (?:it|this(?: pr| branch)?|the diff) (?:also |still )?(?:includes|contains|carries|shows) (?:all |some )?"
    r"(?:of )?(?:its|their|the|those|these|that pr's|the other pr's) (?:changes|commits|diffs?)\b|"
    # "I submitted this once, but it wasn't merged, so apply again": the story of an earlier PR
    r"\b(?:it |this |that |the pr )?(?:wasn't|was not|never got|never was|didn't get|did not get) merged\b.*|"
    # "No need to merge, as the summarizer will also be added": when to merge, not why the code changes
    r"\b(?:there is )?no need to merge\b[^.;]*|"
    + _PR_OPENED_FOR
)


# "Fix #12", "to resolve #12", "Fix or workaround for <link>": an issue number or link as the object of a goal
# verb or of "a fix for" only points somewhere, as a bare "Fixes #123" does; the words around it still count.
_GOAL_REF = re.compile(r"(?:\b(?:in order )?to (?:fix|close|resolve|address|solve)|\b(?:an? |the )?(?:fix|workaround|"
                       r"solution|patch)(?: or (?:an? )?(?:fix|workaround))? for) (?:issue |bug )?"
                       r"(?:#\d+|gh-\d+|[\w.-]+/[\w.-]+#\d+|link\b)")
# A question that says the value the code has is wrong: "Shouldn't eta be 0 for DDIM sampling?" ("Shouldn't this
# be merged first?" asks about the PR)
_WRONG_VALUE_QUESTION = re.compile(r"^\W*(?:but )?(?:shouldn't|should not|shouldnt) (?!(?:this|it|we|you|the pr|this pr) "
                                   r"(?:be )?(?:merged|reviewed|added|closed)\b)(?:[\w.`=-]+ ){1,4}?be\b[^?]{1,80}\?$")
# "as suggested here", "as discussed in #3297", "as proposed in <link>", "as suggested by @reviewer": a pointer to
# a talk elsewhere, not the reason itself ("as requested by users" says who needs it, and stays a reason)
_POINTED_DISCUSSION = re.compile(
    r"\(?\bas (?:suggested|discussed|proposed|mentioned)(?: (?:here|internally|offline|above|below|earlier))?"
    # ("as mentioned in the original paper" follows the paper, a reason)
    r"(?: (?:in|on|at|by|during) (?!(?:the |a |this )?(?:original |cited |same )?(?:paper|article|publication)\b)"
    r"(?:the |a |our |this |last )?(?!users?\b|customers?\b|the community\b|community\b)"
    r"(?:link|#\d+|gh-\d+|[\w.-]+/[\w.-]+#\d+|someone|[\w-]+)(?: (?:sync|meeting|call|thread|review|discussion|comments?|pr|issue))?)?"
    r"\)?(?=\W|$)")
# "If the flag is set the chat method is used, otherwise it defaults to generate": "otherwise" as the other
# branch of a condition the new code tests, not the trouble the change avoids ("as otherwise the hooks run
# twice" still gives the reason)
_ELSE_BRANCH = re.compile(r"(\b(?:if|when|whether)\b[^.;]{2,120}?)(?<!\bas )(?<!\bbecause )(?<!\bsince )\botherwise\b")
# "to fix randomization issue", "to fix the loader bug" names where the trouble is, not what goes wrong
# (as "Fix bug when resuming" does); "to fix the bug reported in #57" or "to fix the NaN issue" still
# count through their other words.
# ("to fix hanging issues" names the symptom: the words before "issues" say what went wrong)
_FIX_VAGUE = re.compile(r"\b(?:in order )?to (?:fix|resolve|address|solve) (?:a |an |the |this |that |some )?"
                        r"(?:(?!" + _SYMPTOM_STEMS + r")[\w-]+ ){0,2}?"
                        r"(?:issues?|bugs?|problems?|challenges?)\b(?! of \w)|"
                        # "a small change to fix the `infer.py` script": a fix of a piece of code, no symptom
                        r"\bto fix (?:the |this |that |a )?(?:code )?(?:code|script|file|function|method|class|"
                        r"module|test|tests|notebook|example|docs?|typo|typos|import|imports)\b")
# "Fixes for bugs I hit while working on the manual", "to resolve some issues we encountered in the code":
# that the author met a problem names no symptom, as "fix a bug" does not
_PROBLEMS_MET = re.compile(r"\b((?:bugs?|issues?|problems?|challenges?|errors?|glitches)) (?:that |which )?(?:i|we) "
                           r"(?:have |had )?(?:encountered|hit|ran into|run into|met|faced|found|saw|noticed|came across)\b")
# "Currently, two warm-up schedules are supported": what the new code covers (its scope), not the
# state before the change. "Currently the loader crashes" keeps its other words.
_SCOPE = re.compile(
    # "a plateau scheduler, currently set up to track the validation loss": how the new code is configured
    r"\bcurrently (?:set up|configured|set) to\b|"
    # "adds pretrained weights for TIPS (currently vision encoder only)": how far the change reaches
    r"\(?\b(?:currently|for now|at the moment) (?:[\w-]+ ){1,3}only\b\)?(?=\s*(?:$|[).,;]))|"
    r"^(?:currently|for now|at the moment|right now|at present),? (?:[\w-]+ ){0,6}?(?:is|are) "
    r"(?:supported|implemented|available|included|provided|covered|handled)\b|"
    r"\b(?:is|are) currently (?:supported|implemented|available|included|provided|covered|handled)\b|"
    # "This is currently not covering all the functions": how far the change reaches, not a problem
    r"\b(?:is|are) currently not (?:yet )?(?:covering|supporting|handling|including)\b|"
    # "the loader, which currently only contains the QM9 dataset": how far the new code reaches
    r"\bcurrently only (?:contains?|supports?|includes?|has|covers?|handles?|works? (?:with|on|for))\b|"
    # "We currently only add this feature for FlexAttention": how far the change reaches
    r"\b(?:we|i) (?:currently|for now) only (?:add|support|implement|enable|cover|handle)\w*\b|"
    # "Currently, the Python surface is minimum implementation.": how far the new code has got
    r"^(?:currently|for now|at the moment),? (?:the |this |our )?(?:[\w-]+ ){0,4}?(?:is|are) (?:a |an |the )?"
    r"(?:minimum|minimal|basic|partial|preliminary|simple|initial|first|rough) (?:implementation|version|support|draft)\b|"
    r"^(?:currently|for now|at the moment),? (?:(?:it|this|the \w+) )?(?:only )?(?:supports?|handles?|covers?|"
    r"includes?|contains?|provides?|offers?|implements?)\b|"
    # "This PR adds torchao as an option, right now we expose three techniques": what the new code offers so far
    r"\b(?:currently|for now|right now|at the moment),? (?:we|it|this pr|this|the pr) (?:only )?(?:expose|exposes|"
    r"support|supports|offer|offers|provide|provides|implement|implements|include|includes|cover|covers)\b|"
    # "Currently, it can run kernels that take any tensors as inputs": what the new code can do so far
    r"^(?:currently|for now|at the moment|right now),? (?:it|this|the (?:new )?(?:implementation|feature|version|"
    r"prototype|integration|poc|tool|script)) can (?:only )?(?:run|handle|process|load|read|export|convert|train|"
    r"compile|be used)\b|"
    # "This is currently just the torchvision models", "Currently supporting FP16 method", "Only support image
    # right now", "Currently, tests have been conducted on two models": how far the added thing reaches
    r"^this (?:(?:pr|change|feature|implementation|patch|support|tag|option) )?(?:is |works |applies )?"
    r"(?:currently|for now|right now|at the moment),? (?:only|just)\b.*$|"
    # "flip_test is not supported yet.", "TP and PP are not supported yet but can be extended later": what the
    # new code leaves out, told on its own ("Currently X works, but Y is not yet supported" tells the old state)
    r"^[\w.`-]+(?: (?:and|or|,) [\w.`-]+)? (?:is|are)(?:n't| not) (?:yet supported|supported yet)\b"
    r"(?:,? but (?:it |they )?(?:can|could|will|may) be (?:added|extended|supported)\b[^.;]*)?\W*$|"
    # "adds a KD loss, currently just ForwardKLLoss (in kd_losses.py), to the CE loss": the scope as an aside
    r",\s*(?:currently|for now|right now|at the moment),? (?:only|just) [^,;.]{1,80}?(?=,|$)|"
    r"^(?:currently|for now|right now|at the moment),? (?:only )?supporting\b.*$|"
    r"^(?:only )?supports? (?:[\w.-]+ ){1,4}(?:right now|for now|currently|at the moment)\W*$|"
    r"^(?:currently|for now|right now|at the moment),? (?:the )?tests? (?:have|has) (?:only )?been "
    r"(?:conducted|run|done|performed|carried out)\b|"
    # "Currently does not implement an audio model, only builds the pipeline."
    r"^(?:currently|for now|at the moment|right now),? (?:it |this )?(?:does not|doesn't) (?:yet )?\w+[^.]{0,80}\bonly\b|"
    # "It currently depends on fsdp2 and torchao": what the new code needs, not a problem before it
    r"^(?:it|this(?: (?:pr|change|implementation|feature|version|draft|option|mode))?) (?:currently|for now|"
    r"at the moment|right now) (?:only )?(?:depends on|requires|relies on|needs)\b|"
    # "This PR adds `Pruner`, which is a torch.nn.utils.prune wrapper as of now": what the new code is so far
    r"\b(?:which|that) (?:is|are) (?:just |only |simply |basically )?(?:an? |the )?(?:[\w.-]+ ){0,4}?(?:wrapper|"
    r"stub|placeholder|prototype|draft|skeleton|port|copy|shim)s? (?:around |for |of |over )?(?:[\w.'-]+ ){0,3}?"
    r"(?:as of now|for now|currently|at the moment|right now)\b|"
    # "This is an experimental feature as of now", "[Not currently supported] Float8Linear …": the state
    # of the new code or of one of its parts
    r"\b(?:is|are) (?:an? )?experimental (?:[\w-]+ )?(?:as of now|for now|currently|at the moment|right now)\b|"
    r"^\W*[\[(](?:not )?(?:currently|yet|for now) (?:not )?(?:supported|implemented|available|working|tested)[\])]|"
    # "The implementation currently uses summed log-probabilities": how the new code works so far
    r"^(?:this|the) (?:new )?(?:implementation|pr|feature|version|change|draft|notebook|script|example|demo|tool|"
    r"option|backend|recipe) (?:currently|for now|at the moment|right now) (?:only )?(?:uses?|supports?|handles?|"
    r"covers?|works? (?:with|on|for)|reads?|loads?|accepts?|runs? on|takes?|expects?|assumes?|returns?|trains?)\b|"
    # "Currently, the performance of the models on the test set is the following": a results report
    r"^(?:currently|right now|at the moment|for now),? (?:the )?(?:performance|results?|scores?|metrics?|accuracy|"
    r"numbers?|losse?s?)\b[^.]{0,160}\b(?:is|are) (?:the following|as follows|below)\b|"
    # "Currently only available for the SingleCNN and ResNet models": the reach of what is added
    r"^(?:currently|for now|at the moment|right now),? (?:only )?(?:available|supported|implemented|tested) "
    r"(?:for|on|in|with)\b|"
    # "Currently this implementation works with a single GPU": what the new code does so far
    r"^(?:currently|for now|at the moment|right now),? (?:this (?:implementation|pr|feature|version|change|draft|"
    r"notebook|script|example|demo|tool)|the (?:new )?(?:implementation|notebook|script|example|demo|tool)) (?:only )?"
    r"(?:works? (?:with|on|for)|reads?|loads?|accepts?|runs? on|uses?|takes?|expects?|assumes?|requires?|outputs?|"
    r"writes?|returns?|tests?|trains?|evaluates?|supports?|handles?|covers?)\b"
)
# The old code as the object of a change verb ("Removed the old configuration file", "replaces the
# current implementation") is what the change touches; "the old implementation" as a subject still
# describes the state before.
_CHANGED_OLD = re.compile(
    r"\b((?:remov|replac|delet|drop|deprecat|renam|mov|rewrit|refactor|migrat|port|convert)\w*) "
    r"the (?:current|original|existing|old)\b"
)
# The old code as the subject of a removal ("The old trainer will be discarded after the refactoring")
# is what the change touches, as in _CHANGED_OLD.
_OLD_REMOVED = re.compile(
    r"\bthe (?:current|original|existing|old) (?:[\w-]+ ){0,3}?(?:will be|is|are|gets|get|has been|have been|"
    r"was|were|can be|should be) (?:removed|discarded|deleted|dropped|replaced|deprecated|renamed|moved|"
    r"rewritten|refactored|kept|left)\b"
)
# "Adds a warning when a loader has few workers", "emit deprecation warnings when X is built": the
# warning is what the change adds (or, "Removed warning about X", takes out), not a problem it describes.
# "The loader raises a warning on every epoch" still describes a problem: only adding verbs, or an
# imperative at the start of the sentence, name the change.
_ADDS_WARNING = re.compile(r"\b(?:add|adds|added|adding)(?: an?| the)?(?: deprecation| user)? warnings?\b"
                           # and when the new warning fires ("added a warning to pipeline.py when the partition
                           # output is not supported"): the case it reports, not a problem of the old code
                           r"(?:(?: (?:to|in|into|for) (?:the )?[\w./`-]+)? (?:when|if|whenever|in case) [^.;]*)?|"
                           # "The old name still works with a deprecation warning": the PR's own deprecation
                           r"\bstill works? (?:but )?with (?:a |an )?(?:deprecation |future )?warnings?\b|"
                           r"^(?:emit|raise|issue|show|print|log)(?: an?| the)?(?: deprecation| user)? warnings?\b|"
                           # "Removed warning about torch version": a message the code printed is what goes
                           r"^(?:remove|removes|removed|removing|delete|deleted|drop|dropped)(?: an?| the)? warnings? "
                           r"(?:about|message|for|on|that|when)\b")
# The error the new code raises is what it does ("This PR raises a descriptive error when an empty bucket is
# passed"), as a warning it adds is; "the loader raises an error when …" without "this PR" or "now" is the bug.
_RAISES_NEW = re.compile(r"(?:^this (?:pr|change|commit|patch) (?:now )?|\bnow )(?:raises|throws|returns) (?:an? |the )?"
                         r"(?:[\w-]+ ){0,2}?(?:error|exception|[a-z]+error)\b|"
                         # the change told as an order: "[Minor] Raise Error if ar_reg is set and n_lags is null"
                         r"^(?:\[[^\]]{0,30}\] )?(?:raise|throw) (?:an? |the )?(?:[\w-]+ )?(?:error|exception|[a-z]+error)s? "
                         r"(?:if|when|whenever)\b[^,;]*")
# "Fix graph_gps example minor error", "fix buggy regression task": a fix that calls its bug small or buggy
# still names no symptom
_FIX_MINOR = re.compile(r"\b(fix|fixes|fixed|fixing)\b([^.,;]{0,40}?)\b(?:minor|small|tiny|little|some|few|several) "
                        r"(?:errors?|bugs?|issues?|mistakes?|problems?)\b|\b(fix|fixes|fixed|fixing) (?:the |a |some )?buggy\b")


def _fix_minor(m: re.Match[str]) -> str:
    return f"{m.group(1)}{m.group(2)} bug" if m.group(1) else f"{m.group(3)}"


# "Helps <link to an issue>": the issue it helps with, named by its address alone. Outside a pointer's own
# sentence score() checks only this pointer and the next one: testing every sentence with is_pointer moved a
# held-out verdict away (stop 73).
_HELPS_POINTER = (r"^(?:this |it )?(?:helps|should help|might help|may help|partially helps)"
                  r"(?: with| towards?)? (?:the )?(?:issue |pr )?(?:link|#\d+|gh-\d+)\W*$")
# "To fix one of the legacy issues reported in #2678": the issue to fix, named only by where it was reported
_FIX_POINTER = (r"^(?:this (?:pr |change )?is )?to (?:fix|solve|resolve|address) (?:one of )?(?:the |an? |some )?"
                r"(?:[\w-]+ ){0,2}(?:issues?|bugs?|problems?) (?:(?:reported|mentioned|described|raised|discussed|"
                r"listed|noted|opened|filed) )?(?:in|at|by|here:?) (?:the )?(?:issue |pr )?(?:link|#\d+|gh-\d+)\W*$")
_HELPS_ONLY = re.compile(_HELPS_POINTER + "|" + _FIX_POINTER)
# A motivation section that only points elsewhere ("This PR is linked to <issue>") gives no reason itself.
_POINTER_ONLY = re.compile(r"^(?:[\w-]+ ){0,3}?(?:logs?|results?|report|screenshots?|demo|examples?|outputs?|docs?|"
                           r"benchmarks?|notebook|colab|wandb|dashboard)\W*link\W*$|"  # "examples run log: <link>"
                           # "This is a cherry-pick of #41330": where the change comes from
                           r"^(?:this (?:pr |change )?is )?(?:a |an )?(?:cherry-?pick|backport|port|re-?submission|"
                           r"resubmission|rebase|copy|duplicate) (?:of|from) (?:pr |the pr |commit )?(?:link|#\d+|gh-\d+|"
                           r"[\w.-]+/[\w.-]+#\d+|[0-9a-f]{7,40})\W*$|"
                           # "visualization tool: <link>": a label over a link points somewhere, as a bare link does
                           r"^(?:[\w-]+ ){0,3}[\w-]+\s*:\s*link\W*$|"
                           r"^(?:[\w.-]+ )?(?:related |upstream |original |companion |linked )?(?:pr|prs|pull request|"
                           r"issue|discussion)\W*(?:link|#\d+|gh-\d+)\W*$|"  # "mmdet PR: <link>"
                           r"^(?:this (?:pr|change) )?(?:is )?(?:linked|related|refers|relates) (?:to|with) "
                           r"(?:the )?(?:issue |pr )?(?:link|#\d+|gh-\d+)\W*$|"
                           + _HELPS_POINTER + "|" + _FIX_POINTER + "|"
                           # "See #12", "Come from this [issue](…)": a pointer, or the link's own words naming the place
                           # ("Adapted from the great work in #1966": where the code comes from)
                           r"^(?:see|refer to|ref:?|comes?|came|adapted|ported|taken|borrowed)(?: from)? "
                           r"(?:the (?:[\w-]+ )?work (?:in|of) )?(?:link|#\d+|(?:this|the|that|an?) "
                           r"(?:issue|pr|pull request|discussion|thread))"
                           # ("See #16 for details")
                           r"(?: for (?:more |further |the )?(?:details|context|info|information|discussion|"
                           r"background))?\W*$|"
                           # "As title", "See title", "As the title says": the title is the whole story
                           r"^(?:just |same )?(?:as|see|like|as per|per) (?:the |in the |pr |the pr )?title"
                           r"(?: says| said| describes| suggests| shows| states| mentions| mentioned)?\W*$|"
                           # "Do not close or fix any previous issue": no issue to point to
                           r"^(?:this (?:pr|change) )?(?:does not|doesn't|do not|don't|no|not) (?:close|fix|resolve|address|"
                           r"relate to|link to)s?(?: or (?:close|fix|resolve|address)s?)? (?:any|an?) (?:previous |existing |open "
                           r"|related |known )?issues?\W*$")
# Finding a typo is no story of a problem: "just a typo I noticed while reading the docs".
_NOTICED = re.compile(r"\b(?:i|we)(?:'ve| have)? (?:noticed|found|saw|spotted|came across)\b|^(?:it )?turn(?:s|ed) out(?: that)?\b")
# A test report ("This was tested by running the script twice", "Tested with two seeds") says how the
# PR was checked; only a strong cue ("… it no longer crashes") makes it a reason.
_TEST_REPORT = re.compile(
    # ("EDIT: tested on T4, and int4 quantization works": a report added later under a label)
    r"^(?:(?:edit|edited|update|updated|upd|note)\s*:\s*)?"
    r"(?:(?:this|it|the (?:changes?|pr|fix|patch|code)) (?:was|were|has been|is|are|have been) tested\b|"
    # "Didn't test on a T4 yet", "Haven't tried it with DDP": how far the checking got, its "I" left out
    r"(?:i |we )?(?:haven't|have not|did not|didn't) (?:yet )?(?:test|tested|try|tried)\b|"
    r"(?:i |we )?(?:tested|verified|validated) (?:by|with|on|using|locally|that|it|this)\b|"
    # "Can confirm tests pass and the example notebook still runs": nothing broke, no reason for the change
    r"(?:i |we )?(?:can |could )?confirm(?:ed)? (?:that )?(?:the |all )?(?:tests?|it|this|everything|training|"
    r"examples?|notebooks?)\b|"
    # "The MNIST extraction test is still successful with this change": nothing broke, no reason for the change
    r"(?:the |all |existing |unit )?(?:[\w-]+ ){0,2}?tests? (?:is|are) still (?:successful|passing|green|working)\b|"
    # "Test should still pass.": what the tests are expected to show, no reason for the change
    r"(?:all |the |existing |unit )?tests? (?:should|must|will) (?:still )?pass\b|"
    # "The unittest takes about 165s": how long the new test runs, with nothing compared
    r"(?:(?:the|this|each|every|new|whole|full|added) )*(?:unit ?-?tests?|unitests?|tests?|test suite|test cases?) "
    r"(?:still )?(?:takes?|took|runs? (?:in|for)|ran (?:in|for)|lasts?) (?:about |around |roughly |only |~)?"
    r"[\d.,]+ ?(?:ms|s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?)(?: on (?:cpu|gpu|an? [\w.-]+|\w+))?\W*$)"
)


# Caveats are not reasons: doubts about the approach, results still being checked, work left for
# later, and notes about CI, lint or rebasing say how far the PR has got, not why it is made.
_CAVEAT = re.compile(
    # a result the author reports: "The experiment using breakthrough does not show a difference between PyTorch and TF"
    r"\b(?:does not|doesn't|did not|didn't) show (?:a |any )?(?:significant |noticeable |big |measurable )?"
    r"(?:difference|change)s? (?:between|in|with|from)\b|"
    # where a side part of the diff comes from: "The changes to `neutra.py` were caused by `make license`."
    r"^the (?:other )?(?:changes?|diffs?|edits?) (?:to|in) .{0,80}?\b(?:were|was|are|is) (?:caused|made) by\b|"
    # "Use of git filter-branch to remove a notebook committed by mistake has resulted in duplicated commits in
    # the history for this branch": the state of the PR's branch, not of the code
    r"\b(?:duplicated?|doubled|repeated) commits\b|\b(?:git )?(?:history|commits) (?:of|for|on|in) (?:this|the|my|our) "
    r"(?:pr(?:'s)? |feature )?branch\b|"
    # "No tests are needed.": what the PR leaves out, a template's answer
    r"^(?:there are )?no (?:new |additional |extra |more |unit )?(?:tests?|docs?|documentation|changelog(?: entry)?|"
    r"doc changes?) (?:is |are |were |was )?(?:needed|required|necessary|added)\b|"
    # "This PR does not include support for BinaryQuant nodes": how far the PR reaches
    r"^this (?:pr|pull request|change|patch|commit) (?:does not|doesn't|will not|won't) (?:yet )?(?:include|add|cover|"
    r"implement|contain|address|touch|handle)\b|"
    # the author's doubt about their own approach: "Not completely happy with the need to add special-case logic"
    r"^(?:i'm |i am |we're |we are )?not (?:completely |entirely |fully |really |too |very |quite |totally )?"
    r"(?:happy|satisfied|thrilled) with\b|"
    # what the new code cannot do yet: "this is not yet suitable for non-PIT applications because …"
    r"\b(?:this|it|that|the (?:new )?(?:code|feature|option|loss|model|implementation)) (?:is|are) not yet (?:suitable|"
    r"supported|usable|ready|compatible|working|implemented|handled|tested)\b|"
    # what the new code still asks of others: "this solution still requires all tasks to pass the kwarg"
    r"^this (?:solution|approach|fix|workaround|implementation|pr|change|patch|"
    r"version) still (?:requires|needs|relies)\b|"
    # the PR's own present state: "This is currently using a private repo", "this currently fails with gpu"
    r"^this (?:pr |pull request |change |patch |branch )?(?:is )?currently\b|"
    # why the PR itself was closed ("Closed to reduce the PR backlog.") says nothing of the change
    r"^(?:closed?|closing)(?: this| the)?(?: pr| pull request)? (?:to|because|as|since|in favou?r of|due to|for now)\b|"
    # how the PR was made with an AI tool ("I prompted Claude to improve it", "AI was used for root-cause
    # investigation (why an existing transformation doesn't work)"): a disclosure, not the change's reason
    # ("the loader used a database cursor", "a wrapper for using Gemini as a judge" name things, not the
    # PR's making: only verbs of asking an assistant count, and "cursor" is too common a word)
    r"\b(?:prompted|asked|with the help of|generated (?:by|with)|written (?:by|with)|assisted by|"
    r"(?:covered|suggested) by) "
    r"(?:[\w-]+ ){0,3}?(?:claude|copilot|chatgpt|gpt-?\d\w*|gemini|codex)\b|"
    r"\bai (?:assistance|tools?|assistants?|agents?|models?)? ?(?:was|were) used\b|\bai assistance used\b|"
    # the PR's branch: "Currently based on <branch>, will rebase once #698 is merged"
    r"\bwill rebase\b|"
    # the author's plan if the change falls short: "If it does not work well, I will try a teacher model"
    r"^if (?:it|this|that) (?:does not|doesn't|did not|didn't) work\b[^;]{0,80}?\b(?:i|we)(?:'ll| will)\b|"
    # the author still weighing the design: "I'm still debating if we need to make it an autograd.Function"
    r"\b(?:still )?(?:debating|deciding) (?:if|whether)\b|\bstill (?:wondering|unsure) (?:if|whether)\b|"
    # a doubt about the change's own effect: "It is unclear if this will result in slower rendering"
    r"\bit(?:'s| is) (?:still |currently )?unclear (?:if|whether) (?:this|it|the change|these changes) "
    r"(?:will|would|might|could|may)\b|"
    # how far the new code reaches: "Note this is only the forward pass, gradients through the depth won't work"
    r"^(?:note|nb)\b:?,? (?:that )?(?:this|it) (?:is|does) only\b|"
    # a check asked of the reviewers: "but someone should check this probably before merging"
    r"^someone (?:should|could|needs to|must|has to) (?:\w+ )?(?:check|test|verify|confirm|benchmark|look at|review)\b|"
    # a change that must land with another: "so there needs to be the corresponding PR there merged too"
    r"\b(?:corresponding|matching|companion|accompanying) (?:pr|pull request)s? (?:\w+ ){0,4}?(?:merged|landed)\b|"
    # a word to the reviewer: "Please review this PR if you think it will help."
    r"\bif you think (?:it|this|that) (?:will|would|could|might|may) (?:help|be useful|be helpful)\b|"
    # a note on the PR itself: "I forgot to switch branches, so I will re-open this PR soon"
    r"\b(?:i|we)(?:'ll| will) (?:re-?open|re-?create|re-?submit|close) (?:this|the|a new|another) "
    r"(?:pr|pull request)\b|"
    # what users must redo after the change: "Any existing trie files will need to be regenerated"
    r"^(?:any |all |the )?(?:existing |old |previous |current )?(?:[\w./-]+ ){1,4}(?:will|would) (?:need|have) to be "
    r"re-?(?:[a-z]+ed|built|run|written|made|done|taken)\W*$|"
    # an assurance: "It will not affect the original feature, but just an enhancement"
    # ("… is added at the end, so that it doesn't break existing code" is the design's aim)
    r"^(?:it|this|this (?:pr|pull request|change|patch)) (?:will not|won't|does not|doesn't|should not|shouldn't) "
    r"(?:affect|effect|impact|change|alter|break) "
    r"(?:the |any )?(?:original|existing|current|default|old|other)\b|"
    # "We might or might not want to deduplicate the two scripts"; "Two big datasets are missing so far as the model
    # is very slow": the author's open question, and what the PR's results still lack
    r"\b(?:might|may) or (?:might|may) not\b|\b(?:is|are) (?:still )?missing (?:so far|for now|as of now)\b|"
    # work the PR leaves open: "However, the implementation of the mixture model is still required"; the author's
    # own doubt: "Still not clear how to use these flags"
    r"\b(?:is|are) still (?:required|needed|to be (?:done|implemented|added|written))\W*$|^still not (?:clear|sure)\b|"
    r"\bnot (?:yet |entirely |totally |quite |100% )?sure"
    r"(?: yet\b| (?:if|whether|this|that|about|it|it's|how|what|why|we|i)\b|"
    r"\s*(?:[,.;!?)]|$))|\bunsure\b|"
    # "… but I am not completely confident in my implementation"
    r"\bnot (?:completely |fully |entirely |totally |quite |100% |very )?confident\b|"
    # "so I'm not 100% if this is correct": the doubt with its "sure" left out
    r"\bnot 100 ?% (?:if|whether|that)\b|"
    # the branch the PR grew from: "This PR is based on PR #21, so it contains many commits", "Stacked on #1014"
    r"^this (?:pr|branch|change|pull request) is (?:based|built|stacked) on (?:top of )?(?:pr |the pr )?"
    r"(?:#\d+|link)\b|"
    # what the PR leaves alone: "The documentation seemed fine to me, so I left it as is."
    r"\bso (?:i|we) (?:left|kept) (?:it|them|this|that|the \w+) (?:as is|as it was|unchanged|untouched|alone)\b|"
    # the author's work still going on: "the reward gain is not significant yet, still working on code optimization"
    r"\b(?:i'm |i am |we're |we are )?still (?:working|work) on\b|"
    # "One caveat is that the current implementation requires the sample rate"
    r"\bcaveats? (?:is|are|here is)\b|"
    # the author's own judgement of the change: "It's not ideal since it doesn't support fused ops yet"
    r"^(?:it's|it is|this is|this isn't|that's|that is) (?:not ideal|not perfect|a bit hacky|hacky|not pretty)\b|"
    # the author's own view of what they hand in: "… but I believe it's still readable"
    r"\bbut i (?:believe|think|hope|guess) (?:it|this)(?:'s| is) still (?:readable|usable|fine|ok|okay|correct|"
    r"working|useful|good enough)\b|"
    r"\b(?:let's|let us|let me|we'll|i'll|to) see (?:if|whether) (?:this|it|that) (?:works|helps|fixes)\b|"
    r"\b(?:let (?:me|us) know|lmk) (?:if|whether|what|how|where|when|which)\b|"
    r"\bi (?:don't|do not|didn't|did not)(?: really| quite| fully)? (?:think|know|understand)\b|"
    # "hopefully this works" doubts the change; "hopefully this PR can help newcomers …", "hopefully can train
    # faster", "may hopefully be less confusing" state its goal
    # ("renames variables for more clarity (hopefully)", "for hopefully better code clarity" hedge the goal, not the
    # change)
    r"\bhopefully\b(?!\))(?![^.]{0,30}\b(?:help|helps|allow|allows|enable|enables|let|lets|save|saves|improve|"
    r"improves|reduce|reduces|speed up|speeds up|simplif\w+|faster|quicker|easier|clearer|simpler|less|better)\b)|"
    r"\bplease (?:check|verify|confirm|test) (?:if|whether|that)\b|"
    r"\bstill (?:a lot|lots|plenty|much|many things|some things)(?: of (?:things|work|stuff))? (?:to do|left)\b|"
    r"\bneeds? (?:more |further |to )?investigat\w*|\b(?:there (?:are|is) )?still (?:a few |some |several )?"
    r"(?:more|others?) (?:that|which|to)\b|"
    # ("The table still needs to be updated": work the PR has yet to do; "the user still needs to call X"
    # tells the old code's trouble)
    r"\bstill (?:investigating|looking into|need to|to do|wip|in progress|(?:on|in) (?:the |my |our )?(?:todo|to-do|"
    r"to do) list|look(?:s|ing)? (?:off|wrong|odd|weird|strange)|needs? to be (?:updated|done|added|fixed|written|"
    r"tested|documented|cleaned|finished|implemented|converted|moved|ported|polished|adjusted|changed|checked|verified|"
    r"handled|extended|refactored|improved|optimi[sz]ed|reviewed|tuned|addressed))\b|"
    # "The backends can still use some work": more to do, said as what the code could take
    r"\b(?:can|could) (?:still )?use (?:some|more|a bit of|a little|a lot of|a little more) (?:more )?(?:work|polish|"
    r"cleanup|clean-up|love|attention)\b|"
    # "… but should be straightforward to add on later", "(other models to add later)": what the PR leaves out
    r"\badd(?: on)? (?:it |this |that |them )?later\b|"
    # "I'll add the fitting scripts shortly as well", "will add more details tomorrow": work still to come
    r"(?:\b(?:i'll|i will|we'll|we will)|^(?:\W*wip\W+)?will) (?:also )?(?:add|push|upload|include|write)\b"
    r"[^.;,]{0,60}?\b(?:shortly|soon|later|afterwards|tomorrow|asap)\b|"
    r"\b(?:will|i'll|we'll|to) (?:fix|address|handle|clean up|look at|do) (?:\w+ )?(?:it |this |that |them )?"
    r"(?:later|separately|in a follow[- ]?up)\b|\bin a (?:follow[- ]?up|separate|later|future|next)\b|"
    # "Doc has been added and can be improved in further PRs", "we will refactor it in later diffs"
    r"\bin (?:further|futher|future|later|subsequent|follow[- ]?up|separate|next|upcoming) (?:prs|pull requests|"
    r"commits|changes|iterations|diffs)\b|"
    # ("CI failures of TorchVision is unrelated": the failing project named)
    r"\b(?:ci|lint|linter|test) (?:failures?|errors?) (?:(?:of|in|on) (?:the )?(?:[\w.-]+ ){1,2})?"
    r"(?:are|is|seem|seems|look|looks) "
    r"(?:unrelated|not related)\b|"
    r"\bunrelated (?:to this (?:pr|change)|failures?|ci)\b|\bthe rebase\b|"
    # why the diff looks the way it does: "Sorry the diff is larger, this is due to normalizing line endings"
    r"\bthe diff (?:is|looks|seems) (?:so |this |a bit |much |quite )?(?:larger|large|big|bigger|huge|noisy|long)\b|"
    # tests or docs the PR has yet to get: "tests for the other classes are still missing"
    r"\b(?:tests?|docs|documentation|examples?|type hints|benchmarks?)\b[^.;]{0,80}\b(?:is|are) still "
    r"(?:missing|lacking|to do|todo|needed)\b|"
    # what the PR still lacks: "There is still a bug, but its tests are skipped", "we can reduce that in the future"
    r"\bthere (?:is|are) still (?:a |an |some |one |two |a few |few )?(?:known |small |minor )?"
    r"(?:bugs?|issues?|problems?|errors?|failures?|failing tests?)\b|"
    r"\b(?:we|i|you) (?:can|could|may|might) (?:\w+ ){1,2}?(?:it|this|that|them|these) (?:later|in the future|"
    r"afterwards|in a (?:follow[- ]?up|later pr|separate pr))\b|"
    # why this PR was opened instead of another: "I was having issues with my git config, so couldn't rebase
    # the previous one", "created a new PR"
    r"\b(?:couldn't|could not|can't|cannot|unable to|failed to) (?:rebase|push|force[- ]push|update|sync) "
    r"(?:to |onto )?(?:the |my |this |that )?(?:previous|old|original|other|first|branch|fork|pr)\b|"
    r"\bgit config\b|\b(?:created|opened|made|open|create) (?:a |this )?new (?:pr|pull request)\b|"
    # "Since the last PR was too messy, I reopened another one"
    r"\bre-?(?:opened|created|submitted) (?:another|a new|a fresh|a clean|this|the) (?:one|pr|pull request)\b|"
    # "Apologies for making another PR for this, I messed up the fork merging": why the PR is new
    r"\b(?:apolog\w*|sorry) (?:for )?(?:making|opening|creating|sending) (?:another|a new|a second|this) (?:pr|pull request)\b|"
    # when the author can get to it: "I will be off this week so it will be delayed"
    r"\b(?:i|we)(?:'ll| will) be (?:off|away|out of office|on vacation|on holiday|on leave|travell?ing)\b|"
    # the author's doubt about their own code: "I'm sorry if my implementation is wrong"
    r"\bsorry if (?:my|this|the|our) (?:[\w-]+ )?(?:implementation|code|change|fix|pr|approach|solution) (?:is|was) "
    r"(?:wrong|bad|incorrect|not (?:right|correct|good))\b|"
    # what the change leaves as it was: "IPAdapter still downloads to its own folder, not affected by this arg"
    r"\bnot affected by this (?:[\w-]+ )?(?:pr|change|patch|fix|arg|argument|option|flag|setting)\b|"
    # "This commit does not impact IPEX, which currently remains on its own backend"
    r"\b(?:this|the) (?:commit|pr|change|patch|diff|fix) (?:does not|doesn't|will not|won't) (?:impact|affect|touch|"
    r"alter)\b|"
    # "The changes made are grammatical and do not affect the ideas in the file"
    r"\b(?:the|these|my|our) (?:changes|edits|modifications)(?: made)? (?:are [\w ,-]{1,40}? and )?"
    r"(?:do not|don't|will not|won't) (?:impact|affect|touch|alter|change)\b|"
    # "I think more tests for multi GPU are needed", "The PR is currently blocked because …": how far it has got
    r"\b(?:more|further|additional|extra) (?:tests?|testing|experiments?|benchmarks?|work)\b[^.;]{0,60}\b(?:is|are) "
    r"(?:still )?(?:needed|required)\b|\b(?:this|the) (?:pr|pull request|change|patch) is (?:currently |curently |still )?"
    r"blocked\b|^(?:currently |still )?(?:blocked|blocking) (?:until|on|by)\b|"
    # "Initial commit not working yet", "the workflow will fail for another day", "ncnn is not supported in this PR"
    r"\bnot (?:fully |quite )?working yet\b|\b(?:workflows?|ci|builds?|tests?|checks?|pipelines?|jobs?) (?:will|may|might) "
    r"(?:still |continue to )?fail (?:for|until)\b|\bnot (?:yet )?supported (?:in|by) this (?:pr|pull request|change|patch)\b|"
    # "Tests are still missing", "the docs for this are missing": what the PR itself still lacks ("the benchmarks
    # are missing the A2C environments" tells what the project lacks); "Only some cleanup and tests are missing"
    r"\b(?:tests?|unit tests?|docs?|documentation|docstrings?|changelog|examples?|type hints|benchmarks?)"
    r"(?: for (?:this|it|them|that))? (?:is|are) (?:still |also )?missing\b(?! (?:the|an?|some|any|several)\b)|"
    r"^only (?:some |a few |the )?[^.;]{1,80}? (?:is|are) (?:still )?missing\W*$|"
    # a question left open: "Whether this default will change in the future is still an open question."
    r"\b(?:is|remains) (?:still )?an open question\b|"
    # "This PR was previously here: <link>": where the PR was before, not how the code was
    r"\b(?:this|the) (?:pr|pull request|change|diff|patch|commit) (?:was|had been|has been) (?:previously|originally|"
    r"first) (?:here|opened|submitted|landed|merged|reverted|created|posted|at|in|as)\b|"
    # "Untested as of right now", "(docstrings still to be done)": how far the PR has got
    r"^(?:it is |it's |this is |still )?(?:untested|not (?:yet )?tested(?: yet)?)\b|"
    r"\bstill to be (?:done|written|added|implemented|updated|tested|documented)\b|"
    # "This will be deleted once we have dynamic shape support for all ops": the change is a stopgap, and
    # the note says when it goes, not why it comes
    r"\b(?:this|it|these|they) (?:will|can|should) be (?:deleted|removed|reverted|dropped) (?:once|when|after|"
    r"as soon as)\b|"
    # "now we need some trivial details to be done", "a few things left to finish": the PR's remaining work
    r"\b(?:details|things|bits|items|tasks|parts|pieces)(?: left)? to (?:be )?"
    r"(?:done|finish\w*|complete\w*|polish\w*)\b|"
    # "one may check the code and see if there is anything wrong": a request to the reviewers
    r"\b(?:see|check|tell me|let me know) (?:if|whether) (?:there is|there's|there are|you (?:see|find)) "
    r"(?:anything|something|any \w+) (?:wrong|off|missing|broken)\b|"
    # "Since this is my first PR, I hope the style is right": the author, not the change; "please help us run
    # the pre-commit hooks": a request to the reviewers
    r"\bplease (?:kindly )?help (?:us|me)\b|"
    r"\bthis is my (?:very )?first (?:pr|pull request|contribution|commit|time|attempt)\b|"
    # a checklist answered in prose: "No dependencies are required for this change."
    r"^no (?:new |additional |extra )?(?:dependencies|dependency|breaking changes?|docs?|documentation|api changes?) "
    r"(?:are|is|were|was) (?:required|needed|introduced|affected)\b|"
    # "Vocab stuff probably still works, tested the 8B model": a hedge on what the author checked
    r"\b(?:probably|should|seems to|hopefully) still works?\b|"
    # room left for more work: "There are probably many ways to improve efficiency that we can implement later"
    r"\b(?:many|other|more|some|several|a few|further) (?:ways|things|places|optimi[sz]ations|improvements) "
    r"(?:to|that|we|i|which)\b[^.]{0,60}\b(?:later|in the future|in (?:a |another )?(?:follow[- ]?up|future) "
    r"(?:prs?|pull requests?|work|change))\b|\broom for (?:further )?(?:improvement|optimi[sz]ation)s?\b|"
    # "This is the first PR, cannot really test until it is merged": how far the checking has got
    r"\b(?:cannot|can't|can not|could not|couldn't) (?:really |properly |fully )?test (?:it |this )?"
    r"(?:until|before)\b|"
    r"\b(?:need|needs|have|has) (?:yet )?to (?:check|verify|confirm|double[- ]check|test|benchmark|see) "
    r"(?:if|whether|that|how|it|this)\b|\b(?:yet|still) to be (?:checked|verified|confirmed|tested)\b|"
    r"\bfeedback (?:is )?welcome\b|\bhelp (?:is |would be )?(?:appreciated|welcome)\b|"
    # checking still to do: "Performance checking is needed.", "more testing is required"
    r"\b(?:more |further |some |performance |perf |accuracy )?(?:testing|checking|benchmarking|verification|"
    r"validation) (?:is |are )?(?:still )?(?:needed|required)\b|"
    # a request to the reviewers: "but I'd appreciate some feedback … to make sure the reshaping is right"
    r"\b(?:i|we)(?:'d| would) (?:really |greatly )?(?:appreciate|love|welcome) (?:some |any |your |a )?"
    r"(?:feedback|reviews?|input|"
    r"eyes|comments|thoughts|second look|sanity check)\b|"
    # how far the author has got: "Still learning this, should be close to working"
    r"\bshould be (?:close to|almost|nearly) (?:working|done|ready|finished)\b|"
    r"\bopen to (?:suggestions|feedback|other)\b|"
    r"\bopen (?:for|to) (?:discussions?|suggestions|feedback|comments|ideas|debate)\b|"
    # the PR's own state: "currently this PR is not ready for review", "I am working on it"
    r"\bnot (?:yet )?ready (?:for|to be) (?:review\w*|merg\w*)\b|"
    # work left, told after the change: "This adds dispatch to the kernels, although need to resolve the
    # mismatch first"
    r"\balthough (?:we |i )?(?:still )?(?:need|needs) to\b|"
    # a check the author means to run: "Note: I want to run the recipe sanity check on this, but …"
    r"^(?:note:? )?(?:i|we) (?:want|wanted|would like|'d like) to (?:run|test|check|try|verify|benchmark) "
    r"(?:[\w-]+ ){0,5}?(?:on|with|against) (?:this|it|these)\b|"
    r"\b(?:is|are) (?:still |currently )?(?:removed|disabled|skipped|excluded|turned off) (?:from|in|on) (?:the )?ci\b|"
    # how far the PR reaches: "This is not exhaustive, but I tried to grab some common usages"
    r"^(?:this|it|the list|this list)(?: pr| change)? (?:is not|isn't) (?:an? )?(?:exhaustive|complete|comprehensive)\b|"
    # work the PR leaves: "There is still some remaining work to unify the code base"
    r"\b(?:some |more |a lot of |lots of |a bit of )?(?:remaining|outstanding) work\b|\bwork (?:still )?(?:left|remaining)\b|"
    # how far the PR has got: "dense prompts support is still partial"
    # how to check the PR: "Here are the steps to reproduce the results."
    r"^here (?:are|is) (?:the )?(?:steps|commands?|instructions) to (?:reproduce|replicate|run|test)\b|"
    # the PR's test status under a template heading: "No tests added.", "no new tests"
    r"^\W*(?:no|none|n/a)(?: new| extra| additional)? tests?(?: (?:added|needed|required|included|written))?\W*$|"
    # the author's own progress: "Hi, I managed to make it work in Google Colab."
    r"\b(?:i|we) (?:managed|was able|were able) to (?:make|get) (?:it|this|them|everything) (?:to )?(?:work|working|run|running)\b|"
    # "Note that sliding-window attention is not supported yet.": a limit of what is added
    r"^note that (?:[\w-]+ ){1,6}(?:is|are) not (?:yet )?supported(?: yet)?\W*$|"
    # the PR's own state: "Please keep this PR open until the slides are rechecked", "not meant to be merged as is"
    r"\bkeep (?:this|the) (?:pr|pull request) open\b|\bnot (?:meant|intended|ready) to be merged\b|"
    # "Note: it cannot ensure convergence now": a limit of what is added, for now
    r"^note\W+(?:(?:it|this|the (?:pr|change|code|implementation|feature)) )?(?:cannot|can't|does not|doesn't|may not|"
    r"might not|won't|will not) [^.]{0,60}\b(?:now|yet|for now|at the moment)\W*$|"
    # the same told without "Note:": "This file can't be used with llama.cpp yet."
    r"^(?:(?:it|this [\w-]+|the new [\w-]+) )?(?:cannot|can't|can not|does not|doesn't|won't|will not) "
    r".{0,60}\byet\W*$|"
    # a limit of what is added: "Adds jit tracing (won't work for all models, …)"
    r"\b(?:won't|will not|doesn't|does not|may not|might not) work (?:for|with|on) (?:all|every|each)\b|"
    # "All these are preliminary and have not been tested individually": the PR's own parts, not yet checked
    r"\b(?:these|they|this|it|all (?:of )?(?:these|them|this))(?: [\w-]+)?(?: are| is)? (?:still )?(?:preliminary|untested)\b|"
    r"\b(?:these|they|this|it|all (?:of )?(?:these|them))(?: [\w-]+)? (?:have|has) not (?:yet )?been tested\b|"
    # the PR waiting on another: "Note: <link> needs to land before this PR can work."
    r"\b(?:needs?|has|have) to (?:land|be merged|be landed|go in) (?:first|before)\b|"
    # work put off to later: "Eventually we need to add optimized flavors of the shader."
    r"^eventually,? (?:we|i) (?:will |would |might |may )?(?:need|want|plan|have|hope) to\b|"
    # the author on the state of their own code: "Code is quite dirty, I am looking into ways for improvement"
    r"^(?:the |my |this )?code is (?:quite |a bit |still |rather |very |pretty )?(?:dirty|messy|hacky|ugly|rough)\b|"
    # the author's own test status: "Still have not tested translation", "I haven't tested it on multiple GPUs"
    r"^(?:(?:i|we) )?(?:still )?(?:have|has)(?:n't| not) (?:yet )?(?:been )?tested\b|"
    # "qlora still not successfully implemented, but …", "I still don't have the variance matching": how far the
    # PR has got
    r"\bstill (?:not|isn't|is not|aren't|are not) (?:\w+ly )?(?:implemented|working|done|finished|complete)\b|"
    r"\b(?:i|we) still (?:don't|do not|haven't|have not|can't|cannot) (?:have|got|get|figured|managed)\b|"
    # what the PR itself will break, owned up to: "Remove TrainState (this will break the existing checkpoints)",
    # "The rename of the existing executor breaks backwards compatibility."
    # ("Pin protobuf, or it will break on some tokenizers" tells what the change prevents)
    r"\b(?:this|it|the (?:rename|renaming|change|removal|move)\b[^.]{0,80}?) (?<!or it )(?<!or this )(?<!otherwise it )"
    r"(?:(?:will|would|may|might) break\b|"
    r"breaks (?:backwards?|bc)[- ]?compat)|"
    # "Mostly tested although didn't go over everything"
    r"^(?:(?:it's|it is|this is|i|we) )?(?:mostly|partially|partly|not fully|lightly|barely|only briefly) tested\b|"
    r"\b(?:is|are|remains?) still (?:only )?(?:partial|incomplete|experimental|"
    r"preliminary|rough)\b|"
    # a closing: "Happy to help", "We're here to help!"
    r"^\W*(?:(?:i'm|i am|we're|we are) )?(?:always )?(?:happy|glad|here) to help\W*$|\bwe(?:'re| are) here to help\b|\b(?:i am|i'm|we are|we're) (?:still )?working on it\b|"
    # thanks to someone for something: "Thanks @daswer123 for making it possible." ("Thanks to the new kernel,
    # training is faster" gives a cause)
    r"^\W*(?:many |big |special |huge )?(?:thanks|thank you)(?: again| so much| a lot)?(?: to)? "
    r"(?:@?[\w-]+ )?(?:again )?for\b|"
    # what the PR still needs from someone: "The code needs some double checking to make sure that X is used
    # correctly", "Needs review."
    r"^(?:(?:the |this |my )?(?:code|pr|change|implementation|patch|it|this) )?(?:still )?needs? (?:some |more |a |"
    r"further |extra |another |careful )?(?:double[- ]?)?(?:check(?:ing)?|review(?:ing)?|testing|verification|"
    r"validation)\b|"
    # the PR's own fate: "This model submission was aborted due to ongoing technical challenges."
    r"^this (?:[\w-]+ ){0,2}?(?:pr|pull request|submission|work|attempt|effort) (?:was|is|has been|got) (?:now )?"
    r"(?:aborted|abandoned|cancell?ed|discontinued|put on hold|paused|superseded)\b|"
    # a sign-off with nothing after it: "Hope it helps!" ("hope this helps newcomers to set up CUDA" says for whom)
    r"^\W*(?:i |we )?(?:hope|hopefully) (?:it|this|that) (?:helps?|is helpful|will help|can help)\W*$|"
    r"\b(?:will|would) push (?:more|further|the rest of the|other) (?:changes|commits|code)\b|"
    r"\b(?:any )?(?:feedback|suggestions|comments)\b[^.]{0,60}\b(?:(?:is|are|will be|would be) (?:greatly |much |very )?"
    r"(?:welcome|welcomed|appreciated))\b|"
    # limits and gaps of the PR itself: "X does not work for now", "we didn't add a unit test because …"
    # ("FSDP is not supported yet, so this adds it" is the state before the change and still counts)
    r"\b(?:does not|doesn't|do not|don't|is not|isn't) (?:work|supported)(?: yet)? for now\b|"
    r"\b(?:we|i) (?:didn't|did not|haven't|have not) (?:add|added|write|written) (?:the |any |a )?(?:corresponding |new )?"
    r"(?:unit )?tests?\b|"
    # the PR's test status: "Not tested.", "It is not tested yet" ("the branch is never tested" tells a gap)
    r"^(?:(?:this|it|the (?:change|pr|code|patch|fix)) (?:is |has |was )?)?(?:not|untested)(?: yet)?(?: been)?"
    r"(?: tested)?(?: yet)?\W*$|"
    # what the author could not check: "I cannot give a test on those recipes"
    r"\b(?:i|we) (?:cannot|can't|could not|couldn't|am not able to|was not able to|wasn't able to|am unable to|"
    r"was unable to|haven't been able to) (?:give |run |write |do |add )?(?:a |any |the )?(?:tests?|testing|verify|"
    r"check)\b|"
    # the author's doubt about the code's own shape: "a bit messy because of nested dicts, I hope it is readable"
    r"\bi hope (?:it|this|that|the code|everything)(?: is|'s| will be| remains)? (?:still )?(?:readable|ok|okay|fine|"
    r"clear|understandable|correct|right|good enough)\b|"
    # a PR opened by accident: "Accidentally created a pull request. Please close it."
    r"\baccident(?:al)?ly (?:creat|open|submitt|made|push)\w*|\b(?:opened|created|submitted) (?:this )?"
    r"(?:pr |pull request )?by (?:mistake|accident)\b|^please (?:close|ignore) (?:it|this)\b|"
    # why the PR is a draft ("Draft due to requiring #1242"), not why the change is made
    r"^\W*(?:draft|wip|on hold)\b[^.]{0,40}\b(?:due to|because|until|since|pending)\b|"
    # a dependency on other work: "This PR was developed based on #2635, so waiting for that PR to be merged.",
    # "assuming that #54202 will be merged"
    r"\bwaiting for (?:that |the |this |another |the other |#\d+ |link )?(?:pr |pull request )?(?:#\d+ |link )?to (?:be )?"
    r"(?:merged|landed|land|released|accepted)\b|"
    r"\bassuming (?:that )?(?:#\d+|gh-\d+|link|the (?:other |upstream )?(?:pr|pull request)) (?:will be|is|gets|get) "
    r"(?:merged|landed|accepted|released)\b"
)


# A revert quotes the title of what it reverts; "Back out "Avoid a race"" gives no reason of its own.
_REVERT = re.compile(r"^(?:\W*\w+\W+)?(?:revert(?:s|ed|ing)?|back(?:s|ed|ing)? out|reland|re-land|reapply|undo)\b")
_QUOTED = re.compile(r"\"[^\"]{0,300}\"|“[^”]{0,300}”")
# "Deleted unnecessary import", "remove redundant code": the adjective names what goes, as "remove unused
# code" does; "the sync is unnecessary because …" says why and keeps its cue
_REMOVED_ATTRIBUTE = re.compile(r"\b((?:remov|delet|clean|drop|strip|prun)\w*(?: up| out)?|get rid of) (the |some |all |any |"
                                r"a few |few |several |an? )?(?:unnecessary|unneeded|redundant|superfluous|useless|dead) ")
# "Try to fix the reward normalization", "This PR attempts to add bf16": the tried action is the change
# itself, told with a hedge; what follows "to" is no goal of something else
# "I've been trying to reproduce the paper and found a typo", "While trying to run it, …": what the
# author was doing when they met the change's cause, not a goal of the change
# (a title's tag may come first: "[transformer] try to fix mga in onnxruntime")
_TRIED_ACTION = re.compile(r"^(?:\[[^\]]{1,30}\] )?(?:(?:i|we|this pr|this|this change|this commit|while|when|"
                           r"(?:i|we)(?:'ve| have)(?: been)?|"
                           r"i'm|i am|i was|we're|we are|we were) )?(?:try|tries|tried|trying|"
                           r"attempt|attempts|attempted|attempting|an attempt|first attempt|my attempt) to ")
# A typo or wording fix quotes the old and the new text ("so you don't need to change them.W" -> "…"):
# the quoted words are the document's, not the author's reason.
_QUOTED_SWAP = re.compile(r"(?:\"[^\"]{0,300}\"|“[^”]{0,300}”)\s*(?:->|→|=>|-->)\s*(?:\"[^\"]{0,300}\"|“[^”]{0,300}”)")


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
    # (after a conventional-commit type: "feat: allow user set torch dtype")
    r"^(?:code\s*:\s*|[a-z]+(?:\([\w./-]*\))?!?:\s*)?(?:(?:this|it|which|that|the \w+)(?: small| little| simple| tiny| minor)?"
    r"(?: pr| change| option| flag| argument| parameter)? )?"
    # "This change is to allow user to specify the max_norm"
    r"(?:(?:is|was) (?:meant |made |done )?to )?"
    r"(?:(?:will|would|should) )?(?:now |also )*(?:allows?|enables?|lets?|permits?|makes it possible)"
    r"(?: (?:users?|you|people|us|the users?|callers|one|developers|researchers))?(?: to)? (?:" + _OPTION_VERBS
    + r")\b"
)
# A title that opens "Enables <thing>" / "Allow <thing>" names the feature, as "Support <thing>" does;
# in the body, "This allows schedules that … without a separate object" explains what it is for.
_TITLE_CAPABILITY = re.compile(
    r"^(?:allows?|enables?|permits) (?!(?:users?|you|people|us|the users?|callers|one|developers|researchers|"
    r"to|for|faster|better|easier|more|less)\b)"
)


# "With the flag `small` the user can switch between high and low resolution images", "with this option,
# dadaptation is available": what the new option does
_WITH_THE_OPTION = re.compile(
    r"^(?:with|using|via|by setting) (?:the |this |that )?(?:new )?(?:flag|option|argument|arg|parameter|param|"
    r"setting|kwarg)s?(?: [\w.-]+)?,? (?:(?:the )?(?:users?|you|one|people|callers) can (?:now )?(?:" + _OPTION_VERBS
    + r")\b|(?:[\w.-]+ ){1,3}(?:is|are|becomes?) (?:now )?(?:available|enabled|supported|usable|used)\b)"
)


def _restated_option(text: str, section: Section) -> str:
    """The sentence without an opening that only restates the new option ("allows users to set …")."""
    bare = _LEADING_MARKS.sub("", text)
    m = _OPTION_CAPABILITY.match(bare) or _WITH_THE_OPTION.match(bare) or \
        (_TITLE_CAPABILITY.match(bare) if section is Section.TITLE else None)
    return bare[m.end():] if m else text


# A to-do without a subject ("Need to add a few more things here", "Will update soon", "To-do: …") is
# the author's note on how far the PR has got, whatever its verb. Each phrasing used to get a caveat of
# its own ("need to check if", "will fix … later"), and the next batch of real texts brought new verbs.
# With a subject, "we need to …" can still give a reason ("We need to reset the seed, because …").
_WORK_LEFT = re.compile(r"^(?:(?:still|also) )?(?:need|needs) to\b|^(?:will|to-?do|tbd)\b|"
                        # "Work needs to be done to convert this PoC into a general API", "More work is required"
                        r"^(?:(?:more|some|further|additional|still) )?work (?:still )?(?:(?:needs|has) to be done|"
                        r"is (?:still )?(?:needed|required))\b|"
                        # after a few words of where the work stands: "More testing, need to try on the big GPU"
                        r"^(?:[\w-]+ ){0,2}[\w-]+, (?:(?:still|also) )?(?:need|needs) to\b|"
                        # when the author means to finish: "I will mostly wrap this up before the end of the month"
                        r"^(?:i|we)(?:'ll| will) (?:try to |mostly (?:to )?|hopefully |soon )?(?:wrap (?:this |it )?up|"
                        r"finish (?:this|it|the rest)|complete (?:this|it|the rest))\b|"
                        # the author's next step on the PR ("I will raise an issue first if …", "We'll open a
                        # follow-up for the docs")
                        r"^(?:i|we)(?:'ll| will) (?:then |first |also )?(?:(?:raise|open|file|create|submit|send|make) "
                        r"(?:a |an |another |the |one )?(?:new |separate |follow-?up )?(?:issue|pr|pull request|ticket|"
                        r"follow-?up)|follow up|revisit|rebase|squash)\b|"
                        # the PR's state alone, even under "Motivation": "Work in progress:"
                        r"^(?:wip|work in progress|in progress|draft)\W*$|"
                        # a to-do list's label: "Bug to fix:", "Known issues:", "Things left to do"
                        r"^(?:(?:known|remaining|open|outstanding) )?(?:bugs?|issues?|problems?|things?|tasks?|items?) "
                        r"(?:(?:left )?to (?:be )?(?:fix|fixed|solve|solved|address|addressed|do|done)|left|remaining)\W*$|"
                        r"^(?:known|remaining|open|outstanding) (?:bugs?|issues?|problems?)\W*$|"
                        # the author's plan for the PR: "I am planning to add more benchmark experiments"; what is
                        # not written yet: "Docs are still todos"
                        r"^(?:i|we)(?:'m| am|'re| are) (?:planning|going) to (?:add|run|train|test|write|include|do|"
                        r"upload|update|finish|try|benchmark|evaluate)\b|"
                        r"^(?:[\w-]+ ){1,3}(?:is|are) still (?:a )?to-?dos?\b|"
                        # an idea for later: "In the future, we could consider making the script use AttributeDict"
                        r"^in the future,? (?:we|i|you|one|someone) (?:could|might|may|can|should|would)\b|"
                        # what later PRs will do: "Future PR: support more granular configurability"
                        r"^(?:future|next|later|follow-?up) (?:prs?|pull requests?|work|steps?)\s*:|"
                        # "But some things need to be done:" over a to-do list
                        r"^(?:but |and |however,? )?(?:some|a few|several|few|other|more|many) (?:more )?"
                        r"(?:things|items|parts|bits|steps|tasks) (?:still )?(?:need|have) to be "
                        r"(?:done|fixed|addressed|finished|completed|implemented)\b|"
                        # when the PR may land: "This is a draft that should be reviewed/merged after the next
                        # release of OpenVINO", "This PR should be merged after #22073"
                        r"^(?:this|it|code|(?:this|the) (?:pr|pull request|change|patch|branch|code)|this is a draft "
                        r"(?:that|which)) (?:should|must|can|could|may|might|will)(?: not)?(?: need to)?(?: only)? be "
                        r"(?:reviewed|revised|merged|landed)\b")


# "Need to fix the loss types due to upstream changes in TRL": a to-do that gives its reason is a reason.
_REASON_LINK = re.compile(r"\b(?:because|due to|since|as a result of|so that|otherwise|caused by)\b")


# "Compatibility with TensorFlow 1 and 2.", "Compatible with FMS 0.0.8": a fragment that names what the change
# supports, as "Support for TF2" does. Keeping up with an outside change ("Compatibility with recent a1111 dev",
# "… with the changes for <PR>") still tells why.
_SUPPORTED_FRAGMENT = re.compile(
    r"^(?:fully |now )?compatib(?:le|ility) (?:with|for) (?![^,;:]{0,120}?\b(?:recent|recently|latest|new|newer|"
    r"upcoming|upstream|changes?|changed|updated?|breaking|prs?|pull requests?|dev|nightly|main|master)\b)"
    r"[^,;:()]{1,120}$")


# "Managed to get this running on my local machine (M4 Max)": it ran for the author, which is no reason for it
_RAN_IT = re.compile(r"^(?:i |we )?(?:managed?|was able|were able) to (?:get|make) (?:this|it|them|the [\w-]+) "
                     r"(?:running|run|working|work)\b|"
                     # "I did a dry run with the two specs to ensure nothing broke"
                     r"^(?:i |we )?(?:did|ran|performed|made) (?:a |some )?(?:dry|test|quick|sanity|smoke)[- ]runs? "
                     r"[^.;]{0,80}?\bto (?:ensure|make sure|check|verify|confirm) (?:that )?(?:nothing|it|everything|"
                     r"all)\b|"
                     # "… tested via <command> and it works": the check's result alone
                     r"^(?:and |so )?(?:it|this|everything) (?:all )?(?:works?|worked)"
                     r"(?: (?:fine|well|now|as expected))?\W*$")


def is_test_report(text: str) -> bool:
    """True when a sentence (cue text) reports how the PR was checked: "Tested with two seeds", "The
    changes have been tested with the provided weights". It says nothing about what changed or why."""
    return bool(_TEST_REPORT.match(text) or _TEST_NOTE.search(text) or _RAN_IT.match(text))


def is_pointer(text: str) -> bool:
    """True when a sentence (cue text) only points somewhere else: "See #12", "As the title says", "Related
    PR: <link>". It names neither the change nor its reason."""
    return bool(_POINTER_ONLY.match(text))


def is_pr_note(text: str) -> bool:
    """True when a sentence (cue text) only tells why the PR was opened ("Opening this PR so that we can
    pull it into dev once the models are trained"): a poor start for a hint about the change."""
    m = _OPENED_FOR.search(text)
    return m is not None and len(_WORD_RE.findall(text[:m.start()] + text[m.end():])) < 6


def is_caveat(text: str) -> bool:
    """True when a sentence is a caveat about the PR itself, never a reason for it."""
    if _CAVEAT.search(text):
        return True
    return bool(_WORK_LEFT.match(_LEADING_MARKS.sub("", text))) and not _REASON_LINK.search(text)


# How far the PR has got, not how the code was: "currently WIP", "This PR is still at WIP stage"
_PR_STATUS = re.compile(r"\b(?:currently|still|for now|right now|at the moment),? "
                        r"(?:a |in |at |an? |in an? |(?:at|in) the )?"
                        r"(?:early |very early |an early )?"
                        r"(?:wip|work in progress|in progress|draft|under construction|under (?:publication |peer )?review|"
                        r"under (?:active |heavy )?development|being debugged|"
                        r"(?:in )?(?:the )?test(?:ing)? phase|being tested|in testing|under test(?:ing)?)\b"
                        r"(?: stage| state| phase)?|"
                        # "Ready for testing🧪adds multiagent simple env", "this PR is ready for review"
                        r"\b(?:(?:this|it|the pr|this pr) (?:is )?(?:now )?)?ready for (?:testing|review)\b")
# "This PR aims to add RepViT models" restates the change; "I missed this part before merging #12" is the
# author's own oversight in an earlier PR, not a problem the code had
_RESTATED_AIM = re.compile(r"(?:\baims?|\b(?:purpose|goal|aim|intent|intention|point|idea) of this (?:pr|mr|pull request|"
                           r"change|commit|patch) is|^this (?:pr|mr|pull request|change|commit|patch) is"
                           r"(?: targeted| intended| meant)?) to (?:add|implement|introduce|include|provide|create|"
                           r"update|refactor|move|remove|port|integrate|support|bump|upgrade|rename|replace|change|fix)\b|"
                           r"\b(?:i|we) (?:had )?missed (?:this|that|it|some|a|one)\b")
# "Fix incorrect boxes slicing": the wrongness of the code is the bug, not a symptom; "fix incorrect
# results" or "fix wrong loss values" still name what the user sees
_FIX_WRONG_THING = re.compile(
    # ("Fix incorrectly frozen BN layers": an adverb before a participle tells what went wrong)
    r"\b((?:fix(?:es|ed|ing)?|revert(?:s|ed|ing)?) (?:the |an? |some )?)(?:incorrect|wrong|improper|invalid)"
    r"(?:ly(?! [a-z]+(?:ed|en)\b))? "
    # one word may stand before what the user sees: "fix incorrect segmentation predictions" ("fix wrong
    # default value for focal loss" is the code's default, not what the user sees)
    r"(?!(?!default\b)(?:[\w-]+ )?(?:results?|outputs?|values?|loss|predictions?|gradients?|accuracy|metrics?|answers?|"
    r"numbers?|shapes?|dtype|device|learning rates?|lr|labels?|scores?|probabilit(?:y|ies)|logits|counts?|"
    r"step counts?|epochs?)\b"
    # …as the last word of its phrase: in "fix incorrect `img_shape` value assignment" the value is not the output
    r"(?! (?!in\b|on\b|for\b|of\b|when\b|with\b|after\b|during\b|at\b|from\b|by\b|and\b|or\b|if\b|while\b)[a-z]))")
# "There was a bug in the dataloader.py file, which was fixed." says no more than "Fix a bug in the loader":
# where the bug was, not what it did ("There are some bugs in this PR." neither)
_BARE_BUG_REPORT = re.compile(r"^there (?:is|was|are|were) (?:a|an|one|some|a few|several|two|multiple) "
                              r"(?:small |minor |little )?(?:bug|error|mistake|problem|issue)s? "
                              # "There was a bug related to the issue #40": where it was told, not what it did
                              r"(?:in|related to|described in|reported in|from) (?:the |our |my )?(?:[\w.-]+ ){0,3}?[\w.#-]+(?:,? (?:which|that) (?:is|was|has been|"
                              r"i have|i've|i) (?:now )?fixed|,? (?:and|which) i fixed(?: it)?|,? now fixed)?[.!]?$")
_NAMED_FAST = re.compile(r"\bfast(?:er)?[ _-]?r[ _-]?cnns?(?![a-z0-9])|\bfaster[ _-]whisper\b|"
                         # xformers' kernel: "Use cutlass for memory-efficient attention" names it, no effect
                         r"\bmemory[ _-]efficient (?:attention|sdpa|kernels?)\b|"
                         # "Add Faster/Mask/Keypoint-RCNN": the detector family, named in one go
                         r"\bfaster(?:/[\w-]+)+[ _-]?r[ _-]?cnns?(?![a-z0-9])")


# "Minor fix to handle is_seg_dataset argument": handling a setting of the code is how the fix works
_HANDLES_A_SETTING = re.compile(r"\bto (?:properly |correctly )?handle (?:the |an? |new )?(?:[\w.`-]+ ){0,2}?"
                                r"(?:argument|arg|parameter|param|flag|option|kwarg|field|key|attribute|setting)s?\b|"
                                # "This PR adds support to handle the custom jinja function": the support added
                                r"\b(?:adds?|added|adding|introduces?|introduced) (?:the )?(?:support|ability|logic|"
                                r"code|functionality) to handle\b")
# How to use the new feature: "Users just need to replace `load_in_8bit` with `load_in_4bit`"
# What the author could not test, and why: a note on the testing, not a reason for the change
# ("the model can't run on CPU, because …" is a symptom: the author, or a "but", must be there)
_UNTESTED = re.compile(r",?\s*(?:but\s+)?(?:i|we)\s+(?:haven't|have not|did not|didn't|couldn't|could not|can't|cannot|"
                       r"wasn't able to|was not able to|am not able to|was unable to)\s+(?:yet\s+)?"
                       r"(?:test(?:ed)?|run|ran|tried|try|verif(?:y|ied)|check(?:ed)?|benchmark(?:ed)?|validated?)\b.*$|"
                       r",?\s*but\s+(?:haven't|have not|hasn't|has not|didn't|did not)\s+(?:yet\s+)?(?:been\s+)?"
                       r"(?:tested|run|tried|verified|checked|benchmarked|validated)\b.*$"
                       # ("Didn't test on a T4 yet": the same note with its "I" left out; "Can't run X" without
                       # a subject is a symptom, so only testing counts here)
                       r"|^(?:haven't|have not|did not|didn't)\s+(?:yet\s+)?(?:test|tested|try|tried)\b.*$")
# "Added a test to make sure that it works as expected": a test's goal that names nothing but "it works". A
# test's own goal ("to ensure the radix cache stays runnable after refactors") is the PR's goal when the PR
# is the test, so only this empty one is dropped.
_TEST_GOAL = re.compile(r"\b(?:an? |some |new |more )?(?:unit |integration |regression |small |simple )?(?:tests?|test cases?) "
                        r"(?:[\w./-]+ ){0,3}?(?:in order )?to (?:make sure|ensure|verify|check|confirm|validate) (?:that )?"
                        r"(?:it|this|everything|things|the (?:fix|change|code|feature|new code)) (?:still )?"
                        r"(?:works?|is working|runs?|behaves)(?: (?:as expected|as intended|correctly|properly|fine))?\b")
# ("If you want to keep it, you can make a PR there": an offer to the reader, not a reason)
_USAGE = re.compile(r"\bif you (?:want|wish|prefer|need|'d like|would like) to [^,]{1,80}, you (?:can|could|may|"
                    r"should)\b[^.;]*|"
                    r"\b(?:users?|you|one|people|callers) (?:just |only |simply |now |then |still |instead )?(?:needs?|have|has|must|"
                    r"should) (?:to )?(?:replace|set|pass|add|use|change|call|specify|install|run|import|switch|"
                    r"enable|provide)\b|"
                    # "You need to rename the file for the extension to recognize it": the whole instruction
                    r"\b(?:users?|you|one) (?:just |only |simply |also |first )?(?:needs?|have|has|must|should) "
                    r"(?:to )?(?:rename|download|copy|place|put|move) [^.;]*|"
                    # "They do not need to be used together": how the new pieces may be combined
                    r"\b(?:do|does|don't|doesn't) (?:not )?need to be (?:used|installed|combined|enabled|loaded|run) "
                    r"(?:together|at the same time|separately)\b|"
                    # "need to install long-context-attention first": an instruction with its subject left out
                    r"(?:^|[.;:] )(?:you |users? )?(?:just |first |also )?(?:will )?(?:need|have) to (?:first )?(?:install|set|pass|"
                    r"download|build|compile|export|enable|specify|provide)\b|"
                    # "The path to the YAML file needs to be specified": how to use it, in the passive
                    r"\b(?:needs?|has|have|must|should) (?:to )?be (?:specified|set|passed|provided|given|installed|"
                    r"configured|defined|supplied|placed|put|downloaded|added|changed|updated|enabled)\b|"
                    # "Learning rate may need to be increased by around 10x": advice on using it, amount and all
                    r"\b(?:needs?|must|should) (?:to )?be (?:increased|decreased|adjusted|tuned|re-?tuned|lowered|raised|"
                    r"scaled)(?: by (?:around |about |roughly |up to )?~?[\d.]+ ?(?:x|×|%)?)?|"
                    # "Alternatively, user can also provide the config in JSON": another way to use it
                    r"^alternatively,? (?:the )?(?:users?|you|one) (?:can|could|may)\b[^.;]*|"
                    # "User can still ingest if desired": the old way, kept as an option
                    r"\b(?:users?|you|one|people|callers) (?:can|could|may) still [a-z]+[^.;]{0,60}? if "
                    r"(?:desired|needed|wanted|necessary|preferred|(?:they|you) (?:want|wish|prefer))\b[^.;]*|"
                    # "Use `--moe-router-load-balancing-type global` to enable.": how to switch it on
                    r"^(?:use|set|pass|add|run|specify)\b[^.]{0,80}\bto (?:enable|activate|turn (?:it )?on)"
                    r"(?: it| this| them)?\W*$")


# How to switch the new feature on: "To enable cosine scheduling with warm restarts, you can set:"
# "To enable it, install torchao and set strategy=fsdp2": an instruction in the imperative says the same
_USAGE_TO = re.compile(r"^to (?:enable|use|turn on|activate|disable|turn off|try|run|switch to) [^,]{0,80}, "
                       r"(?:(?:you|users?|one) (?:can|could|should|need to|have to|must|may|just)\b|"
                       r"(?:just |simply |first )?(?:install|set|pass|add|export|specify|call|run|launch|use|import|"
                       r"put|change|provide|select|choose|build|compile|download) (?!to\b|for\b)\S)|"
                       # how to check or rerun the author's work: "To reproduce my work, install ai2_olmo and run",
                       # "To test this PR, both scripts were run with …"
                       r"^to (?:test|try|verify|check|validate|reproduce|replicate) (?:this|it|the (?:pr|change|"
                       r"changes|fix|feature|patch)|my (?:work|results?|runs?|experiments?|setup)|our (?:work|results?|"
                       r"experiments?)), ")


# A line in capitals ("PLEASE NOTE THAT THIS REPOSITORY IS NO LONGER MONITORED.") is a template's banner
# to every contributor, not the author's reason for this change.
_BANNER = re.compile(r"^[^a-z]*(?:[A-Z][A-Z'’-]*[^a-zA-Z]+){4,}[A-Z][^a-z]*$")


# what the PR still lacks, said in passing: "Add backtranslation aug (but need the actual model implemented still)";
# the rest of the sentence still names the change
_STILL_NEEDED = re.compile(r",?\s*\(?\b(?:but|though|although) (?:i |we |it |this )?(?:still )?needs? [^.;)]{0,80}\bstill\b\)?")


# The words that tie a step of a squash log to a reason of its own
_STEP_REASON = re.compile(
    r"\b(?:because|since|due to|so that|in order to|otherwise|as a result|caus(?:es|ed|ing)|(?:which|that) "
    r"(?:led|leads) to|to (?:avoid|prevent|enable|allow|ensure|make sure|reduce|speed up|save|work around|"
    r"get rid of))\b|\d(?:\.\d+)? ?(?:x|×|%) (?:faster|less|smaller|fewer|speed)|"
    # an effect on what the run costs: "* Significantly reduce peak memory usage", "* Improve performance by …"
    r"\b(?:reduc\w*|lower\w*|cut\w*|improv\w*|boost\w*|speed\w* up|minimi[sz]\w*)\b[^.;]{0,40}?"
    r"\b(?:memory|latency|throughput|performance|step time|runtime|vram|footprint)\b"
)


# a remark in brackets within a sentence: "(not sure whether it affects the accuracy)". A bracket that opens
# after a full stop ("… so this is in line. (fp16, I cannot reproduce)") is a sentence of its own.
_ASIDE = re.compile(r"(?<![.!?] )\([^()]{1,200}\)")


def score(sentence: Sentence) -> float:
    """The strongest purpose cue in one sentence (0 when none)."""
    if sentence.refs_only or _BANNER.match(sentence.text):
        return 0.0
    text = sentence.cue_text
    if _HELPS_ONLY.match(text):
        return 0.0
    if text.endswith("?"):
        # "Question: is a newer torch strictly required for anything?" asks; it states no reason. "Shouldn't eta
        # be 0 for DDIM sampling?" says the value the code has is wrong.
        return 1.0 if _WRONG_VALUE_QUESTION.match(text) else 0.0
    if _RAN_IT.match(text) or (text.startswith(("compatib", "fully", "now")) and _SUPPORTED_FRAGMENT.match(text)):
        return 0.0
    if sentence.step and not _STEP_REASON.search(text):
        # "* fix build error", "* fixed flaky test", "* rewrite for readability": a squash log's steps fix
        # and tidy the PR's own work; a step gives a reason only when it says so ("* pin peft to avoid …")
        return 0.0
    if is_caveat(text):
        # a caveat in brackets beside a reason ("to be consistent with the official version (not sure whether it
        # affects the accuracy)"): the words outside the brackets count
        outside = _ASIDE.sub(" ", text) if "(" in text else text
        if outside != text and not is_caveat(outside):
            text = outside
        else:
            # a caveat and a reason joined by ", but" ("The rewrite isn't finished, and I don't know if I'll
            # finish it, but it's better than tutorials on an outdated torchtext"): the clause without the
            # caveat counts
            head, joined, tail = text.partition(", but ")
            if not joined or is_caveat(head) == is_caveat(tail):
                return 0.0
            text = tail if is_caveat(head) else head
    if ("->" in text or "→" in text or "=>" in text) and ('"' in text or "“" in text):
        text = _QUOTED_SWAP.sub(" ", text)
    text = _TRIED_ACTION.sub("", text)  # anchored at the start: cheap on every sentence
    if "how to " in text:
        # "two new tutorials: how to build ensembles and how to enable explainability": what a reader learns, not
        # what the change is for (no cue reads "to" glued to "how_")
        text = text.replace("how to ", "how_to ")
    if "unn" in text or "redundant" in text or "super" in text or "useless" in text or "dead" in text:
        text = _REMOVED_ATTRIBUTE.sub(r"\1 \2unused ", text)
    if _REVERT.match(text):
        text = _QUOTED.sub(" ", text)  # the reverted change's own title is not this PR's reason
    if "wip" in text or "progress" in text or "draft" in text or "construction" in text or "under " in text \
            or "ready" in text \
            or "test" in text:
        text = _PR_STATUS.sub(" ", text)  # how far the PR has got, not how the code was before it
    if "depreciat" in text:
        text = text.replace("depreciat", "deprecat")  # a common misspelling ("numpy has depreciated np.float")
    if "fast" in text or "efficient" in text:
        text = _NAMED_FAST.sub(" model ", text)  # Faster R-CNN is a detector, not a speed-up
    if text.startswith("deprecat") or text.startswith("this pr deprecat"):
        # "Deprecates data utils (with a warning that they will be removed in v0.12)": the PR's own deprecation
        text = _OWN_REMOVAL.sub(" ", text)
    if "aim" in text or "missed" in text or " of this " in text or text.startswith("this "):
        text = _RESTATED_AIM.sub(" ", text)
    if ("fix" in text or "revert" in text) and ("incorrect" in text or "wrong" in text or "improper" in text
                                                or "invalid" in text):
        text = _FIX_WRONG_THING.sub(r"\1 ", text)
    if "fix" in text or "correct" in text:
        text = _FIX_BUG_AT.sub("fix the bug ", text, count=1)  # the place, kept apart from what goes wrong
        if "bug" in text or "minor" in text or "small" in text or "tiny" in text or "some" in text or "few" in text \
                or "several" in text or "little" in text:
            text = _FIX_MINOR.sub(_fix_minor, text)
    if " i " in text or " we " in text:
        text = _PROBLEMS_MET.sub(r"\1", text)
    text = _SYMPTOM_TOPIC.sub("", text)
    if "that " in text and text[:1] in "dcnm":
        text = _DOCUMENTED_THAT.sub("document it", text)
    if "rais" in text or "throw" in text or "return" in text:
        text = _RAISES_NEW.sub(" adds a check", text)
    if "to handle" in text:
        text = _HANDLES_A_SETTING.sub(" ", text)
    if "otherwise" in text and ("if " in text or "when " in text or "whether " in text):
        text = _ELSE_BRANCH.sub(r"\1else", text)
    if "as " in text and ("suggested" in text or "discussed" in text or "proposed" in text or "mentioned" in text):
        text = _POINTED_DISCUSSION.sub(" ", text)
    if ("#" in text or "gh-" in text or "link" in text) and (" to " in text or " for " in text
                                                             or text.startswith(("to ", "in order to "))):
        text = _GOAL_REF.sub(" ", text)
    if " to " in text:
        text = _FIX_VAGUE.sub(" fix issue", text)
    scoped = False  # the sentence tells how far the change reaches: it explains the change, not a problem
    if "curr" in text or "for now" in text or "at the moment" in text or "right now" in text or "present" in text \
            or "as of now" in text or " yet" in text:
        text, found = _SCOPE.subn(" ", text)
        scoped = found > 0
    if "the " in text:
        text = _CHANGED_OLD.sub(r"\1 the", text)
        text = _OLD_REMOVED.sub(" ", text)
    if text.startswith("there ") and _BARE_BUG_REPORT.match(text):
        return 0.0
    if "warning" in text:
        text = _ADDS_WARNING.sub(" adds", text)
    if "typo" in text or "unused" in text or " while review" in text or " while read" in text:
        # "I noticed a couple of unused imports", "Turns out I had a typo", "I saw these while reviewing the
        # LoRA PR": how the slip was found
        text = _NOTICED.sub(" ", text)
    if " to keep " in text or " to make " in text or "review" in text or "separate" in text or "so " in text \
            or "merge" in text:
        text = _PR_LOGISTICS.sub(" ", text)
    if "ena" in text or "all" in text or "let" in text or "perm" in text or " can " in text or text.startswith("with "):
        text = _restated_option(text, sentence.section)
    if "still" in text and "need" in text:
        text = _STILL_NEEDED.sub(" ", text)
    if "test" in text or "tried" in text or "verif" in text or "run" in text or "check" in text:
        text = _UNTESTED.sub("", text)  # "…, but haven't tested it, since I don't have the data"
        if "test" in text:
            text = _TEST_GOAL.sub(" a test", text)
    if "need" in text or "have" in text or "has" in text or "must" in text or "should" in text or "if you" in text \
            or "still" in text \
            or text.startswith(("alternatively", "use ", "set ", "pass ", "add ", "run ", "specify ")):
        text = _USAGE.sub(" ", text)
    if text.startswith("to ") and ", " in text:
        text = _USAGE_TO.sub(" ", text)
    if "?)" in text:
        text = _ASIDE_QUESTION.sub(" ", text)  # "Correct a minor typo (due to TTS?)": a guess, not a reason
    if "  " in text:
        text = " ".join(text.split())  # the cues expect one space between words, as cue_text has
    best = 0.0
    for weight, pattern in _CUES:
        if weight > best and pattern.search(text):
            best = weight
            if best >= 1.0:
                break
    if best < 1.0 and "test" in text and _TEST_REPORT.match(text):
        return 0.0
    if sentence.section is Section.MOTIVATION and _word_count(text) >= 3 and not is_pointer(text) \
            and not _RAN_IT.match(text) \
            and not _restates_change(text) and not _TYPO_REPORT.match(text) and not sentence.listed:
        # "## Motivation\nFix typos in README" or "I found a typo in the docstring" restates the change. The
        # items of a list that a line ending with ":" opens ("This PR adds runs for:" over "- DQN: Atari")
        # count through their own words: when the list holds reasons, the line before it says so.
        best = max(best, 0.9)
    if best < _STRONG and sentence.section is Section.TITLE and _FIX_TITLE.match(text) and _MISBEHAVES.search(text):
        best = 1.0  # "[BugFix] Model does not correctly resume checkpoint": the bug told by its symptom
    if best < _STRONG and sentence.section is not Section.TITLE and not scoped and not _TEST_NOTE.search(text) \
            and not ("typo" in text and _TYPO_CLAUSE.search(text)) and not ("spel" in text and _MISSPELT.search(text)):
        if _tells_past_event(text, _names_in(sentence.text)) or _explains(text):
            best = _PAST_EVENT
    return best


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _word_count(text: str) -> int:
    """Words in a sentence, where Chinese, Japanese and Korean text (written without spaces) counts about
    one word for every two characters."""
    return len(text.split()) + len(_CJK.findall(text)) // 2


# A title marked as a fix whose subject then "does not" do something: the wrong behaviour is the symptom.
# A word must stand before the negation ("Fix: do not save twice" is an instruction, the change itself).
_FIX_TITLE = re.compile(r"^\W*(?:bug ?fix|hot ?fix|fix(?:es|ed)?|bug)\b")
_MISBEHAVES = re.compile(r"(?<=[a-z0-9] )(?:does not|doesn't|do not|don't|did not|didn't|is not|isn't|are not|"
                         r"aren't|was not|wasn't|cannot|can't|never|(?<!\band )(?<!\bbut )(?<!\bor )not|(?:is|are|was|were|gets?) always) (?:\w+ly )?"
                         r"(?!only\b|just\b)[a-z]{3,}|"
                         # a value that is always the same: "dice loss: loss always 1 if empty target"
                         r"(?<=[a-z0-9] )(?:is |are |was |were |gets? |stays? )?always (?:\d+(?:\.\d+)?|zero|nan|inf|none|"
                         r"empty|true|false)\b|"
                         # the symptom told after what shows it: "fix mnist example test slow", "fix cifar10 model:
                         # num_classes missing"
                         r"(?<=[a-z0-9] )(?<!\bfix )(?<!\bfixes )(?<!\bfixed )(?:slow|hangs|hanging|freezes|freezing|"
                         r"stuck|flaky|missing)\W*$|"
                         # what happens to it that should not: "Fix padding mask skipped for batch size 1"
                         r"(?<=[a-z0-9] )(?:skipped|ignored|dropped|lost|overwritten|overridden|duplicated|truncated|"
                         r"discarded|swallowed) (?:for|when|with|in|on|after|during|if|under)\b|"
                         # what it sets off that it should not: "Fix the KV cache steady state triggers recompiling"
                         r"(?<=[a-z0-9] )(?:triggers|triggered|causes|caused) (?:a |an |unnecessary |extra |repeated )?"
                         r"(?:re-?compil\w*|graph breaks?|syncs?|oom|deadlocks?)\b|"
                         # what happens to it that should not: "Fix transform being overridden"
                         r"(?<=[a-z0-9] )being (?:[a-z]{3,}(?:ed|en)|set|reset|put|lost|read|sent|cut|kept|left|built|"
                         r"shown|run)\b")


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
# What the author found is the problem ("I noticed the loss jumps"); what they did is the PR itself.
_FOUND = frozenset("noticed found saw observed hit encountered discovered realized realised got".split())
_AUTHOR_ACTS = re.compile(
    # ("I've corrected some typos while going over the tutorial": the contraction is the author too)
    r"^(?:i|we|this (?:pr|pull request|change|commit|patch|diff))(?:'ve|'d)?(?: (?:also|then|now|just|first|have|'ve|"
    r"had))* (?!(?:" + "|".join(sorted(_FOUND)) + r"|ran into)\b)[a-z]+"
)
_AUTHOR = frozenset("i we i've we've i'd we'd".split())
_NEW_BEHAVIOUR = re.compile(
    r"\bnow\b|\bnew\b|\bwill\b|\bthis (?:pr|change|commit|patch|diff)\b|\bthe pr\b|"
    r"\bwe (?:add|use|move|rename|change|replace|keep|make|wrap|call|pass|read|store|set)\b|"
    r"^(?:it|tests?|docs?) |"
    # "This is a channel that splits each tensor into chunks": what the new thing is and does
    r"^this is an? (?:new |simple |small |first |basic |thin |generic )?(?!bug|problem|issue|regression|race|leak)"
    r"[\w-]+(?: [\w-]+)? (?:that|which)\b|"
    # "… we are logging the missed keys": what the new code does ("we are seeing crashes" is a problem)
    r"\bwe(?:'re| are) (?!seeing|getting|hitting|running|losing|wasting|missing|facing)[a-z]+ing\b|"
    # how the new code is configured: "The run name defaults to the config name, and the project can be set
    # with --wandb-project"
    r"\bdefaults? to\b|\bcan be (?:set|configured|changed|enabled|disabled|passed|overridden|chosen|selected|"
    r"turned (?:on|off)) (?:with|by|via|through|in|from|using)\b"
)
# ", which accepts a float" describes a thing; ", which was never reset" or ", which breaks resume" tells
# what happens because of it
_TWO_CLAUSES = re.compile(r", (?:and|but|so|while|where|because|whereas) | ?; | but | whereas | although | though |"
                          r", which (?!(?:accepts?|takes?|supports?|allows?|contains?|holds?|includes?|"
                          r"returns?|defaults?|uses?|provides?|lets?|gives?|is (?:a|an|the|now|also|used|"
                          r"passed|set|called|stored|defined|configured))\b)")
# "With this PR, the export takes 50 s", "With this update, the kernel can use max_model_len as a hint": what
# the change brings, told as its effect
_EFFECT_OPENER = re.compile(r"^with (?:this|the|that|these) (?:change|changes|flag|option|fix|fixes|patch|pr|setting|"
                            r"update|upgrade|bump|commit)\b,?")


# "support for llama-2, llama-3, and gemma models": a list's last comma joins items, not clauses
_ENUMERATION = re.compile(r",\s*[\w.-]+(?:\s+[\w.-]+){0,2},? (?:and|or) ")


# A sentence of two clauses explains a problem only when something in it says what was missing, needed,
# wrong or different ("without the export it has to reach into a private module", "X was the only tower
# without them"). Two clauses that only describe the new code ("The dataset is read from a JSONL file, and
# the prompt tokens are masked out of the loss") explain nothing.
_PROBLEM_WORD = re.compile(
    r"\b(?:not|no|never|nothing|without|cannot|can't|couldn't|won't|didn't|doesn't|don't|isn't|aren't|wasn't|"
    r"weren't|had to|has to|have to|need|needs|needed|must|means|meant|was|were|bad|wrong|broken|"
    r"slow|slower|miss|missed|misses|instead|any|every time|each time|changed|differs?|different|"
    # an effect that is a problem: "…, which buries the loss values in the log"
    r"bur(?:y|ies|ied)|hides?|clutters?|floods?|spams?|drowns?|obscures?|slows?|wastes?|blocks?|breaks?|broke)\b")


def _explains(text: str) -> bool:
    if _EFFECT_OPENER.match(text):
        return True
    if ", " in text:
        text = _ENUMERATION.sub(" ", text)
    if len(_WORD_RE.findall(text)) < 10 or _opens_with_change(text) or _NEW_BEHAVIOUR.search(text) or \
            _AUTHOR_PLAN.match(text):
        return False
    return bool(_TWO_CLAUSES.search(text)) and bool(_PROBLEM_WORD.search(text))


# "I'd also like to move the conf into its own file; would that be fine?": the author's plan for more
# work, asked of the reviewer, is no explanation of a problem
_AUTHOR_PLAN = re.compile(r"^(?:i|we)(?:'d| would)(?: also| still)? (?:like|love|prefer) to\b|^(?:i|we) (?:also )?(?:want|plan|intend) to\b")


# --- past events ------------------------------------------------------------------------------------
# People often give the reason as a short story of what went wrong: "Resumed runs restarted Adam's
# moments from zero", "Creating loggers at import time opened files on every worker". A sentence
# that does not open with a change verb and has a verb in the past tense after its subject tells
# such a story. Change and testing verbs in the past ("added", "moved", "tested") describe the PR
# itself, and an -ed word after a determiner, a form of "be"/"have", a preposition or a change verb
# is an adjective or a passive ("the fused kernel", "is renamed", "support for models trained with").

_PAST_EVENT = 0.8
_WORD_RE = re.compile(r"[a-z][a-z'-]*")
_SNAKE_CASE = re.compile(r"\b\w+_\w+\b")
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
    "reorganized restructured rearranged renumbered reordered polished solved resolved closed addressed "
    "standardized standardised unified consolidated harmonized harmonised streamlined "
    # what an edit of the docs did: "Rearranged structure, clarified points, and fixed typos"
    "clarified corrected rephrased reworded expanded translated explained emphasized emphasised highlighted "
    "distinguished".split()
)
_NOT_A_SUBJECT = frozenset(
    "the a an this that these those is are was were be been being has have had get gets got getting "
    "with of for in on to from by as at into onto over under via and or but not no non pre its their "
    "our my your his her all any each every more less most least fully newly now also auto self just "
    "very well already then so if when while which who whose add adds adding use uses using support "
    "supports supporting enable enables enabling handle handles allow allows make makes keep keeps "
    "return returns load loads save saves accept accepts pass passes fix fixes new newly than some "
    "many few both either neither such same other another one two three "
    "last first next previous latest newest older link someone "
    # adjectives in front of an -ed adjective ("a small scoped patch", "the current prioritized buffer"):
    # the noun comes after them, so they are no subject of a past verb
    "small large big simple custom old default full single multiple minor major optional specific basic "
    "additional extra original initial final global local common general current existing".split()
)
# "a network designed to learn long-term dependencies": a participle that says what a thing is for
_PARTICIPLE_FOR = frozenset("designed intended supposed built trained optimized optimised tuned configured "
                            "dedicated specialized specialised".split())
_ED_ADJECTIVES = frozenset(
    "mixed distributed supervised pretrained quantized masked padded weighted normalized normalised shared "
    "nested sorted sharded fused batched pinned cached seeded shuffled detached grouped stacked flattened "
    "embedded tokenized tokenised labeled labelled annotated augmented vectorized vectorised compressed "
    "accelerated parallelized parallelised "
    # compound terms of the field: "physics informed neural networks", "a temporal windowed representation",
    # "scaled dot-product attention", "gated linear units", "balanced batches"
    "informed conditioned guided driven windowed gated structured constrained regularized regularised "
    "grounded distilled scaled shifted dilated tiled randomized randomised balanced generalized generalised "
    "localized localised specialized specialised dedicated tied learned predicted estimated "
    # "the recommended setting from the paper", "aligned multi-parallel sentences", "a pruned transducer recipe"
    "recommended aligned pruned "
    # "no deform conv involved", "[B, C, T] shaped tensors", "instruction tuned models"
    "involved shaped tuned".split())
_BE_OR_HAVE = frozenset("is are was were has have".split())
# the words that open how a thing is done: "by concatenating …", "without loading …"
_HOW_IT_IS_DONE = frozenset("by without via through".split())
_REDUCED_RELATIVE = frozenset("by with via using under through on in from at during based onto into across per "
                              "alongside within against over".split())
# "move up, down, left or right", "a cache hit": the words of a direction and of a lookup, not past events
# (the words before it, the words after it)
_NOT_EVENT = {"left": (frozenset("move moves turn turns go goes top bottom upper lower the to and or".split()),
                       frozenset("or and right side of hand".split())),
              "hit": (frozenset("cache cache's a the no each every".split()),
                      frozenset("rate rates ratio or and count".split()))}


_LEADING_MARKS = re.compile(r"^(?:[^a-z0-9`]+|\[[^\]]{0,40}\]\s*)+")


# "The main changes include …", "Key updates:" introduce a list of what changed.
_CHANGES_OPENER = re.compile(
    r"^(?:the )?(?:main |key |major |other |minor )?(?:changes?|updates?|modifications?)"
    r"(?: in this (?:pr|pull request|change))?(?: include| includes| are\b|:)"
)


# a verb after a gerund subject: "adding a dataset meant editing four files"
_FINITE_AFTER_GERUND = re.compile(r"\b(?:is|was|are|were|meant|means|took|takes|required|requires|needed|needs|made|"
                                  r"makes|caused|causes|led|leads|broke|breaks|would|will|can|could|should|did|does|"
                                  r"has|had|have|used to|becomes|became|gets|got)\b")


# Where the change belongs, said before the change itself: "part of <link>", "step 2 of #697:"
_POINTER_LEAD = re.compile(r"^(?:this (?:pr |change )?is )?(?:a |the )?(?:part|step \d+|follow[- ]?up) of "
                           r"(?:link|#\d+|issue #?\d+)\W*")


def _restates_change(text: str) -> bool:
    """A motivation that is the change again ("Fix typos in README", "Adding DDPPO baseline for Image
    Nav"); a gerund subject with a verb of its own ("adding a dataset meant editing four files") tells
    what was hard before."""
    bare = _LEADING_MARKS.sub("", text)
    bare = _POINTER_LEAD.sub("", bare) or bare  # "part of <link> clean up ipex, use xpu_ops instead"
    if not _opens_with_change(bare):
        return False
    return not bare.split(" ", 1)[0].endswith("ing") or not _FINITE_AFTER_GERUND.search(bare)


# What is left of "I found a typo in the docstring" once _NOTICED has taken "I found" away
_SOME_TYPOS = r"(?:a |an |some |two |few |a few |several )?(?:small |minor |tiny )?(?:typos?|spelling (?:errors?|mistakes?)|misspell\w*)\b"
_TYPO_REPORT = re.compile(r"^\s*(?:just\s+)?" + _SOME_TYPOS)


# "Both was mis spelled booth.": which word was misspelt, a typo told as a past event
_MISSPELT = re.compile(r"\bmis[- ]?spel+(?:ed|t|ing)?\b")
# "…, but there is a small typo in a description of these commands" only says where the typo is
_TYPO_CLAUSE = re.compile(r"\bthere (?:is|are|was|were) " + _SOME_TYPOS)


def _opens_with_change(text: str) -> bool:
    """True when the sentence opens with a change verb, after any emoji, bullets or [tags]."""
    text = _LEADING_MARKS.sub("", text)
    return bool(_MECHANISM_START.match(text) or _CHANGES_OPENER.match(text))


_RELATIVE = frozenset({"that", "which", "who", "it"})
_WILL_BE = re.compile(r"\bwill (?:now |then |also |automatically )?(?:be|get)\b")
_THERE_MODAL = re.compile(r"^there (?:should|will|would|must|can|could|may|might) (?:also |now )?be\b")


# A past progressive or "kept <doing>" after a subject that is not the author tells what kept going
# wrong before the change: "the loss was exploding", "workers kept hanging". The author's own doing ("I
# was trying", "we were using"), a test run ("tests were passing") and nouns in -ing ("was something")
# are no such story.
_ONGOING = frozenset({"was", "were", "kept"})
_NOT_ONGOING = frozenset(
    "being passing thing something nothing anything everything string during morning evening".split())


def _ongoing_problem(subject: str, verb: str) -> bool:
    return (len(verb) > 4 and verb.endswith("ing") and verb not in _NOT_ONGOING
            and subject not in ("i", "we", "you", "they", "and", "or", "what", "there"))


# A word with a capital inside it ("PubMed", "CiteSeer", "AutoTokenizer") is a name, never a verb in the past
_INNER_CAPITAL = re.compile(r"\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b")


def _names_in(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _INNER_CAPITAL.findall(text)) if "ed" in text else frozenset()


def _tells_past_event(text: str, names: frozenset[str] = frozenset()) -> bool:
    if "_" in text:
        # "covers RESERVED_TOKEN_TEXTS, PAD/EOS values": a name in snake case is code, not "reserved" as an event
        text = _SNAKE_CASE.sub("code", text)
    words = _WORD_RE.findall(text)
    if len(words) < 5 or _opens_with_change(text) or words[0] in ("now", "also", "then") or text.rstrip().endswith("?"):
        return False  # (a question to the reviewer, "Is this related to the dims keyword?", tells no story)
    if _AUTHOR_ACTS.match(text):
        return False  # "I prepared a script …", "This PR adds … to resume interrupted runs": the PR itself
    if _WILL_BE.search(text) or _THERE_MODAL.match(text):
        # "If a log_dir is given, a SummaryWriter will be initialized …", "There should be test code provided
        # in main.py": the new behaviour, or what the reader will find
        return False
    for i in range(1, len(words)):
        w = words[i]
        if w in _ONGOING and i + 1 < len(words) and _ongoing_problem(words[i - 1], words[i + 1]):
            return True  # "Gradients were flowing into the target", "memory kept growing": what went on before
        if w in ("was", "were") and i + 2 < len(words) and words[i + 1] == "being" and \
                words[i + 2].endswith(("ed", "en")) and words[i - 1] not in ("i", "we", "you", "they", "there"):
            return True  # "the best checkpoint was being overridden with the latest": what kept happening
        if w in _PR_PAST or words[i - 1] in _NOT_A_SUBJECT or words[i - 1].endswith("ly"):
            continue
        if i >= 2 and words[i - 2] in _RELATIVE and words[i - 1].endswith("s"):
            continue  # "a sampler that draws balanced batches": an -ed adjective after a verb in the present
        if words[i - 1] in _AUTHOR and w not in _FOUND:
            continue  # "Below is what I ran": the author's own doing, as in _AUTHOR_ACTS
        if w in _NOT_EVENT and (words[i - 1] in _NOT_EVENT[w][0] or (
                i + 1 < len(words) and words[i + 1] in _NOT_EVENT[w][1])):
            continue
        if w in _IRREGULAR_PAST:
            return True
        if w in _ED_ADJECTIVES or "-" in w or w in names:
            continue  # "mixed precision", "masked tokens", "self-supervised learning": terms, not events
        if i >= 2 and words[i - 1].endswith("ing") and words[i - 2] in _HOW_IT_IS_DONE:
            continue  # "by concatenating encoded frame features": the object of a gerund, not a past event
        if len(w) > 4 and w.endswith("ed") and not w.endswith("eed") and not w.startswith("un"):
            following = words[i + 1] if i + 1 < len(words) else ""
            if i + 2 < len(words) and words[i + 2] in _BE_OR_HAVE and following.endswith("s"):
                continue  # "instruction tuned models are now …": an -ed adjective in front of the subject
            if following in _BE_OR_HAVE or (following in ("to", "for") and w in _PARTICIPLE_FOR):
                continue  # "the metrics logged are loss and accuracy": a participle after its noun, then the verb
            if following not in _REDUCED_RELATIVE or words[i - 1] == "code":
                return True
    return False


def _is_mechanism(sentence: Sentence) -> bool:
    return _opens_with_change(sentence.cue_text)
