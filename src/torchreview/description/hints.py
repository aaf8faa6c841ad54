"""The rewrite hint: their own sentence, continued by its grammatical shape."""

from __future__ import annotations

import itertools
import re

from torchreview.description.cues import _HINT_CUT, _PLACEHOLDER_TITLE
from torchreview.description.result import wording
from torchreview.description.scoring import _WORD_RE

# --- the rewrite hint ---------------------------------------------------------------------------------
# The hint is their own sentence with a place for the reason, shaped so that the result is English a
# reader can copy. A verb phrase ("Use bf16 autocast") takes "to <goal>"; when the verb already sends
# something somewhere ("Update train.py", "Change A to B", "Save the state"), a bare "to" would read as
# the destination, so it takes "in order to <goal>". A statement ("`foo` is now deprecated") gets a
# second sentence ("This matters because <reason>."), and a noun phrase ("Gradient norm clipping") a
# clause after a colon.

_HINT_PREFIX = re.compile(
    r"^(?:[^\w\[]*\[[^\]]{0,40}\][^\w\[]*|\W*(?:feat|feature|fix|perf|chore|refactor|docs?|test|tests|build|ci|style|"
    r"bugfix|hotfix|wip|draft|rfc|enh|enhancement|maint|bug|bld|tst|sty|dep|deps|fea|misc|"
    # any short tag in capitals, as NumPy's "ENH:", "MAINT:", "BUG:" or a team's "WR:"
    r"(?-i:[A-Z]{2,6}))(?:\([^)]{0,40}\))?!?\s*:\s*|[^\w`\[(\"']+)+", re.IGNORECASE)
# A title GitHub made from a branch name: "Feat/stack migration to pytorch", "Fix/onnx rte", or an owner's
# "Henryh/add configs for main training classes". The branch's kind goes (a fix stays a fix); an owner's name goes
# only before a verb ("save/load checkpoints" and "input/output shapes" are pairs of words, not branches). A
# branch of one word after its kind ("Fix/dataloader-workers", "Feature/latex-recognition-models") has its
# hyphens for spaces.
_BRANCH_KIND = re.compile(r"^(?:(fix|bugfix|hotfix)|feat|feature|features|bug|test|tests|dev|docs?|chore|refactor|wip|"
                          r"exp|experiment)/(?=(?-i:[a-z])[^/]* |(?-i:[a-z])[\w.-]*$)", re.IGNORECASE)
_BRANCH_OWNER = re.compile(r"^(?!(?:read|input|output|train|eval|encoder|decoder)/)([A-Za-z][\w.-]{1,15})/"
                           r"(?=(?:add|fix|update|remove|refactor|implement|support|enable|disable|move|rename|bump|"
                           r"use|improve|create|make|allow|replace|migrate|upgrade|clean) )")
# "And a small readme update …", "Also, bump the pin": a word that joined it to the sentence before
_LEAD_CONJUNCTION = re.compile(r"^(?:and|also|plus|additionally|furthermore|moreover|in addition)\b,?\s+(?=\w)",
                               re.IGNORECASE)
# "as discussed", "as agreed": a talk elsewhere, pointed to
_AS_TALKED = r"as (?:discussed|mentioned|suggested|requested|proposed|described|agreed)"
# Trailing references and what they do: "(#12)", "fix #12", "to close issue #960", "per #211"
_HINT_REFS = re.compile(r"[\s,;]*(?:\((?:[^()]*#\d+[^()]*)\)|(?:\b(?:to|and|which|that) )?"
                        # "as discussed in #2114": the pointer goes with its reference
                        rf"(?:\b{_AS_TALKED}\s+)?"
                        # ("Fix a bug introduced in #1765": where the bug came from goes with its number)
                        r"(?:\b(?:introduced|added|caused) (?=in\b|by\b))?"
                        r"(?:\b(?:fix|fixes|fixed|close|"
                        r"closes|closed|resolve|resolves|solve|solves|address|addresses|see|for|per|in|by)\s+)?"
                        # another repository's number: "Fixes coqui-ai/TTS#3787", "Fixes coqui-ai#3787"
                        # (the name starts where its word does, so a long word is not scanned from each of its letters)
                        r"(?:(?:the |this )?(?:issue|pr|pull request|ticket)\s+)?(?:(?<![\w.-])[\w.-]+(?:/[\w.-]+)?)?"
                        r"#\d+)\s*$",
                        re.IGNORECASE)
