import datetime

import pytest

from apps.exports.scope import ExportScope, Filters
from tests.apps.factories import make_participant, make_study

pytestmark = pytest.mark.django_db


def test_the_group_filter_keeps_one_arm():
    study = make_study(group_codes=["control", "training"])
    consented = {"consent_date": datetime.date(2026, 1, 5)}
    control = make_participant(study=study, group="control", **consented)
    make_participant(study=study, group="training", **consented)
    scope = ExportScope(study=study, filters=Filters.from_json({"group": "control"}))
    assert list(scope.participant_rows()) == [control]
    assert Filters.from_json({"group": "control"}).to_json() == {"group": "control"}
