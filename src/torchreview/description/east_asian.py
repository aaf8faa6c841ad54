"""Reading a description written in Chinese, Japanese or Korean far enough for the verdict.

The English reader cannot judge these texts, and most of them are short: "更新部分代码" ("update part of
the code"), "修复无法多卡训练的bug" ("fix the bug that multi-GPU training cannot run"). Their words for a
reason and for a change are few and fixed, and these languages write them without spaces, so a plain
search for the word finds them. Texts in other scripts stay unjudged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from torchreview.prtext import Section, Sentence

# Han, kana and Hangul: the scripts whose words are listed below
_EAST_ASIAN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")

# The strongest words of reason, which the English reader takes as cues too (cues.py), so such a sentence
# counts in a text that is mostly English: "为了" / "ために" / "위해" (in order to), "因为" / "由于" / "ので" /
# "때문" / "로 인해" (because, due to), "导致" (causes), "报错" / "오류" / "에러" (an error), "崩溃" (a crash),
# "溢出" (an overflow), "泄漏" (a leak), "不兼容" (incompatible), "引入的…问题" (a problem introduced by),
# "会遇到…问题" (one runs into a problem). ("改为了" is "changed to", "成为了" "became": the 为 belongs to the verb)
STRONG_REASON_WORDS = (r"(?<![改成作变称认分转换])为了|以便|因为|由于|导致|报错|崩溃|溢出|泄漏|泄露|不兼容|引入的[^。.]{0,30}问题|"
                       r"遇到[^，。,.]{0,30}(?:问题|错误|bug)|ために|ので|"
                       r"위해|때문|(?:로|으로) ?인(?:해|하여|한)|오류|에러")
# All the words that give a reason in a text we read as East Asian: also a goal ("方便", "以支持"), a problem
# ("无法", "存在问题", "没有被正确加载", "てしまう" for an unwanted outcome, "부족" for not enough), a goal put
# as "so that" ("ように", "도록"), an effect ("加速", "节省", "提升", "稳定"), or a section that states them
# ("目标：", "原因是"). The reader also takes "## 动机" (motivation) and the like as headings of the reason.
_REASON = re.compile(
    STRONG_REASON_WORDS + r"|以免|否则|使得|才能|以支持|"
    r"无法|不能|失败|存在问题|有问题|出现问题|问题是|没有被|未被|没有正确|未正确|不正确|不足|"
    # "修复了 openai-api 单独调用时找不到模型名称的bug" (fix the bug that the model name could not be found)
    r"找不到|"
    # "修复叫地主时的卡死" (fix the freeze when bidding): a program that hangs, freezes, lags or quits at once
    r"卡死|卡住|卡顿|死机|闪退|死锁|"
    r"方便|稳定(?!版|扩散)|加速|提速|更快|节省|提升|提高|避免|防止|兼容|"
    r"(?:减少|降低)[^，。,.]{0,12}(?:内存|显存|时间|开销|占用|耗时)|"
    # "解决加载chatglm2爆显存的问题" (solves the problem of running out of GPU memory when loading chatglm2)
    r"解决[^，。,.]{2,30}问题|爆显存|显存不足|内存不足|"
    # "修复未指定特殊 token 时，未按词典合并分词的问题" (fix the problem that, without special tokens, words were
    # not merged by the vocabulary): a fix that tells what failed; "修复调度器的问题" (fix the scheduler's
    # problem) names only where
    r"修复[^。.]{0,40}(?:未|没|不|无法)[^。.]{1,40}的问题|"
    # a section's name as a label ("目标：", "原因是"); "目标检测" is object detection, "背景去除" background removal
    r"(?:背景|目标|目的|原因|动机)(?:[：:]|是|为|在于|与|和)|"
    # "好处是cython需要编译器支持，numba不用" (the benefit is that cython needs a compiler and numba does not)
    r"(?:好处|优点|优势|益处)(?:[：:]|是|在于)|"
    r"ため|できない|エラー|失敗|てしまう|てしまい|"
    # "catでも再現可能に" (to make it reproducible with cat too): 可能に, to make possible; "バージョンの変更に伴う"
    # (that a version change brings), where "それに伴い" (along with that) names no cause
    r"可能に|(?:変更|更新|アップデート|廃止)に伴|"
    # "windowsでも日本語パス上で動く" (that works on Windows too); "動くかを確認" (check whether it works) is not
    r"でも[^。、，,.]{0,20}?動く(?!か)|"
    # "CPU 環境で読み込めるように" (so that it loads on a CPU) after a verb; "以下のように" (as below) is not a goal
    r"(?:[うくぐすつぬぶむる]|ない)ように|"
    r"문제|부족|실패|"
    # "링크가 제대로 걸려있지 않아 수정합니다" (the link was not set, so I fix it); "없어서" (as there is no),
    # "사라져서" (as it disappeared), "깨져" (broken)
    r"지 ?않아|없어서|사라져|깨져|"
    # "사용할 수 있도록" (so that it can be used)
    r"도록"
)
# Verbs that name a change: add, update, modify, replace, remove, fix, revise, optimize, refactor,
# translate, upgrade, adjust, implement, support, release, simplify
_CHANGE = re.compile(
    r"添加|增加|新增|更新|修改|替换|删除|移除|修复|修正|修订|优化|重构|翻译|升级|调整|实现|支持|发布|补充|"
    r"完善|改进|简化|追加|変更|削除|対応|"
    r"수정|추가|번역|업데이트|삭제|변경|개선"
)
_REASON_LABEL = re.compile(r"(?:背景|目标|目的|原因|动机|理由|이유|목적)[^：:]{0,4}[：:]\s*$")
_CLAUSE_END = re.compile(r"(?<=[。！？；：:])|\n")
# A template's words, not the author's: a label with nothing after it ("修改目的：", purpose of the change)
# and a request to the author ("请说明修改的原因", please give the reason for the change)
_TEMPLATE_CLAUSE = re.compile(r"^\W*[^：:，,。]{0,16}[：:]\s*$|^\W*(?:请|請)|(?:してください|해 ?주세요|하세요)\W*$")


def writes_east_asian(sentences: tuple[Sentence, ...]) -> bool:
    """True when the text the reader kept is written in Chinese, Japanese or Korean."""
    return any(_EAST_ASIAN.search(s.text) for s in sentences)


def _authors_clauses(sentences: tuple[Sentence, ...]) -> Iterator[tuple[Sentence, str, bool]]:
    """Each clause in these scripts with the sentence it stands in, leaving out a template's words, and
    whether it follows a label that names a reason ("核心目标：", core goal:)."""
    for sentence in sentences:
        after_label = False
        for clause in _CLAUSE_END.split(sentence.text):
            if not _EAST_ASIAN.search(clause):
                continue
            if _TEMPLATE_CLAUSE.search(clause):
                after_label = bool(_REASON_LABEL.search(clause))
                continue
            yield sentence, clause.strip(), after_label
            after_label = False


def reason_clause(sentences: tuple[Sentence, ...]) -> str:
    """The first clause that gives a reason in one of these languages, as written; "" when none does."""
    for sentence, clause, after_label in _authors_clauses(sentences):
        # (what stands under a heading such as "## 动机", motivation, is the reason)
        if after_label or _REASON.search(clause) or sentence.section is Section.MOTIVATION:
            return clause
    return ""


def names_a_change(sentences: tuple[Sentence, ...]) -> bool:
    """True when the text names a change in one of these languages ("更新部分代码", "오타 수정")."""
    return any(_CHANGE.search(clause) for _, clause, _ in _authors_clauses(sentences))