# "Try to fix …", "Attempt to support …": an attempt, told before the change it attempts
_TRIED = re.compile(r"^(?:try|tries|trying|attempt|attempts|attempting) to (?=\w)", re.IGNORECASE)
_VERB_FIRST = re.compile(
    # ("Just changed the sign of the step": an adverb before the verb)
    r"^(?:(?:just|simply|also|basically|mainly) )?"
    r"(?:add|adds|added|adding|update|updates|updated|refactor|refactors|refactored|rename|renames|renamed|"
    r"move|moves|moved|bump|bumps|bumped|remove|removes|removed|delete|deletes|deleted|change|changes|changed|"
    r"replace|replaces|replaced|use|uses|used|implement|implements|implemented|introduce|introduces|"
    r"introduced|clean|cleans|cleaned|fix|fixes|fixed|switch|switches|switched|migrate|migrates|migrated|"
    r"upgrade|upgrades|upgraded|set|sets|make|makes|made|enable|enables|enabled|disable|disables|disabled|"
    r"support|supports|port|ports|ported|extract|extracts|split|splits|merge|merges|merged|revert|reverts|"
    r"reverted|reformat|reformats|tweak|tweaks|tweaked|pin|pins|pinned|unpin|drop|drops|dropped|deprecate|"
    r"deprecates|deprecated|expose|exposes|convert|converts|converted|simplify|simplifies|simplified|"
    r"improve|improves|improved|create|creates|created|modify|modifies|modified|allow|allows|allowed|wrap|"
    r"wraps|wrapped|save|saves|saved|load|loads|call|calls|pass|passes|keep|keeps|return|returns|skip|"
    r"skips|raise|raises|register|registers|cast|casts|clip|clips|compute|computes|run|runs|turn|turns|"
    r"avoid|avoids|correct|corrects|corrected|handle|handles|handled|share|shares|cache|caches|write|writes|increase|"
    r"increases|decrease|decreases|reduce|reduces|lower|lowers|copy|copies|send|sends|point|points|"
    r"restore|restores|reset|resets|check|checks|test|tests|document|documents|expand|extend|extends|"
    r"drive|drives|wire|wires|log|logs|print|prints|apply|applies|optimi[sz]e|optimi[sz]es|optimi[sz]ed|integrate|"
    r"integrates|integrated|re-\w+)\b"
    # ("Support for TensorFlow 2", "Upgrade of all deps": a noun with what it is about; "Fix for #46" keeps the
    # hint of a fix)
    r"(?! of\b)(?!(?:(?<=\bsupport)|(?<=\bupgrade)|(?<=\bupdate)|(?<=\bport)|(?<=\brefactor)) for\b)"
    # ("Test cases for load_optimizers", "Test script: …", "Log files of …": a noun made of two nouns)
    r"(?!(?<=\btest) (?:cases?|suites?|scripts?|files?|data|coverage|utils?|results?)\b)"
    r"(?!(?<=\blog) (?:files?|messages?|levels?)\b)", re.IGNORECASE)
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
# "In this PR we fixed the count": a subject with its verb later in the sentence
_SUBJECT_VERB = re.compile(r"\b(?:we|i|they|this pr|this change|this commit)\s+(?!and\b|or\b)[a-z]+(?:ed|s)\b",
                           re.IGNORECASE)
_SUBJECT_FIRST = re.compile(r"^(?:this|these|that|it|we|i|they|you|there|the \w+ (?:\w+s|\w+ed))\b",
                            re.IGNORECASE)


# What may stand before the change's verb in a title: an issue number ("575 Fix load ...", "#12: Add X") or
# the part of the code it touches, in lower case ("trainer: enable VAE tiling", "data/loader: use ...").
_LEAD_LABEL = re.compile(r"^(?:#?\d+\s*[-:.)]?|(?-i:[a-z][\w./-]{1,30}):)\s+")
# A short label of a few words before a colon, with the change's verb after it: a template's
# placeholder ("Fix bug X : Fix detr export to onnx") or a heading run into the text ("Trainer
# refactor: move the loop into engine.py"). The hint starts at the verb.
_LEAD_PHRASE = re.compile(r"^(?:[^\s:`]+\s+){0,4}[^\s:`]+\s*:\s+")


