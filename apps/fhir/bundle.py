"""A participant's results as an HL7 FHIR R4 Bundle (type ``collection``): a DiagnosticReport
carrying the printed report (the PDF, as signed) and an Observation per reported metric, each
naming the patient by the clinic's identifier where one is stored, else by the participant's
pseudonymous code. Plain dictionaries in FHIR's JSON form; the tests read them back with
fhir.resources' models."""

from __future__ import annotations

import base64
import hashlib
import uuid
from datetime import datetime

from apps.fhir import codes

NAMESPACE = uuid.UUID("6f1d3c52-5a0e-4f5e-9d7e-4b8c1e2a9f10")  # the platform's FHIR ids


def _id(*parts: object) -> str:
    """A stable id: the same participant, metric and content give the same id."""
    return str(uuid.uuid5(NAMESPACE, ":".join(str(p) for p in parts)))


def subject(participant, clinic_identifier) -> dict:
    if clinic_identifier is not None:
        return {
            "type": "Patient",
            "identifier": {"system": clinic_identifier.system, "value": clinic_identifier.value},
        }
    return {
        "type": "Patient",
        "identifier": {
            "system": codes.PARTICIPANT_CODES,
            "value": f"{participant.study_id}/{participant.code}",
        },
        "display": f"Participant {participant.code}",
    }


def _quantity(value: float, unit: str) -> dict:
    factor, ucum, shown = codes.unit_of(unit)
    return {"value": round(value * factor, 6), "unit": shown, "system": codes.UCUM, "code": ucum}


def _clear_direction(metric: dict) -> tuple[bool, bool] | None:
    """Whether the reading found a clear change: which way (True: up), and whether the study
    may judge it (a primary measure at an assessment point: its reliable change or clear
    trend), or only describe it (an exploratory trend's arrow: rising or falling, never better
    or worse); None when it found none."""
    reached = [e for e in metric.get("assessments") or () if e.get("session") is not None]
    if reached:
        entry = reached[-1]
        change = entry.get("change") or {}
        if change.get("status") == "ok" and any(
            flag.startswith("reliable ") for flag in entry.get("words") or ()
        ):
            return change["raw_change"] - (change.get("practice_gain") or 0) > 0, True
        arrow, judged = (entry.get("trend") or {}).get("arrow"), True
    else:
        arrow, judged = (metric.get("trend") or {}).get("arrow"), False
    up = {"up": True, "down": False}.get(arrow or "")
    return None if up is None else (up, judged)


def _interpretation(metric: dict) -> list[dict]:
    """The reading in words, coded when it found a clear change: better or worse (a measure
    with a better direction, judged at an assessment point), significant change up or down (a
    neutral measure, or an exploratory reading, which is never judged)."""
    if not metric.get("reading"):
        return []
    concept: dict = {"text": metric["reading"]}
    found = _clear_direction(metric)
    if found is not None:
        up, judged = found
        direction = metric["direction"] if judged else "neutral"
        if direction == "higher_better":
            code = ("B", "Better") if up else ("W", "Worse")
        elif direction == "lower_better":
            code = ("W", "Worse") if up else ("B", "Better")
        else:
            code = ("U", "Significant change up") if up else ("D", "Significant change down")
        concept["coding"] = [{"system": codes.INTERPRETATION, "code": code[0], "display": code[1]}]
    return [concept]


def _component(code: str, value: float, unit: str, text: str | None = None) -> dict:
    concept: dict = {
        "coding": [{"system": codes.CODE_SYSTEM, "code": code, "display": codes.EXTRA_CODES[code]}]
    }
    if text:
        concept["text"] = text
    return {"code": concept, "valueQuantity": _quantity(value, unit)}


