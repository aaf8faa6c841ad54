"""The records of a read PR text (``Section``, ``Sentence``, ``ReadText``), the patterns that
recognise headings, code, logs, boilerplate and bots, and how one line becomes sentences; also which
bot wrote a body and whether its prose is English."""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass

# We read at most this many sentences (about 50 KB of prose, ten printed pages), and the cues read at
# most the first MAX_CUE_CHARS of each. Longer bodies are logs and dumps, and a "sentence" of thousands of characters
# is data; people state the reason near the top. This bounds the time on any input.
MAX_SENTENCES = 500
MAX_CUE_CHARS = 400


class Section(enum.StrEnum):
    TITLE = "title"
    PLAIN = "plain"
    MOTIVATION = "motivation"
    SKIP = "skip"


@dataclass(frozen=True)
class Sentence:
    """One sentence a person wrote. ``text`` is what they wrote (markdown marks removed);
    ``cue_text`` is the lower-cased form the cues read, with code, links and mentions replaced."""

    text: str
    cue_text: str
    section: Section
    refs_only: bool = False  # only an issue reference ("Fixes #123"), no words of its own
    # an item of a list that a line ending with ":" introduces ("This PR adds runs for:" over "- DQN: Atari")
    listed: bool = False
    # a line of the log GitHub writes into a squash-merged commit ("* fix lint"): a step of the PR's own
    # work, such as fixing what an earlier step broke
    step: bool = False


@dataclass(frozen=True)
class ReadText:
    sentences: tuple[Sentence, ...]
    bot: str | None  # "dependabot" | "renovate" | "pre-commit-ci" | "automation" | None
    body_has_content: bool
    foreign: bool  # the prose is mostly not English
    # The body shows a Python error (a traceback or a "RuntimeError: …" line, in a code block or a log):
    # with "Fix for" or "Solves" around it, that error is the symptom the PR fixes.
    shows_error: bool = False
    # The first such error line, as written ("RuntimeError: expected scalar type Float but found Double").
    shown_error: str = ""
    # A deprecation warning the body shows (a "UserWarning: X is deprecated …" line that the reader drops
    # as a log): the deprecation is the reason for the change. The first such line, as written.
    shown_deprecation: str = ""
    # The body shows code or a table: content, though not sentences about the change.
    body_shows_code: bool = False
    # A table that compares measurements ("| before | 138ms |" over "| after | 100ms |", a "speedup" column):
    # a measured effect, told in numbers. Its row that names the comparison, cells joined by " | ".
    shown_measurement: str = ""