def _hint_sentence(sentence: str) -> str:
    """Their sentence, cut to its lead clause, without [tags], "feat:" prefixes, an issue number or a
    component's name before its verb, or trailing refs."""
    text = sentence.strip()
    kind = _BRANCH_KIND.match(text)
    owner = None if kind else _BRANCH_OWNER.match(text)
    if kind:
        rest = text[kind.end():]
        text = ("Fix " if kind.group(1) else "") + (rest if " " in rest else rest.replace("-", " "))
    elif owner and not _VERB_FIRST.match(owner.group(1)):
        text = text[owner.end():]
    text = _LEAD_CONJUNCTION.sub("", _HINT_PREFIX.sub("", text)).rstrip(".!:;, ")
    tried = _TRIED.match(text)
    if tried:  # "try to fix mga in onnxruntime": the fix itself is the change
        text = text[tried.end():]
    short_label, phrase = _LEAD_LABEL.match(text), _LEAD_PHRASE.match(text)
    label = short_label or phrase
    verb = _VERB_FIRST.match(text[label.end():]) if label else None
    # a phrase that opens with a verb of its own is the change ("Added how-to guide: convert X to Y"),
    # unless the text after it says that verb again ("Fix bug X : Fix detr export")
    own = _VERB_FIRST.match(text)
    if label and verb and (short_label or not own or own.group(0).lower() == verb.group(0).lower()):
        text = text[label.end():]
    text = _HINT_REFS.sub("", text).strip().rstrip(".!:;,")
    words = text.split()
    if len(words) > 8:
        # only a cut within the first 160 characters matters (the text is shortened to them below), so a
        # huge sentence full of brackets costs no more than a short one
        quoted = list(itertools.takewhile(lambda span: span[0] <= 160,
                                          (m.span() for m in _QUOTED_PART.finditer(text))))
        cut = next((c for c in _HINT_CUT.finditer(text, len(" ".join(words[:3])))
                    if c.start() > 160 or not any(a < c.start() < b for a, b in quoted)), None)
        if cut and cut.start() <= 160:
            text = text[: cut.start()]
    if len(text) > 160:
        text = text[:160].rsplit(" ", 1)[0]
        # a clause cut open ("… into a single `ReplayBuffer` that takes") ends before its opening word; a cut
        # that stops on a joining word ("… for") is left as it is, and copyable() refuses it
        clause = None if _OPEN_END.search(text) else _CLAUSE_OPENER.search(text, 60)
        if clause:
            text = text[:clause.start()]
    text = _EXAMPLE_END.sub("", text.strip().rstrip("!:;,")).strip().rstrip(".!:;,")
    return text[:1].upper() + text[1:] if text[:1].islower() else text


# Quoted text and code spans: the hint never cuts one open (a revert's quoted title keeps its commas).
_QUOTED_PART = re.compile(r'"[^"]*"|“[^”]*”|`[^`]*`|\([^()]*\)')
# A pointer to other work ("Closes parts of #59", "Part of #12"), not the change
_POINTER = re.compile(r"(?:closes|fixes|resolves|addresses|see|refs?|related to|part of|parts of|follow[- ]up to)\b",
                      re.IGNORECASE)
# A sentence that stops on a joining word ("Closes parts of #59 and", once the reference is gone)
_OPEN_END = re.compile(r"\b(?:and|or|but|with|the|a|an|to|of|for|by|in|on|at|as|from|following|via|into|using)$",
                       re.IGNORECASE)
# A lead-in to a list, written without its colon: "This commit makes the following changes."
_LEAD_IN = re.compile(r"\b(?:the following(?: [\w-]+){0,2}|as follows|(?:listed |shown )?below)$|"
                      # "More information here", "Details can be found here": a lead-in to a link
                      r"^(?:(?:more|further|additional|full|some) )?(?:info|information|details|context)(?: (?:can be "
                      r"found|is|are))? (?:here|below|above|there)$|"
                      # "This PR includes" over a list: a verb with its object in the list below
                      r"^(?:this|the) (?:pr|pull request|change|commit|patch|diff) (?:also )?(?:includes|contains|adds|"
                      r"does|changes|introduces|has|brings|covers|supports|implements|provides|updates|fixes|"
                      r"enables|allows|adds support for)$|"
                      # "For reference, I get (using bf16)" over numbers; "As discussed on the slack channel": a lead-in
                      # and a pointer, not the change
                      rf"^for (?:reference|comparison)\b|^{_AS_TALKED}"
                      r"(?: (?:on|in|with|at|by|during) (?:[\w'-]+ ){0,4}[\w'-]+)?$", re.IGNORECASE)