def observation(metric: dict, *, participant, who: dict, effective: datetime | None) -> dict:
    unit = metric["unit"]
    # The value's n goes with it, as on every page: 100% of one attempt is not 100% of forty.
    components = [_component("observations", metric.get("latest_n") or 0, "count")]
    if interval := metric.get("interval"):
        # Labelled with the coverage it was measured to have, never a 95% it has not shown.
        label = interval.get("label")
        components += [
            _component("interval-low", interval["low"], unit, label),
            _component("interval-high", interval["high"], unit, label),
        ]
    if metric.get("baseline") is not None:
        components.append(_component("baseline", metric["baseline"], unit))
    resource = {
        "resourceType": "Observation",
        "id": _id(participant.pk, metric["key"], metric.get("game"), metric.get("latest_session")),
        "status": "final",
        "category": [
            {"coding": [{"system": codes.CATEGORY, "code": "survey", "display": "Survey"}]}
        ],
        "code": {
            "coding": [
                {"system": codes.CODE_SYSTEM, "code": metric["key"], "display": metric["label"]}
            ],
            "text": metric["label"],
        },
        "subject": who,
        "valueQuantity": _quantity(metric["latest"], unit),
    }
    if effective is not None:
        resource["effectiveDateTime"] = effective.isoformat()
    if interpretation := _interpretation(metric):
        resource["interpretation"] = interpretation
    resource["component"] = components
    return resource


def diagnostic_report(
    *,
    participant,
    who: dict,
    results: list[str],
    pdf: bytes,
    signatures: list[dict],
    effective: datetime | None,
    issued: datetime,
) -> dict:
    """The report: final once signed (a signature that still covers it), else preliminary;
    the PDF as printed, with its SHA-1 as FHIR's Attachment.hash wants it."""
    current = [s for s in signatures if not s["superseded"]]
    resource = {
        "resourceType": "DiagnosticReport",
        "id": _id(participant.pk, "report", hashlib.sha256(pdf).hexdigest()),
        "status": "final" if current else "preliminary",
        "code": {
            "coding": [
                {
                    "system": codes.LOINC,
                    "code": codes.PROGRESS_NOTE[0],
                    "display": codes.PROGRESS_NOTE[1],
                },
                {
                    "system": codes.CODE_SYSTEM,
                    "code": "participant-report",
                    "display": codes.EXTRA_CODES["participant-report"],
                },
            ],
            "text": codes.EXTRA_CODES["participant-report"],
        },
        "subject": who,
        "issued": issued.isoformat(),
        "result": [{"reference": ref} for ref in results],
        "presentedForm": [
            {
                "contentType": "application/pdf",
                "data": base64.b64encode(pdf).decode(),
                "size": len(pdf),
                "hash": base64.b64encode(hashlib.sha1(pdf).digest()).decode(),
                "title": f"Participant report {participant.code}",
                "creation": issued.isoformat(),
            }
        ],
    }
    if effective is not None:
        resource["effectiveDateTime"] = effective.isoformat()
    if current:
        resource["resultsInterpreter"] = [{"display": s["signer"]} for s in current]
        resource["conclusion"] = "; ".join(
            f"{s['meaning'].capitalize()} by {s['signer']} on {s['signed_at'].isoformat()}"
            for s in current
        )
    return resource


def participant_bundle(
    *,
    participant,
    clinic_identifier,
    metrics: list[dict],
    pdf: bytes,
    signatures: list[dict],
    effective: datetime | None,
    issued: datetime,
) -> dict:
    who = subject(participant, clinic_identifier)
    observations = [
        observation(m, participant=participant, who=who, effective=effective)
        for m in metrics
        if m.get("latest") is not None
    ]
    urls = [f"urn:uuid:{o['id']}" for o in observations]
    report = diagnostic_report(
        participant=participant, who=who, results=urls, pdf=pdf, signatures=signatures,
        effective=effective, issued=issued,
    )  # fmt: skip
    entries = [{"fullUrl": f"urn:uuid:{report['id']}", "resource": report}]
    entries += [{"fullUrl": url, "resource": o} for url, o in zip(urls, observations, strict=True)]
    return {
        "resourceType": "Bundle",
        "id": _id(participant.pk, "bundle", issued.isoformat()),
        "type": "collection",
        "timestamp": issued.isoformat(),
        "entry": entries,
    }