_MOTIVATION_HEADINGS = re.compile(
    r"^(motivation|motivation and context|why|why\?|why this|why is this (change |pr )?needed\??|"
    r"why should this (feature|change) be (added|merged)\??|"
    r"why are (these|the) changes needed\??|why is (this|the) change needed\??|context|"
    r"background|problem|problem statement|the problem|rationale|reason|reasons|issue|the issue|"
    r"reasons? for (the |this |these )?changes?|reasons? for (the |this )?(pr|change|fix)|why the change|"
    r"what is the problem|what's the problem|what problem does this solve\??|bug|bug description|"
    r"problem description|issue description|description of the (problem|issue)|problems? (solved|addressed)|"
    # ("## Benefit of using `ninja`" over the install times it saves)
    r"current behavio(u)?r|pitch|use case|use cases|impact|benefits?( of (using |this |the )?[\w .-]{1,30})?|goal|"
    r"goals|purpose|hypothesis|"
    # the same headings in Chinese, Japanese and Korean: motivation, background, reason, goal, why
    r"动机|背景|原因|目的|目标|为什么|背景与目标|背景和目标|動機|理由|이유|배경|동기|목적)$"
)
_SKIP_HEADINGS = re.compile(
    r"^(test plan|testing|tests|test|(testing|test) (steps|instructions|procedure|notes)|steps to test|"
    r"how (was|has|is) this (pr |change |patch |code )?(been )?tested\??|how to test|"
    r"(accuracy|unit|smoke|manual|local|e2e|end-to-end|integration) tests?( results?)?|"
    # the project's rules for contributors, left in the template ("## Contributing Guidelines")
    r"(contributing|contribution|contributor|contributors) (guidelines?|guide|rules|notes)|contributing|"
    r"checklist|(expected behaviou?r ((&|and) )?)?(potential )?risks?|dependency changes?\??|"
    r"before submitting|who can review\??|reviewers?|pr review|did you have fun\??|screenshots?|"
    # how the project runs its CI for a contributor ("# GitHub Actions CI", "# Before your PR is "Ready for review"")
    r"(github actions |gitlab )?ci|continuous integration|before your (pr|pull request) is\b.*|"
    # a template's yes/no question: "Does this PR introduce any user-facing change?" over "No."
    r"does this (pr|pull request|patch|change) introduce (any )?user-facing changes?\??|"
    r"type of change|types of changes|pr checklist|contributor checklist|reviewed by|subscribers|tags|"
    r"tasks|differential revision|documentation preview|commits|"
    r"stack from ghstack.*|cc|signed-off-by|co-authored-by|"
    # a template's own part for the author to delete ("Section to remove before submitting your PR")
    r"(section )?to (be )?remove(d)? before (submitting|opening|merging).*|how it was tested|"
    # how the author checked the work ("## Validation" over "two-step run reached 100% pair accuracy")
    r"validation|verification|testing done|how (i|we) tested( it| this)?|"
    r"how to (check ?out|try)\b.*|"
    # what the change does not do yet ("### Limitations" over "Does not support video"): caveats, not reasons
    # ("Several caveats:" over a numbered list is the same part)
    r"((known|current|some|several|a few|main|other) )?(limitations?|caveats?)|"
    r"(known|potential|possible) (issues?|bugs?|problems?)|"
    # (a to-do heading with "later" or "next" after it, or "Future PRs will address:" over a list: work left for later)
    r"(todos?|to-?do)( later| list| items| next)?|"
    r"(future|follow-?up|later|next|upcoming|subsequent) (prs?|pr's|pull requests?)"
    r"( will (address|include|add|cover|handle|bring|do))?|"
    r"future (work|enhancements?|improvements?|plans?|directions?|steps?|tasks?)|"
    r"next steps?|remaining work|work left|open questions?|"
    # where the work comes from ("Ref:" over a list of paper titles as links): sources, not the author's words
    r"ref|refs|references?|bibliography|citations?)$"
)
_PLAIN_HEADINGS = re.compile(
    r"^(what does this pr do\??|what does this pull request do\??|summary|description|changes|"
    r"(description|summary|list|overview) of (the )?(changes?|modifications?)|"
    r"changes made|changes proposed|proposed changes|what changed\??|details|overview|notes|"
    r"additional context|additional information|other information|related issues?|fixes|"
    r"implementation|approach|solution|what|how|tl;dr|tldr|pull request|this pr|"
    # "### Describe your changes here:" (under a "# PR Checklist", it still opens the author's own text)
    r"(please )?describe (your|the|this) (changes?|pr|pull request|change)( here)?|"
    # the author's own list of what changed (a template's "[ ] added to CHANGELOG" is a checkbox, skipped)
    r"release notes?|changelog)$"
)
# GitHub ends the subject of a squash-merged commit with the PR's number: "Fix the loader (#123)". The number
# is GitHub's, not the author's words (a cherry-pick may carry two: "Fix the loader (#123) (#130)").
SQUASH_NUMBER = re.compile(r"(?:\s*\(#\d+\))+\s*$")
# The labels of the lines git and review tools add under a commit message ("Signed-off-by: …", "Differential
# Revision: D123"); a line that opens with one (and a colon) is a trailer, not the author's words.
TRAILER_NAMES = (r"signed-off-by|co-authored-by|acked-by|tested-by|reported-by|reviewed-by|reviewed by|suggested-by|"
                 r"change-id|pull request resolved|differential revision|ghstack-source-id|ghstack-comment-id|"
                 r"fbshipit-source-id|approved by|pulled by|x-link")
# Commit trailers: one line each, wherever they stand. As a label they would open a skipped section
# and hide the text after them ("Signed-off-by: …" first, then the description).
_TRAILER = re.compile(r"^\s*(?:" + TRAILER_NAMES + r")\s*$", re.IGNORECASE)
_HEADING_FRAME = re.compile(r"^(?:your|the|our)\s+|\s+(?:for|of|in) (?:this|the|your) (?:pull request|pr|change)$|"
                            r"\s+(?:optional|required|if any|if applicable|if relevant)\b.*$")
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# a line in bold or italics alone ("**Motivation**", "*Description of changes:*"); one that reads as a
# sentence still counts as one (reader.read)
_BOLD_LINE = re.compile(r"^\s*(?:\*\*?|__?)([^*_]{1,60})(?:\*\*?|__?)\s*:?\s*$")
_LABEL = re.compile(r"^\s*(?:\*\*)?([A-Za-z][A-Za-z ?'/-]{1,40}?)(?:\*\*)?\s*:(?:\*\*)?\s*(.*)$")
# (a backtick fence's info string holds no backtick: "```get_lr()``` was deprecated" is inline code, not a fence)
_FENCE = re.compile(r"^\s{0,3}(`{3,}(?![^`\n]*`)|~{3,})")
# A template's box, however it is ticked: "[x]", "[ x ]", "[ok ]", "[✓]"; or left open: "[ ]", "[n/a]", "[?]"
_TICK_MARK = r"[xX✓✔√vV]|(?i:ok)"
# (a box on a line of its own, "[x] Convert the code" with no list mark, is a box too)
_CHECKBOX = re.compile(rf"^\s*(?:(?:[-*+]|\d+[.)])\s+)?\[ *(?:{_TICK_MARK}|\?|(?i:n/a))? *\]")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)]|\(\d{1,3}\))\s+")
_TABLE = re.compile(r"^\s*\|")
# In a table, a cell that names one of two runs set side by side ("before", "main", "Eager (µs)") or the gain
# between them ("speedup"), and a number with the unit of a measurement
_COMPARED = re.compile(r"^\W*(?:before|after|baseline|main|master|this pr|ours|patched|unpatched|eager|fused)\b(?![./])|"
                       r"\bspeed-?ups?\b|\bimprovements?\b", re.IGNORECASE)
