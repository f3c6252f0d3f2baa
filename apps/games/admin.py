"""Games in the Django admin. The event log and its typed rows are read-only here, as in the
database (which refuses updates and deletes of them)."""

from django.contrib import admin

from apps.games.models import (
    ExaminationPeriod,
    Game,
    GameEvent,
    IllegalAttempt,
    Play,
    RecallAttempt,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class GameEventInline(admin.TabularInline):
    model = GameEvent
    fields = ("seq", "kind", "seat", "server_time", "decision_ms", "payload")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ("id", "game_type", "status", "session", "created_at", "finished_at")
    list_filter = ("game_type", "status")
    search_fields = ("session__participant__code",)
    inlines = [GameEventInline]


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "kind", "seat", "server_time", "decision_ms")
    list_filter = ("kind",)


for model in (ExaminationPeriod, Play, RecallAttempt, IllegalAttempt):
    admin.site.register(model, ReadOnlyAdmin)