# What a copyable sentence cannot hold: a link or a mention (they read as noise once the sentence is
# rewritten); brackets or quotes left open by the cut are checked by count
_UNCOPYABLE = re.compile(r"https?://|www\.|(?<!\w)@\w")
# A note on merging the PR is about the PR, not the change: "[Do not merge until next torchvision release]",
# "Merge this PR after merging #7"
_MERGE_NOTE = re.compile(r"^\W*(?:please )?(?:do not|don't|dont|not ready to|ready to|wait (?:for|before)|merge "
                         r"(?:this|after|before|only|once|when)|to be merged)\b", re.IGNORECASE)
# the author's note on the PR itself: "I forgot to finalize this, sorry", "Once this is done I can close #4", "I
# got nothing to say"
_PR_NOTE = re.compile(r"\b(?:sorry|apolog\w*)\b|\bonce this is (?:done|merged|in)\b|\b(?:i|we) can close\b|"
                      r"\bnothing (?:else |more |much )?to (?:say|add)\b|"
                      # "Please have a look.", "this is ready for merging": a word to the reviewer
                      r"^\W*please (?:have|take) a look\b|"
                      r"\bready (?:for|to) (?:review|merg\w*|be merged|tests?|testing)\b|"
                      # a template's order to the author ("Make sure you have:") and a story of the PR's own
                      # branch ("I made a bad rebase and accidentally closed the old PR")
                      r"^\W*(?:please )?make sure (?:that )?you(?:'ve| have)?\b|\bbad rebase\b|"
                      r"\baccidentally (?:closed|deleted|merged|opened|pushed)\b|"
                      # what the PR leaves undone: "The only flow that is not implemented yet, is the mixture model"
                      r"\bnot (?:yet )?(?:implemented|supported|done|finished) yet\b|"
                      r"\bnot yet (?:implemented|supported|done|finished)\b|"
                      r"\breview\w*\b[^.]{0,40}\bwelcome\b|\b(?:welcome|free) to review\b|"
                      # "Please feel free to edit if anything does not meet the requirements", "Please consider this
                      # small contribution": the author's word to the maintainers
                      r"\bfeel free to (?:edit|change|modify|push|adjust|update|close|reject)\b|"
                      r"^\W*please consider (?:this|my)\b",
                      re.IGNORECASE)
# a short sentence whose object is only a word pointing back: "This commit fixes it.", "We now do that.", "This
# PR solves that bug."
_POINTS_BACK = re.compile(r"^\W*(?:[\w'-]+\s+){1,3}(?:it|this|that|them|these|those|(?:this|that|these|those|the same) "
                          r"(?:bugs?|issues?|problems?|errors?|ones?))\W*$", re.IGNORECASE)
# a measured value on its line ("Perplexity on wikitext: 5.72", "Step time: 120 ms"): a result, not the change
_MEASURED = re.compile(r"^\W*[\w\s().'/-]{1,60}:\s*[~<>≈]?\s*-?\d[\d.,]*\s*(?:%|x|ms|s|gb|mb|it/s)?\W*$",
                       re.IGNORECASE)
# a sentence with words in another script ("通过使用id来判断 …") cannot carry an English hint
_OTHER_SCRIPT = re.compile(r"[\u0400-\u04ff\u0600-\u06ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]{2,}")


