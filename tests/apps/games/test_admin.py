import pytest

from apps.accounts.models import User
from tests.apps.factories import make_game
from tests.conftest import sign_in_enrolling

pytestmark = pytest.mark.django_db


def test_staff_can_read_but_not_change_the_log(client):
    User.objects.create_superuser("boss", password="x" * 12)
    sign_in_enrolling(client, "boss", "x" * 12)  # the admin site wants the second factor
    game = make_game()
    event = game.events.get(kind="game_created")
    assert client.get(f"/admin/games/game/{game.pk}/change/").status_code == 200
    assert client.get(f"/admin/games/gameevent/{event.pk}/change/").status_code == 200
    assert client.post(f"/admin/games/gameevent/{event.pk}/delete/").status_code == 403
    assert client.get("/admin/games/gameevent/add/").status_code == 403
