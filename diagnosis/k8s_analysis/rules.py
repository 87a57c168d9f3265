"""The analyzer rule table (``rules.toml``) as typed data, validated when loaded: unknown keys,
operators, kinds or severities, and an ``unless`` naming a rule that is not earlier in the table,
are errors that name the rule. Pure."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from contracts.k8s import K8S_OUTPUT_MODELS

RULES_PATH = Path(__file__).with_name("rules.toml")
Severity = Literal["critical", "warning"]
SEVERITY_RANK: dict[str, int] = {"critical": 0, "warning": 1}


class Condition(BaseModel):
    """One ``when`` entry: a test of a fact (``field``), of related elements (``any``/``none``),
    or a choice of groups (``either``); see rules.toml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    field: str | None = None
    equals: Any = None
    not_equals: Any = None
    one_of: list[Any] | None = None
    contains: list[str] | None = None
    matches: str | None = None
    empty: bool | None = None
    at_least: float | None = None
    below: float | None = None
    at_least_field: str | None = None
    below_field: str | None = None
    equals_fact: str | None = None
    not_equals_fact: str | None = None
    any: str | None = None
    none: str | None = None
    where: list[Condition] = []
    optional: bool = False
    either: list[list[Condition]] | None = None

    @model_validator(mode="after")
    def _one_form(self) -> Condition:
        forms = [self.field is not None, self.any is not None, self.none is not None, self.either is not None]
        if sum(forms) != 1:
            raise ValueError("a condition has exactly one of field / any / none / either")
        tests = [k for k in _TESTS if getattr(self, k) is not None]
        if self.field is not None and len(tests) != 1:
            raise ValueError(f"condition on {self.field!r} needs exactly one test of {', '.join(_TESTS)}")
        if self.field is None and tests:
            raise ValueError(f"{', '.join(tests)} only go with field")
        return self


_TESTS = ("equals", "not_equals", "one_of", "contains", "matches", "empty", "at_least", "below", "at_least_field",
          "below_field", "equals_fact", "not_equals_fact")  # fmt: skip


class BlameTemplate(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    name: str
    field: str


class Rule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    analyzer: str
    checks: str
    kind: str
    severity: Severity
    requires: list[str] = []
    unless: list[str] = []
    when: list[Condition]
    blames: BlameTemplate
    since: list[str] = ["observed_at"]
    text: str


class RuleTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rule: list[Rule]

    @model_validator(mode="after")
    def _consistent(self) -> RuleTable:
        earlier: set[str] = set()
        for rule in self.rule:
            if rule.id in earlier:
                raise ValueError(f"rule {rule.id}: the id repeats")
            for kind in [rule.kind, *rule.requires]:
                if kind not in K8S_OUTPUT_MODELS:
                    raise ValueError(f"rule {rule.id}: unknown kind {kind!r}")
            late = [u for u in rule.unless if u not in earlier]
            if late:
                raise ValueError(f"rule {rule.id}: unless names {late}, which are not earlier in the table")
            earlier.add(rule.id)
        return self


def parse_rules(data: dict[str, Any]) -> tuple[Rule, ...]:
    return tuple(RuleTable.model_validate(data).rule)


@cache
def load_rules(path: Path = RULES_PATH) -> tuple[Rule, ...]:
    with path.open("rb") as handle:
        return parse_rules(tomllib.load(handle))


def markdown_table(rules: tuple[Rule, ...]) -> str:
    """The analyzer table of docs/OFFLINE_ANALYSIS.md (like k8sgpt's): analyzer, rule, what it checks, what it blames."""
    lines = ["| analyzer | rule | what it checks | what it blames | severity |", "| --- | --- | --- | --- | --- |"]
    for rule in rules:
        blames = f"{rule.blames.kind} `{rule.blames.field}`".replace("{workload_kind}", "workload").replace(
            "{owner_kind}", "CronJob/Job"
        )
        lines.append(f"| {rule.analyzer} | `{rule.id}` | {rule.checks} | {blames} | {rule.severity} |")
    return "\n".join(lines)
