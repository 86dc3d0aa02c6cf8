"""CC211 — base and chat checkpoints of different models compared as peers in one table."""

from __future__ import annotations

from typing import Iterator

from claimcheck.checker.base import CheckContext, Rule
from claimcheck.records import Finding, Score


class BaseChatMix(Rule):
    """Base (pretrained) models and other makers' chat or instruction-tuned models ranked as peers.

    A base model is scored by completing a few-shot prompt; a chat model is trained to answer
    in its chat template and may be helped or hurt by a completion prompt (it answers, explains,
    refuses, or ignores the shots).  Set in one table under one prompt, the gap mixes model
    quality with how well each kind of checkpoint suits the prompt, and the table should say how
    the chat models were run.  Which models are tuned comes from their names ("-Chat", "-Instruct",
    "-it") or the model catalogue (Vicuna and Alpaca are tuned whatever their names say).  A
    table that shows one model's base and tuned checkpoints side by side (a training progression)
    is its design, not this fault: only tuned models of another family than every base model count.

    Bad:
        | Benchmark | Baichuan2-7B-Base | ChatGLM2-6B | Vicuna-13B |
    Good:
        | Benchmark | Baichuan2-7B-Base | ChatGLM2-6B-Base … |   (base models only, or a note on the chat models' prompts)
    Reference: Ouyang, L. et al. (2022). "Training language models to follow instructions with human feedback."
        NeurIPS 2022, arXiv:2203.02155 (instruction tuning changes how a model responds to a prompt, so base and
        tuned checkpoints under one few-shot prompt are not like-for-like).
    """

    code, slug, family, severity = "CC211", "base-chat-mix", "comparability", "info"

    def check(self, context: CheckContext) -> Iterator[Finding]:
        from claimcheck.models.names import checkpoint_kind, checkpoint_stem, recognise

        tables: dict[tuple[int, int], dict[str, Score]] = {}
        for s in context.checked():
            tables.setdefault((s.input, s.table), {}).setdefault(s.model, s)
        pages: dict[int, list[tuple[dict[str, Score], list[str], list[str]]]] = {}
        for (page, _), models in tables.items():
            kinds = {m: checkpoint_kind(m) for m in models}
            families = {m: (name.family if (name := recognise(m)) is not None and name.known else checkpoint_stem(m))
                        for m in models}
            base = [m for m, k in kinds.items() if k == "base"]
            base_families = {families[m] for m in base}
            tuned = [m for m, k in kinds.items() if k == "tuned" and families[m] not in base_families]
            if base and tuned:
                pages.setdefault(page, []).append((models, tuned, base))
        for found in pages.values():  # said once per page: its tables repeat the same line-up
            tuned = list(dict.fromkeys(m for _, t, _ in found for m in t))
            base = list(dict.fromkeys(m for _, _, b in found for m in b))
            first = [next(iter(models.values())) for models, _, _ in found]
            where = ", ".join(s.origin or f"table {s.table + 1}" for s in first)
            yield self.finding(
                f"{where} rank{'s' if len(found) == 1 else ''} chat or instruction-tuned models "
                f"({', '.join(tuned[:4])}{' and more' if len(tuned) > 4 else ''}) as peers of base models "
                f"({', '.join(base[:3])}{' and more' if len(base) > 3 else ''}) under the same prompts: a tuned model run "
                f"on a base model's completion prompt is not like-for-like, and the page does not say how the chat "
                f"models were prompted",
                scores=[models[m].id for models, t, b in found for m in t + b], tuned=tuned, base=base,
                tables=[s.table for s in first])

RULES = [BaseChatMix]