def copyable(sentence: str) -> bool:
    """Whether their ``sentence`` makes a rewrite hint a reader can copy: words of their own, not a
    lead-in that ends in a colon, with no link or mention, and with its brackets and quotes closed."""
    if sentence.rstrip().endswith((":", "?")) or _UNCOPYABLE.search(sentence) or _MERGE_NOTE.match(sentence) or \
            _PR_NOTE.search(sentence):
        return False  # a lead-in, a question to a reviewer ("@jdoe can you see if this fixes #12?"), a merge note
    if _OTHER_SCRIPT.search(sentence):
        return False
    text = _hint_sentence(sentence)
    if not _WORD_RE.search(text.lower()) or _UNCOPYABLE.search(text) or _OPEN_END.search(text) or \
            _LEAD_IN.search(text) or _POINTS_BACK.match(text) or _MEASURED.match(text) or \
            ("#" in text and _POINTER.match(text)):
        return False
    return all(text.count(a) == text.count(b) for a, b in ("()", "[]", "“”")) and \
        text.count('"') % 2 == 0 and text.count("`") % 2 == 0


# a condition in the sentence ("Raise an error if X is null"): a bare "to" after it would read as part of it
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|in case|as long as)\b", re.IGNORECASE)


def hint_shape(text: str) -> str:
    """How the hint continues ``text``: "verb", "verb-destination", "statement" or "noun"."""
    if _VERB_FIRST.match(text):
        return "verb-destination" if _DESTINATION_VERB.match(text) or " to " in text or _CONDITION.search(text) \
            else "verb"
    if _FINITE.search(text) or _SUBJECT_FIRST.match(text) or _SUBJECT_VERB.search(text):
        return "statement"
    return "noun"


# A fix that names no problem: "Fix", "fix a bug", "Minor bug fixes", "Bug fixed", "Hotfix"
_UNNAMED_FIX = re.compile(
    r"^\W*(?:(?:a |some |minor |small |tiny |trivial |quick |little |few |misc |miscellaneous |various |other )?"
    r"(?:bug ?|hot ?)?fix(?:es|ed)?|fix(?:es|ed|ing)? (?:a |some |minor |small |few |a few |several )?bugs?|"
    r"bugs? fixe[sd]?)\W*$", re.IGNORECASE)


# A fix with its object: "Fix the tensorboard resume bug", "Small fix to the launcher", "Multi-GPU fixes"
_A_FIX = re.compile(r"^(?:(?:bug|hot)?fix(?:es|ed|ing)?\b|(?:[\w-]+ ){0,3}fix(?:es)?(?: (?:to|for|in|on|of)\b|$))",
                    re.IGNORECASE)
# A change that names nothing: "Update", "Updates", "Small changes", "Some edits"
_BARE_CHANGE = re.compile(r"^\W*(?:updates?|(?:(?:made|make|did) )?(?:my |some |minor |small |a few |few )?"
                          r"(?:changes|edits|modifications))\W*$",
                          re.IGNORECASE)
# The last word that opens a clause, which a cut at the length limit would leave half said
_CLAUSE_OPENER = re.compile(r" (?:that|which|who|where|when|while|so that|because|since|so)\b(?!.* (?:that|which|who|"
                            r"where|when|while|so|because|since)\b)", re.IGNORECASE)
# A sentence cut just before its example: "Enable logging of spark ml params directly, e.g."
_EXAMPLE_END = re.compile(r"[,;:]?\s*(?:e\.g|eg|i\.e|for example|for instance|such as|like|including)\.?$", re.IGNORECASE)


def _hint_from(sentence: str) -> str:
    text = _hint_sentence(sentence)
    words = wording()
    if not _WORD_RE.search(text.lower()):
        return words["hint_empty"]
    if _UNNAMED_FIX.match(text):
        return words["hint_unnamed_fix"]
    if _BARE_CHANGE.match(text) or _PLACEHOLDER_TITLE.match(text.lower()):
        # "Update", "Small changes", git's "Merge pull request #1 from …": nothing of theirs to build a sentence on
        return words["hint_bare_change"]
    shape = hint_shape(text)
    if shape == "noun" and len(text.split()) == 1:
        # a name alone ("D2", "Speedy", "Gru4Rec") says what the PR is about, not what it changes: "D2:
        # this is needed because …" would ask why a name is needed
        return words["hint_bare_change"]
    if _A_FIX.match(text) and "typo" not in text.lower():
        return words["hint_fix"].replace("{sentence}", text)
    pattern = words["hint_" + shape.replace("-", "_")]
    return pattern.replace("{sentence}", text).replace("{goal}", words["hint_goal"]).replace(
        "{reason}", words["hint_reason"])