_MEASURED = re.compile(r"\d(?:[\d.,]*\d)?\s?(?:ms|µs|us|s|sec|secs|seconds|min|gb|mb|gib|mib|%|x|×|tok/s|tokens/s|"
                       r"it/s|samples/s|img/s|imgs/s|tflops|gflops)(?![\w/])", re.IGNORECASE)


def measured_comparison(rows: list[str]) -> str:
    """The row that names the comparison when ``rows`` (one markdown table) set measurements side by
    side, else ""."""
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    if sum(1 for row in cells if any(_MEASURED.search(c) for c in row)) < 2:
        return ""
    # a header that names the runs ("| | main | this PR |", "| Eager (µs) | Fused (µs) | Speedup |"), or two
    # rows that do ("| before | 138ms |" and "| after | 100ms |"); one row named "main" is a function's profile
    if any(_COMPARED.search(c) for c in cells[0]):
        return " | ".join(c for c in cells[0] if c)
    named = [row for row in cells[1:] if row and _COMPARED.search(row[0])]
    return " | ".join(c for c in named[0] if c) if len(named) >= 2 else ""


_LOG = re.compile(
    r"^\s*(traceback \(most recent call last\)|file \"[^\"]*\", line \d+|>>>|\.\.\. |\$ |in \[\d+\]:|"
    r"\[?\d{4}-\d\d-\d\d[ t]\d\d:\d\d|\[?\d\d:\d\d:\d\d|[ewif]\d{4} \d\d:\d\d|"
    r"(info|debug|warning|error|critical|fatal)\s*[:\]|]|"
    r"[a-z_.]*(error|exception|warning)(:|$)|at [\w.$]+\(|#\d+ 0x[0-9a-f]+|"
    # pytest's report pasted outside a code block: "==== short test summary info ====", "FAILED tests/x.py::t"
    r"={3,}[^=]*={3,}\s*$|(failed|passed|error|skipped|xfail|xpass)\s+\S+::|"
    # git status pasted as the list of changed files: "modified: README.md", "new file: docs/x.md"
    r"(modified|new file|deleted|renamed|both modified):\s+\S+\s*$)",
    re.IGNORECASE,
)
# A shell command written on its own line, outside a code block ("python setup.py install --cuda_ext",
# "torchrun --nproc_per_node 8 train.py"): code the author ran, not a sentence. Its flags must not read as
# words ("--deprecated_fused_adam" is no deprecation).
_COMMAND_LINE = re.compile(
    r"^\s*(?:[A-Z_]+=\S+\s+)*(?:python3?(?:\s+-m)?|pip3?|torchrun|deepspeed|mpirun|srun|accelerate\s+launch|buck2?|"
    r"bash|sh|conda|uv|poetry)\s+(?:\S+\s+)*?(?:--?[a-z][\w-]*|\S*\.(?:py|sh|yaml|yml)\b|//\S+)",
    re.IGNORECASE,
)
# A template's placeholder kept in its square brackets ("[Add screenshots to help explain your changes]",
# "[Link to the related issue, if applicable]"): the template's words, waiting for the author's. A whole line
# in brackets with words in it; "[1, 2, 3]" (numbers) and "[text](link)" (a link) are not placeholders.
# After a label, the placeholder must read as guidance ("**Collection**: [Note which collection this PR will
# affect]"); "Models: [llama, mistral]" is the author's list.
_BRACKETED_PLACEHOLDER = re.compile(
    r"^(?:[-*+]\s+)?(?:\[(?=[^\[\]]*[a-zA-Z]{3})[^\[\]]{8,}\]|\*{0,2}[A-Za-z][\w -]{0,25}\*{0,2}:\*{0,2}\s*"
    r"\[(?:note|describe|add|link|list|explain|specify|mention|insert|enter|write|provide|name)\b[^\[\]]{8,}\])\.?$",
    re.IGNORECASE,
)
_BOILERPLATE = re.compile(
    r"^\s*(?:[-*]\s+)?(cc:? @|/cc @|(?:@[\w/-]+[\s,]*)+$|(?:" + TRAILER_NAMES + r"):|reviewers:|subscribers:|"
    r"tasks:|tags:|stack from \[ghstack\]|stack created with|"
    r"__->__|#\d+\s*$|\[skip ci\]|\[ci skip\]|📚 documentation preview|:books: documentation preview|"
    r"<sub>|built with|generated with|imported from github|x-github|"
    # the marker of a GitHub alert box on its own line ("> [!IMPORTANT]"): a heading, not a sentence
    r">?\s*\[!(?:note|tip|important|warning|caution)\]\s*$|"
    # the revert tool's line when its author gave no reason: "(The context such as a Sandcastle job, Task, SEV,
    # etc. was not provided.)"
    r"\(the context such as a sandcastle job|"
    r"this change is \[?!?\[?reviewable|this change is \[?<img [^>]{0,80}reviewable|"
    # a template's kinds of change, left without their boxes: "Bug fix (non-breaking change which fixes an issue)",
    # "Breaking change (fix or feature that would cause existing functionality to change)"
    r"[^\n(]{0,40}\((?:non-breaking change (?:which|that)|"
    r"fix or (?:new )?feature that would cause existing functionality)|"
    # GitHub's own setting, named by a template: "Please enable **Allow edits by maintainers** so that …"
    r".{0,40}\ballow edits (?:and access to secrets )?(?:by|from) maintainers\b)",
    re.IGNORECASE,
)
_PROMPT = re.compile(
    r"^(?:[^\w\s]|_)*\s*(please\s+)?(also\s+)?(describe\b|explain\b|provide\b|summari[sz]e\b|enter\b|briefly|tell us|give a|add a (short|brief)|"
    r"list (the|any|all)|include (a|an|any|the|relevant|all) (short |brief |relevant )?(summary|description|motivation|context|screenshots?|"
    r"explanation|rationale|link|details|information|issue|relevant)\b|link (to )?(the|any|an)|what does this|why is this|"
    # "Include a sample workflow to either (a) reproduce the bug or (b) showcase the deficiency"
    # ("Include a minimal example in the README", an author's own line, names the change)
    r"include (a|an) (sample|minimal|short|small) (workflow|example|snippet|script|code) (to|that) (either |also )?"
    r"(\(?[a1]\)\s*)?(reproduces?|shows?|showcases?|demonstrates?)\b|"
    r"what is the (motivation|purpose)|if (relevant|applicable)|remove if not applicable|"
    r"delete (this|if)|replace this|your (description|summary) here|n/a$|none$|tbd$|todo$|-$|"
    # template guidance addressed to the author ("Link this PR to your issue …", "Summarize your work here")
    r"link this (pr|pull request)|summari[sz]e your (work|change|pr)|if you have any (plots|screenshots|"
    r"diagrams|images|logs)|((for more (information|info|details)|if needed|if applicable),? )?"
    r"please (attach|fill|link|check|delete|remove|make sure|read|tick|mark|tag|label|select|choose|pick|assign|"
    # "Please enter a clear and concise description of what your pull request does"
    r"enter|reference|paste)\b|"
    # "Any other information or context you would like to provide.", "Add any other context here."
    r"(add )?any other (information|context|details|comments|notes)\b[^.]{0,60}\b(here|you (would|'d) like to|you want to)\b|"
    # "Add `[BREAKING]` to the PR title if it breaks any API."
    r"(add|prefix|put|include|use)\b[^.]{0,40}\b(to|in|into|at) (the|your) ((beginning|start|end|front) of (the|your) )?"
    r"(pr |pull request )?title\b|"
    # "If this PR breaks any API (CLI arguments, config, function signature, etc.), add `[BREAKING]` …"
    r"if (this|your) (pr|pull request|change) breaks any\b|"
    r"e\.g\.\s*`?(fixed|closed|resolved|fixes|closes|resolves)\b|issue #,? if available|"
    # a template's questions to the author ("Does the modification introduce changes that break …?",
    # "If so, please describe how …")
    r"does (the|this) (modification|change|pr) (introduce|break|affect|need)|if so,? please\b|"
    # "If it fixes an open issue, please link to the issue here.", "You can use the syntax `close #15213` if
    # this solves the issue #15213"
    r"if (it|this|the pr|this pr|your (pr|pull request|patch|change|contribution)) (fixes|solves|closes|resolves|addresses) "
    r"an? (open |existing )?issue\b|"
    r"you can use the syntax\b|"
    # a template's word on how a contributor's PR gets through CI ("A NVIDIA developer will need to approve and
    # trigger the CI for external contributors.", "If you haven't finished some of the above items you can still
    # open a draft PR.")
    r"an? [\w ]{0,20}(developer|maintainer|member|reviewer)s? (will|must|would) (need to )?(approve|trigger)\b|"
    r"if you (haven't|have not) finished\b[^.]{0,60}\byou can (still )?open\b|"
    # a template's rules on linking issues and getting a review ("New features: a linked issue is required.",
    # "Please open a feature request and reference it here", "Feel free to message the oncall team to help
    # accelerate your merge", "The less complex your PR is, the faster it will be approved")
    r"([\w ,()*]{1,60}: ?\**\s*)?an? linked issue is (required|recommended|mandatory|optional|needed)\b|"
    r"please open an? (feature request|issue|bug report|discussion)\b|"
    r"feel free to (message|comment|ping|contact|tag|reach out)\b[^.]{0,60}\b(merge|review)\b|"
    r"the (less complex|smaller|simpler|more focused) your (pr|pull request|change) is\b|"
    # a Chinese template's guidance ("描述这个 Pull Request 之前代码的状态", describe the code before this PR)
    r"(描述|说明|說明|介绍|介紹|列出|填写|填寫)[^。！？\n]{0,6}?(pull request|pr\b|拉取请求|合并请求)|"
    # "Demonstrate how the API changes if any, and provide usage example(s) if possible."
    r"demonstrate how the api changes\b|"
    # a template's heading made of its section names ("Expected Behavior & Potential Risk")
    r"expected behaviou?r (&|and) potential risks?\s*:?\s*$|"
    # a contribution guide pasted as the template ("Each pull request should be provided with minimal description")
    r"each (pull request|pr) (should|must|initiates|needs)\b|(the )?(major|main)\b[^.]{0,40}\bcontribution is (a )?pull request\b|"
    # the question template many Apache-style projects use ("What changes were proposed in this pull request?")
    r"what changes (were|are) proposed in this (pr|pull request)|why are the changes needed|"
    # the Kubernetes-style heading "What this PR does / why we need it:"
    r"what this (pr|pull request) does\s*(/|and)\s*why we need it\b|"
    r"does this (pr|pull request) introduce any user[- ]facing change|how was this (patch|pr|change) tested|"
    # "Select what type of change your PR is:", "Choose the kind of change"
    r"(please )?(select|choose|pick|tick|check|mark) (what|which|the|one|all)( \w+)? (type|kind)s? of (change|pr)\b|"
    # "Paste your experiment result here (if needed).", "Write the detail information belongs to this PR."
    r"(paste|put|insert|write|add|fill in|enter) (your|the)\b[^.]{0,40}\bhere\b|"
    r"write (the |your )?(detail|detailed|details) (information|info|description)\b|"
    # guidance on whom to ask for a review ("Try to avoid tagging more than 3 people.")
    r"(try to )?avoid tagging (more than|too many)\b|"
    # "Add specific line by line info of high level changes in this PR."
    r"(add|list|give|provide|write) (specific |detailed )?line[- ]by[- ]line (info|information|details|description)\b|"
    # "You can potentially add a usage example below"
    r"you can (potentially |optionally |also )?(add|include|paste|put) (a |an |some )?(usage )?(examples?|snippets?|"
    r"screenshots?)\b[^.]{0,30}\b(below|here)\b|"
    # a notice some templates open with ("The `Update branch` button must only be pressed in very rare
    # occasions. An outdated branch is never blocking the merge of a PR. Please reach out to the automation team …")
    r"the `?update branch`? button\b|an outdated branch is never blocking\b|please reach out to the automation team\b|"
    # "Future work that may be required in bullet points", "A description of why this PR is needed."
    r".{0,80}\bin (a few )?bullet points\s*:?\s*$|(a |an )?(short |brief )?(description|summary|explanation) of "
    r"(why|what|how|the (things|changes))\b[^.]{0,40}\b(this (pr|pull request|change)|is needed)\b|"
    # "The summary of the proposed changes as long as the relevant motivation and context."
    r"(the )?summary of the (proposed )?changes (as long as|as well as|along with|and) (the )?(relevant )?"
    r"motivation\b|"
    # a template's rules for opening a PR ("Before you create a PR, please check to see if there is an
    # issue for this change.", "You should link at least one existing issue for PR.", "If you PR to `dev`
    # branch, please add a brief summary …", "PRs from forked repository not accepted.")
    r"before (you|your) (create|open|submit|send|make) (a |the |your |this )?(pr|pull request)\b|"
    r"you (should|must|need to) link\b|if you (pr|open a pr|send a pr|submit a pr) to\b|"
    r"(prs|pull requests) from (a )?fork(ed)? (repositor(y|ies)|repos?) (are )?not accepted|"
    # a pointer to the project's rules ("🚨Please review the guidelines for contributing to this repository.")
    r"please (review|follow|see|read) (the|our)\b[^.]{0,30}\b(guidelines?|contribut\w*|code of conduct)\b|"
    # a template's placeholder sentence ("A few sentences describing the changes proposed in this pull request.")
    r"an? (few|couple of|short|brief) (sentences?|lines?|words?|description|summary) (describing|about|of|on) "
    r"(the|this|your) (changes?|pr|pull request|modifications?)\b|"
    # an instruction to the author about the PR itself ("Add a one line overview of what this PR aims to
    # accomplish.", "List issues that this PR closes")
    r"(add|list|describe|explain|provide|include|mention|write|state|outline|summari[sz]e|give)\b[^.]{0,50}?"
    r"\b(what|which|that|how|why) (this|your|the) (pr|pull request|change|changes|contribution)\b|"
    # the template thanking the one who fills it in ("Thank you for submitting your PR. Please read the
    # template below …", "Thanks for your contribution and we appreciate it a lot.")
    r"(thank you|thanks) (so much |very much |a lot )?for (submitting|opening|sending) (your|this|a) (pr|pull request)\b|"
    r"(thank you|thanks) (so much |very much |a lot )?for your contribution\b[^.]{0,10}\bwe appreciate\b|"
    # what a template warns of ("Note that by _not_ including a description, you are asking reviewers to do extra
    # work …, which may lead to your PR taking much longer to review")
    r"(note that )?by [_*]{0,2}not[_*]{0,2} (including|providing|adding|writing) a description\b|"
    # what to add when the PR is of some kind ("If this PR introduces a change or fixes a bug, please add
    # before and after screenshots", "If this PR introduces a new feature, it is better to list some use cases")
    r"if (this|your|the) (pr|pull request|change) (introduces|adds|fixes|changes|is|contains|affects)\b[^.]{0,80}?"
    r"\b(please|it is better to|you should|make sure|consider)\b)",
    re.IGNORECASE,
)
# The contribution licence some templates put in every PR ("By submitting this pull request, I confirm
# that you can use, modify, copy, and redistribute …"); the rest of its paragraph is dropped with it.
_LICENCE = re.compile(r"^\s*by submitting this (?:pull request|pr|contribution),? (?:i|we) (?:confirm|agree)",
                      re.IGNORECASE)
