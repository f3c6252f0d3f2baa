from django.urls import path

from apps.games import tables_views, views

urlpatterns = [
    # A participant device's routes first (the most requested).
    path("play/<str:token>/", views.PlayView.as_view()),
    path("play/<str:token>/join/", tables_views.PlayJoinView.as_view()),
    path("play/<str:token>/actions/", views.PlayActionsView.as_view()),
    path("play/<str:token>/language/", views.PlayLanguageView.as_view()),
    path("play/<str:token>/examination/", views.PlayExaminationView.as_view()),
    path("play/<str:token>/probes/", views.PlayProbesView.as_view()),
    path("join/", views.JoinCodeView.as_view()),
    path("sessions/<int:session_id>/games/", views.SessionGamesView.as_view()),
    path("sessions/<int:session_id>/practice/", views.SessionPracticeView.as_view()),
    path("games/<int:game_id>/", views.GameView.as_view()),
    path("games/<int:game_id>/actions/", views.GameActionsView.as_view()),
    path("games/<int:game_id>/examination/", views.GameExaminationView.as_view()),
    path("games/<int:game_id>/probes/", views.GameProbesView.as_view()),
    path("games/<int:game_id>/language/", views.GameLanguageView.as_view()),
    path("games/<int:game_id>/replay/", views.GameReplayView.as_view()),
    path("games/<int:game_id>/link/", views.GameLinkView.as_view()),
    path("games/<int:game_id>/watch/", tables_views.GameWatchView.as_view()),
    path("tables/", tables_views.TablesView.as_view()),
    path("tables/<int:game_id>/", tables_views.TableView.as_view()),
    path("tables/<int:game_id>/links/", tables_views.TableLinksView.as_view()),
    path("tables/<int:game_id>/control/", tables_views.TableControlView.as_view()),
]
