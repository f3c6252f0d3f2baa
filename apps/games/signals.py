from django.dispatch import Signal

# Sent inside the transaction that records a game's last move (kwargs: game).
game_finished = Signal()
