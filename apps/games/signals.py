from django.dispatch import Signal

# Sent inside the transaction that records a game's last move (kwargs: game).
game_finished = Signal()

# Sent after the commit of every change to a game's log (kwargs: game_id, version, the next
# sequence number): the live tables push the seats their new views.
game_changed = Signal()
