"""The codes of the FHIR export: the platform's own code system for its metrics (no LOINC code
describes a card game's memory measures), LOINC where one fits, UCUM units, and HL7's
interpretation codes. docs/fhir.md lists them; its table is checked against the catalogue."""

from __future__ import annotations

from apps.metrics.selectors import CATALOGUE

# The platform's code system: every metric of the catalogue by its key, and the parts of an
# Observation that have no standard code (the interval's ends, the observations behind the
# value, the baseline).
CODE_SYSTEM = "urn:memulation-lab:fhir:metric"
EXTRA_CODES = {
    "interval-low": "Lower end of the latest session's likelihood interval (its coverage as "
    "measured in simulation is in the component's text)",
    "interval-high": "Upper end of the latest session's likelihood interval (its coverage as "
    "measured in simulation is in the component's text)",
    "observations": "Observations the latest session's value rests on (attempts, plays, rounds "
    "or hands)",
    "baseline": "Mean of the first sessions (the reliable change's baseline)",
    "participant-report": "Memulation Lab participant report",
}
PARTICIPANT_CODES = "urn:memulation-lab:fhir:participant-code"
LOINC = "http://loinc.org"
PROGRESS_NOTE = ("11506-3", "Progress note")
UCUM = "http://unitsofmeasure.org"
INTERPRETATION = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"
CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"

# The catalogue's units in UCUM: (factor applied to the value, UCUM code, unit shown).
UNITS = {
    "proportion": (100, "%", "%"),
    "ms": (1, "ms", "ms"),
    "seconds": (1, "s", "s"),
    "count": (1, "{count}", "count"),
    "tricks": (1, "{tricks}", "tricks"),
    "slots": (1, "{slots}", "slots"),
    "ratio": (1, "1", "ratio"),
    "z": (1, "{z-score}", "z"),
}


def unit_of(unit: str) -> tuple[float, str, str]:
    return UNITS.get(unit, (1, "1", unit))


def metric_codes() -> dict[str, str]:
    """Every code of the platform's code system with its display."""
    return {key: metric.label for key, metric in CATALOGUE.items()} | EXTRA_CODES