# A reference to an issue or PR, with the verb that introduces it.
_REF = re.compile(
    r"\b(?:(?:fix|fixes|fixed|fixing|close|closes|closed|closing|resolve|resolves|resolved|resolving|"
    r"ref|refs|references?|see|related(?: to)?|part of|follow[- ]?up(?: to| of| on)?|addresses|address|"
    r"(?:as )?discussed in|cf\.?|for|supersedes|replaces|reverts?|depends on|towards|toward|(?:a )?work-?around(?: for)?|"
    r"implements|contributes to|tracking(?: issue)?|(?:is )?linked (?:to|with)|issue)\s*:?\s*)?"
    r"(?:#\d+|gh-\d+|[\w.-]+/[\w.-]+#\d+|https?://github\.com/\S+/(?:issues|pull)/\d+\S*|"
    r"https?://\S+/(?:issues|pull|browse|tickets?|jira)/\S+)",
    re.IGNORECASE,
)
_REF_PLACEHOLDER = re.compile(
    # (after an emoji or a mark: "🛠️ Fixes # (issue number)")
    # ("This PR fixes #ISSUE_NUMBER" is the same slot in a sentence)
    r"^(?:[^\w\s]\s*)*(?:this (?:pr|pull request|change) )?"
    r"(fix|fixes|close|closes|resolve|resolves|related( issue)?s?|issue)\s*:?\s*#?\s*\\?\s*"
    # (the template's slot kept in braces: "Fixes #{issue number}")
    r"(\(issue\)|\\?<[^>]*>|\{[^{}]{0,40}\}|\(?issue[ _]?(number|#|no\.?)?\)?|xxx+|n/?a|none|-)?\s*\.?$",
    re.IGNORECASE,
)
# ghstack writes the stack as a list of PR numbers under "Stack from ghstack"; those lines are
# navigation, not something the author wrote about the change.
_STACK_HEADER = re.compile(r"^\s*(?:[-*]\s+)?stack (?:from \[?ghstack|created with)", re.IGNORECASE)
_LINK = re.compile(r"!?\[([^\]\n]{0,300})\]\([^)\s]{0,2000}(?:\s\"[^\"]{0,200}\")?\)")
_ERROR_LINE = re.compile(r"^\s*(?:Traceback \(most recent call last\)|(?:[\w.]*[A-Z]\w*)?(?:Error|Exception)\s*:)")
_EXAMPLES_LABEL = re.compile(r"^(?:for )?(?:examples?|e\.g\.?)\s*:?$", re.IGNORECASE)
_DEPRECATION_LINE = re.compile(r"^\s*[\w.]*Warning\s*:.*\bdeprecat", re.IGNORECASE)
_EXCEPTION_NAME = re.compile(r"^`+\s*[\w.]*(?:Error|Exception|Warning)\b")
_URL = re.compile(r"https?://\S+")
_CODE_SPAN = re.compile(r"`+[^`\n]{0,500}`+")
# A quotation the sentence holds: 'Solving "Found conflicts! Looking for packages." on Windows' is one sentence
_QUOTATION = re.compile(r'"[^"\n]{1,200}"|“[^”\n]{1,200}”')
_MENTION = re.compile(r"(?<![\w.])@[\w-]+(?:/[\w-]+)?")
# (an embedded player's tag carries long style attributes: "<iframe allow=… style=…>" runs past 200 characters)
_HTML_TAG = re.compile(r"</?[a-zA-Z][^<>\n]{0,1000}>")
# An emoji written as its shortcode, standing alone: "replace Travis with GH actions :rocket:"
_SHORTCODE = re.compile(r"(?<![\w:]):[a-z][a-z0-9_+-]{1,30}:(?![\w:])")
_EMPHASIS = re.compile(r"(\*\*|__|~~|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*]))")
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][`\"'”)]))\s+(?=`|[\"'(\[]?[A-Z0-9])|\s+[-–—]\s+(?=[A-Z])|"
                           r"\s\*\s")
# "(e.g. `1e-3`)", "i.e. ResNet": a full stop that ends an abbreviation ends no sentence ("etc." often
# ends one, so it is not in the list)
# "e.g. allows to log the CLI arguments": an opening "for example" leaves the claim as it is
_EXAMPLE_OPENING = re.compile(r"^(?:e\.g\.|i\.e\.|eg\.|for example|for instance)[,:]?\s+")
_ABBREVIATION_END = re.compile(r"(?:\b(?:e\.g|i\.e|vs|cf|approx|resp|incl|fig|eq)|\bet al)\.[`\"'”)]?$", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")

# A note a review bot (Cursor Bugbot, CodeRabbit, Copilot) quoted into the description is not the
# author's text: its summary of the diff would be read as their reason.
_BOT_NOTE = re.compile(r"written by \[?cursor bugbot|coderabbit|generated by copilot|copilot summary",
                       re.IGNORECASE)  # the words checked first in _drop_bot_quotes must stay in this list

_BOTS = (
    ("dependabot", re.compile(r"dependabot|^bumps \[?[\w@./-]+\]?(\([^)]*\))? from \S+ to \S+",
                              re.IGNORECASE | re.MULTILINE)),
    ("renovate", re.compile(r"renovate(bot)?\b|this pr contains the following updates|mend\.io",
                            re.IGNORECASE)),
    # the bot's own PR ("<!--pre-commit.ci start-->" over "updates:"); a person's squashed commits often hold
    # its fix-up step ("[pre-commit.ci] auto fixes from pre-commit.com hooks"), which does not make them a bot's
    ("pre-commit-ci", re.compile(r"<!--\s*pre-commit\.ci start|pre-commit autoupdate|"
                                 r"^updates:\s*\n\s*- \[github\.com/", re.IGNORECASE | re.MULTILINE)),
    ("automation", re.compile(r"automated changes by \[?create-pull-request|this pr was (automatically|auto-)"
                              r"(created|generated)|this is an automated (pr|pull request)",
                              re.IGNORECASE)),
)

_EN_STOP = frozenset(
    "the a an and or of to in on for with is are was were be been this that it its as by from at not "
    "when which we our you they will can should would has have had do does but if so than then these "
    "those there into only also more no after before".split()
)
_OTHER_STOP = frozenset(
    # German, Spanish, French, Portuguese, Italian, Dutch: common short words that English lacks.
    "der die das und ist nicht mit für auf wird werden ein eine einen dem den des auch nur bei wenn beim "
    "zum zur el los las que del por para con una como pero más este esta se lo es y cuando ahora "
    "también sin le les et est pour avec des une dans pas sur qui sont par du au ce cette quand lorsque "
    "os não uma com quando é em ao da na um era agora cada isso pelo pela "
    "il che della per non sono gli dei nel veniva quindi questa het een van en niet met voor zijn ook "
    "wordt".split()
) - _EN_STOP


def _drop_spans(text: str, start: str, end: str) -> str:
    """Remove every ``start … end`` span (case-insensitive); an unclosed one runs to the end."""
    opening = re.compile(re.escape(start), re.IGNORECASE)
    closing = re.compile(re.escape(end), re.IGNORECASE)
    out: list[str] = []
    pos = 0
    while True:
        m = opening.search(text, pos)
        if m is None:
            out.append(text[pos:])
            break
        out.append(text[pos:m.start()])
        e = closing.search(text, m.end())
        if e is None:
            break
        pos = e.end()
        out.append("\n")
    return "".join(out)


def _heading_kind(name: str) -> Section | None:
    if "/" in name or "&" in name or "+" in name or "、" in name:
        parts = [part for part in re.split(r"[/&+、]", name) if part.strip()]
        if len(parts) > 1 and all(_heading_kind(part) is Section.MOTIVATION for part in parts):
            return Section.MOTIVATION  # "背景 / 动机", "Background / Motivation": two names for the reason
    key = re.sub(r"[^\w\s?'/;-]", "", name).strip().lower().rstrip(":").strip()
    key = re.sub(r"\s+", " ", key)
    # The template's own words around a section name: "Your checklist for this pull request",
    # "Additional information (optional, e.g., figures and logs):"
    key = _HEADING_FRAME.sub("", key).strip() or key
    if _MOTIVATION_HEADINGS.match(key):
        return Section.MOTIVATION
    if _SKIP_HEADINGS.match(key):
        return Section.SKIP
    if _PLAIN_HEADINGS.match(key):
        return Section.PLAIN
    return None


# Words in backticks that read as a message, not code: "Fix the bug of `invalid index of a 0-dim tensor`"
_MESSAGE_SPAN = re.compile(r"^`[A-Za-z][A-Za-z0-9'-]*(?: [A-Za-z0-9'-]+){3,}`$")


def _code_word(m: re.Match[str]) -> str:
    # An exception name in backticks still tells the reader something went wrong, and a message the
    # author quotes in backticks is a quotation.
    if _MESSAGE_SPAN.match(m.group(0)):
        return f' "{m.group(0)[1:-1]}" '
    return " excname " if _EXCEPTION_NAME.search(m.group(0)) else " code "


# a negation typed without its apostrophe ("doesnt seem to work", "it didnt load", "which cant handle"), read as
# written with it
_BARE_NEGATION = re.compile(r"\b(does|did|is|was|are|were|could|would|should|has|have|do|ca|wo)nt\b")


def _cue_text(text: str) -> str:
    if "`" in text:
        text = _CODE_SPAN.sub(_code_word, text)
    if "://" in text:
        text = _URL.sub(" link ", text)
    if "@" in text:
        text = _MENTION.sub(" someone ", text)
    cue = " ".join(text[:MAX_CUE_CHARS].lower().split())
    if "nt" in cue:
        cue = _BARE_NEGATION.sub(r"\1n't", cue)
    return _EXAMPLE_OPENING.sub("", cue, count=1) if cue[:1] in "efi" else cue


def _clean_inline(text: str) -> str:
    if "](" in text:
        text = _LINK.sub(r"\1", text)
    if "<" in text:
        text = _HTML_TAG.sub(" ", text)
    if "*" in text or "_" in text or "~" in text:
        text = _EMPHASIS.sub("", text)
    if ":" in text:
        text = _SHORTCODE.sub(" ", text)
    return " ".join(text.split())


def _has_words(text: str, n: int) -> bool:
    count = 0
    for _ in _WORD.finditer(text):
        count += 1
        if count >= n:
            return True
    return False


# the words that open usage steps: "To run:", "In order to use it:", "To try this out:"
_HOW_TO_RUN = re.compile(r"(?i)^(?:in order )?to (?:run|use|try|test|install|reproduce|launch|start|call|invoke|"
                         r"get started|set up|setup)(?: (?:it|this|them|the \w+|this \w+))?(?: out)?$")


def _make(text: str, section: Section) -> Sentence | None:
    if text.rstrip().endswith(":") and _HOW_TO_RUN.match(text.strip(" \t-–—*•>:")):
        return None  # "In order to run:" over a code block opens the usage steps; it says nothing itself
    text = text.strip(" \t-–—*•>:")
    if not text or not _has_words(text, 1):
        return None
    cue = _cue_text(text)
    if "#" not in cue and "link" not in cue and "gh-" not in cue:
        return Sentence(text=text, cue_text=cue, section=section)
    without_refs = _REF.sub(" ", cue)
    refs_only = cue != without_refs and not _has_words(
        re.sub(r"\b(fix|fixes|closes|resolves|see|issue|issues|and|also|this|pr|is|link|code)\b", " ",
               without_refs), 2)
    return Sentence(text=text, cue_text=cue, section=section, refs_only=refs_only)


def split_sentences(line: str, section: Section) -> list[Sentence]:
    out: list[Sentence] = []
    for part in _sentence_parts(line):
        s = _make(part, section)
        if s is not None:
            out.append(s)
    return out


def _sentence_parts(line: str) -> list[str]:
    """The sentences of a line. A code span is never cut: "specifies that `Loads any key. If none, all
    is loaded.` But this isn't happening" would otherwise pair the span's closing backtick with the next
    one and read the author's own words as code."""
    spans = [(m.start(), m.end()) for m in _CODE_SPAN.finditer(line)] if "`" in line else []
    if '"' in line or "“" in line:  # a quotation is not cut either, unless it starts inside a code span
        code_starts = [a for a, _ in spans]
        spans = sorted(spans + [(m.start(), m.end()) for m in _QUOTATION.finditer(line)
                                if not _inside(spans, code_starts, m.start())])
    starts = [a for a, _ in spans]
    parts: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(line):
        i = bisect.bisect_left(starts, m.start()) - 1  # the span opened last before this break, if any
        if (i >= 0 and m.start() < spans[i][1]) or \
                _ABBREVIATION_END.search(line, max(0, m.start() - 12), m.start()):  # a window: linear on 1 MB
            continue
        parts.append(line[start:m.start()])
        start = m.end()
    parts.append(line[start:])
    return parts


def _inside(spans: list[tuple[int, int]], starts: list[int], at: int) -> bool:
    i = bisect.bisect_right(starts, at) - 1
    return i >= 0 and at < spans[i][1]


def detect_bot(body: str) -> str | None:
    head = body[:20_000]
    for name, pattern in _BOTS:
        if pattern.search(head):
            return name
    return None


def is_foreign(sentences: tuple[Sentence, ...] | list[Sentence]) -> bool:
    """True when the prose is mostly in a language other than English.

    Signals: letters outside the Latin script (CJK, Cyrillic, Arabic, ...) make up a third of all
    letters; or, for Latin-script text, common short words of other European languages outnumber
    English ones, or appear together with accented letters. Code spans and links are already replaced in ``cue_text``.
    """
    latin = other = accented = 0
    en = foreign = 0
    for s in sentences[:400]:
        for ch in s.text:
            if ch.isalpha():
                if ord(ch) < 0x250:
                    latin += 1
                    accented += ord(ch) >= 0xC0
                else:
                    other += 1
        for m in _WORD.finditer(s.cue_text):
            w = m.group(0)
            if w in _EN_STOP:
                en += 1
            elif w in _OTHER_STOP:
                foreign += 1
    letters = latin + other
    # (two Han or Hangul letters are already a word: "오타 수정", "更新")
    if (letters >= 6 or other >= 2) and other / letters > 0.3:
        return True
    if foreign >= 3 and foreign > 1.5 * en:
        return True
    # Accented letters (é, ã, ü, ç) are rare in English prose; with a few foreign short words they
    # settle it even when English code words fill the rest of the text.
    return foreign >= 3 and latin > 0 and accented / latin > 0.012 and foreign >= 0.5 * en
